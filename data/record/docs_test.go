package record

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// docColumns says where docs/record.md lists the columns of each of the
// record's tables: in the section under heading, after the anchor (""
// for the section's start), the backquoted names from start to end
// (start "|" for a table of | column | what |, whose first cells name
// them). Names in brackets are another kind's label for the same column
// (a bonus jackpot's `Device`), not a column.
var docColumns = []struct {
	table                       string // the variable in this package
	heads                       []string
	heading, anchor, start, end string
}{
	{"winnersCSV", winnersCSV.Heads(), "### winners.csv", "", "|", "\n\n"},
	{"collectionCSV", collectionCSV.Heads(), "### collection.csv", "", "Columns", "as in"},
	{"contactsCSV", contactsCSV, "### sms-contacts.csv", "", "bulk-SMS service:", ". `mobile` is"},
	{"standingsCSV", standingsCSV.Heads(), "### standings.csv", "", "|", "\n\n"},
	{"summaryDraws", summaryDraws.Heads(), "### winners.xlsx", "**Draws**", ":", "and a `Night total`"},
	{"summaryWinners", summaryWinners.Heads(), "### winners.xlsx", "**Winners**", ":", ";"},
	{"wildHeads", wildHeads, "### winners.xlsx", "**Wild cards**", "(", ")"},
	{"jackpotHeads", jackpotHeads, "### winners.xlsx", "**Progressive jackpots**", "(", ")"},
	{"pickSheet", pickSheet.Heads(), "### winners.xlsx", "**One sheet a frozen bin**", "frozen at the header:", "; and the reason"},
	{"contactsHeads", contactsHeads, "### winners.xlsx", "**Contacts**", "row 4", ". Every cell"},
	{"reportPicks", reportPicks.Heads(), "### report.pdf", "", "table of", "(long tickets"},
}

// TestRecordDocNamesEveryColumn: docs/record.md names each column of
// every list, sheet and table the record writes, in the order they are
// written, and no column they lack; and every table of this package is
// one the document is held to.
func TestRecordDocNamesEveryColumn(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile(filepath.Join("..", "..", "docs", "record.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	for _, c := range docColumns {
		got, err := documented(doc, c.heading, c.anchor, c.start, c.end)
		if err != nil {
			t.Errorf("%s: %v", c.table, err)
			continue
		}
		if !slices.Equal(got, c.heads) {
			t.Errorf("%s: docs/record.md (%s %s) names the columns\n\t%q\nthe table writes\n\t%q", c.table, c.heading, c.anchor, got, c.heads)
		}
	}

	held := map[string]bool{}
	for _, c := range docColumns {
		held[c.table] = true
	}
	for _, name := range tables(t) {
		if !held[name] {
			t.Errorf("%s is a table of the record that docs/record.md is not held to: add it to docColumns", name)
		}
	}
}

// documented is the backquoted names of doc's section under heading,
// after anchor, from start to end.
func documented(doc, heading, anchor, start, end string) ([]string, error) {
	i := strings.Index(doc, "\n"+heading+"\n")
	if i < 0 {
		return nil, fmt.Errorf("no section %q", heading)
	}
	sec := doc[i+len(heading)+2:]
	if j := strings.Index(sec, "\n#"); j >= 0 {
		sec = sec[:j]
	}
	if k := strings.Index(sec, anchor); k < 0 {
		return nil, fmt.Errorf("no %q in %s", anchor, heading)
	} else {
		sec = sec[k+len(anchor):]
	}
	k := strings.Index(sec, start)
	if k < 0 {
		return nil, fmt.Errorf("no %q in %s %s", start, heading, anchor)
	}
	sec = sec[k+len(start):]
	if start == "|" { // a table: the first cells of its rows
		sec = "|" + sec
		if e := strings.Index(sec, end); e >= 0 {
			sec = sec[:e]
		}
		var out []string
		for _, row := range strings.Split(sec, "\n") {
			if cells := strings.Split(row, "|"); len(cells) > 2 && !strings.HasPrefix(row, "|---") {
				out = append(out, names(cells[1])...)
			}
		}
		return out, nil
	}
	e := strings.Index(sec, end)
	if e < 0 {
		return nil, fmt.Errorf("no %q after %q in %s %s", end, start, heading, anchor)
	}
	return names(sec[:e]), nil
}

// names are the backquoted names in s outside brackets, a name broken
// over lines read as Markdown reads it, with a space.
func names(s string) []string {
	var out []string
	depth, name, quoted := 0, "", false
	for _, r := range s {
		switch {
		case r == '`':
			if quoted && depth == 0 {
				out = append(out, strings.Join(strings.Fields(name), " "))
			}
			quoted, name = !quoted, ""
		case quoted:
			name += string(r)
		case r == '(':
			depth++
		case r == ')':
			depth--
		}
	}
	return out
}

// tables are this package's variables that hold a table's columns: a
// table.Columns, or the headers of a list or sheet (…CSV, …Heads).
func tables(t *testing.T) []string {
	t.Helper()
	fset := token.NewFileSet()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.VAR {
				continue
			}
			for _, s := range g.Specs {
				vs := s.(*ast.ValueSpec)
				for i, n := range vs.Names {
					if i >= len(vs.Values) {
						continue
					}
					lit, ok := vs.Values[i].(*ast.CompositeLit)
					if !ok {
						continue
					}
					switch typ := lit.Type.(type) {
					case *ast.IndexExpr: // table.Columns[R]
						if sel, ok := typ.X.(*ast.SelectorExpr); ok && sel.Sel.Name == "Columns" {
							out = append(out, n.Name)
						}
					case *ast.ArrayType: // []string of headers
						if id, ok := typ.Elt.(*ast.Ident); ok && id.Name == "string" &&
							(strings.HasSuffix(n.Name, "CSV") || strings.HasSuffix(n.Name, "Heads")) {
							out = append(out, n.Name)
						}
					}
				}
			}
		}
	}
	return out
}
