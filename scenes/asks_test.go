package scenes

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// No scene writes the stage's fields, nor reaches into its manager, its
// worker, its caches, its console or its screenshots: it reads the show
// through the view and changes the stage through the methods of asks.go.
func TestScenesAskTheStage(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	private := map[string]bool{"mgr": true, "work": true, "cache": true, "op": true, "shot": true}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || !strings.HasSuffix(receiver(fd), "Scene") {
				continue
			}
			stage := stageParams(fd)
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				var lhs []ast.Expr
				switch n := n.(type) {
				case *ast.AssignStmt:
					lhs = n.Lhs
				case *ast.IncDecStmt:
					lhs = []ast.Expr{n.X}
				case *ast.SelectorExpr:
					if id, ok := n.X.(*ast.Ident); ok && stage[id.Name] && private[n.Sel.Name] {
						t.Errorf("%s: %s reaches into the stage's %s", fset.Position(n.Pos()), fd.Name.Name, n.Sel.Name)
					}
					if in, ok := n.X.(*ast.SelectorExpr); ok && in.Sel.Name == "mgr" && n.Sel.Name == "cast" {
						return false // the scenes name each other through the cast
					}
				}
				for _, e := range lhs {
					if _, ok := e.(*ast.Ident); !ok && stage[root(e)] {
						t.Errorf("%s: %s writes the stage's fields", fset.Position(e.Pos()), fd.Name.Name)
					}
				}
				return true
			})
		}
	}
}

// receiver is the name of fd's receiver's type, "" for a function.
func receiver(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return ""
	}
	e := fd.Recv.List[0].Type
	if st, ok := e.(*ast.StarExpr); ok {
		e = st.X
	}
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// stageParams are the names of fd's parameters of type *Stage.
func stageParams(fd *ast.FuncDecl) map[string]bool {
	out := map[string]bool{}
	for _, p := range fd.Type.Params.List {
		if st, ok := p.Type.(*ast.StarExpr); ok {
			if id, ok := st.X.(*ast.Ident); ok && id.Name == "Stage" {
				for _, n := range p.Names {
					out[n.Name] = true
				}
			}
		}
	}
	return out
}

// root is the variable an expression such as s.air.turn.at or
// s.view.people[k] starts from.
func root(e ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.Ident:
			return x.Name
		case *ast.SelectorExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
		default:
			return ""
		}
	}
}
