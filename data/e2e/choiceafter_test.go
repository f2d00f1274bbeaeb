package e2e

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"drawshow/data/datatest/rig"
	"drawshow/data/export"
	"drawshow/data/verify"
	"drawshow/data/verifydb"
	"drawshow/show"
)

// TestChoiceWitnessInTheRecord: an official each-draw chest whose balls
// are decided after each choice, by the witness typed after it. The
// record names each choice's witness, no jackpot-ball small draw is
// listed, and verify of the export re-derives every ball from the seed
// revealed at close.
func TestChoiceWitnessInTheRecord(t *testing.T) {
	t.Parallel()
	c := rig.NewCampaign(t)
	var b strings.Builder
	b.WriteString("Card Number,Member Name,Tier,Points\n")
	for i := range 30 {
		fmt.Fprintf(&b, "%d,Member %d,Ace,%d\n", 6001000100+i*7919, i, 150+i*37)
	}
	rig.Write(t, filepath.Join(c.Dir, "chest.csv"), b.String())
	text := `promotion: Summer Festivo Prize Splash
property: Montecasino
witness: each-draw
segments:
  - id: chest
    kind: jackpot-chest
    entries: chest.csv
    tickets: points
    points_per_ticket: 100
    cap: {ace: 4, king: 4, queen: 3, jack: 1, ten: 1}
    winners: 3
    attendance: not-required
    jackpot: {name: test-chest, guaranteed: true}
`
	db, ss := c.Open(t, "show.yaml", text, false, time.Date(2024, 11, 30, 19, 30, 0, 0, time.UTC))
	do := func(c show.Command) {
		t.Helper()
		if _, err := ss.Do(c, nil); err != nil {
			t.Fatalf("%s %q: %v", c.Op, c.Text, err)
		}
	}
	do(show.Command{Op: show.OpDraw, Early: true})
	do(show.Command{Op: show.OpWitness, Text: "6 6"})
	for !ss.Eng.State().CurSeg().Drawn() {
		do(show.Command{Op: show.OpDraw, Early: true})
	}
	for i, ball := range []string{"01", "02", "03"} {
		if ss.Eng.State().CurSeg().Chooser() == nil {
			break // the jackpot won: the rest are paid the consolation
		}
		do(show.Command{Op: show.OpChoose, Text: ball})
		do(show.Command{Op: show.OpWitness, Text: fmt.Sprint(i + 1)})
	}
	do(show.Command{Op: show.OpClose})
	if r, err := verifydb.Check(db); err != nil || len(r.Problems) > 0 {
		t.Fatalf("verify --db: %v %q", err, r.Problems)
	}
	out := t.TempDir()
	rec, err := export.Write(db, ss.ID, out)
	if err != nil {
		t.Fatal(err)
	}
	if ch := rec.Draws[0].Picks[0].Choice; ch == nil || ch.Witness != "1" || ch.Item != "01" {
		t.Errorf("record.json's first choice %+v", ch)
	}
	for _, d := range rec.SmallDraws {
		if d.Of == "chest" {
			t.Errorf("a jackpot ball fixed at the freeze is listed: %+v", d)
		}
	}
	r, err := verify.Dir(out)
	if err != nil || len(r.Problems) > 0 {
		t.Fatalf("verify: %v %q", err, r.Problems)
	}
	if r.Choices == 0 {
		t.Errorf("verify re-derived no choice: %+v", r)
	}
}
