package marketplace

import (
	"encoding/json"
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/geniehq/genie/internal/platform/apperr"
)

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

// FuzzParseQuery: list and search filters parse or fail with a
// VALIDATION_ERROR naming a field; an accepted query has a sort and
// lower-case search words.
func FuzzParseQuery(f *testing.F) {
	for _, s := range []string{`{}`, `{"sortBy":"rating"}`, `{"minRating":"4.5"}`, `{"minRating":9}`,
		`{"featured":"true"}`, `{"search":"Support BOT","category":"x"}`, `{"sortBy":"nope"}`, `{"featured":1}`, `{"minRating":1e400}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var obj map[string]json.RawMessage
		if json.Unmarshal(data, &obj) != nil {
			return
		}
		q, err := ParseQuery(data, "popular")
		if err != nil {
			var e *apperr.Error
			if !errors.As(err, &e) || e.Code != apperr.CodeValidation || e.Field == "" {
				t.Fatalf("ParseQuery(%q): %v", data, err)
			}
			return
		}
		if q.Sort == "" {
			t.Fatalf("ParseQuery(%q) has no sort", data)
		}
		for _, w := range q.Words {
			if w == "" || w != strings.ToLower(w) {
				t.Fatalf("ParseQuery(%q) has search word %q", data, w)
			}
		}
	})
}
