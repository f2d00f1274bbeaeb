package e2e

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"drawshow/data/datatest/rig"
	"drawshow/data/export"
	"drawshow/data/record"
	"drawshow/data/store"
	"drawshow/data/verifydb"
)

// TestFormatsOfEveryRelease: the archives and the campaign database each
// record format was written in are kept in data/datatest/formats, and today's
// verify passes them all, as an auditor's three-year-old archive must be;
// a copy tampered with as a careful forger would (SHA256SUMS made again)
// is refused for what was changed.
func TestFormatsOfEveryRelease(t *testing.T) {
	t.Parallel()
	dirs, err := filepath.Glob(filepath.Join(rig.Formats(), "*"))
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no formats in %s: %v", rig.Formats(), err)
	}
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			zips, _ := filepath.Glob(filepath.Join(dir, "*.zip"))
			if len(zips) == 0 {
				t.Fatal("no archive")
			}
			for _, z := range zips {
				r, err := export.VerifyArchive(z)
				if err != nil || len(r.Problems) > 0 || r.Picks == 0 {
					t.Fatalf("%s: %v, %d picks, problems:\n%s", filepath.Base(z), err, r.Picks, strings.Join(r.Problems, "\n"))
				}
			}
			verifiedDB(t, filepath.Join(dir, "campaign.db"))
		})
	}
}

// TestFormatsTampered: what the kept archives are held to, shown by
// editing each as a forger would.
func TestFormatsTampered(t *testing.T) {
	t.Parallel()
	src := rig.FormatArchives(t)[0]
	for _, c := range []struct {
		name, file, old, new, want string
	}{
		{"an unknown format", record.RecordFile, `"format": "` + record.RecordFormat + `"`, `"format": "drawshow-record/99"`,
			`record.json: format "drawshow-record/99" is not one this drawshow reads`},
		{"a winner's outcome", record.WinnersCSV, ",claimed,", ",proxy,", "winners.csv: draw bonus-jackpot, pick 1: outcome is \"proxy\", the record says \"claimed\""},
		{"a pick's ticket in the journal", record.JournalFile, `ticket\":\"`, `ticket\":\"X`, "content does not match its hash: the row was edited"},
	} {
		t.Run(c.name, func(t *testing.T) {
			changed := false
			out := rig.Rewrite(t, src, func(name string, b []byte) []byte {
				if name != c.file || !bytes.Contains(b, []byte(c.old)) {
					return b
				}
				changed = true
				return bytes.Replace(b, []byte(c.old), []byte(c.new), 1)
			}, nil, true)
			if !changed {
				t.Fatalf("%s holds no %q to change", c.file, c.old)
			}
			r, err := export.VerifyArchive(out)
			if err != nil {
				t.Fatal(err)
			}
			if all := strings.Join(r.Problems, "\n"); !strings.Contains(all, c.want) {
				t.Fatalf("verify of the archive with %s changed:\n%s\nwant a problem naming %q", c.name, all, c.want)
			}
		})
	}
	t.Run("a stored name in the database", func(t *testing.T) {
		path := copyDB(t, filepath.Join(filepath.Dir(src), "campaign.db"))
		db, err := store.OpenExisting(path)
		if err != nil {
			t.Fatal(err)
		}
		res, err := rig.RawSQL(t, db).Exec(`UPDATE entries SET name = 'Forged Name' WHERE rowid = (SELECT MIN(rowid) FROM entries)`)
		if n, _ := res.RowsAffected(); err != nil || n != 1 {
			t.Fatalf("the edit: %v", err)
		}
		db.Close()
		db, err = store.OpenExisting(path)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		r, err := verifydb.Check(db)
		if err != nil {
			t.Fatal(err)
		}
		if all := strings.Join(r.Problems, "\n"); !strings.Contains(all, "a stored row was edited") {
			t.Fatalf("verify --db after an edited name:\n%s", all)
		}
	})
}

// verifiedDB checks a kept campaign database as verify --db does, on a
// copy: the kept file is never opened where it lies.
func verifiedDB(t *testing.T, kept string) {
	t.Helper()
	db, err := store.OpenExisting(copyDB(t, kept))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	r, err := verifydb.Check(db)
	if err != nil || len(r.Problems) > 0 {
		t.Fatalf("verify --db of %s: %v, problems:\n%s", kept, err, strings.Join(r.Problems, "\n"))
	}
}

func copyDB(t *testing.T, path string) string {
	t.Helper()
	src, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	out := filepath.Join(t.TempDir(), "campaign.db")
	dst, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(dst, src); err != nil {
		t.Fatal(err)
	}
	if err := dst.Close(); err != nil {
		t.Fatal(err)
	}
	return out
}
