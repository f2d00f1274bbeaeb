package session_test

import (
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"drawshow/data/datatest/rig"
	"drawshow/data/session"
	"drawshow/data/store"
	"drawshow/show"
)

// A show whose entry file is broken is refused at open, naming the file
// and row, and nothing is recorded; one the operator opens over its
// problems keeps them in the record, and a file not there yet (a later
// draw's export) is a warning.
func TestOpenChecksEveryFile(t *testing.T) {
	t.Parallel()
	f := rig.NewFixture(t)
	f.Text = []byte(strings.Replace(rig.Show, "  - id: late\n    at: \"2024-11-30T22:30\"\n    entries: entries.csv",
		"  - id: late\n    at: \"2024-11-30T22:30\"\n    entries: later-export.csv", 1))
	rig.Write(t, f.ShowPath, string(f.Text))
	rig.Write(t, filepath.Join(f.Dir, "entries.csv"), rig.Entries+"T7,C\u202e7,Reversed Card,ace\n")
	db, err := store.Open(f.DBPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	sh, err := show.Parse(f.ShowPath, f.Text)
	if err != nil {
		t.Fatal(err)
	}
	open := func(over func([]string) bool) (*session.Session, error) {
		return session.Open(db, sh, f.Text, session.Options{Rehearsal: true, Seed: rig.Seed, Clock: func() time.Time { return f.Clock }, Wall: func() time.Time { return f.Clock }, OverProblems: over})
	}
	var asked []string
	for _, over := range []func([]string) bool{nil, func(p []string) bool { asked = p; return false }} {
		_, err := open(over)
		var fp *session.FileProblems
		if !errors.As(err, &fp) || len(fp.Problems) != 1 || !strings.Contains(err.Error(), "entries.csv") || !strings.Contains(err.Error(), "row 8") || !strings.Contains(err.Error(), "nothing was recorded") {
			t.Fatalf("open: %v, want the broken entry file named with its row", err)
		}
		if shows, err := db.Shows(); err != nil || len(shows) != 0 {
			t.Fatalf("a refused open recorded %+v (%v)", shows, err)
		}
	}
	if len(asked) != 1 || !strings.Contains(asked[0], "entries.csv") {
		t.Fatalf("the operator was shown %q", asked)
	}
	ss, err := open(func([]string) bool { return true })
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(ss.Eng.State().Opened.FileProblems, asked) {
		t.Fatalf("recorded %q, the operator saw %q", ss.Eng.State().Opened.FileProblems, asked)
	}
	if len(ss.Missing) != 1 || !strings.Contains(ss.Missing[0], "later-export.csv: no such file") {
		t.Fatalf("missing %q, want the later export named", ss.Missing)
	}
	// the record replays with the problems it opened over
	db.Close()
	if db, err = store.Open(f.DBPath); err != nil {
		t.Fatal(err)
	}
	again, err := open(nil)
	if err != nil || !again.Resumed || len(again.Eng.State().Opened.FileProblems) != 1 {
		t.Fatalf("resume: %v", err)
	}
}

// An entry file with a header and no rows is a problem, not an empty bin.
func TestCheckShowEmptyBin(t *testing.T) {
	t.Parallel()
	f := rig.NewFixture(t)
	rig.Write(t, filepath.Join(f.Dir, "entries.csv"), "Ticket,Card,Name,Tier\n")
	sh, err := show.Parse(f.ShowPath, f.Text)
	if err != nil {
		t.Fatal(err)
	}
	c := session.CheckShow(sh)
	if len(c.Problems) == 0 || !strings.Contains(errors.Join(c.Problems...).Error(), "entries.csv") {
		t.Fatalf("problems %v", c.Problems)
	}
}
