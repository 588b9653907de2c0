package httpapi_test

import (
	"testing"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/auth"
)

// TestBadTextRefused: text that encoding/json would silently turn into
// U+FFFD (a lone surrogate escape, bytes that are not UTF-8) is refused
// with a 400 naming the field, and nothing is stored.
func TestBadTextRefused(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		u := s.NewUser(t, auth.RoleUser)
		for _, c := range []struct{ body, field string }{
			{`{"resource":"documents","action":"create","data":{"name":"a\ud800b","content":"x"}}`, "name"},
			{`{"resource":"documents","action":"create","data":{"name":"n","content":"\udfff"}}`, "content"},
			{"{\"resource\":\"documents\",\"action\":\"create\",\"data\":{\"name\":\"n\",\"content\":\"a\xffb\"}}", "content"},
			{`{"resource":"genies","action":"create","data":{"name":"g","document_ids":["\ud83d"]}}`, "document_ids[0]"},
			{`{"resource":"documents","action":"create","data":{"name":"n","content":"x","\ud800":1}}`, "data"},
			{`{"resource":"documents","action":"create","id":"\ud800","data":{"name":"n","content":"x"}}`, "id"},
		} {
			r := s.Do(t, "POST", "/v1", u.Token, c.body).Expect(t, 400, "VALIDATION_ERROR")
			if got := apitest.Str(r.Err(), "field"); got != c.field {
				t.Errorf("%s: field = %q, want %q (%s)", c.body, got, c.field, r.Raw)
			}
		}
		// A surrogate pair is a character like any other.
		r := s.Do(t, "POST", "/v1", u.Token, `{"resource":"documents","action":"create","data":{"name":"\ud83d\ude00","content":"x"}}`).Expect(t, 201, "")
		if got := apitest.Str(r.Data(), "document", "name"); got != "😀" {
			t.Fatalf("paired surrogates stored as %q", got)
		}
		if n := s.Call(t, u.Token, "documents", "all", "", nil).Expect(t, 200, "").Data()["count"]; n != float64(1) {
			t.Fatalf("documents after the refused creates: count %v, want 1", n)
		}

		// The sign-in provider refuses them too, instead of changing a
		// password behind the user's back.
		r = s.Do(t, "POST", "/auth/v1/signup", "", `{"email":"x@example.com","password":"secret\ud800pw"}`)
		if r.Status != 400 || apitest.Str(r.Body, "error_code") != "validation_failed" {
			t.Fatalf("signup with a lone surrogate: %d %s", r.Status, r.Raw)
		}
	})
}
