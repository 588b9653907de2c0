package mailboxes

import (
	"regexp"
	"slices"
	"testing"
)

var localpartRE = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,38}[a-z0-9]$`)

// FuzzCheckLocalpart: a local part is 2 to 40 of a-z, 0-9 and inner
// hyphens, and not a reserved role address.
func FuzzCheckLocalpart(f *testing.F) {
	for _, s := range []string{"front-desk", "a", "ab", "-ab", "ab-", "Ab", "postmaster", "a_b", "é1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := localpartRE.MatchString(s) && !slices.Contains(Reserved, s)
		if ok := CheckLocalpart(s) == nil; ok != want {
			t.Fatalf("CheckLocalpart(%q) = %v, want %v", s, ok, want)
		}
	})
}
