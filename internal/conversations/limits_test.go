package conversations_test

import (
	"strconv"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/app"
)

// TestRateLimits: past the limit of an address on a genie, ask and
// escalate answer 429 RATE_LIMIT_EXCEEDED with Retry-After (another genie
// still answers); past the address's limit across genies too; a body past
// the public bound is refused.
func TestRateLimits(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store, windowStart(), func(c *app.Config) { c.ChatAskLimit, c.ChatGenieLimit, c.ChatEscalateLimit = 3, 5, 2 })
		sh := newShop(t, s)
		var conv string
		for range 3 {
			d := ask(t, s, sh.genie, "Can I track my parcel?", conv).Expect(t, 200, "").Data()
			conv = d["conversation_id"].(string)
		}
		r := ask(t, s, sh.genie, "Can I track my parcel?", conv).Expect(t, 429, "RATE_LIMIT_EXCEEDED")
		if n, err := strconv.Atoi(r.Header.Get("Retry-After")); err != nil || n < 1 || n > 60 {
			t.Fatalf("Retry-After %q", r.Header.Get("Retry-After"))
		}
		// The limit is per address and genie: the same address may still
		// ask another genie.
		g2 := newGenie(t, s, sh.owner.Token, "Second shop", sh.doc)
		enable(t, s, sh.owner.Token, g2, "en")
		ask(t, s, g2, "Can I track my parcel?", "").Expect(t, 200, "")
		// Escalations have their own, smaller budget.
		for range 2 {
			s.Call(t, "", res, "escalate", "", map[string]any{"conversationId": conv, "email": "ada@example.com"}).Expect(t, 201, "")
		}
		s.Call(t, "", res, "escalate", "", map[string]any{"conversationId": conv, "email": "ada@example.com"}).Expect(t, 429, "RATE_LIMIT_EXCEEDED")

		big := map[string]any{"agentId": sh.genie, "question": string(make([]byte, 40<<10))}
		if r := s.Call(t, "", res, "ask", "", big); r.Status != 413 {
			t.Fatalf("oversized body: %d %s", r.Status, r.Raw)
		}
	})
}

// TestGenieRateLimit: the per-genie limit counts every client.
func TestGenieRateLimit(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store, windowStart(), func(c *app.Config) {
			c.ChatAskLimit, c.ChatGenieLimit, c.ClientIPHeader = -1, 4, "X-Forwarded-For"
		})
		sh := newShop(t, s)
		for i := range 4 {
			r := s.Do(t, "POST", "/v1", "", map[string]any{"resource": res, "action": "ask",
				"data": map[string]any{"agentId": sh.genie, "question": "Can I track my parcel?"}}, "X-Forwarded-For", "203.0.113."+strconv.Itoa(i+1))
			r.Expect(t, 200, "")
		}
		r := s.Do(t, "POST", "/v1", "", map[string]any{"resource": res, "action": "ask",
			"data": map[string]any{"agentId": sh.genie, "question": "Can I track my parcel?"}}, "X-Forwarded-For", "203.0.113.99")
		r.Expect(t, 429, "RATE_LIMIT_EXCEEDED")
		// Another genie has its own budget.
		g2 := newGenie(t, s, sh.owner.Token, "Other", sh.doc)
		enable(t, s, sh.owner.Token, g2, "fr")
		ask(t, s, g2, "Can I track my parcel?", "").Expect(t, 200, "")
	})
}

// windowStart runs the server on a clock at the start of a minute, so that
// a test's requests fall in one one-minute window.
func windowStart() apitest.Option {
	c := &apitest.Clock{}
	c.Set(time.Now().UTC().Truncate(time.Minute).Add(time.Minute))
	return apitest.WithClock(c)
}

// TestAddressRateLimit: an address may reach AddressFactor (10) times its
// per-genie limit across genies, and no more.
func TestAddressRateLimit(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store, windowStart(), func(c *app.Config) { c.ChatAskLimit, c.ChatGenieLimit = 1, -1 })
		sh := newShop(t, s)
		for i := range 10 {
			g := newGenie(t, s, sh.owner.Token, "Shop "+strconv.Itoa(i), sh.doc)
			enable(t, s, sh.owner.Token, g, "en")
			ask(t, s, g, "Can I track my parcel?", "").Expect(t, 200, "")
		}
		r := ask(t, s, sh.genie, "Can I track my parcel?", "").Expect(t, 429, "RATE_LIMIT_EXCEEDED")
		if r.Header.Get("Retry-After") == "" {
			t.Fatal("no Retry-After")
		}
	})
}

// TestPageRateLimit: loading the page has its own budget per address (10
// times the per-genie ask limit), answered 429 with Retry-After past it,
// and does not spend the questions'.
func TestPageRateLimit(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store, windowStart(), func(c *app.Config) { c.ChatAskLimit, c.ChatGenieLimit = 1, -1 })
		sh := newShop(t, s)
		for range 10 {
			if r := s.Do(t, "GET", "/chat/"+sh.genie, "", nil); r.Status != 200 {
				t.Fatalf("page: %d", r.Status)
			}
		}
		r := s.Do(t, "GET", "/chat/"+sh.genie, "", nil)
		if r.Status != 429 || r.Header.Get("Retry-After") == "" {
			t.Fatalf("11th load: %d %q", r.Status, r.Header.Get("Retry-After"))
		}
		ask(t, s, sh.genie, "Can I track my parcel?", "").Expect(t, 200, "")
	})
}
