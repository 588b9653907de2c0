package search

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"os"
	"path/filepath"

	"github.com/RoaringBitmap/roaring/v2"
)

// A snapshot is the index's state in a file, so that a restarted process
// reads it (seconds) instead of building the index from the catalog
// (tens of seconds at a million listings), then applies the changes made
// since, as it does for any catch-up. It is written after each full build
// of a catalog larger than SyncLimit; a file that is missing, damaged, of
// another format, newer than the catalog or made from another catalog is
// not used (the index is built, and the file written anew).
//
// The file: a magic line, the format, the mark, the catalog version; the
// listings' attributes, the interned values, the listing sets, the terms'
// postings; a CRC-32 of all that. Every count is checked against the
// file's size before anything is allocated for it.

// Marker is what a Source implements for its index to use snapshots.
type Marker interface {
	// Mark identifies the catalog at version: a snapshot is used only
	// when the mark it was written with is still the catalog's mark for
	// its version.
	Mark(ctx context.Context, version int64) (string, error)
}

const (
	snapshotMagic  = "genie marketplace search index\n"
	snapshotFormat = 1
	docRecordSize  = 48
	maxSnapString  = 1 << 20
)

var errSnapshot = errors.New("search snapshot: not usable")

// SetSnapshot makes the index keep its state in the file at path ("":
// none). Call it before the index is first used.
func (ix *Index) SetSnapshot(path string) { ix.snapshot = path }

// saveSnapshot writes st to the snapshot file (a temporary file renamed
// over it, so a reader never sees half of one).
func (ix *Index) saveSnapshot(ctx context.Context, st *state) error {
	m, ok := ix.src.(Marker)
	if ix.snapshot == "" || !ok {
		return nil
	}
	mark, err := m.Mark(ctx, st.version)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(ix.snapshot), 0o700); err != nil {
		return fmt.Errorf("search snapshot: %w", err)
	}
	f, err := os.CreateTemp(filepath.Dir(ix.snapshot), filepath.Base(ix.snapshot)+".*.tmp")
	if err != nil {
		return fmt.Errorf("search snapshot: %w", err)
	}
	defer os.Remove(f.Name()) //nolint:errcheck // gone after the rename
	crc := crc32.NewIEEE()
	bw := bufio.NewWriterSize(io.MultiWriter(f, crc), 1<<20)
	w := &snapWriter{w: bw}
	w.raw([]byte(snapshotMagic))
	w.u64(snapshotFormat)
	w.str(mark)
	w.u64(uint64(st.version))
	st.encode(w)
	if w.err == nil {
		w.err = bw.Flush()
	}
	if w.err == nil {
		_, w.err = f.Write(binary.LittleEndian.AppendUint32(nil, crc.Sum32()))
	}
	if w.err == nil {
		w.err = f.Sync()
	}
	if err := f.Close(); w.err == nil {
		w.err = err
	}
	if w.err != nil {
		return fmt.Errorf("search snapshot: %w", w.err)
	}
	return os.Rename(f.Name(), ix.snapshot)
}

// loadSnapshot reads the snapshot file: nil (and no error) when there is
// none; errSnapshot when it is not usable for this catalog.
func (ix *Index) loadSnapshot(ctx context.Context) (*state, error) {
	m, ok := ix.src.(Marker)
	if ix.snapshot == "" || !ok {
		return nil, nil
	}
	f, err := os.Open(ix.snapshot)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("search snapshot: %w", err)
	}
	defer f.Close()
	size, err := checkSum(f)
	if err != nil {
		return nil, err
	}
	r := &snapReader{r: bufio.NewReaderSize(io.LimitReader(f, size), 1<<20), left: size}
	if string(r.raw(len(snapshotMagic))) != snapshotMagic || r.u64() != snapshotFormat {
		return nil, errSnapshot
	}
	mark, version := r.str(), int64(r.u64())
	if r.err != nil {
		return nil, errSnapshot
	}
	if now, err := m.Mark(ctx, version); err != nil {
		return nil, err
	} else if now != mark {
		return nil, errSnapshot
	}
	st := decodeState(r)
	if r.err != nil || r.left != 0 || !st.consistent() {
		return nil, errSnapshot
	}
	st.version = version
	st.sortTerms()
	st.groupPrefixes(prefixGroupTerms)
	st.makeBands()
	return st, nil
}

// checkSum reads the whole file once to check its CRC (nothing in a
// damaged file is decoded), and leaves it at its start; size is the
// length of what the CRC covers.
func checkSum(f *os.File) (size int64, err error) {
	fi, err := f.Stat()
	if err != nil {
		return 0, fmt.Errorf("search snapshot: %w", err)
	}
	size = fi.Size() - 4
	if size < int64(len(snapshotMagic)) {
		return 0, errSnapshot
	}
	crc := crc32.NewIEEE()
	if _, err := io.Copy(crc, io.LimitReader(f, size)); err != nil {
		return 0, fmt.Errorf("search snapshot: %w", err)
	}
	var sum [4]byte
	if _, err := io.ReadFull(f, sum[:]); err != nil || binary.LittleEndian.Uint32(sum[:]) != crc.Sum32() {
		return 0, errSnapshot
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return 0, fmt.Errorf("search snapshot: %w", err)
	}
	return size, nil
}

// encode writes the state after the header.
func (st *state) encode(w *snapWriter) {
	w.u64(uint64(len(st.docs)))
	buf := make([]byte, 0, docRecordSize)
	for _, d := range st.docs {
		buf = binary.LittleEndian.AppendUint64(buf[:0], uint64(d.created))
		buf = binary.LittleEndian.AppendUint64(buf, math.Float64bits(d.rating))
		buf = binary.LittleEndian.AppendUint64(buf, uint64(d.clones))
		buf = binary.LittleEndian.AppendUint64(buf, d.hash)
		for _, v := range st.facetsOf(&d) {
			buf = binary.LittleEndian.AppendUint32(buf, v)
		}
		w.raw(buf)
	}
	w.u64(uint64(len(st.ids)))
	for k, id := range st.ids {
		w.str(k)
		w.u64(uint64(id))
	}
	w.bitmap(st.present)
	w.bitmap(st.public)
	w.bitmap(st.featured)
	w.u64(uint64(len(st.by)))
	for id, b := range st.by {
		w.u64(uint64(id))
		w.bitmap(b)
	}
	w.u64(uint64(len(st.terms)))
	for t, p := range st.terms {
		w.str(t)
		var set uint64
		for f, b := range p {
			if b != nil {
				set |= 1 << f
			}
		}
		w.u64(set)
		for _, b := range p {
			if b != nil {
				w.bitmap(b)
			}
		}
	}
}

// consistent says whether a decoded state holds together as a built one
// does, so that no search or change can fail on it: every listing number
// within the attributes, every interned value numbered 1 to n with its
// listings, every value a listing names interned, every term with its
// any-field listings.
func (st *state) consistent() bool {
	n := uint64(len(st.docs))
	inRange := func(b *roaring.Bitmap) bool { return b != nil && (b.IsEmpty() || uint64(b.Maximum()) < n) }
	if !inRange(st.present) || !inRange(st.public) || !inRange(st.featured) || len(st.by) != len(st.ids) {
		return false
	}
	for id := 1; id <= len(st.ids); id++ {
		if !inRange(st.by[uint32(id)]) {
			return false
		}
	}
	for _, id := range st.ids {
		if id == 0 || int(id) > len(st.ids) {
			return false
		}
	}
	for _, f := range st.facetSets {
		for _, id := range f {
			if int(id) > len(st.ids) {
				return false
			}
		}
	}
	for _, p := range st.terms {
		if p[anyField] == nil {
			return false
		}
		for _, b := range p {
			if b != nil && !inRange(b) {
				return false
			}
		}
	}
	return true
}

// decodeState reads what encode wrote (r.err says whether it could; a
// panic of the bitmaps' decoder on a damaged one is that error too).
func decodeState(r *snapReader) (st *state) {
	defer func() {
		if recover() != nil {
			r.err = errSnapshot
		}
	}()
	st = newState()
	st.docs = make([]docAttrs, r.count(docRecordSize))
	for i := range st.docs {
		b := r.buf[:]
		if !r.fill(b) {
			return st
		}
		u32 := func(at int) uint32 { return binary.LittleEndian.Uint32(b[at:]) }
		st.docs[i] = docAttrs{created: int64(binary.LittleEndian.Uint64(b)), rating: math.Float64frombits(binary.LittleEndian.Uint64(b[8:])),
			clones: int64(binary.LittleEndian.Uint64(b[16:])), hash: binary.LittleEndian.Uint64(b[24:]),
			facets: st.internFacets(facets{u32(32), u32(36), u32(40), u32(44)})}
	}
	for n := r.count(9); n > 0 && r.err == nil; n-- {
		k := r.str()
		st.ids[k] = uint32(r.u64())
	}
	st.present, st.public, st.featured = r.bitmap(), r.bitmap(), r.bitmap()
	for n := r.count(9); n > 0 && r.err == nil; n-- {
		id := uint32(r.u64())
		st.by[id] = r.bitmap()
	}
	for n := r.count(17); n > 0 && r.err == nil; n-- {
		t, set := r.str(), r.u64()
		p := &posting{}
		for f := range p {
			if set&(1<<f) != 0 {
				p[f] = r.bitmap()
			}
		}
		p.share()
		st.terms[t] = p
	}
	return st
}

// snapWriter writes a snapshot's fields, keeping the first error.
type snapWriter struct {
	w   io.Writer
	err error
	num [8]byte // u64's bytes
}

func (w *snapWriter) raw(b []byte) {
	if w.err == nil {
		_, w.err = w.w.Write(b)
	}
}

func (w *snapWriter) u64(v uint64) {
	binary.LittleEndian.PutUint64(w.num[:], v)
	w.raw(w.num[:])
}

func (w *snapWriter) str(s string) {
	w.u64(uint64(len(s)))
	w.raw([]byte(s))
}

func (w *snapWriter) bitmap(b *roaring.Bitmap) {
	w.u64(b.GetSerializedSizeInBytes())
	if w.err == nil {
		_, w.err = b.WriteTo(w.w)
	}
}

// snapReader reads a snapshot's fields, keeping the first error; left is
// how many bytes the file still holds, which bounds every count.
type snapReader struct {
	r    io.Reader
	left int64
	err  error
	buf  [docRecordSize]byte // fixed-size fields, read in place
	sl   slab                // the bitmaps' bytes
}

// raw reads n bytes into a new slice.
func (r *snapReader) raw(n int) []byte {
	if r.err != nil || int64(n) > r.left {
		r.fail()
		return nil
	}
	b := make([]byte, n)
	if !r.fill(b) {
		return nil
	}
	return b
}

// fill reads len(b) bytes into b; false (and r.err) when it cannot.
func (r *snapReader) fill(b []byte) bool {
	if r.err != nil || int64(len(b)) > r.left {
		r.fail()
		return false
	}
	if _, err := io.ReadFull(r.r, b); err != nil {
		r.fail()
		return false
	}
	r.left -= int64(len(b))
	return true
}

func (r *snapReader) fail() {
	if r.err == nil {
		r.err = errSnapshot
	}
}

func (r *snapReader) u64() uint64 {
	if !r.fill(r.buf[:8]) {
		return 0
	}
	return binary.LittleEndian.Uint64(r.buf[:8])
}

// count reads a number of entries of at least size bytes each.
func (r *snapReader) count(size int64) int {
	n := r.u64()
	if n > uint64(r.left/size) {
		r.fail()
		return 0
	}
	return int(n)
}

func (r *snapReader) str() string {
	n := r.u64()
	if n > maxSnapString {
		r.fail()
		return ""
	}
	return string(r.raw(int(n)))
}

// bitmap reads a bitmap's bytes into the reader's slab and the bitmap
// in place (as bitmapOf, and for the same reason: the loaded index's
// bitmaps lie packed together).
func (r *snapReader) bitmap() *roaring.Bitmap {
	b := roaring.New()
	n := r.u64()
	if r.err != nil || n > uint64(r.left) {
		r.fail()
		return b
	}
	buf := r.sl.take(int(n))
	if !r.fill(buf) {
		return b
	}
	if read, err := b.FromBuffer(buf); err != nil || read != int64(n) {
		r.fail()
	}
	return b
}
