package gendocs

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/platform/apperr"
)

// fakeModel is an OpenAI-compatible chat-completions server on loopback
// that answers with canned replies, one per call (the last one repeats).
type fakeModel struct {
	*httptest.Server
	calls atomic.Int32
	mu    sync.Mutex
	last  map[string]any // the last request body
	auth  string         // the last Authorization header
}

// reply is one canned answer: a status, a message content, or a delay.
type reply struct {
	status     int
	content    string
	raw        string // a raw body instead of a completion
	delay      time.Duration
	retryAfter string
	finish     string
}

func newFakeModel(t *testing.T, replies ...reply) *fakeModel {
	t.Helper()
	f := &fakeModel{}
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := int(f.calls.Add(1)) - 1
		rep := replies[min(n, len(replies)-1)]
		if r.Method != http.MethodPost || r.URL.Path != "/v1/chat/completions" {
			http.Error(w, "wrong endpoint "+r.Method+" "+r.URL.Path, http.StatusNotFound)
			return
		}
		body, _ := io.ReadAll(r.Body)
		f.mu.Lock()
		json.Unmarshal(body, &f.last) //nolint:errcheck
		f.auth = r.Header.Get("Authorization")
		f.mu.Unlock()
		if rep.delay > 0 {
			select {
			case <-time.After(rep.delay):
			case <-r.Context().Done():
				return
			}
		}
		if rep.retryAfter != "" {
			w.Header().Set("Retry-After", rep.retryAfter)
		}
		if rep.status != 0 && rep.status != http.StatusOK {
			http.Error(w, `{"error":{"message":"canned failure"}}`, rep.status)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		if rep.raw != "" {
			io.WriteString(w, rep.raw) //nolint:errcheck
			return
		}
		finish := rep.finish
		if finish == "" {
			finish = "stop"
		}
		json.NewEncoder(w).Encode(map[string]any{ //nolint:errcheck
			"id": "chatcmpl-1", "object": "chat.completion",
			"choices": []any{map[string]any{"index": 0, "finish_reason": finish,
				"message": map[string]any{"role": "assistant", "content": rep.content}}},
		})
	}))
	t.Cleanup(f.Close)
	return f
}

func (f *fakeModel) client() *OpenAI {
	return &OpenAI{URL: f.URL + "/v1/", APIKey: "sk-test-secret", Model: "test-model", Timeout: 300 * time.Millisecond, Backoff: time.Millisecond}
}

var modelSources = []Source{{Name: "Hours", Content: "We are open from nine to five on weekdays. Parking is free behind the shop. " +
	"You can pay by card or cash. Bring your receipt for returns within 30 days. Book a table online or call the shop."}}

// faqJSON is a canned FAQ with n grounded pairs.
func faqJSON(n int) string {
	var items []string
	for i := range n {
		items = append(items, fmt.Sprintf(`{"question":"Question %d about opening?","answer":"We are open from nine to five on weekdays, answer %d."}`, i+1, i+1))
	}
	return `{"title":"Questions about the shop","subtitle":"","items":[` + strings.Join(items, ",") + `]}`
}

const howToJSON = `{"title":"How to return an item","subtitle":"Returns","intro":"Returns are easy.",
	"steps":["Bring your receipt.","2. Come within 30 days.","Pay by card or cash."],"nextSteps":["Book a table online."]}`

const onePagerJSON = `{"title":"The shop at a glance","subtitle":"","sections":[
	{"heading":"What we offer","body":"Parking is free behind the shop."},
	{"heading":"Who it is for","body":"Anyone who can pay by card or cash."},
	{"heading":"Opening","body":"We are open from nine to five on weekdays."},
	{"heading":"Key points","body":"* Book a table online.\n* Bring your receipt for returns."}]}`

func run(t *testing.T, o *OpenAI, tpl Template) (*Document, error) {
	t.Helper()
	req := Request{Template: tpl, Purpose: "returns", GenieName: "Corner Shop", Sources: modelSources}
	return (&Service{Generator: o, Log: quiet}).produce(context.Background(), req)
}

func TestOpenAITemplates(t *testing.T) {
	for _, c := range []struct {
		tpl     Template
		content string
		check   func(*Document) bool
	}{
		{FAQ, faqJSON(7), func(d *Document) bool {
			return len(d.Sections) == 7 && d.Sections[0].Heading == "Question 1 about opening?"
		}},
		{HowTo, howToJSON, func(d *Document) bool {
			return len(d.Sections) == 3 && d.Sections[1].Body == "1. Bring your receipt.\n2. Come within 30 days.\n3. Pay by card or cash." &&
				d.Sections[2].Body == "- Book a table online."
		}},
		{OnePager, "```json\n" + onePagerJSON + "\n```", func(d *Document) bool {
			return len(d.Sections) == 4 && d.Sections[3].Body == "- Book a table online.\n- Bring your receipt for returns."
		}},
	} {
		t.Run(string(c.tpl), func(t *testing.T) {
			f := newFakeModel(t, reply{content: c.content})
			d, err := run(t, f.client(), c.tpl)
			if err != nil {
				t.Fatalf("generate: %v", err)
			}
			if d.Template != c.tpl || !c.check(d) {
				t.Fatalf("document: %+v", d)
			}
			f.mu.Lock()
			defer f.mu.Unlock()
			if f.auth != "Bearer sk-test-secret" || f.last["model"] != "test-model" {
				t.Errorf("auth %q model %v", f.auth, f.last["model"])
			}
			if rf, _ := f.last["response_format"].(map[string]any); rf["type"] != "json_object" {
				t.Errorf("response_format %v", f.last["response_format"])
			}
			msgs, _ := f.last["messages"].([]any)
			user, _ := msgs[len(msgs)-1].(map[string]any)["content"].(string)
			for _, want := range []string{"Parking is free behind the shop", `"Corner Shop"`, `"returns"`, "<<<DOCUMENT 1: Hours>>>", templatePrompts[c.tpl][:20]} {
				if !strings.Contains(user, want) {
					t.Errorf("prompt lacks %q", want)
				}
			}
		})
	}
}

func TestOpenAIFailures(t *testing.T) {
	for _, c := range []struct {
		name    string
		tpl     Template
		replies []reply
		calls   int32
	}{
		{"malformed JSON", FAQ, []reply{{content: `{"title": "x", "items": [`}}, 1},
		{"not an object", FAQ, []reply{{content: `"just text"`}}, 1},
		{"empty content", FAQ, []reply{{content: "  "}}, 1},
		{"no choices", FAQ, []reply{{raw: `{"choices":[]}`}}, 1},
		{"body not JSON", FAQ, []reply{{raw: `<html>oops</html>`}}, 1},
		{"cut off", FAQ, []reply{{content: faqJSON(7), finish: "length"}}, 1},
		{"too few pairs", FAQ, []reply{{content: faqJSON(5)}}, 1},
		{"too many pairs", FAQ, []reply{{content: faqJSON(13)}}, 1},
		{"empty answer", FAQ, []reply{{content: strings.Replace(faqJSON(7), `"answer":"We are open from nine to five on weekdays, answer 1."`, `"answer":""`, 1)}}, 1},
		{"two steps", HowTo, []reply{{content: `{"title":"t","intro":"Returns.","steps":["Bring your receipt.","Pay by card."]}`}}, 1},
		{"three sections", OnePager, []reply{{content: strings.Replace(onePagerJSON, `{"heading":"Opening","body":"We are open from nine to five on weekdays."},`, "", 1)}}, 1},
		{"not grounded", OnePager, []reply{{content: strings.Replace(onePagerJSON, "Parking is free behind the shop.", "Our award-winning chefs cook vegan tasting menus with imported truffles daily.", 1)}}, 1},
		{"500 twice", FAQ, []reply{{status: 500}, {status: 502}}, 2},
		{"429 twice", FAQ, []reply{{status: 429, retryAfter: "0"}}, 2},
		{"400 not retried", FAQ, []reply{{status: 400}, {content: faqJSON(7)}}, 1},
		{"401 not retried", FAQ, []reply{{status: 401}, {content: faqJSON(7)}}, 1},
		{"timeout", FAQ, []reply{{delay: 2 * time.Second, content: faqJSON(7)}}, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := newFakeModel(t, c.replies...)
			start := time.Now()
			_, err := run(t, f.client(), c.tpl)
			e, ok := apperr.As(err)
			if !ok || e.Code != apperr.CodeInternal || e.Message != ErrGeneration {
				t.Fatalf("got %v, want INTERNAL_ERROR %q", err, ErrGeneration)
			}
			if n := f.calls.Load(); n != c.calls {
				t.Errorf("%d calls, want %d", n, c.calls)
			}
			if time.Since(start) > 1500*time.Millisecond {
				t.Errorf("took %v: the timeout did not hold", time.Since(start))
			}
		})
	}
}

func TestOpenAIRetriesOnce(t *testing.T) {
	for _, first := range []reply{{status: 500}, {status: 503}, {status: 429, retryAfter: "0"}} {
		f := newFakeModel(t, first, reply{content: faqJSON(6)})
		d, err := run(t, f.client(), FAQ)
		if err != nil || len(d.Sections) != 6 || f.calls.Load() != 2 {
			t.Fatalf("after %d: %v, %d calls", first.status, err, f.calls.Load())
		}
	}
}

func TestOpenAIRetryWaitsForBackoff(t *testing.T) {
	f := newFakeModel(t, reply{status: 500}, reply{content: faqJSON(6)})
	o := f.client()
	o.Backoff = 200 * time.Millisecond
	start := time.Now()
	if _, err := run(t, o, FAQ); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d < 200*time.Millisecond {
		t.Fatalf("retried after %v, want at least the backoff", d)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	f2 := newFakeModel(t, reply{status: 500})
	if _, err := f2.client().Generate(ctx, Request{Template: FAQ, GenieName: "x", Sources: modelSources}); err == nil {
		t.Fatal("a cancelled request succeeded")
	}
}

func TestOpenAIErrorsHideKey(t *testing.T) {
	f := newFakeModel(t, reply{status: 500})
	_, err := f.client().Generate(context.Background(), Request{Template: FAQ, GenieName: "x", Sources: modelSources})
	if err == nil || strings.Contains(err.Error(), "sk-test-secret") {
		t.Fatalf("error %v", err)
	}
}
