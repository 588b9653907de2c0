package search

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// TestBands: pages found with the bands are the pages of a full ranking,
// for every banded order, at offsets past the smaller bands, on keys with
// many ties, and after changes that move listings into and out of bands.
func TestBands(t *testing.T) {
	ctx := context.Background()
	r := rand.New(rand.NewPCG(3, 4))
	words := []string{"alpha", "beta", "gamma", "delta", "epsilon"}
	src := &memSource{version: 1, rows: map[int64]Row{}, terms: map[int64][]FieldTerm{}}
	row := func(seq int64) Row {
		return Row{Seq: seq, Public: r.IntN(10) > 0, Featured: r.IntN(20) == 0,
			Clones:  int64(r.IntN(50) * r.IntN(50)), // many ties, few high values
			Rating:  float64(r.IntN(11)) / 2,
			Created: time.Unix(1_700_000_000+int64(r.IntN(500_000)), 0)}
	}
	n := int64(minBanded + 8000)
	for seq := int64(1); seq <= n; seq++ {
		src.rows[seq] = row(seq)
		for i, w := range words {
			if r.IntN(i+2) == 0 {
				src.terms[seq] = append(src.terms[seq], FieldTerm{Field: r.IntN(3), Term: w})
			}
		}
	}
	ix := New(src)
	if _, err := ix.Warm(ctx); err != nil {
		t.Fatal(err)
	}
	if len(ix.st.bands[0]) == 0 || len(ix.st.bands[1]) == 0 || len(ix.st.bands[2]) == 0 {
		t.Fatalf("a catalog of %d listings has no bands for some order: %d %d %d", n,
			len(ix.st.bands[0]), len(ix.st.bands[1]), len(ix.st.bands[2]))
	}
	check := func(stage string, version int64) {
		t.Helper()
		// Each band is exactly the listings present above its threshold.
		if _, _, _, err := ix.Find(ctx, version, Filter{Order: Clones}, []string{"alpha"}, 1, 0); err != nil {
			t.Fatal(err)
		}
		for k, bs := range ix.st.bands {
			for i, b := range bs {
				for seq := range uint32(n + 1) {
					in := ix.st.present.Contains(seq) && b.above(&ix.st.docs[seq])
					if b.set.Contains(seq) != in {
						t.Fatalf("%s: band %d of key %d: listing %d in the set %v, above the threshold %v", stage, i, k, seq, b.set.Contains(seq), in)
					}
				}
			}
		}
		for _, order := range []Order{Relevance, Clones, Newest, Rating, Featured} {
			for _, stems := range [][]string{{"alp"}, {"alpha", "bet"}, {"gamma"}, {"epsilon", "delta"}} {
				for _, at := range [][2]int{{20, 0}, {20, 1000}, {50, 20000}, {10, 40000}} {
					f := Filter{Order: order}
					got, total, ok, err := ix.Find(ctx, version, f, stems, at[0], at[1])
					if err != nil || !ok {
						t.Fatalf("%s: Find: %v %v", stage, ok, err)
					}
					ix.mu.Lock()
					bands := ix.st.bands
					ix.st.bands = [3][]band{}
					want, wantTotal, _ := ix.st.find(f, stems, at[0], at[1])
					ix.st.bands = bands
					ix.mu.Unlock()
					if !slices.Equal(got, want) || total != wantTotal {
						t.Fatalf("%s: order %d %v limit %d offset %d: with bands %v (%d), ranked whole %v (%d)",
							stage, order, stems, at[0], at[1], got, total, want, wantTotal)
					}
				}
			}
		}
	}
	check("built", 1)
	// Listings rise into the bands, fall out of them, and leave.
	src.version = 2
	for range 3000 {
		seq := 1 + r.Int64N(n)
		src.since = append(src.since, seq)
		switch r.IntN(3) {
		case 0:
			delete(src.rows, seq)
		case 1:
			rw := row(seq)
			rw.Clones, rw.Rating, rw.Created = 5000, 5, time.Unix(1_800_000_000, 0)
			src.rows[seq] = rw
		default:
			rw := row(seq)
			rw.Clones, rw.Rating, rw.Created = 0, 0, time.Unix(1_600_000_000, 0)
			src.rows[seq] = rw
		}
	}
	check("after changes", 2)
}

// BenchmarkFindBands: pages of large tiers (common words at 200,000
// listings, Zipf-distributed terms), ranked whole and with the bands.
//
//	go test ./internal/marketplace/search -run '^$' -bench FindBands -benchtime 2s
func BenchmarkFindBands(b *testing.B) {
	r := rand.New(rand.NewPCG(5, 6))
	zipf := rand.NewZipf(r, 1.1, 2, 4999)
	src := &memSource{version: 1, rows: map[int64]Row{}, terms: map[int64][]FieldTerm{}}
	for seq := int64(1); seq <= 200_000; seq++ {
		src.rows[seq] = Row{Seq: seq, Public: true, Clones: int64(r.IntN(100) * r.IntN(100)),
			Rating: float64(r.IntN(11)) / 2, Created: time.Unix(1_700_000_000+r.Int64N(1e7), 0)}
		for range 12 {
			src.terms[seq] = append(src.terms[seq], FieldTerm{Field: r.IntN(3), Term: fmt.Sprintf("w%d", zipf.Uint64())})
		}
	}
	ix := New(src)
	if _, err := ix.Warm(context.Background()); err != nil {
		b.Fatal(err)
	}
	st := ix.st
	bands := st.bands
	for _, tc := range []struct {
		name   string
		order  Order
		offset int
	}{{"relevance", Relevance, 0}, {"newest", Newest, 0}, {"rating-offset-2000", Rating, 2000}} {
		for _, banded := range []bool{false, true} {
			name := tc.name + "/whole"
			if banded {
				name = tc.name + "/bands"
			}
			b.Run(name, func(b *testing.B) {
				st.bands = [3][]band{}
				if banded {
					st.bands = bands
				}
				f := Filter{Order: tc.order, Exact: true}
				i := 0
				for b.Loop() {
					st.find(f, []string{fmt.Sprintf("w%d", i%4), fmt.Sprintf("w%d", 4+i%7)}, 20, tc.offset)
					i++
				}
			})
		}
	}
	st.bands = bands
}
