package search

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"
)

// osa is the optimal string alignment (Damerau) distance, the plain way.
func osa(a, b []rune) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

// typosPlain is nearTerms's rule written directly: the distance (for a
// prefix, to t or its closest beginning as long as the word), plus one when the first letters
// differ.
func typosPlain(word, t string, prefix bool) int {
	q, r := []rune(word), []rune(t)
	best := osa(q, r)
	if prefix {
		for n := len(q); n <= len(r); n++ {
			best = min(best, osa(q, r[:n]))
		}
	}
	if r[0] != q[0] {
		best++
	}
	return best
}

func TestNearTerms(t *testing.T) {
	terms := []string{"bake", "baker", "bakeri", "bakery", "bakeries", "balcony", "book", "booking", "bookings", "brake",
		"cake", "café", "cafés", "kitchen", "kitchens", "restaur", "restaurant", "restor", "saturday", "seven", "severn", "sevan", "thursday"}
	sort.Strings(terms)
	for _, c := range []struct {
		word   string
		prefix bool
		want   []string
	}{
		{"sevem", false, []string{"seven"}},                     // one replaced letter, from 5 letters (sevan is two away)
		{"tow", false, nil},                                     // under 5 letters: no typo
		{"bakrei", false, []string{"bakeri"}},                   // two letters swapped: one typo
		{"akery", false, nil},                                   // a missing first letter counts as two
		{"kitchne", false, []string{"kitchen"}},                 // swapped at the end
		{"saturdya", false, []string{"saturday"}},               // 8 letters: one typo
		{"restaurnt", false, []string{"restaur", "restaurant"}}, // 9 letters: up to two
		{"bookng", true, []string{"booking", "bookings"}},       // a prefix with a typo: the terms that begin that close
		{"bakery", false, []string{"baker", "bakeri"}},          // the exact term itself is not a typo
		{"cafés", false, []string{"café"}},                      // letters, not bytes
		{"xxxxxxxxxxxxxxxxxxxx", true, nil},                     // nothing near
	} {
		got := nearTerms(terms, c.word, c.prefix, TyposAllowed(len([]rune(c.word))))
		var names []string
		for _, g := range got {
			names = append(names, g.term)
			if want := typosPlain(c.word, g.term, c.prefix); g.typos != want {
				t.Errorf("%q ~ %q: %d typos, the plain rule says %d", c.word, g.term, g.typos, want)
			}
		}
		slices.Sort(names)
		want := slices.Clone(c.want)
		slices.Sort(want)
		if !slices.Equal(names, want) {
			t.Errorf("nearTerms(%q, prefix=%v) = %v, want %v", c.word, c.prefix, names, want)
		}
	}
}

// TestNearTermsMatchesPlainRule: on random vocabularies and words (typos
// of real terms among them), the trie walk finds exactly the terms the
// plain rule allows.
func TestNearTermsMatchesPlainRule(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	letters := []rune("abcdeéo")
	word := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteRune(letters[r.IntN(len(letters))])
		}
		return b.String()
	}
	for round := range 200 {
		seen := map[string]bool{}
		var terms []string
		for range 1 + r.IntN(300) {
			if w := word(1 + r.IntN(11)); !seen[w] {
				seen[w] = true
				terms = append(terms, w)
			}
		}
		sort.Strings(terms)
		q := word(3 + r.IntN(9))
		if round%2 == 0 { // a typo of a real term
			rs := []rune(terms[r.IntN(len(terms))])
			if len(rs) > 1 {
				i := r.IntN(len(rs) - 1)
				rs[i], rs[i+1] = rs[i+1], rs[i]
			}
			q = string(rs)
		}
		if len([]rune(q)) == 0 {
			continue
		}
		for _, prefix := range []bool{false, true} {
			var want []string
			k := TyposAllowed(len([]rune(q)))
			for _, term := range terms {
				exact := term == q || prefix && strings.HasPrefix(term, q)
				if d := typosPlain(q, term, prefix); k > 0 && !exact && d <= k {
					want = append(want, term)
				}
			}
			if len(want) > maxTypoTerms {
				continue // capped: which ones are kept is the closest-first cut
			}
			var got []string
			for _, g := range nearTerms(terms, q, prefix, k) {
				got = append(got, g.term)
			}
			if !slices.Equal(got, want) {
				t.Fatalf("round %d: nearTerms(%q, prefix=%v) over %v\n got %v\nwant %v", round, q, prefix, terms, got, want)
			}
		}
	}
}

// TestFindWithTypos: a word with a typo finds the listings of the term it
// meant; listings that match every word exactly come first whatever the
// order; Exact turns typos off.
func TestFindWithTypos(t *testing.T) {
	ctx := context.Background()
	day := func(d int) time.Time { return time.Date(2026, 1, d, 0, 0, 0, 0, time.UTC) }
	src := &memSource{version: 1, rows: map[int64]Row{
		1: {Seq: 1, Public: true, Clones: 1, Created: day(1)},
		2: {Seq: 2, Public: true, Clones: 9, Created: day(2)},
		3: {Seq: 3, Public: true, Clones: 5, Created: day(3)},
	}, terms: map[int64][]FieldTerm{
		1: names("bakery", "paris"),
		2: names("bakers", "paris"), // one typo from "bakery"
		3: names("brewery"),
	}}
	ix := New(src)
	for _, tc := range []struct {
		name  string
		f     Filter
		stems []string
		want  []uint32
	}{
		{"a swap is one typo", Filter{Order: Clones}, []string{"bakrey"}, []uint32{1}}, // bakers is two away
		{"one replaced letter", Filter{Order: Clones}, []string{"bakerz"}, []uint32{2, 1}},
		{"exact first, then by clones", Filter{Order: Clones}, []string{"bakery"}, []uint32{1, 2}},
		{"exact first, then newest", Filter{Order: Newest}, []string{"paris", "bakery"}, []uint32{1, 2}},
		{"relevance keeps exact first", Filter{Order: Relevance}, []string{"bakery"}, []uint32{1, 2}},
		{"exact only", Filter{Order: Clones, Exact: true}, []string{"bakery"}, []uint32{1}},
		{"short words have no typos", Filter{Order: Clones}, []string{"pari", "bakery"}, nil},
		{"a typo in a prefix", Filter{Order: Clones}, []string{"brwe"}, nil},
		{"a typo in a longer prefix", Filter{Order: Clones}, []string{"brewr"}, []uint32{3}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			page, total, ok, err := ix.Find(ctx, 1, tc.f, tc.stems, 10, 0)
			if err != nil || !ok {
				t.Fatalf("Find: ok=%v err=%v", ok, err)
			}
			if !slices.Equal(page, tc.want) || total != int64(len(tc.want)) {
				t.Errorf("got %v (total %d), want %v", page, total, tc.want)
			}
		})
	}
}

// TestPastPrefix: the gallop finds the first term past a prefix's run,
// at every position, however long the run (a bisection is the reference).
func TestPastPrefix(t *testing.T) {
	for n := 1; n <= 70; n++ {
		var sorted []string
		sorted = append(sorted, "aa", "ab")
		for i := range n {
			sorted = append(sorted, fmt.Sprintf("b%03d", i))
		}
		sorted = append(sorted, "c", "d")
		for i := 2; i < 2+n; i++ {
			for _, stem := range []string{"b", sorted[i][:2], sorted[i][:3], sorted[i]} {
				want := i + sort.Search(len(sorted)-i, func(j int) bool { return !strings.HasPrefix(sorted[i+j], stem) })
				if got := pastPrefix(sorted, i, len(sorted), stem); got != want {
					t.Fatalf("n=%d i=%d stem=%q: %d, want %d", n, i, stem, got, want)
				}
				if got := pastPrefix(sorted, i, i+1, stem); got != i+1 {
					t.Fatalf("n=%d i=%d stem=%q, hi=i+1: %d", n, i, stem, got)
				}
			}
		}
	}
}

// TestNearCacheKeepsHotWords: the cache stays bounded, and a word searched
// often survives any number of others.
func TestNearCacheKeepsHotWords(t *testing.T) {
	sorted := []string{"bakeri", "baker", "bread"}
	var c nearCache
	hot := nearKey{"bakery", false, 1}
	want := nearTerms(sorted, hot.word, hot.prefix, hot.k)
	c.get(sorted, hot.word, hot.prefix, hot.k)
	for i := range 5 * maxNearCached {
		c.get(sorted, fmt.Sprintf("word%d", i), false, 1)
		if i%1000 == 0 {
			c.mu.Lock()
			_, inCur := c.cur[hot]
			_, inOld := c.old[hot]
			c.mu.Unlock()
			if !inCur && !inOld {
				t.Fatalf("after %d other words the hot word is gone", i)
			}
			if got := c.get(sorted, hot.word, hot.prefix, hot.k); !slices.Equal(got, want) {
				t.Fatalf("cached %v, want %v", got, want)
			}
		}
		if n := len(c.cur) + len(c.old); n > 2*maxNearCached {
			t.Fatalf("%d words cached", n)
		}
	}
}
