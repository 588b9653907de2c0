package identity_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/app"
	"github.com/geniehq/genie/internal/auth"
)

// TestAuthJSRoundTrip drives the real @supabase/auth-js client (under Node)
// against the running server on each store.
func TestAuthJSRoundTrip(t *testing.T) {
	dir, _ := filepath.Abs("../../test/authjs")
	node, err := exec.LookPath("node")
	if err != nil || !exists(filepath.Join(dir, "node_modules", "@supabase", "auth-js")) {
		if os.Getenv("GENIE_TEST_STRICT") != "" {
			t.Fatalf("node or test/authjs/node_modules missing (run npm ci in test/authjs)")
		}
		t.Skip("auth-js round trip skipped: needs node and `npm ci` in test/authjs")
	}
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
