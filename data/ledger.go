package data

import (
	"fmt"
	"time"

	"drawshow/show"
)

// JackpotLedger reads the campaign's record of the progressive jackpot
// name: the jackpot-settled events of every show that is not a rehearsal,
// but exceptShow, in journal order. show.NextJackpot folds it into the
// jackpot's value before a show. A rehearsal reads the ledger like any
// show, but what it settles never counts for another.
func (db *DB) JackpotLedger(name, exceptShow string) ([]show.Settled, error) {
	rows, err := db.sql.Query(`SELECT j.seq, j.kind, j.payload FROM journal j JOIN shows s ON s.id = j.show
		WHERE j.kind = ? AND s.rehearsal = 0 AND j.show <> ? ORDER BY j.seq`, string(show.JackpotPaid), exceptShow)
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

// setJackpots gives the engine each chest's jackpot as the campaign's
// record has it before this show.
func (ss *Session) setJackpots() error {
	done := map[string]bool{}
	for i := range ss.Eng.Show.Segments {
		j := ss.Eng.Show.Segments[i].Jackpot
		if ss.Eng.Show.Segments[i].Kind != show.KindChest || j == nil || done[j.Name] {
			continue
		}
		done[j.Name] = true
		ledger, err := ss.DB.JackpotLedger(j.Name, ss.ID)
		if err != nil {
			return fmt.Errorf("the ledger of jackpot %s: %v", j.Name, err)
		}
		ss.Eng.SetJackpot(j.Name, show.NextJackpot(j, ledger))
	}
	return nil
}
