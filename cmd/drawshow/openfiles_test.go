package main

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"drawshow/cmd/internal/cli"
	"drawshow/data/store"
	"drawshow/show"
)

// run --headless refuses to open a show whose entry file is there and
// broken: exit status 2, the file and row named, nothing recorded. A file
// not there yet (a later draw's export) is only a warning.
func TestRunRefusesBrokenFilesAtOpen(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "entries.csv", "Ticket,Card,Name\nT1,6001,Thabo Mokoena\nT2,6002,Zo\u00eb Botha\nT3,60\u200b02,Look Alike\nT3,6004,Sipho Nkosi\n")
	text := "promotion: Royal Flush\nproperty: Gold Reef City\nsegments:\n  - {id: cash, entries: entries.csv}\n  - {id: later, entries: later-export.csv}\n"
	showFile := writeFile(t, dir, "show.yaml", text)
	db := filepath.Join(dir, "campaign.db")
	_, stderr, err := drawshow(t, "close\n", "run", showFile, "--db", db, "--headless", "--actions", "-", "--rehearsal")
	var ex *cli.ExitError
	if !errors.As(err, &ex) || ex.Code != 2 || !strings.Contains(err.Error(), "entries.csv") || !strings.Contains(err.Error(), "T3") {
		t.Fatalf("run: %v (stderr %q), want exit 2 naming the file and the ticket", err, stderr)
	}
	if d, err := store.Open(db); err == nil {
		if shows, err := d.Shows(); err != nil || len(shows) != 0 {
			t.Errorf("a refused open recorded %+v (%v)", shows, err)
		}
		d.Close()
	}

	writeFile(t, dir, "entries.csv", "Ticket,Card,Name\nT1,6001,Thabo Mokoena\nT2,6002,Zo\u00eb Botha\n")
	_, stderr, err = drawshow(t, "skip its file comes later\nnext\nskip not tonight\nclose\n", "run", showFile, "--db", db, "--headless", "--actions", "-", "--rehearsal")
	if err != nil || !strings.Contains(stderr, "warning: segment later entry file "+filepath.Join(dir, "later-export.csv")+": no such file") {
		t.Fatalf("run with a later export not there yet: %v\n%s", err, stderr)
	}
}

// A resumed headless run goes on only from the file it ran: one whose
// lines so far differ stops at the first that does, and one cut short
// says so; nothing is done by either. The file it ran, with more lines,
// goes on.
func TestResumeWithAnotherActionFile(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "campaign.db")
	ran := writeFile(t, dir, "ran.txt", "draw\n# the first winner\nclaim\ndraw\n")
	if _, stderr, err := drawshow(t, "", runArgs(crashShow, db, ran)...); err != nil {
		t.Fatalf("the first run: %v\n%s", err, stderr)
	}
	before := readJournal(t, db)
	other := writeFile(t, dir, "other.txt", "draw\n# another comment is no matter\nforfeit\ndraw\nclaim\n")
	_, _, err := drawshow(t, "", runArgs(crashShow, db, other)...)
	if err == nil || !strings.Contains(err.Error(), other+" line 3 is not the line show ") {
		t.Fatalf("a resume with another file: %v", err)
	}
	short := writeFile(t, dir, "short.txt", "draw\n")
	if _, _, err := drawshow(t, "", runArgs(crashShow, db, short)...); err == nil || !strings.Contains(err.Error(), short+" has 1 line(s); show ") {
		t.Fatalf("a resume with a file cut short: %v", err)
	}
	sameJournal(t, readJournal(t, db), before)
	more := writeFile(t, dir, "more.txt", "draw\n# the first winner\nclaim\ndraw\nclaim\n")
	if _, stderr, err := drawshow(t, "", runArgs(crashShow, db, more)...); err != nil || !strings.Contains(stderr, "resumed show") {
		t.Fatalf("a resume with the file it ran and more: %v\n%s", err, stderr)
	}
	if j := readJournal(t, db); len(j) != len(before)+2 || j[len(before)].kind != string(show.Resumed) {
		t.Fatalf("%d events after the resume, want %d (the restart, the claim)", len(j), len(before)+2)
	}
}
