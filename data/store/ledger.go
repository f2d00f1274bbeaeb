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
	rows, err := db.sql.Query(`SELECT j.seq, j.kind, j.payload FROM journal j JOIN shows s ON s.id = j.show
		WHERE j.kind = ?1 AND s.rehearsal = ?3 AND j.show <> ?2
		AND j.seq < COALESCE((SELECT MIN(seq) FROM journal WHERE show = ?2), 9223372036854775807)
		ORDER BY j.seq`, string(show.JackpotPaid), beforeShow, rehearsal)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []show.Settled
	for rows.Next() {
		var seq int64
		var kind, payload string
		if err := rows.Scan(&seq, &kind, &payload); err != nil {
			return nil, err
		}
		e, err := show.DecodeEvent(seq, time.Time{}, kind, []byte(payload))
		if err != nil {
			return nil, err
		}
		if e.Settled == nil {
			return nil, fmt.Errorf("journal row %d (%s): no settlement in its payload", seq, kind)
		}
		if e.Settled.Name == name {
			out = append(out, *e.Settled)
		}
	}
	return out, rows.Err()
}

// LedgerHistory is the ledger JackpotLedger reads, week by week as the
// report prints it: each settlement of the jackpot name in a show of the
// same kind before beforeShow, with its show, its segment and the date it
// was settled in that show's timezone.
func (db *DB) LedgerHistory(name, beforeShow string, rehearsal bool) ([]record.RecordWeek, error) {
	rows, err := db.sql.Query(`SELECT j.seq, j.at, j.kind, j.payload, j.show FROM journal j JOIN shows s ON s.id = j.show
		WHERE j.kind = ?1 AND s.rehearsal = ?3 AND j.show <> ?2
		AND j.seq < COALESCE((SELECT MIN(seq) FROM journal WHERE show = ?2), 9223372036854775807)
		ORDER BY j.seq`, string(show.JackpotPaid), beforeShow, rehearsal)
	if err != nil {
		return nil, err
	}
	type row struct {
		seq                     int64
		at, kind, payload, show string
	}
	var found []row
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.seq, &r.at, &r.kind, &r.payload, &r.show); err != nil {
			rows.Close()
			return nil, err
		}
		found = append(found, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	zones := map[string]*time.Location{}
	var out []record.RecordWeek
	for _, r := range found {
		e, err := show.DecodeEvent(r.seq, time.Time{}, r.kind, []byte(r.payload))
		if err != nil {
			return nil, err
		}
		if e.Settled == nil {
			return nil, fmt.Errorf("journal row %d (%s): no settlement in its payload", r.seq, r.kind)
		}
		if e.Settled.Name != name {
			continue
		}
		loc, ok := zones[r.show]
		if !ok {
			loc = time.UTC
			if s, err := db.Show(r.show); err == nil {
				if sh, err := show.Parse(s.File, s.FileText); err == nil {
					loc = sh.Location
				}
			}
			zones[r.show] = loc
		}
		at, err := time.Parse(timeFormat, r.at)
		if err != nil {
			return nil, fmt.Errorf("journal row %d: time %q: %v", r.seq, r.at, err)
		}
		out = append(out, record.RecordWeek{Show: r.show, Date: at.In(loc).Format(time.DateOnly), Segment: e.Segment,
			Value: e.Settled.Value, Won: e.Settled.Won, Next: e.Settled.Next})
	}
	return out, nil
}
