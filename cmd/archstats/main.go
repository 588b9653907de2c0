// Command archstats prints the figures the restructuring is measured by:
// packages and their lines, files over 400 lines, functions over 60 and
// over 80 lines, and the files outside actions that import the HTTP
// package. Production code only: tests, generated clients and
// cmd/genie-bench are left out. Run from the module root:
//
//	go run ./cmd/archstats [-v]
package main

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

const httpPkg = "github.com/geniehq/genie/internal/httpapi"

func main() {
	verbose := flag.Bool("v", false, "list the files and functions counted")
	flag.Parse()
	pkgLines := map[string]int{}
	var bigFiles, fn60, fn80, httpImports []string
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "node_modules", "testdata", "clients", ".git", "genie-bench":
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || strings.HasPrefix(path, "internal/apitest/") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if strings.Contains(string(src), "Code generated") {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, src, 0)
		if err != nil {
			return err
		}
		lines := fset.File(f.Pos()).LineCount()
		pkgLines[filepath.Dir(path)] += lines
		if lines > 400 {
			bigFiles = append(bigFiles, fmt.Sprintf("%s (%d)", path, lines))
		}
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			n := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1
			name := fmt.Sprintf("%s:%s (%d)", path, fd.Name.Name, n)
			if n > 60 {
				fn60 = append(fn60, name)
			}
			if n > 80 {
				fn80 = append(fn80, name)
			}
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			base := filepath.Base(path)
			wiring := strings.HasPrefix(path, "cmd/") || strings.HasPrefix(path, "internal/app/") || strings.HasPrefix(path, "internal/httpapi/")
			if p == httpPkg && !strings.HasSuffix(base, "actions.go") && !wiring {
				httpImports = append(httpImports, path)
			}
		}
		return nil
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	total := 0
	var pkgs []string
	for p, n := range pkgLines {
		total += n
		pkgs = append(pkgs, p)
	}
	sort.Strings(pkgs)
	fmt.Printf("packages %d, lines %d\n", len(pkgs), total)
	if *verbose {
		for _, p := range pkgs {
			fmt.Printf("  %-45s %6d\n", p, pkgLines[p])
		}
	}
	report := func(title string, list []string) {
		fmt.Printf("%s: %d\n", title, len(list))
		if *verbose {
			sort.Strings(list)
			for _, s := range list {
				fmt.Println("  " + s)
			}
		}
	}
	report("files over 400 lines", bigFiles)
	report("functions over 60 lines", fn60)
	report("functions over 80 lines", fn80)
	report("imports of the HTTP package outside actions and wiring", httpImports)
}
