package e2e

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"drawshow/data/datatest/rig"
	"drawshow/data/export"
	"drawshow/data/internal/filetest"
	"drawshow/data/paper"
	"drawshow/data/store"
	"drawshow/data/verifydb"
)

// closedShowDB plays the export fixture's show to its close and closes
// the writer: a campaign database with every commit in the file.
func closedShowDB(t *testing.T) (*rig.Fixture, string) {
	t.Helper()
	f := rig.ExportFixture(t)
	db, ss := rig.PlayExportShow(t, f, true)
	id := ss.ID
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(f.DBPath + "-wal"); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the writer left a -wal behind (%v)", err)
	}
	return f, id
}

// readOnly is what the commands that only read do: verify --db, export,
// statement, the latest show.
func readOnly(t *testing.T, path, showID string) {
	t.Helper()
	db, err := store.OpenExisting(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	r, err := verifydb.Check(db)
	if err != nil || len(r.Problems) > 0 || r.Events == 0 {
		t.Fatalf("verify --db: %+v, %v", r, err)
	}
	if id, err := db.LatestShow(); err != nil || id != showID {
		t.Fatalf("latest show %q (%v), want %s", id, err, showID)
	}
	out := filepath.Join(t.TempDir(), "export")
	if _, err := export.Write(db, showID, out); err != nil {
		t.Fatalf("export: %v", err)
	}
	if _, err := paper.StatementOf(db, "C01"); err != nil {
		t.Fatalf("statement: %v", err)
	}
	// and it writes nothing
	if err := db.SaveExclusions(showID, []string{"C99"}); !errors.Is(err, store.ErrReadOnly) {
		t.Fatalf("a write through a reader: %v", err)
	}
	if err := db.SaveProgress(showID, store.Progress{}); !errors.Is(err, store.ErrReadOnly) {
		t.Fatalf("a reader saving progress: %v", err)
	}
}

// TestReaderLeavesAReadOnlyFileAlone: a database file nobody may write
// (chmod is no bar to root, as in CI: what counts is that its bytes and
// time do not change) is verified, exported and read for a statement.
func TestReaderLeavesAReadOnlyFileAlone(t *testing.T) {
	t.Parallel()
	f, id := closedShowDB(t)
	if err := os.Chmod(f.DBPath, 0o444); err != nil {
		t.Fatal(err)
	}
	before := filetest.StateOf(t, f.DBPath)
	readOnly(t, f.DBPath, id)
	if after := filetest.StateOf(t, f.DBPath); after != before {
		t.Fatalf("the reader changed the database: %+v, was %+v", after, before)
	}
}

// TestReaderMakesNothingInAReadOnlyFolder: in a folder nobody may write
// to, a database with no -wal is read as it is (immutable): nothing is
// made beside it, even by root, whom the folder's mode does not stop.
func TestReaderMakesNothingInAReadOnlyFolder(t *testing.T) {
	t.Parallel()
	f, id := closedShowDB(t)
	if err := os.Chmod(f.Dir, 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(f.Dir, 0o755) })
	before, file := filetest.Listing(t, f.Dir), filetest.StateOf(t, f.DBPath)
	readOnly(t, f.DBPath, id)
	if after := filetest.Listing(t, f.Dir); !slices.Equal(after, before) {
		t.Fatalf("the folder changed:\n%s\nwas\n%s", strings.Join(after, "\n"), strings.Join(before, "\n"))
	}
	if filetest.StateOf(t, f.DBPath) != file {
		t.Fatal("the reader changed the database")
	}
}
