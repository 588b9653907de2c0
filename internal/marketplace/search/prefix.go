package search

import (
	"sort"
	"strings"

	"github.com/RoaringBitmap/roaring/v2"
)

// Prefix groups. The last word of a query is a prefix, and a short one
// stands for many terms: "lib" for thousands in a catalog of software, and
// every search with it intersected each of them with the other words'
// matches, in every pass (matches, then each relevance tier). At a million
// listings that was half of a distinct search's time. So the index keeps,
// for each beginning of three letters or more that at least
// prefixGroupTerms terms share, the union of those terms' postings (as
// Meilisearch keeps a prefix database for its frequent prefixes): such a
// prefix is then one posting. A beginning of two letters (a stem such as
// "re", of "res") needs eight times as many terms: its union is nearly
// every listing, a dense bitmap per field, worth its memory only when the
// terms are that many. Measured on the realistic catalog of 1,000,000
// listings (50,621 terms; BENCHMARKS.md): 116 groups, about 16 MB.
//
// Which beginnings have a group is decided when the state is built or
// loaded; afterwards the groups are kept exact (a term added to the index
// is added to each group of its beginnings, a listing's terms dropped are
// dropped from every group), and a beginning that comes to have many terms
// later waits for the next build, which changes only the speed.
const (
	prefixGroupTerms  = 64
	shortPrefixFactor = 8 // a beginning of two letters needs this many times more
)

// groupPrefixes makes the prefix groups of the state's terms (sorted):
// beginnings of three letters or more shared by minTerms terms, of two
// letters by eight times as many.
func (st *state) groupPrefixes(minTerms int) {
	st.prefixes = map[string]*posting{}
	var sl slab
	for _, term := range st.sorted {
		letters := 0
		for n := range beginnings(term) {
			if letters++; letters < 2 {
				continue
			}
			p := term[:n]
			if st.prefixes[p] != nil {
				continue
			}
			lo := sort.SearchStrings(st.sorted, p)
			hi := lo + sort.Search(len(st.sorted)-lo, func(i int) bool { return !strings.HasPrefix(st.sorted[lo+i], p) })
			if hi-lo < minTerms {
				break // a longer beginning has no more terms
			}
			if letters > 2 || hi-lo >= shortPrefixFactor*minTerms {
				st.prefixes[p] = unionOf(st, st.sorted[lo:hi], &sl)
			}
		}
	}
}

// beginnings yields the length in bytes of each beginning of term, one
// letter more each time (a beginning is whole letters).
func beginnings(term string) func(func(int) bool) {
	return func(yield func(int) bool) {
		for i := range term {
			if i > 0 && !yield(i) {
				return
			}
		}
		if term != "" {
			yield(len(term))
		}
	}
}

// unionOf is a posting holding the listings of every term of terms, field
// by field, each bitmap packed into bytes from sl (packed).
func unionOf(st *state, terms []string, sl *slab) *posting {
	u := &posting{}
	parts := make([]*roaring.Bitmap, 0, len(terms))
	for f := range u {
		parts = parts[:0]
		for _, t := range terms {
			if b := st.terms[t][f]; b != nil {
				parts = append(parts, b)
			}
		}
		if len(parts) > 0 {
			u[f] = packed(roaring.FastOr(parts...), sl)
		}
	}
	u.share()
	return u
}

// addToGroups records in the groups of term's beginnings that the listing
// holds it in field (what addTerm records in the term's own posting).
func (st *state) addToGroups(seq uint32, field int, term string) {
	if len(st.prefixes) == 0 {
		return
	}
	letters := 0
	for n := range beginnings(term) {
		letters++
		g := st.prefixes[term[:n]]
		switch {
		case g != nil:
			g.add(seq, field)
		case letters > 2:
			return // a longer beginning has no group either
		}
	}
}
