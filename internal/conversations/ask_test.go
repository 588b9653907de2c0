package conversations_test

import (
	"os"
	"strings"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
)

// TestAsk: a genie whose page is off or that does not exist is
// AGENT_NOT_FOUND; questions are checked; an answer quotes the genie's
// attached documents with its sources; only attached documents are
// searched; a question the documents do not answer is answered false; a
// conversation continues, and only on its own genie.
func TestAsk(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		u := s.NewUser(t, "user")
		doc := newDoc(t, s, u.Token, "Help centre", helpCentre)
		other := newDoc(t, s, u.Token, "Opening hours", hours)
		g := newGenie(t, s, u.Token, "Shop helper", doc)

		// Off by default, and the genie says so.
		got := s.Call(t, u.Token, "genies", "get", g, nil).Expect(t, 200, "").Data()["genie"].(map[string]any)["conversation"].(map[string]any)
		if got["enabled"] != false || got["language"] != "en" || got["greeting"] != "" {
			t.Fatalf("default conversation settings: %v", got)
		}
		for _, id := range []string{g, "00000000-0000-4000-8000-000000000000", "not-a-uuid", ""} {
			ask(t, s, id, "How long do I have to return an item?", "").Expect(t, 404, "AGENT_NOT_FOUND")
		}
		s.Call(t, u.Token, "genies", "update", g, map[string]any{"conversation": map[string]any{"language": "xx"}}).Expect(t, 400, "VALIDATION_ERROR")
		conv := enable(t, s, u.Token, g, "en")
		if conv["enabled"] != true || conv["language"] != "en" {
			t.Fatalf("enabled: %v", conv)
		}
		// Only the fields given change.
		r := s.Call(t, u.Token, "genies", "update", g, map[string]any{"conversation": map[string]any{"greeting": "Welcome!"}}).Expect(t, 200, "")
		if c := r.Data()["genie"].(map[string]any)["conversation"].(map[string]any); c["enabled"] != true || c["greeting"] != "Welcome!" {
			t.Fatalf("greeting update: %v", c)
		}

		for _, tc := range []struct {
			name string
			data map[string]any
			code string
		}{
			{"no question", map[string]any{"agentId": g}, "VALIDATION_ERROR"},
			{"empty", map[string]any{"agentId": g, "question": "   "}, "VALIDATION_ERROR"},
			{"too long", map[string]any{"agentId": g, "question": strings.Repeat("a", 1001)}, "VALIDATION_ERROR"},
			{"not a string", map[string]any{"agentId": g, "question": 3}, "VALIDATION_ERROR"},
		} {
			r := s.Call(t, "", res, "ask", "", tc.data).Expect(t, 400, tc.code)
			if r.Err()["field"] != "question" {
				t.Errorf("%s: field %v, want question", tc.name, r.Err()["field"])
			}
		}
		s.Call(t, "", res, "ask", "", map[string]any{"question": "hi"}).Expect(t, 400, "VALIDATION_ERROR")

		a := ask(t, s, g, "how long do i have to return an item?", "").Expect(t, 200, "").Data()
		if a["answered"] != true || !strings.Contains(apitest.Str(a, "answer", "text"), "30 days") {
			t.Fatalf("answer: %v", a)
		}
		srcs := a["answer"].(map[string]any)["sources"].([]any)
		if len(srcs) == 0 {
			t.Fatalf("no sources: %v", a)
		}
		src := srcs[0].(map[string]any)
		if src["document_id"] != doc || src["document_name"] != "Help centre" || src["quote"] == "" ||
			!strings.Contains(helpCentre, src["quote"].(string)) {
			t.Fatalf("source: %v", src)
		}
		convID := a["conversation_id"].(string)

		// The conversation continues; the source names its heading path.
		b := ask(t, s, g, "How do I get a refund?", convID).Expect(t, 200, "").Data()
		if b["conversation_id"] != convID || b["answered"] != true ||
			!strings.Contains(b["answer"].(map[string]any)["sources"].([]any)[0].(map[string]any)["heading"].(string), "How do I get a refund?") {
			t.Fatalf("refund answer: %v", b)
		}

		// The owner's other document is not the genie's: never searched.
		c := ask(t, s, g, "What are the opening hours of the shop in Lyon?", convID).Expect(t, 200, "").Data()
		if strings.Contains(apitest.Str(c, "answer", "text"), "9 am") || apitest.Str(c, "answer", "text") == "" {
			t.Fatalf("unattached document answered: %v", c)
		}
		for _, src := range c["answer"].(map[string]any)["sources"].([]any) {
			if src.(map[string]any)["document_id"] != doc {
				t.Fatalf("a source the genie does not use: %v", c)
			}
		}
		// A question its documents do not answer: said plainly.
		if c := ask(t, s, g, "Do you sell helicopters?", convID).Expect(t, 200, "").Data(); c["answered"] != false ||
			apitest.Str(c, "answer", "text") == "" || len(c["answer"].(map[string]any)["sources"].([]any)) != 0 {
			t.Fatalf("unanswerable: %v", c)
		}
		// Attached, it answers.
		g2 := newGenie(t, s, u.Token, "Lyon shop", other)
		enable(t, s, u.Token, g2, "en")
		if d := ask(t, s, g2, "What are the opening hours of the shop in Lyon?", "").Expect(t, 200, "").Data(); d["answered"] != true {
			t.Fatalf("attached document: %v", d)
		}
		// A genie without documents answers nothing, plainly.
		g3 := newGenie(t, s, u.Token, "Empty")
		enable(t, s, u.Token, g3, "de")
		if d := ask(t, s, g3, "Wie lange dauert der Versand?", "").Expect(t, 200, "").Data(); d["answered"] != false ||
			!strings.Contains(apitest.Str(d, "answer", "text"), "Dokumenten") {
			t.Fatalf("no documents, in the question's language: %v", d)
		}
		if d := ask(t, s, g3, "¿Cuánto cuesta el envío a Madrid?", "").Expect(t, 200, "").Data(); !strings.Contains(apitest.Str(d, "answer", "text"), "documentos") {
			t.Fatalf("Spanish question: %v", d)
		}
		// A README's install command is the answer, its lines whole.
		readme := newDoc(t, s, u.Token, "README.md", "# tidyq\n\nCleans CSV files.\n\n## Installation\n\nInstall it with:\n\n```sh\npip install tidyq\ntidyq --version\n```\n")
		g4 := newGenie(t, s, u.Token, "tidyq helper", readme)
		enable(t, s, u.Token, g4, "en")
		if d := ask(t, s, g4, "how do i install tidyq", "").Expect(t, 200, "").Data(); d["answered"] != true ||
			apitest.Str(d, "answer", "text") != "Install it with:\npip install tidyq\ntidyq --version" {
			t.Fatalf("install command: %v", d)
		}
		// A conversation of one genie cannot continue on another.
		ask(t, s, g2, "hello", convID).Expect(t, 404, "NOT_FOUND")
		ask(t, s, g, "hello", "00000000-0000-4000-8000-000000000000").Expect(t, 404, "NOT_FOUND")

		// An edited document is answered from its new version.
		s.Call(t, u.Token, "documents", "update", doc, map[string]any{"content": strings.Replace(helpCentre, "30 days", "45 days", 1)}).Expect(t, 200, "")
		if e := ask(t, s, g, "how long do i have to return an item?", convID).Expect(t, 200, "").Data(); !strings.Contains(apitest.Str(e, "answer", "text"), "45 days") {
			t.Fatalf("after edit: %v", e)
		}

		// A renamed document is cited by its new name, and the genie's
		// knowledge version says it changed.
		before := s.Call(t, u.Token, "genies", "get", g, nil).Expect(t, 200, "").Data()["genie"].(map[string]any)["knowledge_version"].(float64)
		s.Call(t, u.Token, "documents", "update", doc, map[string]any{"name": "Returns and refunds"}).Expect(t, 200, "")
		if after := s.Call(t, u.Token, "genies", "get", g, nil).Expect(t, 200, "").Data()["genie"].(map[string]any)["knowledge_version"].(float64); after != before+1 {
			t.Fatalf("knowledge version after a rename: %v, want %v", after, before+1)
		}
		e := ask(t, s, g, "how long do i have to return an item?", convID).Expect(t, 200, "").Data()
		if name := e["answer"].(map[string]any)["sources"].([]any)[0].(map[string]any)["document_name"]; name != "Returns and refunds" {
			t.Fatalf("source after a rename: %v", name)
		}

		// Turned off, the genie answers nobody.
		s.Call(t, u.Token, "genies", "update", g, map[string]any{"conversation": map[string]any{"enabled": false}}).Expect(t, 200, "")
		ask(t, s, g, "how long do i have to return an item?", convID).Expect(t, 404, "AGENT_NOT_FOUND")
	})
}

// TestAskRealPage: a whole saved page (menu, cookie notice, breadcrumbs,
// share bar, vote, a form around it all, a footer with the hours) answers
// from its content and its footer, never with its furniture.
func TestAskRealPage(t *testing.T) {
	page, err := os.ReadFile("testdata/bakery-page.html")
	if err != nil {
		t.Fatal(err)
	}
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		u := s.NewUser(t, "user")
		g := newGenie(t, s, u.Token, "Rose Bakery", newDoc(t, s, u.Token, "Custom cakes", string(page)))
		enable(t, s, u.Token, g, "en")
		for _, c := range []struct{ q, want string }{
			{"how many days in advance do i have to order a cake", "at least 7 days in advance"},
			{"how do i order online", "1. Choose a cake and its size.\n2. Pick a date and a pickup time.\n3. Pay the 50% deposit by card."},
			{"how much is a wedding cake", "Wedding cake — Price: from $350"},
			{"when are you open", "Open Tuesday to Saturday, 8 am to 5 pm."},
		} {
			a := ask(t, s, g, c.q, "").Expect(t, 200, "").Data()
			text := apitest.Str(a, "answer", "text")
			if a["answered"] != true || !strings.Contains(text, c.want) {
				t.Errorf("%q: %v %q, want %q", c.q, a["answered"], text, c.want)
			}
			for _, junk := range []string{"cookies", "Share on", "Contact us", "Was this page", "rights reserved", "Jobs"} {
				if strings.Contains(text, junk) {
					t.Errorf("%q: the answer quotes page furniture %q: %q", c.q, junk, text)
				}
			}
		}
	})
}
