package session_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"drawshow/data/datatest/rig"
	"drawshow/show"
)

// A whole campaign rehearsed in an afternoon (issue 25): a rehearsal
// carries over from the earlier rehearsals of its database, and from
// them only; an official show from the official shows only. So a
// rehearsed Wednesday's bonus wins give the rehearsed Saturday its
// entries, and neither the official Wednesday's nor the rehearsal's
// count for the other kind.
func TestRehearsalCampaignCarriesOver(t *testing.T) {
	t.Parallel()
	c := rig.NewCampaign(t)
	var raps, cash strings.Builder
	raps.WriteString("Machine No,Area,Card,Name,Tier,Spend\n")
	cash.WriteString("Ticket,Card,Name,Tier\n")
	for i := range 12 {
		fmt.Fprintf(&raps, "M-%02d,Main,R%02d,Member %d,ace,900\n", i, i, i)
		fmt.Fprintf(&cash, "T-%02d,R%02d,Member %d,ace\n", i, i, i) // every bonus winner printed a ticket on Saturday (RF 39-41)
	}
	rig.Write(t, filepath.Join(c.Dir, "raps.csv"), raps.String())
	rig.Write(t, filepath.Join(c.Dir, "cash.csv"), cash.String())
	rig.PlayBonus(t, c, "official-wednesday.yaml", "2024-11-27", false)
	rig.PlayBonus(t, c, "rehearsal-wednesday.yaml", "2024-11-26", true)
	rehearsedWed := rig.PlayBonus(t, c, "rehearsal-wednesday-2.yaml", "2024-11-28", true)

	earned := func(name string, rehearsal bool) ([]show.Earned, string) {
		t.Helper()
		db, ss := c.Open(t, name, rig.SaturdayText, rehearsal, time.Date(2024, 11, 30, 19, 30, 0, 0, time.UTC))
		defer db.Close()
		evs, err := ss.Do(show.Command{Op: show.OpFreeze}, nil)
		if err != nil {
			t.Fatal(err)
		}
		ids := map[string]string{}
		rows, _ := db.Shows()
		for _, r := range rows {
			ids[filepath.Base(r.File)] = r.ID
		}
		return evs[len(evs)-1].Frozen.Earned, ids["rehearsal-wednesday-2.yaml"] + " " + ids["rehearsal-wednesday.yaml"] + " " + ids["official-wednesday.yaml"]
	}
	got, ids := earned("rehearsal-saturday.yaml", true)
	ws := strings.Fields(ids)
	want := []show.Earned{{Show: ws[0], Segment: "bonus", Wins: len(rehearsedWed), Entries: uint64(3 * len(rehearsedWed))}, {Show: ws[1], Segment: "bonus", Wins: 3, Entries: 9}}
	slices.SortFunc(got, func(a, b show.Earned) int { return strings.Compare(a.Show, b.Show) })
	slices.SortFunc(want, func(a, b show.Earned) int { return strings.Compare(a.Show, b.Show) })
	if !slices.Equal(got, want) {
		t.Errorf("the rehearsed Saturday earned %+v, want the rehearsed Wednesdays' %+v", got, want)
	}
	if got, _ := earned("official-saturday.yaml", false); !slices.Equal(got, []show.Earned{{Show: ws[2], Segment: "bonus", Wins: 3, Entries: 9}}) {
		t.Errorf("the official Saturday earned %+v, want the official Wednesday's alone (%s)", got, ws[2])
	}
}
