package identity_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/app"
	"github.com/geniehq/genie/internal/auth"
)

// expectAuth checks a GoTrue error answer: the status, error_code, and a
// code field and message as auth-js reads them.
func expectAuth(t *testing.T, r *apitest.Resp, status int, code string) *apitest.Resp {
	t.Helper()
	if r.Status != status || apitest.Str(r.Body, "error_code") != code {
		t.Fatalf("got %d %q, want %d %q: %s", r.Status, apitest.Str(r.Body, "error_code"), status, code, r.Raw)
	}
	if code != "" {
		if c, _ := r.Body["code"].(float64); int(c) != status || apitest.Str(r.Body, "msg") == "" {
			t.Fatalf("error body without code or msg: %s", r.Raw)
		}
	}
	return r
}

// signIn answers the password grant.
func signIn(t *testing.T, s *apitest.Server, email, password string) *apitest.Resp {
	t.Helper()
	return s.Do(t, "POST", "/auth/v1/token?grant_type=password", "", map[string]string{"email": email, "password": password})
}

// TestRecovery: POST /recover mails a code and a link (the outbox holds
// mail to example.com, no relay being set); each signs in once, within
// the code lifetime; unknown addresses get the same answer and no mail.
func TestRecovery(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		clock := &apitest.Clock{}
		clock.Set(time.Now().UTC().Truncate(time.Hour).Add(time.Minute))
		s := apitest.Start(t, store, apitest.WithClock(clock), func(c *app.Config) { c.AuthEmailInterval = -1 })
		u := s.NewUser(t, auth.RoleUser)
		recover := func(email string) *apitest.Resp {
			return s.Do(t, "POST", "/auth/v1/recover", "", map[string]string{"email": email})
		}
		verify := func(body map[string]string) *apitest.Resp { return s.Do(t, "POST", "/auth/v1/verify", "", body) }

		expectAuth(t, s.Do(t, "POST", "/auth/v1/recover", "", `{}`), 400, "validation_failed")
		expectAuth(t, recover("not an address"), 400, "validation_failed")
		r := expectAuth(t, recover("nobody@example.com"), 200, "")
		if string(r.Raw) != "{}\n" {
			t.Fatalf("recover for an unknown address: %q", r.Raw)
		}
		if n := pendingCodes(t, s, "nobody@example.com"); n != 0 {
			t.Fatalf("%d codes stored for an unknown address", n)
		}
		r = expectAuth(t, recover(strings.ToUpper(u.Email)), 200, "")
		if string(r.Raw) != "{}\n" {
			t.Fatalf("recover: %q", r.Raw)
		}
		m := waitMail(t, s, u.Email, 1)
		if !strings.Contains(m.Subject, "Reset") || !strings.Contains(m.Link, "type=recovery") || !strings.HasPrefix(m.Link, s.URL+"/auth/v1/verify?") {
			t.Fatalf("recovery mail: %q %q", m.Subject, m.Link)
		}

		// Only hashes are stored.
		var codeHash, linkHash string
		if err := s.App.DB.R.QueryRow(`SELECT code_hash, link_hash FROM auth_one_time_codes WHERE email = $1`, u.Email).Scan(&codeHash, &linkHash); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(codeHash, m.Code) || linkHash == m.TokenHash(t) || len(codeHash) != 64 {
			t.Fatal("a code or link token is stored in the clear")
		}

		wrong := otherCode(m.Code, 1)
		expectAuth(t, verify(map[string]string{"type": "recovery", "email": u.Email, "token": wrong}), 403, "otp_expired")
		expectAuth(t, verify(map[string]string{"type": "signup", "email": u.Email, "token": m.Code}), 403, "otp_expired")
		v := expectAuth(t, verify(map[string]string{"type": "recovery", "email": u.Email, "token": m.Code}), 200, "")
		tok := apitest.Str(v.Body, "access_token")
		if tok == "" || apitest.Str(v.Body, "refresh_token") == "" || apitest.Str(v.Body, "user", "id") != u.ID {
			t.Fatalf("verify recovery: %s", v.Raw)
		}
		// Single use: the code, and the link of the same mail, are spent.
		expectAuth(t, verify(map[string]string{"type": "recovery", "email": u.Email, "token": m.Code}), 403, "otp_expired")
		expectAuth(t, verify(map[string]string{"type": "recovery", "token_hash": m.TokenHash(t)}), 403, "otp_expired")
		// The session sets a new password.
		expectAuth(t, s.Do(t, "PUT", "/auth/v1/user", tok, map[string]string{"password": "recovered password"}), 200, "")
		expectAuth(t, signIn(t, s, u.Email, u.Password), 400, "invalid_credentials")
		expectAuth(t, signIn(t, s, u.Email, "recovered password"), 200, "")

		// By token_hash (the link's token), once.
		expectAuth(t, recover(u.Email), 200, "")
		m2 := waitMail(t, s, u.Email, 2)
		if m2.Code == m.Code && m2.TokenHash(t) == m.TokenHash(t) {
			t.Fatal("a new request mailed the same code and link")
		}
		expectAuth(t, verify(map[string]string{"type": "recovery", "token_hash": m2.TokenHash(t)}), 200, "")
		expectAuth(t, verify(map[string]string{"type": "recovery", "token_hash": m2.TokenHash(t)}), 403, "otp_expired")
		expectAuth(t, verify(map[string]string{"type": "recovery", "email": u.Email, "token": m2.Code}), 403, "otp_expired")

		// A newer request replaces the pending code.
		expectAuth(t, recover(u.Email), 200, "")
		m3 := waitMail(t, s, u.Email, 3)
		expectAuth(t, recover(u.Email), 200, "")
		m4 := waitMail(t, s, u.Email, 4)
		expectAuth(t, verify(map[string]string{"type": "recovery", "email": u.Email, "token": m3.Code}), 403, "otp_expired")
		// Expired: past the code lifetime (1 hour) neither works.
		clock.Advance(time.Hour + time.Second)
		expectAuth(t, verify(map[string]string{"type": "recovery", "email": u.Email, "token": m4.Code}), 403, "otp_expired")
		expectAuth(t, verify(map[string]string{"type": "recovery", "token_hash": m4.TokenHash(t)}), 403, "otp_expired")

		// Five wrong codes spend a pending one; the right code then fails.
		expectAuth(t, recover(u.Email), 200, "")
		m5 := waitMail(t, s, u.Email, 5)
		bad := otherCode(m5.Code, 7)
		for range 5 {
			expectAuth(t, verify(map[string]string{"type": "recovery", "email": u.Email, "token": bad}), 403, "otp_expired")
		}
		expectAuth(t, verify(map[string]string{"type": "recovery", "email": u.Email, "token": m5.Code}), 403, "otp_expired")
	})
}

// otherCode is a six-digit code that is not code.
func otherCode(code string, by int) string {
	n, _ := strconv.Atoi(code)
	return fmt.Sprintf("%06d", (n+by)%1000000)
}

// TestVerifyValidation: malformed verify requests get GoTrue's errors.
func TestVerifyValidation(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		for _, c := range []struct {
			name   string
			body   any
			status int
			code   string
		}{
			{"not JSON", `[`, 400, "validation_failed"},
			{"no type", map[string]string{"email": "a@example.com", "token": "123456"}, 400, "validation_failed"},
			{"no token", map[string]string{"type": "recovery", "email": "a@example.com"}, 400, "validation_failed"},
			{"token and token_hash", map[string]string{"type": "recovery", "email": "a@example.com", "token": "123456", "token_hash": "ab"}, 400, "validation_failed"},
			{"token without email", map[string]string{"type": "recovery", "token": "123456"}, 400, "validation_failed"},
			{"token with phone", map[string]string{"type": "sms", "phone": "+15555550100", "token": "123456"}, 400, "phone_provider_disabled"},
			{"bad email", map[string]string{"type": "recovery", "email": "nope", "token": "123456"}, 422, "validation_failed"},
			{"unsupported type", map[string]string{"type": "invite", "email": "a@example.com", "token": "123456"}, 400, "validation_failed"},
			{"token_hash with email", map[string]string{"type": "recovery", "email": "a@example.com", "token_hash": "ab"}, 400, "validation_failed"},
			{"token_hash of another type", map[string]string{"type": "sms", "token_hash": "ab"}, 400, "validation_failed"},
			{"unknown code", map[string]string{"type": "recovery", "email": "a@example.com", "token": "123456"}, 403, "otp_expired"},
			{"unknown token_hash", map[string]string{"type": "recovery", "token_hash": strings.Repeat("ab", 32)}, 403, "otp_expired"},
		} {
			t.Run(c.name, func(t *testing.T) { expectAuth(t, s.Do(t, "POST", "/auth/v1/verify", "", c.body), c.status, c.code) })
		}
		expectAuth(t, s.Do(t, "GET", "/auth/v1/verify?token=abc", "", nil), 400, "validation_failed")
		expectAuth(t, s.Do(t, "GET", "/auth/v1/verify?type=recovery", "", nil), 400, "validation_failed")
	})
}

// TestVerifyLink: the mailed link signs in and redirects with the session
// in the fragment, to an allowed redirect_to or else the site URL; a spent
// link redirects with GoTrue's error fields.
func TestVerifyLink(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store, func(c *app.Config) {
			c.AuthEmailInterval = -1
			c.SiteURL = "https://app.example.com/welcome"
			c.RedirectURLs = []string{"https://admin.example.com/auth"}
		})
		s.Client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
		u := s.NewUser(t, auth.RoleUser)
		follow := func(link string) *url.URL {
			t.Helper()
			res, err := s.Client.Get(link)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode != http.StatusSeeOther || res.Header.Get("Cache-Control") != "no-store" {
				t.Fatalf("link: %d %v", res.StatusCode, res.Header)
			}
			loc, err := url.Parse(res.Header.Get("Location"))
			if err != nil {
				t.Fatal(err)
			}
			return loc
		}
		for i, c := range []struct{ redirect, want string }{
			{"", "https://app.example.com/welcome"},
			{"https://admin.example.com/auth/reset?x=1", "https://admin.example.com/auth/reset?x=1"},
			{"https://app.example.com/other", "https://app.example.com/other"},
			{"http://127.0.0.1:3000/cb", "http://127.0.0.1:3000/cb"},
			{"https://admin.example.com/authority", "https://app.example.com/welcome"},
			{"https://evil.example.net/", "https://app.example.com/welcome"},
			{"javascript:alert(1)", "https://app.example.com/welcome"},
		} {
			q := ""
			if c.redirect != "" {
				q = "?redirect_to=" + url.QueryEscape(c.redirect)
			}
			expectAuth(t, s.Do(t, "POST", "/auth/v1/recover"+q, "", map[string]string{"email": u.Email}), 200, "")
			m := waitMail(t, s, u.Email, i+1)
			loc := follow(m.Link)
			frag, _ := url.ParseQuery(loc.Fragment)
			loc.Fragment = ""
			if loc.String() != c.want || frag.Get("access_token") == "" || frag.Get("refresh_token") == "" || frag.Get("type") != "recovery" || frag.Get("token_type") != "bearer" {
				t.Fatalf("redirect_to %q: went to %s with %v", c.redirect, loc, frag)
			}
			expectAuth(t, s.Do(t, "GET", "/auth/v1/user", frag.Get("access_token"), nil), 200, "")
			// The link again: spent.
			loc = follow(m.Link)
			frag, _ = url.ParseQuery(loc.Fragment)
			if frag.Get("error") != "access_denied" || frag.Get("error_code") != "otp_expired" || frag.Get("access_token") != "" {
				t.Fatalf("spent link: %s", loc)
			}
		}
	})
}

// TestAuthMailLimits: auth mails of one kind to one address are spaced
// (GoTrue's max frequency), for unknown addresses alike; attempts at codes
// are limited per address; the per-address request limit covers recovery
// and verification too.
func TestAuthMailLimits(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		clock := &apitest.Clock{}
		clock.Set(time.Now().UTC().Truncate(5 * time.Minute).Add(90 * time.Second))
		s := apitest.Start(t, store, apitest.WithClock(clock))
		u := s.NewUser(t, auth.RoleUser)
		for _, email := range []string{u.Email, "nobody@example.com"} {
			expectAuth(t, s.Do(t, "POST", "/auth/v1/recover", "", map[string]string{"email": email}), 200, "")
			r := expectAuth(t, s.Do(t, "POST", "/auth/v1/recover", "", map[string]string{"email": email}), 429, "over_email_send_rate_limit")
			if r.Header.Get("Retry-After") == "" || !strings.Contains(apitest.Str(r.Body, "msg"), "seconds") {
				t.Fatalf("mail limit answer: %v %s", r.Header, r.Raw)
			}
		}
		clock.Advance(time.Minute)
		expectAuth(t, s.Do(t, "POST", "/auth/v1/recover", "", map[string]string{"email": u.Email}), 200, "")

		// Code attempts: 20 a minute per address.
		for i := range app.SignInAttemptsPerMinute {
			expectAuth(t, s.Do(t, "POST", "/auth/v1/verify", "", map[string]string{"type": "recovery", "email": "guess@example.com", "token": fmt.Sprintf("%06d", i)}), 403, "otp_expired")
		}
		expectAuth(t, s.Do(t, "POST", "/auth/v1/verify", "", map[string]string{"type": "recovery", "email": "guess@example.com", "token": "999999"}), 429, "over_request_rate_limit")

		// The per-client-address limit counts recover and verify.
		s2 := apitest.Start(t, store, apitest.WithClock(clock), func(c *app.Config) { c.AuthAddrLimit, c.AuthEmailInterval = 2, -1 })
		expectAuth(t, s2.Do(t, "POST", "/auth/v1/recover", "", map[string]string{"email": "a@example.com"}), 200, "")
		expectAuth(t, s2.Do(t, "POST", "/auth/v1/verify", "", map[string]string{"type": "recovery", "email": "a@example.com", "token": "000000"}), 403, "otp_expired")
		expectAuth(t, s2.Do(t, "POST", "/auth/v1/recover", "", map[string]string{"email": "b@example.com"}), 429, "over_request_rate_limit")
	})
}

// TestTemporaryPasswordRecovery: the account that mail-tenant-credentials
// upsert creates for a new owner has a password nobody knows; the owner
// sets one through recovery.
func TestTemporaryPasswordRecovery(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		admin := s.NewUser(t, auth.RoleAdmin)
		owner := "owner@acme.example"
		s.Call(t, admin.Token, "mail-tenant-credentials", "upsert", "", map[string]any{"owner_email": owner, "tenant_id": "t-1", "api_key": "k-1"}).Expect(t, 200, "")
		expectAuth(t, s.Do(t, "POST", "/auth/v1/recover", "", map[string]string{"email": owner}), 200, "")
		m := waitMail(t, s, owner, 1)
		v := expectAuth(t, s.Do(t, "POST", "/auth/v1/verify", "", map[string]string{"type": "recovery", "email": owner, "token": m.Code}), 200, "")
		tok := apitest.Str(v.Body, "access_token")
		expectAuth(t, s.Do(t, "PUT", "/auth/v1/user", tok, map[string]string{"password": "owner's own password"}), 200, "")
		access, _ := s.SignIn(t, owner, "owner's own password")
		s.Call(t, access, "api-keys", "create", "", map[string]any{"name": "owner key"}).Expect(t, 201, "")
	})
}

// TestCodeSingleUseConcurrently: one code presented by several requests at
// once signs in exactly one of them, by code and by link alike.
func TestCodeSingleUseConcurrently(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store, func(c *app.Config) { c.AuthEmailInterval = -1 })
		u := s.NewUser(t, auth.RoleUser)
		for i, byLink := range []bool{false, true} {
			expectAuth(t, s.Do(t, "POST", "/auth/v1/recover", "", map[string]string{"email": u.Email}), 200, "")
			m := waitMail(t, s, u.Email, i+1)
			body := map[string]string{"type": "recovery", "email": u.Email, "token": m.Code}
			if byLink {
				body = map[string]string{"type": "recovery", "token_hash": m.TokenHash(t)}
			}
			const n = 8
			statuses := make(chan int, n)
			var wg sync.WaitGroup
			for range n {
				wg.Add(1)
				go func() {
					defer wg.Done()
					statuses <- s.Do(t, "POST", "/auth/v1/verify", "", body).Status
				}()
			}
			wg.Wait()
			close(statuses)
			won := 0
			for st := range statuses {
				switch st {
				case 200:
					won++
				case 403:
				default:
					t.Fatalf("verify answered %d", st)
				}
			}
			if won != 1 {
				t.Fatalf("by link %v: %d of %d concurrent verifications succeeded, want 1", byLink, won, n)
			}
		}
	})
}
