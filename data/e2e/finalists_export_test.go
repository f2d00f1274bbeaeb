package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"drawshow/data/campaign"
	"drawshow/data/datatest/rig"
	"drawshow/data/entries"
	"drawshow/data/export"
	"drawshow/show"
)

// finaleOfFinalistsText is a Grand Finale whose entry file is the campaigns'
// finalists export (Royal Flush 66, 70), as the show file names it.
const finaleOfFinalistsText = `promotion: Royal Flush
property: Gold Reef City
segments:
  - id: grand-finale
    kind: royal-flush
    at: "2024-12-01T16:00"
    entries: finalists.csv
    winners: 5
    prizes: [R250 000, R100 000, R50 000, R25 000, R10 000]
`

// TestFinalistsExportIsTheFinaleEntryFile: the campaign report writes
// finalists.csv, a row a finalist (card, name, tier, property, the draw
// that made them one, the contact columns), in the columns the Royal
// Flush reads; read back as the Grand Finale's entry file it gives a bin
// of exactly those finalists, one ticket each. Two properties' exports
// put together, one header, are one file, grouped by property.
func TestFinalistsExportIsTheFinaleEntryFile(t *testing.T) {
	t.Parallel()
	f := newNightFixture(t)
	for i, p := range []string{"A", "B", "C"} { // the month-end files with a contact column
		rows := strings.Split(strings.TrimSuffix(rig.PointsCSV(p, 8), "\n"), "\n")
		rows[0] += ",Mobile"
		for j := 1; j < len(rows); j++ {
			rows[j] += fmt.Sprintf(",082 555 %d%03d", i, j)
		}
		rig.Write(t, filepath.Join(f.Dir, fmt.Sprintf("bin%d.csv", i+1)), strings.Join(rows, "\n")+"\n")
	}
	db, _ := playNight(t, f, false)
	shows, err := export.CampaignShows(db)
	if err != nil {
		t.Fatal(err)
	}
	shows[0].Rehearsal = false // the fixture's night is a rehearsal: report it as the official night it plays
	var want []string          // the finalists, from the night's picks
	for _, w := range shows[0].Winners {
		if w.Segment == "finalist" || strings.HasPrefix(w.Segment, "wild") { // the manual bin's and the wild card's draws
			want = append(want, w.Card)
		}
	}
	if len(want) != 3 {
		t.Fatalf("fixture: %d finalists, want the manual bin's 1 and the wild card's 2", len(want))
	}
	out := t.TempDir()
	if err := campaign.WriteCampaign(out, shows, nil, campaign.Dates{AsOf: time.Date(2024, 11, 25, 0, 0, 0, 0, time.UTC), Written: time.Date(2024, 11, 25, 0, 0, 0, 0, time.UTC)}, false); err != nil {
		t.Fatal(err)
	}
	grc, err := os.ReadFile(filepath.Join(out, campaign.FinalistsCSV))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(grc), "\n"), "\n")
	if lines[0] != "Card Number,Member Name,Tier,Property,Qualified,Date,Show,Segment,Pick,Mobile" || len(lines) != 4 {
		t.Fatalf("finalists.csv:\n%s", grc)
	}
	for _, l := range lines[1:] {
		if !strings.Contains(l, ",Gold Reef City,") || !strings.Contains(l, ",082 555 ") {
			t.Errorf("finalists.csv row %q: want its property and mobile", l)
		}
	}
	// Montecasino's export of its own campaign, the same layout
	mc := shows[0]
	mc.Property, mc.Winners = "Montecasino", slices.Clone(mc.Winners)
	for i := range mc.Winners {
		mc.Winners[i].Card, mc.Winners[i].Property = "7"+mc.Winners[i].Card, "Montecasino"
	}
	out2 := t.TempDir()
	if err := campaign.WriteCampaign(out2, []campaign.CampaignShow{mc}, nil, campaign.Dates{AsOf: time.Date(2024, 11, 25, 0, 0, 0, 0, time.UTC), Written: time.Date(2024, 11, 25, 0, 0, 0, 0, time.UTC)}, false); err != nil {
		t.Fatal(err)
	}
	mcb, err := os.ReadFile(filepath.Join(out2, campaign.FinalistsCSV))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, text string
		cards      []string
		properties []string
	}{
		{"one property's", string(grc), want, []string{"Gold Reef City", "Gold Reef City", "Gold Reef City"}},
		{"two properties' put together", string(mcb) + strings.SplitN(string(grc), "\n", 2)[1],
			append(slices.Clone(want), "7"+want[0], "7"+want[1], "7"+want[2]),
			[]string{"Montecasino", "Montecasino", "Montecasino", "Gold Reef City", "Gold Reef City", "Gold Reef City"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			rig.Write(t, filepath.Join(dir, "finalists.csv"), c.text)
			sh, err := show.Parse(filepath.Join(dir, "grand-finale.yaml"), []byte(finaleOfFinalistsText))
			if err != nil {
				t.Fatal(err)
			}
			seg := &sh.Segments[0]
			var props, names []string
			if _, err := entries.Read(seg.Entries, "", entries.Columns(seg.Columns), entries.NeedOf(seg), func(r entries.Row) error {
				props, names = append(props, r.Property), append(names, r.Name)
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(props, c.properties) || slices.Contains(names, "") {
				t.Errorf("properties %v, names %q", props, names)
			}
			chk, err := entries.Check(seg, nil)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, e := range chk.Bin.Entries {
				if e.Weight != 1 || e.Ticket != e.Participant {
					t.Errorf("entry %+v: a finalist has one ticket, their card", e)
				}
				got = append(got, e.Participant)
			}
			wantCards := slices.Sorted(slices.Values(c.cards))
			if !slices.Equal(got, wantCards) {
				t.Errorf("the finale's bin %v, want the finalists %v", got, wantCards)
			}
		})
	}
}
