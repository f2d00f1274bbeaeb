package e2e

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"drawshow/data/datatest/rig"
	"drawshow/data/entries"
	"drawshow/show"
)

func TestCheckFinaleKinds(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	text := `promotion: Royal Flush
property: Gold Reef City
segments:
  - {id: nov, kind: month-end, tickets: points, points_per_ticket: 300, bins: [{entries: bin1.csv}]}
  - {id: finalist, kind: manual-bin, from: [nov]}
  - {id: wild, kind: wild-card, from: [nov], winners: 1}
  - {id: finale, kind: royal-flush, entries: finalists.csv, from: [finalist], prizes: [a, b, c, d, e]}
  - {id: plain, kind: royal-flush, entries: plain.csv, prizes: [a, b, c, d, e]}
  - id: raps
    kind: bonus-jackpot
    entries: raps.csv
    tiers: [ace, queen]
    min_spend: {ace: 600, queen: 200}
    exclude_devices: [M-09, M-99]
    exclude_areas: [Smokng]
    envelopes: [R1, R2]
`
	rig.Write(t, filepath.Join(dir, "show.yaml"), text)
	rig.Write(t, filepath.Join(dir, "bin1.csv"), rig.PointsCSV("A", 6))
	rig.Write(t, filepath.Join(dir, "finalists.csv"), "Card,Name,Property\nM1,a,Montecasino\nM2,b,Montecasino\nM3,c,Montecasino\nE1,d,Emperors Palace\nE2,e,Emperors Palace\n")
	rig.Write(t, filepath.Join(dir, "plain.csv"), "Card,Name\nM1,a\nM2,b\n")
	rig.Write(t, filepath.Join(dir, "raps.csv"), "Device,Area,Card,Name,Tier,Spend\n"+
		"M-01,Main,1,a,ace,600\nM-02,Main,2,b,queen,150\nM-09,Prive,3,c,ace,900\nS-01,Smoking,4,d,queen,300\nM-03,Prive,5,e,king,900\n")
	sh, err := show.Parse(filepath.Join(dir, "show.yaml"), []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	seg := func(id string) *show.Segment {
		for i := range sh.Segments {
			if sh.Segments[i].ID == id {
				return &sh.Segments[i]
			}
		}
		t.Fatalf("no segment %s", id)
		return nil
	}
	tests := []struct {
		seg      string
		made     bool
		rows     int
		entries  int
		props    []entries.Count
		areas    []entries.Count
		warnings []string
	}{
		{seg: "nov-1", rows: 6, entries: 6},
		{seg: "finalist", made: true},
		{seg: "wild", made: true},
		{seg: "wild-1", made: true},
		{seg: "finale", rows: 5, entries: 5, props: []entries.Count{{Name: "Montecasino", N: 3}, {Name: "Emperors Palace", N: 2}},
			warnings: []string{"the properties have different numbers of finalists (Montecasino 3, Emperors Palace 2)"}},
		{seg: "plain", rows: 2, entries: 2},
		{seg: "raps", rows: 5, entries: 2, areas: []entries.Count{{Name: "Main", N: 2}, {Name: "Prive", N: 2}, {Name: "Smoking", N: 1}},
			warnings: []string{`excluded device "M-99" is on no row of the list: it keeps nothing out (is it spelt as the list spells it?)`,
				`excluded area "Smokng" is on no row of the list: it keeps nothing out (the areas are Main 2, Prive 2, Smoking 1)`}},
	}
	for _, tt := range tests {
		t.Run(tt.seg, func(t *testing.T) {
			c, err := entries.Check(seg(tt.seg), map[string]bool{})
			if err != nil {
				t.Fatal(err)
			}
			if c.Made != tt.made || c.Bin.Rows != tt.rows || len(c.Bin.Entries) != tt.entries {
				t.Errorf("made %v, %d rows, %d entries; want %v, %d, %d", c.Made, c.Bin.Rows, len(c.Bin.Entries), tt.made, tt.rows, tt.entries)
			}
			if !reflect.DeepEqual(c.Properties, tt.props) || !reflect.DeepEqual(c.Areas, tt.areas) || !reflect.DeepEqual(c.Warnings, tt.warnings) {
				t.Errorf("properties %v, areas %v, warnings %q\nwant %v, %v, %q", c.Properties, c.Areas, c.Warnings, tt.props, tt.areas, tt.warnings)
			}
			if (c.People == 0) != tt.made {
				t.Errorf("%d people in the file, made at the show %v", c.People, tt.made)
			}
		})
	}
	// the bonus list's filters: M-02 under the queen minimum and M-09 kept
	// out, M-03's king tier not allowed; S-01 stays in, for the exclusion
	// of its area is misspelt, which the warning tells

	c, _ := entries.Check(seg("raps"), nil)
	if c.Bin.Filtered != 2 || c.Bin.OutOfTier != 1 {
		t.Errorf("raps: filtered %d, out of tier %d", c.Bin.Filtered, c.Bin.OutOfTier)
	}

	// a bad list is an error naming file, row, column and value
	rig.Write(t, filepath.Join(dir, "raps.csv"), "Device,Area,Card,Name,Tier,Spend\nM-01,Main,1,a,ace,R6OO\n")
	_, err = entries.Check(seg("raps"), nil)
	if err == nil || !strings.Contains(err.Error(), `raps.csv row 2, column "Spend": spend "R6OO" is not an amount`) {
		t.Fatalf("err = %v", err)
	}
}
