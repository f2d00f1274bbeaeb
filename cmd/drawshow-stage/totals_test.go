package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"drawshow/data/session"
	"drawshow/data/store"
	"drawshow/data/witness"
	"drawshow/scenes"
	"drawshow/show"
	"drawshow/show/keys"
)

const totalsShow = `promotion: Royal Flush
property: Gold Reef City
segments:
  - id: cash
    entries: entries.csv
    prizes: ["R5 000", "R2 000"]
  - id: kind
    entries: entries.csv
    prizes: ["Weekend away"]
    attendance: not-required
`

// TestConsoleTotals: the console's run sheet gives each draw's prizes won
// and the view the night's, as the exports add them up, and each draw's
// redraws with their reasons.
func TestConsoleTotals(t *testing.T) {
	var rows strings.Builder
	rows.WriteString("Ticket,Card,Name,Tier\n")
	for i := range 10 {
		fmt.Fprintf(&rows, "T%d,C%d,Member %d,ace\n", i, i, i)
	}
	clock := time.Date(2024, 11, 30, 19, 0, 0, 0, time.UTC)
	l, ss := totalsLink(t, rows.String(), func() time.Time { return clock })
	if v := l.view(scenes.Controls{State: ss.Eng.State()}); v.Totals != "" || v.RunSheet[0].Totals != "" {
		t.Errorf("totals before any draw: %q, %q", v.Totals, v.RunSheet[0].Totals)
	}
	for _, op := range []show.Op{show.OpDraw, show.OpClaim, show.OpDraw, show.OpForfeit, show.OpDraw, show.OpClaim, show.OpNext, show.OpDraw} {
		clock = clock.Add(5 * time.Second)
		if _, err := ss.Do(show.Command{Op: op}, nil); err != nil {
			t.Fatalf("%s: %v", op, err)
		}
	}
	v := l.view(scenes.Controls{State: ss.Eng.State()})
	want := map[string]string{
		"cash":  "2 winners: " + show.Money("ZAR", 7000) + " cash",
		"kind":  "1 winner: " + show.Money("ZAR", 0) + " cash; 1 prize in kind",
		"night": "3 winners: " + show.Money("ZAR", 7000) + " cash; 1 prize in kind",
	}
	if v.RunSheet[0].Totals != want["cash"] || v.RunSheet[1].Totals != want["kind"] || v.Totals != want["night"] {
		t.Errorf("totals %q, %q, night %q; want %q", v.RunSheet[0].Totals, v.RunSheet[1].Totals, v.Totals, want)
	}
	if got, want := v.RunSheet[0].Redraws, "redraws 1: 1 forfeit (not the rightful owner of the card)"; got != want {
		t.Errorf("the run sheet's redraws %q, want %q", got, want)
	}
	if v.RunSheet[1].Redraws != "" || len(v.RunSheet[0].Warnings) != 0 {
		t.Errorf("redraws %q, warnings %q", v.RunSheet[1].Redraws, v.RunSheet[0].Warnings)
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"totals":"3 winners:`) {
		t.Errorf("the page is sent %s", b)
	}
}

// totalsLink opens a rehearsal of totalsShow over the entry file rows,
// on the clock now, and the console's link to it with its feed.
func totalsLink(t *testing.T, rows string, now func() time.Time) (*consoleLink, *session.Session) {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "entries.csv"), []byte(rows), 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "show.yaml")
	if err := os.WriteFile(path, []byte(totalsShow), 0o644); err != nil {
		t.Fatal(err)
	}
	sh, err := show.Parse(path, []byte(totalsShow))
	if err != nil {
		t.Fatal(err)
	}
	db, err := store.Open(filepath.Join(dir, "campaign.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	ss, err := session.Open(db, sh, []byte(totalsShow), session.Options{Rehearsal: true, Seed: make([]byte, 32), Clock: now})
	if err != nil {
		t.Fatal(err)
	}
	feed, err := witness.Start(db, ss.ID, keys.Public{}, "", io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	return &consoleLink{ss: ss, sh: sh, now: now, feed: feed}, ss
}
