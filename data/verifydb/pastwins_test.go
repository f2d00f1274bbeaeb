package verifydb_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"drawshow/data/datatest/rig"
	"drawshow/data/verifydb"
	"drawshow/show"
)

// A Wednesday bonus night feeds the Saturday cash draw in one campaign
// database: the Saturday bin holds three entries for each of Wednesday's
// wins, from the record; last week's and a rehearsal's do not count; and
// verify --db rebuilds the bin from the same record.
func TestBonusEntriesAcrossShows(t *testing.T) {
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
	rig.PlayBonus(t, c, "last-week.yaml", "2024-11-20", false)
	rig.PlayBonus(t, c, "rehearsal.yaml", "2024-11-26", true)
	wed := rig.PlayBonus(t, c, "wednesday.yaml", "2024-11-27", false)

	db, ss := c.Open(t, "saturday.yaml", rig.SaturdayText, false, time.Date(2024, 11, 30, 19, 30, 0, 0, time.UTC))
	evs, err := ss.Do(show.Command{Op: show.OpFreeze}, nil)
	if err != nil {
		t.Fatal(err)
	}
	f := evs[len(evs)-1].Frozen
	wedID := ""
	rows, _ := db.Shows()
	for _, r := range rows {
		if strings.Contains(r.File, "wednesday") {
			wedID = r.ID
		}
	}
	if want := []show.Earned{{Show: wedID, Segment: "bonus", Wins: 3, Entries: 9}}; !slices.Equal(f.Earned, want) {
		t.Fatalf("earned %+v, want %+v", f.Earned, want)
	}
	for k, card := range wed {
		b := ss.Eng.State().CurSeg().Bin
		i := slices.IndexFunc(b.Entries, func(e show.Entry) bool { return e.Ticket == show.EarnedTicket(wedID, "bonus", k) })
		if i < 0 || b.Entries[i].Participant != card || b.Entries[i].Weight != 3 {
			t.Errorf("Wednesday's pick %d (%s) has no entry of weight 3 in the cash bin", k+1, card)
		}
	}
	for range 2 {
		if _, err := ss.Do(show.Command{Op: show.OpDraw}, nil); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := ss.Do(show.Command{Op: show.OpClose}, nil); err != nil {
		t.Fatal(err)
	}
	r, err := verifydb.Check(db)
	if err != nil || len(r.Problems) > 0 {
		t.Fatalf("verify --db: %v %q", err, r.Problems)
	}

	// an insider who removes a Wednesday win from the record is found out
	// on the Saturday draw too, not only on Wednesday's chain
	for _, q := range []string{`DROP TRIGGER journal_no_update`, `DROP TRIGGER journal_no_delete`} {
		if _, err := rig.RawSQL(t, db).Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := rig.RawSQL(t, db).Exec(`UPDATE journal SET payload = REPLACE(payload, '"outcome":"to-contact"', '"outcome":"void"') WHERE show = ? AND kind = ?`, wedID, string(show.PickDecided)); err != nil {
		t.Fatal(err)
	}
	r, err = verifydb.Check(db)
	if err != nil {
		t.Fatal(err)
	}
	var sat bool
	for _, p := range r.Problems {
		sat = sat || strings.Contains(p, ss.ID)
	}
	if !sat {
		t.Errorf("verify after Wednesday's wins were edited names no problem with %s: %q", ss.ID, r.Problems)
	}
}
