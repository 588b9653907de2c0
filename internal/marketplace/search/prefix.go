package search

import (
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/RoaringBitmap/roaring/v2"
)

// Prefix groups. The last word of a query is a prefix, and a short one
// stands for many terms: "lib" for thousands in a catalog of software, and
// every search with it intersected each of them with the other words'
// matches, in every pass (matches, then each relevance tier). At a million
// listings that was half of a distinct search's time. So the index keeps,
// for each beginning of at least prefixMinLen letters shared by at least
// prefixGroupTerms terms, the union of those terms' postings (as Meilisearch
// keeps a prefix database for its frequent prefixes): such a prefix is then
// one posting. Measured on the realistic catalog of 1,000,000 listings
// (50,621 terms; BENCHMARKS.md): 111 groups, about 15 MB.
//
// Which beginnings have a group is decided when the state is built or
// loaded; afterwards the groups are kept exact (a term added to the index
// is added to each group of its beginnings, a listing's terms dropped are
// dropped from every group), and a beginning that comes to have many terms
// later waits for the next build, which changes only the speed.
const (
	prefixMinLen     = 3
	prefixGroupTerms = 64
)

// groupPrefixes makes the prefix groups of the state's terms (sorted).
func (st *state) groupPrefixes(minTerms int) {
	st.prefixes = map[string]*posting{}
	for _, term := range st.sorted {
		for n := prefixMinLen; n <= len(term); n++ {
			if n < len(term) && !utf8.RuneStart(term[n]) {
				continue // a beginning is whole letters
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
			st.prefixes[p] = unionOf(st, st.sorted[lo:hi])
		}
	}
}

// unionOf is a posting holding the listings of every term of terms, field by field.
func unionOf(st *state, terms []string) *posting {
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
			u[f] = roaring.FastOr(parts...)
		}
	}
	return u
}

// addToGroups records in the groups of term's beginnings that the listing
// holds it in field (what addTerm records in the term's own posting).
func (st *state) addToGroups(seq uint32, field int, term string) {
	for n := prefixMinLen; n <= len(term) && len(st.prefixes) > 0; n++ {
		if n < len(term) && !utf8.RuneStart(term[n]) {
			continue
		}
		g := st.prefixes[term[:n]]
		if g == nil {
			return // a longer beginning has no group either
		}
		g.add(seq, field)
	}
}
