package identity

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/geniehq/genie/internal/users"
)

// sqlStatement matches the start of an SQL statement in a string literal.
var sqlStatement = regexp.MustCompile("`\\s*(SELECT|INSERT|UPDATE|DELETE)\\s")

// TestSQLOnlyInStore: the package's SQL lives in store.go; the rules and
// the HTTP adapter call its functions.
func TestSQLOnlyInStore(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	inStore := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		n := len(sqlStatement.FindAll(src, -1))
		if f == "store.go" {
			inStore = n
		} else if n > 0 {
			t.Errorf("%s has %d SQL statements; move them to store.go", f, n)
		}
	}
	if inStore < 10 {
		t.Fatalf("store.go has %d SQL statements; the pattern no longer finds them", inStore)
	}
}

// TestFailAnswers: the adapter's one error writer answers a refusal as
// itself (Retry-After when it has one), a busy password hasher as a
// retryable 429, and anything else as a 500 without its detail.
func TestFailAnswers(t *testing.T) {
	h := gotrue{s: &Service{Log: slog.New(slog.NewTextHandler(io.Discard, nil))}}
	for _, c := range []struct {
		name       string
		err        error
		status     int
		code       string
		retryAfter string
	}{
		{"refusal", errEmailExists, 422, "email_exists", ""},
		{"limited", tooMany(1500e6, "slow down"), 429, "over_request_rate_limit", "2"},
		{"busy", users.ErrBusy, 429, "over_request_rate_limit", "1"},
		{"wrapped busy", errors.Join(errors.New("x"), users.ErrBusy), 429, "over_request_rate_limit", "1"},
		{"internal", errors.New("secret detail"), 500, "unexpected_failure", ""},
		{"canceled", context.Canceled, 500, "unexpected_failure", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := httptest.NewRecorder()
			h.fail(w, httptest.NewRequest("POST", "/auth/v1/token", nil), c.err)
			var body authError
			if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil {
				t.Fatal(err)
			}
			if w.Code != c.status || body.Code != c.status || body.ErrorCode != c.code {
				t.Fatalf("got %d %+v, want %d %s", w.Code, body, c.status, c.code)
			}
			if got := w.Header().Get("Retry-After"); got != c.retryAfter {
				t.Fatalf("Retry-After %q, want %q", got, c.retryAfter)
			}
			if strings.Contains(w.Body.String(), "secret detail") {
				t.Fatal("an internal error's detail reached the body")
			}
			if ct := w.Header().Get("Content-Type"); ct != "application/json; charset=utf-8" {
				t.Fatalf("Content-Type %q", ct)
			}
		})
	}
}
