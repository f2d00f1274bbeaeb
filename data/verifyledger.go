package data

import (
	"fmt"
	"time"

	"drawshow/show"
)

// ledgerProblems checks the progressive jackpots across the shows of the
// campaign database: each chest froze with the value the settlements of
// the official shows before it made of its jackpot (the base when there
// were none), as it stood at some moment between its own show's opening
// and the freeze (the presenter reads the ledger when it opens or resumes
// a show); and each settlement starts from the value its chest froze
// with. A rehearsal reads the ledger like any show, and what it settles
// never counts for another; a second chest of the same jackpot in one show
// starts from the first's settlement. shows gives each show's parsed file, by id;
// a show missing from it (it did not fold) is left out. only, if not
// empty, limits the checks to the chests of that show.
func (db *DB) ledgerProblems(shows map[string]*show.Show, rehearsal map[string]bool, only string) ([]string, error) {
	rows, err := db.sql.Query(`SELECT seq, show, kind, payload FROM journal WHERE kind IN (?, ?, ?) ORDER BY seq`,
		string(show.ShowOpened), string(show.BinFrozen), string(show.JackpotPaid))
	if err != nil {
		return nil, err
	}
	type settlement struct {
		seq  int64
		show string
		s    show.Settled
	}
	type freeze struct {
		seq  int64
		show string
		seg  *show.Segment
		f    *show.Frozen
	}
	opened := map[string]int64{}
	var settled []settlement
	var freezes []freeze
	frozenAt := map[[2]string]int64{} // show, segment → the chest's jackpot this week
	var out []string
	for rows.Next() {
		var seq int64
		var showID, kind, payload string
		if err := rows.Scan(&seq, &showID, &kind, &payload); err != nil {
			rows.Close()
			return nil, err
		}
		sh := shows[showID]
		if sh == nil {
			continue
		}
		e, err := show.DecodeEvent(seq, time.Time{}, kind, []byte(payload))
		if err != nil {
			rows.Close()
			return nil, err
		}
		switch e.Kind {
		case show.ShowOpened:
			opened[showID] = seq
		case show.BinFrozen:
			seg := segmentOf(sh, e.Segment)
			if seg == nil || seg.Kind != show.KindChest || seg.Jackpot == nil || e.Frozen == nil {
				continue
			}
			freezes = append(freezes, freeze{seq, showID, seg, e.Frozen})
			frozenAt[[2]string{showID, seg.ID}] = e.Frozen.Jackpot
		case show.JackpotPaid:
			if e.Settled == nil {
				continue
			}
			if v, ok := frozenAt[[2]string{showID, e.Segment}]; ok && v != e.Settled.Value && (only == "" || only == showID) {
				out = append(out, fmt.Sprintf("show %s: %s settled the jackpot %s from %d, but its chest froze with %d (journal row %d)", showID, e.Segment, e.Settled.Name, e.Settled.Value, v, seq))
			}
			settled = append(settled, settlement{seq, showID, *e.Settled})
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for _, fz := range freezes {
		if only != "" && fz.show != only {
			continue
		}
		j, o := fz.seg.Jackpot, opened[fz.show]
		v, by := j.Base, ""
		var held []int64 // what the ledger held from the show's opening to the freeze
		for _, s := range settled {
			// a rehearsal's settlements count only for its own later chests
			if s.s.Name != j.Name || s.seq > fz.seq || (s.show != fz.show && rehearsal[s.show]) {
				continue
			}
			if s.seq > o {
				held = append(held, v)
			}
			v, by = s.s.Next, s.show
		}
		held = append(held, v)
		ok := false
		for _, h := range held {
			ok = ok || h == fz.f.Jackpot
		}
		if ok {
			continue
		}
		why := fmt.Sprintf("its base %d: no official show had settled it", j.Base)
		if by != "" {
			why = fmt.Sprintf("%d, as show %s settled it", v, by)
		}
		out = append(out, fmt.Sprintf("show %s: %s froze the jackpot %s at %d, but the campaign's ledger held %s (journal row %d)", fz.show, fz.seg.ID, j.Name, fz.f.Jackpot, why, fz.seq))
	}
	return out, nil
}

func segmentOf(sh *show.Show, id string) *show.Segment {
	for i := range sh.Segments {
		if sh.Segments[i].ID == id {
			return &sh.Segments[i]
		}
	}
	return nil
}

// archivedLedger checks the chests of an archived show against the ledger
// of the campaign database copy the archive carries.
func archivedLedger(r *VerifyReport, db *DB, showID string, sh *show.Show) error {
	shows, err := db.Shows()
	if err != nil {
		return err
	}
	parsed, rehearsal := map[string]*show.Show{showID: sh}, map[string]bool{}
	for _, s := range shows {
		rehearsal[s.ID] = s.Rehearsal
		if _, ok := parsed[s.ID]; !ok {
			if p, err := show.Parse(s.File, s.FileText); err == nil {
				parsed[s.ID] = p
			}
		}
	}
	probs, err := db.ledgerProblems(parsed, rehearsal, showID)
	for _, p := range probs {
		r.bad("%s: %s", ArchiveDB, p)
	}
	return err
}
