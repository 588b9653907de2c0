package app_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/geniehq/genie/internal/app"
)

// TestSearchSnapshotFile: off is none, a path is that path, the default is
// beside a SQLite file and, on PostgreSQL, in the user's cache directory
// under a name that holds no part of the database URL.
func TestSearchSnapshotFile(t *testing.T) {
	const pg = "postgres://genie:secret@db.example:5432/genie?sslmode=disable"
	for _, tc := range []struct{ value, dsn, want string }{
		{app.SearchSnapshotOff, "/srv/genie.db", ""},
		{app.SearchSnapshotOff, pg, ""},
		{"/var/lib/genie/index.search", pg, "/var/lib/genie/index.search"},
		{"", "/srv/genie.db", "/srv/genie.db.search"},
		{"", "file:/srv/genie.db?_pragma=busy_timeout(5000)", "/srv/genie.db.search"},
	} {
		if got := app.SearchSnapshotFile(tc.value, tc.dsn); got != tc.want {
			t.Errorf("%q with %q: %q, want %q", tc.value, tc.dsn, got, tc.want)
		}
	}
	got := app.SearchSnapshotFile("", pg)
	cache, err := os.UserCacheDir()
	if err != nil {
		if got != "" {
			t.Errorf("no cache directory, yet %q", got)
		}
		return
	}
	if filepath.Dir(got) != filepath.Join(cache, "genie") || !strings.HasSuffix(got, ".search") ||
		strings.Contains(got, "secret") || strings.Contains(got, "example") {
		t.Errorf("PostgreSQL default: %q", got)
	}
}
