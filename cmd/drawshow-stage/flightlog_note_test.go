package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"drawshow/console"
	"drawshow/flightlog"
	"drawshow/scenes"
	"drawshow/show"
)

// TestLogNotesKeepTypedNamesOut: what the stage and the console hand the
// log (a proxy's name typed, who typed a wild card's numbers, a refusal
// quoting them or naming them bare) is logged without them; the clock's
// step is logged with its size.
func TestLogNotesKeepTypedNamesOut(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	fl, err := flightlog.Open(flightlog.Path(db), flightlog.Config{})
	if err != nil {
		t.Fatal(err)
	}
	note, desk := logNote(fl), logConsole(fl)
	proxy := show.Command{Op: show.OpProxy, Text: "Sipho Dlamini", ID: "8001015009087"}
	note(scenes.Note{Kind: scenes.NoteKey, From: "keyboard", Key: "Enter", Field: "proxy", Scene: "countdown", Sent: &proxy, Told: `Recording the proxy "Sipho Dlamini"…`})
	note(scenes.Note{Kind: scenes.NoteResult, Scene: "countdown", Command: proxy,
		Err: &show.Refusal{Reason: "sat-cash: Sipho Dlamini already stood for another participant tonight; a nominee may stand for one participant only"}})
	note(scenes.Note{Kind: scenes.NoteLine, From: "console", Line: show.OpNumbers, Scene: "numbers",
		Command: show.Command{Op: show.OpNumbers, Numbers: []int{2, 4}, Text: "Thandi Zulu"}})
	desk(console.Note{Kind: console.NoteAct, Remote: "127.0.0.1:5000", What: "proxy", Refusal: `Refused: the proxy "Sipho Dlamini" holds U+202E`, Typed: []string{"Sipho Dlamini", "8001015009087", ""}})
	logSteps(fl, func() (time.Duration, bool) { return -10 * time.Minute, true })()
	fl.Close()

	b, err := os.ReadFile(flightlog.Path(db))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"Sipho", "Dlamini", "Thandi", "Zulu", "8001015009087"} {
		if strings.Contains(string(b), s) {
			t.Errorf("the log holds %q:\n%s", s, b)
		}
	}
	var got []string
	flightlog.Read(db, time.Time{}, func(r flightlog.Record) error {
		if r.Fields[flightlog.RunField] != fl.Run() {
			t.Errorf("a record of another run: %+v", r)
		}
		delete(r.Fields, flightlog.RunField) // every record's, checked above
		got = append(got, r.Format(time.UTC)[24:])
		return nil
	})
	want := []string{
		`INFO  key  field=proxy  from=keyboard  key=Enter  scene=countdown  sent=proxy  told="Recording the proxy \"…\"…"`,
		`WARN  action refused  from=stage  id_typed=true  name_typed=true  op=proxy  refusal="sat-cash: the nominee already stood for another participant tonight; a nominee may stand for one participant only"  scene=countdown`,
		`INFO  console action  from=console  numbers=[2,4]  op=numbers  scene=numbers`,
		`WARN  console asked, refused  action=proxy  refusal="Refused: the proxy \"…\" holds U+202E"  remote=127.0.0.1:5000`,
		`WARN  system clock stepped  note="the show keeps its own time: no countdown changed"  step_s=-600`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the log reads\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestHitchesCountedOnceASecond: gaps over 50 ms between frames are
// counted, and said at most once a second with the worst; smooth frames
// say nothing.
func TestHitchesCountedOnceASecond(t *testing.T) {
	var h hitches
	at := time.Date(2026, 12, 1, 21, 30, 0, 0, time.UTC)
	type said struct {
		n     int
		worst time.Duration
	}
	var got []said
	step := func(d time.Duration) {
		at = at.Add(d)
		if n, w, ok := h.frame(at); ok {
			got = append(got, said{n, w})
		}
	}
	for range 120 {
		step(16 * time.Millisecond) // two seconds of smooth frames
	}
	step(80 * time.Millisecond) // the first hitch is said at once
	step(16 * time.Millisecond)
	step(120 * time.Millisecond) // within the second: counted
	step(60 * time.Millisecond)
	step(50 * time.Millisecond) // not over 50 ms
	for range 70 {
		step(16 * time.Millisecond) // the two are said once a second has passed
	}
	step(51 * time.Millisecond)
	for range 70 {
		step(16 * time.Millisecond)
	}
	want := []said{{1, 80 * time.Millisecond}, {2, 120 * time.Millisecond}, {1, 51 * time.Millisecond}}
	if !slices.Equal(got, want) {
		t.Fatalf("said %v, want %v", got, want)
	}
}
