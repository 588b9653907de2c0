package archtest

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const httpPkg = "github.com/geniehq/genie/internal/httpapi"

// root is the module's root, two levels up from this package.
const root = "../.."

// productionFiles calls fn for each non-test Go file under internal/ and
// cmd/ with its path relative to the module root.
func productionFiles(t *testing.T, fn func(path string, src []byte)) {
	t.Helper()
	for _, dir := range []string{"internal", "cmd"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if d.Name() == "testdata" || d.Name() == "node_modules" {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
				return nil
			}
			src, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(root, p)
			fn(filepath.ToSlash(rel), src)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// httpAllowed says which files may import the HTTP package: the actions
// files of the resources (any file whose name ends in actions.go), the
// transport itself, the wiring (internal/app, cmd/) and the test harness.
func httpAllowed(path string) bool {
	switch {
	case strings.HasSuffix(path, "actions.go"),
		strings.HasPrefix(path, "internal/httpapi/"),
		strings.HasPrefix(path, "internal/app/"),
		strings.HasPrefix(path, "internal/apitest/"),
		strings.HasPrefix(path, "cmd/"):
		return true
	}
	return false
}

// TestOnlyActionsImportHTTP: rules, models and stores know no transport.
// A resource's actions.go (or <name>_actions.go) turns requests into
// service calls; nothing else in a resource package imports the HTTP
// package.
func TestOnlyActionsImportHTTP(t *testing.T) {
	seen := 0
	productionFiles(t, func(path string, src []byte) {
		f, err := parser.ParseFile(token.NewFileSet(), path, src, parser.ImportsOnly)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if p != httpPkg {
				continue
			}
			seen++
			if !httpAllowed(path) {
				t.Errorf("%s imports %s: only actions files (and the wiring in internal/app and cmd/) may; move the handlers to an actions file and the rules to the service", path, httpPkg)
			}
		}
	})
	if seen < 10 {
		t.Fatalf("found %d imports of %s: the walk did not read the tree", seen, httpPkg)
	}
}

// TestPlatformKnowsNoResource: the platform packages (db, secrets, field,
// mail, ...) and the transport import no resource package, so that the
// graph points one way: wiring -> resources -> platform.
func TestPlatformKnowsNoResource(t *testing.T) {
	allowed := func(p string) bool {
		return !strings.HasPrefix(p, "github.com/geniehq/genie/internal/") ||
			strings.HasPrefix(p, "github.com/geniehq/genie/internal/platform/") ||
			p == httpPkg || p == "github.com/geniehq/genie/internal/auth"
	}
	productionFiles(t, func(path string, src []byte) {
		if !strings.HasPrefix(path, "internal/platform/") && !strings.HasPrefix(path, "internal/httpapi/") {
			return
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, src, parser.ImportsOnly)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if !allowed(p) {
				t.Errorf("%s imports %s: platform and transport packages must not depend on a resource", path, p)
			}
		}
	})
}
