package paper_test

import (
	"path/filepath"
	"strings"
	"testing"

	"drawshow/data/datatest/rig"
	"drawshow/data/paper"
)

const assumeShow = `promotion: Royal Flush
property: Gold Reef City
exclusions: exclusions.csv
desk: {where: "Rewards Desk, main casino floor"}
segments:
  - id: wed
    kind: bonus-jackpot
    title: Bonus Jackpot
    entries: raps.csv
    winners: 2
    envelopes: ["R1 000", "R2 500"]
    min_spend: {ace: 500, king: 750}
  - id: sat
    title: Saturday Cash Draw
    at: "2024-11-30T21:30"
    entries: cash.csv
    tickets: points
    points_per_ticket: 300
    cap: {ace: 4, king: 4}
    winners: 2
    prizes: ["R5 000", "R2 000"]
    printed_until: "21:25"
    bonus_entries: {from: [wed], per_win: 5, since: 2024-11-01}
`

// TestSheetSaysWhatTheShowFileAssumes: where the terms are blank (the
// minimum spend per tier, the entries a bonus win earns, the prizes, the
// tickets rule, the print-time cut-off), the pre-show sheet prints what
// the show file decided, for the manager to sign as their reading of the
// terms before the show (issue 39).
func TestSheetSaysWhatTheShowFileAssumes(t *testing.T) {
	t.Parallel()
	r := rig.NewFinale(t, assumeShow, map[string]string{
		"raps.csv":       "Ticket,Card,Name,Tier,Area,Spend\nSL001,0060010001,Ann,ace,Main,900\n",
		"cash.csv":       "Ticket,Card,Name,Tier,Points,Printed\nT1,0060010001,Ann,ace,900,2024-11-30 20:00\n",
		"exclusions.csv": "Card\n0060019999\n",
	})
	path := filepath.Join(t.TempDir(), "sheet.pdf")
	if err := paper.WriteSheet(r.SS, path); err != nil {
		t.Fatal(err)
	}
	sheet := rig.Squeeze(strings.Join(rig.PDFPages(t, path), "\n"))
	for _, want := range []string{
		"What the show file assumes",
		"a winner has 90 seconds to claim after the announcement",
		"the exclusions list exclusions.csv keeps its cards out of every draw and off every leaderboard",
		"prizes owed are collected at Rewards Desk, main casino floor",
		"minimum spend: ace R500, king R750",
		"tickets: tickets = points ÷ 300; cap per participant: ace 4, king 4",
		"prizes: R5 000, R2 000",
		"bonus entries: 5 a win of wed, from 2024-11-01, to a winner with an entry that day",
		"tickets printed until 21:25 on the draw's day",
		"The promotions manager signs too that what the show file assumes is the promotion's terms as read",
	} {
		if !strings.Contains(sheet, rig.Squeeze(want)) {
			t.Errorf("the sheet does not say %q:\n%s", want, sheet)
		}
	}
}
