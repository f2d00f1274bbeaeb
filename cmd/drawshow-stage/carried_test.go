package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"drawshow/cmd/internal/cli"
	"drawshow/data/session"
	"drawshow/data/store"
	"drawshow/data/witness"
	"drawshow/scenes"
	"drawshow/show"
	"drawshow/show/keys"
)

// TestConsoleListsWhatIsCarried: a rehearsal campaign's Wednesday bonus
// night feeds Saturday's cash draw; Saturday's console lists, among its
// notices, what the show carries from Wednesday with the source's
// anchors, and how the show runs (issue 25: name the sources).
func TestConsoleListsWhatIsCarried(t *testing.T) {
	dir := t.TempDir()
	var raps, cash strings.Builder
	raps.WriteString("Machine No,Area,Card,Name,Tier,Spend\n")
	cash.WriteString("Ticket,Card,Name,Tier\n")
	for i := range 12 {
		fmt.Fprintf(&raps, "M-%02d,Main,R%02d,Member %d,ace,900\n", i, i, i)
		fmt.Fprintf(&cash, "T-%02d,R%02d,Member %d,ace\n", i, i+6, i+6)
	}
	files := map[string]string{"raps.csv": raps.String(), "cash.csv": cash.String(),
		"wednesday.yaml": `promotion: Royal Flush
property: Gold Reef City
segments:
  - id: bonus
    kind: bonus-jackpot
    entries: raps.csv
    windows: ["2024-11-27 18:00-19:00"]
    winners: 3
    attendance: not-required
    envelopes: [R1 000, R2 000]
`,
		"saturday.yaml": `promotion: Royal Flush
property: Gold Reef City
segments:
  - id: cash
    at: "2024-11-30T21:30"
    entries: cash.csv
    winners: 2
    win_once: day
    attendance: not-required
    bonus_entries: {from: [bonus], per_win: 3, since: 2024-11-25}
`}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	db, err := store.Open(filepath.Join(dir, "campaign.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	open := func(name string, at time.Time) (*session.Session, func(show.Command)) {
		t.Helper()
		text := []byte(files[name])
		sh, err := show.Parse(filepath.Join(dir, name), text)
		if err != nil {
			t.Fatal(err)
		}
		clock := func() time.Time { return at }
		ss, err := session.Open(db, sh, text, session.Options{Rehearsal: true, Seed: make([]byte, 32), Clock: clock})
		if err != nil {
			t.Fatal(err)
		}
		return ss, func(c show.Command) {
			t.Helper()
			at = at.Add(10 * time.Second)
			if _, err := ss.Do(c, nil); err != nil {
				t.Fatalf("%s: %v", c.Op, err)
			}
		}
	}
	wed, do := open("wednesday.yaml", time.Date(2024, 11, 27, 16, 10, 0, 0, time.UTC)) // 18:10 in Johannesburg
	for !wed.Eng.State().CurSeg().Drawn() {
		do(show.Command{Op: show.OpDraw})
		do(show.Command{Op: show.OpChoose, Text: "1"})
	}
	do(show.Command{Op: show.OpClose})

	sat, do := open("saturday.yaml", time.Date(2024, 11, 30, 19, 30, 0, 0, time.UTC))
	do(show.Command{Op: show.OpFreeze})
	feed, err := witness.Start(sat.DB, sat.ID, keys.Public{}, "", io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	l, err := startConsole(cli.Stage{Console: "127.0.0.1:0", NoBrowser: true}, sat, feed, sat.Eng.Now, io.Discard, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer l.srv.Close()
	v := l.view(scenes.Controls{State: sat.Eng.State()})
	all := strings.Join(v.Notices, "\n")
	if !strings.Contains(all, "Carried over from show "+wed.ID+" (2024-11-27): ") || !strings.Contains(all, "; anchors "+wed.ID+" ") {
		t.Errorf("the console's notices do not name the source:\n%s", all)
	}
	if !strings.Contains(all, "Run: ") {
		t.Errorf("the console's notices do not say how the show runs:\n%s", all)
	}
}
