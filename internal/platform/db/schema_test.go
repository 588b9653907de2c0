package db_test

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/platform/db"
)

// The two engines' migrations are written by hand, side by side; this test
// migrates a fresh database of each and compares what they built, so a
// column, index or table added to one engine only is caught here rather
// than by a query that fails on the other engine in production.
//
// What is compared, per table:
//   - the column names, each with a coarse type class (text, integer,
//     boolean, timestamp, real, blob; PostgreSQL's integer widths are one
//     class, since SQLite has only 64-bit integers) and NOT NULL (a primary
//     key column counts as NOT NULL: PostgreSQL implies it, SQLite's
//     INTEGER PRIMARY KEY rowid cannot be NULL) and the default (with
//     PostgreSQL's casts removed: '' for ''::text);
//   - the unique keys: primary key and UNIQUE constraints, as sets of
//     columns (the engines may make a different one the primary key:
//     marketplace_listings is keyed by seq, SQLite's rowid, there);
//   - the foreign keys: columns, referenced table and columns, ON DELETE;
//   - the number of CHECK constraints (their expressions are not parsed);
//   - the named indexes: name, columns in order, uniqueness, whether
//     partial. Every SQLite index ends in the rowid implicitly, where
//     PostgreSQL's spell it out (..., seq), so a trailing rowid column is
//     dropped before comparing.
//
// Differences the engines have on purpose are listed below with the reason,
// and nothing else is allowed to differ.

// engineOnlyTables are tables that exist on one engine only.
var engineOnlyTables = map[db.Engine]map[string]string{
	db.SQLite: {
		// SQLite's full-text index is an FTS5 virtual table kept current by
		// triggers; PostgreSQL keeps a generated tsvector column
		// (marketplace_listings.search_tsv) with a GIN index instead.
		"marketplace_fts": "FTS5 index (PostgreSQL: search_tsv column)",
		// FTS5's shadow tables, created and owned by the virtual table.
		"marketplace_fts_data":    "FTS5 shadow table",
		"marketplace_fts_idx":     "FTS5 shadow table",
		"marketplace_fts_docsize": "FTS5 shadow table",
		"marketplace_fts_config":  "FTS5 shadow table",
		"marketplace_fts_vocab":   "fts5vocab over marketplace_fts: the search index reads its terms (PostgreSQL: search_tsv)",
	},
	db.Postgres: {},
}

// engineOnlyColumns are "table.column" that exist on one engine only.
var engineOnlyColumns = map[db.Engine]map[string]string{
	db.SQLite: {},
	db.Postgres: {
		// The generated full-text vector (SQLite: the marketplace_fts table).
		"marketplace_listings.search_tsv": "tsvector for full-text search",
	},
}

// engineOnlyIndexes are indexes that exist on one engine only.
var engineOnlyIndexes = map[db.Engine]map[string]string{
	db.SQLite: {},
	db.Postgres: {
		// GIN index on the tsvector column (SQLite: the FTS5 table).
		"marketplace_listings_search": "GIN full-text index",
	},
}

// Not compared at all: SQLite's triggers (they keep marketplace_fts
// current), PostgreSQL's text search configuration marketplace_english and
// the unaccent extension (the stemming and accent folding SQLite's FTS5
// tokenizer does), the expressions of CHECK constraints, and column order.

type column struct {
	name, class string
	notNull     bool
	def         string // the default, normalised (see normDefault); "" for none
}

// describe is what is compared of a column: its type class, whether it may
// be NULL, and its default.
func (c column) describe() string {
	d := c.class
	if c.notNull {
		d += " not null"
	}
	if c.def != "" {
		d += " default " + c.def
	}
	return d
}

// normDefault makes the engines' spellings of a default comparable:
// PostgreSQL adds a cast (” becomes ”::text) and writes booleans in lower
// case.
func normDefault(v string) string {
	v = strings.TrimSpace(v)
	if i := strings.LastIndex(v, "::"); i > 0 && !strings.Contains(v[i:], "'") {
		v = v[:i]
	}
	if l := strings.ToLower(v); l == "true" || l == "false" {
		v = l
	}
	return v
}

type index struct {
	name    string
	columns []string
	unique  bool
	partial bool
}

type table struct {
	columns []column
	keys    []string // unique keys, each "a,b", sorted
	fks     []string // foreign keys, each "a,b -> t(x,y) on delete RULE", sorted
	checks  int      // CHECK constraints
	indexes []index  // named (not constraint-backed) indexes, by name
}

type schema map[string]*table

// typeClass maps a declared or catalog type to the class compared across
// engines; the empty string means a type the test does not know.
func typeClass(t string) string {
	t = strings.ToLower(strings.TrimSpace(t))
	switch {
	case t == "text" || strings.HasPrefix(t, "varchar") || strings.HasPrefix(t, "character varying"):
		return "text"
	case t == "integer" || t == "bigint" || t == "smallint" || t == "int":
		return "integer"
	case t == "boolean":
		return "boolean"
	case t == "timestamp" || t == "timestamptz" || strings.HasPrefix(t, "timestamp with"):
		return "timestamp"
	case t == "real" || t == "double precision" || t == "double":
		return "real"
	case t == "blob" || t == "bytea":
		return "blob"
	case t == "tsvector":
		return "tsvector"
	}
	return ""
}

func TestSchemasMatch(t *testing.T) {
	ctx := context.Background()
	load := func(store string, rowids map[string]string) (schema, map[string]string) {
		d, err := db.Open(ctx, apitest.NewDSN(t, store))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { d.Close() })
		if _, err := d.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		var s schema
		if d.Engine == db.SQLite {
			s, rowids, err = sqliteSchema(ctx, d)
		} else {
			s, err = postgresSchema(ctx, d, rowids)
		}
		if err != nil {
			t.Fatalf("%s schema: %v", store, err)
		}
		if len(s) < 10 {
			t.Fatalf("introspection found %d %s tables", len(s), store)
		}
		return s, rowids
	}
	// SQLite alone: the engine-only objects listed for it exist.
	lite, rowids := load("sqlite", nil)
	for _, problem := range checkEngineOnly(db.SQLite, lite) {
		t.Error(problem)
	}
	if os.Getenv(apitest.PostgresEnv) == "" {
		t.Skip("PostgreSQL part skipped: set " + apitest.PostgresEnv + " to compare the engines' schemas")
	}
	pg, _ := load("postgres", rowids)
	for _, problem := range checkEngineOnly(db.Postgres, pg) {
		t.Error(problem)
	}
	for _, problem := range compareSchemas(lite, pg) {
		t.Error(problem)
	}
}

// TestCompareSchemas: the comparison reports each kind of drift.
func TestCompareSchemas(t *testing.T) {
	base := func() schema {
		return schema{"t": {
			columns: []column{{"id", "text", true, ""}, {"n", "integer", false, "0"}},
			keys:    []string{"id"},
			indexes: []index{{name: "t_n", columns: []string{"n"}}},
		}}
	}
	for _, tc := range []struct {
		name   string
		change func(pg schema)
		want   string
	}{
		{"same", func(schema) {}, ""},
		{"table", func(pg schema) { pg["u"] = &table{} }, "table u exists on postgres only"},
		{"column", func(pg schema) { pg["t"].columns = append(pg["t"].columns, column{"x", "text", false, ""}) }, "column t.x exists on postgres only"},
		{"type", func(pg schema) { pg["t"].columns[1].class = "text" }, "column t.n: sqlite integer default 0, postgres text default 0"},
		{"not null", func(pg schema) { pg["t"].columns[1].notNull = true }, "column t.n: sqlite integer default 0, postgres integer not null default 0"},
		{"check", func(pg schema) { pg["t"].checks = 1 }, "table t: 0 CHECK constraints on sqlite, 1 on postgres"},
		{"default", func(pg schema) { pg["t"].columns[1].def = "1" }, "column t.n: sqlite integer default 0, postgres integer default 1"},
		{"key", func(pg schema) { pg["t"].keys = append(pg["t"].keys, "n") }, "table t: unique keys sqlite [id], postgres [id | n]"},
		{"foreign key", func(pg schema) { pg["t"].fks = []string{"n -> u(id) on delete CASCADE"} }, "table t: foreign keys sqlite [], postgres [n -> u(id) on delete CASCADE]"},
		{"index missing", func(pg schema) { pg["t"].indexes = nil }, "index t_n on t exists on sqlite only"},
		{"index columns", func(pg schema) { pg["t"].indexes[0].columns = []string{"n", "id"} }, "index t_n on t: sqlite"},
		{"index unique", func(pg schema) { pg["t"].indexes[0].unique = true }, "index t_n on t: sqlite"},
		{"index partial", func(pg schema) { pg["t"].indexes[0].partial = true }, "index t_n on t: sqlite"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pg := base()
			tc.change(pg)
			got := strings.Join(compareSchemas(base(), pg), "\n")
			if tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
				t.Fatalf("compareSchemas = %q, want %q", got, tc.want)
			}
		})
	}
}

// checkEngineOnly reports engine-only objects listed above that the engine's
// schema does not have, so the lists stay truthful.
func checkEngineOnly(e db.Engine, s schema) []string {
	var out []string
	for name := range engineOnlyTables[e] {
		if s[name] == nil {
			out = append(out, fmt.Sprintf("%s-only table %s does not exist", e, name))
		}
	}
	for tc := range engineOnlyColumns[e] {
		tname, cname, _ := strings.Cut(tc, ".")
		if t := s[tname]; t == nil || !slices.ContainsFunc(t.columns, func(c column) bool { return c.name == cname }) {
			out = append(out, fmt.Sprintf("%s-only column %s does not exist", e, tc))
		}
	}
	for name := range engineOnlyIndexes[e] {
		found := false
		for _, t := range s {
			found = found || slices.ContainsFunc(t.indexes, func(i index) bool { return i.name == name })
		}
		if !found {
			out = append(out, fmt.Sprintf("%s-only index %s does not exist", e, name))
		}
	}
	return out
}

// compareSchemas lists every difference between the two schemas that is not
// an engine-only object documented above.
func compareSchemas(lite, pg schema) []string {
	var out []string
	side := map[db.Engine]schema{db.SQLite: lite, db.Postgres: pg}
	other := map[db.Engine]db.Engine{db.SQLite: db.Postgres, db.Postgres: db.SQLite}
	for _, e := range []db.Engine{db.SQLite, db.Postgres} {
		for name := range side[e] {
			_, known := engineOnlyTables[e][name]
			_, there := side[other[e]][name]
			if !there && !known {
				out = append(out, fmt.Sprintf("table %s exists on %s only", name, e))
			}
			if there && known {
				out = append(out, fmt.Sprintf("table %s is listed as %s-only but exists on both", name, e))
			}
		}
	}
	for _, name := range sortedKeys(lite) {
		a, b := lite[name], pg[name]
		if b == nil {
			continue
		}
		out = append(out, compareColumns(name, a, b)...)
		if x, y := strings.Join(a.keys, " | "), strings.Join(b.keys, " | "); x != y {
			out = append(out, fmt.Sprintf("table %s: unique keys sqlite [%s], postgres [%s]", name, x, y))
		}
		if a.checks != b.checks {
			out = append(out, fmt.Sprintf("table %s: %d CHECK constraints on sqlite, %d on postgres", name, a.checks, b.checks))
		}
		if x, y := strings.Join(a.fks, " | "), strings.Join(b.fks, " | "); x != y {
			out = append(out, fmt.Sprintf("table %s: foreign keys sqlite [%s], postgres [%s]", name, x, y))
		}
		out = append(out, compareIndexes(name, a, b)...)
	}
	return out
}

func compareColumns(tname string, a, b *table) []string {
	var out []string
	cols := map[db.Engine]map[string]column{db.SQLite: {}, db.Postgres: {}}
	for _, c := range a.columns {
		cols[db.SQLite][c.name] = c
	}
	for _, c := range b.columns {
		cols[db.Postgres][c.name] = c
	}
	for _, e := range []db.Engine{db.SQLite, db.Postgres} {
		o := db.Postgres
		if e == db.Postgres {
			o = db.SQLite
		}
		for _, name := range sortedKeys(cols[e]) {
			c := cols[e][name]
			_, known := engineOnlyColumns[e][tname+"."+name]
			oc, there := cols[o][name]
			switch {
			case !there && !known:
				out = append(out, fmt.Sprintf("column %s.%s exists on %s only", tname, name, e))
			case there && known:
				out = append(out, fmt.Sprintf("column %s.%s is listed as %s-only but exists on both", tname, name, e))
			case c.class == "" && !known:
				out = append(out, fmt.Sprintf("column %s.%s: %s type not classified", tname, name, e))
			case there && e == db.SQLite && c.describe() != oc.describe():
				out = append(out, fmt.Sprintf("column %s.%s: sqlite %s, postgres %s", tname, name, c.describe(), oc.describe()))
			}
		}
	}
	return out
}

func compareIndexes(tname string, a, b *table) []string {
	var out []string
	idx := map[db.Engine]map[string]index{db.SQLite: {}, db.Postgres: {}}
	for _, i := range a.indexes {
		idx[db.SQLite][i.name] = i
	}
	for _, i := range b.indexes {
		idx[db.Postgres][i.name] = i
	}
	for _, e := range []db.Engine{db.SQLite, db.Postgres} {
		o := db.Postgres
		if e == db.Postgres {
			o = db.SQLite
		}
		for _, name := range sortedKeys(idx[e]) {
			_, known := engineOnlyIndexes[e][name]
			oi, there := idx[o][name]
			switch {
			case !there && !known:
				out = append(out, fmt.Sprintf("index %s on %s exists on %s only", name, tname, e))
			case there && known:
				out = append(out, fmt.Sprintf("index %s is listed as %s-only but exists on both", name, e))
			case there && e == db.SQLite:
				x, y := idx[e][name], oi
				if strings.Join(x.columns, ",") != strings.Join(y.columns, ",") || x.unique != y.unique || x.partial != y.partial {
					out = append(out, fmt.Sprintf("index %s on %s: sqlite %+v, postgres %+v", name, tname, x, y))
				}
			}
		}
	}
	return out
}

// sqliteSchema reads the schema of a SQLite database. Every SQLite index
// ends implicitly in the rowid; where the rowid has a name (an INTEGER
// PRIMARY KEY column), PostgreSQL's indexes spell it out as the last
// column, so a trailing rowid column is dropped on both sides (see
// trimRowid).
func sqliteSchema(ctx context.Context, d *db.DB) (schema, map[string]string, error) {
	s := schema{}
	names, err := strings1(ctx, d, `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
	if err != nil {
		return nil, nil, err
	}
	rowids := map[string]string{}
	for _, name := range names {
		t := &table{}
		s[name] = t
		rows, err := d.R.QueryContext(ctx, `SELECT name, type, pk, "notnull", COALESCE(dflt_value, '') FROM pragma_table_info($1) ORDER BY cid`, name)
		if err != nil {
			return nil, nil, err
		}
		var pk []struct {
			n    int
			name string
		}
		for rows.Next() {
			var c, typ string
			var n int
			var notNull bool
			var def string
			if err := rows.Scan(&c, &typ, &n, &notNull, &def); err != nil {
				rows.Close()
				return nil, nil, err
			}
			t.columns = append(t.columns, column{c, typeClass(typ), notNull || n > 0, normDefault(def)})
			if n > 0 {
				pk = append(pk, struct {
					n    int
					name string
				}{n, c})
				if strings.EqualFold(typ, "INTEGER") {
					rowids[name] = c
				}
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, nil, err
		}
		if len(pk) != 1 {
			delete(rowids, name)
		}
		sort.Slice(pk, func(i, j int) bool { return pk[i].n < pk[j].n })
		var pkCols []string
		for _, p := range pk {
			pkCols = append(pkCols, p.name)
		}
		if len(pkCols) > 0 {
			t.keys = append(t.keys, strings.Join(pkCols, ","))
		}
		type il struct {
			name, origin string
			unique, part bool
		}
		var list []il
		rows, err = d.R.QueryContext(ctx, `SELECT name, "unique", origin, partial FROM pragma_index_list($1)`, name)
		if err != nil {
			return nil, nil, err
		}
		for rows.Next() {
			var x il
			if err := rows.Scan(&x.name, &x.unique, &x.origin, &x.part); err != nil {
				rows.Close()
				return nil, nil, err
			}
			list = append(list, x)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, nil, err
		}
		for _, x := range list {
			cols, err := strings1(ctx, d, `SELECT name FROM pragma_index_info($1) ORDER BY seqno`, x.name)
			if err != nil {
				return nil, nil, err
			}
			switch x.origin {
			case "pk", "u":
				t.keys = append(t.keys, strings.Join(cols, ","))
			default:
				t.indexes = append(t.indexes, index{name: x.name, columns: trimRowid(cols, rowids[name]), unique: x.unique, partial: x.part})
			}
		}
	}
	// Foreign keys; a REFERENCES without columns names the primary key.
	// CHECK constraints are counted in the CREATE TABLE text (SQLite keeps
	// no catalog of them).
	for _, name := range names {
		var create string
		if err := d.R.QueryRowContext(ctx, `SELECT sql FROM sqlite_master WHERE type = 'table' AND name = $1`, name).Scan(&create); err != nil {
			return nil, nil, err
		}
		s[name].checks = len(checkRE.FindAllStringIndex(create, -1))
		rows, err := d.R.QueryContext(ctx, `SELECT id, "table", "from", COALESCE("to", ''), on_delete
			FROM pragma_foreign_key_list($1) ORDER BY id, seq`, name)
		if err != nil {
			return nil, nil, err
		}
		type fk struct {
			from, to        []string
			table, onDelete string
		}
		var list []*fk
		byID := map[int]*fk{}
		for rows.Next() {
			var id int
			var ref, from, to, onDelete string
			if err := rows.Scan(&id, &ref, &from, &to, &onDelete); err != nil {
				rows.Close()
				return nil, nil, err
			}
			f := byID[id]
			if f == nil {
				f = &fk{table: ref, onDelete: onDelete}
				byID[id] = f
				list = append(list, f)
			}
			f.from, f.to = append(f.from, from), append(f.to, to)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, nil, err
		}
		for _, f := range list {
			if f.to[0] == "" && s[f.table] != nil && len(s[f.table].keys) > 0 {
				f.to = strings.Split(s[f.table].keys[0], ",") // the primary key, listed first
			}
			s[name].fks = append(s[name].fks, fkString(f.from, f.table, f.to, f.onDelete))
		}
	}
	for _, t := range s {
		normalise(t)
	}
	return s, rowids, nil
}

// postgresSchema reads the schema of a PostgreSQL database; rowids are the
// SQLite rowid columns per table, trimmed from the end of indexes as there.
func postgresSchema(ctx context.Context, d *db.DB, rowids map[string]string) (schema, error) {
	s := schema{}
	names, err := strings1(ctx, d, `SELECT table_name FROM information_schema.tables
		WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`)
	if err != nil {
		return nil, err
	}
	for _, name := range names {
		t := &table{}
		s[name] = t
		rows, err := d.R.QueryContext(ctx, `SELECT column_name, data_type, is_nullable = 'NO', COALESCE(column_default, '') FROM information_schema.columns
			WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position`, name)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var c, typ string
			var notNull bool
			var def string
			if err := rows.Scan(&c, &typ, &notNull, &def); err != nil {
				rows.Close()
				return nil, err
			}
			t.columns = append(t.columns, column{c, typeClass(typ), notNull, normDefault(def)})
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
		// Every index of the table with its columns in order, whether a
		// primary key or UNIQUE constraint owns it, and whether partial.
		rows, err = d.R.QueryContext(ctx, `
			SELECT ic.relname, ix.indisunique, ix.indpred IS NOT NULL,
			       EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = ix.indexrelid AND c.contype IN ('p', 'u')),
			       COALESCE((SELECT string_agg(a.attname, ',' ORDER BY k.ord)
			                 FROM unnest(ix.indkey) WITH ORDINALITY AS k(attnum, ord)
			                 JOIN pg_attribute a ON a.attrelid = ix.indrelid AND a.attnum = k.attnum), '')
			FROM pg_index ix
			JOIN pg_class ic ON ic.oid = ix.indexrelid
			JOIN pg_class tc ON tc.oid = ix.indrelid
			JOIN pg_namespace n ON n.oid = tc.relnamespace
			WHERE n.nspname = 'public' AND tc.relname = $1`, name)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var iname, cols string
			var unique, partial, constraint bool
			if err := rows.Scan(&iname, &unique, &partial, &constraint, &cols); err != nil {
				rows.Close()
				return nil, err
			}
			if constraint {
				t.keys = append(t.keys, cols)
				continue
			}
			t.indexes = append(t.indexes, index{name: iname, columns: trimRowid(strings.Split(cols, ","), rowids[name]), unique: unique, partial: partial})
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	rows, err := d.R.QueryContext(ctx, `
		SELECT t.relname, c.conname, ft.relname, c.confdeltype::text,
		       (SELECT string_agg(a.attname, ',' ORDER BY k.ord) FROM unnest(c.conkey) WITH ORDINALITY AS k(attnum, ord)
		        JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum),
		       (SELECT string_agg(a.attname, ',' ORDER BY k.ord) FROM unnest(c.confkey) WITH ORDINALITY AS k(attnum, ord)
		        JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum)
		FROM pg_constraint c
		JOIN pg_class t ON t.oid = c.conrelid
		JOIN pg_class ft ON ft.oid = c.confrelid
		JOIN pg_namespace n ON n.oid = t.relnamespace
		WHERE c.contype = 'f' AND n.nspname = 'public'`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	checks, err := d.R.QueryContext(ctx, `SELECT t.relname FROM pg_constraint c
		JOIN pg_class t ON t.oid = c.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace
		WHERE c.contype = 'c' AND n.nspname = 'public'`)
	if err != nil {
		return nil, err
	}
	for checks.Next() {
		var tname string
		if err := checks.Scan(&tname); err != nil {
			checks.Close()
			return nil, err
		}
		if t := s[tname]; t != nil {
			t.checks++
		}
	}
	checks.Close()
	if err := checks.Err(); err != nil {
		return nil, err
	}
	rules := map[string]string{"a": "NO ACTION", "r": "RESTRICT", "c": "CASCADE", "n": "SET NULL", "d": "SET DEFAULT"}
	for rows.Next() {
		var tname, cname, ref, rule, from, to string
		if err := rows.Scan(&tname, &cname, &ref, &rule, &from, &to); err != nil {
			return nil, err
		}
		if t := s[tname]; t != nil {
			t.fks = append(t.fks, fkString(strings.Split(from, ","), ref, strings.Split(to, ","), rules[rule]))
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for _, t := range s {
		normalise(t)
	}
	return s, nil
}

var checkRE = regexp.MustCompile(`(?i)\bCHECK\s*\(`)

func fkString(from []string, table string, to []string, onDelete string) string {
	return fmt.Sprintf("%s -> %s(%s) on delete %s", strings.Join(from, ","), table, strings.Join(to, ","), onDelete)
}

// trimRowid drops a trailing rowid column from an index's columns: SQLite
// appends it to every index implicitly, PostgreSQL needs it written.
func trimRowid(cols []string, rowid string) []string {
	if rowid != "" && len(cols) > 1 && cols[len(cols)-1] == rowid {
		return cols[:len(cols)-1]
	}
	return cols
}

func normalise(t *table) {
	sort.Slice(t.columns, func(i, j int) bool { return t.columns[i].name < t.columns[j].name })
	// A SQLite primary key that is not the rowid is listed both by
	// table_info and as an index.
	sort.Strings(t.keys)
	t.keys = slices.Compact(t.keys)
	sort.Strings(t.fks)
	sort.Slice(t.indexes, func(i, j int) bool { return t.indexes[i].name < t.indexes[j].name })
}

func strings1(ctx context.Context, d *db.DB, q string, args ...any) ([]string, error) {
	rows, err := d.R.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
