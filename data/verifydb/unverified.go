package verifydb

import (
	"errors"
	"fmt"

	"drawshow/data/store"
	"drawshow/show"
)

// Unverified is what a database check cannot vouch for: the picks of an
// official show that is not closed, whose seed stays secret. Without open
// each such show is a problem; with open (the auditor knows the show is
// still running) it is a note that says how its picks were checked: from
// the secret seed this copy holds, or, a copy without it, not at all.
// Rehearsals are never a problem.
func Unverified(db *store.DB, open bool) (problems, notes []string, err error) {
	shows, err := db.Shows()
	if err != nil {
		return nil, nil, err
	}
	for _, s := range shows {
		// the journal says whether the show closed, not the shows table
		n, err := db.KindCounts(s.ID)
		if err != nil {
			return nil, nil, err
		}
		picks := n[show.PickDrawn]
		if n[show.ShowClosed] > 0 {
			continue
		}
		_, serr := db.Seed(s.ID)
		seeded := serr == nil
		if serr != nil && !errors.Is(serr, store.ErrNoSeed) {
			return nil, nil, serr
		}
		var what string
		switch {
		case seeded:
			what = fmt.Sprintf("show %s is not closed: its %d pick(s) were re-derived from the seed this copy holds, which stays secret until the show closes", s.ID, picks)
		default:
			what = fmt.Sprintf("show %s is not closed and this copy holds no seed of it: its %d pick(s) are taken as recorded, unchecked, until it closes and reveals its seed", s.ID, picks)
		}
		if open || s.Rehearsal {
			notes = append(notes, what)
			continue
		}
		problems = append(problems, what+"; a show still running is checked with --open, a finished one only once closed")
	}
	return problems, notes, nil
}
