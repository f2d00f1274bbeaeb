package verify

import (
	"os/exec"
	"strings"
	"testing"
)

// TestNoDatabase: the auditor's verifier reads an export with no database
// library linked in.
func TestNoDatabase(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "drawshow/data/verify").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.Contains(dep, "sqlite") || dep == "drawshow/data" || dep == "database/sql" {
			t.Errorf("data/verify depends on %s", dep)
		}
	}
}
