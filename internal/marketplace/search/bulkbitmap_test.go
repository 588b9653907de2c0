package search

import (
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"

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
	var sl slab
	made := make([]*roaring.Bitmap, len(lists))
	for i, l := range lists {
		want := roaring.BitmapOf(l...)
		got := bitmapOf(l, &sl)
		made[i] = got
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
	// the bitmaps share the slab's chunks: none wrote over another
	for i, l := range lists {
		want := roaring.BitmapOf(l...)
		want.Add(12345)
		if len(l) > 0 {
			want.Remove(l[len(l)/2])
		}
		if !made[i].Equals(want) {
			t.Fatalf("list %d of %d: changed by the bitmaps made after it", i, len(l))
		}
	}
}

// TestSlab: a slab's pieces are 8-aligned, of the size asked, and never
// overlap; a piece larger than slabMax is an allocation of its own.
func TestSlab(t *testing.T) {
	var sl slab
	type piece struct{ b []byte }
	var pieces []piece
	r := rand.New(rand.NewPCG(3, 4))
	for i := range 5_000 {
		n := r.IntN(300)
		if i%500 == 0 {
			n = slabMax - r.IntN(8)
		}
		b := sl.take(n)
		if len(b) != n || cap(b) != n {
			t.Fatalf("take(%d): len %d, cap %d", n, len(b), cap(b))
		}
		if n > 0 && uintptr(unsafe.Pointer(&b[0]))%8 != 0 {
			t.Fatalf("take(%d) is not 8-aligned", n)
		}
		for j := range b {
			b[j] = byte(i)
		}
		pieces = append(pieces, piece{b})
	}
	for i, p := range pieces {
		for _, c := range p.b {
			if c != byte(i) {
				t.Fatalf("piece %d was written over", i)
			}
		}
	}
	big := sl.take(slabMax + 1)
	next := sl.take(8)
	if &big[0] == &next[0] || len(big) != slabMax+1 {
		t.Fatal("a large piece is not an allocation of its own")
	}
}

// TestPacked: a bitmap packed holds what it held, runs included, and is
// changed as any other.
func TestPacked(t *testing.T) {
	var sl slab
	b := roaring.BitmapOf(1, 2, 3, 70000, 1<<31)
	b.AddRange(200000, 300000) // runs, once optimized
	b.RunOptimize()
	for _, src := range []*roaring.Bitmap{roaring.New(), roaring.BitmapOf(7), b} {
		got := packed(src, &sl)
		if !got.Equals(src) {
			t.Fatalf("packed %d values: holds %d", src.GetCardinality(), got.GetCardinality())
		}
		got.Add(5)
		got.Remove(7)
		want := src.Clone()
		want.Add(5)
		want.Remove(7)
		if !got.Equals(want) {
			t.Fatal("a packed bitmap changes otherwise than its source")
		}
	}
}
