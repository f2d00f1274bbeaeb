// Package filetest writes the files the tests of data's packages read:
// entry files, lists and workbooks as the Rewards system and Excel make
// them.
package filetest

import (
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"
)

// Write writes s to path.
func Write(t testing.TB, path, s string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// File writes content to name in a new temporary folder and returns its
// path.
func File(t testing.TB, name, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// Sheet is a worksheet for XLSX: rows of cells, each a string, a number
// or nil for an empty cell.
type Sheet struct {
	Name string
	Rows [][]any
	// Merge lists ranges of merged cells ("A1:E1"), as Excel's "Merge &
	// Center" makes a title above the columns: the first cell keeps the
	// value, the others are empty.
	Merge []string
}

// XLSX writes a workbook with the given sheets, in order, and returns
// its path.
func XLSX(t testing.TB, name string, sheets ...Sheet) string {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	for i, sh := range sheets {
		if i == 0 {
			if err := f.SetSheetName("Sheet1", sh.Name); err != nil {
				t.Fatal(err)
			}
		} else if _, err := f.NewSheet(sh.Name); err != nil {
			t.Fatal(err)
		}
		for r, row := range sh.Rows {
			for c, v := range row {
				if v == nil {
					continue
				}
				ref, _ := excelize.CoordinatesToCellName(c+1, r+1)
				var err error
				if num, ok := v.(RawNumber); ok {
					err = f.SetCellDefault(sh.Name, ref, string(num))
				} else {
					err = f.SetCellValue(sh.Name, ref, v)
				}
				if err != nil {
					t.Fatal(err)
				}
			}
		}
		for _, m := range sh.Merge {
			from, to, _ := strings.Cut(m, ":")
			if err := f.MergeCell(sh.Name, from, to); err != nil {
				t.Fatal(err)
			}
		}
	}
	path := filepath.Join(t.TempDir(), name)
	if err := f.SaveAs(path); err != nil {
		t.Fatal(err)
	}
	return path
}

// RawNumber is a number cell written exactly as given in the sheet's XML,
// as Excel writes long numbers: "6.001234567890123E+15".
type RawNumber string

// State is what a reader must not change: a file's bytes and
// modification time.
type State struct {
	sum   [32]byte
	mtime time.Time
	mode  os.FileMode
}

// StateOf is path's state now.
func StateOf(t testing.TB, path string) State {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return State{sha256.Sum256(b), fi.ModTime(), fi.Mode()}
}

// Listing is a folder's files with their sizes and times.
func Listing(t testing.TB, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range es {
		fi, err := e.Info()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, fmt.Sprintf("%s %d %s", e.Name(), fi.Size(), fi.ModTime().Format(time.RFC3339Nano)))
	}
	return out
}
