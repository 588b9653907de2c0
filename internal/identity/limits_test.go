package identity_test

import (
	"fmt"
	"strconv"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/app"
)

// TestSignInLimits: sign-ups and password sign-ins together are limited
// per client address (counted apart for each address a trusted proxy
// names) and for the whole deployment, with GoTrue's 429 and Retry-After.
func TestSignInLimits(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		// The limits count in fixed windows (5 minutes per address, 1 minute
		// overall): start 90 s into a 5-minute window so that the test
		// never straddles a boundary.
		clock := &apitest.Clock{}
		clock.Set(time.Now().UTC().Truncate(5 * time.Minute).Add(90 * time.Second))
		s := apitest.Start(t, store, apitest.WithClock(clock), func(c *app.Config) {
			c.AuthAddrLimit, c.AuthGlobalLimit, c.ClientIPHeader = 3, 5, "X-Forwarded-For"
		})
		from := func(addr string) []string { return []string{"X-Forwarded-For", addr} }
		signup := func(i int, addr string) *apitest.Resp {
			return s.Do(t, "POST", "/auth/v1/signup", "", fmt.Sprintf(`{"email":"u%d@example.com","password":"secret-pw"}`, i), from(addr)...)
		}
		ok := func(r *apitest.Resp) {
			t.Helper()
			if r.Status != 200 {
				t.Fatalf("want 200, got %d %s", r.Status, r.Raw)
			}
		}
		ok(signup(1, "198.51.100.1"))
		s.Do(t, "POST", "/auth/v1/token?grant_type=password", "", `{"email":"u1@example.com","password":"wrong-pw"}`, from("198.51.100.1")...)
		ok(s.Do(t, "POST", "/auth/v1/token?grant_type=password", "", `{"email":"u1@example.com","password":"secret-pw"}`, from("198.51.100.1")...))
		for _, r := range []*apitest.Resp{
			signup(2, "198.51.100.1"),
			s.Do(t, "POST", "/auth/v1/token?grant_type=password", "", `{"email":"u1@example.com","password":"secret-pw"}`, from("198.51.100.1")...),
		} {
			if r.Status != 429 || apitest.Str(r.Body, "error_code") != "over_request_rate_limit" {
				t.Fatalf("4th request from one address: %d %s", r.Status, r.Raw)
			}
			if n, err := strconv.Atoi(r.Header.Get("Retry-After")); err != nil || n < 1 || n > 301 {
				t.Fatalf("Retry-After %q", r.Header.Get("Retry-After"))
			}
		}
		// Another address has its own budget, until the global one is
		// spent (5 requests that the address limit let through).
		ok(signup(3, "198.51.100.2"))
		ok(signup(4, "198.51.100.3"))
		r := signup(5, "198.51.100.4")
		if r.Status != 429 || apitest.Str(r.Body, "error_code") != "over_request_rate_limit" {
			t.Fatalf("past the global limit: %d %s", r.Status, r.Raw)
		}
	})
}
