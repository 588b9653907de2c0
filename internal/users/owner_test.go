package users

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// writesUsersOrTeams matches SQL that writes the users or teams table.
var writesUsersOrTeams = regexp.MustCompile(`(?i)\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+(users|teams)\b`)

// TestOnlyStoreWritesUsersAndTeams: the users and teams tables are written
// only by this package's store.go; other packages call its methods.
func TestOnlyStoreWritesUsersAndTeams(t *testing.T) {
	root := filepath.Join("..", "..")
	var found int
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		found++
		rel, _ := filepath.Rel(root, path)
		if filepath.ToSlash(rel) == "internal/users/store.go" {
			return nil
		}
		for i, line := range strings.Split(string(src), "\n") {
			if m := writesUsersOrTeams.FindString(line); m != "" {
				t.Errorf("%s:%d writes a table owned by internal/users (%q): call a users.Store method instead", rel, i+1, m)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found < 100 {
		t.Fatalf("read %d Go files under %s; want the whole module", found, root)
	}
}
