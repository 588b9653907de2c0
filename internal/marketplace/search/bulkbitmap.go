package search

import (
	"encoding/binary"
	"errors"

	"github.com/RoaringBitmap/roaring/v2"
)

// bitmapOf returns the bitmap of an ascending list without repeats, its
// containers written in roaring's portable serialized form (arrays and
// bitmaps, no runs) into bytes from sl, and read in place
// (roaring.FromBuffer; a container is copied before it is first
// changed). Adding the list to an empty bitmap instead grows each
// container by appending, and the bitmaps of a build then share memory
// pages with that garbage, which the collector cannot give back to the
// system while one bitmap on a page lives.
func bitmapOf(seqs []uint32, sl *slab) *roaring.Bitmap {
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
	buf := sl.take(size)[:0]
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

// packed returns b read in place from its serialized form in bytes from
// sl: a union grows its containers by appending, so they hold spare room
// and lie among the garbage of their making.
func packed(b *roaring.Bitmap, sl *slab) *roaring.Bitmap {
	buf := sl.take(int(b.GetSerializedSizeInBytes()))
	if _, err := b.WriteTo(&fixedWriter{buf: buf[:0]}); err != nil {
		panic("search: a bitmap does not fit its serialized size: " + err.Error()) // a bug, not an input
	}
	p := roaring.New()
	if _, err := p.FromBuffer(buf); err != nil {
		panic("search: a bitmap written here does not read back: " + err.Error())
	}
	return p
}

// fixedWriter appends into buf's room and fails rather than grow it.
type fixedWriter struct{ buf []byte }

func (w *fixedWriter) Write(p []byte) (int, error) {
	if len(w.buf)+len(p) > cap(w.buf) {
		return 0, errors.New("past the room given")
	}
	w.buf = append(w.buf, p...)
	return len(p), nil
}

// Roaring's serialized form: the cookie of a stream without run
// containers, and the largest array container (a larger one is a bitmap
// of 2^16 bits).
const (
	serialCookieNoRunContainer = 12346
	arrayMax                   = 4096
)

// slab hands out the bytes of many bitmaps from chunks of slabChunk
// bytes, each filled in turn, so that the index's bitmaps lie packed
// together: no size class's rounding, and none of a build's garbage
// between them (one live bitmap on a memory page keeps the page from
// the system; at a million listings a first build held 285 MiB against
// 254 MiB this way, BENCHMARKS.md). A chunk lives as long as one of its
// bitmaps does; a bitmap's container copied out when it is changed
// leaves its old bytes in the chunk, at most the index's size at its
// last build or load. Not safe for concurrent use: one per goroutine.
type slab struct{ chunk []byte }

const (
	slabChunk = 1 << 20
	slabMax   = 16 << 10 // larger requests get their own allocation
)

// take returns n bytes, 8-aligned within their chunk.
func (sl *slab) take(n int) []byte {
	if n > slabMax {
		return make([]byte, n)
	}
	at := (len(sl.chunk) + 7) &^ 7
	if at+n > cap(sl.chunk) {
		sl.chunk, at = make([]byte, 0, slabChunk), 0
	}
	sl.chunk = sl.chunk[:at+n]
	return sl.chunk[at : at+n : at+n]
}

func containerBytes(n int) int {
	if n <= arrayMax {
		return 2 * n
	}
	return 8192
}
