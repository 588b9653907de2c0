package conversations_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
)

func getPage(t testing.TB, c *http.Client, u string, headers ...string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

// TestPage: the QR code's target is the page; an unknown genie or one whose
// page is off gets a friendly HTML 404 in the browser's language; the page
// works without JavaScript (form posts, redirect back, the transcript kept
// by a cookie) and with it (JSON answers); in the genie's language; with a
// strict CSP.
func TestPage(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store, unlimited)
		sh := newShop(t, s)
		jar, _ := cookiejar.New(nil)
		c := noRedirect(jar)

		qr := s.Call(t, sh.owner.Token, "qr-code", "render", "", map[string]any{"agentId": sh.genie}).Expect(t, 200, "").Data()
		page := qr["target_url"].(string)
		if page != s.URL+"/chat/"+sh.genie {
			t.Fatalf("QR target %q", page)
		}

		for _, u := range []string{s.URL + "/chat/00000000-0000-4000-8000-000000000000", s.URL + "/chat/nope", s.URL + "/chat/a/b"} {
			resp, body := getPage(t, c, u, "Accept-Language", "de-DE,de;q=0.9")
			if resp.StatusCode != 404 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") || !strings.Contains(body, "Seite nicht gefunden") {
				t.Fatalf("%s: %d %s %s", u, resp.StatusCode, resp.Header.Get("Content-Type"), body)
			}
		}
		off := newGenie(t, s, sh.owner.Token, "Off", sh.doc)
		if resp, _ := getPage(t, c, s.URL+"/chat/"+off); resp.StatusCode != 404 {
			t.Fatalf("page off: %d", resp.StatusCode)
		}

		resp, body := getPage(t, c, page)
		csp := resp.Header.Get("Content-Security-Policy")
		if resp.StatusCode != 200 || strings.Contains(csp, "unsafe-inline") || !strings.Contains(csp, "script-src 'self'") ||
			!strings.Contains(body, `<html lang="en">`) || !strings.Contains(body, "Shop helper") || !strings.Contains(body, `aria-live="polite"`) ||
			!strings.Contains(body, "Talk to a person") || !strings.Contains(body, `<label for="question">`) {
			t.Fatalf("page: %d %q\n%s", resp.StatusCode, csp, body)
		}

		// Without JavaScript: post, 303 back to the answer, cookie kept.
		resp = form(t, c, page, url.Values{"action": {"ask"}, "question": {"how long do i have to return an item?"}})
		loc := resp.Header.Get("Location")
		if resp.StatusCode != 303 || !strings.HasPrefix(loc, "/chat/"+sh.genie+"#m-") {
			t.Fatalf("ask post: %d %q", resp.StatusCode, loc)
		}
		_, body = getPage(t, c, page)
		for _, want := range []string{"how long do i have to return an item?", "30 days", "Sources", "Help centre", "Was this helpful?"} {
			if !strings.Contains(body, want) {
				t.Fatalf("page after ask lacks %q:\n%s", want, body)
			}
		}
		msgID := strings.TrimPrefix(loc, "/chat/"+sh.genie+"#m-")
		if resp := form(t, c, page, url.Values{"action": {"feedback"}, "message_id": {msgID}, "helpful": {"no"}}); resp.StatusCode != 303 {
			t.Fatalf("feedback post: %d", resp.StatusCode)
		}
		if _, body = getPage(t, c, page); !strings.Contains(body, "Thank you for your feedback.") {
			t.Fatalf("page after feedback:\n%s", body)
		}
		resp = form(t, c, page, url.Values{"action": {"escalate"}, "email": {"ada@example.com"}, "name": {"Ada"}})
		if loc := resp.Header.Get("Location"); resp.StatusCode != 303 || !strings.Contains(loc, "escalated=1") {
			t.Fatalf("escalate post: %d %q", resp.StatusCode, loc)
		}
		if _, body = getPage(t, c, s.URL+resp.Header.Get("Location")); !strings.Contains(body, "A person will answer you at ada@example.com") {
			t.Fatalf("confirmation:\n%s", body)
		}
		resp = form(t, c, page, url.Values{"action": {"ask"}, "question": {""}})
		if loc := resp.Header.Get("Location"); resp.StatusCode != 303 || !strings.Contains(loc, "error=question") {
			t.Fatalf("empty question: %d %q", resp.StatusCode, loc)
		}
		if _, body = getPage(t, c, s.URL+resp.Header.Get("Location")); !strings.Contains(body, "Please type a question of at most 1,000 characters.") {
			t.Fatalf("the question's error is not shown:\n%s", body)
		}
		resp = form(t, c, page, url.Values{"action": {"escalate"}, "email": {"nope"}})
		if _, body = getPage(t, c, s.URL+resp.Header.Get("Location")); !strings.Contains(body, "Please enter a valid email address") {
			t.Fatalf("the email's error is not shown:\n%s", body)
		}

		// The owner sees that one conversation, escalated, with feedback.
		l := s.Call(t, sh.owner.Token, res, "all", "", nil).Expect(t, 200, "").Data()["conversations"].([]any)
		if len(l) != 1 || l[0].(map[string]any)["escalated"] != true || l[0].(map[string]any)["feedback"] != 1.0 {
			t.Fatalf("owner's view of the page conversation: %v", l)
		}

		// With JavaScript: JSON, in the same conversation.
		resp = form(t, c, page, url.Values{"action": {"ask"}, "question": {"Do you offer gift cards?"}}, "Accept", "application/json")
		var a map[string]any
		if err := json.NewDecoder(resp.Body).Decode(&a); err != nil || resp.StatusCode != 200 || a["answered"] != true ||
			a["conversation_id"] != l[0].(map[string]any)["id"] {
			t.Fatalf("JSON ask: %d %v %v", resp.StatusCode, a, err)
		}
		resp = form(t, c, page, url.Values{"action": {"ask"}, "question": {strings.Repeat("x", 1001)}}, "Accept", "application/json")
		if resp.StatusCode != 400 {
			t.Fatalf("JSON ask, too long: %d", resp.StatusCode)
		}

		// A new conversation forgets the old one.
		form(t, c, page, url.Values{"action": {"new"}})
		if _, body = getPage(t, c, page); strings.Contains(body, "gift cards") {
			t.Fatalf("new conversation still shows the old one")
		}

		// A person at once, before any question: an empty conversation
		// carries the escalation; get shows its (empty) transcript.
		form(t, c, page, url.Values{"action": {"escalate"}, "email": {"bo@example.com"}})
		var empty map[string]any
		for _, cv := range s.Call(t, sh.owner.Token, res, "all", "", nil).Expect(t, 200, "").Data()["conversations"].([]any) {
			if cv.(map[string]any)["message_count"] == 0.0 {
				empty = cv.(map[string]any)
			}
		}
		if empty == nil || empty["escalated"] != true {
			t.Fatalf("no escalated empty conversation")
		}
		got := s.Call(t, sh.owner.Token, res, "get", empty["id"].(string), nil).Expect(t, 200, "").Data()["conversation"].(map[string]any)
		if msgs, ok := got["messages"].([]any); !ok || len(msgs) != 0 || len(got["escalations"].([]any)) != 1 {
			t.Fatalf("empty conversation: %v", got)
		}

		// The genie's language.
		s.Call(t, sh.owner.Token, "genies", "update", sh.genie, map[string]any{"conversation": map[string]any{"language": "fr", "greeting": "Bonjour et bienvenue !"}}).Expect(t, 200, "")
		if _, body = getPage(t, c, page); !strings.Contains(body, `<html lang="fr">`) || !strings.Contains(body, "Parler à une personne") ||
			!strings.Contains(body, "Bonjour et bienvenue !") {
			t.Fatalf("French page:\n%s", body)
		}

		// The assets: cached for good, JS small.
		js := regexpAsset(body, "chat.")
		resp, jsBody := getPage(t, c, s.URL+"/chat/assets/"+js)
		if resp.StatusCode != 200 || !strings.Contains(resp.Header.Get("Cache-Control"), "immutable") || len(jsBody) > 30_000 || len(jsBody) == 0 {
			t.Fatalf("asset %s: %d %d bytes", js, resp.StatusCode, len(jsBody))
		}
	})
}

// regexpAsset finds the script's hashed name in the page.
func regexpAsset(body, prefix string) string {
	i := strings.Index(body, `src="assets/`+prefix)
	if i < 0 {
		return ""
	}
	rest := body[i+len(`src="assets/`):]
	return rest[:strings.IndexByte(rest, '"')]
}
