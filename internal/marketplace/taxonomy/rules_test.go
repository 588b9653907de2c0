package taxonomy

import (
	"regexp"
	"testing"
)

func TestCheckSlug(t *testing.T) {
	for _, tc := range []struct {
		slug string
		ok   bool
	}{
		{"a", true}, {"support-bot", true}, {"bot2-v3", true}, {"123", true},
		{"", false}, {"Bot", false}, {"a b", false}, {"-a", false}, {"a-", false}, {"a--b", false},
		{"a_b", false}, {"ünï", false}, {"a/b", false}, {string(make([]byte, 101)), false},
	} {
		err := CheckSlug("slug", tc.slug)
		if (err == nil) != tc.ok {
			t.Errorf("CheckSlug(%q) = %v, want ok %v", tc.slug, err, tc.ok)
		}
	}
}

var slugRE = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// FuzzCheckSlug: a slug is lower-case words of letters and digits joined
// by single hyphens, at most MaxSlugLen long.
func FuzzCheckSlug(f *testing.F) {
	for _, s := range []string{"support-bot", "a", "", "-a", "a-", "a--b", "A", "a_b", "ü"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := slugRE.MatchString(s) && len(s) <= MaxSlugLen
		if ok := CheckSlug("slug", s) == nil; ok != want {
			t.Fatalf("CheckSlug(%q) = %v, want %v", s, ok, want)
		}
	})
}
