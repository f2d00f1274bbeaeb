package session_test

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"drawshow/data/datatest/rig"
	"drawshow/data/entries"
	"drawshow/data/session"
	"drawshow/data/store"
	"drawshow/show"
)

func TestResumeKeepsStepWinnersAndDeadline(t *testing.T) {
	t.Parallel()
	f := rig.NewFixture(t)
	db, ss := f.Open(t)
	rig.Do(t, ss, show.OpDraw)
	rig.Do(t, ss, show.OpClaim)
	rig.Do(t, ss, show.OpDraw)
	before := ss.Eng.State()
	want := before.CurSeg().Last()
	db.Close()

	_, ss2 := f.Open(t)
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
	f.Clock = want.Deadline
	evs := rig.Do(t, ss2, show.OpTick)
	if len(evs) != 1 || evs[0].Pick.Outcome != show.NoShow {
		t.Fatalf("tick at the deadline gave %+v", evs)
	}
}

func TestFrozenBinSurvivesRestartAndExclusions(t *testing.T) {
	t.Parallel()
	f := rig.NewFixture(t)
	db, ss := f.Open(t)
	rig.Do(t, ss, show.OpDraw)
	fz := ss.Eng.State().CurSeg().Frozen
	if len(fz.Excluded) != 1 || fz.Excluded[0] != "C5" || fz.Entries != 5 || fz.Participants != 4 {
		t.Fatalf("frozen %+v: want C5 excluded, 5 entries of 4 participants", fz)
	}
	db.Close()
	// the entry file changes after the freeze: the record does not
	rig.Write(t, filepath.Join(f.Dir, "entries.csv"), rig.Entries+"T7,C7,New Person,ace\n")
	_, ss2 := f.Open(t)
	if got := ss2.Eng.State().CurSeg().Bin.FingerprintHex(); got != fz.Fingerprint {
		t.Fatalf("bin after restart %s, want %s", got, fz.Fingerprint)
	}
}

func TestChangedShowFileRefusedWhileOpen(t *testing.T) {
	t.Parallel()
	f := rig.NewFixture(t)
	db, ss := f.Open(t)
	rig.Do(t, ss, show.OpDraw)
	db.Close()
	f.Text = []byte(strings.Replace(rig.Show, "winners: 2", "winners: 3", 1))
	rig.Write(t, f.ShowPath, string(f.Text))
	db2, err := store.Open(f.DBPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db2.Close()
	sh, err := show.Parse(f.ShowPath, f.Text)
	if err != nil {
		t.Fatal(err)
	}
	_, err = session.Open(db2, sh, f.Text, session.Options{Rehearsal: true, Seed: rig.Seed, Clock: func() time.Time { return f.Clock }, Wall: func() time.Time { return f.Clock }})
	if err == nil || !strings.Contains(err.Error(), "changed since show") {
		t.Fatalf("err = %v, want the show file changed", err)
	}
}

func TestFixedSeedNeedsRehearsal(t *testing.T) {
	t.Parallel()
	f := rig.NewFixture(t)
	db, err := store.Open(f.DBPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	sh, _ := show.Parse(f.ShowPath, f.Text)
	if _, err := session.Open(db, sh, f.Text, session.Options{Seed: rig.Seed, Clock: time.Now}); err == nil || err.Error() != "a fixed seed is allowed only in a rehearsal (--rehearsal)" {
		t.Fatalf("an official show with a fixed seed: %v", err)
	}
}

func TestBadEntryFileImportsNothing(t *testing.T) {
	t.Parallel()
	f := rig.NewFixture(t)
	rig.Write(t, filepath.Join(f.Dir, "entries.csv"), rig.Entries+"T2,C9,Dup Ticket,ace\n")
	f.Over = func([]string) bool { return true } // the operator opens it over the problem
	db, ss := f.Open(t)
	_, err := ss.Do(show.Command{Op: show.OpDraw}, nil)
	var fe *entries.FileError
	if !errors.As(err, &fe) || !strings.Contains(err.Error(), "T2") {
		t.Fatalf("err = %v, want a file error naming the duplicate ticket", err)
	}
	var n int
	if err := rig.RawSQL(t, db).QueryRow(`SELECT COUNT(*) FROM entries`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("%d entry rows kept (%v), want none", n, err)
	}
	if ss.Eng.State().CurSeg().Frozen != nil {
		t.Fatal("a bin froze from a bad file")
	}
	// fixed, the same draw goes on
	rig.Write(t, filepath.Join(f.Dir, "entries.csv"), rig.Entries)
	rig.Do(t, ss, show.OpDraw)
}
