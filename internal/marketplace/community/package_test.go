package community

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/geniehq/genie/internal/marketplace"
)

// TestOneWritePath fails when a file of the package opens a write
// transaction or writes through the writer pool itself instead of going
// through marketplace.Service.Write, which moves the version counters that
// keep every process's caches and search index current (the same test as
// internal/marketplace's).
func TestOneWritePath(t *testing.T) {
	bypass := regexp.MustCompile(`\.DB\.Tx\(|\.db\.Tx\(|\.W\.(Exec|Query|Begin)|\bd\.Tx\(`)
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		for i, line := range strings.Split(string(b), "\n") {
			if bypass.MatchString(line) {
				t.Errorf("%s:%d writes outside marketplace.Service.Write: %s", f, i+1, strings.TrimSpace(line))
			}
		}
	}
	if checked < 4 {
		t.Fatalf("checked only %d files", checked)
	}
}

// TestActionsJoinMarketplace checks that the community actions, registered
// into the marketplace resource beside the catalog's, take no name of
// those (api.Server.Register would silently replace one).
func TestActionsJoinMarketplace(t *testing.T) {
	m := marketplace.New(nil)
	catalog := m.Actions()
	own := New(m).Actions()
	for _, name := range []string{"reviews", "favorites", "collections", "submissions"} {
		if _, ok := own[name]; !ok {
			t.Errorf("community has no action %s", name)
		}
	}
	for name := range own {
		if _, taken := catalog[name]; taken {
			t.Errorf("action %s is both the catalog's and the community's", name)
		}
	}
}
