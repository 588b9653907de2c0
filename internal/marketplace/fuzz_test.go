package marketplace

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/geniehq/genie/internal/platform/apperr"
)

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
