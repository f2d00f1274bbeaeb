package table

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/xuri/excelize/v2"
)

// TestSaveIsNotAProgram: a workbook is written as the lists are, with no
// execute bit, not 0755 as excelize's SaveAs leaves it (issue 40).
func TestSaveIsNotAProgram(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Windows files have no mode bits")
	}
	f := excelize.NewFile()
	defer f.Close()
	path := filepath.Join(t.TempDir(), "book.xlsx")
	if err := Save(f, path); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil || fi.Mode().Perm()&0o111 != 0 || fi.Mode().Perm()&0o600 != 0o600 {
		t.Fatalf("%s: %v, %v; want 0644 under the usual umask", path, fi.Mode(), err)
	}
	if _, err := excelize.OpenFile(path); err != nil {
		t.Fatalf("the workbook does not open: %v", err)
	}
}
