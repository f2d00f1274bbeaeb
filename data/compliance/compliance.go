// Package compliance gathers the compliance return of a campaign
// database: of a show, or of a month's shows, with what verify --db found
// and what became of the prizes owed (campaign.WriteReturn writes it).
package compliance

import (
	"fmt"
	"strings"
	"time"

	"drawshow/data/campaign"
	"drawshow/data/desk"
	"drawshow/data/export"
	"drawshow/data/store"
	"drawshow/data/verifydb"
)

// Gather reads the return of showID (the latest show when it and month
// are empty), or of the official shows (rehearsals with rehearsal) whose
// date is in month (YYYY-MM), from db, named name. A database that does
// not verify has no return: its problems are the error. The return is as
// of the latest event of its shows and of the desk's records of their
// prizes; Written is left to the caller.
func Gather(db *store.DB, name, showID, month string, rehearsal bool) (*campaign.Return, error) {
	if showID != "" && month != "" {
		return nil, fmt.Errorf("a compliance return is of a show or of a month, not both")
	}
	v, err := verifydb.Check(db)
	if err != nil {
		return nil, err
	}
	if len(v.Problems) > 0 {
		return nil, fmt.Errorf("%s does not verify, and a compliance return of a record that does not hold would not be true:\n  %s\n(drawshow verify --db %s names every problem)",
			name, strings.Join(v.Problems, "\n  "), name)
	}
	r := &campaign.Return{Verified: campaign.Verified{DB: name, Events: v.Events, Head: v.Head}}
	var ids []string
	switch {
	case month != "":
		m, err := time.Parse("2006-01", month)
		if err != nil {
			return nil, fmt.Errorf("month %q is not a month such as 2024-11", month)
		}
		shows, err := export.CampaignShows(db)
		if err != nil {
			return nil, err
		}
		for _, s := range shows {
			if strings.HasPrefix(s.Date, month+"-") && s.Rehearsal == rehearsal {
				ids = append(ids, s.ID)
			}
		}
		if len(ids) == 0 {
			what := "official show"
			if rehearsal {
				what = "rehearsal"
			}
			return nil, fmt.Errorf("%s holds no %s in %s", name, what, m.Format("January 2006"))
		}
		r.Name, r.File, r.Rehearsal = m.Format("January 2006"), campaign.ReturnPrefix+month, rehearsal
	default:
		if showID == "" {
			if showID, err = db.LatestShow(); err != nil {
				return nil, err
			}
		}
		ids, r.Name, r.File = []string{showID}, "show "+showID, campaign.ReturnPrefix+showID
	}
	book, err := desk.Read(db)
	if err != nil {
		return nil, err
	}
	for _, id := range ids {
		x, err := export.SetOf(db, id, func(int) {})
		if err != nil {
			return nil, err
		}
		if x.State().Opened.Rehearsal {
			r.Rehearsal = true
		}
		rs := campaign.ReturnShow{Set: x}
		for _, p := range book.Prizes() {
			if p.Show == id {
				rs.Owed = append(rs.Owed, p)
			}
		}
		r.Shows = append(r.Shows, rs)
	}
	if r.Dates.AsOf, err = db.LastEventTimeOf(ids); err != nil {
		return nil, err
	}
	return r, nil
}
