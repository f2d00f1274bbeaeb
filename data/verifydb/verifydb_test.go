package verifydb_test

import (
	"strings"
	"testing"
	"time"

	"drawshow/data/datatest/rig"
	"drawshow/data/session"
	"drawshow/data/store"
	"drawshow/data/verifydb"
	"drawshow/show"
)

// TestVerifyDBNamesEditedRows: each edit of what the database keeps
// beside its journal is named by verify --db, though the journal is whole.
func TestVerifyDBNamesEditedRows(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ name, sql, want string }{
		{"a stored name", `UPDATE entries SET name = 'Forged Name' WHERE rowid = (SELECT MIN(rowid) FROM entries)`, "a stored row was edited"},
		{"a stored tier", `UPDATE entries SET tier = tier + 1 WHERE rowid = (SELECT MAX(rowid) FROM entries)`, "a stored row was edited"},
		{"a contact column", `UPDATE entries SET extra = '{"Phone":"0000"}' WHERE extra IS NOT NULL AND rowid = (SELECT MIN(rowid) FROM entries WHERE extra IS NOT NULL)`, "a stored row was edited"},
		{"a deleted row", `DELETE FROM entries WHERE rowid = (SELECT MAX(rowid) FROM entries)`, "rows were added or deleted"},
		{"the show file text", `UPDATE shows SET file_text = CAST(REPLACE(CAST(file_text AS TEXT), 'Saturday', 'Sunday') AS BLOB)`, "the show file text was edited"},
		{"the rehearsal flag", `UPDATE shows SET rehearsal = 1 - rehearsal`, "rehearsal"},
		{"an import's count", `UPDATE imports SET rows = rows + 1`, "the imports table says"},
		{"the exclusions list", `DELETE FROM exclusions`, "the exclusions list was edited"},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := rig.ExportFixture(t)
			db, _ := rig.PlayExportShow(t, f, true)
			r, err := verifydb.Check(db)
			if err != nil || len(r.Problems) > 0 {
				t.Fatalf("the true record: %v %q", err, r.Problems)
			}
			res, err := rig.RawSQL(t, db).Exec(c.sql)
			if err != nil {
				t.Fatal(err)
			}
			if n, _ := res.RowsAffected(); n == 0 {
				t.Fatalf("%s changed nothing", c.sql)
			}
			r, err = verifydb.Check(db)
			if err != nil {
				t.Fatal(err)
			}
			if all := strings.Join(r.Problems, "\n"); !strings.Contains(all, c.want) {
				t.Fatalf("verify --db after %s:\n%s\nwant a problem naming %q", c.name, all, c.want)
			}
		})
	}
}

// TestShortCountdownVerifies: a rehearsal opened with a shorter claim
// countdown (autoplay's) records it, and its no-show at that deadline
// folds and verifies; an official show may not be opened so.
func TestShortCountdownVerifies(t *testing.T) {
	t.Parallel()
	f := rig.ExportFixture(t)
	db, err := store.Open(f.DBPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	sh, err := show.Parse(f.ShowPath, f.Text)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := session.Open(db, sh, f.Text, session.Options{ClaimSeconds: 12, Clock: func() time.Time { return f.Clock }, Wall: func() time.Time { return f.Clock }}); err == nil || !strings.Contains(err.Error(), "only in a rehearsal") {
		t.Fatalf("an official show with a shortened countdown: %v", err)
	}
	ss, err := session.Open(db, sh, f.Text, session.Options{Rehearsal: true, Seed: rig.Seed, ClaimSeconds: 12, Clock: func() time.Time { return f.Clock }, Wall: func() time.Time { return f.Clock }})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ss.Do(show.Command{Op: show.OpDraw}, nil); err != nil {
		t.Fatal(err)
	}
	if d := ss.Eng.State().CurSeg().Last().Deadline.Sub(f.Clock); d != 12*time.Second {
		t.Fatalf("deadline %v after the announcement, want 12s", d)
	}
	f.Clock = f.Clock.Add(12 * time.Second)
	if _, err := ss.Do(show.Command{Op: show.OpTick}, nil); err != nil {
		t.Fatal(err)
	}
	if o := ss.Eng.State().CurSeg().Last().Outcome; o != show.NoShow {
		t.Fatalf("outcome %s at the short deadline", o)
	}
	r, err := verifydb.Check(db)
	if err != nil || len(r.Problems) > 0 {
		t.Fatalf("verify --db: %v %q", err, r.Problems)
	}
}

// TestVerifyDBOfAWindowsRecord: a campaign database written on Windows
// names the show file by its Windows path; it verifies here as it did
// there (issue 40: "the shows table names the show file C:\users\…").
func TestVerifyDBOfAWindowsRecord(t *testing.T) {
	t.Parallel()
	f := rig.NewFixture(t)
	db, ss := f.Open(t)
	rig.Do(t, ss, show.OpDraw)
	rig.Do(t, ss, show.OpClaim)
	if _, err := rig.RawSQL(t, db).Exec(`UPDATE shows SET file = ? WHERE id = ?`, `C:\users\thandi\examples\saturday\show.yaml`, ss.ID); err != nil {
		t.Fatal(err)
	}
	if r, err := verifydb.Check(db); err != nil || len(r.Problems) > 0 {
		t.Fatalf("verify --db: %v %q", err, r.Problems)
	}
}
