package e2e

import (
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"drawshow/data/entries"
	"drawshow/data/export"
	"drawshow/data/session"
	"drawshow/data/store"
	"drawshow/data/verify"
	"drawshow/data/verifydb"
	"drawshow/show"

	_ "github.com/mattn/go-sqlite3" // rawSQL's driver
)

const testShow = `promotion: Royal Flush
property: Gold Reef City
exclusions: exclusions.csv
segments:
  - id: sat-cash
    at: "2024-11-30T21:30"
    entries: entries.csv
    winners: 2
    prizes: ["R5 000"]
    win_once: day
  - id: late
    at: "2024-11-30T22:30"
    entries: entries.csv
    winners: 1
    win_once: day
`

const testEntries = "Ticket,Card,Name,Tier\n" +
	"T1,C1,Thabo Mokoena,ace\nT2,C2,Zoë Botha,king\nT3,C3,Sipho Nkosi,queen\n" +
	"T4,C4,Lerato Dlamini,jack\nT5,C5,Émile Naidoo,ten\nT6,C1,Thabo Mokoena,ace\n"

var testSeed = []byte("0123456789abcdef0123456789abcdef")

type fixture struct {
	dir, showPath, dbPath string
	text                  []byte
	clock                 time.Time
	over                  func([]string) bool // Options.OverProblems
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	dir := t.TempDir()
	f := &fixture{dir: dir, showPath: filepath.Join(dir, "show.yaml"), dbPath: filepath.Join(dir, "campaign.db"), text: []byte(testShow)}
	write(t, f.showPath, testShow)
	write(t, filepath.Join(dir, "entries.csv"), testEntries)
	write(t, filepath.Join(dir, "exclusions.csv"), "Card\nC5\n")
	f.clock = time.Date(2024, 11, 30, 19, 30, 0, 0, time.UTC)
	return f
}

func write(t testing.TB, path, s string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// rawSQL opens db's file as an insider would, beside the program's own
// connections, to read or tamper with it; closed when the test ends.
func rawSQL(t testing.TB, db *store.DB) *sql.DB {
	t.Helper()
	s, err := sql.Open("sqlite3", "file:"+db.Path()+"?_busy_timeout=10000")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func (f *fixture) open(t *testing.T) (*store.DB, *session.Session) {
	t.Helper()
	db, err := store.Open(f.dbPath)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	sh, err := show.Parse(f.showPath, f.text)
	if err != nil {
		t.Fatal(err)
	}
	ss, err := session.Open(db, sh, f.text, session.Options{Rehearsal: true, Seed: testSeed, Clock: func() time.Time { return f.clock }, Wall: func() time.Time { return f.clock }, OverProblems: f.over})
	if err != nil {
		t.Fatal(err)
	}
	return db, ss
}

// command is op as the fixtures give it. Their clocks do not keep to the
// segments' times, so their draws say early, and the record keeps it; a
// decline is of a paper register, noted.
func command(op show.Op) show.Command {
	c := show.Command{Op: op, Early: op == show.OpDraw || op == show.OpFreeze}
	if op == show.OpDecline {
		c.Text = paperNote
	}
	return c
}

// paperNote is a host's note of a paper decline register.
const paperNote = "paper register p.3, checked by Thandi"

func do(t *testing.T, ss *session.Session, op show.Op) []show.Event {
	t.Helper()
	evs, err := ss.Do(command(op), nil)
	if err != nil {
		t.Fatalf("%s: %v", op, err)
	}
	return evs
}

func TestResumeKeepsStepWinnersAndDeadline(t *testing.T) {
	f := newFixture(t)
	db, ss := f.open(t)
	do(t, ss, show.OpDraw)
	do(t, ss, show.OpClaim)
	do(t, ss, show.OpDraw)
	before := ss.Eng.State()
	want := before.CurSeg().Last()
	db.Close()

	_, ss2 := f.open(t)
	if !ss2.Resumed || ss2.ID != ss.ID {
		t.Fatalf("resumed %v as %s, want show %s", ss2.Resumed, ss2.ID, ss.ID)
	}
	got := ss2.Eng.State().CurSeg().Last()
	if got.Ticket != want.Ticket || !got.Deadline.Equal(want.Deadline) || got.Outcome != show.Pending {
		t.Fatalf("after restart pick %+v, want %+v", got, want)
	}
	if w := ss2.Eng.State().CurSeg().Winners(); w != 1 {
		t.Fatalf("winners after restart = %d, want 1", w)
	}
	// the countdown runs from the stored deadline: past it, the no-show stands
	f.clock = want.Deadline
	evs := do(t, ss2, show.OpTick)
	if len(evs) != 1 || evs[0].Pick.Outcome != show.NoShow {
		t.Fatalf("tick at the deadline gave %+v", evs)
	}
}

func TestFrozenBinSurvivesRestartAndExclusions(t *testing.T) {
	f := newFixture(t)
	db, ss := f.open(t)
	do(t, ss, show.OpDraw)
	fz := ss.Eng.State().CurSeg().Frozen
	if len(fz.Excluded) != 1 || fz.Excluded[0] != "C5" || fz.Entries != 5 || fz.Participants != 4 {
		t.Fatalf("frozen %+v: want C5 excluded, 5 entries of 4 participants", fz)
	}
	db.Close()
	// the entry file changes after the freeze: the record does not
	write(t, filepath.Join(f.dir, "entries.csv"), testEntries+"T7,C7,New Person,ace\n")
	_, ss2 := f.open(t)
	if got := ss2.Eng.State().CurSeg().Bin.FingerprintHex(); got != fz.Fingerprint {
		t.Fatalf("bin after restart %s, want %s", got, fz.Fingerprint)
	}
}

func TestChangedShowFileRefusedWhileOpen(t *testing.T) {
	f := newFixture(t)
	db, ss := f.open(t)
	do(t, ss, show.OpDraw)
	db.Close()
	f.text = []byte(strings.Replace(testShow, "winners: 2", "winners: 3", 1))
	write(t, f.showPath, string(f.text))
	db2, err := store.Open(f.dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db2.Close()
	sh, err := show.Parse(f.showPath, f.text)
	if err != nil {
		t.Fatal(err)
	}
	_, err = session.Open(db2, sh, f.text, session.Options{Rehearsal: true, Seed: testSeed, Clock: func() time.Time { return f.clock }, Wall: func() time.Time { return f.clock }})
	if err == nil || !strings.Contains(err.Error(), "changed since show") {
		t.Fatalf("err = %v, want the show file changed", err)
	}
}

func TestFixedSeedNeedsRehearsal(t *testing.T) {
	f := newFixture(t)
	db, err := store.Open(f.dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	sh, _ := show.Parse(f.showPath, f.text)
	if _, err := session.Open(db, sh, f.text, session.Options{Seed: testSeed, Clock: time.Now}); err == nil || err.Error() != "a fixed seed is allowed only in a rehearsal (--rehearsal)" {
		t.Fatalf("an official show with a fixed seed: %v", err)
	}
}

func TestBadEntryFileImportsNothing(t *testing.T) {
	f := newFixture(t)
	write(t, filepath.Join(f.dir, "entries.csv"), testEntries+"T2,C9,Dup Ticket,ace\n")
	f.over = func([]string) bool { return true } // the operator opens it over the problem
	db, ss := f.open(t)
	_, err := ss.Do(show.Command{Op: show.OpDraw}, nil)
	var fe *entries.FileError
	if !errors.As(err, &fe) || !strings.Contains(err.Error(), "T2") {
		t.Fatalf("err = %v, want a file error naming the duplicate ticket", err)
	}
	var n int
	if err := rawSQL(t, db).QueryRow(`SELECT COUNT(*) FROM entries`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("%d entry rows kept (%v), want none", n, err)
	}
	if ss.Eng.State().CurSeg().Frozen != nil {
		t.Fatal("a bin froze from a bad file")
	}
	// fixed, the same draw goes on
	write(t, filepath.Join(f.dir, "entries.csv"), testEntries)
	do(t, ss, show.OpDraw)
}

func TestJournalChainDetectsEditsAndDeletes(t *testing.T) {
	f := newFixture(t)
	db, ss := f.open(t)
	do(t, ss, show.OpDraw)
	do(t, ss, show.OpClaim)
	r, err := verifydb.Check(db)
	if err != nil || len(r.Problems) > 0 || r.Events < 5 {
		t.Fatalf("clean journal: %+v, %v", r, err)
	}
	if _, err := rawSQL(t, db).Exec(`UPDATE journal SET kind = 'x' WHERE seq = 1`); err == nil || err.Error() != "the journal is append-only" {
		t.Fatalf("an UPDATE of the journal: %v", err)
	}
	if _, err := rawSQL(t, db).Exec(`DELETE FROM journal WHERE seq = 1`); err == nil || err.Error() != "the journal is append-only" {
		t.Fatalf("a DELETE from the journal: %v", err)
	}
	for _, tc := range []struct{ name, sql, want string }{
		{"edit", `UPDATE journal SET payload = replace(payload, 'claimed', 'forfeit') WHERE kind = 'pick-decided'`, "was edited"},
		{"delete", `DELETE FROM journal WHERE seq = 2`, "rows are missing"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "copy.db")
			if _, err := rawSQL(t, db).Exec(`VACUUM INTO ?`, path); err != nil {
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
	f := newFixture(t)
	db, ss := f.open(t)
	for _, op := range []show.Op{show.OpDraw, show.OpClaim, show.OpDraw, show.OpDecline, show.OpNext, show.OpDraw, show.OpClaim, show.OpClose} {
		do(t, ss, op)
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

// onTime is the clock of a host who waits for the current segment's time
// before its first draw, as the show's rules want (an early draw needs
// the host's word): clock, or the segment's time when that is later.
func onTime(ss *session.Session, c show.Command, clock time.Time) time.Time {
	s := ss.Eng.State().CurSeg()
	if (c.Op == show.OpDraw || c.Op == show.OpFreeze || c.Op == show.OpTicket) && s != nil && s.Frozen == nil && s.Seg.At.After(clock) {
		return s.Seg.At
	}
	return clock
}
