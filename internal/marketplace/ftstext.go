package marketplace

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/geniehq/genie/internal/marketplace/search"
)

// The search index's first build on SQLite reads the catalog's terms from
// the listings' own text, tokenized exactly as FTS5 tokenizes it, rather
// than from the full-text index's vocabulary (marketplace_fts_vocab):
// the vocabulary gives one row per term, listing and column — about 30
// million rows at a million realistic listings, read at about 1.4 µs
// each — while the text is about 200 MB, read in about 2 s
// (BENCHMARKS.md, "The search index's first build from the text").
//
// No tokenizer of our own is needed for the answer to be the engine's.
// unicode61 treats every ASCII character other than a letter or a digit
// as a separator and folds ASCII letters to lower case, so a field's
// tokens are those of its chunks between ASCII separators, each
// tokenized alone, and a chunk's tokens do not depend on the case of
// its ASCII letters. Each distinct chunk (its ASCII letters lowered) is
// taken through the mirror once, in batches, and its terms — none, one,
// or several when it holds a non-ASCII separator — are kept for the rest
// of the build.

// chunkBatch is how many unknown chunks, or listings waiting for them,
// make the build take the unknown chunks through the mirror.
const chunkBatch = 8192

// textTerms turns listings' text into their terms (one build).
type textTerms struct {
	mirror  *sql.DB // the build's own (queries' words use another meanwhile)
	sink    *postingLists
	short   map[uint64]int32    // a chunk of up to 8 bytes (shortKey) -> its one term's ID, or noTerm, or inKnown
	known   map[string][]int32  // any other chunk (ASCII lowered) -> its terms (the sink's IDs)
	want    map[string]struct{} // chunks met and not yet known
	pending []pendingText       // listings with unknown chunks
	buf     []byte              // a chunk, lowered
	ids     [3][]int32          // a listing's terms by field
}

type pendingText struct {
	seq    int64
	fields [3]string
}

// all calls row with every listing's search.Row and adds every
// (listing, field, term) of the catalog, read in tx, to sink, listing by
// listing (those with chunks not yet known a little later than the
// others). One goroutine reads the listings (readTexts) while this one
// takes them apart (inBatches). The build has a mirror of its own, so
// that a query's words, which the shared mirror tokenizes, never wait for
// a batch of the build's (tens of milliseconds).
func (t *sqliteTerms) all(ctx context.Context, tx *sql.Tx, row func(*search.Row), sink *postingLists) error {
	mirror, err := newMirror()
	if err != nil {
		return err
	}
	defer mirror.Close()
	tt := &textTerms{mirror: mirror, sink: sink, short: map[uint64]int32{}, known: map[string][]int32{}, want: map[string]struct{}{}}
	err = inBatches(ctx, func(ctx context.Context, emit func(int64, ...[]byte) error) error {
		return readTexts(ctx, tx, row, emit)
	}, func(seq int64, texts [][]byte) error {
		return tt.text(ctx, seq, texts)
	})
	if err != nil {
		return err
	}
	return tt.flush(ctx)
}

// readTexts reads every listing, calls row with its search.Row, and emits
// its three fields' text.
func readTexts(ctx context.Context, tx *sql.Tx, row func(*search.Row), emit func(int64, ...[]byte) error) error {
	rows, err := tx.QueryContext(ctx, `SELECT seq, is_public, is_featured, category_id, COALESCE(brand_id, ''),
		COALESCE(difficulty, ''), COALESCE(industry, ''), rating, clone_count, CAST(created_at AS TEXT), display_name, tagline,
		COALESCE(description, '')
		FROM marketplace_listings`)
	if err != nil {
		return fmt.Errorf("marketplace: read listings for search: %w", err)
	}
	defer rows.Close()
	var r search.Row
	var created sql.RawBytes // as stored: the driver's own reading tries each form in turn
	var f [3]sql.RawBytes
	dest := []any{&r.Seq, &r.Public, &r.Featured, &r.Category, &r.Brand, &r.Difficulty, &r.Industry, &r.Rating, &r.Clones,
		&created, &f[0], &f[1], &f[2]}
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return fmt.Errorf("marketplace: read listings for search: %w", err)
		}
		if r.Seq < 0 || r.Seq > math.MaxUint32 {
			return search.ErrSeqRange
		}
		if r.Created, err = sqliteTime(created); err != nil {
			return fmt.Errorf("marketplace: read listings for search: listing %d: %w", r.Seq, err)
		}
		row(&r)
		if err := emit(r.Seq, f[0], f[1], f[2]); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("marketplace: read listings for search: %w", err)
	}
	return nil
}

// sqliteTime reads a time stored as text as the SQLite driver reads it
// (the forms it writes, with or without a "Z", and time.Time.String's),
// at a fraction of its cost: the driver tries time.Time.String's form
// first, and the form this project writes (db.go's _time_format=sqlite)
// second.
func sqliteTime(b []byte) (time.Time, error) {
	s := string(b)
	ts, _ := strings.CutSuffix(s, "Z")
	for _, layout := range sqliteTimeLayouts {
		if t, err := time.Parse(layout, ts); err == nil {
			return t, nil
		}
	}
	if i := strings.Index(s, "m="); i > 0 { // a monotonic reading
		s = s[:i]
	}
	if t, err := time.Parse("2006-01-02 15:04:05.999999999 -0700 MST", strings.TrimSpace(s)); err == nil {
		return t, nil
	}
	return time.Time{}, fmt.Errorf("not a time: %q", b)
}

var sqliteTimeLayouts = []string{
	"2006-01-02 15:04:05.999999999-07:00", // as written
	"2006-01-02T15:04:05.999999999-07:00",
	"2006-01-02 15:04:05.999999999",
	"2006-01-02T15:04:05.999999999",
	"2006-01-02 15:04",
	"2006-01-02T15:04",
	"2006-01-02",
}

// text adds a listing's terms, or keeps it for the next flush when some
// of its chunks are not known yet.
func (tt *textTerms) text(ctx context.Context, seq int64, f [][]byte) error {
	if tt.listing(seq, f[0], f[1], f[2]) {
		return nil
	}
	tt.pending = append(tt.pending, pendingText{seq, [3]string{string(f[0]), string(f[1]), string(f[2])}})
	if len(tt.pending) >= chunkBatch || len(tt.want) >= chunkBatch {
		return tt.flush(ctx)
	}
	return nil
}

// listing adds a listing's terms to the sink and returns true, or, when
// some of its chunks are not known yet, adds those to want and returns
// false (and adds nothing).
func (tt *textTerms) listing(seq int64, fields ...[]byte) bool {
	ok := true
	for f, text := range fields {
		tt.ids[f] = tt.ids[f][:0]
		for i := 0; i < len(text); {
			for i < len(text) && !tokenByte(text[i]) {
				i++
			}
			tt.buf = tt.buf[:0]
			for i < len(text) && tokenByte(text[i]) {
				c := text[i]
				if 'A' <= c && c <= 'Z' {
					c += 'a' - 'A'
				}
				tt.buf = append(tt.buf, c)
				i++
			}
			if len(tt.buf) == 0 {
				continue
			}
			if len(tt.buf) <= 8 { // most words: a look-up by a number, not a string
				switch id, k := tt.short[shortKey(tt.buf)]; {
				case !k:
					tt.want[string(tt.buf)] = struct{}{}
					ok = false
					continue
				case id == noTerm:
					continue
				case id != inKnown:
					if ok {
						tt.ids[f] = append(tt.ids[f], id)
					}
					continue
				}
			}
			ids, k := tt.known[string(tt.buf)]
			if !k {
				tt.want[string(tt.buf)] = struct{}{}
				ok = false
			}
			if ok {
				tt.ids[f] = append(tt.ids[f], ids...)
			}
		}
	}
	if ok {
		for f, ids := range tt.ids {
			for _, id := range ids {
				tt.sink.addOnce(seq, f, id)
			}
		}
	}
	return ok
}

// Values of textTerms.short other than a term's ID.
const (
	noTerm  = -1 // the chunk has no term
	inKnown = -2 // several: see textTerms.known
)

// shortKey is a chunk of up to 8 bytes as a number: its bytes, none of
// them 0 (a separator), so that chunks of different lengths differ.
func shortKey(c []byte) uint64 {
	var k uint64
	for _, b := range c {
		k = k<<8 | uint64(b)
	}
	return k
}

// tokenByte says whether b may be part of a token: an ASCII letter or
// digit, or a byte of a non-ASCII character (which unicode61 classes).
func tokenByte(b byte) bool {
	return b >= 0x80 || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9'
}

// flush takes the wanted chunks through the mirror, then adds the
// pending listings' terms.
func (tt *textTerms) flush(ctx context.Context) error {
	if len(tt.want) > 0 {
		chunks := make([]string, 0, len(tt.want))
		for c := range tt.want {
			chunks = append(chunks, c)
		}
		got, err := tokenize(ctx, tt.mirror, chunks)
		if err != nil {
			return err
		}
		for i, c := range chunks {
			ids := make([]int32, len(got[i]))
			for j, term := range got[i] {
				ids[j] = tt.sink.id(term)
			}
			switch {
			case len(c) > 8:
				tt.known[c] = ids
			case len(ids) == 0:
				tt.short[shortKey([]byte(c))] = noTerm
			case len(ids) == 1:
				tt.short[shortKey([]byte(c))] = ids[0]
			default:
				tt.short[shortKey([]byte(c))] = inKnown
				tt.known[c] = ids
			}
		}
		clear(tt.want)
	}
	for _, p := range tt.pending {
		tt.listing(p.seq, []byte(p.fields[0]), []byte(p.fields[1]), []byte(p.fields[2]))
	}
	tt.pending = tt.pending[:0]
	return nil
}

// tokenize returns the terms of each text, tokenized by a mirror (each a
// row of it; see newMirror), in one transaction.
func tokenize(ctx context.Context, mirror *sql.DB, texts []string) ([][]string, error) {
	out := make([][]string, len(texts))
	for i := range out {
		out[i] = []string{}
	}
	tx, err := mirror.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("marketplace: search mirror: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // nothing is kept: the table is emptied
	if _, err := tx.ExecContext(ctx, `DELETE FROM t`); err != nil {
		return nil, fmt.Errorf("marketplace: search mirror: %w", err)
	}
	ins, err := tx.PrepareContext(ctx, `INSERT INTO t (rowid, display_name) VALUES ($1, $2)`)
	if err != nil {
		return nil, fmt.Errorf("marketplace: search mirror: %w", err)
	}
	defer ins.Close()
	for i, text := range texts {
		if _, err := ins.ExecContext(ctx, i+1, text); err != nil {
			return nil, fmt.Errorf("marketplace: search mirror: %w", err)
		}
	}
	rows, err := tx.QueryContext(ctx, `SELECT doc, term FROM v`)
	if err != nil {
		return nil, fmt.Errorf("marketplace: search mirror: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var doc int
		var term string
		if err := rows.Scan(&doc, &term); err != nil {
			return nil, fmt.Errorf("marketplace: search mirror: %w", err)
		}
		if doc >= 1 && doc <= len(texts) {
			out[doc-1] = append(out[doc-1], term)
		}
	}
	return out, rows.Err()
}
