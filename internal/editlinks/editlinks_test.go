package editlinks_test

import (
	"bytes"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/app"
	"github.com/geniehq/genie/internal/auth"
)

// TestStateTable walks every row of the spec's Edit link state table as a
// new user would.
func TestStateTable(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		u := s.NewUser(t, auth.RoleUser)
		doc := apitest.NewDoc(t, s, u.Token, "Opening hours", "Mon-Fri 9-17", false)
		g1 := apitest.NewGenie(t, s, u.Token, "Shop helper", doc)
		apitest.NewGenie(t, s, u.Token, "Appointments", doc)

		// no link: get is null.
		r := link(t, s, u.Token, "get", doc, nil).Expect(t, 200, "")
		if l, has := r.Data()["link"]; !has || l != nil {
			t.Fatalf("get without a link: %s, want link null", r.Raw)
		}

		// no link -> generate: 201 with a full link object.
		r = link(t, s, u.Token, "generate", doc, nil).Expect(t, 201, "")
		l := r.Data()["link"].(map[string]any)
		token := l["token"].(string)
		if len(token) != 43 || strings.ContainsAny(token, "+/=") {
			t.Fatalf("token %q: want 43 URL-safe characters", token)
		}
		if l["documentId"] != doc || l["path"] != "/update/"+token || l["requiresPin"] != false || l["lastUsedAt"] != nil {
			t.Fatalf("link object: %v", l)
		}
		if _, err := time.Parse(time.RFC3339, l["createdAt"].(string)); err != nil {
			t.Fatalf("createdAt %v: %v", l["createdAt"], err)
		}
		// The owner reads the same token back.
		if got := apitest.Str(link(t, s, u.Token, "get", doc, nil).Expect(t, 200, "").Data(), "link", "token"); got != token {
			t.Fatalf("get token %q, want %q", got, token)
		}

		// link -> generate without rotate: same link, 200.
		for _, data := range []any{nil, map[string]any{"rotate": false}, map[string]any{"rotate": nil}} {
			r = link(t, s, u.Token, "generate", doc, data).Expect(t, 200, "")
			if apitest.Str(r.Data(), "link", "token") != token {
				t.Fatalf("generate %v changed the token", data)
			}
		}

		// public-get: the public view.
		v := link(t, s, "", "public-get", "", map[string]any{"token": token}).Expect(t, 200, "").Data()
		names, _ := v["agentNames"].([]any)
		if v["documentId"] != doc || v["documentName"] != "Opening hours" || v["content"] != "Mon-Fri 9-17" ||
			v["requiresPin"] != false || len(names) != 2 || names[0] != "Appointments" || names[1] != "Shop helper" {
			t.Fatalf("public view: %v", v)
		}
		if _, err := time.Parse(time.RFC3339, v["updatedAt"].(string)); err != nil {
			t.Fatalf("updatedAt %v: %v", v["updatedAt"], err)
		}

		// link -> public-update success: content replaced, lastUsedAt set,
		// every genie that uses the document updated.
		before := s.Call(t, u.Token, "genies", "get", g1["id"].(string), nil).Expect(t, 200, "").Data()["genie"].(map[string]any)
		time.Sleep(2 * time.Millisecond) // timestamps have microsecond precision
		saved := update(t, s, token, "Mon-Sat 9-18", nil).Expect(t, 200, "").Data()
		if saved["success"] != true || saved["updatedAt"] == nil {
			t.Fatalf("public-update: %v", saved)
		}
		if got := docContent(t, s, u.Token, doc); got != "Mon-Sat 9-18" {
			t.Fatalf("content after save %q", got)
		}
		after := s.Call(t, u.Token, "genies", "get", g1["id"].(string), nil).Expect(t, 200, "").Data()["genie"].(map[string]any)
		if after["updated_at"] == before["updated_at"] || after["knowledge_version"].(float64) != before["knowledge_version"].(float64)+1 {
			t.Fatalf("genie not refreshed: before %v/%v after %v/%v", before["updated_at"], before["knowledge_version"], after["updated_at"], after["knowledge_version"])
		}
		l = link(t, s, u.Token, "get", doc, nil).Data()["link"].(map[string]any)
		if l["lastUsedAt"] != saved["updatedAt"] {
			t.Fatalf("lastUsedAt %v, want %v", l["lastUsedAt"], saved["updatedAt"])
		}

		// link -> generate with rotate: new token, old one invalid at once.
		r = link(t, s, u.Token, "generate", doc, map[string]any{"rotate": true}).Expect(t, 200, "")
		rotated := apitest.Str(r.Data(), "link", "token")
		if rotated == token || len(rotated) != 43 || apitest.Str(r.Data(), "link", "path") != "/update/"+rotated {
			t.Fatalf("rotate: %s", r.Raw)
		}
		link(t, s, "", "public-get", "", map[string]any{"token": token}).Expect(t, 404, "NOT_FOUND")
		update(t, s, token, "stale", nil).Expect(t, 404, "NOT_FOUND")
		link(t, s, "", "public-get", "", map[string]any{"token": rotated}).Expect(t, 200, "")

		// link -> set-pin: requiresPin follows.
		r = link(t, s, u.Token, "set-pin", doc, map[string]any{"pin": "4321"}).Expect(t, 200, "")
		if apitest.Dig(r.Data(), "link", "requiresPin") != true || apitest.Str(r.Data(), "link", "token") != rotated {
			t.Fatalf("set-pin: %s", r.Raw)
		}
		if link(t, s, "", "public-get", "", map[string]any{"token": rotated}).Data()["requiresPin"] != true {
			t.Fatalf("public view does not require the PIN")
		}
		// Saving now needs the PIN: missing is a validation error, wrong is 403.
		update(t, s, rotated, "no pin", nil).Expect(t, 400, "VALIDATION_ERROR")
		if w := update(t, s, rotated, "wrong", "1111").Expect(t, 403, "FORBIDDEN"); attempts(w) != 4 {
			t.Fatalf("attemptsRemaining %d, want 4: %s", attempts(w), w.Raw)
		}
		update(t, s, rotated, "with pin", "4321").Expect(t, 200, "")
		// A correct PIN reset the counter.
		if w := update(t, s, rotated, "wrong", "1111").Expect(t, 403, "FORBIDDEN"); attempts(w) != 4 {
			t.Fatalf("attemptsRemaining after a correct PIN %d, want 4", attempts(w))
		}
		// Changing the PIN: the old one is wrong, the new one works.
		link(t, s, u.Token, "set-pin", doc, map[string]any{"pin": "98765432"}).Expect(t, 200, "")
		update(t, s, rotated, "old pin", "4321").Expect(t, 403, "FORBIDDEN")
		update(t, s, rotated, "new pin", "98765432").Expect(t, 200, "")
		// Clearing the PIN with null, and with the key omitted.
		for _, data := range []any{map[string]any{"pin": nil}, map[string]any{}, nil} {
			link(t, s, u.Token, "set-pin", doc, map[string]any{"pin": "1234"}).Expect(t, 200, "")
			r = link(t, s, u.Token, "set-pin", doc, data).Expect(t, 200, "")
			if apitest.Dig(r.Data(), "link", "requiresPin") != false {
				t.Fatalf("set-pin %v did not clear the PIN: %s", data, r.Raw)
			}
		}
		update(t, s, rotated, "no pin needed", nil).Expect(t, 200, "")
		// A PIN sent to a link without one is ignored.
		update(t, s, rotated, "pin ignored", "5555").Expect(t, 200, "")

		// link -> revoke: no link; irreversible; succeeds with no link.
		if ok := link(t, s, u.Token, "revoke", doc, nil).Expect(t, 200, "").Data()["success"]; ok != true {
			t.Fatalf("revoke success = %v", ok)
		}
		if l, has := link(t, s, u.Token, "get", doc, nil).Data()["link"]; !has || l != nil {
			t.Fatalf("get after revoke: %v", l)
		}
		link(t, s, "", "public-get", "", map[string]any{"token": rotated}).Expect(t, 404, "NOT_FOUND")
		update(t, s, rotated, "revoked", nil).Expect(t, 404, "NOT_FOUND")
		link(t, s, u.Token, "revoke", doc, nil).Expect(t, 200, "")
		// set-pin needs a link.
		link(t, s, u.Token, "set-pin", doc, map[string]any{"pin": "1234"}).Expect(t, 404, "NOT_FOUND")
		// A new link after a revoke is new: 201, new token; the old ones stay dead.
		r = link(t, s, u.Token, "generate", doc, nil).Expect(t, 201, "")
		fresh := apitest.Str(r.Data(), "link", "token")
		if fresh == rotated || fresh == token || apitest.Dig(r.Data(), "link", "requiresPin") != false {
			t.Fatalf("generate after revoke: %s", r.Raw)
		}
		link(t, s, "", "public-get", "", map[string]any{"token": rotated}).Expect(t, 404, "NOT_FOUND")
		if got := docContent(t, s, u.Token, doc); got != "pin ignored" {
			t.Fatalf("content %q", got)
		}

		// generate with rotate on a document without a link creates it.
		doc2 := apitest.NewDoc(t, s, u.Token, "Prices", "x", false)
		link(t, s, u.Token, "generate", doc2, map[string]any{"rotate": true}).Expect(t, 201, "")

		// Deleting the document removes its link.
		s.Call(t, u.Token, "documents", "delete", doc, nil).Expect(t, 200, "")
		link(t, s, "", "public-get", "", map[string]any{"token": fresh}).Expect(t, 404, "NOT_FOUND")
	})
}

// TestAgentNames: the public view names the owner's genies only.
func TestAgentNames(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		u := s.NewUser(t, auth.RoleUser)
		other := s.NewUser(t, auth.RoleUser)
		doc := apitest.NewDoc(t, s, u.Token, "Public FAQ", "faq", true)
		token := generate(t, s, u.Token, doc)
		v := link(t, s, "", "public-get", "", map[string]any{"token": token}).Expect(t, 200, "").Data()
		if names, ok := v["agentNames"].([]any); !ok || len(names) != 0 {
			t.Fatalf("agentNames without genies: %v, want []", v["agentNames"])
		}
		apitest.NewGenie(t, s, u.Token, "Mine", doc)
		og := apitest.NewGenie(t, s, other.Token, "Someone else's", doc)
		v = link(t, s, "", "public-get", "", map[string]any{"token": token}).Data()
		if names := v["agentNames"].([]any); len(names) != 1 || names[0] != "Mine" {
			t.Fatalf("agentNames %v, want [Mine]", names)
		}
		// Every genie that uses the document is refreshed, the other user's too.
		update(t, s, token, "new faq", nil).Expect(t, 200, "")
		g := s.Call(t, other.Token, "genies", "get", og["id"].(string), nil).Expect(t, 200, "").Data()["genie"].(map[string]any)
		if g["knowledge_version"].(float64) != og["knowledge_version"].(float64)+1 {
			t.Fatalf("other user's genie not refreshed: %v", g["knowledge_version"])
		}
	})
}

// TestAccess: owner actions for the owner and admins only.
func TestAccess(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		owner := s.NewUser(t, auth.RoleUser)
		other := s.NewUser(t, auth.RoleUser)
		admin := s.NewUser(t, auth.RoleAdmin)
		doc := apitest.NewDoc(t, s, owner.Token, "Doc", "text", true) // public: readable, still not the other's to share
		missing := "6f1c1f7e-3b1a-4d8e-9c59-0a4c2d3e5f60"
		key := s.NewKey(t, owner, "k")

		for _, action := range []string{"get", "generate", "set-pin", "revoke"} {
			t.Run(action, func(t *testing.T) {
				link(t, s, other.Token, action, doc, nil).Expect(t, 403, "FORBIDDEN")
				link(t, s, other.Token, action, missing, nil).Expect(t, 404, "NOT_FOUND")
				link(t, s, other.Token, action, "not-a-uuid", nil).Expect(t, 404, "NOT_FOUND")
				link(t, s, "", action, doc, nil).Expect(t, 401, "UNAUTHORIZED")
				link(t, s, "svc_live_bogus", action, doc, nil).Expect(t, 401, "KEY_NOT_FOUND")
			})
		}
		// The owner, by session and by API key, and an admin.
		token := apitest.Str(link(t, s, key, "generate", doc, nil).Expect(t, 201, "").Data(), "link", "token")
		if got := apitest.Str(link(t, s, admin.Token, "get", doc, nil).Expect(t, 200, "").Data(), "link", "token"); got != token {
			t.Fatalf("admin get token %q, want %q", got, token)
		}
		link(t, s, admin.Token, "set-pin", doc, map[string]any{"pin": "2468"}).Expect(t, 200, "")
		link(t, s, owner.Token, "get", doc, nil).Expect(t, 200, "")
		adminRotated := apitest.Str(link(t, s, admin.Token, "generate", doc, map[string]any{"rotate": true}).Expect(t, 200, "").Data(), "link", "token")
		link(t, s, admin.Token, "revoke", doc, nil).Expect(t, 200, "")
		link(t, s, "", "public-get", "", map[string]any{"token": adminRotated}).Expect(t, 404, "NOT_FOUND")
		// An admin's missing document is still 404.
		link(t, s, admin.Token, "generate", missing, nil).Expect(t, 404, "NOT_FOUND")

		// Public actions take a credential, any user's, but need none.
		token = generate(t, s, owner.Token, doc)
		link(t, s, other.Token, "public-get", "", map[string]any{"token": token}).Expect(t, 200, "")
		link(t, s, key, "public-update", "", map[string]any{"token": token, "content": "by key"}).Expect(t, 200, "")
		update(t, s, token, "anonymous", nil).Expect(t, 200, "")
		// A bad credential is refused even on a public action.
		link(t, s, "svc_live_bogus", "public-get", "", map[string]any{"token": token}).Expect(t, 401, "KEY_NOT_FOUND")
		// Unknown actions.
		link(t, s, owner.Token, "delete", doc, nil).Expect(t, 400, "INVALID_ACTION")
		link(t, s, "", "public-delete", "", nil).Expect(t, 400, "INVALID_ACTION")
	})
}

// syncBuffer is a log sink safe for concurrent writers.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestNoSecretsInLog: tokens and PINs never reach the log, the page's
// path included.
func TestNoSecretsInLog(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		var logs syncBuffer
		s := apitest.Start(t, store, func(c *app.Config) {
			c.Log = slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
		})
		u := s.NewUser(t, auth.RoleUser)
		doc := apitest.NewDoc(t, s, u.Token, "Doc", "text", false)
		token := generate(t, s, u.Token, doc)
		const pin, wrong = "97531864", "86420975"
		link(t, s, u.Token, "set-pin", doc, map[string]any{"pin": pin}).Expect(t, 200, "")
		link(t, s, "", "public-get", "", map[string]any{"token": token}).Expect(t, 200, "")
		update(t, s, token, "x", wrong).Expect(t, 403, "FORBIDDEN")
		update(t, s, token, "x", pin).Expect(t, 200, "")
		if r := s.Do(t, "GET", "/update/"+token, "", nil); r.Status != 200 {
			t.Fatalf("page status %d", r.Status)
		}
		s.Do(t, "GET", "/update/"+token+"x", "", nil)
		rotated := apitest.Str(link(t, s, u.Token, "generate", doc, map[string]any{"rotate": true}).Data(), "link", "token")
		out := logs.String()
		if !strings.Contains(out, "/update/...") {
			t.Fatalf("the page requests were not logged:\n%s", out)
		}
		for _, secret := range []string{token, rotated, pin, wrong} {
			if strings.Contains(out, secret) {
				t.Fatalf("the log holds a secret %q:\n%s", secret, out)
			}
		}
	})
}

// TestConfiguredKey: servers agree when given the same key; a server with
// another key cannot read tokens back (500) until the link is rotated, while
// public lookups, which use the hash, keep working.
func TestConfiguredKey(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		withKey := func(k string) apitest.Option { return func(c *app.Config) { c.EditLinkKey = k } }
		s1 := apitest.Start(t, store, withKey("first key"))
		same := apitest.StartOn(t, s1.DSN, withKey("first key"))
		other := apitest.StartOn(t, s1.DSN, withKey("second key"))
		u := s1.NewUser(t, auth.RoleUser)
		doc := apitest.NewDoc(t, s1, u.Token, "Doc", "text", false)
		token := generate(t, s1, u.Token, doc)
		if got := apitest.Str(link(t, same, u.Token, "get", doc, nil).Expect(t, 200, "").Data(), "link", "token"); got != token {
			t.Fatalf("same key: token %q, want %q", got, token)
		}
		link(t, other, u.Token, "get", doc, nil).Expect(t, 500, "INTERNAL_ERROR")
		link(t, other, "", "public-get", "", map[string]any{"token": token}).Expect(t, 200, "")
		rotated := apitest.Str(link(t, other, u.Token, "generate", doc, map[string]any{"rotate": true}).Expect(t, 200, "").Data(), "link", "token")
		if got := apitest.Str(link(t, other, u.Token, "get", doc, nil).Expect(t, 200, "").Data(), "link", "token"); got != rotated {
			t.Fatalf("after rotate: token %q, want %q", got, rotated)
		}
	})
}
