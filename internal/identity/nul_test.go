package identity_test

import (
	"testing"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/auth"
)

// TestNULRefused: the NUL character in any string of an /auth/v1 body is
// refused with GoTrue's 400 validation_failed naming the field, as /v1
// refuses it, never passed on to the database (PostgreSQL cannot store it
// in text and answered 500).
func TestNULRefused(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		u := s.NewUser(t, auth.RoleUser)
		for _, c := range []struct{ method, path, body, field string }{
			{"POST", "/auth/v1/token?grant_type=password", `{"email":"a\u0000b","password":"x"}`, "email"},
			{"POST", "/auth/v1/token?grant_type=password", `{"email":"` + u.Email + `","password":"x\u0000"}`, "password"},
			{"POST", "/auth/v1/token?grant_type=refresh_token", `{"refresh_token":"\u0000"}`, "refresh_token"},
			{"POST", "/auth/v1/signup", `{"email":"n\u0000ul@example.com","password":"secret-pw"}`, "email"},
			{"POST", "/auth/v1/signup", `{"email":"nul@example.com","password":"secret-pw","data":{"name":"\u0000"}}`, "data.name"},
			{"POST", "/auth/v1/recover", `{"email":"a\u0000@example.com"}`, "email"},
			{"POST", "/auth/v1/verify", `{"type":"recovery","email":"a\u0000@example.com","token":"123456"}`, "email"},
			{"POST", "/auth/v1/resend", `{"type":"signup","email":"a\u0000@example.com"}`, "email"},
			{"PUT", "/auth/v1/user", `{"data":{"x":"\u0000"}}`, "data.x"},
		} {
			r := s.Do(t, c.method, c.path, u.Token, c.body)
			if r.Status != 400 || apitest.Str(r.Body, "error_code") != "validation_failed" {
				t.Fatalf("%s %s %s: %d %s", c.method, c.path, c.body, r.Status, r.Raw)
			}
			if msg := apitest.Str(r.Body, "msg"); msg == "" || msg[:len(c.field)] != c.field {
				t.Fatalf("%s %s: message %q does not name %s", c.method, c.path, msg, c.field)
			}
		}
		// An escaped backslash before u0000 is not NUL.
		r := s.Do(t, "POST", "/auth/v1/token?grant_type=password", "", `{"email":"`+u.Email+`","password":"\\u0000"}`)
		if r.Status != 400 || apitest.Str(r.Body, "error_code") != "invalid_credentials" {
			t.Fatalf("a password spelling \\u0000: %d %s", r.Status, r.Raw)
		}
	})
}

// TestNonASCIIEmailRefused: an address outside ASCII, which the published
// schema's format "email" refuses, is refused by sign-up and recovery
// with 400 validation_failed (GoTrue's answer), and by the admin's
// mail-tenant-credentials upsert with VALIDATION_ERROR on owner_email.
func TestNonASCIIEmailRefused(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		for _, path := range []string{"/auth/v1/signup", "/auth/v1/recover"} {
			r := s.Do(t, "POST", path, "", `{"email":"josé@example.com","password":"secret-pw"}`)
			if r.Status != 400 || apitest.Str(r.Body, "error_code") != "validation_failed" {
				t.Fatalf("%s: %d %s", path, r.Status, r.Raw)
			}
		}
		admin := s.NewUser(t, auth.RoleAdmin)
		r := s.Call(t, admin.Token, "mail-tenant-credentials", "upsert", "", map[string]any{"owner_email": "josé@example.com", "tenant_id": "t", "api_key": "k"}).
			Expect(t, 400, "VALIDATION_ERROR")
		if f := apitest.Str(r.Err(), "field"); f != "owner_email" {
			t.Fatalf("field %q", f)
		}
	})
}
