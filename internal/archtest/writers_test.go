package archtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// owners declares, for every table, the package (a path under internal/)
// whose code alone may write it with INSERT, UPDATE or DELETE. A package
// tree counts as one owner: marketplace/community writes the marketplace
// tables. Other packages call the owner's exported functions (taking a
// transaction where they must share one) or hooks set by internal/app.
// A new table must be declared here.
var owners = map[string]string{
	"api_keys":                      "apikeys",
	"auth_one_time_codes":           "identity",
	"auth_refresh_tokens":           "identity",
	"auth_sessions":                 "identity",
	"conversation_escalations":      "conversations",
	"conversation_messages":         "conversations",
	"conversation_settings":         "genies",
	"conversations":                 "conversations",
	"doc_edit_links":                "editlinks",
	"documents":                     "documents",
	"events":                        "events",
	"genie_documents":               "genies",
	"genie_groups":                  "groups",
	"genies":                        "genies",
	"idempotency_keys":              "platform/idempotency",
	"mail_accounts":                 "platform/mail",
	"mail_auto_answers":             "mailboxes",
	"mail_drafts":                   "mailboxes",
	"mail_messages":                 "platform/mail",
	"mail_outbox":                   "platform/mail",
	"mail_tenant_credentials":       "mailtenants",
	"mail_tenant_keys":              "platform/mail",
	"mailbox_claims":                "mailboxes",
	"mailboxes":                     "mailboxes",
	"marketplace_brands":            "marketplace/taxonomy",
	"marketplace_categories":        "marketplace/taxonomy",
	"marketplace_changes":           "marketplace",
	"marketplace_clones":            "marketplace",
	"marketplace_collection_genies": "marketplace",
	"marketplace_collections":       "marketplace",
	"marketplace_counters":          "marketplace",
	"marketplace_favorites":         "marketplace",
	"marketplace_fts":               "marketplace", // SQLite only; written by triggers
	"marketplace_fts_vocab":         "marketplace", // SQLite only; a read-only view of marketplace_fts
	"marketplace_interactions":      "marketplace",
	"marketplace_listing_views":     "marketplace",
	"marketplace_view_log":          "marketplace",
	"marketplace_listings":          "marketplace",
	"marketplace_reviews":           "marketplace",
	"marketplace_submissions":       "marketplace",
	"preselected_voices":            "voices",
	"qr_codes":                      "qrcodes",
	"rate_limits":                   "auth",
	"schema_migrations":             "platform/db",
	"settings":                      "platform/secrets",
	"teams":                         "users",
	"users":                         "users",
	"webhook_attempts":              "events",
	"webhook_deliveries":            "events",
	"webhook_endpoints":             "events",
}

// pending are foreign writes being moved to their owner. Each entry must
// still happen: once a write has moved, the test fails until its entry
// is removed, so this list only shrinks. It is empty: every table has one
// writer.
var pending = map[writer]string{}

// writer is a table and a package (a path under internal/) writing it.
type writer struct{ table, pkg string }

// write is one SQL statement, in a string literal, that writes a table.
type write struct {
	writer
	verb string // INSERT INTO, UPDATE or DELETE FROM
	pos  string // internal/<pkg>/<file>.go:<line>
}

// sqlWrite finds the table after INSERT INTO, UPDATE and DELETE FROM.
// "FOR UPDATE" (a row lock) and "DO UPDATE" (an upsert's second half, whose
// table is the INSERT's) are captured so that they can be skipped.
var sqlWrite = regexp.MustCompile(`(?i)\b(?:(FOR|DO)\s+)?(INSERT\s+(?:OR\s+[a-z]+\s+)?INTO|UPDATE|DELETE\s+FROM)\s+([a-z_][a-z0-9_]*)`)

// dynamicWrite finds a write whose table is not in the literal (it ends
// after the keyword, or a format verb follows): the test could not tell
// the table's owner, so such SQL is refused. Keywords are matched in
// capitals, as this code base writes SQL, so that English text ("could not
// update") is not taken for SQL.
var dynamicWrite = regexp.MustCompile(`\b(?:(FOR|DO)\s+)?(INSERT\s+(?:OR\s+[A-Z]+\s+)?INTO|UPDATE|DELETE\s+FROM)(?:\s*$|\s+[^a-zA-Z_\s])`)

// ddl finds the table statements of migrations and Go literals.
var ddl = regexp.MustCompile(`(?i)\b(CREATE\s+(?:VIRTUAL\s+)?TABLE|DROP\s+TABLE|ALTER\s+TABLE)\s+(?:IF\s+(?:NOT\s+)?EXISTS\s+)?([a-z_][a-z0-9_]*)(?:\s+RENAME\s+TO\s+([a-z_][a-z0-9_]*))?`)

// tableSet applies the table statements of text to tables, in order.
func tableSet(tables map[string]bool, text string) {
	for _, m := range ddl.FindAllStringSubmatch(text, -1) {
		verb, name, to := strings.ToUpper(strings.Fields(m[1])[0]), strings.ToLower(m[2]), strings.ToLower(m[3])
		switch {
		case verb == "CREATE":
			tables[name] = true
		case verb == "DROP":
			delete(tables, name)
		case to != "":
			delete(tables, name)
			tables[to] = true
		}
	}
}

// migrationTables returns the tables the migrations of both engines leave.
func migrationTables(t *testing.T, internal string) map[string]bool {
	t.Helper()
	all := map[string]bool{}
	for _, engine := range []string{"sqlite", "postgres"} {
		files, err := filepath.Glob(filepath.Join(internal, "platform", "db", "migrations", engine, "*.sql"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no %s migrations found (err %v)", engine, err)
		}
		sort.Strings(files)
		tables := map[string]bool{}
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			tableSet(tables, string(b))
		}
		for name := range tables {
			all[name] = true
		}
	}
	return all
}

// sqlLiterals returns the string literals of the non-test Go files under
// internal, with their positions (paths relative to internal's parent).
func sqlLiterals(t *testing.T, internal string) (lits []string, pos []string, pkgs []string) {
	t.Helper()
	fset := token.NewFileSet()
	err := filepath.WalkDir(internal, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == "testdata" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, err := filepath.Rel(internal, path)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				t.Errorf("internal/%s: unquote %s: %v", rel, lit.Value, err)
				return true
			}
			lits = append(lits, s)
			pos = append(pos, "internal/"+rel+":"+strconv.Itoa(fset.Position(lit.Pos()).Line))
			pkgs = append(pkgs, filepath.ToSlash(filepath.Dir(rel)))
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatalf("read the source tree: %v", err)
	}
	return lits, pos, pkgs
}

// writes returns every SQL write of a known table in the Go code under
// internal, and the known tables: the migrations' (value ""), and those
// that Go code creates (value: the creating package, their implicit owner;
// schema_migrations, or scratch tables in a private database).
func writes(t *testing.T, internal string) ([]write, map[string]string) {
	t.Helper()
	tables := map[string]string{}
	for name := range migrationTables(t, internal) {
		tables[name] = ""
	}
	lits, pos, pkgs := sqlLiterals(t, internal)
	for i, s := range lits {
		created := map[string]bool{}
		tableSet(created, s)
		for name := range created {
			if _, ok := tables[name]; !ok {
				tables[name] = pkgs[i]
			}
		}
	}
	var out []write
	for i, s := range lits {
		for _, m := range dynamicWrite.FindAllStringSubmatch(s, -1) {
			if m[1] == "" {
				t.Errorf("%s: %s of a table named at run time (%q): name the table in the SQL text, so that its owner can be checked", pos[i], m[2], s)
			}
		}
		for _, m := range sqlWrite.FindAllStringSubmatch(s, -1) {
			table := strings.ToLower(m[3])
			if _, known := tables[table]; m[1] != "" || !known {
				continue
			}
			verb := strings.ToUpper(strings.Join(strings.Fields(m[2]), " "))
			out = append(out, write{writer: writer{table, pkgs[i]}, verb: verb, pos: pos[i]})
		}
	}
	return out, tables
}

// owns reports whether the package tree of owner holds pkg.
func owns(owner, pkg string) bool {
	return pkg == owner || strings.HasPrefix(pkg, owner+"/")
}

// TestTablesWrittenOnlyByOwners is rule 2 of issue 20: a table is written
// (INSERT, UPDATE, DELETE in a SQL string) only by its owning package.
func TestTablesWrittenOnlyByOwners(t *testing.T) {
	internal := ".."
	ws, tables := writes(t, internal)

	// The scan itself must work, or every check below passes vacuously.
	seen := map[string]bool{}
	for _, w := range ws {
		seen[w.table] = true
	}
	self := slices.ContainsFunc(ws, func(w write) bool { return w.writer == writer{"genies", "genies"} })
	if len(seen) < 30 || !self {
		t.Fatalf("the scan is broken: it found writes of %d tables (want 30 or more); genies written by internal/genies: %v", len(seen), self)
	}
	t.Logf("%d SQL writes of %d tables found", len(ws), len(seen))

	ownerOf := maps.Clone(owners)
	for table, creator := range tables {
		if _, ok := ownerOf[table]; !ok && creator != "" {
			ownerOf[table] = creator
		}
		if _, ok := ownerOf[table]; !ok {
			t.Errorf("table %s has no owner: declare its owning package in owners (internal/archtest/writers_test.go)", table)
		}
	}
	for table, owner := range owners {
		if _, ok := tables[table]; !ok {
			t.Errorf("owners lists %s, which neither a migration nor Go code creates: remove it", table)
		}
		if st, err := os.Stat(filepath.Join(internal, filepath.FromSlash(owner))); err != nil || !st.IsDir() {
			t.Errorf("owners gives %s to internal/%s, which is not a package directory", table, owner)
		}
	}

	used := map[writer]bool{}
	for _, w := range ws {
		owner := ownerOf[w.table]
		if owner == "" || owns(owner, w.pkg) {
			continue
		}
		if _, ok := pending[w.writer]; ok {
			used[w.writer] = true
			continue
		}
		t.Errorf("table %s is written by %s (%s), outside its owner internal/%s: move the statement into an exported function of internal/%s's store and call that",
			w.table, w.pos, w.verb, owner, owner)
	}
	for p, why := range pending {
		if !used[p] {
			t.Errorf("pending lists %s written by internal/%s (%s), which no longer happens: remove the entry", p.table, p.pkg, why)
		}
	}
}

// TestSQLWriteScanner pins what the scanner counts as a write.
func TestSQLWriteScanner(t *testing.T) {
	for _, c := range []struct {
		sql  string
		want []string // "VERB table"
	}{
		{`INSERT INTO genies (id) VALUES ($1)`, []string{"INSERT INTO genies"}},
		{"UPDATE genies\n\tSET name = $1", []string{"UPDATE genies"}},
		{`delete from genies where id = $1`, []string{"DELETE FROM genies"}},
		{`INSERT OR IGNORE INTO genies (id) VALUES ($1)`, []string{"INSERT OR IGNORE INTO genies"}},
		{`SELECT id FROM genies WHERE id = $1 FOR UPDATE`, nil},
		{`SELECT id FROM genies FOR UPDATE OF genies`, nil},
		{`INSERT INTO rate_limits (k) VALUES ($1) ON CONFLICT (k) DO UPDATE SET n = rate_limits.n + 1`, []string{"INSERT INTO rate_limits"}},
		{`SELECT id FROM genies WHERE id = $1` + " FOR UPDATE", nil},
		{`WITH x AS (UPDATE genies SET a = 1 RETURNING id) DELETE FROM genie_documents WHERE genie_id IN (SELECT id FROM x)`,
			[]string{"UPDATE genies", "DELETE FROM genie_documents"}},
	} {
		var got []string
		for _, m := range sqlWrite.FindAllStringSubmatch(c.sql, -1) {
			if m[1] == "" {
				got = append(got, strings.ToUpper(strings.Join(strings.Fields(m[2]), " "))+" "+strings.ToLower(m[3]))
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%q: got %q, want %q", c.sql, got, c.want)
		}
	}

	for _, c := range []struct {
		sql     string
		dynamic bool
	}{
		{`UPDATE `, true},
		{`DELETE FROM %s WHERE id = $1`, true},
		{`INSERT INTO "`, true},
		{` FOR UPDATE`, false},
		{`ON CONFLICT (k) DO UPDATE `, false},
		{`UPDATE genies SET a = 1`, false},
		{`could not update %s`, false},
	} {
		dynamic := false
		for _, m := range dynamicWrite.FindAllStringSubmatch(c.sql, -1) {
			dynamic = dynamic || m[1] == ""
		}
		if dynamic != c.dynamic {
			t.Errorf("%q: dynamic write %v, want %v", c.sql, dynamic, c.dynamic)
		}
	}

	tables := map[string]bool{}
	tableSet(tables, `CREATE TABLE a (x INT); CREATE TABLE IF NOT EXISTS b (y INT); CREATE VIRTUAL TABLE c USING fts5(z);
		CREATE TABLE d_new (k TEXT); DROP TABLE d; ALTER TABLE d_new RENAME TO d; ALTER TABLE a ADD COLUMN w INT; DROP TABLE IF EXISTS b`)
	if got := slices.Sorted(maps.Keys(tables)); !slices.Equal(got, []string{"a", "c", "d"}) {
		t.Errorf("tables after the DDL: got %q, want [a c d]", got)
	}
}
