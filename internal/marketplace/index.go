package marketplace

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/RoaringBitmap/roaring/v2"

	"github.com/geniehq/genie/internal/platform/db"
)

// The search index answers searches (list and all with query.search) from
// memory: one roaring bitmap of listings per term and field, built from the
// engine's own full-text terms (search.go), plus the attributes searches
// filter and sort by. Every process keeps its own, current to the last
// committed write: a search first reads the catalog version (as every
// cached read does); when it moved, the index reads the listings that the
// writes since its own version touched (marketplace_changes, recorded by
// Service.write) and applies them before answering. The page's listings
// then come from the listing cache of that catalog version and their view
// counts from the database, so every field is as fresh as the engine's
// answer would be.
//
// The answer is the engine's: same matches, same ranking (name, then name
// or tagline, then anywhere; clones; newest row), same exact count. A
// query the index cannot answer exactly (sorted by views, which change on
// every get; a word the engine splits into several terms; only stop words;
// a catalog with row numbers past 32 bits) goes to the engine, as does
// every search while the index of a large catalog is first built.

// indexSyncLimit is the catalog size up to which the index is built in the
// request that first needs it; larger catalogs are built in the background
// while the engine answers.
const indexSyncLimit = 50_000

type searchIndex struct {
	s     *Service
	terms termSource

	update   sync.Mutex   // one build or catch-up at a time
	mu       sync.RWMutex // guards st; held for reading while a query runs
	st       *indexState  // nil until built
	building atomic.Bool
}

// posting is the listings holding a term in each field (name, tagline,
// description), and in any of them (anyField): a search's matches are
// intersections of the last, so it is kept rather than made per query.
type posting [4]*roaring.Bitmap

// anyField is the posting of a term in any field.
const anyField = 3

// docAttrs is what searches filter and sort by, per listing (by seq).
type docAttrs struct {
	created              int64 // Unix nanoseconds
	rating               float64
	clones               int64
	hash                 uint64 // of the listing's terms, to skip unchanged text
	cat, brand, dif, ind uint32 // interned; 0 for none
}

type indexState struct {
	version  int64
	terms    map[string]*posting
	sorted   []string // the terms in order, for prefix matches
	docs     []docAttrs
	present  *roaring.Bitmap
	public   *roaring.Bitmap
	featured *roaring.Bitmap
	by       map[uint32]*roaring.Bitmap // by interned category, brand, difficulty or industry
	ids      map[string]uint32          // interned strings (kind prefix + value)
}

func newIndexState() *indexState {
	return &indexState{terms: map[string]*posting{}, present: roaring.New(), public: roaring.New(), featured: roaring.New(),
		by: map[uint32]*roaring.Bitmap{}, ids: map[string]uint32{}}
}

func (st *indexState) intern(kind, v string) uint32 {
	if v == "" {
		return 0
	}
	k := kind + v
	id, ok := st.ids[k]
	if !ok {
		id = uint32(len(st.ids) + 1)
		st.ids[k] = id
	}
	return id
}

// lookup is intern without adding: 0 and false for an unknown value.
func (st *indexState) lookup(kind, v string) (uint32, bool) {
	id, ok := st.ids[kind+v]
	return id, ok
}

func (st *indexState) bitmap(id uint32) *roaring.Bitmap {
	b := st.by[id]
	if b == nil {
		b = roaring.New()
		st.by[id] = b
	}
	return b
}

func termHash(field int, term string) uint64 {
	h := fnv.New64a()
	h.Write([]byte{byte(field)})
	h.Write([]byte(term))
	return h.Sum64()
}

// listingRow is one listing's attributes as read for the index.
type listingRow struct {
	seq                  int64
	public, featured     bool
	cat, brand, dif, ind string
	rating               float64
	clones               int64
	created              time.Time
}

const indexColumns = `seq, is_public, is_featured, category_id, COALESCE(brand_id, ''), COALESCE(difficulty, ''),
	COALESCE(industry, ''), rating, clone_count, created_at FROM marketplace_listings`

func scanListingRows(rows *sql.Rows, fn func(r *listingRow) error) error {
	defer rows.Close()
	for rows.Next() {
		var r listingRow
		if err := rows.Scan(&r.seq, &r.public, &r.featured, &r.cat, &r.brand, &r.dif, &r.ind, &r.rating, &r.clones, &r.created); err != nil {
			return fmt.Errorf("marketplace: read listings for search: %w", err)
		}
		if r.seq < 0 || r.seq > math.MaxUint32 {
			return errSeqRange
		}
		if err := fn(&r); err != nil {
			return err
		}
	}
	return rows.Err()
}

var errSeqRange = errors.New("marketplace: listing seq beyond the search index's 32-bit range")

// set stores a listing's attributes (not its terms).
func (st *indexState) set(r *listingRow) {
	seq := uint32(r.seq)
	st.unset(seq)
	for int(seq) >= len(st.docs) {
		st.docs = append(st.docs, make([]docAttrs, max(1024, len(st.docs)/2))...)
	}
	d := &st.docs[seq]
	*d = docAttrs{created: r.created.UnixNano(), rating: r.rating, clones: r.clones, hash: d.hash,
		cat: st.intern("c", r.cat), brand: st.intern("b", r.brand), dif: st.intern("d", r.dif), ind: st.intern("i", r.ind)}
	st.present.Add(seq)
	if r.public {
		st.public.Add(seq)
	}
	if r.featured {
		st.featured.Add(seq)
	}
	for _, id := range []uint32{d.cat, d.brand, d.dif, d.ind} {
		if id != 0 {
			st.bitmap(id).Add(seq)
		}
	}
}

// unset removes a listing's attributes (its terms stay).
func (st *indexState) unset(seq uint32) {
	if !st.present.Contains(seq) {
		return
	}
	d := &st.docs[seq]
	for _, id := range []uint32{d.cat, d.brand, d.dif, d.ind} {
		if id != 0 {
			st.by[id].Remove(seq)
		}
	}
	st.present.Remove(seq)
	st.public.Remove(seq)
	st.featured.Remove(seq)
}

// addTerm records that the listing holds term in field.
func (st *indexState) addTerm(seq uint32, field int, term string) bool {
	p := st.terms[term]
	added := false
	if p == nil {
		p = &posting{}
		st.terms[term] = p
		added = true
	}
	for _, f := range []int{field, anyField} {
		if p[f] == nil {
			p[f] = roaring.New()
		}
		p[f].Add(seq)
	}
	return added
}

// dropTerms removes the listing from every term (a scan of the vocabulary:
// only for listings whose text changed or that were deleted).
func (st *indexState) dropTerms(seq uint32) {
	for _, p := range st.terms {
		for _, b := range p {
			if b != nil {
				b.Remove(seq)
			}
		}
	}
}

func (st *indexState) sortTerms() {
	st.sorted = st.sorted[:0]
	for t := range st.terms {
		st.sorted = append(st.sorted, t)
	}
	sort.Strings(st.sorted)
}

// build reads the whole catalog into a new state, in one snapshot.
func (ix *searchIndex) build(ctx context.Context) (*indexState, error) {
	st := newIndexState()
	err := ix.s.DB.Snapshot(ctx, func(tx *sql.Tx) error {
		var err error
		if st.version, err = catalogVersionIn(ctx, tx); err != nil {
			return err
		}
		rows, err := tx.QueryContext(ctx, `SELECT `+indexColumns)
		if err != nil {
			return fmt.Errorf("marketplace: read listings for search: %w", err)
		}
		if err := scanListingRows(rows, func(r *listingRow) error { st.set(r); return nil }); err != nil {
			return err
		}
		return ix.terms.all(ctx, tx, func(seq int64, field int, term string) {
			if seq < 0 || seq > math.MaxUint32 || !st.present.Contains(uint32(seq)) {
				return
			}
			st.addTerm(uint32(seq), field, term)
			st.docs[seq].hash ^= termHash(field, term)
		})
	})
	if err != nil {
		return nil, err
	}
	st.sortTerms()
	return st, nil
}

// ready returns the state once it reflects at least version, catching up
// or building first; nil when the engine must answer (still building).
// The caller must RUnlock ix.mu when the state is not nil.
func (ix *searchIndex) ready(ctx context.Context, version int64) (*indexState, error) {
	ix.mu.RLock()
	if st := ix.st; st != nil && st.version >= version {
		return st, nil
	}
	ix.mu.RUnlock()
	if err := ix.catchUp(ctx, version); err != nil {
		return nil, err
	}
	ix.mu.RLock()
	if st := ix.st; st != nil && st.version >= version {
		return st, nil
	}
	ix.mu.RUnlock()
	return nil, nil
}

// catchUp brings the index to at least version: it applies the listings
// touched since the index's own version, or (re)builds the index.
func (ix *searchIndex) catchUp(ctx context.Context, version int64) error {
	ix.update.Lock()
	defer ix.update.Unlock()
	ix.mu.RLock()
	st := ix.st
	ix.mu.RUnlock()
	if st != nil && st.version >= version {
		return nil
	}
	if st == nil {
		return ix.start(ctx)
	}
	c, err := ix.changesSince(ctx, st.version)
	if err != nil {
		return err
	}
	if c.rebuild {
		ix.mu.Lock()
		ix.st = nil
		ix.mu.Unlock()
		return ix.start(ctx)
	}
	ix.mu.Lock()
	defer ix.mu.Unlock()
	st.apply(c)
	return nil
}

// changes are the listings changed after a version, read in one snapshot:
// their rows and terms (a changed listing without a row was deleted), or
// rebuild when the changes kept do not reach back that far.
type changes struct {
	version int64 // the catalog version read
	rebuild bool
	changed []int64
	rows    map[uint32]*listingRow
	terms   map[uint32][]fieldTerm
}

// changesSince reads the changes after version.
func (ix *searchIndex) changesSince(ctx context.Context, version int64) (*changes, error) {
	c := &changes{rows: map[uint32]*listingRow{}, terms: map[uint32][]fieldTerm{}}
	err := ix.s.DB.Snapshot(ctx, func(tx *sql.Tx) error {
		var err error
		if c.version, err = catalogVersionIn(ctx, tx); err != nil {
			return err
		}
		if c.version-version >= changesKept {
			c.rebuild = true
			return nil
		}
		if c.changed, c.rebuild, err = changedSeqs(ctx, tx, version, c.version); err != nil || c.rebuild || len(c.changed) == 0 {
			return err
		}
		for part := c.changed; len(part) > 0; {
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
			if err := scanListingRows(q, func(r *listingRow) error { c.rows[uint32(r.seq)] = r; return nil }); err != nil {
				return err
			}
		}
		return ix.terms.listings(ctx, tx, c.changed, func(seq int64, field int, term string) {
			c.terms[uint32(seq)] = append(c.terms[uint32(seq)], fieldTerm{field, term})
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

// apply brings the state up to the changes (under the index's write
// lock): deleted listings leave, changed ones are set again, and their
// terms are replaced when they differ.
func (st *indexState) apply(c *changes) {
	added := false
	for _, seq64 := range c.changed {
		seq := uint32(seq64)
		r, ok := c.rows[seq]
		if !ok { // deleted
			if st.present.Contains(seq) {
				st.unset(seq)
				st.dropTerms(seq)
			}
			continue
		}
		var h uint64
		for _, ft := range c.terms[seq] {
			h ^= termHash(ft.field, ft.term)
		}
		existed := st.present.Contains(seq)
		old := uint64(0)
		if existed {
			old = st.docs[seq].hash
		}
		st.set(r)
		if existed && old == h {
			continue
		}
		if existed {
			st.dropTerms(seq)
		}
		for _, ft := range c.terms[seq] {
			added = st.addTerm(seq, ft.field, ft.term) || added
		}
		st.docs[seq].hash = h
	}
	if added {
		st.sortTerms()
	}
	st.version = max(st.version, c.version)
}

type fieldTerm struct {
	field int
	term  string
}

// start builds the index: in this request for a small catalog, in the
// background for a large one (the engine answers meanwhile). Called with
// ix.update held.
func (ix *searchIndex) start(ctx context.Context) error {
	var n int64
	if err := ix.s.DB.R.QueryRowContext(ctx, `SELECT COALESCE((SELECT n FROM marketplace_counters WHERE key = 'all'), 0)`).Scan(&n); err != nil {
		return fmt.Errorf("marketplace: count listings: %w", err)
	}
	if n <= indexSyncLimit {
		st, err := ix.build(ctx)
		if errors.Is(err, errSeqRange) {
			return nil
		}
		if err != nil {
			return err
		}
		ix.mu.Lock()
		ix.st = st
		ix.mu.Unlock()
		return nil
	}
	if !ix.building.CompareAndSwap(false, true) {
		return nil
	}
	go func() {
		defer ix.building.Store(false)
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
		defer cancel()
		t0 := time.Now()
		st, err := ix.build(ctx)
		if err != nil {
			if ix.s.Log != nil && !errors.Is(err, errSeqRange) {
				ix.s.Log.Warn("marketplace search index not built; the database answers searches", "err", err)
			}
			return
		}
		ix.update.Lock()
		ix.mu.Lock()
		if ix.st == nil || ix.st.version < st.version {
			ix.st = st
		}
		ix.mu.Unlock()
		ix.update.Unlock()
		if ix.s.Log != nil {
			ix.s.Log.Info("marketplace search index built", "listings", st.present.GetCardinality(), "terms", len(st.terms),
				"duration", time.Since(t0).Round(time.Millisecond))
		}
	}()
	return nil
}

// find returns the seqs of the page and the number of matches; ok=false
// when the index cannot answer q exactly.
func (st *indexState) find(q Query, stems []string, admin bool, catID, brandID string, limit, offset int) (page []uint32, total int64, ok bool) {
	less := st.order(q.Sort)
	if less == nil {
		return nil, 0, false
	}
	words := st.postings(stems)
	m := matches(words)
	if !st.filter(m, q, admin, catID, brandID) {
		return nil, 0, true
	}
	total = int64(m.GetCardinality())
	return pageOf(tiersOf(m, words, q.Sort), less, limit, offset), total, true
}

// order is the comparison of a sort, or nil for a sort the index cannot
// answer (by views: they change on every get).
func (st *indexState) order(by string) func(a, b uint32) int {
	var less func(a, b uint32) int
	switch by {
	case sortRelevance, SortClones:
		less = func(a, b uint32) int {
			return cmp.Or(cmp.Compare(st.docs[b].clones, st.docs[a].clones), cmp.Compare(b, a))
		}
	case SortNewest:
		less = func(a, b uint32) int {
			return cmp.Or(cmp.Compare(st.docs[b].created, st.docs[a].created), cmp.Compare(b, a))
		}
	case SortRating:
		less = func(a, b uint32) int {
			return cmp.Or(cmp.Compare(st.docs[b].rating, st.docs[a].rating), cmp.Compare(b, a))
		}
	case sortFeatured:
		less = func(a, b uint32) int {
			fa, fb := st.featured.Contains(a), st.featured.Contains(b)
			if fa != fb {
				if fa {
					return -1
				}
				return 1
			}
			return cmp.Or(cmp.Compare(st.docs[b].clones, st.docs[a].clones), cmp.Compare(b, a))
		}
	default: // by views: they change on every get
		return nil
	}
	return less
}

// postings are the postings of each word: its term, or for the last word
// every term it is a prefix of.
func (st *indexState) postings(stems []string) [][]*posting {
	// The postings of each word: its term, or for the last word every term
	// it is a prefix of.
	words := make([][]*posting, len(stems))
	for i, term := range stems {
		if i == len(stems)-1 {
			for j := sort.SearchStrings(st.sorted, term); j < len(st.sorted) && strings.HasPrefix(st.sorted[j], term); j++ {
				words[i] = append(words[i], st.terms[st.sorted[j]])
			}
		} else if p := st.terms[term]; p != nil {
			words[i] = append(words[i], p)
		}
	}
	return words
}

// matches are the listings holding every word in any field. Words of one
// term are intersected first; a word of several terms is then added term
// by term within the (smaller) intersection instead of as the union of
// all its terms.
func matches(words [][]*posting) *roaring.Bitmap {
	var singles []*roaring.Bitmap
	var m *roaring.Bitmap
	for _, ps := range words {
		switch len(ps) {
		case 0:
			m = roaring.New()
		case 1:
			singles = append(singles, ps[0][anyField])
		}
	}
	switch {
	case m != nil: // a word no listing holds
	case len(singles) == 1:
		m = singles[0].Clone()
	case len(singles) > 1:
		m = roaring.FastAnd(singles...)
	}
	for _, ps := range words {
		if len(ps) > 1 {
			m = within(m, ps, anyField)
		}
	}
	return m
}

// filter keeps in m the listings the caller may see that pass the query's
// filters; false when a filter names nothing that exists (no match).
func (st *indexState) filter(m *roaring.Bitmap, q Query, admin bool, catID, brandID string) bool {
	if !admin {
		m.And(st.public)
	}
	for _, f := range []struct{ kind, given, id string }{{"c", q.Category, catID}, {"b", q.Brand, brandID},
		{"d", q.Difficulty, q.Difficulty}, {"i", q.Industry, q.Industry}} {
		if f.given == "" {
			continue
		}
		id, known := st.lookup(f.kind, f.id)
		if !known || f.id == "" { // no such category, brand or value: nothing matches
			return false
		}
		m.And(st.by[id])
	}
	if q.Featured != nil {
		if *q.Featured {
			m.And(st.featured)
		} else {
			m.AndNot(st.featured)
		}
	}
	if q.MinRating != nil {
		min := *q.MinRating
		drop := roaring.New()
		it := m.Iterator()
		for it.HasNext() {
			if seq := it.Next(); !(st.docs[seq].rating >= min) {
				drop.Add(seq)
			}
		}
		m.AndNot(drop)
	}
	return true
}

// tiersOf splits the matches by relevance (every word in the name; in the
// name or tagline; anywhere), or keeps them whole for other sorts.
func tiersOf(m *roaring.Bitmap, words [][]*posting, by string) []*roaring.Bitmap {
	var tiers []*roaring.Bitmap
	if by == sortRelevance { // every word in the name; in the name or tagline; anywhere
		var name, nameTag []*roaring.Bitmap
		for _, ps := range words {
			name, nameTag = append(name, within(m, ps, 0)), append(nameTag, within(m, ps, 0, 1))
		}
		t0, t1 := and(name), and(nameTag)
		t1.AndNot(t0)
		t2 := m.Clone()
		t2.AndNot(t0)
		t2.AndNot(t1)
		tiers = []*roaring.Bitmap{t0, t1, t2}
	} else {
		tiers = []*roaring.Bitmap{m}
	}
	return tiers
}

// pageOf is the page at offset of the tiers in order, each tier sorted by
// less.
func pageOf(tiers []*roaring.Bitmap, less func(a, b uint32) int, limit, offset int) (page []uint32) {
	skip, want := offset, limit
	for _, t := range tiers {
		n := int(t.GetCardinality())
		if want == 0 {
			break
		}
		if skip >= n {
			skip -= n
			continue
		}
		seqs := t.ToArray()
		top := topK(seqs, skip+want, less)
		top = top[skip:]
		if len(top) > want {
			top = top[:want]
		}
		page = append(page, top...)
		want -= len(top)
		skip = 0
	}
	return page
}

// within returns the listings of m (all listings when m is nil) that hold
// any of the postings' terms in any of the fields.
func within(m *roaring.Bitmap, ps []*posting, fields ...int) *roaring.Bitmap {
	parts := make([]*roaring.Bitmap, 0, len(ps)*len(fields))
	for _, p := range ps {
		for _, f := range fields {
			switch {
			case p[f] == nil:
			case m == nil:
				parts = append(parts, p[f])
			default:
				parts = append(parts, roaring.And(m, p[f]))
			}
		}
	}
	return roaring.FastOr(parts...)
}

// and is the intersection of bs (at least one), a new bitmap.
func and(bs []*roaring.Bitmap) *roaring.Bitmap {
	if len(bs) == 1 {
		return bs[0].Clone()
	}
	return roaring.FastAnd(bs...)
}

// topK returns the first k of seqs in the order less gives, sorted.
func topK(seqs []uint32, k int, less func(a, b uint32) int) []uint32 {
	if k >= len(seqs) || len(seqs) <= 4096 {
		slices.SortFunc(seqs, less)
		return seqs[:min(k, len(seqs))]
	}
	// Keep the best k in a sorted buffer; most candidates lose against its
	// last element at once.
	buf := slices.Clone(seqs[:k])
	slices.SortFunc(buf, less)
	for _, s := range seqs[k:] {
		if less(s, buf[k-1]) >= 0 {
			continue
		}
		i, _ := slices.BinarySearchFunc(buf, s, less)
		copy(buf[i+1:], buf[i:k-1])
		buf[i] = s
	}
	return buf
}

// searchPage answers a search from the index, as of at least the given
// catalog version: the page's listings and the exact number of matches.
// The listings come from the listing cache (see listingsAt); with
// withViews their view counts are read afresh.
// ok=false leaves the query to the engine.
func (s *Service) searchPage(ctx context.Context, q Query, admin bool, limit, offset int, catalog int64, withViews bool) ([]*Listing, int64, bool, error) {
	if s.index == nil || len(q.Words) == 0 || q.Sort == SortPopular {
		return nil, 0, false, nil
	}
	stems := make([]string, 0, len(q.Words))
	for i, w := range q.Words {
		t, ok, err := s.index.terms.word(ctx, w)
		if err != nil || !ok {
			return nil, 0, false, err
		}
		if t == "" { // a stop word (PostgreSQL) is dropped from the query
			if i == len(q.Words)-1 { // ... which leaves the word before it exact, not a prefix
				return nil, 0, false, nil
			}
			continue
		}
		stems = append(stems, t)
	}
	if len(stems) == 0 {
		return nil, 0, false, nil
	}
	catID, brandID, err := s.refIDs(ctx, catalog, q)
	if err != nil {
		return nil, 0, false, err
	}
	st, err := s.index.ready(ctx, catalog)
	if err != nil || st == nil {
		return nil, 0, false, err
	}
	seqs, total, ok := st.find(q, stems, admin, catID, brandID, limit, offset)
	s.index.mu.RUnlock()
	if !ok {
		return nil, 0, false, nil
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
	ix := s.index
	go func() {
		defer s.searchReady.Store(true)
		t0 := time.Now()
		// A small catalog is built here; a large one in the background
		// (searches meanwhile go to the engine, not waiting for it).
		if err := ix.catchUp(ctx, 0); err != nil {
			if s.Log != nil && ctx.Err() == nil {
				s.Log.Warn("marketplace search index not built; the database answers searches", "err", err)
			}
			return
		}
		for ctx.Err() == nil {
			ix.mu.RLock()
			st := ix.st
			ix.mu.RUnlock()
			if st != nil || !ix.building.Load() { // built, or given up on (logged)
				if st != nil && s.Log != nil {
					s.Log.Info("marketplace search index ready", "listings", st.present.GetCardinality(), "duration", time.Since(t0).Round(time.Millisecond))
				}
				return
			}
			time.Sleep(20 * time.Millisecond)
		}
	}()
}

// SearchReady reports whether the search index StartSearch builds is done.
func (s *Service) SearchReady() bool { return s.searchReady.Load() }

// WarmSearch builds the search index now (it is otherwise built when the
// first search needs it) and reports how many listings it holds.
func (s *Service) WarmSearch(ctx context.Context) (int, error) {
	if s.index == nil {
		return 0, errors.New("marketplace: no database")
	}
	s.index.update.Lock()
	defer s.index.update.Unlock()
	st, err := s.index.build(ctx)
	if err != nil {
		return 0, err
	}
	s.index.mu.Lock()
	if s.index.st == nil || s.index.st.version <= st.version {
		s.index.st = st
	}
	s.index.mu.Unlock()
	return int(st.present.GetCardinality()), nil
}
