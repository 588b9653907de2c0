package marketplace

// This file holds every difference between the two engines' full-text
// search: the SQL match and ranking expressions, and how the in-memory
// search index (index.go) learns the engine's own terms, so that it finds
// exactly what the engine's index finds.
//
//   - SQLite: FTS5 with tokenize = ftsTokenize (Porter stemming). The terms
//     of the catalog are read from the fts5vocab table over the index; the
//     terms of a query word or of one changed listing come from a private
//     in-memory FTS5 table with the same tokenizer.
//   - PostgreSQL: the marketplace_english text search configuration
//     (English Snowball stemming, stop words, unaccent). The terms are the
//     lexemes of the stored search_tsv column (weights A, B, C are the
//     name, tagline and description); a query word's lexeme comes from
//     to_tsvector.

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"

	"github.com/geniehq/genie/internal/marketplace/search"
	"github.com/geniehq/genie/internal/platform/db"
)

// ftsTokenize is the SQLite FTS5 tokenizer of marketplace_fts (migration
// 0003); the mirror table must use the same one.
const ftsTokenize = `porter unicode61 remove_diacritics 2`

// matchExpr is the engine's full-text query for the words: every word must
// match, the last one as a prefix. Words hold only letters and digits.
// fields limits the match to the name ("A") or the name and tagline ("AB").
func matchExpr(engine db.Engine, words []string, fields string) string {
	if engine == db.Postgres {
		q := make([]string, len(words))
		for i, w := range words {
			switch {
			case i == len(words)-1:
				q[i] = w + ":*" + fields
			case fields != "":
				q[i] = w + ":" + fields
			default:
				q[i] = w
			}
		}
		return strings.Join(q, " & ")
	}
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = `"` + w + `"`
	}
	expr := strings.Join(q, " ") + "*"
	switch fields {
	case "A":
		return "{display_name} : (" + expr + ")"
	case "AB":
		return "{display_name tagline} : (" + expr + ")"
	}
	return expr
}

// matchCond is the WHERE term that listing l matches the words in fields.
func (s *Service) matchCond(words []string, fields string, a *db.Params) string {
	m := a.Add(matchExpr(s.DB.Engine, words, fields))
	if s.DB.Engine == db.Postgres {
		return "l.search_tsv @@ to_tsquery('marketplace_english', " + m + ")"
	}
	return "l.seq IN (SELECT rowid FROM marketplace_fts WHERE marketplace_fts MATCH " + m + ")"
}

// tierExpr is the relevance of a search match, lower first: 0 when every
// word is in the name, 1 when every word is in the name or tagline, else 2.
func (s *Service) tierExpr(words []string, a *db.Params) string {
	return "CASE WHEN " + s.matchCond(words, "A", a) + " THEN 0 WHEN " + s.matchCond(words, "AB", a) + " THEN 1 ELSE 2 END"
}

// termSource is how the search index learns the engine's terms.
type termSource interface {
	// all calls row with every listing's search.Row and adds every
	// (listing, field, term) of the catalog to sink, read inside tx (a
	// snapshot).
	all(ctx context.Context, tx *sql.Tx, row func(*search.Row), sink *postingLists) error
	// listings does the same for the given listings only.
	listings(ctx context.Context, tx *sql.Tx, seqs []int64, add func(seq int64, field int, term string)) error
	// words returns the term each query word is searched as, "" for a
	// word the engine ignores (a stop word), or notOneTerm (the index then
	// leaves the query to the engine), in one round trip for the words it
	// has not seen before.
	words(ctx context.Context, ws []string) ([]string, error)
}

// notOneTerm stands for a query word that is no term or several.
const notOneTerm = "\x00"

func newTermSource(d *db.DB) termSource {
	if d.Engine == db.Postgres {
		return &pgTerms{d: d}
	}
	return &sqliteTerms{d: d}
}

// wordCache remembers query words' terms (bounded: cleared when full).
type wordCache struct {
	mu sync.Mutex
	m  map[string]string
}

func (c *wordCache) get(w string) (string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	t, ok := c.m[w]
	return t, ok
}

func (c *wordCache) put(w, t string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= 100_000 {
		c.m = map[string]string{}
	}
	c.m[w] = t
}

// terms returns the words' terms, those not cached read by read in one
// call (which returns one term for each word it is given) and cached.
func (c *wordCache) terms(ctx context.Context, ws []string, read func(context.Context, []string) ([]string, error)) ([]string, error) {
	out := make([]string, len(ws))
	var missing []string
	var at []int
	for i, w := range ws {
		if t, ok := c.get(w); ok {
			out[i] = t
			continue
		}
		missing = append(missing, w)
		at = append(at, i)
	}
	if len(missing) == 0 {
		return out, nil
	}
	got, err := read(ctx, missing)
	if err != nil {
		return nil, err
	}
	for j, t := range got {
		c.put(missing[j], t)
		out[at[j]] = t
	}
	return out, nil
}

// sqliteTerms reads terms from FTS5.
type sqliteTerms struct {
	d      *db.DB
	once   sync.Once
	mirror *sql.DB // a private in-memory database with the same tokenizer
	err    error
	mu     sync.Mutex // one user of the mirror at a time
	cache  wordCache
}

func fieldOf(col string) int {
	switch col {
	case "display_name":
		return 0
	case "tagline":
		return 1
	}
	return 2
}

// open creates the mirror: an FTS5 table with marketplace_fts's columns
// and tokenizer, and its vocabulary.
func (t *sqliteTerms) open() error {
	t.once.Do(func() { t.mirror, t.err = newMirror() })
	return t.err
}

// newMirror opens a private in-memory database with an FTS5 table of
// marketplace_fts's columns and tokenizer, and its vocabulary.
func newMirror() (*sql.DB, error) {
	m, err := sql.Open("sqlite", "file:marketplace-mirror?mode=memory&cache=private")
	if err != nil {
		return nil, err
	}
	m.SetMaxOpenConns(1)
	m.SetMaxIdleConns(1)
	m.SetConnMaxLifetime(0)
	m.SetConnMaxIdleTime(0)
	if _, err := m.Exec(`CREATE VIRTUAL TABLE t USING fts5(display_name, tagline, description, tokenize = '` + ftsTokenize + `', detail = column);
		CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance')`); err != nil {
		m.Close()
		return nil, fmt.Errorf("marketplace: search mirror: %w", err)
	}
	return m, nil
}

func (t *sqliteTerms) listings(ctx context.Context, tx *sql.Tx, seqs []int64, add func(int64, int, string)) error {
	if err := t.open(); err != nil {
		return err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	defer t.mirror.ExecContext(context.WithoutCancel(ctx), `DELETE FROM t`) //nolint:errcheck // emptied before each use too
	if _, err := t.mirror.ExecContext(ctx, `DELETE FROM t`); err != nil {
		return fmt.Errorf("marketplace: search mirror: %w", err)
	}
	for len(seqs) > 0 {
		n := min(len(seqs), 500)
		a := make([]any, n)
		for i, q := range seqs[:n] {
			a[i] = q
		}
		seqs = seqs[n:]
		rows, err := tx.QueryContext(ctx, `SELECT seq, display_name, tagline, description FROM marketplace_listings
			WHERE seq IN (`+db.Placeholders(1, n)+`)`, a...)
		if err != nil {
			return fmt.Errorf("marketplace: read listings: %w", err)
		}
		for rows.Next() {
			var seq int64
			var name, tagline, desc string
			if err := rows.Scan(&seq, &name, &tagline, &desc); err != nil {
				rows.Close()
				return fmt.Errorf("marketplace: read listings: %w", err)
			}
			if _, err := t.mirror.ExecContext(ctx, `INSERT INTO t (rowid, display_name, tagline, description) VALUES ($1, $2, $3, $4)`,
				seq, name, tagline, desc); err != nil {
				rows.Close()
				return fmt.Errorf("marketplace: search mirror: %w", err)
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return fmt.Errorf("marketplace: read listings: %w", err)
		}
	}
	rows, err := t.mirror.QueryContext(ctx, `SELECT term, doc, col FROM v`)
	if err != nil {
		return fmt.Errorf("marketplace: search mirror: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var term, col string
		var doc int64
		if err := rows.Scan(&term, &doc, &col); err != nil {
			return fmt.Errorf("marketplace: search mirror: %w", err)
		}
		add(doc, fieldOf(col), term)
	}
	return rows.Err()
}

func (t *sqliteTerms) words(ctx context.Context, ws []string) ([]string, error) {
	return t.cache.terms(ctx, ws, t.read)
}

// read tokenizes the words as FTS5 does, each as a row of the mirror.
func (t *sqliteTerms) read(ctx context.Context, ws []string) ([]string, error) {
	if err := t.open(); err != nil {
		return nil, err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, err := t.mirror.ExecContext(ctx, `DELETE FROM t`); err != nil {
		return nil, fmt.Errorf("marketplace: search mirror: %w", err)
	}
	var q strings.Builder
	q.WriteString(`INSERT INTO t (rowid, display_name) VALUES `)
	a := make([]any, len(ws))
	for i, w := range ws {
		if i > 0 {
			q.WriteString(", ")
		}
		fmt.Fprintf(&q, "(%d, ?)", i+1)
		a[i] = w
	}
	if _, err := t.mirror.ExecContext(ctx, q.String(), a...); err != nil {
		return nil, fmt.Errorf("marketplace: search mirror: %w", err)
	}
	out := make([]string, len(ws))
	count := make([]int, len(ws)) // a word's tokens
	err := db.Each(ctx, t.mirror, func(row db.Row) error {
		var doc int
		var term string
		if err := row.Scan(&doc, &term); err != nil {
			return err
		}
		if doc >= 1 && doc <= len(ws) {
			out[doc-1] = term
			count[doc-1]++
		}
		return nil
	}, `SELECT doc, term FROM v`)
	if err != nil {
		return nil, fmt.Errorf("marketplace: search mirror: %w", err)
	}
	for i, n := range count {
		if n != 1 { // no term or a phrase: left to the engine
			out[i] = notOneTerm
		}
	}
	return out, nil
}

// pgTerms reads lexemes from PostgreSQL.
type pgTerms struct {
	d     *db.DB
	cache wordCache
}

// all reads the listings on one goroutine and their lexemes on this one
// (inBatches).
func (t *pgTerms) all(ctx context.Context, tx *sql.Tx, row func(*search.Row), sink *postingLists) error {
	return inBatches(ctx, func(ctx context.Context, emit func(int64, ...[]byte) error) error {
		rows, err := tx.QueryContext(ctx, `SELECT search_tsv::text, `+indexColumns)
		if err != nil {
			return fmt.Errorf("marketplace: read search terms: %w", err)
		}
		defer rows.Close()
		var r search.Row
		var tsv sql.RawBytes
		dest := append([]any{&tsv}, indexRowDest(&r)...)
		for rows.Next() {
			if err := rows.Scan(dest...); err != nil {
				return fmt.Errorf("marketplace: read search terms: %w", err)
			}
			if r.Seq < 0 || r.Seq > math.MaxUint32 {
				return search.ErrSeqRange
			}
			row(&r)
			if err := emit(r.Seq, tsv); err != nil {
				return err
			}
		}
		if err := rows.Err(); err != nil {
			return fmt.Errorf("marketplace: read search terms: %w", err)
		}
		return nil
	}, func(seq int64, texts [][]byte) error {
		return addLexemes(seq, string(texts[0]), sink.add)
	})
}

func (t *pgTerms) listings(ctx context.Context, tx *sql.Tx, seqs []int64, add func(int64, int, string)) error {
	return t.scan(ctx, tx, `SELECT search_tsv::text, seq FROM marketplace_listings WHERE seq = ANY($1)`, []any{seqs},
		func(seq int64, field int, lexeme string) { add(seq, field, strings.Clone(lexeme)) })
}

// scan reads each listing's lexemes (q's first column) and seq (its
// second).
func (t *pgTerms) scan(ctx context.Context, tx *sql.Tx, q string, a []any, add func(int64, int, string)) error {
	rows, err := tx.QueryContext(ctx, q, a...)
	if err != nil {
		return fmt.Errorf("marketplace: read search terms: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var seq int64
		var tsv string
		if err := rows.Scan(&tsv, &seq); err != nil {
			return fmt.Errorf("marketplace: read search terms: %w", err)
		}
		if err := addLexemes(seq, tsv, add); err != nil {
			return err
		}
	}
	return rows.Err()
}

// addLexemes calls add for each lexeme of a listing's search_tsv and each
// field it is in (its weights A, B and C), once each.
func addLexemes(seq int64, tsv string, add func(int64, int, string)) error {
	err := parseTSVector(tsv, func(lexeme string, weights uint8) {
		for f, w := range [...]uint8{weightA, weightB, weightC} {
			if weights&w != 0 {
				add(seq, f, lexeme)
			}
		}
	})
	if err != nil {
		return fmt.Errorf("marketplace: read search terms of listing %d: %w", seq, err)
	}
	return nil
}

func (t *pgTerms) words(ctx context.Context, ws []string) ([]string, error) {
	return t.cache.terms(ctx, ws, t.read)
}

// read takes the words through the search configuration in one query.
func (t *pgTerms) read(ctx context.Context, ws []string) ([]string, error) {
	out := make([]string, 0, len(ws))
	err := db.Each(ctx, t.d.R, func(row db.Row) error {
		var tsv string
		if err := row.Scan(&tsv); err != nil {
			return err
		}
		var terms []string
		if err := parseTSVector(tsv, func(lexeme string, _ uint8) { terms = append(terms, strings.Clone(lexeme)) }); err != nil {
			return err
		}
		switch len(terms) {
		case 0: // a stop word: to_tsquery drops it
			out = append(out, "")
		case 1:
			out = append(out, terms[0])
		default:
			out = append(out, notOneTerm)
		}
		return nil
	}, `SELECT to_tsvector('marketplace_english', w)::text
		FROM unnest($1::text[]) WITH ORDINALITY AS x(w, i) ORDER BY i`, ws)
	if err != nil {
		return nil, fmt.Errorf("marketplace: search words: %w", err)
	}
	if len(out) != len(ws) {
		return nil, fmt.Errorf("marketplace: search words: %d terms for %d words", len(out), len(ws))
	}
	return out, nil
}

// Weights of a lexeme's positions, as parseTSVector reports them.
const (
	weightA = 1 << iota
	weightB
	weightC
	weightD // a position without a weight
)

// parseTSVector reads the text form of a tsvector: 'lexeme':1A,5C 'other'
// (quotes doubled inside a lexeme, backslash escapes). It calls fn with
// each lexeme and the weights of its positions (weightA to weightD, 0
// for a lexeme without positions). The lexeme is s's own bytes when it
// has no escapes: a caller that keeps it long clones it.
func parseTSVector(s string, fn func(lexeme string, weights uint8)) error {
	var buf []byte
	for i := 0; i < len(s); {
		if s[i] == ' ' {
			i++
			continue
		}
		if s[i] != '\'' {
			return errors.New("tsvector: expected a quote at " + strconv.Itoa(i))
		}
		i++
		start, plain := i, true
		for {
			if i >= len(s) {
				return errors.New("tsvector: unterminated lexeme")
			}
			if c := s[i]; c == '\\' && i+1 < len(s) || c == '\'' && i+1 < len(s) && s[i+1] == '\'' {
				plain = false
				i += 2
				continue
			} else if c == '\'' {
				break
			}
			i++
		}
		lex := s[start:i]
		i++ // the closing quote
		if !plain {
			buf = buf[:0]
			for j := 0; j < len(lex); j++ {
				if c := lex[j]; (c == '\\' || c == '\'') && j+1 < len(lex) {
					j++
				}
				buf = append(buf, lex[j])
			}
			lex = string(buf)
		}
		var weights uint8
		if i < len(s) && s[i] == ':' {
			for {
				i++ // past ':' or ','
				digits := i
				for i < len(s) && '0' <= s[i] && s[i] <= '9' {
					i++
				}
				if i == digits || i-digits > 5 {
					return errors.New("tsvector: bad position at " + strconv.Itoa(digits))
				}
				w := uint8(weightD)
				if i < len(s) && 'A' <= s[i] && s[i] <= 'D' {
					w = 1 << (s[i] - 'A')
					i++
				}
				weights |= w
				if i >= len(s) || s[i] != ',' {
					break
				}
			}
			if i < len(s) && s[i] != ' ' {
				return errors.New("tsvector: bad position at " + strconv.Itoa(i))
			}
		}
		fn(lex, weights)
	}
	return nil
}
