// Package rig is the fixture show the tests of data's packages play: a
// show file over a small entry file, opened on a real SQLite database
// through data/session, and the commands a host gives it. Test material,
// not part of the program: only tests import it.
package rig

import (
	"database/sql"
	"os"
	"path/filepath"
	"testing"
	"time"

	"drawshow/data/session"
	"drawshow/data/store"
	"drawshow/show"

	_ "github.com/mattn/go-sqlite3" // RawSQL's driver
)

// Show is the fixture show: a cash draw of two and a late draw of one
// over Entries, C5 excluded, each winner once a day.
const Show = `promotion: Royal Flush
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

// Entries is the fixture show's entry file: six tickets of five cards.
const Entries = "Ticket,Card,Name,Tier\n" +
	"T1,C1,Thabo Mokoena,ace\nT2,C2,Zoë Botha,king\nT3,C3,Sipho Nkosi,queen\n" +
	"T4,C4,Lerato Dlamini,jack\nT5,C5,Émile Naidoo,ten\nT6,C1,Thabo Mokoena,ace\n"

// Seed is the rehearsal seed the fixtures open their shows with.
var Seed = []byte("0123456789abcdef0123456789abcdef")

// Fixture is a show file and its lists in a folder of the test's own, the
// campaign database beside them, and the host's clock.
type Fixture struct {
	Dir, ShowPath, DBPath string
	Text                  []byte
	Clock                 time.Time
	Over                  func([]string) bool // Options.OverProblems
}

// NewFixture writes Show, Entries and an exclusions list into a new
// folder, at 19:30 on the show's night.
func NewFixture(t *testing.T) *Fixture {
	t.Helper()
	dir := t.TempDir()
	f := &Fixture{Dir: dir, ShowPath: filepath.Join(dir, "show.yaml"), DBPath: filepath.Join(dir, "campaign.db"), Text: []byte(Show)}
	Write(t, f.ShowPath, Show)
	Write(t, filepath.Join(dir, "entries.csv"), Entries)
	Write(t, filepath.Join(dir, "exclusions.csv"), "Card\nC5\n")
	f.Clock = time.Date(2024, 11, 30, 19, 30, 0, 0, time.UTC)
	return f
}

// Write writes s to path, or fails the test.
func Write(t testing.TB, path, s string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// RawSQL opens db's file as an insider would, beside the program's own
// connections, to read or tamper with it; closed when the test ends.
func RawSQL(t testing.TB, db *store.DB) *sql.DB {
	t.Helper()
	s, err := sql.Open("sqlite3", "file:"+db.Path()+"?_busy_timeout=10000")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// Open opens f's database and a rehearsal of its show on f's clock,
// closed when the test ends.
func (f *Fixture) Open(t *testing.T) (*store.DB, *session.Session) {
	t.Helper()
	return f.OpenWith(t, session.Options{Rehearsal: true, Seed: Seed, OverProblems: f.Over})
}

// OpenWith opens f's database and its show with opt, the show's clock
// and the machine's both f's clock; the database is closed when the
// test ends.
func (f *Fixture) OpenWith(t testing.TB, opt session.Options) (*store.DB, *session.Session) {
	t.Helper()
	db, err := store.Open(f.DBPath)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	sh, err := show.Parse(f.ShowPath, f.Text)
	if err != nil {
		t.Fatal(err)
	}
	opt.Clock, opt.Wall = func() time.Time { return f.Clock }, func() time.Time { return f.Clock }
	ss, err := session.Open(db, sh, f.Text, opt)
	if err != nil {
		t.Fatal(err)
	}
	return db, ss
}

// Command is op as the fixtures give it. Their clocks do not keep to the
// segments' times, so their draws say early, and the record keeps it; a
// decline is of a paper register, noted.
func Command(op show.Op) show.Command {
	c := show.Command{Op: op, Early: op == show.OpDraw || op == show.OpFreeze}
	if op == show.OpDecline {
		c.Text = PaperNote
	}
	return c
}

// PaperNote is a host's note of a paper decline register.
const PaperNote = "paper register p.3, checked by Thandi"

// Do gives ss the command op as the fixtures give it, or fails the test.
func Do(t *testing.T, ss *session.Session, op show.Op) []show.Event {
	t.Helper()
	evs, err := ss.Do(Command(op), nil)
	if err != nil {
		t.Fatalf("%s: %v", op, err)
	}
	return evs
}

// OnTime is the clock of a host who waits for the current segment's time
// before its first draw, as the show's rules want (an early draw needs
// the host's word): clock, or the segment's time when that is later.
func OnTime(ss *session.Session, c show.Command, clock time.Time) time.Time {
	s := ss.Eng.State().CurSeg()
	if (c.Op == show.OpDraw || c.Op == show.OpFreeze || c.Op == show.OpTicket) && s != nil && s.Frozen == nil && s.Seg.At.After(clock) {
		return s.Seg.At
	}
	return clock
}
