package gendocs

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/db"
)

// MaxSourceChars is the internal generation limit: the combined content of
// the sources, in characters, that one generation works from.
const MaxSourceChars = 60_000

// stored is a document row as generation sees it.
type stored struct {
	id, owner, name, content string
	public                   bool
}

// gather loads the requested documents and applies the source rules:
//
//   - none of the IDs exists: NOT_FOUND;
//   - some exist but the caller may use none of them (someone else's
//     private documents): FORBIDDEN;
//   - otherwise IDs that do not exist or may not be used are skipped and
//     reported by ID (a private document's name is never shown to
//     someone who may not read it), and usable documents without readable
//     content are skipped and reported by name;
//   - no readable content remains: VALIDATION_ERROR on documentIds.
//
// Sources keep the order of ids.
func gather(ctx context.Context, q db.Querier, c *auth.Caller, ids []string) ([]Source, []string, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, user_id, name, content, is_public FROM documents WHERE id IN (`+
		db.Placeholders(1, len(ids))+`)`, db.Args(ids)...)
	if err != nil {
		return nil, nil, fmt.Errorf("gendocs: load sources: %w", err)
	}
	defer rows.Close()
	byID := map[string]stored{}
	for rows.Next() {
		var d stored
		if err := rows.Scan(&d.id, &d.owner, &d.name, &d.content, &d.public); err != nil {
			return nil, nil, fmt.Errorf("gendocs: load sources: %w", err)
		}
		byID[d.id] = d
	}
	if err := rows.Err(); err != nil {
		return nil, nil, fmt.Errorf("gendocs: load sources: %w", err)
	}
	if len(byID) == 0 {
		return nil, nil, &apperr.Error{Code: apperr.CodeNotFound, Field: "documentIds", Message: "none of the given document IDs exist"}
	}
	var sources []Source
	skipped := []string{}
	usable := 0
	for _, id := range ids {
		d, ok := byID[id]
		switch {
		case !ok || !d.public && !c.CanAccess(d.owner):
			skipped = append(skipped, id)
		case !readable(d.content):
			usable++
			skipped = append(skipped, d.name)
		default:
			usable++
			sources = append(sources, Source{Name: d.name, Content: strings.TrimSpace(d.content)})
		}
	}
	if usable == 0 {
		return nil, nil, &apperr.Error{Code: apperr.CodeForbidden, Field: "documentIds",
			Message: "access to source documents denied: they are private documents of another user"}
	}
	if len(sources) == 0 {
		return nil, nil, apperr.Invalid("documentIds", "documentIds: no readable content in the selected documents")
	}
	return sources, skipped, nil
}

// readable reports whether content has any letter or digit.
func readable(content string) bool {
	return strings.IndexFunc(content, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0
}

// fit trims the sources so that their combined content is at most limit
// characters, largest first: every source longer than a common cap is cut
// to the cap, and the cap is the largest that fits, so smaller sources
// stay whole. Cuts fall at a paragraph, sentence or word boundary near the
// cap. It reports whether anything was trimmed.
func fit(sources []Source, limit int) ([]Source, bool) {
	lens := make([]int, len(sources))
	total := 0
	for i, s := range sources {
		lens[i] = utf8.RuneCountInString(s.Content)
		total += lens[i]
	}
	if total <= limit {
		return sources, false
	}
	capLen := waterLevel(lens, limit)
	out := make([]Source, len(sources))
	for i, s := range sources {
		out[i] = s
		if lens[i] > capLen {
			out[i].Content = cutAt(s.Content, capLen)
		}
	}
	return out, true
}

// waterLevel returns the largest c with sum(min(len, c)) <= limit.
func waterLevel(lens []int, limit int) int {
	sorted := append([]int(nil), lens...)
	sort.Ints(sorted)
	rest := limit
	for i, l := range sorted {
		share := rest / (len(sorted) - i)
		if l > share {
			return share
		}
		rest -= l
	}
	return sorted[len(sorted)-1]
}

// cutAt returns the start of s, at most n characters, ending at the last
// paragraph break, else sentence end, else space in the last fifth.
func cutAt(s string, n int) string {
	end, count := len(s), 0
	for i := range s {
		if count == n {
			end = i
			break
		}
		count++
	}
	if end == len(s) {
		return s
	}
	head := s[:end]
	floor := len(head) * 4 / 5
	for _, sep := range []string{"\n\n", ". ", "\n", " "} {
		if i := strings.LastIndex(head, sep); i >= floor {
			return strings.TrimSpace(head[:i+len(sep)])
		}
	}
	return strings.TrimSpace(head)
}
