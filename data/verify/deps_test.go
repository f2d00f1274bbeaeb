package verify

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// dbSide are drawshow's packages that open or read the campaign
// database, or write what is folded from it: the verifier links none of
// them. (Each imports data/store, which is here too; they are named so
// that a failure says which one came in.)
var dbSide = []string{
	"drawshow/data/store",
	"drawshow/data/session",
	"drawshow/data/export",
	"drawshow/data/verifydb",
	"drawshow/data/campaign",
	"drawshow/data/desk",
	"drawshow/data/compliance",
	"drawshow/data/paper",
}

// TestNoDatabase: the auditor's verifier reads an export with no database
// library linked in: no SQLite driver, no database/sql, and none of the
// packages of drawshow that read the campaign database. A dependency
// found is named with the package that imports it.
func TestNoDatabase(t *testing.T) {
	t.Parallel()
	out, err := exec.Command("go", "list", "-deps", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, "drawshow/data/verify").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	by := map[string][]string{} // a dependency, and the packages that import it
	var deps []string
	for line := range strings.Lines(string(out)) {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		deps = append(deps, f[0])
		for _, imp := range f[1:] {
			by[imp] = append(by[imp], f[0])
		}
	}
	if !slices.Contains(deps, "drawshow/data/verify") || !slices.Contains(deps, "drawshow/data/record") {
		t.Fatalf("go list -deps does not list verify and record: %q", deps)
	}
	for _, dep := range deps {
		if strings.Contains(dep, "sqlite") || dep == "database/sql" || slices.Contains(dbSide, dep) {
			t.Errorf("data/verify depends on %s (imported by %s)", dep, strings.Join(by[dep], ", "))
		}
	}
}
