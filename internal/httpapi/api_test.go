package httpapi_test

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/httpapi"
	"github.com/geniehq/genie/internal/platform/secrets"
)

// probe registers a resource with one action per access level, and one
// that panics, to check the dispatcher's rules.
func probe(s *apitest.Server) {
	echo := func(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
		who := ""
		if r.Caller != nil {
			who = r.Caller.UserID
		}
		return httpapi.OK(map[string]any{"caller": who, "id": r.ID}), nil
	}
	s.App.API.Register("probe", httpapi.Actions{
		"public":  {Access: httpapi.Public, Handle: echo},
		"user":    {Access: httpapi.Authenticated, Handle: echo},
		"session": {Access: httpapi.SessionOnly, Handle: echo},
		"admin":   {Access: httpapi.AdminOnly, Handle: echo},
		"panic": {Access: httpapi.Public, Handle: func(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
			panic("boom: secret detail")
		}},
		"fail": {Access: httpapi.Public, Handle: func(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
			return nil, fmt.Errorf("database exploded: secret detail")
		}},
	})
}

func TestAuthenticationTable(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		probe(s)
		u := s.NewUser(t, auth.RoleUser)
		admin := s.NewUser(t, auth.RoleAdmin)
		key := s.NewKey(t, u, "k")
		adminKey := s.NewKey(t, admin, "k")
		revoked := s.NewKey(t, u, "revoked")
		rid := apitest.Str(s.Call(t, u.Token, "api-keys", "list", "", nil).Data()["api_keys"].([]any)[0].(map[string]any), "id")
		s.Call(t, u.Token, "api-keys", "revoke", rid, nil).Expect(t, 200, "")

		secret := s.App.Keys.Keys(secrets.JWTSecret)[0].Secret
		sign := func(c jwt.MapClaims, key []byte) string {
			tok, err := jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString(key)
			if err != nil {
				t.Fatal(err)
			}
			return tok
		}
		now := time.Now()
		expired := sign(jwt.MapClaims{"sub": u.ID, "iss": s.URL + "/auth/v1", "exp": now.Add(-time.Hour).Unix(), "session_id": "x"}, secret)
		forged := sign(jwt.MapClaims{"sub": u.ID, "iss": s.URL + "/auth/v1", "exp": now.Add(time.Hour).Unix()}, []byte("not the secret"))
		noSession := sign(jwt.MapClaims{"sub": u.ID, "iss": s.URL + "/auth/v1", "exp": now.Add(time.Hour).Unix(), "session_id": "00000000-0000-0000-0000-000000000000"}, secret)
		noneAlg := "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiJ4In0."

		cases := []struct {
			name    string
			action  string
			headers []string
			status  int
			code    string
		}{
			{"no credential", "user", nil, 401, "UNAUTHORIZED"},
			{"public without credential", "public", nil, 200, ""},
			{"api key bearer", "user", []string{"Authorization", "Bearer " + key}, 200, ""},
			{"api key header", "user", []string{"X-API-Key", key}, 200, ""},
			{"session token", "user", []string{"Authorization", "Bearer " + u.Token}, 200, ""},
			{"lower-case bearer scheme", "user", []string{"Authorization", "bearer " + key}, 200, ""},
			{"bad prefix bearer", "user", []string{"Authorization", "Bearer sk_live_abc"}, 401, "INVALID_KEY_PREFIX"},
			{"bad prefix header", "user", []string{"X-API-Key", "abc"}, 401, "INVALID_KEY_PREFIX"},
			{"unknown key", "user", []string{"Authorization", "Bearer svc_live_" + strings.Repeat("A", 43)}, 401, "KEY_NOT_FOUND"},
			{"unknown admin key", "user", []string{"X-API-Key", "svc_admin_x"}, 401, "KEY_NOT_FOUND"},
			{"revoked key", "user", []string{"Authorization", "Bearer " + revoked}, 401, "KEY_NOT_FOUND"},
			{"bad credential on public action", "public", []string{"Authorization", "Bearer svc_live_nope"}, 401, "KEY_NOT_FOUND"},
			{"malformed jwt", "user", []string{"Authorization", "Bearer eyJhbGciOi.x.y"}, 401, "INVALID_TOKEN"},
			{"expired jwt", "user", []string{"Authorization", "Bearer " + expired}, 401, "INVALID_TOKEN"},
			{"forged jwt", "user", []string{"Authorization", "Bearer " + forged}, 401, "INVALID_TOKEN"},
			{"jwt of no session", "user", []string{"Authorization", "Bearer " + noSession}, 401, "INVALID_TOKEN"},
			{"alg none jwt", "user", []string{"Authorization", "Bearer " + noneAlg}, 401, "INVALID_TOKEN"},
			{"basic scheme", "user", []string{"Authorization", "Basic dXNlcjpwdw=="}, 401, "INVALID_TOKEN"},
			{"empty bearer", "user", []string{"Authorization", "Bearer "}, 401, "INVALID_TOKEN"},
			{"session-only with key", "session", []string{"Authorization", "Bearer " + key}, 401, "INVALID_TOKEN"},
			{"session-only with session", "session", []string{"Authorization", "Bearer " + u.Token}, 200, ""},
			{"admin action as user", "admin", []string{"Authorization", "Bearer " + u.Token}, 403, "FORBIDDEN"},
			{"admin action as user key", "admin", []string{"Authorization", "Bearer " + key}, 403, "FORBIDDEN"},
			{"admin action as admin", "admin", []string{"Authorization", "Bearer " + admin.Token}, 200, ""},
			{"admin action with admin key", "admin", []string{"X-API-Key", adminKey}, 200, ""},
			{"admin action without credential", "admin", nil, 401, "UNAUTHORIZED"},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				s.Do(t, "POST", "/v1", "", map[string]any{"resource": "probe", "action": c.action}, c.headers...).Expect(t, c.status, c.code)
			})
		}
	})
}

func TestEnvelope(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		probe(s)
		u := s.NewUser(t, auth.RoleUser)

		// The path form: resource from the URL, body may omit it.
		r := s.Do(t, "POST", "/v1/probe", u.Token, map[string]any{"action": "user", "id": "abc"}).Expect(t, 200, "")
		if r.Data()["caller"] != u.ID || r.Data()["id"] != "abc" {
			t.Fatalf("path form: %v", r.Data())
		}
		s.Do(t, "POST", "/v1/probe", u.Token, map[string]any{"resource": "probe", "action": "user"}).Expect(t, 200, "")
		s.Do(t, "POST", "/v1/probe", u.Token, map[string]any{"resource": "genies", "action": "user"}).Expect(t, 400, "VALIDATION_ERROR")
		s.Do(t, "POST", "/v1/nothing", u.Token, map[string]any{"action": "all"}).Expect(t, 400, "INVALID_ACTION")
		s.Call(t, u.Token, "nothing", "all", "", nil).Expect(t, 400, "INVALID_ACTION")
		s.Call(t, u.Token, "probe", "nope", "", nil).Expect(t, 400, "INVALID_ACTION")
		s.Do(t, "POST", "/v1", u.Token, map[string]any{"action": "user"}).Expect(t, 400, "VALIDATION_ERROR")
		s.Do(t, "POST", "/v1", u.Token, map[string]any{"resource": 3, "action": "user"}).Expect(t, 400, "VALIDATION_ERROR")
		s.Do(t, "POST", "/v1", u.Token, "").Expect(t, 400, "VALIDATION_ERROR")
		s.Do(t, "POST", "/v1", u.Token, "null").Expect(t, 400, "VALIDATION_ERROR")
		s.Do(t, "POST", "/v1", u.Token, `"probe"`).Expect(t, 400, "VALIDATION_ERROR")
		s.Do(t, "POST", "/v1", u.Token, `{"resource":"probe","action":"user","data":null}`).Expect(t, 200, "")
		s.Do(t, "POST", "/v1", u.Token, `{"resource":"probe","action":"user","data":5}`).Expect(t, 400, "VALIDATION_ERROR")
		s.Do(t, "POST", "/v1", u.Token, "\xff\xfe").Expect(t, 400, "VALIDATION_ERROR")
		s.Do(t, "GET", "/v1", u.Token, nil).Expect(t, 405, "INVALID_ACTION")
		s.Do(t, "PUT", "/v1/probe", u.Token, nil).Expect(t, 405, "INVALID_ACTION")
		s.Do(t, "GET", "/nowhere", "", nil).Expect(t, 404, "NOT_FOUND")

		// A panic and an unexpected error are a 500 without detail, and the
		// connection survives.
		for _, action := range []string{"panic", "fail"} {
			r = s.Call(t, "", "probe", action, "", nil).Expect(t, 500, "INTERNAL_ERROR")
			if strings.Contains(string(r.Raw), "secret") {
				t.Fatalf("500 body leaks detail: %s", r.Raw)
			}
			if r.Header.Get("X-Request-Id") == "" {
				t.Fatal("no X-Request-Id")
			}
		}

		// Request ids: echoed when sane, generated otherwise.
		r = s.Do(t, "POST", "/v1", "", map[string]any{"resource": "probe", "action": "public"}, "X-Request-Id", "trace-123")
		if r.Header.Get("X-Request-Id") != "trace-123" {
			t.Fatalf("request id not echoed: %q", r.Header.Get("X-Request-Id"))
		}

		// Body limit: a 1,000,000-character document of 4-byte characters
		// fits, escaped or not; far more does not.
		doc := strings.Repeat("😀", 1_000_000)
		s.Call(t, u.Token, "documents", "create", "", map[string]any{"name": "big", "content": doc}).Expect(t, 201, "")
		escaped := `{"resource":"documents","action":"create","data":{"name":"big","content":"` + strings.Repeat(`\ud83d\ude00`, 1_000_000) + `"}}`
		s.Do(t, "POST", "/v1", u.Token, escaped).Expect(t, 201, "")
		s.Call(t, u.Token, "documents", "create", "", map[string]any{"name": "big", "content": doc + "x"}).Expect(t, 400, "VALIDATION_ERROR")
		huge := `{"resource":"documents","action":"create","data":{"name":"x","content":"` + strings.Repeat("a", 13_000_000) + `"}}`
		r = s.Do(t, "POST", "/v1", u.Token, huge)
		if r.Status != http.StatusRequestEntityTooLarge || r.Code() != "VALIDATION_ERROR" {
			t.Fatalf("oversized body: %d %s", r.Status, r.Raw)
		}
	})
}

// TestRateLimit: 60 requests a minute per key, shared by two servers on one
// database, with headers on every response.
func TestRateLimit(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		clock := &apitest.Clock{}
		clock.Set(time.Now().UTC().Truncate(time.Minute).Add(time.Minute + time.Second))
		a := apitest.Start(t, store, apitest.WithClock(clock))
		b := apitest.StartOn(t, a.DSN, apitest.WithClock(clock))
		probe(a)
		probe(b)
		u := a.NewUser(t, auth.RoleUser)
		key := a.NewKey(t, u, "k")
		other := a.NewKey(t, u, "other")
		for i := 1; i <= 60; i++ {
			srv := a
			if i%2 == 0 {
				srv = b
			}
			r := srv.Call(t, key, "probe", "user", "", nil).Expect(t, 200, "")
			if got := r.Header.Get("X-RateLimit-Remaining"); got != strconv.Itoa(60-i) {
				t.Fatalf("request %d: remaining %q, want %d", i, got, 60-i)
			}
			if r.Header.Get("X-RateLimit-Limit") != "60" || r.Header.Get("X-RateLimit-Reset") == "" {
				t.Fatalf("rate-limit headers: %v", r.Header)
			}
		}
		for _, srv := range []*apitest.Server{a, b} {
			r := srv.Call(t, key, "probe", "user", "", nil).Expect(t, 429, "RATE_LIMIT_EXCEEDED")
			ra, err := strconv.Atoi(r.Header.Get("Retry-After"))
			if err != nil || ra < 1 || ra > 60 {
				t.Fatalf("Retry-After %q", r.Header.Get("Retry-After"))
			}
		}
		// Another key, and session tokens, have their own budget.
		b.Call(t, other, "probe", "user", "", nil).Expect(t, 200, "")
		a.Call(t, u.Token, "probe", "user", "", nil).Expect(t, 200, "")
		// The next window starts afresh.
		clock.Advance(time.Minute)
		a.Call(t, key, "probe", "user", "", nil).Expect(t, 200, "")
	})
}

// TestRevocationAcrossServers: revoking a key or signing out on one server
// takes effect at once on another sharing the database.
func TestRevocationAcrossServers(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		a := apitest.Start(t, store)
		b := apitest.StartOn(t, a.DSN)
		u := a.NewUser(t, auth.RoleUser)
		key := a.NewKey(t, u, "k")
		b.Call(t, key, "genies", "all", "", nil).Expect(t, 200, "")
		id := apitest.Str(a.Call(t, u.Token, "api-keys", "list", "", nil).Data()["api_keys"].([]any)[0].(map[string]any), "id")
		a.Call(t, u.Token, "api-keys", "revoke", id, nil).Expect(t, 200, "")
		b.Call(t, key, "genies", "all", "", nil).Expect(t, 401, "KEY_NOT_FOUND")

		b.Call(t, u.Token, "genies", "all", "", nil).Expect(t, 200, "")
		r := a.Do(t, "POST", "/auth/v1/logout", u.Token, nil)
		if r.Status != 204 {
			t.Fatalf("logout: %d %s", r.Status, r.Raw)
		}
		b.Call(t, u.Token, "genies", "all", "", nil).Expect(t, 401, "INVALID_TOKEN")
		a.Call(t, u.Token, "genies", "all", "", nil).Expect(t, 401, "INVALID_TOKEN")
	})
}

// TestConcurrentWrites: parallel writers never see "database is locked".
func TestConcurrentWrites(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		users := make([]*apitest.User, 8)
		for i := range users {
			users[i] = s.NewUser(t, auth.RoleUser)
		}
		var wg sync.WaitGroup
		errs := make(chan string, 400)
		for i := range 200 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				u := users[i%len(users)]
				r := s.Call(t, u.Token, "documents", "create", "", map[string]any{"name": fmt.Sprint("d", i), "content": "x"})
				if r.Status != 201 {
					errs <- string(r.Raw)
				}
			}()
		}
		wg.Wait()
		close(errs)
		for e := range errs {
			t.Fatalf("concurrent create failed: %s", e)
		}
	})
}
