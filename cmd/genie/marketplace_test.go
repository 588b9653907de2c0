package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/app"
	"github.com/geniehq/genie/internal/auth"
)

// listed returns the slugs and taglines the running server's marketplace
// all (admin mode) shows for a search.
func listed(t *testing.T, srv *apitest.Server, cred, search string) map[string]string {
	t.Helper()
	r := srv.Call(t, cred, "marketplace", "all", "", map[string]any{"adminMode": true, "limit": 100,
		"query": map[string]any{"search": search}}).Expect(t, 200, "")
	got := map[string]string{}
	items, _ := r.Data()["genies"].([]any)
	for _, it := range items {
		l := it.(map[string]any)
		got[l["slug"].(string)] = fmt.Sprint(l["tagline"], "|", l["category"].(map[string]any)["slug"])
	}
	return got
}

func writeFile(t *testing.T, name string, lines ...string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestMarketplaceImportExport: an import into the database of a running
// server shows in its answers (one catalog version for the whole file);
// importing again updates by slug; a bad line refuses the whole file,
// naming the line and the field; an export imported into another database
// exports the same lines.
func TestMarketplaceImportExport(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		srv := apitest.Start(t, store)
		admin := srv.NewUser(t, auth.RoleAdmin)
		file := writeFile(t, "listings.jsonl",
			`{"slug":"bakery-helper","display_name":"Bakery helper","tagline":"Orders and allergens","category":{"slug":"food","name":"Food"},"brand":{"slug":"acme","name":"Acme"},"rating":4.5,"rating_count":2,"metadata":{"difficulty":"beginner"}}`,
			``,
			`{"slug":"hotel-desk","display_name":"Hotel desk","tagline":"Check-in questions","category":{"slug":"travel","name":"Travel"},"is_public":false}`,
			`{"slug":"bakery-helper","display_name":"Bakery helper","tagline":"Orders, allergens and cakes","category":{"slug":"food"}}`)
		code, out, errOut := run(t, "marketplace", "import", "--db", srv.DSN, file)
		if code != 0 || !strings.Contains(out, "2 created, 1 updated; 2 categories and 1 brands created") {
			t.Fatalf("import: %d %q %q", code, out, errOut)
		}
		got := listed(t, srv, admin.Token, "bakery")
		if got["bakery-helper"] != "Orders, allergens and cakes|food" { // the file's last line of a slug wins
			t.Fatalf("after import: %v", got)
		}
		if got := listed(t, srv, admin.Token, "hotel"); got["hotel-desk"] != "Check-in questions|travel" {
			t.Fatalf("hidden listing after import: %v", got)
		}

		// A listing without a template genie: clone answers AGENT_NOT_FOUND.
		r := srv.Call(t, admin.Token, "marketplace", "all", "", map[string]any{"adminMode": true,
			"query": map[string]any{"search": "bakery"}}).Expect(t, 200, "")
		id := r.Data()["genies"].([]any)[0].(map[string]any)["id"].(string)
		srv.Call(t, admin.Token, "marketplace", "clone", id, map[string]any{}).Expect(t, 404, "AGENT_NOT_FOUND")

		// Again, with a change: updated by slug, nothing created.
		again := writeFile(t, "again.jsonl",
			`{"slug":"hotel-desk","display_name":"Hotel desk","tagline":"Late arrivals","category":{"slug":"travel"}}`)
		if code, out, errOut := run(t, "marketplace", "import", "--db", srv.DSN, again); code != 0 || !strings.Contains(out, "0 created, 1 updated") {
			t.Fatalf("import again: %d %q %q", code, out, errOut)
		}
		if got := listed(t, srv, admin.Token, "hotel"); got["hotel-desk"] != "Late arrivals|travel" {
			t.Fatalf("after the update: %v", got)
		}

		// A bad line refuses the whole file.
		for _, tc := range []struct{ line, want string }{
			{`{"slug":"x-y","display_name":"","category":{"slug":"food"}}`, "line 2: display_name"},
			{`{"slug":"Bad Slug","display_name":"X","category":{"slug":"food"}}`, "line 2: slug"},
			{`{"slug":"x-y","display_name":"X","category":{"slug":""}}`, "line 2: category.slug"},
			{`{"slug":"x-y","display_name":"X","category":{"slug":"food"},"rating":7}`, "line 2: rating"},
			{`{"slug":"x-y","display_name":"X","category":{"slug":"food"},"colour":"red"}`, "line 2: not a listing object"},
			{`{"slug":"x-y","display_name":"X","category":{"slug":"food"},"thumbnail_url":"ftp://x"}`, "line 2: thumbnail_url"},
			{`[1,2]`, "line 2: not a listing object"},
			{`{"slug":"x-y","display_name":"X","category":{"slug":"food"}} {}`, "line 2: one JSON object a line"},
			{`{"slug":"x-y","display_name":"` + strings.Repeat("x", 300<<10) + `","category":{"slug":"food"}}`, "line 2: the line is longer than"},
		} {
			bad := writeFile(t, "bad.jsonl", `{"slug":"new-one","display_name":"New","category":{"slug":"new-cat"}}`, tc.line)
			code, out, errOut := run(t, "marketplace", "import", "--db", srv.DSN, bad)
			if code != 1 || !strings.Contains(errOut, tc.want) || !strings.Contains(errOut, "nothing was imported") {
				t.Errorf("bad line %.60q: %d %q %q", tc.line, code, out, errOut)
			}
		}
		if got := listed(t, srv, admin.Token, "new"); len(got) != 0 {
			t.Fatalf("a refused file left listings: %v", got)
		}

		// Export, import the export elsewhere, export again: the same lines.
		exported := filepath.Join(t.TempDir(), "out.jsonl")
		if code, _, errOut := run(t, "marketplace", "export", "--db", srv.DSN, exported); code != 0 {
			t.Fatalf("export: %d %q", code, errOut)
		}
		first := readLines(t, exported)
		if len(first) != 2 || !strings.Contains(first[0], `"slug":"bakery-helper"`) || !strings.Contains(first[1], `"tagline":"Late arrivals"`) {
			t.Fatalf("export: %q", first)
		}
		other := apitest.NewDSN(t, store)
		if code, out, errOut := run(t, "marketplace", "import", "--db", other, exported); code != 0 || !strings.Contains(out, "2 created") {
			t.Fatalf("import of the export: %d %q %q", code, out, errOut)
		}
		code, second, errOut := run(t, "marketplace", "export", "--db", other)
		if code != 0 || strings.Join(first, "\n")+"\n" != second {
			t.Fatalf("export of the import differs: %d %q\nfirst:  %q\nsecond: %q", code, errOut, first, second)
		}
	})
}

// TestMarketplaceImportLarge: a file of 10,000 lines or more into an empty
// catalog (written without the listings' secondary indexes — on SQLite
// also its full-text triggers — rebuilt before the commit) leaves the
// schema as it was and every listing searchable by the running server.
func TestMarketplaceImportLarge(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		srv := apitest.Start(t, store)
		admin := srv.NewUser(t, auth.RoleAdmin)
		d, err := app.OpenDB(context.Background(), srv.DSN)
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		schema := func() string {
			q := `SELECT COUNT(*) || '/' || string_agg(indexdef, '; ' ORDER BY indexname) FROM pg_indexes
				WHERE schemaname = current_schema() AND tablename = 'marketplace_listings'`
			if store == "sqlite" {
				q = `SELECT COUNT(*) || '/' || group_concat(name) FROM (SELECT name FROM sqlite_master
					WHERE tbl_name = 'marketplace_listings' AND sql IS NOT NULL ORDER BY name)`
			}
			var s string
			if err := d.R.QueryRow(q).Scan(&s); err != nil {
				t.Fatal(err)
			}
			return s
		}
		before := schema()
		lines := make([]string, 10_001)
		for i := range lines {
			lines[i] = fmt.Sprintf(`{"slug":"shop-%05d","display_name":"Shop %d","tagline":"Word%dword","category":{"slug":"shops"}}`, i, i, i)
		}
		file := writeFile(t, "large.jsonl", lines...)
		if code, out, errOut := run(t, "marketplace", "import", "--db", srv.DSN, file); code != 0 || !strings.Contains(out, "10001 created") {
			t.Fatalf("import: %d %q %q", code, out, errOut)
		}
		if after := schema(); after != before {
			t.Fatalf("indexes and triggers after the import: %s, before: %s", after, before)
		}
		for _, i := range []int{0, 5000, 10_000} {
			want, word := fmt.Sprintf("shop-%05d", i), fmt.Sprintf("word%dword", i)
			// The database engine (a sort by views) matches exactly; the
			// search index also finds the words a typo or two away, after
			// the exact match.
			for sortBy, exactOnly := range map[string]bool{"popular": true, "": false} {
				r := srv.Call(t, admin.Token, "marketplace", "all", "", map[string]any{"adminMode": true, "limit": 5,
					"query": map[string]any{"search": word, "sortBy": sortBy}}).Expect(t, 200, "")
				items, _ := r.Data()["genies"].([]any)
				if len(items) == 0 || items[0].(map[string]any)["slug"] != want || exactOnly && r.Data()["count"] != 1.0 {
					t.Fatalf("search for listing %d (sortBy %q): %v", i, sortBy, r.Data())
				}
			}
		}
		r := srv.Call(t, "", "marketplace", "stats", "", map[string]any{}).Expect(t, 200, "")
		if n := r.Data()["total_genies"]; n != float64(10_001) {
			t.Fatalf("stats after the import: %v", r.Data())
		}
		// every listing has its views row: a get counts its view
		for range 2 {
			r = srv.Call(t, "", "marketplace", "get", "shop-07777", nil).Expect(t, 200, "")
		}
		if v := r.Data()["view_count"]; v != float64(2) {
			t.Fatalf("view_count after two gets: %v", v)
		}
	})
}

func readLines(t *testing.T, name string) []string {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	return lines
}
