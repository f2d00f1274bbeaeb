package flightlog

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestRotationBySize: past MaxSize the log moves to .1, .1 to .2, and the
// oldest beyond Keep goes; no file grows past MaxSize by more than a
// record, no record is split, and the newest records are all kept, in
// order.
func TestRotationBySize(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "campaign.db")
	const max, keep, n = 2000, 2, 200
	l, err := Open(Path(db), Config{MaxSize: max, Keep: keep})
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		l.Info("tick", Fields{"i": i})
	}
	l.Close()
	files, err := Files(db)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{Path(db) + ".2", Path(db) + ".1", Path(db)}
	if strings.Join(files, " ") != strings.Join(want, " ") {
		t.Fatalf("files %v, want %v", files, want)
	}
	if _, err := os.Stat(Path(db) + ".3"); !os.IsNotExist(err) {
		t.Fatalf(".3 is there: %v", err)
	}
	var got []int
	for _, f := range files {
		fi, _ := os.Stat(f)
		if fi.Size() > max {
			t.Errorf("%s is %d bytes, over %d", f, fi.Size(), max)
		}
		fh, _ := os.Open(f)
		sc := bufio.NewScanner(fh)
		for sc.Scan() {
			r, err := ParseRecord(sc.Bytes())
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			var i int
			fmt.Sscan(r.Fields["i"].(fmt.Stringer).String(), &i)
			got = append(got, i)
		}
		fh.Close()
	}
	for k := 1; k < len(got); k++ {
		if got[k] != got[k-1]+1 {
			t.Fatalf("records out of order or missing: %v", got)
		}
	}
	if got[len(got)-1] != n-1 || len(got) >= n {
		t.Fatalf("kept %d records ending at %d; want the newest, ending at %d, the oldest rotated away", len(got), got[len(got)-1], n-1)
	}
}

// TestReopenGoesOn: a second run appends to the log it finds, and rotates
// by the size already there.
func TestReopenGoesOn(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	for run := range 2 {
		l, err := Open(Path(db), Config{MaxSize: 1 << 20})
		if err != nil {
			t.Fatal(err)
		}
		l.Info("run", Fields{"n": run})
		l.Close()
	}
	var runs []string
	if err := Read(db, time.Time{}, func(r Record) error {
		runs = append(runs, fieldText(r.Fields["n"]))
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if strings.Join(runs, ",") != "0,1" {
		t.Fatalf("runs %v, want 0,1", runs)
	}
}
