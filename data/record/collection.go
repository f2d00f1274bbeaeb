package record

import (
	"maps"
	"os"
	"regexp"
	"slices"
)

// contactHeader picks the extra columns of an entry file that say how to
// reach a winner; other columns (ID numbers, dates of birth…) stay out of
// the prize desk's list.
var contactHeader = regexp.MustCompile(`(?i)phone|cell|mobile|tel|mail|address|contact|whatsapp|postal|suburb|city|town|province`)

// writeCollection writes collection.csv, the prize desk's list of winners
// not present: on the decline register, represented by a proxy, or drawn
// in a draw they need not attend. Each has the contact details the entry
// file gave, where it gave any, and the date by which to collect: the
// draw date plus 15 days in the show's timezone. A winner who chose a
// card, a ball or an envelope is owed what it turned over to: the prize
// column says it and chosen what was chosen. amount is the sum every
// prize states (see show.ParsePrize), paid_as cash or in kind; property
// is a finalist's casino, device and area a bonus winner's. A rehearsal's
// list begins
// with the rehearsal banner, alone on the first line.
func (x *Set) writeCollection(path string) error {
	var rows []pickRow
	contact := map[string]bool{}
	for _, s := range x.st.Segs {
		for i := range s.Picks {
			p := &s.Picks[i]
			if !notPresent(p.Outcome) {
				continue
			}
			r := x.pickRow(s, p)
			for h, v := range r.who.Extra {
				if v != "" && contactHeader.MatchString(h) {
					contact[h] = true
				}
			}
			rows = append(rows, r)
		}
	}
	extra := slices.Sorted(maps.Keys(contact))
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := newSafeCSV(f)
	if x.st.Opened.Rehearsal {
		w.Write([]string{RehearsalBanner})
	}
	w.Write(append(collectionCSV.Heads(), extra...))
	for _, r := range rows {
		rec := collectionCSV.texts(r)
		for _, h := range extra {
			rec = append(rec, r.who.Extra[h])
		}
		w.Write(rec)
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
