package marketplace

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/geniehq/genie/internal/marketplace/taxonomy"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/field"
)

// Field limits, in characters.
const (
	MaxSlugLen        = taxonomy.MaxSlugLen
	MaxNameLen        = taxonomy.MaxNameLen
	MaxTaglineLen     = 300
	MaxDescriptionLen = taxonomy.MaxDescriptionLen
	MaxURLLen         = 2_000
	MaxMetadataBytes  = 10_000
	MaxSearchLen      = 200
	MaxSearchWords    = 16
	MaxIconLen        = taxonomy.MaxIconLen
	MaxFilterLen      = 100
	// MaxRating is the top of the rating scale (reviews rate 1 to 5).
	MaxRating = 5
)

// checkURL validates an optional absolute http(s) URL.
func checkURL(name, s string) error { return field.HTTPURL(name, s, MaxURLLen) }

// checkID validates a record ID field.
func checkID(name, s string) error {
	if !field.IsUUID(s) {
		return apperr.Invalid(name, "%s must be a UUID", name)
	}
	return nil
}

// parseMetadata validates the metadata object and extracts the filterable
// keys difficulty and industry (strings, compared case-insensitively).
func parseMetadata(raw json.RawMessage) (meta string, difficulty, industry *string, err error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) > MaxMetadataBytes {
		return "", nil, nil, apperr.Invalid("metadata", "metadata must be at most %d bytes of JSON", MaxMetadataBytes)
	}
	var m map[string]json.RawMessage
	if len(raw) == 0 || raw[0] != '{' || json.Unmarshal(raw, &m) != nil {
		return "", nil, nil, apperr.Invalid("metadata", "metadata must be an object")
	}
	get := func(key string) (*string, error) {
		v, ok := m[key]
		if !ok || string(v) == "null" {
			return nil, nil
		}
		var s string
		if json.Unmarshal(v, &s) != nil {
			return nil, apperr.Invalid("metadata."+key, "metadata.%s must be a string", key)
		}
		s = strings.ToLower(strings.TrimSpace(s))
		if len(s) > MaxFilterLen {
			return nil, apperr.Invalid("metadata."+key, "metadata.%s must be at most %d characters", key, MaxFilterLen)
		}
		if s == "" {
			return nil, nil
		}
		return &s, nil
	}
	if difficulty, err = get("difficulty"); err != nil {
		return "", nil, nil, err
	}
	if industry, err = get("industry"); err != nil {
		return "", nil, nil, err
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, raw); err != nil {
		return "", nil, nil, apperr.Invalid("metadata", "metadata must be an object")
	}
	return buf.String(), difficulty, industry, nil
}

// Sort orders.
const (
	SortNewest    = "newest"
	SortPopular   = "popular"
	SortRating    = "rating"
	SortClones    = "clones"
	sortFeatured  = "featured"  // all's default: featured first, then clones
	sortRelevance = "relevance" // default when searching
)

// Query is a parsed list/all query.
type Query struct {
	Category   string   // slug (or ID)
	Brand      string   // slug (or ID)
	Words      []string // search words, lower-case; all must match
	Featured   *bool
	MinRating  *float64
	Difficulty string
	Industry   string
	Sort       string
}

// key identifies q among queries, for the caches: every field is in it.
func (q Query) key() string {
	return fmt.Sprintf("%q|%q|%q|%s|%s|%q|%q|%q", q.Category, q.Brand, strings.Join(q.Words, " "), fmtBool(q.Featured),
		fmtFloat(q.MinRating), q.Difficulty, q.Industry, q.Sort)
}

// rawQuery is the query object as sent. Loose types (string or number,
// string or boolean) are accepted where clients commonly send either.
type rawQuery struct {
	Category   *string         `json:"category"`
	Brand      *string         `json:"brand"`
	Search     *string         `json:"search"`
	Featured   json.RawMessage `json:"featured"`
	MinRating  json.RawMessage `json:"minRating"`
	Difficulty *string         `json:"difficulty"`
	Industry   *string         `json:"industry"`
	SortBy     *string         `json:"sortBy"`
}

// ParseQuery validates a query object; defaultSort applies when sortBy is
// absent and there is no search (a search defaults to relevance).
func ParseQuery(raw json.RawMessage, defaultSort string) (Query, error) {
	q := Query{Sort: defaultSort}
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return q, nil
	}
	if raw[0] != '{' {
		return q, apperr.Invalid("query", "query must be an object")
	}
	var r rawQuery
	if err := field.Decode(raw, &r); err != nil {
		if e, ok := apperr.As(err); ok && e.Field != "" && !strings.HasPrefix(e.Field, "query") {
			e.Field = "query." + e.Field
			e.Message = "query." + e.Message
		}
		return q, err
	}
	str := func(field string, v *string) (string, error) {
		if v == nil {
			return "", nil
		}
		s := strings.TrimSpace(*v)
		if len(s) > MaxFilterLen {
			return "", apperr.Invalid("query."+field, "query.%s must be at most %d characters", field, MaxFilterLen)
		}
		return s, nil
	}
	var err error
	if q.Category, err = str("category", r.Category); err != nil {
		return q, err
	}
	if q.Brand, err = str("brand", r.Brand); err != nil {
		return q, err
	}
	if q.Difficulty, err = str("difficulty", r.Difficulty); err != nil {
		return q, err
	}
	if q.Industry, err = str("industry", r.Industry); err != nil {
		return q, err
	}
	q.Difficulty, q.Industry = strings.ToLower(q.Difficulty), strings.ToLower(q.Industry)
	if r.Search != nil {
		if len([]rune(*r.Search)) > MaxSearchLen {
			return q, apperr.Invalid("query.search", "query.search must be at most %d characters", MaxSearchLen)
		}
		q.Words = SearchWords(*r.Search)
		if len(q.Words) > MaxSearchWords {
			return q, apperr.Invalid("query.search", "query.search may have at most %d words", MaxSearchWords)
		}
		if len(q.Words) > 0 {
			q.Sort = sortRelevance
		}
	}
	if q.Featured, err = parseFeatured(r.Featured); err != nil {
		return q, err
	}
	if q.MinRating, err = parseMinRating(r.MinRating); err != nil {
		return q, err
	}
	if r.SortBy != nil && *r.SortBy != "" {
		switch *r.SortBy {
		case SortNewest, SortPopular, SortRating, SortClones:
			q.Sort = *r.SortBy
		default:
			return q, apperr.Invalid("query.sortBy", "query.sortBy must be one of popular, newest, rating, clones")
		}
	}
	return q, nil
}

func parseFeatured(raw json.RawMessage) (*bool, error) {
	s := strings.TrimSpace(string(raw))
	switch s {
	case "", "null", `""`:
		return nil, nil
	case "true", `"true"`:
		v := true
		return &v, nil
	case "false", `"false"`:
		v := false
		return &v, nil
	}
	return nil, apperr.Invalid("query.featured", "query.featured must be \"true\" or \"false\"")
}

// minRatingText is what a minRating given as a string may be: a decimal
// number from 0 to 5, or nothing (no filter).
const minRatingText = `^\s*([0-4](\.[0-9]+)?|5(\.0+)?)?\s*$`

var minRatingPattern = regexp.MustCompile(minRatingText)

func parseMinRating(raw json.RawMessage) (*float64, error) {
	s := strings.TrimSpace(string(raw))
	if s == "" || s == "null" || s == `""` {
		return nil, nil
	}
	if strings.HasPrefix(s, `"`) {
		var str string
		if json.Unmarshal(raw, &str) != nil || !minRatingPattern.MatchString(str) {
			return nil, apperr.Invalid("query.minRating", "query.minRating must be a number from 0 to %d", MaxRating)
		}
		if s = strings.TrimSpace(str); s == "" {
			return nil, nil
		}
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v != v || v < 0 || v > MaxRating {
		return nil, apperr.Invalid("query.minRating", "query.minRating must be a number from 0 to %d", MaxRating)
	}
	return &v, nil
}

// SearchWords splits a search string into lower-case words of letters and
// digits; everything else separates words, so no query syntax of either
// engine can be injected.
func SearchWords(s string) []string {
	f := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
	if len(f) == 0 {
		return nil
	}
	return f
}
