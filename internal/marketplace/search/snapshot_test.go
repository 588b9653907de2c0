package search

import (
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
)

// markedSource is a memSource whose mark is its version and a label (the
// database it stands for).
type markedSource struct {
	*memSource
	label string
}

func (m markedSource) Mark(_ context.Context, version int64) (string, error) {
	return m.label + "/" + strconv.FormatInt(version, 10), nil
}

// queries are the searches the snapshot tests compare.
var queries = []struct {
	f     Filter
	stems []string
}{
	{Filter{Order: Relevance}, []string{"shop", "book"}},
	{Filter{Order: Relevance, Admin: true}, []string{"shop", "book"}},
	{Filter{Order: Clones}, []string{"boo"}},
	{Filter{Order: Newest}, []string{"shop"}},
	{Filter{Order: Rating, MinRating: ptr(4.0)}, []string{"shop"}},
	{Filter{Order: Featured}, []string{"shop"}},
	{Filter{Order: Clones, Category: ptr("c1")}, []string{"shop"}},
	{Filter{Order: Clones, Brand: ptr("b1")}, []string{"shop"}},
	{Filter{Order: Clones}, []string{"shpo"}}, // a typo
}

func answers(t *testing.T, st *state) []string {
	t.Helper()
	var out []string
	for _, q := range queries {
		page, total, ok := st.find(q.f, q.stems, 10, 0)
		out = append(out, strconv.FormatBool(ok)+" "+strconv.FormatInt(total, 10)+" "+fmtSeqs(page))
	}
	return out
}

func fmtSeqs(seqs []uint32) string {
	s := ""
	for _, q := range seqs {
		s += strconv.FormatUint(uint64(q), 10) + ","
	}
	return s
}

// TestSnapshotRoundTrip: a snapshot read back answers every search as
// the state it was written from, at the same version.
func TestSnapshotRoundTrip(t *testing.T) {
	ctx := context.Background()
	src := markedSource{catalog(), "db1"}
	ix := New(src)
	ix.SetSnapshot(filepath.Join(t.TempDir(), "index.search"))
	st, err := ix.build(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := ix.saveSnapshot(ctx, st); err != nil {
		t.Fatal(err)
	}
	got, err := ix.loadSnapshot(ctx)
	if err != nil || got == nil {
		t.Fatalf("load: %v, %v", got, err)
	}
	if got.version != st.version || !slices.Equal(answers(t, got), answers(t, st)) {
		t.Fatalf("read back: version %d, %v; want %d, %v", got.version, answers(t, got), st.version, answers(t, st))
	}
	if !slices.Equal(got.sorted, st.sorted) || !slices.Equal(resolved(got), resolved(st)) {
		t.Fatal("terms or attributes differ after the round trip")
	}
}

// resolved is a state's attributes with each listing's facets in place of
// the index of their combination (which the order listings were set in
// decides).
func resolved(st *state) []any {
	out := make([]any, len(st.docs))
	for i := range st.docs {
		d := st.docs[i]
		f := st.facetsOf(&d)
		d.facets = 0
		out[i] = [2]any{d, f}
	}
	return out
}

// TestSnapshotNotUsed: no file is no snapshot; a file from another
// catalog, damaged, cut short or of another format is refused; a usable
// one is resumed with the changes made since it was written.
func TestSnapshotNotUsed(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "index.search")
	src := markedSource{catalog(), "db1"}
	ix := New(src)
	ix.SetSnapshot(path)
	if st, err := ix.loadSnapshot(ctx); st != nil || err != nil {
		t.Fatalf("no file: %v, %v", st, err)
	}
	st, _ := ix.build(ctx)
	if err := ix.saveSnapshot(ctx, st); err != nil {
		t.Fatal(err)
	}
	good, _ := os.ReadFile(path)

	other := New(markedSource{catalog(), "db2"})
	other.SetSnapshot(path)
	if _, err := other.loadSnapshot(ctx); !errors.Is(err, errSnapshot) {
		t.Errorf("another database's snapshot: %v", err)
	}
	for name, b := range map[string][]byte{
		"a byte changed": func() []byte { b := slices.Clone(good); b[len(b)/2] ^= 1; return b }(),
		"cut short":      good[:len(good)-10],
		"empty":          nil,
		"another format": func() []byte { b := slices.Clone(good); b[len(snapshotMagic)] = 9; return b }(),
	} {
		if err := os.WriteFile(path, b, 0o600); err != nil {
			t.Fatal(err)
		}
		if st, err := ix.loadSnapshot(ctx); !errors.Is(err, errSnapshot) {
			t.Errorf("%s: %v, %v", name, st, err)
		}
	}

	// Changes since the snapshot are applied when it is resumed.
	if err := os.WriteFile(path, good, 0o600); err != nil {
		t.Fatal(err)
	}
	delete(src.rows, 1)
	src.terms[4] = names("garden")
	src.version, src.since = 5, []int64{1, 4}
	st = ix.resume(ctx, nil)
	if st == nil || st.version != 5 {
		t.Fatalf("resume: %v", st)
	}
	if page, _, _ := st.find(Filter{Order: Clones}, []string{"gard"}, 10, 0); !slices.Equal(page, []uint32{4}) {
		t.Errorf("gard after resuming: %v", page)
	}
	if page, _, _ := st.find(Filter{Order: Clones}, []string{"shop"}, 10, 0); !slices.Equal(page, []uint32{2}) {
		t.Errorf("shop after resuming: %v", page)
	}
	// A catalog older than the snapshot (restored from a copy) is not
	// resumed.
	src.version, src.since = 2, nil
	if err := ix.saveSnapshot(ctx, st); err != nil {
		t.Fatal(err)
	}
	if st := ix.resume(ctx, nil); st != nil {
		t.Errorf("resumed over an older catalog: version %d", st.version)
	}
}

// FuzzSnapshot: a snapshot file whose CRC is right but whose content is
// anything is refused or read, never a panic or an allocation beyond the
// file's size (CI replays the corpus; `go test -fuzz FuzzSnapshot` explores).
func FuzzSnapshot(f *testing.F) {
	ctx := context.Background()
	src := markedSource{catalog(), "db1"}
	dir := f.TempDir()
	seed := New(src)
	seed.SetSnapshot(filepath.Join(dir, "seed.search"))
	st, err := seed.build(ctx)
	if err != nil {
		f.Fatal(err)
	}
	if err := seed.saveSnapshot(ctx, st); err != nil {
		f.Fatal(err)
	}
	good, _ := os.ReadFile(filepath.Join(dir, "seed.search"))
	f.Add(good[:len(good)-4], 0, byte(0))
	f.Add(good[:len(good)-4], len(good)/2, byte(0xff))
	f.Fuzz(func(t *testing.T, body []byte, at int, b byte) {
		body = slices.Clone(body)
		if len(body) > 0 {
			body[abs(at)%len(body)] ^= b
		}
		path := filepath.Join(t.TempDir(), "index.search")
		if err := os.WriteFile(path, binary.LittleEndian.AppendUint32(body, crc32.ChecksumIEEE(body)), 0o600); err != nil {
			t.Fatal(err)
		}
		ix := New(src)
		ix.SetSnapshot(path)
		if st, err := ix.loadSnapshot(ctx); err == nil && st != nil {
			answers(t, st) // a snapshot read is searchable
		}
	})
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
