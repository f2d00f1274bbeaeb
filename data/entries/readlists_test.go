package entries

import (
	"path/filepath"
	"testing"

	"drawshow/data/internal/filetest"
	"drawshow/show"
)

// A bad decline register does not hide a bad proxies file: check lists
// every problem of every list at once.
func TestReadListsReportsEveryList(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	reg, prox := filepath.Join(dir, "register.csv"), filepath.Join(dir, "proxies.csv")
	filetest.Write(t, reg, "Card\n6.00123E+15\n")
	filetest.Write(t, prox, "Card,Nominee,Nominee ID\n6001,,8001\n")
	_, _, err := ReadLists(&show.Show{Path: filepath.Join(dir, "show.yaml")}, nil, reg, prox, "")
	if want := reg + ` row 2, column "Card": card "6.00123E+15" is a number Excel has rounded; format the column as Text in Excel, correct the numbers and export again` +
		"\n" + prox + ` row 2, column "Nominee": the nominee's name is empty`; err == nil || err.Error() != want {
		t.Fatalf("err = %v\nwant both files' problems:\n%s", err, want)
	}
}
