package search

import (
	"cmp"
	"slices"

	"github.com/RoaringBitmap/roaring/v2"
)

// A page is the first listings of a tier of matches in the order's
// ranking, and finding them reads every listing of the tier (topOf): at a
// million listings a search of common words has hundreds of thousands.
// Bands make most such pages cheap. For each ranking by one key (clones,
// creation, rating), a band is the set of listings whose key is above a
// threshold fixed when the index is made. Every listing in a band ranks
// before every listing outside it (its key is greater; a listing with the
// threshold's own key stays outside, ties included), so when a tier holds
// at least k listings of a band, its first k are the first k of those.
// The thresholds only size the bands: membership is the key's comparison
// with the threshold, kept exact as listings change (set, unset), so a
// band that grows or shrinks over time stays correct, only less useful.

// band is the listings whose key is above a threshold.
type band struct {
	above func(d *docAttrs) bool
	set   *roaring.Bitmap
}

// bandSizes are the listings each band holds at most when it is made,
// smallest first.
var bandSizes = []int{1 << 10, 1 << 14, 1 << 17}

// minBanded is the smallest catalog that gets bands: below it a tier is
// small enough to rank whole.
const minBanded = 1 << 15

// bandKeys are the rankings that have bands, by Order; Relevance ranks
// each tier by clones.
func bandKey(by Order) int {
	switch by {
	case Relevance, Clones:
		return 0
	case Newest:
		return 1
	case Rating:
		return 2
	}
	return -1
}

// makeBands cuts the bands of every keyed ranking from the listings
// present.
func (st *state) makeBands() {
	st.bands = [3][]band{}
	if st.present.GetCardinality() < minBanded {
		return
	}
	st.bands[0] = cutBands(st, func(d *docAttrs) int64 { return d.clones })
	st.bands[1] = cutBands(st, func(d *docAttrs) int64 { return d.created })
	st.bands[2] = cutBands(st, func(d *docAttrs) float64 { return d.rating })
}

// cutBands makes the bands of one key: for each size, the listings whose
// key is above the key ranked just past that size. Bands that come out
// empty or the same as the one before are dropped.
func cutBands[K cmp.Ordered](st *state, key func(d *docAttrs) K) []band {
	keys := make([]K, 0, st.present.GetCardinality())
	st.present.Iterate(func(seq uint32) bool {
		keys = append(keys, key(&st.docs[seq]))
		return true
	})
	slices.Sort(keys) // ascending (NaNs first): the greatest keys last
	var over []K      // the thresholds, by bandSizes
	var sets []*roaring.Bitmap
	for _, size := range bandSizes {
		if size < len(keys) {
			over = append(over, keys[len(keys)-1-size])
			sets = append(sets, roaring.New())
		}
	}
	// one pass over the listings fills every band
	st.present.Iterate(func(seq uint32) bool {
		k := key(&st.docs[seq])
		for i, v := range over {
			if k > v {
				sets[i].Add(seq)
			}
		}
		return true
	})
	var bands []band
	for i, set := range sets {
		n := set.GetCardinality()
		if n == 0 || len(bands) > 0 && n == bands[len(bands)-1].set.GetCardinality() {
			continue
		}
		v := over[i]
		set.RunOptimize()
		bands = append(bands, band{above: func(d *docAttrs) bool { return key(d) > v }, set: set})
	}
	return bands
}

// bandsOf are the bands of a ranking (none for one without).
func (st *state) bandsOf(by Order) []band {
	if k := bandKey(by); k >= 0 {
		return st.bands[k]
	}
	return nil
}

// addToBands puts a listing whose attributes were just set in the bands
// its keys reach.
func (st *state) addToBands(seq uint32, d *docAttrs) {
	for _, bs := range st.bands {
		for _, b := range bs {
			if b.above(d) {
				b.set.Add(seq)
			}
		}
	}
}

// dropFromBands takes a listing out of every band.
func (st *state) dropFromBands(seq uint32) {
	for _, bs := range st.bands {
		for _, b := range bs {
			b.set.Remove(seq)
		}
	}
}

// topIn is topOf of a tier, from the smallest band that holds enough of
// it.
func topIn(t *roaring.Bitmap, k int, less func(a, b uint32) int, bands []band) []uint32 {
	if t.GetCardinality() > 4096 {
		for _, b := range bands {
			if in := roaring.And(t, b.set); in.GetCardinality() >= uint64(k) {
				return topOf(in, k, less)
			}
		}
	}
	return topOf(t, k, less)
}
