package search

import (
	"cmp"
	"hash/fnv"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/RoaringBitmap/roaring/v2"
)

// posting is the listings holding a term in the name, in the tagline, and
// in any field (anyField): a search's matches are intersections of the
// last, so it is kept rather than made per query. The description's own
// listings are not kept (its slot stays nil): no search reads them, since
// the relevance tiers need only the name and tagline, and they were the
// larger part of the index's memory.
type posting [4]*roaring.Bitmap

// anyField is the posting of a term in any field.
const anyField = 3

// Fields of a term, as a Source reports them.
const (
	FieldName        = 0
	FieldTagline     = 1
	FieldDescription = 2
)

// Row is one listing's attributes as the index keeps them (not its text:
// its terms come separately).
type Row struct {
	Seq                                   int64
	Public, Featured                      bool
	Category, Brand, Difficulty, Industry string
	Rating                                float64
	Clones                                int64
	Created                               time.Time
}

// docAttrs is what searches filter and sort by, per listing (by seq).
type docAttrs struct {
	created int64 // Unix nanoseconds
	rating  float64
	clones  int64
	hash    uint64 // of the listing's terms, to skip unchanged text
	facets  uint32 // the listing's facets: an index in state.facetSets
}

// facets are a listing's category, brand, difficulty and industry,
// interned (0 for none). Listings share few combinations of them, so
// each listing keeps the index of its combination (40 bytes a listing
// rather than 48: 8 MB at a million listings).
type facets [4]uint32

// facetsOf returns d's facets.
func (st *state) facetsOf(d *docAttrs) facets { return st.facetSets[d.facets] }

// internFacets returns the index of f in st.facetSets, adding it if new.
// Combinations no listing holds any more stay until the next build.
func (st *state) internFacets(f facets) uint32 {
	i, ok := st.facetIDs[f]
	if !ok {
		i = uint32(len(st.facetSets))
		st.facetSets = append(st.facetSets, f)
		st.facetIDs[f] = i
	}
	return i
}

// state is one version of the catalog in memory. It is built whole and
// then changed only under the index's write lock.
type state struct {
	version   int64
	terms     map[string]*posting
	sorted    []string // the terms in order, for prefix matches
	near      nearCache
	prefixes  map[string]*posting // prefix groups (prefix.go)
	docs      []docAttrs
	facetSets []facets          // by docAttrs.facets; the first is no facet at all
	facetIDs  map[facets]uint32 // index of each in facetSets
	present   *roaring.Bitmap
	public    *roaring.Bitmap
	featured  *roaring.Bitmap
	by        map[uint32]*roaring.Bitmap // by interned category, brand, difficulty or industry
	ids       map[string]uint32          // interned strings (kind prefix + value)
	bands     [3][]band                  // by bandKey (bands.go)
}

func newState() *state {
	return &state{terms: map[string]*posting{}, present: roaring.New(), public: roaring.New(), featured: roaring.New(),
		by: map[uint32]*roaring.Bitmap{}, ids: map[string]uint32{},
		facetSets: []facets{{}}, facetIDs: map[facets]uint32{{}: 0}}
}

func (st *state) intern(kind, v string) uint32 {
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
func (st *state) lookup(kind, v string) (uint32, bool) {
	id, ok := st.ids[kind+v]
	return id, ok
}

func (st *state) bitmap(id uint32) *roaring.Bitmap {
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

// set stores a listing's attributes (not its terms).
func (st *state) set(r *Row) {
	seq := uint32(r.Seq)
	st.unset(seq)
	for int(seq) >= len(st.docs) {
		st.docs = append(st.docs, make([]docAttrs, max(1024, len(st.docs)/2))...)
	}
	d := &st.docs[seq]
	f := facets{st.intern("c", r.Category), st.intern("b", r.Brand), st.intern("d", r.Difficulty), st.intern("i", r.Industry)}
	*d = docAttrs{created: r.Created.UnixNano(), rating: r.Rating, clones: r.Clones, hash: d.hash, facets: st.internFacets(f)}
	st.present.Add(seq)
	if r.Public {
		st.public.Add(seq)
	}
	if r.Featured {
		st.featured.Add(seq)
	}
	for _, id := range f {
		if id != 0 {
			st.bitmap(id).Add(seq)
		}
	}
	st.addToBands(seq, d)
}

// unset removes a listing's attributes (its terms stay).
func (st *state) unset(seq uint32) {
	if !st.present.Contains(seq) {
		return
	}
	for _, id := range st.facetsOf(&st.docs[seq]) {
		if id != 0 {
			st.by[id].Remove(seq)
		}
	}
	st.present.Remove(seq)
	st.public.Remove(seq)
	st.featured.Remove(seq)
	st.dropFromBands(seq)
}

// addTerm records that the listing holds term in field; true when the
// term is new to the index.
func (st *state) addTerm(seq uint32, field int, term string) bool {
	p := st.terms[term]
	added := false
	if p == nil {
		p = &posting{}
		st.terms[term] = p
		added = true
	}
	p.add(seq, field)
	st.addToGroups(seq, field, term)
	return added
}

// postingWork is what a goroutine building postings reuses from term to
// term: two lists for the union of the fields, and the slab its bitmaps'
// bytes come from.
type postingWork struct {
	lists [2][]uint32
	bytes slab
}

// newPosting builds a term's posting from the listings that hold it in
// each field (ascending, as a Source gives them): bitmaps made whole
// (bitmapOf); nil when no listing holds it.
func newPosting(fields *[3][]uint32, w *postingWork) *posting {
	buf := &w.lists
	buf[0] = mergeSorted(buf[0][:0], fields[FieldName], fields[FieldTagline])
	buf[1] = mergeSorted(buf[1][:0], buf[0], fields[FieldDescription])
	any := buf[1]
	if len(any) == 0 {
		return nil
	}
	p := &posting{anyField: bitmapOf(any, &w.bytes)}
	for _, f := range [...]int{FieldName, FieldTagline} {
		switch seqs := fields[f]; {
		case len(seqs) == len(any): // a field's listings are among any's: the same
			p[f] = p[anyField]
		case len(seqs) > 0:
			p[f] = bitmapOf(seqs, &w.bytes)
		}
	}
	return p
}

// share makes a field's bitmap anyField's when both hold the same
// listings (a term only ever in the names, say: a quarter of the
// index's bitmaps at a million listings); add gives the field its own
// again before they would differ.
func (p *posting) share() {
	a := p[anyField]
	if a == nil {
		return
	}
	n := a.GetCardinality()
	for _, f := range [...]int{FieldName, FieldTagline} {
		if b := p[f]; b != nil && b != a && b.GetCardinality() == n && b.Equals(a) {
			p[f] = a
		}
	}
}

// bulk builds a new state's postings, term by term as a Source gives
// them, on every core: the caller's goroutine counts each term in its
// listings' hashes, workers build the bitmaps, and one goroutine puts
// them in the state.
type bulk struct {
	st        *state
	rowsDone  func() // called once the state has every row: at the first term (see Source.All), or at the end
	rowsOnce  sync.Once
	present   []uint64 // st.present as bits, made at the first term
	jobs      chan bulkJob
	built     chan bulkJob
	workers   sync.WaitGroup
	collected chan struct{}
}

type bulkJob struct {
	term   string
	fields [3][]uint32
	p      *posting
}

func newBulk(st *state, rowsDone func()) *bulk {
	b := &bulk{st: st, rowsDone: rowsDone, jobs: make(chan bulkJob, 64), built: make(chan bulkJob, 64), collected: make(chan struct{})}
	for range runtime.GOMAXPROCS(0) {
		b.workers.Go(func() {
			var w postingWork
			for j := range b.jobs {
				if j.p = newPosting(&j.fields, &w); j.p != nil {
					b.built <- j
				}
			}
		})
	}
	go func() {
		defer close(b.collected)
		for j := range b.built {
			st.terms[j.term] = j.p
		}
	}()
	return b
}

// add takes one term's postings (see Source.All); listings the state does
// not have are left out.
func (b *bulk) add(term string, fields *[3][]uint32) {
	st := b.st
	b.rowsOnce.Do(b.haveRows)
	for f := range fields {
		fields[f] = slices.DeleteFunc(fields[f], func(seq uint32) bool {
			return int(seq>>6) >= len(b.present) || b.present[seq>>6]&(1<<(seq&63)) == 0
		})
		h := termHash(f, term)
		for _, seq := range fields[f] {
			st.docs[seq].hash ^= h
		}
	}
	b.jobs <- bulkJob{term: term, fields: *fields}
}

// haveRows runs once the state has every row.
func (b *bulk) haveRows() {
	if n := b.st.present; !n.IsEmpty() {
		b.present = make([]uint64, n.Maximum()/64+1)
		n.Iterate(func(seq uint32) bool {
			b.present[seq>>6] |= 1 << (seq & 63)
			return true
		})
	}
	if b.rowsDone != nil {
		b.rowsDone()
	}
}

// wait returns once every term given is in the state.
func (b *bulk) wait() {
	b.rowsOnce.Do(b.haveRows)
	close(b.jobs)
	b.workers.Wait()
	close(b.built)
	<-b.collected
}

// mergeSorted appends the union of two ascending lists to dst, ascending.
func mergeSorted(dst, a, b []uint32) []uint32 {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] < b[j]:
			dst = append(dst, a[i])
			i++
		case a[i] > b[j]:
			dst = append(dst, b[j])
			j++
		default:
			dst = append(dst, a[i])
			i, j = i+1, j+1
		}
	}
	dst = append(dst, a[i:]...)
	return append(dst, b[j:]...)
}

// add records the listing in the field's posting and in anyField's.
func (p *posting) add(seq uint32, field int) {
	// a field sharing anyField's bitmap (share) that this listing is not
	// added to keeps its listings: it gets a copy before anyField grows
	for _, g := range [...]int{FieldName, FieldTagline} {
		if g != field && p[g] != nil && p[g] == p[anyField] && !p[g].Contains(seq) {
			p[g] = p[g].Clone()
		}
	}
	for _, f := range []int{field, anyField} {
		if f == FieldDescription {
			continue
		}
		if p[f] == nil {
			p[f] = roaring.New()
		}
		p[f].Add(seq)
	}
}

// dropTerms removes the listing from every term and prefix group (a scan
// of the vocabulary: only for listings whose text changed or that were
// deleted).
func (st *state) dropTerms(seq uint32) {
	for _, ps := range []map[string]*posting{st.terms, st.prefixes} {
		for _, p := range ps {
			for _, b := range p {
				if b != nil {
					b.Remove(seq)
				}
			}
		}
	}
}

func (st *state) sortTerms() {
	st.near.reset()
	st.sorted = st.sorted[:0]
	for t := range st.terms {
		st.sorted = append(st.sorted, t)
	}
	sort.Strings(st.sorted)
}

// Changes are the listings changed after a version, read by a Source in
// one snapshot: their rows and terms (a changed listing without a row was
// deleted), or Rebuild when the changes kept do not reach back that far.
type Changes struct {
	Version int64 // the catalog version read
	Rebuild bool
	Changed []int64
	Rows    map[uint32]*Row
	Terms   map[uint32][]FieldTerm
}

// FieldTerm is one term of a listing and the field it is in.
type FieldTerm struct {
	Field int
	Term  string
}

// apply brings the state up to the changes (under the index's write
// lock): deleted listings leave, changed ones are set again, and their
// terms are replaced when they differ.
func (st *state) apply(c *Changes) {
	added := false
	for _, seq64 := range c.Changed {
		seq := uint32(seq64)
		r, ok := c.Rows[seq]
		if !ok { // deleted
			if st.present.Contains(seq) {
				st.unset(seq)
				st.dropTerms(seq)
			}
			continue
		}
		var h uint64
		for _, ft := range c.Terms[seq] {
			h ^= termHash(ft.Field, ft.Term)
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
		for _, ft := range c.Terms[seq] {
			added = st.addTerm(seq, ft.Field, ft.Term) || added
		}
		st.docs[seq].hash = h
	}
	if added {
		st.sortTerms()
	}
	st.version = max(st.version, c.Version)
}

// Order is a search's sort.
type Order int

const (
	// Unanswerable is a sort the index cannot answer (by views: they
	// change on every get); Find then declines.
	Unanswerable Order = iota
	// Relevance: every word in the name first, then in the name or
	// tagline, then anywhere; within each, by clones, newest row first.
	Relevance
	Clones
	Newest
	Rating
	// Featured: featured listings first, then by clones.
	Featured
)

// Filter is what a search keeps besides its words. A nil string filter
// is no filter; a given one that names nothing known (the empty string
// included) matches nothing.
type Filter struct {
	Order                                 Order
	Admin                                 bool // hidden listings too
	Category, Brand, Difficulty, Industry *string
	Featured                              *bool
	MinRating                             *float64
	// Exact matches the words without typos; otherwise Typos[i] is how
	// many the i-th word may have (TyposAllowed of its length as typed;
	// nil: of the term's length).
	Exact bool
	Typos []int
	// LastWhole matches the last word as a whole word, not a prefix (the
	// engine's query lost its last word, a stop word).
	LastWhole bool
}

// find returns the seqs of the page and the number of matches; ok=false
// when the index cannot answer exactly.
func (st *state) find(f Filter, stems []string, limit, offset int) (page []uint32, total int64, ok bool) {
	less := st.order(f.Order)
	if less == nil {
		return nil, 0, false
	}
	bands := st.bandsOf(f.Order)
	var typos []int
	if !f.Exact {
		typos = make([]int, len(stems))
		for i, term := range stems {
			if i < len(f.Typos) {
				typos[i] = f.Typos[i]
			} else {
				typos[i] = TyposAllowed(utf8.RuneCountInString(term))
			}
		}
	}
	exactWords, allWords := st.postings(stems, typos, !f.LastWhole)
	if allWords == nil {
		allWords = exactWords
	}
	m := matches(allWords)
	if !st.filter(m, f) {
		return nil, 0, true
	}
	total = int64(m.GetCardinality())
	// The listings that match every word exactly: the matches less those
	// that need a typo for a word (each word's exact terms intersected
	// with the matches, which are fewer than the terms' listings).
	exact := m
	for i, ps := range exactWords {
		if len(allWords[i]) > len(ps) {
			exact = within(exact, ps, anyField)
		}
	}
	if exact == m {
		return pageOf(tiersOf(m, exactWords, f.Order), less, bands, limit, offset), total, true
	}
	// The listings that match every word exactly first (in the order's
	// tiers), then those that need a typo: in the order's tiers too when
	// they are all there is, else in the order alone (behind exact
	// matches, where the words are matters less, and the tiers of many
	// near terms cost more than the rest of the search).
	if exact.IsEmpty() {
		return pageOf(tiersOf(m, allWords, f.Order), less, bands, limit, offset), total, true
	}
	near := func() *roaring.Bitmap {
		n := m.Clone()
		n.AndNot(exact)
		return n
	}
	return pageOf(append(tiersOf(exact, exactWords, f.Order), near), less, bands, limit, offset), total, true
}

// order is the comparison of a sort, or nil for a sort the index cannot
// answer.
func (st *state) order(by Order) func(a, b uint32) int {
	byClones := func(a, b uint32) int {
		return cmp.Or(cmp.Compare(st.docs[b].clones, st.docs[a].clones), cmp.Compare(b, a))
	}
	switch by {
	case Relevance, Clones:
		return byClones
	case Newest:
		return func(a, b uint32) int {
			return cmp.Or(cmp.Compare(st.docs[b].created, st.docs[a].created), cmp.Compare(b, a))
		}
	case Rating:
		return func(a, b uint32) int {
			return cmp.Or(cmp.Compare(st.docs[b].rating, st.docs[a].rating), cmp.Compare(b, a))
		}
	case Featured:
		return func(a, b uint32) int {
			fa, fb := st.featured.Contains(a), st.featured.Contains(b)
			switch {
			case fa == fb:
				return byClones(a, b)
			case fa:
				return -1
			default:
				return 1
			}
		}
	}
	return nil
}

// postings are the postings of each word: its term, or for the last word
// (with prefix) every term it is a prefix of (exact); and the same with the terms
// within the word's typos added (all, nil when no word has any or typos
// is nil).
func (st *state) postings(stems []string, typos []int, prefix bool) (exact, all [][]*posting) {
	exact = make([][]*posting, len(stems))
	var near [][]typoTerm
	for i, term := range stems {
		last := prefix && i == len(stems)-1
		if g := st.prefixes[term]; last && g != nil {
			exact[i] = append(exact[i], g) // the union of the terms below
		} else if last {
			for j := sort.SearchStrings(st.sorted, term); j < len(st.sorted) && strings.HasPrefix(st.sorted[j], term); j++ {
				exact[i] = append(exact[i], st.terms[st.sorted[j]])
			}
		} else if p := st.terms[term]; p != nil {
			exact[i] = append(exact[i], p)
		}
		if typos == nil {
			continue
		}
		if ts := st.near.get(st.sorted, term, last, typos[i]); len(ts) > 0 {
			if near == nil {
				near = make([][]typoTerm, len(stems))
			}
			near[i] = ts
		}
	}
	if near == nil {
		return exact, nil
	}
	all = make([][]*posting, len(stems))
	for i := range stems {
		all[i] = slices.Clip(exact[i])
		for _, t := range near[i] {
			all[i] = append(all[i], st.terms[t.term])
		}
	}
	return exact, all
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

// filter keeps in m the listings the caller may see that pass the
// filter; false when a filter names nothing that exists (no match).
func (st *state) filter(m *roaring.Bitmap, f Filter) bool {
	if !f.Admin {
		m.And(st.public)
	}
	for _, by := range []struct {
		kind  string
		value *string
	}{{"c", f.Category}, {"b", f.Brand}, {"d", f.Difficulty}, {"i", f.Industry}} {
		if by.value == nil {
			continue
		}
		id, known := st.lookup(by.kind, *by.value)
		if !known || *by.value == "" { // no such category, brand or value: nothing matches
			return false
		}
		m.And(st.by[id])
	}
	if f.Featured != nil {
		if *f.Featured {
			m.And(st.featured)
		} else {
			m.AndNot(st.featured)
		}
	}
	if f.MinRating != nil {
		least := *f.MinRating
		drop := roaring.New()
		it := m.Iterator()
		for it.HasNext() {
			if seq := it.Next(); !(st.docs[seq].rating >= least) {
				drop.Add(seq)
			}
		}
		m.AndNot(drop)
	}
	return true
}

// tier is one relevance tier of a search's matches, computed when first
// asked for (see tiersOf).
type tier func() *roaring.Bitmap

// tiersOf splits the matches by relevance (every word in the name; in the
// name or tagline; anywhere), or keeps them whole for other sorts. A tier
// is computed only when the page reaches it: a first page that the names
// fill needs no tagline intersections (the tiers were a third of the
// index's work for a search at a million listings). Each word's listings
// with it in the name are found once, for the first tier and the second.
func tiersOf(m *roaring.Bitmap, words [][]*posting, by Order) []tier {
	if by != Relevance {
		return []tier{func() *roaring.Bitmap { return m }}
	}
	var inName []*roaring.Bitmap // per word
	var t0, t1 *roaring.Bitmap
	name := func() *roaring.Bitmap {
		if t0 == nil {
			inName = make([]*roaring.Bitmap, len(words))
			for i, ps := range words {
				inName[i] = within(m, ps, FieldName)
			}
			t0 = and(inName)
		}
		return t0
	}
	nameTag := func() *roaring.Bitmap {
		if t1 == nil {
			t0 := name()
			each := make([]*roaring.Bitmap, len(words))
			for i, ps := range words {
				each[i] = within(m, ps, FieldTagline)
				each[i].Or(inName[i])
			}
			t1 = and(each)
			t1.AndNot(t0)
		}
		return t1
	}
	rest := func() *roaring.Bitmap {
		t2 := m.Clone()
		t2.AndNot(name())
		t2.AndNot(nameTag())
		return t2
	}
	return []tier{name, nameTag, rest}
}

// pageOf is the page at offset of the tiers in order, each tier sorted by
// less (with the help of its bands); a tier past the page is never
// computed.
func pageOf(tiers []tier, less func(a, b uint32) int, bands []band, limit, offset int) (page []uint32) {
	skip, want := offset, limit
	for _, tf := range tiers {
		if want == 0 {
			break
		}
		t := tf()
		n := int(t.GetCardinality())
		if skip >= n {
			skip -= n
			continue
		}
		top := topIn(t, skip+want, less, bands)[skip:]
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
	if len(parts) == 1 && m != nil {
		return parts[0] // already a new bitmap (FastOr would copy it)
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
	buf := slices.Clone(seqs[:k])
	slices.SortFunc(buf, less)
	keepBest(buf, seqs[k:], less)
	return buf
}

// keepBest puts into buf, the best len(buf) so far in order, those of
// seqs that are better; most lose against its last element at once.
func keepBest(buf, seqs []uint32, less func(a, b uint32) int) {
	k := len(buf)
	for _, s := range seqs {
		if less(s, buf[k-1]) >= 0 {
			continue
		}
		i, _ := slices.BinarySearchFunc(buf, s, less)
		copy(buf[i+1:], buf[i:k-1])
		buf[i] = s
	}
}

// topOf is topK of a bitmap's listings, read in chunks rather than copied
// whole (a tier at a million listings can hold most of them).
func topOf(b *roaring.Bitmap, k int, less func(a, b uint32) int) []uint32 {
	if n := b.GetCardinality(); uint64(k) >= n || n <= 4096 {
		return topK(b.ToArray(), k, less)
	}
	var chunk [256]uint32
	it := b.ManyIterator()
	buf := make([]uint32, 0, k)
	for len(buf) < k {
		n := it.NextMany(chunk[:min(k-len(buf), len(chunk))])
		buf = append(buf, chunk[:n]...)
	}
	slices.SortFunc(buf, less)
	for n := it.NextMany(chunk[:]); n > 0; n = it.NextMany(chunk[:]) {
		keepBest(buf, chunk[:n], less)
	}
	return buf
}
