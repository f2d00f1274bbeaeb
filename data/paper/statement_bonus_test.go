package paper_test

import (
	"fmt"
	"strings"
	"testing"

	"drawshow/data/datatest/rig"
	"drawshow/data/paper"
	"drawshow/show"
)

const bonusStatementText = `promotion: Bonus Jackpot
property: Gold Reef City
exclusions: exclusions.csv
segments:
  - id: raps
    kind: bonus-jackpot
    title: Bonus Jackpot
    entries: active.csv
    winners: 2
    envelopes: ["R1 000", "R2 500"]
    min_spend: {ace: 500, king: 500, queen: 500}
    exclude_areas: [Staff room]
`

// TestStatementBonus: a bonus winner's statement says the device and the
// win, not "no ticket"; a self-excluded member says excluded, whether or
// not their spend qualified; a player under the minimum spend, at an
// excluded area or device, says which rule kept them out.
func TestStatementBonus(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("Ticket,Card,Name,Tier,Area,Spend\n")
	for i := range 20 {
		fmt.Fprintf(&b, "SL%03d,P%02d,Player %02d,king,Main floor,%d\n", i, i, i, 600+i)
	}
	b.WriteString("SL900,X01,Self Excluded,king,Main floor,900\n")     // qualifies, but on the list
	b.WriteString("SL901,X02,Self Excluded Low,king,Main floor,100\n") // on the list and under the spend
	b.WriteString("SL902,L01,Low Spender,king,Main floor,180\n")
	b.WriteString("SL903,S01,Staff Room,king,Staff room,900\n")
	r := rig.NewFinale(t, bonusStatementText, map[string]string{"active.csv": b.String(), "exclusions.csv": "Card\nX01\nX02\n"})
	r.Op(show.OpDraw)
	r.Op(show.OpClaim)
	r.Choose("1")
	r.Op(show.OpDraw)
	r.Op(show.OpClaim)
	r.Choose("2")
	r.Op(show.OpClose)
	winner := r.SS.Eng.State().Seg("raps").Picks[0]

	text := func(card string) string {
		t.Helper()
		st, err := paper.StatementOf(r.DB, card)
		if err != nil {
			t.Fatal(err)
		}
		var out strings.Builder
		if err := st.WriteText(&out, "campaign.db"); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	for card, want := range map[string][]string{
		winner.Participant: {"Tickets:     1 of 20 in the draw (device " + winner.Ticket + ")", "picked as pick 1 at", "device " + winner.Ticket + ": claimed in person; prize "},
		"X01":              {"not eligible: excluded (the card is on the show's exclusions list)"},
		"X02":              {"not eligible: excluded (the card is on the show's exclusions list)"},
		"L01":              {"not eligible: not qualified (spend " + show.Money("ZAR", 180) + " below the " + show.Money("ZAR", 500) + " a king needs)"},
		"S01":              {"not eligible: not qualified (the device's area, Staff room, is excluded from bonusing)"},
	} {
		got := text(card)
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("statement of %s:\n%s\nwant %q", card, got, w)
			}
		}
		if strings.Contains(got, "no ticket in the bin") {
			t.Errorf("statement of %s says no ticket:\n%s", card, got)
		}
	}
}
