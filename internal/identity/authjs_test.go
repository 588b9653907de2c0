package identity_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	netmail "net/mail"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/app"
	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/platform/mail/mailtest"
)

// TestAuthJSRoundTrip drives the real @supabase/auth-js client (under Node)
// against the running server on each store.
func TestAuthJSRoundTrip(t *testing.T) {
	dir, node := authJSDir(t)
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store, func(c *app.Config) { c.RefreshReuseInterval = time.Second })
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		cmd := exec.CommandContext(ctx, node, "roundtrip.mjs")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GENIE_URL="+s.URL)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("auth-js round trip failed: %v\n%s", err, out)
		}
		var res struct {
			OK    bool     `json:"ok"`
			Steps []string `json:"steps"`
		}
		if err := json.Unmarshal(lastLine(out), &res); err != nil || !res.OK || len(res.Steps) < 10 {
			t.Fatalf("unexpected output: %s", out)
		}
		t.Logf("auth-js steps: %v", res.Steps)
	})
}

func exists(p string) bool { _, err := os.Stat(p); return err == nil }

// authJSDir returns test/authjs and node, or skips (fails under
// GENIE_TEST_STRICT) when they are not ready.
func authJSDir(t *testing.T) (dir, node string) {
	t.Helper()
	dir, _ = filepath.Abs("../../test/authjs")
	node, err := exec.LookPath("node")
	if err != nil || !exists(filepath.Join(dir, "node_modules", "@supabase", "auth-js")) {
		if os.Getenv("GENIE_TEST_STRICT") != "" {
			t.Fatalf("node or test/authjs/node_modules missing (run npm ci in test/authjs)")
		}
		t.Skip("auth-js test skipped: needs node and `npm ci` in test/authjs")
	}
	return dir, node
}

// TestAuthJSLifecycle drives the real @supabase/auth-js (test/authjs/
// lifecycle.mjs) through updateUser, password recovery with the mail read
// from a real SMTP relay (aiosmtpd), verifyOtp, spent and expired codes,
// closed sign-up and sign-up with confirmation, on each store.
func TestAuthJSLifecycle(t *testing.T) {
	dir, node := authJSDir(t)
	apitest.EachStore(t, func(t *testing.T, store string) {
		relay := mailtest.StartRelay(t)
		clock := &apitest.Clock{}
		opts := func(more func(*app.Config)) []apitest.Option {
			return []apitest.Option{apitest.WithClock(clock), func(c *app.Config) {
				c.SMTPRelay, c.AuthEmailInterval = relay.Addr, -1
				if more != nil {
					more(c)
				}
			}}
		}
		open := apitest.Start(t, store, opts(nil)...)
		closed := apitest.Start(t, store, opts(func(c *app.Config) { c.DisableSignup = true })...)
		confirm := apitest.Start(t, store, opts(func(c *app.Config) { c.RequireEmailConfirmation = true })...)
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, node, "lifecycle.mjs")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GENIE_URL="+open.URL, "GENIE_CLOSED_URL="+closed.URL,
			"GENIE_CONFIRM_URL="+confirm.URL, "MAIL_DESK="+mailDesk(t, relay, clock))
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("auth-js lifecycle failed: %v\n%s", err, out)
		}
		var res struct {
			OK    bool     `json:"ok"`
			Steps []string `json:"steps"`
		}
		if err := json.Unmarshal(lastLine(out), &res); err != nil || !res.OK || len(res.Steps) < 11 {
			t.Fatalf("unexpected output: %s", out)
		}
		t.Logf("auth-js steps: %v", res.Steps)
	})
}

// relayedTo returns the messages the relay has printed in full (aiosmtpd
// may be midway through printing the last one) for the address.
func relayedTo(relay *mailtest.Relay, to string) [][]byte {
	var out [][]byte
	for _, part := range strings.Split(relay.Output(), "---------- MESSAGE FOLLOWS ----------")[1:] {
		m, _, complete := strings.Cut(part, "------------ END MESSAGE ------------")
		if !complete {
			continue
		}
		m = strings.TrimSpace(m)
		// aiosmtpd's Debugging handler prints the MAIL options first.
		if strings.HasPrefix(m, "mail options:") {
			_, m, _ = strings.Cut(m, "\n\n")
		}
		if msg, err := netmail.ReadMessage(strings.NewReader(m)); err == nil && strings.Contains(msg.Header.Get("To"), "<"+to+">") {
			out = append(out, []byte(m))
		}
	}
	return out
}

// mailDesk serves the script what it cannot reach itself: GET /mail?to=&n=
// answers the n-th message the relay received for an address, decoded to
// {subject, text} (waiting up to 20 s for it), and POST /advance?seconds=
// moves the servers' clock.
func mailDesk(t *testing.T, relay *mailtest.Relay, clock *apitest.Clock) string {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /mail", func(w http.ResponseWriter, r *http.Request) {
		to := r.URL.Query().Get("to")
		n, _ := strconv.Atoi(r.URL.Query().Get("n"))
		var lastErr error
		for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
			mine := relayedTo(relay, to)
			if n < 1 || len(mine) < n {
				continue
			}
			subject, text, err := decodeMail(mine[n-1])
			if err != nil {
				lastErr = err
				continue
			}
			w.Header().Set("Content-Type", "application/json")
			json.NewEncoder(w).Encode(map[string]string{"subject": subject, "text": text}) //nolint:errcheck
			return
		}
		if lastErr != nil {
			http.Error(w, lastErr.Error(), http.StatusInternalServerError)
			return
		}
		http.Error(w, "no such mail; relay output:\n"+relay.Output(), http.StatusGatewayTimeout)
	})
	mux.HandleFunc("POST /advance", func(w http.ResponseWriter, r *http.Request) {
		secs, err := strconv.Atoi(r.URL.Query().Get("seconds"))
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		clock.Advance(time.Duration(secs) * time.Second)
		w.WriteHeader(http.StatusNoContent)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv.URL
}

func lastLine(b []byte) []byte {
	lines := bytes.Split(bytes.TrimSpace(b), []byte("\n"))
	return lines[len(lines)-1]
}

// TestSignInThrottle: password attempts per email are limited, for the
// right password too, and other addresses are unaffected.
func TestSignInThrottle(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		clock := &apitest.Clock{}
		clock.Set(time.Now().UTC().Truncate(time.Minute).Add(time.Minute + time.Second))
		s := apitest.Start(t, store, apitest.WithClock(clock))
		u := s.NewUser(t, auth.RoleUser) // one attempt used
		other := s.NewUser(t, auth.RoleUser)
		for i := 0; i < app.SignInAttemptsPerMinute-1; i++ {
			r := s.Do(t, "POST", "/auth/v1/token?grant_type=password", "", map[string]string{"email": u.Email, "password": "wrong"})
			if r.Status != 400 || r.Body["error_code"] != "invalid_credentials" {
				t.Fatalf("attempt %d: %d %s", i, r.Status, r.Raw)
			}
		}
		r := s.Do(t, "POST", "/auth/v1/token?grant_type=password", "", map[string]string{"email": u.Email, "password": u.Password})
		if r.Status != 429 || r.Body["error_code"] != "over_request_rate_limit" || r.Header.Get("Retry-After") == "" {
			t.Fatalf("throttled sign-in: %d %s", r.Status, r.Raw)
		}
		s.SignIn(t, other.Email, other.Password)
	})
}
