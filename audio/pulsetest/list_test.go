package pulsetest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Every test that starts a sound server is in the Makefile's SOUND_TESTS:
// under -race it is skipped, so one left out would never run.
func TestSoundTestsListed(t *testing.T) {
	mk, err := os.ReadFile("../../Makefile")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^SOUND_TESTS = (.*)\$\$$`).FindSubmatch(mk)
	if m == nil {
		t.Fatal("the Makefile has no SOUND_TESTS")
	}
	listed := regexp.MustCompile("^(?:" + string(m[1]) + ")$")
	found := 0
	err = filepath.WalkDir("../..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && d.Name() != "." && d.Name() != ".." || d.Name() == "dist") {
			return filepath.SkipDir
		}
		if !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || !strings.HasPrefix(fn.Name.Name, "Test") || fn.Body == nil {
				continue
			}
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == "Start" {
					if id, ok := sel.X.(*ast.Ident); ok && id.Name == "pulsetest" {
						found++
						if !listed.MatchString(fn.Name.Name) {
							t.Errorf("%s (%s) starts a sound server but is not in the Makefile's SOUND_TESTS", fn.Name.Name, path)
						}
					}
				}
				return true
			})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found == 0 {
		t.Error("no test starts a sound server: the search is broken")
	}
}
