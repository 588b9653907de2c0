package search

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/RoaringBitmap/roaring/v2"
)

// TestBitmapOf: a bitmap made in one allocation holds exactly its list,
// on every container size (empty, one value, an array's largest, a
// bitmap's smallest, full), and is changed as any other.
func TestBitmapOf(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	lists := [][]uint32{nil, {0}, {65535, 65536}, {1<<32 - 1}}
	for _, n := range []int{1, 4095, 4096, 4097, 65536} {
		for _, base := range []uint32{0, 3 << 16} {
			set := map[uint32]bool{}
			for len(set) < n {
				set[base+uint32(r.IntN(1<<16))] = true
			}
			if n == 65536 {
				for v := range uint32(1 << 16) {
					set[base+v] = true
				}
			}
			var l []uint32
			for v := range set {
				l = append(l, v)
			}
			slices.Sort(l)
			lists = append(lists, l)
		}
	}
	var all []uint32
	for i := range 50_000 {
		all = append(all, uint32(i*37+r.IntN(37)))
	}
	lists = append(lists, all)
	for _, l := range lists {
		want := roaring.BitmapOf(l...)
		got := bitmapOf(l)
		if !got.Equals(want) || got.GetCardinality() != uint64(len(l)) {
			t.Fatalf("list of %d: bitmap of %d, want %d", len(l), got.GetCardinality(), want.GetCardinality())
		}
		if len(l) > 0 && !slices.Equal(got.ToArray(), l) {
			t.Fatalf("list of %d: holds other values", len(l))
		}
		// changed as any bitmap (its containers copied first)
		got.Add(12345)
		want.Add(12345)
		if len(l) > 0 {
			got.Remove(l[len(l)/2])
			want.Remove(l[len(l)/2])
		}
		if !got.Equals(want) {
			t.Fatalf("list of %d: differs after a change", len(l))
		}
	}
}
