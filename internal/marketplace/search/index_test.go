package search

import (
	"cmp"
	"context"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/RoaringBitmap/roaring/v2"
)

// memSource is a catalog held in a map: the index's unit tests feed it
// rows and terms by hand. (That the index answers as the database's
// full-text engine does is TestSearchIndexMatchesEngine's job, on both
// stores, in package marketplace.)
type memSource struct {
	version int64
	rows    map[int64]Row
	terms   map[int64][]FieldTerm
	since   []int64 // seqs changed after the index's version
}

func (m *memSource) Count(context.Context) (int64, error) { return int64(len(m.rows)), nil }

func (m *memSource) All(_ context.Context, row func(*Row), posting func(string, *[3][]uint32)) (int64, error) {
	for _, r := range m.rows {
		row(&r)
	}
	byTerm := map[string]*[3][]uint32{}
	for _, seq := range slices.Sorted(maps.Keys(m.terms)) {
		for _, t := range m.terms[seq] {
			fs := byTerm[t.Term]
			if fs == nil {
				fs = new([3][]uint32)
				byTerm[t.Term] = fs
			}
			if s := fs[t.Field]; len(s) == 0 || s[len(s)-1] != uint32(seq) {
				fs[t.Field] = append(s, uint32(seq))
			}
		}
	}
	for t, fs := range byTerm {
		posting(t, fs)
	}
	return m.version, nil
}

func (m *memSource) Since(context.Context, int64) (*Changes, error) {
	c := &Changes{Version: m.version, Changed: m.since, Rows: map[uint32]*Row{}, Terms: map[uint32][]FieldTerm{}}
	for _, seq := range m.since {
		if r, ok := m.rows[seq]; ok {
			c.Rows[uint32(seq)] = &r
			c.Terms[uint32(seq)] = m.terms[seq]
		}
	}
	return c, nil
}

func ptr[T any](v T) *T { return &v }

func names(words ...string) []FieldTerm {
	ts := make([]FieldTerm, len(words))
	for i, w := range words {
		ts[i] = FieldTerm{Field: FieldName, Term: w}
	}
	return ts
}

func catalog() *memSource {
	day := func(d int) time.Time { return time.Date(2026, 1, d, 0, 0, 0, 0, time.UTC) }
	return &memSource{
		version: 3,
		rows: map[int64]Row{
			1: {Seq: 1, Public: true, Category: "c1", Rating: 4.5, Clones: 10, Created: day(1)},
			2: {Seq: 2, Public: true, Featured: true, Category: "c2", Rating: 3, Clones: 2, Created: day(2)},
			3: {Seq: 3, Public: false, Category: "c1", Rating: 5, Clones: 50, Created: day(3)},
			4: {Seq: 4, Public: true, Category: "c1", Brand: "b1", Rating: 4, Clones: 10, Created: day(4)},
		},
		terms: map[int64][]FieldTerm{
			1: names("book", "shop"),
			2: append(names("shop"), FieldTerm{FieldTagline, "book"}),
			3: names("book", "shop"),
			4: append(names("bookkeep"), FieldTerm{FieldDescription, "shop"}),
		},
	}
}

func TestFind(t *testing.T) {
	ctx := context.Background()
	ix := New(catalog())
	for _, tc := range []struct {
		name  string
		f     Filter
		stems []string
		want  []uint32
		total int64
	}{
		{"relevance: name first, then tagline, then anywhere", Filter{Order: Relevance}, []string{"shop", "book"}, []uint32{1, 2, 4}, 3},
		{"admin sees hidden listings", Filter{Order: Relevance, Admin: true}, []string{"shop", "book"}, []uint32{3, 1, 2, 4}, 4},
		{"last word is a prefix", Filter{Order: Clones}, []string{"boo"}, []uint32{4, 1, 2}, 3},
		{"an earlier word is exact", Filter{Order: Clones}, []string{"boo", "shop"}, nil, 0},
		{"the last word whole (its stop word was dropped)", Filter{Order: Clones, LastWhole: true}, []string{"shop", "boo"}, nil, 0},
		{"the last word whole matches the term", Filter{Order: Clones, LastWhole: true}, []string{"shop", "book"}, []uint32{1, 2}, 2},
		{"newest", Filter{Order: Newest}, []string{"shop"}, []uint32{4, 2, 1}, 3},
		{"rating", Filter{Order: Rating}, []string{"shop"}, []uint32{1, 4, 2}, 3},
		{"featured first", Filter{Order: Featured}, []string{"shop"}, []uint32{2, 4, 1}, 3},
		{"category", Filter{Order: Clones, Category: ptr("c1")}, []string{"shop"}, []uint32{4, 1}, 2},
		{"unknown category matches nothing", Filter{Order: Clones, Category: ptr("nope")}, []string{"shop"}, nil, 0},
		{"unresolved category matches nothing", Filter{Order: Clones, Category: ptr("")}, []string{"shop"}, nil, 0},
		{"brand", Filter{Order: Clones, Brand: ptr("b1")}, []string{"shop"}, []uint32{4}, 1},
		{"not featured", Filter{Order: Clones, Featured: ptr(false)}, []string{"shop"}, []uint32{4, 1}, 2},
		{"minimum rating", Filter{Order: Clones, MinRating: ptr(4.0)}, []string{"shop"}, []uint32{4, 1}, 2},
		{"a word no listing holds", Filter{Order: Clones}, []string{"zebra"}, nil, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			page, total, ok, err := ix.Find(ctx, 3, tc.f, tc.stems, 10, 0)
			if err != nil || !ok {
				t.Fatalf("Find: ok=%v err=%v", ok, err)
			}
			if !slices.Equal(page, tc.want) || total != tc.total {
				t.Errorf("got %v (total %d), want %v (total %d)", page, total, tc.want, tc.total)
			}
		})
	}
	if _, _, ok, _ := ix.Find(ctx, 3, Filter{Order: Unanswerable}, []string{"shop"}, 10, 0); ok {
		t.Error("an Unanswerable order was answered")
	}
	// Pages: offset and limit across the relevance tiers.
	page, total, _, _ := ix.Find(ctx, 3, Filter{Order: Relevance, Admin: true}, []string{"shop", "book"}, 2, 1)
	if !slices.Equal(page, []uint32{1, 2}) || total != 4 {
		t.Errorf("page 2 of 2: got %v (total %d)", page, total)
	}
}

// TestCatchUp: a newer catalog version makes the index read the changes
// first: a deleted listing leaves, a changed one is found by its new text.
func TestCatchUp(t *testing.T) {
	ctx := context.Background()
	src := catalog()
	ix := New(src)
	if _, _, _, err := ix.Find(ctx, 3, Filter{Order: Clones}, []string{"shop"}, 10, 0); err != nil {
		t.Fatal(err)
	}
	delete(src.rows, 1)
	src.terms[4] = names("garden")
	src.version, src.since = 5, []int64{1, 4}
	page, _, _, err := ix.Find(ctx, 5, Filter{Order: Clones}, []string{"shop"}, 10, 0)
	if err != nil || !slices.Equal(page, []uint32{2}) {
		t.Errorf("shop after the changes: %v, %v; want [2]", page, err)
	}
	page, _, _, _ = ix.Find(ctx, 5, Filter{Order: Clones}, []string{"gard"}, 10, 0)
	if !slices.Equal(page, []uint32{4}) {
		t.Errorf("gard after the changes: %v; want [4]", page)
	}
	// An older version needs no catch-up: the index answers as it is.
	src.since = nil
	if page, _, _, _ = ix.Find(ctx, 4, Filter{Order: Clones}, []string{"gard"}, 10, 0); !slices.Equal(page, []uint32{4}) {
		t.Errorf("at an older version: %v", page)
	}
}

// TestTopK: the partial sorts (of a slice, of a bitmap) give the first k
// of a full sort.
func TestTopK(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	// Many ties on the first key, broken by the seq, as the index's orders are.
	byValue := func(a, b uint32) int { return cmp.Or(cmp.Compare(a%97, b%97), cmp.Compare(a, b)) }
	for _, n := range []int{0, 1, 10, 4096, 4097, 20000} {
		for _, k := range []int{1, 7, 100, 5000} {
			seqs := make([]uint32, n)
			for i := range seqs {
				seqs[i] = uint32(r.IntN(1 << 20))
			}
			slices.Sort(seqs)
			seqs = slices.Compact(seqs)
			want := slices.Clone(seqs)
			slices.SortFunc(want, byValue)
			want = want[:min(k, len(want))]
			if got := topK(slices.Clone(seqs), k, byValue); !slices.Equal(got, want) {
				t.Fatalf("n=%d k=%d: topK differs from a full sort", n, k)
			}
			if got := topOf(roaring.BitmapOf(seqs...), k, byValue); !slices.Equal(got, want) {
				t.Fatalf("n=%d k=%d: topOf differs from a full sort", n, k)
			}
		}
	}
}
