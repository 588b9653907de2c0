package marketplace_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/app"
	"github.com/geniehq/genie/internal/marketplace"
)

// TestCachedPagesSeeWrites: cached pages read no version from the database
// while nothing committed, yet a process's own write shows in its next
// page at once, and another process's write: at once on SQLite (the WAL
// index moves with every commit), within its notification's delivery on
// PostgreSQL (logged), also after the listening connection was killed.
func TestCachedPagesSeeWrites(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		f := newFixture(t, store)
		other := apitest.StartOn(t, f.S.DSN)
		cat := f.Category(t, "c", 0)["id"].(string)
		count := func(s *apitest.Server) float64 {
			return s.Call(t, "", "marketplace", "list", "", nil).Expect(t, 200, "").Data()["count"].(float64)
		}
		seen := func(s *apitest.Server, want float64) time.Duration {
			t.Helper()
			if store == "sqlite" { // no window: the next read sees it
				if got := count(s); got != want {
					t.Fatalf("count %v right after a write committed, want %v", got, want)
				}
				return 0
			}
			return eventually(t, func() string {
				if got := count(s); got != want {
					return fmt.Sprintf("count %v, want %v", got, want)
				}
				return ""
			})
		}
		for i := range 3 {
			for _, s := range []*apitest.Server{f.S, other, f.S, other} { // cached
				if got := count(s); got != float64(i) {
					t.Fatalf("count %v, want %d", got, i)
				}
			}
			f.Listing(t, fmt.Sprintf("l-%d", i), cat, nil)
			if got := count(f.S); got != float64(i+1) { // its own write: at once
				t.Fatalf("own write: count %v, want %d", got, i+1)
			}
			t.Logf("another process's write seen after %v", seen(other, float64(i+1)))
		}
		if store != "postgres" {
			return
		}
		// The listening connection of every process is killed: the
		// processes read the versions until they listen again, and miss
		// no write meanwhile.
		d, err := app.OpenDB(context.Background(), f.S.DSN)
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		res, err := d.W.ExecContext(context.Background(), `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
			WHERE datname = current_database() AND query LIKE 'LISTEN %'`)
		if err != nil {
			t.Fatal(err)
		}
		if n, _ := res.RowsAffected(); n < 2 {
			t.Fatalf("%d listening connections killed, want one per process", n)
		}
		f.Listing(t, "after-kill", cat, nil)
		t.Logf("a write after the listeners were killed seen after %v", seen(other, 4))
		if got := count(f.S); got != 4 {
			t.Fatalf("own write after the listeners were killed: count %v", got)
		}
	})
}

// TestSearchReadyAfterStart: a process builds its search index from the
// start and reports ready once it is built; its server's /readyz answers
// 200 only then.
func TestSearchReadyAfterStart(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		f := newFixture(t, store)
		cat := f.Category(t, "c", 0)["id"].(string)
		f.Listing(t, "lamp", cat, map[string]any{"display_name": "Reading lamp"})
		d, err := app.OpenDB(context.Background(), f.S.DSN)
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		svc := marketplace.New(d)
		if svc.SearchReady() {
			t.Fatal("ready before the index was built")
		}
		svc.StartSearch(context.Background())
		eventually(t, func() string {
			if !svc.SearchReady() {
				return "search index not ready"
			}
			return ""
		})
		if _, ix, _, n, indexed, err := svc.SearchBoth(context.Background(), marketplace.Query{Words: []string{"lamp"}, Sort: marketplace.SortNewest}, false, 20, 0); err != nil || !indexed || n != 1 || len(ix) != 1 {
			t.Fatalf("search through the index once ready: %v %d %v %v", ix, n, indexed, err)
		}
		res, err := f.S.Client.Get(f.S.URL + "/readyz")
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 200 {
			t.Fatalf("/readyz %d once the index is built", res.StatusCode)
		}
	})
}
