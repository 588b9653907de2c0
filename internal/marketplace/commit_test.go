package marketplace

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestOneWritePath fails when a file of the package opens a write
// transaction or writes through the writer pool itself instead of going
// through Service.write, which moves the version counters that keep every
// process's caches and search index current.
func TestOneWritePath(t *testing.T) {
	bypass := regexp.MustCompile(`\.DB\.Tx\(|\.W\.(Exec|Query|Begin)|\bd\.Tx\(`)
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || f == "commit.go" {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		for i, line := range strings.Split(string(b), "\n") {
			if bypass.MatchString(line) {
				t.Errorf("%s:%d writes outside Service.write: %s", f, i+1, strings.TrimSpace(line))
			}
		}
	}
	if checked < 10 {
		t.Fatalf("checked only %d files", checked)
	}
}
