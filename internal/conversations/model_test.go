package conversations_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/app"
)

// fakeModel is an OpenAI-compatible server that answers with the next
// canned content and records the prompts it got.
type fakeModel struct {
	mu      sync.Mutex
	prompts []string
	answers []string
}

func (f *fakeModel) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Messages []struct{ Content string } `json:"messages"`
	}
	json.NewDecoder(r.Body).Decode(&req) //nolint:errcheck
	f.mu.Lock()
	defer f.mu.Unlock()
	f.prompts = append(f.prompts, req.Messages[len(req.Messages)-1].Content)
	content := `{"answer": "", "sources": []}`
	if len(f.answers) > 0 {
		content, f.answers = f.answers[0], f.answers[1:]
	}
	json.NewEncoder(w).Encode(map[string]any{"choices": []any{map[string]any{ //nolint:errcheck
		"message": map[string]any{"role": "assistant", "content": content}, "finish_reason": "stop"}}})
}

func (f *fakeModel) calls() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.prompts...)
}

// TestModelComposes: with a model, an answer is worded by it from the
// retrieved passages, citing them; a model that finds no answer in them
// makes the question not answered; an answer citing nothing, or a model
// that fails, leaves the quoted answer; a question the documents do not
// answer never reaches the model.
func TestModelComposes(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		fm := &fakeModel{answers: []string{
			`{"answer": "You have 30 days after delivery to send an unused item back.", "sources": [1]}`,
			`{"answer": "", "sources": []}`,
			`{"answer": "Helicopters are free today.", "sources": []}`,
			`not json`,
		}}
		model := httptest.NewServer(fm)
		t.Cleanup(model.Close)
		s := apitest.Start(t, store, unlimited, func(c *app.Config) { c.ModelURL, c.ModelName = model.URL, "fake" })
		sh := newShop(t, s)

		a := ask(t, s, sh.genie, "how long do i have to return an item?", "").Expect(t, 200, "").Data()
		srcs := a["answer"].(map[string]any)["sources"].([]any)
		if a["answered"] != true || apitest.Str(a, "answer", "text") != "You have 30 days after delivery to send an unused item back." ||
			len(srcs) != 1 || !strings.Contains(srcs[0].(map[string]any)["quote"].(string), "30 days") {
			t.Fatalf("composed answer: %v", a)
		}
		p := fm.calls()
		if len(p) != 1 || !strings.Contains(p[0], "[1] (Help centre") || !strings.Contains(p[0], "Language: English") ||
			!strings.Contains(p[0], "how long do i have to return an item?") {
			t.Fatalf("prompt: %v", p)
		}

		// The model finds no answer in the passages: not answered.
		b := ask(t, s, sh.genie, "how long do i have to return an item?", "").Expect(t, 200, "").Data()
		if b["answered"] != false || len(b["answer"].(map[string]any)["sources"].([]any)) != 0 {
			t.Fatalf("model says no: %v", b)
		}
		// An answer that cites nothing, or output that is not JSON: the
		// quoted answer stands.
		for range 2 {
			c := ask(t, s, sh.genie, "how long do i have to return an item?", "").Expect(t, 200, "").Data()
			if c["answered"] != true || strings.Contains(apitest.Str(c, "answer", "text"), "Helicopters") || !strings.Contains(apitest.Str(c, "answer", "text"), "30 days") {
				t.Fatalf("unusable model output: %v", c)
			}
		}
		// Not in the documents: the model is not asked.
		n := len(fm.calls())
		if d := ask(t, s, sh.genie, "Do you sell helicopters?", "").Expect(t, 200, "").Data(); d["answered"] != false {
			t.Fatalf("unanswerable: %v", d)
		}
		if len(fm.calls()) != n {
			t.Fatalf("the model was asked a question the documents do not answer")
		}
	})
}
