package archtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"strings"
	"testing"
)

// TestOneOfEachMechanism: one mode dispatcher, one access check, one id
// helper, one pagination check, one {id, success} answer type. Each rule
// names what a copy looks like; the test reads every production file and
// fails at the copy, saying what to use instead.
func TestOneOfEachMechanism(t *testing.T) {
	type finding struct{ pos, what, use string }
	var found []finding
	files := 0
	productionFiles(t, func(path string, src []byte) {
		files++
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, src, 0)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		inTransport := strings.HasPrefix(path, "internal/httpapi/")
		inField := strings.HasPrefix(path, "internal/platform/field/")
		ast.Inspect(f, func(n ast.Node) bool {
			at := func(what, use string) { found = append(found, finding{fset.Position(n.Pos()).String(), what, use}) }
			switch n := n.(type) {
			case *ast.TypeSpec:
				// A struct with a "mode" JSON field read before the mode's
				// own data: a second mode dispatcher.
				if st, ok := n.Type.(*ast.StructType); ok && !inTransport && len(st.Fields.List) == 1 {
					if tag := st.Fields.List[0].Tag; tag != nil && strings.Contains(tag.Value, `json:"mode"`) {
						at("a type that reads data.mode for its own dispatch", "httpapi.ModeTable")
					}
				}
				if n.Name.Name == "Removed" && !inTransport {
					at("a type Removed", "httpapi.Removed and httpapi.Gone")
				}
			case *ast.FuncDecl:
				switch n.Name.Name {
				case "requireAdmin", "checkAdmin", "mustBeAdmin":
					at("an admin check of its own", "the action's Access, or Request.Require(httpapi.AdminOnly) in a mode")
				}
			case *ast.CallExpr:
				// strings.TrimSpace(x) where x came from RequireID: the id
				// helper trims already.
				if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "TrimSpace" && len(n.Args) == 1 {
					if c, ok := n.Args[0].(*ast.CallExpr); ok {
						if s2, ok := c.Fun.(*ast.SelectorExpr); ok && s2.Sel.Name == "RequireID" {
							at("an id trimmed again", "Request.RequireID, which returns the trimmed id")
						}
					}
				}
			case *ast.BasicLit:
				// A hand-written page bound: the message Page.Resolve gives.
				if n.Kind == token.STRING && !inField {
					if v, err := strconv.Unquote(n.Value); err == nil && strings.HasPrefix(v, "limit must be between") {
						at("a hand-written limit check", "field.Page.Resolve")
					}
				}
			}
			return true
		})
	})
	if files < 100 {
		t.Fatalf("read %d files: the walk did not read the tree", files)
	}
	for _, f := range found {
		t.Errorf("%s: %s; use %s", f.pos, f.what, f.use)
	}
}
