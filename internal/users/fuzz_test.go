package users

import (
	"strings"
	"testing"
)

// FuzzNormalizeEmail: an accepted address is ASCII, lower-case, trimmed,
// has one local part and a domain, and normalising it again changes
// nothing.
func FuzzNormalizeEmail(f *testing.F) {
	for _, s := range []string{"a@b.co", " Dev@Example.COM ", "x@localhost", "a@b", "no", "a b@c.d", "\"q\"@x.io", "a@@b.c", "é@ü.de"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e, err := NormalizeEmail(s)
		if err != nil {
			return
		}
		if e != strings.ToLower(e) || e != strings.TrimSpace(e) || strings.Count(e, "@") < 1 || strings.HasPrefix(e, "@") || strings.HasSuffix(e, "@") ||
			strings.IndexFunc(e, func(r rune) bool { return r >= 0x80 }) >= 0 {
			t.Fatalf("NormalizeEmail(%q) = %q", s, e)
		}
		if again, err := NormalizeEmail(e); err != nil || again != e {
			t.Fatalf("NormalizeEmail is not idempotent on %q: %q, %v", e, again, err)
		}
	})
}

// FuzzCheckPassword: accepted passwords are 6 to 72 bytes, all others are
// refused.
func FuzzCheckPassword(f *testing.F) {
	f.Add("secret")
	f.Add(strings.Repeat("x", 73))
	f.Fuzz(func(t *testing.T, p string) {
		ok := CheckPassword(p) == nil
		if ok != (len(p) >= MinPasswordLen && len(p) <= MaxPasswordLen) {
			t.Fatalf("CheckPassword(%d bytes) = %v", len(p), ok)
		}
	})
}

// TestNormalizeEmailASCII: addresses outside ASCII are refused, as the
// published schema's format "email" (RFC 5321) and GoTrue refuse them.
func TestNormalizeEmailASCII(t *testing.T) {
	for _, c := range []struct {
		in   string
		want bool
	}{{"a@b.co", true}, {" Dev@Example.COM ", true}, {"josé@example.com", false}, {"a@exämple.com", false}, {"é@ü.de", false}} {
		if _, err := NormalizeEmail(c.in); (err == nil) != c.want {
			t.Errorf("NormalizeEmail(%q): %v, want accepted %v", c.in, err, c.want)
		}
	}
}
