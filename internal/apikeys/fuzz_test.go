package apikeys

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzCheckName: a name is trimmed, non-empty and at most MaxNameLen
// characters; anything else is refused.
func FuzzCheckName(f *testing.F) {
	for _, s := range []string{"laptop", "  ci  ", "", "   ", strings.Repeat("é", 101)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := CheckName(&s)
		trimmed := strings.TrimSpace(s)
		want := trimmed != "" && utf8.RuneCountInString(trimmed) <= MaxNameLen
		if (err == nil) != want {
			t.Fatalf("CheckName(%q) = %q, %v", s, n, err)
		}
		if err == nil && n != trimmed {
			t.Fatalf("CheckName(%q) = %q, want %q", s, n, trimmed)
		}
	})
}
