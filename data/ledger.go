package data

import (
	"fmt"
	"time"

	"drawshow/show"
)

// JackpotLedger reads the campaign's record of the progressive jackpot
// name before the show beforeShow opened (all of it when that show is
// not in the journal): the jackpot-settled events of every show that is
// not a rehearsal, in journal order. show.NextJackpot folds it into the
// jackpot's value before a show. A rehearsal reads the ledger like any
// show, but what it settles never counts for another.
func (db *DB) JackpotLedger(name, beforeShow string) ([]show.Settled, error) {
	rows, err := db.sql.Query(`SELECT j.seq, j.kind, j.payload FROM journal j JOIN shows s ON s.id = j.show
		WHERE j.kind = ?1 AND s.rehearsal = 0 AND j.show <> ?2
		AND j.seq < COALESCE((SELECT MIN(seq) FROM journal WHERE show = ?2), 9223372036854775807)
		ORDER BY j.seq`, string(show.JackpotPaid), beforeShow)
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
