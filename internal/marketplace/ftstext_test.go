package marketplace_test

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/app"
	"github.com/geniehq/genie/internal/marketplace"
)

// Words whose tokens are hard to get right without the engine's own
// tokenizer: case, diacritics, ligatures, other scripts, characters that
// unicode61 classes as separators (a non-breaking space, an em dash, a
// zero-width space, emoji) inside a run of non-ASCII bytes, digits of
// other scripts, a word past the Porter stemmer's length, and bytes that
// are no UTF-8.
var hardWords = []string{
	"Running", "RUNNING", "runs", "café", "CAFÉ", "naïve", "résumé—resume", "straße", "STRASSE", "İstanbul", "ıi",
	"e\u0301cole", "ÉCOLE", "école", "ﬁsh", "ǅemal", "日本語テキスト", "rocket🚀fuel", "😀", "a\u00a0b", "x\u200by",
	"ＦＵＬＬＷＩＤＴＨ", "Ⅻ", "١٢٣", "ΣΊΣΥΦΟΣ", "σίσυφος", "don't", "e-mail", "C++", "v2.0", "3.14159",
	strings.Repeat("antidisestablishmentarianism", 4), "ÀÉÎÕÜ", "Ærøskøbing", "œuvre", "«quoted»", "¿qué?",
	"\xff\xfeodd", "mi\xc3xed", "tab\tnew\nline", "under_score", "słowo", "čšž", "Ꭰ", "ǲ", "\u00ad", "x\u0300\u0301y",
}

// TestSearchBuildReadsTheEngineTerms: the search index's first build on
// SQLite reads the terms from the listings' text (ftstext.go), and must
// read exactly the (listing, field, term) rows of the full-text index's
// vocabulary. (PostgreSQL's build reads the stored lexemes themselves.)
func TestSearchBuildReadsTheEngineTerms(t *testing.T) {
	ctx := context.Background()
	srv := apitest.Start(t, "sqlite")
	d, err := app.OpenDB(ctx, srv.DSN)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	cat := "00000000-0000-4000-8000-000000000001"
	if _, err := d.W.ExecContext(ctx, `INSERT INTO marketplace_categories (id, name, slug, created_at) VALUES ($1, 'Cat', 'cat', $2)`, cat, now); err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3, 5))
	seps := []string{" ", " ", "-", ", ", "/", "—", "\u00a0", "", "'", "…", "\u3000"}
	text := func(n int) string {
		var b strings.Builder
		for i := range n {
			if i > 0 {
				b.WriteString(seps[r.IntN(len(seps))])
			}
			if r.IntN(3) == 0 {
				b.WriteString(hardWords[r.IntN(len(hardWords))])
			} else {
				b.WriteString(indexWords[r.IntN(len(indexWords))])
			}
		}
		return b.String()
	}
	// More listings than a batch of chunks, so that the build takes
	// chunks through the mirror in several rounds.
	n := 3 * marketplace.ChunkBatch / 4
	tx, err := d.W.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		desc := ""
		if i%7 != 0 {
			desc = text(r.IntN(30))
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO marketplace_listings (id, slug, display_name, tagline, description,
			category_id, is_featured, is_public, rating, clone_count, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, FALSE, TRUE, 0, 0, $7, $7)`,
			fmt.Sprintf("10000000-0000-4000-8000-%012d", i), fmt.Sprintf("l-%d", i), text(1+r.IntN(4)), text(r.IntN(8)),
			desc, cat, now); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 200 { // words that only one listing has, past the first batch
		if _, err := tx.ExecContext(ctx, `UPDATE marketplace_listings SET description = $1 WHERE seq = $2`,
			fmt.Sprintf("only%dword Ünique%d", i, i), n-i); err != nil {
			t.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	vocab, build, err := marketplace.New(d).SearchTerms(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(vocab) < n {
		t.Fatalf("the vocabulary has %d rows for %d listings", len(vocab), n)
	}
	if !slices.Equal(vocab, build) {
		var only []string
		for _, v := range vocab {
			if _, ok := slices.BinarySearch(build, v); !ok {
				only = append(only, "vocabulary only: "+v)
			}
		}
		for _, b := range build {
			if _, ok := slices.BinarySearch(vocab, b); !ok {
				only = append(only, "build only: "+b)
			}
		}
		t.Fatalf("%d vocabulary rows, %d read by the build; %d differ, the first: %q", len(vocab), len(build), len(only), only[:min(len(only), 20)])
	}
}

// TestSQLiteTimeReadsAsTheDriver: the build reads a listing's created_at
// itself (ftstext.go's sqliteTime); it must read every form the SQLite
// driver reads as the driver does.
func TestSQLiteTimeReadsAsTheDriver(t *testing.T) {
	d, err := sql.Open("sqlite", "file:times?mode=memory")
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if _, err := d.Exec(`CREATE TABLE t (c DATETIME)`); err != nil {
		t.Fatal(err)
	}
	forms := []string{
		"2026-11-17 11:02:01.881343+00:00", "2026-11-17 11:02:01+02:00", "2026-11-17T11:02:01.5-05:30", "2026-11-17T11:02:01Z",
		"2026-11-17 11:02:01.123456789", "2026-11-17T11:02:01", "2026-11-17 11:02", "2026-11-17T11:02", "2026-11-17", "2026-11-17Z",
		"2026-11-17 11:02:01.881343 +0000 UTC", "2026-11-17 11:02:01.881343 +0100 CET m=+0.000123", "2026-11-17 11:02:01.881343+00:00Z",
	}
	for _, f := range forms {
		if _, err := d.Exec(`INSERT INTO t VALUES ($1)`, f); err != nil {
			t.Fatal(err)
		}
	}
	rows, err := d.Query(`SELECT c, CAST(c AS TEXT) FROM t`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var want time.Time
		var text string
		if err := rows.Scan(&want, &text); err != nil {
			t.Fatal(err)
		}
		got, err := marketplace.SQLiteTime([]byte(text))
		if err != nil || !got.Equal(want) || got.String() != want.String() {
			t.Errorf("%q: read %v (%v), the driver reads %v", text, got, err, want)
		}
		n++
	}
	if n != len(forms) {
		t.Fatalf("%d rows for %d forms", n, len(forms))
	}
	if _, err := marketplace.SQLiteTime([]byte("yesterday")); err == nil {
		t.Error("a text that is no time was read as one")
	}
}
