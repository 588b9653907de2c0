package marketplace_test

import (
	"context"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/app"
	"github.com/geniehq/genie/internal/marketplace"
)

// TestSearchMark: the mark a search snapshot is kept with is the same for
// a version however often it is read and after later writes, differs from
// the next version's, and from another database's at the same version
// (docs/marketplace.md, "Search snapshot").
func TestSearchMark(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		ctx := context.Background()
		mark := func(f *fixture, version int64) (string, int64) {
			t.Helper()
			d, err := app.OpenDB(ctx, f.S.DSN)
			if err != nil {
				t.Fatal(err)
			}
			defer d.Close()
			m, now, err := marketplace.New(d).SearchMark(ctx, version)
			if err != nil {
				t.Fatal(err)
			}
			return m, now
		}
		f := newFixture(t, store)
		cat := f.Category(t, "tools", 1)
		f.Listing(t, "first", cat["id"].(string), nil)
		_, v := mark(f, 0)
		m1, _ := mark(f, v)
		if again, _ := mark(f, v); again != m1 || m1 == "" {
			t.Fatalf("the mark of version %d changed: %q, then %q", v, m1, again)
		}
		f.Listing(t, "second", cat["id"].(string), nil)
		m2, v2 := mark(f, v)
		if m2 != m1 {
			t.Errorf("a later write changed the mark of version %d", v)
		}
		if next, _ := mark(f, v2); v2 <= v || next == m1 {
			t.Errorf("version %d after %d, marks %q and %q", v2, v, next, m1)
		}
		g := newFixture(t, store)
		gc := g.Category(t, "tools", 1)
		g.Listing(t, "first", gc["id"].(string), nil)
		if other, _ := mark(g, v); other == m1 {
			t.Errorf("another database at version %d has the same mark", v)
		}
	})
}
