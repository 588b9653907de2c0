package search

import (
	"encoding/binary"

	"github.com/RoaringBitmap/roaring/v2"
)

// bitmapOf returns the bitmap of an ascending list without repeats, made
// in one allocation of its exact size: the list is written in roaring's
// portable serialized form (arrays and bitmaps, no runs) and the bitmap
// reads its containers in place (roaring.FromBuffer; a container is
// copied before it is first changed). Adding the list to an empty bitmap
// instead grows each container by appending, and the bitmaps of a build
// then share memory pages with that garbage, which the collector cannot
// give back to the system while one bitmap on a page lives.
func bitmapOf(seqs []uint32) *roaring.Bitmap {
	// the containers: listings by their high 16 bits
	type span struct{ key, start, end int }
	var spans []span
	for i := 0; i < len(seqs); {
		key, j := int(seqs[i]>>16), i
		for j < len(seqs) && int(seqs[j]>>16) == key {
			j++
		}
		spans = append(spans, span{key, i, j})
		i = j
	}
	size := 8 + 8*len(spans) // cookie, count; key and cardinality, offset of each
	for _, s := range spans {
		size += containerBytes(s.end - s.start)
	}
	buf := make([]byte, 0, size)
	buf = binary.LittleEndian.AppendUint32(buf, serialCookieNoRunContainer)
	buf = binary.LittleEndian.AppendUint32(buf, uint32(len(spans)))
	for _, s := range spans {
		buf = binary.LittleEndian.AppendUint16(buf, uint16(s.key))
		buf = binary.LittleEndian.AppendUint16(buf, uint16(s.end-s.start-1))
	}
	offset := 8 + 8*len(spans)
	for _, s := range spans {
		buf = binary.LittleEndian.AppendUint32(buf, uint32(offset))
		offset += containerBytes(s.end - s.start)
	}
	for _, s := range spans {
		if n := s.end - s.start; n <= arrayMax {
			for _, seq := range seqs[s.start:s.end] {
				buf = binary.LittleEndian.AppendUint16(buf, uint16(seq))
			}
			continue
		}
		var words [1024]uint64
		for _, seq := range seqs[s.start:s.end] {
			low := seq & 0xffff
			words[low>>6] |= 1 << (low & 63)
		}
		for _, w := range words {
			buf = binary.LittleEndian.AppendUint64(buf, w)
		}
	}
	b := roaring.New()
	if _, err := b.FromBuffer(buf); err != nil {
		panic("search: a bitmap written here does not read back: " + err.Error()) // a bug, not an input
	}
	return b
}

// Roaring's serialized form: the cookie of a stream without run
// containers, and the largest array container (a larger one is a bitmap
// of 2^16 bits).
const (
	serialCookieNoRunContainer = 12346
	arrayMax                   = 4096
)

func containerBytes(n int) int {
	if n <= arrayMax {
		return 2 * n
	}
	return 8192
}
