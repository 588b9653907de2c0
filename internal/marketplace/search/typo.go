package search

import (
	"math"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"
)

// Typo tolerance, as Meilisearch has it by default: a query word of 5 to
// 8 letters matches terms one typo away, a word of 9 letters or more two
// typos away, a shorter word none. A typo is an inserted, deleted or
// replaced letter or two neighbouring letters swapped (Damerau); a typo
// on the first letter counts as two. The last word of a query, which may
// still be being typed, also matches the terms whose beginning, as long
// as the word or longer, is that close.
// How many typos a word may have depends on its length as typed; they are
// counted on the terms the engine indexes (stems), since those are all
// the index knows. Listings that match every word exactly come
// first, whatever the order asked for.
const (
	oneTypoFrom  = 5
	twoTyposFrom = 9
	// maxTypoTerms bounds the terms one word stands for through typos (the
	// closest ones first), so that a short prefix with one typo does not
	// turn into a union of thousands of postings.
	maxTypoTerms = 64
)

// TyposAllowed is the number of typos a query word of n letters may have.
func TyposAllowed(n int) int {
	switch {
	case n >= twoTyposFrom:
		return 2
	case n >= oneTypoFrom:
		return 1
	}
	return 0
}

// typoTerm is a term within the allowed typos of a query word.
type typoTerm struct {
	term  string
	typos int
}

// nearTerms returns the terms of sorted (in order) that are within k
// typos of word (typosAllowed of the word as typed) — for a prefix, the terms that begin with
// something that close — leaving out those the word matches exactly (the
// term itself, or for a prefix every term it begins). It walks the terms
// as a trie, reusing the distance rows of the letters two neighbouring
// terms share and skipping every term under a beginning already too far.
func nearTerms(sorted []string, word string, prefix bool, k int) []typoTerm {
	q := []rune(word)
	if k <= 0 || len(q) == 0 {
		return nil
	}
	lo, hi := 0, len(sorted)
	if k == 1 {
		// A first-letter typo costs two: only terms with the same first
		// letter can be one typo away.
		first := string(q[0])
		lo = sort.SearchStrings(sorted, first)
		hi = lo + sort.Search(len(sorted)-lo, func(i int) bool { return !strings.HasPrefix(sorted[lo+i], first) })
	}
	w := walker{q: q, k: k}
	var out []typoTerm
	for i := lo; i < hi; {
		t := sorted[i]
		typos, prune := w.distance(t, prefix)
		if prune > 0 {
			// Every term that begins with t's first prune letters is too
			// far: skip them all.
			i = pastPrefix(sorted, i, hi, t[:prune])
			continue
		}
		if typos > 0 && typos <= k {
			out = append(out, typoTerm{t, typos})
		}
		i++
	}
	if len(out) > maxTypoTerms {
		slices.SortStableFunc(out, func(a, b typoTerm) int { return a.typos - b.typos })
		out = out[:maxTypoTerms]
	}
	return out
}

// pastPrefix returns the first index from i (below hi) of the sorted
// terms whose term does not begin with stem; sorted[i] does. It gallops
// from i before it bisects: most skips are short, and a bisection of the
// whole rest of the terms cost as much as the walk itself.
func pastPrefix(sorted []string, i, hi int, stem string) int {
	lo, step := i, 1
	for i+step < hi && strings.HasPrefix(sorted[i+step], stem) {
		lo, step = i+step, step*2
	}
	end := min(i+step, hi)
	return lo + sort.Search(end-lo, func(j int) bool { return !strings.HasPrefix(sorted[lo+j], stem) })
}

// walker computes the Damerau (optimal string alignment) distance of the
// query q to successive terms, keeping one row per letter of the last
// term so that the next term recomputes only the letters it does not
// share with it.
type walker struct {
	q     []rune
	k     int
	rows  [][]int // rows[d]: distances of q's prefixes to the term's first d letters
	prev  []rune  // the letters rows stand for
	valid int     // rows[0..valid] are up to date for prev[:valid]
}

// distance returns the typos between q and term t (for a prefix, between
// q and t's closest beginning), 0 for an exact match (for a prefix, t
// begins with q); or, when even the best continuation of one of t's
// beginnings is too far, prune: that beginning's length in bytes.
func (w *walker) distance(t string, prefix bool) (typos, prune int) {
	n := len(w.q)
	if w.rows == nil {
		w.rows = [][]int{make([]int, n+1)}
		for j := range w.rows[0] {
			w.rows[0][j] = j
		}
	}
	// The letters t shares with the previous term keep their rows.
	d, off := 0, 0
	for d < w.valid && off < len(t) {
		r, size := utf8.DecodeRuneInString(t[off:])
		if r != w.prev[d] {
			break
		}
		d, off = d+1, off+size
	}
	w.prev = w.prev[:d]
	w.valid = d
	// For a prefix, the beginnings of t at least as long as the word
	// count (a shorter one would make "confi" match every "conf…" term).
	best := math.MaxInt
	for _, row := range w.rows[min(n, d+1) : d+1] {
		best = min(best, row[n])
	}
	for off < len(t) {
		r, size := utf8.DecodeRuneInString(t[off:])
		d, off = d+1, off+size
		low := w.extend(d, r)
		if d >= n {
			best = min(best, w.rows[d][n])
		}
		// The first-letter rule adds one: compare against k-1 then.
		limit := w.k
		if w.prev[0] != w.q[0] {
			limit--
		}
		// Too far already, and (for a prefix) no beginning close enough
		// so far: nothing that begins like this can come within limit.
		if low > limit && !(prefix && best <= limit) {
			return 0, off
		}
	}
	typos = w.rows[d][n]
	if prefix {
		typos = min(typos, best)
	}
	if d > 0 && w.prev[0] != w.q[0] {
		typos++
	}
	return typos, 0
}

// extend computes the row of the term's d-th letter r (the rows before it
// are up to date) and returns its smallest distance.
func (w *walker) extend(d int, r rune) (low int) {
	n := len(w.q)
	w.prev = append(w.prev, r)
	if len(w.rows) <= d {
		w.rows = append(w.rows, make([]int, n+1))
	}
	row, up := w.rows[d], w.rows[d-1]
	row[0] = d
	low = row[0]
	for j := 1; j <= n; j++ {
		cost := 1
		if w.q[j-1] == r {
			cost = 0
		}
		v := min(up[j]+1, row[j-1]+1, up[j-1]+cost)
		if d > 1 && j > 1 && w.q[j-1] == w.prev[d-2] && w.q[j-2] == r {
			v = min(v, w.rows[d-2][j-2]+1)
		}
		row[j] = v
		low = min(low, v)
	}
	w.valid = d
	return low
}

// nearCache keeps the near terms of the words searched lately, for one
// set of terms (the state drops it when its terms change): the same words
// come back often, and the walk is the costly part of a typo search. It
// keeps two generations: when the current one is full it becomes the old
// one, and a word found there moves back to the current one, so the
// words searched often stay while the cache stays bounded.
type nearCache struct {
	mu       sync.Mutex
	cur, old map[nearKey][]typoTerm
}

type nearKey struct {
	word   string
	prefix bool
	k      int
}

// maxNearCached bounds each generation of the cache.
const maxNearCached = 8192

func (c *nearCache) get(sorted []string, word string, prefix bool, k int) []typoTerm {
	if k <= 0 {
		return nil
	}
	key := nearKey{word, prefix, k}
	c.mu.Lock()
	ts, ok := c.cur[key]
	if !ok {
		if ts, ok = c.old[key]; ok {
			c.put(key, ts)
		}
	}
	c.mu.Unlock()
	if ok {
		return ts
	}
	ts = nearTerms(sorted, word, prefix, k)
	c.mu.Lock()
	c.put(key, ts)
	c.mu.Unlock()
	return ts
}

// put adds a word's near terms to the current generation (c.mu held).
func (c *nearCache) put(key nearKey, ts []typoTerm) {
	if c.cur == nil || len(c.cur) >= maxNearCached {
		c.old, c.cur = c.cur, make(map[nearKey][]typoTerm)
	}
	c.cur[key] = ts
}

// reset forgets every word (the terms changed).
func (c *nearCache) reset() {
	c.mu.Lock()
	c.cur, c.old = nil, nil
	c.mu.Unlock()
}
