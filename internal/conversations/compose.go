package conversations

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/geniehq/genie/internal/knowledge"
)

// Composer is an OpenAI-compatible model (gendocs.OpenAI): Complete sends
// a system and a user message and returns the JSON object it answered.
type Composer interface {
	Complete(ctx context.Context, system, user string) (string, error)
}

// composePrompt holds the model to the passages: it may only reword them,
// must cite the ones it used, and must say when they do not answer.
const composePrompt = `You answer a customer's question for a business, using ONLY the numbered passages from the business's documents.
Rules:
- Use only facts stated in the passages. Never add facts, numbers, names or advice that are not in them.
- Keep every step of a procedure, in order.
- Answer in the language given, briefly and politely.
- Cite the passages you used by their numbers.
- If the passages do not answer the question, answer with an empty string and no sources.
Reply with only a JSON object: {"answer": "<text>", "sources": [<passage numbers>]}`

// composed is the model's JSON object.
type composed struct {
	Answer  string `json:"answer"`
	Sources []int  `json:"sources"`
}

// compose asks the model to word the answer from passages. ok is false
// when the model says the passages do not answer (not answered); an error
// when its output is unusable (no valid citation: the quoted answer is
// kept instead).
func compose(ctx context.Context, c Composer, question, lang string, passages []knowledge.Passage) (Answer, bool, error) {
	var user strings.Builder
	fmt.Fprintf(&user, "Language: %s\nQuestion: %s\n\nPassages:\n", languageName(lang), question)
	for i, p := range passages {
		fmt.Fprintf(&user, "[%d] (%s", i+1, p.DocumentName)
		if p.Heading != "" {
			fmt.Fprintf(&user, " > %s", p.Heading)
		}
		fmt.Fprintf(&user, ")\n%s\n\n", p.Text)
	}
	out, err := c.Complete(ctx, composePrompt, user.String())
	if err != nil {
		return Answer{}, false, err
	}
	out = strings.TrimSpace(out)
	out = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(out, "```json"), "```"), "```"))
	var m composed
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		return Answer{}, false, fmt.Errorf("model output is not the requested JSON object: %w", err)
	}
	if strings.TrimSpace(m.Answer) == "" {
		return Answer{}, false, nil
	}
	a := Answer{Text: strings.TrimSpace(m.Answer), Sources: []Source{}}
	seen := map[int]bool{}
	for _, n := range m.Sources {
		if n < 1 || n > len(passages) || seen[n] {
			continue
		}
		seen[n] = true
		p := passages[n-1]
		a.Sources = append(a.Sources, Source{DocumentID: p.DocumentID, DocumentName: p.DocumentName, Heading: p.Heading, Quote: p.Text})
	}
	if len(a.Sources) == 0 {
		return Answer{}, false, fmt.Errorf("model answer cites no passage")
	}
	return a, true, nil
}
