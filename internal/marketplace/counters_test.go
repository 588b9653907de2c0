package marketplace_test

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/app"
	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/marketplace"
	"github.com/geniehq/genie/internal/platform/apperr"
)

func TestVisibilityOfNonPublicListings(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		f := newFixture(t, store)
		cat := f.Category(t, "c", 0)["id"].(string)
		f.Listing(t, "shown", cat, map[string]any{"tagline": "secret sauce"})
		hidden := f.Listing(t, "hidden", cat, map[string]any{"is_public": false, "is_featured": true, "tagline": "secret sauce"})
		hid := hidden["id"].(string)
		// Interactions on the hidden listing, by an admin.
		for range 6 {
			f.Call(t, f.Admin.Token, "get", "hidden", map[string]any{"adminMode": true}).Expect(t, 200, "")
		}
		for i, tok := range []string{"", f.User.Token, f.Admin.Token} {
			f.Call(t, tok, "get", "hidden", nil).Expect(t, 404, "NOT_FOUND")
			f.Call(t, tok, "get", hid, nil).Expect(t, 404, "NOT_FOUND")
			for _, action := range []string{"list", "all"} {
				for _, query := range []map[string]any{nil, {"search": "secret"}, {"category": "c"}, {"featured": "true"}, {"sortBy": "popular"}} {
					d := f.Call(t, tok, action, "", withQuery(nil, query)).Expect(t, 200, "").Data()
					for _, s := range slugs(t, d) {
						if s == "hidden" {
							t.Fatalf("%s %v shows the hidden listing", action, query)
						}
					}
					if num(d["count"]) != float64(len(d["genies"].([]any))) {
						t.Fatalf("%s %v count %v counts the hidden listing", action, query, d["count"])
					}
				}
			}
			rel := f.Call(t, tok, "get", "shown", nil).Expect(t, 200, "").Data()["related_genies"].([]any)
			if len(rel) != 0 {
				t.Fatalf("related_genies shows the hidden listing: %v", rel)
			}
			st := f.Call(t, tok, "stats", "", nil).Expect(t, 200, "").Data()
			if st["total_genies"] != 1.0 || st["featured_count"] != 0.0 || st["total_views"] != float64(i+1) || st["categories_count"] != 1.0 {
				t.Fatalf("stats count the hidden listing: %v", st)
			}
			tr := f.Call(t, tok, "trending", "", nil).Expect(t, 200, "").Data()["items"].([]any)
			for _, it := range tr {
				if it.(map[string]any)["slug"] == "hidden" {
					t.Fatalf("trending shows the hidden listing")
				}
			}
			if tok == f.User.Token {
				f.Call(t, tok, "clone", hid, nil).Expect(t, 404, "NOT_FOUND")
			}
		}
		f.Call(t, f.Consumer.Token, "clone", "", map[string]any{"marketplace_genie_id": hid}).Expect(t, 404, "NOT_FOUND")
		// Admin mode reaches it; publishing it makes it visible to all.
		f.Call(t, f.Admin.Token, "get", "hidden", map[string]any{"adminMode": true}).Expect(t, 200, "")
		f.Call(t, f.Admin.Token, "update", hid, map[string]any{"is_public": true}).Expect(t, 200, "")
		st := f.Call(t, "", "stats", "", nil).Expect(t, 200, "").Data()
		if st["total_genies"] != 2.0 || st["featured_count"] != 1.0 || st["total_views"] != 10.0 {
			t.Fatalf("stats after publishing: %v", st)
		}
		if d := f.Call(t, "", "list", "", map[string]any{"query": map[string]any{"category": "c"}}).Data(); d["count"] != 2.0 {
			t.Fatalf("category count after publishing %v", d["count"])
		}
		// Hiding it again takes its views out of the totals.
		f.Call(t, f.Admin.Token, "update", hid, map[string]any{"is_public": false}).Expect(t, 200, "")
		if st := f.Call(t, "", "stats", "", nil).Data(); st["total_genies"] != 1.0 || st["total_views"] != 3.0 {
			t.Fatalf("stats after hiding: %v", st)
		}
	})
}

func TestParallelClonesAndViews(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		f := newFixture(t, store)
		cat := f.Category(t, "c", 0)["id"].(string)
		l := f.Listing(t, "popular", cat, nil)
		id := l["id"].(string)
		const n = 100
		var wg sync.WaitGroup
		errs := make(chan string, 2*n)
		for i := range n {
			wg.Add(2)
			go func() {
				defer wg.Done()
				r := f.S.Call(t, f.User.Token, "marketplace", "clone", id, map[string]any{"currentCloneCount": i})
				if r.Status != http.StatusCreated {
					errs <- string(r.Raw)
				}
			}()
			go func() {
				defer wg.Done()
				r := f.S.Call(t, "", "marketplace", "get", "popular", nil)
				if r.Status != http.StatusOK {
					errs <- string(r.Raw)
				}
			}()
		}
		wg.Wait()
		close(errs)
		for e := range errs {
			t.Fatalf("parallel call failed: %s", e)
		}
		got := f.Call(t, f.Admin.Token, "get", id, map[string]any{"adminMode": true}).Expect(t, 200, "").Data()
		if got["clone_count"] != float64(n) || got["view_count"] != float64(n+1) {
			t.Fatalf("clone_count %v view_count %v, want %d and %d", got["clone_count"], got["view_count"], n, n+1)
		}
		st := f.Call(t, "", "stats", "", nil).Data()
		if st["total_clones"] != float64(n) || st["total_views"] != float64(n+1) {
			t.Fatalf("stats %v", st)
		}
		g := f.S.Call(t, f.User.Token, "genies", "list", "", map[string]any{"limit": 200}).Expect(t, 200, "").Data()
		if g["count"] != float64(n) {
			t.Fatalf("user has %v genies, want %d", g["count"], n)
		}
		// The list cache never serves a stale count after a write.
		f.Listing(t, "newer", cat, nil)
		if d := f.Call(t, "", "list", "", nil).Data(); d["count"] != 2.0 {
			t.Fatalf("count after create %v", d["count"])
		}
	})
}

// Two processes on one database: a write through one is seen by the
// other's next read (the cache checks the shared version counter).
func TestTwoProcessesShareCounts(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		f := newFixture(t, store)
		other := apitest.StartOn(t, f.S.DSN)
		cat := f.Category(t, "c", 0)["id"].(string)
		f.Listing(t, "first", cat, nil)
		read := func(s *apitest.Server) map[string]any {
			return s.Call(t, "", "marketplace", "list", "", nil).Expect(t, 200, "").Data()
		}
		if d := read(other); d["count"] != 1.0 {
			t.Fatalf("other process count %v", d["count"])
		}
		// On SQLite every commit moves the WAL stamp the other process
		// checks, so it sees the write at once; on PostgreSQL it sees it
		// once the commit's notification arrives (readmodel.Watch).
		seen := func(check func() string) {
			t.Helper()
			if store == "sqlite" {
				if msg := check(); msg != "" {
					t.Fatal(msg)
				}
				return
			}
			eventually(t, check)
		}
		f.Listing(t, "second", cat, nil)
		seen(func() string {
			if d := read(other); d["count"] != 2.0 || len(d["genies"].([]any)) != 2 {
				return fmt.Sprintf("other process after write: %v", d)
			}
			return ""
		})
		// A view through the other process shows here once that process
		// commits it, within its flush interval, with no request to it.
		other.Call(t, "", "marketplace", "get", "first", nil).Expect(t, 200, "")
		took := eventually(t, func() string {
			if d := f.Call(t, "", "all", "", map[string]any{"query": map[string]any{"sortBy": "popular"}}).Data(); slugs(t, d)[0] != "first" {
				return fmt.Sprintf("view through other process not seen: %v", slugs(t, d))
			}
			return ""
		})
		t.Logf("a view through another process showed after %v", took)
		// It shows without waiting for the flush interval after that process
		// answers a read that shows view counts (which commits its views
		// first): at once on SQLite, on the commit's notification on
		// PostgreSQL.
		other.Call(t, "", "marketplace", "get", "second", nil).Expect(t, 200, "")
		other.Call(t, "", "marketplace", "get", "second", nil).Expect(t, 200, "")
		other.Call(t, "", "marketplace", "stats", "", nil).Expect(t, 200, "")
		seen(func() string {
			if d := f.Call(t, "", "all", "", map[string]any{"query": map[string]any{"sortBy": "popular"}}).Data(); slugs(t, d)[0] != "second" {
				return fmt.Sprintf("views committed by the other process's stats not seen: %v", slugs(t, d))
			}
			return ""
		})
	})
}

func TestRebuildCountersMatchesMaintained(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		f := newFixture(t, store)
		c1 := f.Category(t, "one", 0)["id"].(string)
		c2 := f.Category(t, "two", 1)["id"].(string)
		br := f.Brand(t, "b")["id"].(string)
		f.Listing(t, "a", c1, map[string]any{"brand_id": br, "is_featured": true})
		f.Listing(t, "b", c2, map[string]any{"is_public": false, "brand_id": br})
		x := f.Listing(t, "c", c2, nil)["id"].(string)
		f.Call(t, "", "get", "a", nil).Expect(t, 200, "")
		f.Call(t, f.User.Token, "clone", x, nil).Expect(t, 201, "")
		f.Call(t, f.Admin.Token, "update", x, map[string]any{"category_id": c1, "brand_id": br}).Expect(t, 200, "")
		snapshot := func() []any {
			var out []any
			for _, q := range []map[string]any{nil, {"category": "one"}, {"category": "two"}, {"brand": "b"}, {"featured": "true"}} {
				out = append(out, f.Call(t, "", "list", "", withQuery(nil, q)).Data()["count"])
				out = append(out, f.Call(t, f.Admin.Token, "list", "", withQuery(map[string]any{"adminMode": true}, q)).Data()["count"])
			}
			st := f.Call(t, "", "stats", "", nil).Data()
			return append(out, st["total_genies"], st["total_views"], st["total_clones"], st["featured_count"])
		}
		before := snapshot()
		want := []any{2.0, 3.0, 2.0, 2.0, 0.0, 1.0, 2.0, 3.0, 1.0, 1.0, 2.0, 1.0, 1.0, 1.0}
		if fmt.Sprint(before) != fmt.Sprint(want) {
			t.Fatalf("maintained counts %v, want %v", before, want)
		}
		if err := marketplace.New(f.S.App.DB).RebuildCounters(context.Background()); err != nil {
			t.Fatal(err)
		}
		if after := snapshot(); fmt.Sprint(after) != fmt.Sprint(before) {
			t.Fatalf("rebuilt counts %v, maintained %v", after, before)
		}
	})
}

// Parallel creates and updates touch overlapping counters; none may fail
// (on PostgreSQL a lock-order deadlock would) and the totals stay exact.
func TestParallelWrites(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		f := newFixture(t, store)
		cats := []string{f.Category(t, "one", 0)["id"].(string), f.Category(t, "two", 1)["id"].(string)}
		br := f.Brand(t, "b")["id"].(string)
		const n = 20
		agents := make([]string, n)
		for i := range agents {
			agents[i] = f.Agent(t, fmt.Sprintf("a%d", i), 0)
		}
		var wg sync.WaitGroup
		errs := make(chan string, 2*n)
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := f.S.Call(t, f.Admin.Token, "marketplace", "create", "", map[string]any{"agent_id": agents[i],
					"slug": fmt.Sprintf("p-%d", i), "display_name": "P", "category_id": cats[i%2], "brand_id": br, "is_featured": i%3 == 0})
				if r.Status != http.StatusCreated {
					errs <- string(r.Raw)
					return
				}
				id := r.Data()["id"].(string)
				r = f.S.Call(t, f.Admin.Token, "marketplace", "update", id, map[string]any{"category_id": cats[(i+1)%2], "is_public": i%4 != 0})
				if r.Status != http.StatusOK {
					errs <- string(r.Raw)
				}
			}()
		}
		wg.Wait()
		close(errs)
		for e := range errs {
			t.Fatalf("parallel write failed: %s", e)
		}
		// 15 public: category one gets the odd i (10, all public), two the even
		// i, of which the multiples of 4 (5) are hidden.
		for _, tc := range []struct {
			query map[string]any
			want  float64
		}{{nil, 15}, {map[string]any{"category": "one"}, 10}, {map[string]any{"category": "two"}, 5}, {map[string]any{"brand": "b"}, 15}} {
			if got := f.Call(t, "", "list", "", withQuery(nil, tc.query)).Data()["count"]; got != tc.want {
				t.Errorf("count %v = %v, want %v", tc.query, got, tc.want)
			}
		}
	})
}

// TestDeletingTheTemplateGenie: a listing's agent_id becomes null when its
// genie is deleted, at once in every response, although the listing was
// cached (whole responses, and the listing itself under moving views).
func TestDeletingTheTemplateGenie(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		f := newFixture(t, store)
		cat := f.Category(t, "c", 0)["id"].(string)
		l := f.Listing(t, "tpl", cat, nil)
		agent := l["agent_id"].(string)
		agentOf := func() (all, get any) {
			g := f.Call(t, "", "all", "", nil).Expect(t, 200, "").Data()["genies"].([]any)
			if len(g) != 1 {
				t.Fatalf("all: %v", g)
			}
			return g[0].(map[string]any)["agent_id"], f.Call(t, "", "get", "tpl", nil).Expect(t, 200, "").Data()["agent_id"]
		}
		for range 2 { // the second round answers from the caches
			if a, g := agentOf(); a != agent || g != agent {
				t.Fatalf("agent_id before the delete: all %v, get %v", a, g)
			}
		}
		f.S.Call(t, f.Admin.Token, "genies", "delete", agent, nil).Expect(t, 200, "")
		for range 2 {
			if a, g := agentOf(); a != nil || g != nil {
				t.Fatalf("agent_id after the delete: all %v, get %v", a, g)
			}
		}
	})
}

// TestTaxonomyChangesShowInPages: pages, searches and trending take the
// category's and brand's names from a taxonomy kept per catalog version;
// a rename, made through either of two processes, shows in the next read
// of both, and so does a new category's listing.
func TestTaxonomyChangesShowInPages(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		f := newFixture(t, store)
		other := apitest.StartOn(t, f.S.DSN)
		cat := f.Category(t, "c", 0)["id"].(string)
		br := f.Brand(t, "b")["id"].(string)
		f.Listing(t, "lamp", cat, map[string]any{"brand_id": br, "display_name": "Reading lamp"})
		f.Call(t, "", "get", "lamp", nil).Expect(t, 200, "") // a view, for trending
		names := func(s *apitest.Server) (out []string) {
			for _, req := range []struct {
				action, list string
				data         any
			}{
				{"all", "genies", nil},
				{"all", "genies", map[string]any{"query": map[string]any{"search": "lamp"}}},
				{"trending", "items", nil},
			} {
				for range 2 { // the second read answers from the caches
					items := s.Call(t, "", "marketplace", req.action, "", req.data).Expect(t, 200, "").Data()[req.list].([]any)
					if len(items) == 0 {
						t.Fatalf("%s %v: no listings", req.action, req.data)
					}
					l := items[0].(map[string]any)
					out = append(out, apitest.Str(l, "category", "name")+"/"+apitest.Str(l, "brand", "name"))
				}
			}
			return out
		}
		mismatch := func(s *apitest.Server, name string) string {
			got := names(s)
			for _, n := range got {
				if n != name {
					return fmt.Sprintf("names %v, want %s everywhere", got, name)
				}
			}
			return ""
		}
		// want checks the process that wrote (or, on SQLite, any process:
		// the WAL-index header shows every commit at once) on its next read.
		want := func(s *apitest.Server, name string) {
			t.Helper()
			if msg := mismatch(s, name); msg != "" {
				t.Fatal(msg)
			}
		}
		// wantFromOther checks a process that did not write: on PostgreSQL
		// it learns of the write when the write's notification arrives
		// (docs/marketplace.md, "Freshness"), so it may take a few reads.
		wantFromOther := func(s *apitest.Server, name string) {
			t.Helper()
			if store != "postgres" {
				want(s, name)
				return
			}
			eventually(t, func() string { return mismatch(s, name) })
		}
		want(f.S, "Cat c/Brand b")
		want(other, "Cat c/Brand b")
		f.Call(t, f.Admin.Token, "categories", cat, map[string]any{"mode": "update", "name": "Lighting"}).Expect(t, 200, "")
		want(f.S, "Lighting/Brand b")
		wantFromOther(other, "Lighting/Brand b")
		other.Call(t, f.Admin.Token, "marketplace", "brands", br, map[string]any{"mode": "update", "name": "Lumen"}).Expect(t, 200, "")
		want(other, "Lighting/Lumen")
		wantFromOther(f.S, "Lighting/Lumen")
		// A listing moved to a category made after the taxonomy was read.
		lamp := f.Call(t, "", "get", "lamp", nil).Expect(t, 200, "").Data()["id"].(string)
		fresh := f.Category(t, "fresh", 1)["id"].(string)
		other.Call(t, f.Admin.Token, "marketplace", "update", lamp, map[string]any{"category_id": fresh}).Expect(t, 200, "")
		want(other, "Cat fresh/Lumen")
		wantFromOther(f.S, "Cat fresh/Lumen")
	})
}

// TestFullPagesShowFreshViews: a full page (all) keeps its order per
// catalog version but reads its view counts on every miss, so a view made
// through either of two processes shows in the next page of both, for
// every page shape; a deletion drops the listing from them.
func TestFullPagesShowFreshViews(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		f := newFixture(t, store)
		other := apitest.StartOn(t, f.S.DSN)
		cat := f.Category(t, "c", 0)["id"].(string)
		for _, slug := range []string{"a", "b", "c"} {
			f.Listing(t, slug, cat, nil)
		}
		pages := []map[string]any{nil, {"offset": 1}, {"query": map[string]any{"category": "c"}}, {"query": map[string]any{"sortBy": "rating"}},
			{"query": map[string]any{"minRating": 0}}} // the offset and the filter without a counter keep their keys
		// Views through the other process show once it commits them
		// (within its flush interval); a process's own at once.
		check := func(want map[string]float64) {
			t.Helper()
			for _, s := range []*apitest.Server{f.S, other} {
				eventually(t, func() string {
					for _, data := range pages {
						for range 2 { // the second read answers from the caches
							d := s.Call(t, "", "marketplace", "all", "", data).Expect(t, 200, "").Data()
							for _, g := range d["genies"].([]any) {
								l := g.(map[string]any)
								n, ok := want[l["slug"].(string)]
								if !ok || l["view_count"] != n {
									return fmt.Sprintf("all %v: %s view_count %v, want %v (present: %v)", data, l["slug"], l["view_count"], n, ok)
								}
							}
							skip, _ := data["offset"].(int)
							if n := len(d["genies"].([]any)); n != len(want)-skip {
								t.Fatalf("all %v: %d listings, want %d", data, n, len(want)-skip)
							}
							if d["count"] != float64(len(want)) {
								t.Fatalf("all %v: count %v, want %d", data, d["count"], len(want))
							}
						}
					}
					return ""
				})
			}
		}
		want := map[string]float64{"a": 0, "b": 0, "c": 0}
		check(want)
		for i, s := range []*apitest.Server{f.S, other, other} {
			slug := []string{"a", "b", "a"}[i]
			s.Call(t, "", "marketplace", "get", slug, nil).Expect(t, 200, "")
			want[slug]++
			check(want)
		}
		id := f.Call(t, "", "get", "c", nil).Expect(t, 200, "").Data()["id"].(string)
		other.Call(t, f.Admin.Token, "marketplace", "delete", id, nil).Expect(t, 200, "")
		delete(want, "c")
		check(want)
	})
}

// TestGetsShowOtherProcessesWrites: a get answers with the listing as of
// the last committed write of any process, although the listing cache of
// the process that answers holds the listing (a page showed it), and with
// NOT_FOUND once another process deleted it.
func TestGetsShowOtherProcessesWrites(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		f := newFixture(t, store)
		other := apitest.StartOn(t, f.S.DSN)
		cat := f.Category(t, "c", 0)["id"].(string)
		id := f.Listing(t, "lamp", cat, map[string]any{"display_name": "Reading lamp"})["id"].(string)
		for range 2 { // a page shows the listing, so the listing cache holds it
			f.Call(t, "", "all", "", nil).Expect(t, 200, "")
		}
		for i, name := range []string{"Desk lamp", "Floor lamp", "Wall lamp"} {
			other.Call(t, f.Admin.Token, "marketplace", "update", id, map[string]any{"display_name": name}).Expect(t, 200, "")
			d := f.Call(t, "", "get", "lamp", nil).Expect(t, 200, "").Data()
			if d["display_name"] != name || d["view_count"] != float64(i+1) {
				t.Fatalf("get after another process's update: display_name %v, view_count %v; want %q, %d", d["display_name"], d["view_count"], name, i+1)
			}
			f.Call(t, "", "all", "", nil).Expect(t, 200, "")
		}
		other.Call(t, f.Admin.Token, "marketplace", "delete", id, nil).Expect(t, 200, "")
		f.Call(t, "", "get", "lamp", nil).Expect(t, 404, "NOT_FOUND")
	})
}

// TestGetOfAListingHiddenAfterItsView: a get reads the listing, its
// visibility and its count in one statement, so a listing hidden by a
// write that commits after that read is answered as the read saw it (the
// get came first; never a mix, never is_public false to an anonymous
// caller), and its view is counted outside the public total (the flush
// reads the row's is_public); the next anonymous get is NOT_FOUND.
func TestGetOfAListingHiddenAfterItsView(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		f := newFixture(t, store)
		cat := f.Category(t, "c", 0)["id"].(string)
		id := f.Listing(t, "lamp", cat, nil)["id"].(string)
		d, err := app.OpenDB(context.Background(), f.S.DSN)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { d.Close() })
		svc := marketplace.New(d) // a second process, whose gets this test steps through
		t.Cleanup(func() { svc.Close(context.Background()) })
		read, hidden := make(chan struct{}), make(chan struct{})
		svc.OnViewsRead(func() { close(read); <-hidden })
		type answer struct {
			l   *marketplace.Detail
			err error
		}
		got := make(chan answer, 1)
		go func() {
			l, err := svc.Get(context.Background(), "lamp", false)
			got <- answer{l, err}
		}()
		<-read // the listing is read; the view not yet counted
		f.Call(t, f.Admin.Token, "update", id, map[string]any{"is_public": false}).Expect(t, 200, "")
		close(hidden)
		if a := <-got; a.err != nil || !a.l.IsPublic || a.l.ViewCount != 1 {
			t.Fatalf("anonymous get read before the listing was hidden: %+v, %v; want it as read, public, 1 view", a.l, a.err)
		}
		svc.OnViewsRead(nil)
		if _, err := svc.Get(context.Background(), "lamp", false); !apperr.HasCode(err, apperr.CodeNotFound) {
			t.Fatalf("anonymous get of a hidden listing: %v; want NOT_FOUND", err)
		}
		l, err := svc.Get(context.Background(), "lamp", true)
		if err != nil || l.IsPublic || l.ViewCount != 2 {
			t.Fatalf("admin get of a hidden listing: %+v, %v", l, err)
		}
		if err := svc.Close(context.Background()); err != nil { // commits both views
			t.Fatal(err)
		}
		if st := f.Call(t, "", "stats", "", nil).Expect(t, 200, "").Data(); st["total_views"] != 0.0 {
			t.Fatalf("views of a listing hidden before they were committed count as public: %v", st)
		}
	})
}

// TestFullPageSearchesTheEngineAnswers: searches the search index leaves
// to the engine (on PostgreSQL, a last word that is a stop word) keep
// their page keys apart, so two such searches never share a page.
func TestFullPageSearchesTheEngineAnswers(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		f := newFixture(t, store)
		cat := f.Category(t, "c", 0)["id"].(string)
		for _, l := range [][2]string{{"lamp", "The reading lamp"}, {"robot", "The robot"}, {"desk", "The desk"}} {
			f.Listing(t, l[0], cat, map[string]any{"display_name": l[1]})
		}
		for range 2 { // the second round answers from the caches
			for _, word := range []string{"lamp", "robot", "desk"} {
				d := f.Call(t, "", "all", "", map[string]any{"query": map[string]any{"search": word + " the"}}).Expect(t, 200, "").Data()
				if got := slugs(t, d); d["count"] != 1.0 || len(got) != 1 || got[0] != word {
					t.Fatalf("all %q: %v (count %v), want [%s]", word+" the", got, d["count"], word)
				}
			}
		}
	})
}

// Views counted through two processes while admins hide, show and delete
// the listings: no request fails (a lock-order deadlock on PostgreSQL
// would), an anonymous get of a hidden listing is NOT_FOUND, and the
// maintained totals equal those rebuilt from the rows afterwards (a view
// counted as public of a listing hidden meanwhile would make them differ).
func TestViewsWhileVisibilityChanges(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		f := newFixture(t, store)
		other := apitest.StartOn(t, f.S.DSN)
		cat := f.Category(t, "c", 0)["id"].(string)
		const listings = 4
		ids := make([]string, listings)
		for i := range ids {
			ids[i] = f.Listing(t, fmt.Sprintf("l-%d", i), cat, nil)["id"].(string)
		}
		var wg sync.WaitGroup
		errs := make(chan string, 1000)
		for w := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				s := []*apitest.Server{f.S, other}[w%2]
				for i := range 40 {
					slug := fmt.Sprintf("l-%d", (w+i)%listings)
					var r *apitest.Resp
					if w%4 == 3 {
						r = s.Call(t, f.Admin.Token, "marketplace", "get", slug, map[string]any{"adminMode": true})
					} else {
						r = s.Call(t, "", "marketplace", "get", slug, nil)
					}
					if r.Status != http.StatusOK && !(r.Status == http.StatusNotFound && slug != "l-0") {
						errs <- fmt.Sprintf("get %s: %d %s", slug, r.Status, r.Raw)
					}
				}
			}()
		}
		for w := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				s := []*apitest.Server{f.S, other}[w]
				for i := range 12 {
					id := ids[1+(w+i)%(listings-2)] // l-0 stays public, l-3 is deleted below; the last two updates of each hide them
					if r := s.Call(t, f.Admin.Token, "marketplace", "update", id, map[string]any{"is_public": i < 10 && i%3 != 0}); r.Status != http.StatusOK {
						errs <- fmt.Sprintf("update: %d %s", r.Status, r.Raw)
					}
				}
			}()
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			if r := other.Call(t, f.Admin.Token, "marketplace", "delete", ids[listings-1], nil); r.Status != http.StatusOK {
				errs <- fmt.Sprintf("delete: %d %s", r.Status, r.Raw)
			}
		}()
		wg.Wait()
		close(errs)
		for e := range errs {
			t.Error(e)
		}
		if t.Failed() {
			return
		}
		// Anonymous gets of l-0 were never refused: at least 80 views,
		// once the other process has committed its own (its stats does).
		other.Call(t, "", "marketplace", "stats", "", nil).Expect(t, 200, "")
		if v := f.Call(t, f.Admin.Token, "get", ids[0], map[string]any{"adminMode": true}).Expect(t, 200, "").Data()["view_count"]; v.(float64) < 80 {
			t.Fatalf("l-0 view_count %v", v)
		}
		for _, id := range ids[1 : listings-1] { // both end hidden
			f.Call(t, "", "get", id, nil).Expect(t, http.StatusNotFound, "NOT_FOUND")
		}
		totals := func() string {
			st := f.Call(t, "", "stats", "", nil).Data()
			views := 0.0
			for _, l := range f.Call(t, "", "all", "", map[string]any{"query": map[string]any{"sortBy": "popular"}}).Data()["genies"].([]any) {
				views += l.(map[string]any)["view_count"].(float64)
			}
			return fmt.Sprint(st["total_genies"], st["total_views"], views)
		}
		maintained := totals()
		if err := marketplace.New(f.S.App.DB).RebuildCounters(context.Background()); err != nil {
			t.Fatal(err)
		}
		if rebuilt := totals(); rebuilt != maintained {
			t.Fatalf("stats (genies, views, views shown) maintained %s, rebuilt %s", maintained, rebuilt)
		}
	})
}

// TestGetCountsExactAcrossFlushes: a get answers with the committed count
// plus the views its process has not committed, never counting a flush
// twice or missing one that commits while it reads: with the views
// committed every millisecond, sequential gets of a listing answer 1, 2,
// 3, ... exactly, while other gets keep flushes busy.
func TestGetCountsExactAcrossFlushes(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store, func(c *app.Config) { c.ViewsFlushInterval = time.Millisecond })
		f := &fixture{S: s, Admin: s.NewUser(t, auth.RoleAdmin)}
		cat := f.Category(t, "c", 0)["id"].(string)
		f.Listing(t, "counted", cat, nil)
		f.Listing(t, "busy", cat, nil)
		stop := make(chan struct{})
		var wg sync.WaitGroup
		for range 3 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					select {
					case <-stop:
						return
					default:
						f.Call(t, "", "get", "busy", nil)
					}
				}
			}()
		}
		defer func() { close(stop); wg.Wait() }()
		for i := range 100 {
			d := f.Call(t, "", "get", "counted", nil).Expect(t, 200, "").Data()
			if d["view_count"] != float64(i+1) {
				t.Fatalf("get %d answered view_count %v", i+1, d["view_count"])
			}
		}
	})
}

// TestPendingViewsBoundedWhileCommitsFail: when views cannot be committed
// (here SQLite's writer is closed under the service), the gets that find
// the counter full fail, and the views held in memory stay bounded.
func TestPendingViewsBoundedWhileCommitsFail(t *testing.T) {
	f := newFixture(t, "sqlite")
	cat := f.Category(t, "c", 0)["id"].(string)
	f.Listing(t, "lamp", cat, nil)
	d, err := app.OpenDB(context.Background(), f.S.DSN)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	svc := marketplace.New(d)
	svc.SetViewFlush(time.Hour, 2)
	d.W.Close() // reads work, commits fail
	failed := 0
	for range 100 {
		if _, err := svc.Get(context.Background(), "lamp", false); err != nil {
			failed++
		}
	}
	if n := svc.PendingViews(); n > 8*2 || failed == 0 {
		t.Fatalf("%d views pending (bound %d), %d gets failed", n, 8*2, failed)
	}
}

// withQuery is data with its query filter, omitted when there is none (a
// null query is refused: its schema is an object).
func withQuery(data, query map[string]any) map[string]any {
	if data == nil {
		data = map[string]any{}
	}
	if query != nil {
		data["query"] = query
	}
	return data
}

// TestViewLog: views committed to the view log and not yet folded count
// in gets, pages and the public total; a listing that changes visibility
// or is deleted moves them with it; a popular page folds the log first, so
// its order is the counts'; and a rebuild gives the counters kept.
func TestViewLog(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		f := newFixture(t, store)
		f.S.App.Marketplace.SetFoldInterval(time.Hour) // only a popular page or a rebuild folds
		cat := f.Category(t, "c", 0)["id"].(string)
		f.Listing(t, "a", cat, nil)
		f.Listing(t, "b", cat, nil)
		c := f.Listing(t, "c", cat, map[string]any{"is_public": false})["id"].(string)
		admin := map[string]any{"adminMode": true}
		get := func(slug, token string, n int) {
			for range n {
				var data any
				if token != "" {
					data = admin
				}
				f.Call(t, token, "get", slug, data).Expect(t, 200, "")
			}
		}
		logRows := func() int {
			var n int
			if err := f.S.App.DB.R.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM marketplace_view_log`).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		views := func(slug string) float64 {
			return f.Call(t, f.Admin.Token, "get", slug, admin).Data()["view_count"].(float64) - 1 // (this get is counted too)
		}
		total := func() float64 { return f.Call(t, "", "stats", "", nil).Data()["total_views"].(float64) }
		get("a", "", 3)
		get("b", "", 2)
		get("c", f.Admin.Token, 4)
		if tv := total(); tv != 5 || logRows() == 0 {
			t.Fatalf("public views %v, log rows %d: want 5 from the log", tv, logRows())
		}
		if n := views("a"); n != 3 {
			t.Fatalf("a has %v views, want 3", n)
		}
		// c becomes public: its logged views count in the total at once
		f.Call(t, f.Admin.Token, "update", c, map[string]any{"is_public": true}).Expect(t, 200, "")
		if tv := total(); tv != 10 {
			t.Fatalf("public views after c is public: %v, want 10 (a 4, b 2, c 4)", tv)
		}
		// b gets ahead of a and c in the log only; the popular page folds it
		get("b", "", 3)
		d := f.Call(t, "", "list", "", map[string]any{"query": map[string]any{"sortBy": "popular"}}).Data()
		if got := slugs(t, d); fmt.Sprint(got) != "[b c a]" {
			t.Fatalf("popular order %v, want [b c a] (5, 4, 4 views, ties newest first)", got)
		}
		if n := logRows(); n != 0 {
			t.Fatalf("%d log rows after a popular page, want 0", n)
		}
		if tv := total(); tv != 13 {
			t.Fatalf("public views after the fold: %v, want 13", tv)
		}
		// views in the log of a listing deleted leave the total with it
		get("a", "", 2)
		a := f.Call(t, f.Admin.Token, "get", "a", admin).Data()["id"].(string)
		if tv := total(); tv != 16 || logRows() == 0 {
			t.Fatalf("public views %v with a's in the log (%d rows), want 16", tv, logRows())
		}
		f.Call(t, f.Admin.Token, "delete", a, nil).Expect(t, 200, "")
		if tv := total(); tv != 9 {
			t.Fatalf("public views after a's delete: %v, want 9 (b 5, c 4)", tv)
		}
		before := total()
		if err := f.S.App.Marketplace.RebuildCounters(context.Background()); err != nil {
			t.Fatal(err)
		}
		if after := total(); after != before || logRows() != 0 {
			t.Fatalf("rebuilt total %v, kept %v, log rows %d", after, before, logRows())
		}
	})
}
