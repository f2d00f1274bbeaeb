package campaign

import (
	"cmp"
	"maps"
	"os"
	"slices"

	"drawshow/data/internal/table"
	"drawshow/data/record"
)

// FinalistsCSV is the campaign's finalists export: a row a finalist, in
// the columns a Royal Flush's entries: reads, so that the Grand Finale's
// show file names it as its entry file (Royal Flush 66, 70).
const FinalistsCSV = "finalists.csv"

// finalistsCSV are its columns before the contact columns: the card, name
// and tier the finale reads, the property it groups them by, and the draw
// that made each a finalist.
var finalistsCSV = table.Columns[finalistRow]{
	{Head: "Card Number", Value: func(f finalistRow) any { return f.w.Card }},
	{Head: "Member Name", Value: func(f finalistRow) any { return f.w.Name }},
	{Head: "Tier", Value: func(f finalistRow) any { return f.w.Tier.String() }},
	{Head: "Property", Value: func(f finalistRow) any { return f.property }},
	{Head: "Qualified", Value: func(f finalistRow) any { return cmp.Or(f.w.Title, f.w.Segment) }},
	{Head: "Date", Value: func(f finalistRow) any { return f.w.Date }},
	{Head: "Show", Value: func(f finalistRow) any { return f.w.Show }},
	{Head: "Segment", Value: func(f finalistRow) any { return f.w.Segment }},
	{Head: "Pick", Value: func(f finalistRow) any { return f.w.Pick }},
}

// FinalistColumnsCSV are finalists.csv's first columns; the entry files'
// contact columns follow.
var FinalistColumnsCSV = finalistsCSV.Heads()

type finalistRow struct {
	w        CampaignWinner
	property string // the finalist's casino: as their entry file gave it, else the show's
}

// writeFinalists writes finalists.csv: the shows' finalists grouped by
// property, each property's by date, then show, draw and pick. A
// rehearsal's list begins with the rehearsal banner, alone on the first
// line (an entry file's reader passes over it to the header).
func writeFinalists(path string, shows []CampaignShow, rehearsal bool) error {
	var rows []finalistRow
	contact := map[string]bool{}
	for _, s := range shows {
		for _, w := range s.Winners {
			if !w.Finalist {
				continue
			}
			rows = append(rows, finalistRow{w: w, property: cmp.Or(w.Property, s.Property)})
			for h, v := range w.Contact {
				if v != "" {
					contact[h] = true
				}
			}
		}
	}
	slices.SortStableFunc(rows, func(a, b finalistRow) int {
		return cmp.Or(cmp.Compare(a.property, b.property), cmp.Compare(a.w.Date, b.w.Date), cmp.Compare(a.w.Show, b.w.Show),
			cmp.Compare(a.w.Segment, b.w.Segment), cmp.Compare(a.w.Pick, b.w.Pick))
	})
	extra := slices.Sorted(maps.Keys(contact))
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := table.NewCSV(f)
	if rehearsal {
		w.Write([]string{record.RehearsalBanner})
	}
	w.Write(append(finalistsCSV.Heads(), extra...))
	for _, r := range rows {
		rec := finalistsCSV.Texts(r)
		for _, h := range extra {
			rec = append(rec, r.w.Contact[h])
		}
		w.Write(rec)
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
