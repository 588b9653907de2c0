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
