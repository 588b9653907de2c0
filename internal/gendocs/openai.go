package gendocs

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Defaults of the OpenAI-compatible client.
const (
	DefaultModelTimeout = 60 * time.Second
	DefaultRetryBackoff = time.Second
	maxRetryAfter       = 10 * time.Second
	maxCompletionBytes  = 4 << 20
)

// OpenAI generates documents with an OpenAI-compatible chat-completions
// API: POST {URL}/chat/completions with response_format json_object. Each
// attempt is bounded by Timeout; a 429 or 5xx answer is retried once after
// Backoff plus up to 500 ms of jitter (or the server's Retry-After, up to
// 10 s). The API key is sent only as a bearer header and never logged.
type OpenAI struct {
	URL     string // base URL, for example https://api.openai.com/v1
	APIKey  string // may be empty for servers that need none
	Model   string
	Timeout time.Duration // per attempt; 0 means DefaultModelTimeout
	Backoff time.Duration // before the retry; 0 means DefaultRetryBackoff
	Client  *http.Client  // nil means a client without its own timeout
}

// Name implements Generator.
func (o *OpenAI) Name() string { return "openai-compatible" }

type chatMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

type chatRequest struct {
	Model          string         `json:"model"`
	Messages       []chatMessage  `json:"messages"`
	ResponseFormat map[string]any `json:"response_format"`
	Temperature    float64        `json:"temperature"`
}

type chatResponse struct {
	Choices []struct {
		Message struct {
			Content string `json:"content"`
		} `json:"message"`
		FinishReason string `json:"finish_reason"`
	} `json:"choices"`
}

// statusError is a non-2xx answer of the model server.
type statusError struct {
	status     int
	retryAfter time.Duration
	body       string
}

func (e *statusError) Error() string {
	return fmt.Sprintf("model server answered %d: %s", e.status, e.body)
}

func (e *statusError) retryable() bool {
	return e.status == http.StatusTooManyRequests || e.status >= 500
}

// Generate implements Generator.
func (o *OpenAI) Generate(ctx context.Context, req Request) (*Document, error) {
	body, err := json.Marshal(chatRequest{
		Model: o.Model,
		Messages: []chatMessage{
			{Role: "system", Content: systemPrompt},
			{Role: "user", Content: userPrompt(req)},
		},
		ResponseFormat: map[string]any{"type": "json_object"},
		Temperature:    0.2,
	})
	if err != nil {
		return nil, fmt.Errorf("gendocs: encode completion request: %w", err)
	}
	content, err := o.completeRetry(ctx, body)
	if err != nil {
		return nil, err
	}
	return decodeDocument(req.Template, content)
}

// Complete sends a system and a user message, asking for a JSON object,
// and returns the model's content, with Generate's timeout and retry. Other
// packages (conversations) use it to compose answers.
func (o *OpenAI) Complete(ctx context.Context, system, user string) (string, error) {
	body, err := json.Marshal(chatRequest{
		Model:          o.Model,
		Messages:       []chatMessage{{Role: "system", Content: system}, {Role: "user", Content: user}},
		ResponseFormat: map[string]any{"type": "json_object"},
		Temperature:    0,
	})
	if err != nil {
		return "", fmt.Errorf("gendocs: encode completion request: %w", err)
	}
	return o.completeRetry(ctx, body)
}

// completeRetry is complete with one retry of a 429 or 5xx answer.
func (o *OpenAI) completeRetry(ctx context.Context, body []byte) (string, error) {
	content, err := o.complete(ctx, body)
	var se *statusError
	if errors.As(err, &se) && se.retryable() {
		wait := o.backoff() + rand.N(500*time.Millisecond)
		if se.retryAfter > 0 {
			wait = min(se.retryAfter, maxRetryAfter)
		}
		select {
		case <-ctx.Done():
			return "", fmt.Errorf("gendocs: wait to retry: %w", ctx.Err())
		case <-time.After(wait):
		}
		content, err = o.complete(ctx, body)
	}
	return content, err
}

func (o *OpenAI) backoff() time.Duration {
	if o.Backoff > 0 {
		return o.Backoff
	}
	return DefaultRetryBackoff
}

// complete makes one attempt and returns the message content.
func (o *OpenAI) complete(ctx context.Context, body []byte) (string, error) {
	timeout := o.Timeout
	if timeout <= 0 {
		timeout = DefaultModelTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	hr, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimRight(o.URL, "/")+"/chat/completions", bytes.NewReader(body))
	if err != nil {
		return "", fmt.Errorf("gendocs: completion request: %w", err)
	}
	hr.Header.Set("Content-Type", "application/json")
	if o.APIKey != "" {
		hr.Header.Set("Authorization", "Bearer "+o.APIKey)
	}
	client := o.Client
	if client == nil {
		client = http.DefaultClient
	}
	res, err := client.Do(hr)
	if err != nil {
		return "", fmt.Errorf("gendocs: call model: %w", err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(res.Body, maxCompletionBytes))
	if err != nil {
		return "", fmt.Errorf("gendocs: read completion: %w", err)
	}
	if res.StatusCode/100 != 2 {
		se := &statusError{status: res.StatusCode, body: truncateText(strings.TrimSpace(string(raw)), 200)}
		if s, err := strconv.Atoi(res.Header.Get("Retry-After")); err == nil && s >= 0 {
			se.retryAfter = time.Duration(s) * time.Second
		}
		return "", se
	}
	var cr chatResponse
	if err := json.Unmarshal(raw, &cr); err != nil {
		return "", fmt.Errorf("gendocs: decode completion: %w", err)
	}
	if len(cr.Choices) == 0 || strings.TrimSpace(cr.Choices[0].Message.Content) == "" {
		return "", errors.New("gendocs: completion has no content")
	}
	if cr.Choices[0].FinishReason == "length" {
		return "", errors.New("gendocs: completion was cut off at the token limit")
	}
	return cr.Choices[0].Message.Content, nil
}

// modelOutput is the union of the JSON shapes the prompts ask for.
type modelOutput struct {
	Title    string `json:"title"`
	Subtitle string `json:"subtitle"`
	Items    []struct {
		Question string `json:"question"`
		Answer   string `json:"answer"`
	} `json:"items"`
	Intro     string          `json:"intro"`
	Steps     []string        `json:"steps"`
	NextSteps json.RawMessage `json:"nextSteps"`
	Sections  []Section       `json:"sections"`
}

// decodeDocument builds the document from the model's JSON object. Shape
// errors are failed generations; the counts are left to Validate.
func decodeDocument(t Template, content string) (*Document, error) {
	content = strings.TrimSpace(content)
	// Some servers wrap JSON in a code fence even in JSON mode.
	content = strings.TrimPrefix(strings.TrimPrefix(content, "```json"), "```")
	content = strings.TrimSpace(strings.TrimSuffix(content, "```"))
	var out modelOutput
	if err := json.Unmarshal([]byte(content), &out); err != nil {
		return nil, fmt.Errorf("gendocs: model output is not the requested JSON object: %w", err)
	}
	d := &Document{Title: out.Title, Subtitle: out.Subtitle, Template: t}
	switch t {
	case FAQ:
		for _, it := range out.Items {
			d.Sections = append(d.Sections, Section{Heading: it.Question, Body: it.Answer})
		}
	case HowTo:
		lines := make([]string, 0, len(out.Steps))
		for _, s := range out.Steps {
			s = numberedPrefix.ReplaceAllString(oneLine(s), "")
			if s != "" {
				lines = append(lines, strconv.Itoa(len(lines)+1)+". "+s)
			}
		}
		d.Sections = []Section{{Heading: "Overview", Body: out.Intro}, {Heading: "Steps", Body: strings.Join(lines, "\n")}}
		if next := nextStepsText(out.NextSteps); next != "" {
			d.Sections = append(d.Sections, Section{Heading: "Next steps", Body: next})
		}
	case OnePager:
		d.Sections = out.Sections
	}
	return d, nil
}

// nextStepsText accepts a string or an array of strings (as bullets).
func nextStepsText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return strings.TrimSpace(s)
	}
	var list []string
	if json.Unmarshal(raw, &list) == nil {
		var items []string
		for _, it := range list {
			if it = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(it), "- ")); it != "" {
				items = append(items, it)
			}
		}
		return bulletList(items)
	}
	return ""
}
