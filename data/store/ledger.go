package store

import (
	"fmt"
	"time"

	"drawshow/data/record"
	"drawshow/show"
)

// JackpotLedger reads the campaign's record of the progressive jackpot
// name before the show beforeShow opened (all of it when that show is
// not in the journal): the jackpot-settled events of the earlier shows of
// one kind, in journal order: the official shows' for an official show,
// the rehearsals' for a rehearsal (see PastWins). show.NextJackpot folds
// it into the jackpot's value before a show.
func (db *DB) JackpotLedger(name, beforeShow string, rehearsal bool) ([]show.Settled, error) {
	all, err := db.Settlements(beforeShow, rehearsal)
	if err != nil {
		return nil, err
	}
	var out []show.Settled
	for _, s := range all {
		if s.Settled.Name == name {
			out = append(out, s.Settled)
		}
	}
	return out, nil
}

// LedgerHistory is the ledger JackpotLedger reads, week by week as the
// report prints it: each settlement of the jackpot name in a show of the
// same kind before beforeShow, with its show, its segment and the date it
// was settled in that show's timezone.
func (db *DB) LedgerHistory(name, beforeShow string, rehearsal bool) ([]record.RecordWeek, error) {
	all, err := db.Settlements(beforeShow, rehearsal)
	if err != nil {
		return nil, err
	}
	zones := map[string]*time.Location{}
	var out []record.RecordWeek
	for _, r := range all {
		if r.Settled.Name != name {
			continue
		}
		loc, ok := zones[r.Show]
		if !ok {
			loc = time.UTC
			if s, err := db.Show(r.Show); err == nil {
				if sh, err := show.Parse(s.File, s.FileText); err == nil {
					loc = sh.Location
				}
			}
			zones[r.Show] = loc
		}
		at, err := time.Parse(timeFormat, r.At)
		if err != nil {
			return nil, fmt.Errorf("journal row %d: time %q: %v", r.Seq, r.At, err)
		}
		out = append(out, record.RecordWeek{Show: r.Show, Date: at.In(loc).Format(time.DateOnly), Segment: r.Segment,
			Value: r.Settled.Value, Won: r.Settled.Won, Next: r.Settled.Next})
	}
	return out, nil
}
