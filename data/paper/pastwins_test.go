package paper_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"drawshow/data/datatest/rig"
	"drawshow/data/paper"
	"drawshow/show"
)

// TestStatementCountsBonusEntries: a card's statement counts its bonus
// entries beside its entry file's tickets: "4 of N in the draw (1 from
// the entry file and 3 bonus entries for 1 bonus-jackpot win(s))". It
// said 1 of N: the record's entries were not the card's rows.
func TestStatementCountsBonusEntries(t *testing.T) {
	t.Parallel()
	c := rig.NewCampaign(t)
	var raps, cash strings.Builder
	raps.WriteString("Machine No,Area,Card,Name,Tier,Spend\n")
	cash.WriteString("Ticket,Card,Name,Tier\n")
	for i := range 6 {
		fmt.Fprintf(&raps, "M-%02d,Main,R%02d,Member %d,ace,900\n", i, i, i)
		fmt.Fprintf(&cash, "T-%02d,R%02d,Member %d,ace\n", i, i, i) // every bonus winner printed a ticket
	}
	rig.Write(t, filepath.Join(c.Dir, "raps.csv"), raps.String())
	rig.Write(t, filepath.Join(c.Dir, "cash.csv"), cash.String())
	wed := rig.PlayBonus(t, c, "wednesday.yaml", "2024-11-27", true)
	db, ss := c.Open(t, "saturday.yaml", rig.SaturdayText, true, time.Date(2024, 11, 30, 19, 30, 0, 0, time.UTC))
	if _, err := ss.Do(show.Command{Op: show.OpFreeze}, nil); err != nil {
		t.Fatal(err)
	}
	total := ss.Eng.State().CurSeg().Frozen.TotalWeight
	st, err := paper.StatementOf(db, wed[0])
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := st.WriteText(&b, "campaign.db"); err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("4 of %s in the draw (1 from the entry file and 3 bonus entries for 1 bonus-jackpot win(s))", show.Thousands(total))
	if !strings.Contains(b.String(), want) {
		t.Fatalf("the statement of %s:\n%s\nwant %q", wed[0], b.String(), want)
	}
}
