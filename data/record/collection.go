package record

import (
	"maps"
	"slices"

	"drawshow/show"
)

// ProxyFormColumn begins the header of a proxy form's contact column in
// collection.csv: "proxy form Cell".
const ProxyFormColumn = "proxy form "

// collectionTable is collection.csv, the prize desk's list of winners
// not present: on the decline register, represented by a proxy, or drawn
// in a draw they need not attend. Each has the contact details the entry
// file gave, where it gave any, and the date by which to collect: the
// draw date plus 15 days in the show's timezone. A winner who chose a
// card, a ball or an envelope is owed what it turned over to: the prize
// column says it and chosen what was chosen. amount is the sum every
// prize states (see show.ParsePrize), paid_as cash or in kind; property
// is a finalist's casino, device and area a bonus winner's. The entry
// files' contact columns follow the fixed ones, then the contact columns of the
// proxy form on file for the winner's card, each header after
// ProxyFormColumn: the desk reaches a winner through the form too.
func (x *Set) collectionTable() Table {
	var rows []pickRow
	var forms []map[string]string
	contact, formContact := map[string]bool{}, map[string]bool{}
	for _, s := range x.st.Segs {
		for i := range s.Picks {
			p := &s.Picks[i]
			if !NotPresent(p.Outcome) {
				continue
			}
			r := x.pickRow(s, p)
			for h, v := range r.who.Extra {
				if v != "" && show.ContactColumn(h) {
					contact[h] = true
				}
			}
			form, _ := x.st.ProxyFor(s, p.Participant)
			for h, v := range form.Contact {
				if v != "" {
					formContact[h] = true
				}
			}
			rows = append(rows, r)
			forms = append(forms, form.Contact)
		}
	}
	extra := slices.Sorted(maps.Keys(contact))
	formExtra := slices.Sorted(maps.Keys(formContact))
	heads := append(collectionCSV.Heads(), extra...)
	for _, h := range formExtra {
		heads = append(heads, ProxyFormColumn+h)
	}
	t := Table{File: CollectionFile, Heads: heads}
	for i, r := range rows {
		rec := collectionCSV.Texts(r)
		for _, h := range extra {
			rec = append(rec, r.who.Extra[h])
		}
		for _, h := range formExtra {
			rec = append(rec, forms[i][h])
		}
		t.Rows = append(t.Rows, Line{rowName(r.seg.Seg.ID, r.p.K), rec})
	}
	return t
}
