package paper_test

import (
	"strings"
	"testing"

	"drawshow/data/datatest/rig"
	"drawshow/data/paper"
	"drawshow/show"
)

const cardKeyStatementText = `promotion: Royal Flush
property: Gold Reef City
segments:
  - id: raps
    kind: bonus-jackpot
    title: Bonus Jackpot
    entries: active.csv
    winners: 1
    envelopes: ["R1 000", "R2 500"]
  - id: cash
    title: Cash Draw
    entries: cash.csv
    winners: 1
    prizes: ["R5 000"]
`

// TestStatementMatchesCardsAsListsDo: Excel dropped the zeros of the card
// in one export (RAPS's list has 35437525) and kept them in another (the
// draw's file has 0035437525). The member's statement, asked by either
// form, finds both files and the card's own bonus-jackpot win (issue 39).
func TestStatementMatchesCardsAsListsDo(t *testing.T) {
	t.Parallel()
	r := rig.NewFinale(t, cardKeyStatementText, map[string]string{
		"active.csv": "Ticket,Card,Name,Tier,Area,Spend\nSL001,35437525,Naledi Mokoena,king,Main floor,900\n",
		"cash.csv":   "Ticket,Card,Name,Tier\nT1,0035437525,Naledi Mokoena,king\nT2,0066768262,Ruan Botha,ace\nT3,0011111111,Ann Smith,queen\n",
	})
	r.Op(show.OpDraw)
	r.Op(show.OpClaim)
	r.Choose("1")
	r.Op(show.OpNext)
	r.Op(show.OpDraw)
	r.Op(show.OpClaim)
	r.Op(show.OpClose)

	for _, card := range []string{"0035437525", "35437525", "0035 4375 25"} {
		st, err := paper.StatementOf(r.DB, card)
		if err != nil {
			t.Fatal(err)
		}
		var out strings.Builder
		if err := st.WriteText(&out, "campaign.db"); err != nil {
			t.Fatal(err)
		}
		got := out.String()
		if len(st.Official)+len(st.Rehearsals) != 2 {
			t.Errorf("statement of %q: %d draw(s), want raps and cash:\n%s", card, len(st.Official)+len(st.Rehearsals), got)
		}
		for _, want := range []string{"Bonus Jackpot (raps)", "Cash Draw (cash)", "picked as pick 1 at", "device SL001: claimed in person; prize "} {
			if !strings.Contains(got, want) {
				t.Errorf("statement of %q:\n%s\nwant %q", card, got, want)
			}
		}
	}
	// a card typed with its zeros, whose file dropped them
	st, err := paper.StatementOf(r.DB, "0066768262")
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Rehearsals) != 1 {
		t.Errorf("statement of 0066768262: %d draw(s), want 1", len(st.Rehearsals))
	}
}
