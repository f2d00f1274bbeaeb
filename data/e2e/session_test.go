package e2e

import (
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"drawshow/data/datatest/rig"
	"drawshow/data/export"
	"drawshow/data/store"
	"drawshow/data/verify"
	"drawshow/data/verifydb"
	"drawshow/show"
)

func TestJournalChainDetectsEditsAndDeletes(t *testing.T) {
	t.Parallel()
	f := rig.NewFixture(t)
	db, ss := f.Open(t)
	rig.Do(t, ss, show.OpDraw)
	rig.Do(t, ss, show.OpClaim)
	r, err := verifydb.Check(db)
	if err != nil || len(r.Problems) > 0 || r.Events < 5 {
		t.Fatalf("clean journal: %+v, %v", r, err)
	}
	if _, err := rig.RawSQL(t, db).Exec(`UPDATE journal SET kind = 'x' WHERE seq = 1`); err == nil || err.Error() != "the journal is append-only" {
		t.Fatalf("an UPDATE of the journal: %v", err)
	}
	if _, err := rig.RawSQL(t, db).Exec(`DELETE FROM journal WHERE seq = 1`); err == nil || err.Error() != "the journal is append-only" {
		t.Fatalf("a DELETE from the journal: %v", err)
	}
	for _, tc := range []struct{ name, sql, want string }{
		{"edit", `UPDATE journal SET payload = replace(payload, 'claimed', 'forfeit') WHERE kind = 'pick-decided'`, "was edited"},
		{"delete", `DELETE FROM journal WHERE seq = 2`, "rows are missing"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "copy.db")
			if _, err := rig.RawSQL(t, db).Exec(`VACUUM INTO ?`, path); err != nil {
				t.Fatal(err)
			}
			raw, err := sql.Open("sqlite3", path)
			if err != nil {
				t.Fatal(err)
			}
			for _, q := range []string{`DROP TRIGGER journal_no_update`, `DROP TRIGGER journal_no_delete`, tc.sql} {
				if _, err := raw.Exec(q); err != nil {
					t.Fatal(err)
				}
			}
			raw.Close()
			c, err := store.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			r, err := c.VerifyChain()
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(strings.Join(r.Problems, "\n"), tc.want) {
				t.Fatalf("problems %q, want %q", r.Problems, tc.want)
			}
		})
	}
}

func TestExportVerifyRoundTrip(t *testing.T) {
	t.Parallel()
	f := rig.NewFixture(t)
	db, ss := f.Open(t)
	for _, op := range []show.Op{show.OpDraw, show.OpClaim, show.OpDraw, show.OpDecline, show.OpNext, show.OpDraw, show.OpClaim, show.OpClose} {
		rig.Do(t, ss, op)
	}
	out := t.TempDir()
	rec, err := export.Write(db, ss.ID, out)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Seed == "" || len(rec.Draws) != 2 || rec.Draws[1].Barred != 2 {
		t.Fatalf("record %+v: want seed revealed, 2 draws, the first draw's 2 winners barred from the second (win once a day)", rec)
	}
	r, err := verify.Dir(out)
	if err != nil || len(r.Problems) > 0 || r.Picks != 3 {
		t.Fatalf("verify: %+v, %v", r, err)
	}
	b, _ := os.ReadFile(filepath.Join(out, "winners.csv"))
	if !strings.Contains(string(b), "Zoë Botha") && !strings.Contains(string(b), "Thabo Mokoena") {
		t.Fatalf("winners.csv lacks the full names:\n%s", b)
	}
}
