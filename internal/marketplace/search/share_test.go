package search

import (
	"slices"
	"testing"
)

// TestSharedFields: a field holding the same listings as anyField shares
// its bitmap, and keeps its own listings when the posting changes.
func TestSharedFields(t *testing.T) {
	list := func(p *posting, f int) []uint32 {
		if p[f] == nil {
			return nil
		}
		return p[f].ToArray()
	}
	// in the names and taglines of listings 1 and 2 only: all three shared
	var w postingWork
	p := newPosting(&[3][]uint32{{1, 2}, {1, 2}, nil}, &w)
	if p[FieldName] != p[anyField] || p[FieldTagline] != p[anyField] {
		t.Fatal("equal fields are not shared")
	}
	p.add(3, FieldName) // name and any grow, the tagline does not
	p.add(4, FieldDescription)
	p.add(5, FieldTagline)
	for _, c := range []struct {
		f    int
		want []uint32
	}{{FieldName, []uint32{1, 2, 3}}, {FieldTagline, []uint32{1, 2, 5}}, {anyField, []uint32{1, 2, 3, 4, 5}}} {
		if got := list(p, c.f); !slices.Equal(got, c.want) {
			t.Errorf("field %d = %v, want %v", c.f, got, c.want)
		}
	}
	// a listing already in anyField through the field added to: nothing
	// is copied
	q := newPosting(&[3][]uint32{{7}, nil, nil}, &w)
	q.add(7, FieldDescription)
	if q[FieldName] != q[anyField] {
		t.Error("a listing anyField holds already unshared the name")
	}
	// a field that differs is not shared; share finds equal ones again
	r := newPosting(&[3][]uint32{{1}, {2}, nil}, &w)
	if r[FieldName] == r[anyField] || r[FieldTagline] == r[anyField] {
		t.Error("different fields are shared")
	}
	r[FieldName] = r[anyField].Clone()
	r.share()
	if r[FieldName] != r[anyField] || r[FieldTagline] == r[anyField] {
		t.Error("share did not share exactly the equal field")
	}
}

// TestFacets: listings with the same category, brand, difficulty and
// industry share one combination; a listing set again or unset leaves
// exactly the sets of its old values.
func TestFacets(t *testing.T) {
	st := newState()
	holds := func(kind, v string) []uint32 {
		id, ok := st.lookup(kind, v)
		if !ok {
			t.Fatalf("%s%s not interned", kind, v)
		}
		return st.by[id].ToArray()
	}
	st.set(&Row{Seq: 1, Category: "c1", Brand: "b1", Difficulty: "easy"})
	st.set(&Row{Seq: 2, Category: "c1", Brand: "b1", Difficulty: "easy"})
	st.set(&Row{Seq: 3, Category: "c2"})
	if len(st.facetSets) != 3 || st.docs[1].facets != st.docs[2].facets {
		t.Fatalf("combinations %v, listings 1 and 2 at %d and %d", st.facetSets, st.docs[1].facets, st.docs[2].facets)
	}
	st.set(&Row{Seq: 1, Category: "c2", Industry: "retail"})
	st.unset(2)
	for _, c := range []struct {
		kind, v string
		want    []uint32
	}{{"c", "c1", nil}, {"c", "c2", []uint32{1, 3}}, {"b", "b1", nil}, {"d", "easy", nil}, {"i", "retail", []uint32{1}}} {
		if got := holds(c.kind, c.v); !slices.Equal(got, c.want) {
			t.Errorf("%s%s holds %v, want %v", c.kind, c.v, got, c.want)
		}
	}
}
