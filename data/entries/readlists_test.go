package entries

import (
	"path/filepath"
	"strings"
	"testing"

	"drawshow/data/internal/filetest"
	"drawshow/show"
)

// A bad decline register does not hide a bad proxies file: check lists
// every problem of every list at once.
func TestReadListsReportsEveryList(t *testing.T) {
	dir := t.TempDir()
	reg, prox := filepath.Join(dir, "register.csv"), filepath.Join(dir, "proxies.csv")
	filetest.Write(t, reg, "Card\n6.00123E+15\n")
	filetest.Write(t, prox, "Card,Nominee,Nominee ID\n6001,,8001\n")
	_, _, err := ReadLists(&show.Show{Path: filepath.Join(dir, "show.yaml")}, "", reg, prox, "")
	if err == nil || !strings.Contains(err.Error(), "register.csv") || !strings.Contains(err.Error(), "proxies.csv") {
		t.Fatalf("err = %v, want both files' problems", err)
	}
}
