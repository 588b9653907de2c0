package search

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
	"unicode/utf8"
)

// TestPrefixGroups: a prefix group is the union of its terms' postings,
// field by field, after the build and after every change (listings added,
// changed and deleted, terms new to the index); and every search answers
// the same with the groups as by the terms one by one.
func TestPrefixGroups(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	// A vocabulary with shared beginnings: "ab", "abc…", "abd…", some
	// letters beyond ASCII (a beginning is whole letters).
	var vocab []string
	for _, stem := range []string{"lib", "libr", "for", "form", "été", "zz"} {
		for i := range 12 {
			vocab = append(vocab, fmt.Sprintf("%s%c%d", stem, 'a'+rune(i%5), i))
		}
		vocab = append(vocab, stem)
	}
	for i := range 70 { // a beginning of two letters with many terms
		vocab = append(vocab, fmt.Sprintf("re%c%d", 'a'+rune(i%5), i))
	}
	listing := func(seq int64) (*Row, []FieldTerm) {
		row := &Row{Seq: seq, Public: r.IntN(4) > 0, Clones: r.Int64N(5), Created: time.Unix(r.Int64N(1000), 0)}
		var ts []FieldTerm
		for range 1 + r.IntN(6) {
			ts = append(ts, FieldTerm{Field: r.IntN(3), Term: vocab[r.IntN(len(vocab))]})
		}
		return row, ts
	}
	st := newState()
	for seq := int64(1); seq <= 200; seq++ {
		row, ts := listing(seq)
		st.set(row)
		for _, ft := range ts {
			st.addTerm(uint32(seq), ft.Field, ft.Term)
		}
	}
	st.sortTerms()
	st.groupPrefixes(8)
	// "lib" (26 terms), "été" (not "ét": two letters); "re" (70 terms, of two letters: 64 needed),
	// not "li" (26); nothing of one letter.
	for p, want := range map[string]bool{"lib": true, "libr": true, "ét": false, "été": true, "re": true, "rea": true, "li": false, "l": false, "r": false} {
		if got := st.prefixes[p] != nil; got != want {
			t.Errorf("group %q: %v, want %v (groups %q)", p, got, want, slices.Sorted(maps.Keys(st.prefixes)))
		}
	}
	for p := range st.prefixes {
		if !utf8.ValidString(p) {
			t.Fatalf("a group %q ends in half a letter", p)
		}
	}
	check := func(when string) {
		t.Helper()
		for p, g := range st.prefixes {
			var terms []string
			for _, term := range st.sorted {
				if len(term) >= len(p) && term[:len(p)] == p {
					terms = append(terms, term)
				}
			}
			want := unionOf(st, terms, new(slab))
			for f := range g {
				if (g[f] == nil) != (want[f] == nil) || g[f] != nil && !g[f].Equals(want[f]) {
					t.Fatalf("%s: group %q field %d: %v, want %v", when, p, f, g[f], want[f])
				}
			}
		}
		groups := st.prefixes
		for _, q := range [][]string{{"lib"}, {"for"}, {"libr"}, {"form", "lib"}, {"lib", "for"}, {"été"}, {"zz", "lib"}, {"re"}, {"lib", "re"}, {"rea"}} {
			for _, order := range []Order{Relevance, Clones} {
				f := Filter{Order: order, Exact: true}
				st.prefixes = groups
				page, total, _ := st.find(f, q, 10, 0)
				st.prefixes = nil
				want, wantTotal, _ := st.find(f, q, 10, 0)
				if !slices.Equal(page, want) || total != wantTotal {
					t.Fatalf("%s: %q by %d: %v (%d) with the groups, %v (%d) without", when, q, order, page, total, want, wantTotal)
				}
			}
		}
		st.prefixes = groups
	}
	check("built")
	for round := range 30 {
		c := &Changes{Version: int64(round + 1), Rows: map[uint32]*Row{}, Terms: map[uint32][]FieldTerm{}}
		for range 1 + r.IntN(8) {
			seq := int64(1 + r.IntN(240)) // some new
			c.Changed = append(c.Changed, seq)
			if r.IntN(5) == 0 {
				continue // deleted
			}
			row, ts := listing(seq)
			if r.IntN(3) == 0 { // a term new to the index
				ts = append(ts, FieldTerm{Field: FieldName, Term: fmt.Sprintf("libnew%d", round)})
			}
			c.Rows[uint32(seq)], c.Terms[uint32(seq)] = row, ts
		}
		st.apply(c)
		check(fmt.Sprintf("after change %d", round))
	}
}
