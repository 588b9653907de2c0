package marketplace

import (
	"context"
	"database/sql"
	"fmt"
	"hash/fnv"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/geniehq/genie/internal/marketplace/search"
	"github.com/geniehq/genie/internal/platform/db"
)

// Searches (list and all with query.search) are answered from memory by
// the search index (package search) when it can answer exactly; the
// page's listings then come from the listing cache of that catalog
// version and their view counts from the database, so every field is as
// fresh as the engine's answer would be. This file is the index's view
// of the store (indexSource: the listings, the engine's terms, the
// changes recorded by Service.write) and the service's search path.

// indexSource reads the catalog for the search index.
type indexSource struct {
	d     *db.DB
	terms termSource
}

// indexFields are a search.Row's columns (indexRowDest), and indexColumns
// the same from the listings.
const (
	indexFields = `seq, is_public, is_featured, category_id, COALESCE(brand_id, ''), COALESCE(difficulty, ''),
	COALESCE(industry, ''), rating, clone_count, created_at`
	indexColumns = indexFields + ` FROM marketplace_listings`
)

// indexRowDest is where a Scan puts indexFields, in order.
func indexRowDest(r *search.Row) []any {
	return []any{&r.Seq, &r.Public, &r.Featured, &r.Category, &r.Brand, &r.Difficulty, &r.Industry, &r.Rating, &r.Clones, &r.Created}
}

func scanIndexRows(rows *sql.Rows, fn func(r *search.Row)) error {
	defer rows.Close()
	for rows.Next() {
		var r search.Row
		if err := rows.Scan(indexRowDest(&r)...); err != nil {
			return fmt.Errorf("marketplace: read listings for search: %w", err)
		}
		if r.Seq < 0 || r.Seq > math.MaxUint32 {
			return search.ErrSeqRange
		}
		fn(&r)
	}
	return rows.Err()
}

// Count is the number of listings (the maintained counter).
func (src *indexSource) Count(ctx context.Context) (int64, error) {
	var n int64
	if err := src.d.R.QueryRowContext(ctx, `SELECT COALESCE((SELECT n FROM marketplace_counters WHERE key = 'all'), 0)`).Scan(&n); err != nil {
		return 0, fmt.Errorf("marketplace: count listings: %w", err)
	}
	return n, nil
}

// All reads every listing and its terms in one snapshot, in one pass over
// the listings. The engine's terms come listing by listing; they are
// gathered by term (postingLists) and given to the index a term at a
// time once every row has been, so that it builds each term's bitmaps at
// once.
func (src *indexSource) All(ctx context.Context, row func(*search.Row), posting func(string, *[3][]uint32)) (version int64, err error) {
	var pl postingLists
	err = src.d.Snapshot(ctx, func(tx *sql.Tx) error {
		if version, err = catalogVersionIn(ctx, tx); err != nil {
			return err
		}
		return src.terms.all(ctx, tx, row, &pl)
	})
	if err != nil {
		return 0, err
	}
	pl.each(posting)
	return version, nil
}

// postingLists gathers (listing, field, term) triples into each term's
// listings by field. Terms have IDs, so that a source that meets the same
// words again and again (ftstext.go) looks each up once. A listing's seq
// fits in 32 bits: the sources return search.ErrSeqRange before adding
// one that does not.
type postingLists struct {
	ids   map[string]int32
	terms []string
	lists [][3][]uint32
	last  []int64 // by term: the last (listing, field) added, as seq<<2 | field, +1
}

// id returns the term's ID.
func (pl *postingLists) id(term string) int32 {
	if pl.ids == nil {
		pl.ids = map[string]int32{}
	}
	id, ok := pl.ids[term]
	if !ok {
		term = strings.Clone(term) // it may be part of a longer text
		id = int32(len(pl.terms))
		pl.ids[term] = id
		pl.terms = append(pl.terms, term)
		pl.lists = append(pl.lists, [3][]uint32{})
		pl.last = append(pl.last, 0)
	}
	return id
}

// add records that the listing holds the term in the field.
func (pl *postingLists) add(seq int64, field int, term string) {
	pl.addOnce(seq, field, pl.id(term))
}

// addOnce records that the listing holds term id in the field; the same
// again right after (a listing's field holding the term twice) is
// ignored.
func (pl *postingLists) addOnce(seq int64, field int, id int32) {
	key := seq<<2 | int64(field) + 1
	if pl.last[id] == key {
		return
	}
	pl.last[id] = key
	l := &pl.lists[id][field]
	*l = append(*l, uint32(seq))
}

// each gives every term's listings, each field's ascending, and lets each
// term's lists go once given.
func (pl *postingLists) each(fn func(string, *[3][]uint32)) {
	pl.ids, pl.last = nil, nil
	for i, term := range pl.terms {
		fields := &pl.lists[i]
		for _, l := range fields {
			if !slices.IsSorted(l) {
				slices.Sort(l)
			}
		}
		fn(term, fields)
		*fields = [3][]uint32{}
	}
	pl.terms, pl.lists = nil, nil
}

// Mark identifies the catalog at version, for the search index's
// snapshot file: the database (the time its schema was first made, which
// a copy keeps and another database does not have), the version, and the
// listings changed in the versions up to it (a database restored to an
// earlier copy and changed since has others).
func (src *indexSource) Mark(ctx context.Context, version int64) (string, error) {
	h := fnv.New64a()
	// the instant in UTC, whatever the session's time zone (PostgreSQL)
	bornAt := `CAST(applied_at AS TEXT)`
	if src.d.Engine == db.Postgres {
		bornAt = `to_char(applied_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US')`
	}
	var born string
	if err := src.d.R.QueryRowContext(ctx, `SELECT `+bornAt+` FROM schema_migrations WHERE version = 1`).Scan(&born); err != nil {
		return "", fmt.Errorf("marketplace: search mark: %w", err)
	}
	fmt.Fprintf(h, "%s\x00%d", born, version)
	err := db.Each(ctx, src.d.R, func(row db.Row) error {
		var v, seq int64
		if err := row.Scan(&v, &seq); err != nil {
			return err
		}
		fmt.Fprintf(h, "\x00%d:%d", v, seq)
		return nil
	}, `SELECT version, seq FROM marketplace_changes WHERE version > $1 AND version <= $2 ORDER BY version, seq`, version-markVersions, version)
	if err != nil {
		return "", fmt.Errorf("marketplace: search mark: %w", err)
	}
	return strconv.FormatUint(h.Sum64(), 16), nil
}

// markVersions is how many versions of changes a search mark covers.
const markVersions = 16

// Since reads the changes after version in one snapshot.
func (src *indexSource) Since(ctx context.Context, version int64) (*search.Changes, error) {
	c := &search.Changes{Rows: map[uint32]*search.Row{}, Terms: map[uint32][]search.FieldTerm{}}
	err := src.d.Snapshot(ctx, func(tx *sql.Tx) error {
		var err error
		if c.Version, err = catalogVersionIn(ctx, tx); err != nil {
			return err
		}
		if c.Version-version >= changesKept {
			c.Rebuild = true
			return nil
		}
		if c.Changed, c.Rebuild, err = changedSeqs(ctx, tx, version, c.Version); err != nil || c.Rebuild || len(c.Changed) == 0 {
			return err
		}
		for part := c.Changed; len(part) > 0; {
			n := min(len(part), 500)
			a := make([]any, n)
			for i, q := range part[:n] {
				a[i] = q
			}
			part = part[n:]
			q, err := tx.QueryContext(ctx, `SELECT `+indexColumns+` WHERE seq IN (`+db.Placeholders(1, n)+`)`, a...)
			if err != nil {
				return fmt.Errorf("marketplace: read listings for search: %w", err)
			}
			if err := scanIndexRows(q, func(r *search.Row) { c.Rows[uint32(r.Seq)] = r }); err != nil {
				return err
			}
		}
		return src.terms.listings(ctx, tx, c.Changed, func(seq int64, field int, term string) {
			c.Terms[uint32(seq)] = append(c.Terms[uint32(seq)], search.FieldTerm{Field: field, Term: term})
		})
	})
	return c, err
}

// changedSeqs lists the listings changed in (from, to]; rebuild when one
// of the changes asks for it.
func changedSeqs(ctx context.Context, tx *sql.Tx, from, to int64) (changed []int64, rebuild bool, err error) {
	rs, err := tx.QueryContext(ctx, `SELECT DISTINCT seq FROM marketplace_changes WHERE version > $1 AND version <= $2`, from, to)
	if err != nil {
		return nil, false, fmt.Errorf("marketplace: read changes: %w", err)
	}
	defer rs.Close()
	for rs.Next() {
		var seq int64
		if err := rs.Scan(&seq); err != nil {
			return nil, false, fmt.Errorf("marketplace: read changes: %w", err)
		}
		if seq == rebuildAll || seq < 0 || seq > math.MaxUint32 {
			rebuild = true
		}
		changed = append(changed, seq)
	}
	if err := rs.Err(); err != nil {
		return nil, false, fmt.Errorf("marketplace: read changes: %w", err)
	}
	return changed, rebuild, nil
}

// indexOrder is the index's order for a query's sort.
func indexOrder(sort string) search.Order {
	switch sort {
	case sortRelevance:
		return search.Relevance
	case SortClones:
		return search.Clones
	case SortNewest:
		return search.Newest
	case SortRating:
		return search.Rating
	case sortFeatured:
		return search.Featured
	}
	return search.Unanswerable // by views: they change on every get
}

// searchPage answers a search from the index, as of at least the given
// catalog version: the page's listings and the exact number of matches.
// The listings come from the listing cache (see listingsAt); with
// withViews their view counts are read afresh.
// ok=false leaves the query to the engine.
func (s *Service) searchPage(ctx context.Context, q Query, admin bool, limit, offset int, catalog int64, withViews bool) ([]*Listing, int64, bool, error) {
	if s.index == nil || len(q.Words) == 0 || indexOrder(q.Sort) == search.Unanswerable {
		return nil, 0, false, nil
	}
	stems, typos, prefix, ok, err := s.queryTerms(ctx, q.Words)
	if err != nil || !ok {
		return nil, 0, false, err
	}
	f := search.Filter{Order: indexOrder(q.Sort), Admin: admin, Featured: q.Featured, MinRating: q.MinRating,
		Exact: s.exactWords, Typos: typos, LastWhole: !prefix}
	if q.Category != "" || q.Brand != "" {
		catID, brandID, err := s.refIDs(ctx, catalog, q)
		if err != nil {
			return nil, 0, false, err
		}
		f.Category, f.Brand = given(q.Category, catID), given(q.Brand, brandID)
	}
	f.Difficulty, f.Industry = given(q.Difficulty, q.Difficulty), given(q.Industry, q.Industry)
	seqs, total, ok, err := s.index.Find(ctx, catalog, f, stems, limit, offset)
	if err != nil || !ok {
		return nil, 0, false, err
	}
	keys := make([]int64, len(seqs))
	for i, seq := range seqs {
		keys[i] = int64(seq)
	}
	var views []int64
	if withViews {
		if keys, views, err = s.viewCounts(ctx, keys); err != nil {
			return nil, 0, false, err
		}
	}
	ls, err := s.listingsAt(ctx, catalog, keys, views)
	if err != nil || len(ls) != len(seqs) { // a listing deleted since: let the engine answer
		return nil, 0, false, err
	}
	return ls, total, true, nil
}

// given is a filter's value for the index: nil when the query does not
// filter on it, else the resolved value ("" for one that names nothing).
func given(asked, resolved string) *string {
	if asked == "" {
		return nil
	}
	return &resolved
}

// queryTerms are the engine's terms for a query's words, with the typos
// each word may have; ok=false when the index cannot search them as the
// engine would (a word of several terms; only stop words). prefix is
// false when the last word is a stop word (PostgreSQL drops it, which
// leaves the word before it exact).
func (s *Service) queryTerms(ctx context.Context, words []string) (stems []string, typos []int, prefix, ok bool, err error) {
	terms, err := s.terms.words(ctx, words)
	if err != nil || slices.Contains(terms, notOneTerm) {
		return nil, nil, false, false, err
	}
	stems = make([]string, 0, len(words))
	prefix = true
	for i, w := range words {
		t := terms[i]
		if t == "" { // a stop word (PostgreSQL) is dropped from the query
			if i == len(words)-1 {
				prefix = false
			}
			continue
		}
		stems = append(stems, t)
		typos = append(typos, search.TyposAllowed(utf8.RuneCountInString(w)))
	}
	return stems, typos, prefix, len(stems) > 0, nil
}

// StartSearch builds the search index in the background, from the start
// of the process, so that it is ready before searches need it;
// SearchReady reports when it is done (built, or given up on: the engine
// then answers searches). A server stays unready (/readyz) until then, so
// a load balancer sends no searches to a process that would answer them
// slowly.
func (s *Service) StartSearch(ctx context.Context) {
	if s.index == nil {
		s.searchReady.Store(true)
		return
	}
	s.index.SetLog(s.Log)
	go func() {
		defer s.searchReady.Store(true)
		if err := s.index.Prepare(ctx); err != nil && s.Log != nil && ctx.Err() == nil {
			s.Log.Warn("marketplace search index not built; the database answers searches", "err", err)
		}
	}()
}

// SetSearchSnapshot names the file in which the search index of a large
// catalog is kept between runs ("": none). Call it before StartSearch.
func (s *Service) SetSearchSnapshot(path string) {
	if s.index != nil {
		s.index.SetSnapshot(path)
	}
}

// SearchReady reports whether the search index StartSearch builds is done.
func (s *Service) SearchReady() bool { return s.searchReady.Load() }

// WarmSearch builds the search index now (it is otherwise built when the
// first search needs it) and reports how many listings it holds.
func (s *Service) WarmSearch(ctx context.Context) (int, error) {
	if s.index == nil {
		return 0, fmt.Errorf("marketplace: no database")
	}
	return s.index.Warm(ctx)
}
