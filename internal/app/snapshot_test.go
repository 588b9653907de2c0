package app_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/app"
)

// TestSearchSnapshotFile: off is none, a path is that path, the default is
// beside a SQLite file and, on PostgreSQL, in the user's cache directory
// under a name that holds no part of the database URL.
func TestSearchSnapshotFile(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		ctx := context.Background()
		s := apitest.Start(t, store)
		d, err := app.OpenDB(ctx, s.DSN)
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		if got := app.SearchSnapshotFile(app.SearchSnapshotOff, s.DSN, d); got != "" {
			t.Errorf("off: %q", got)
		}
		if got := app.SearchSnapshotFile("/var/lib/genie/index.search", s.DSN, d); got != "/var/lib/genie/index.search" {
			t.Errorf("a path: %q", got)
		}
		got := app.SearchSnapshotFile("", s.DSN, d)
		if store == "sqlite" {
			if got != d.FilePath()+".search" {
				t.Errorf("SQLite default: %q, want beside %q", got, d.FilePath())
			}
			return
		}
		cache, err := os.UserCacheDir()
		if err != nil {
			if got != "" {
				t.Errorf("no cache directory, yet %q", got)
			}
			return
		}
		if filepath.Dir(got) != filepath.Join(cache, "genie") || strings.Contains(got, "postgres") || !strings.HasSuffix(got, ".search") {
			t.Errorf("PostgreSQL default: %q", got)
		}
	})
}
