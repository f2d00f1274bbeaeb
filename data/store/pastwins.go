package store

import (
	"fmt"
	"time"

	"drawshow/show"
)

// PastWins reads the winners of the campaign's earlier shows of one kind
// recorded before the show beforeShow opened (all of them when that show
// is not in the journal), in journal order: what a draw's bonus_entries
// and exclude_winners take from earlier shows. An official show reads the
// official shows, a rehearsal the rehearsals (a campaign rehearsed in its
// own database, or beside the official one): the two never mix. A pick
// voided after its decision is no winner.
func (db *DB) PastWins(beforeShow string, rehearsal bool) ([]show.PastWin, error) {
	rows, err := db.sql.Query(`SELECT j.seq, j.show, j.kind, j.payload FROM journal j JOIN shows s ON s.id = j.show
		WHERE j.kind IN (?1, ?2, ?3, ?4) AND s.rehearsal = ?6 AND j.show <> ?5
		AND j.seq < COALESCE((SELECT MIN(seq) FROM journal WHERE show = ?5), 9223372036854775807)
		ORDER BY j.seq`, string(show.BinFrozen), string(show.PickDrawn), string(show.PickDecided), string(show.PickVoided), beforeShow, rehearsal)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	type key struct {
		show, seg string
		k         int
	}
	var order []key
	wins := map[key]*show.PastWin{}
	outcome := map[key]show.Outcome{}
	days := map[[2]string]string{}
	for rows.Next() {
		var seq int64
		var id, kind, payload string
		if err := rows.Scan(&seq, &id, &kind, &payload); err != nil {
			return nil, err
		}
		e, err := show.DecodeEvent(seq, time.Time{}, kind, []byte(payload))
		if err != nil {
			return nil, err
		}
		if e.Kind == show.BinFrozen {
			if e.Frozen == nil {
				return nil, fmt.Errorf("journal row %d (%s): no bin in its payload", seq, kind)
			}
			days[[2]string{id, e.Segment}] = e.Frozen.Day
			continue
		}
		if e.Pick == nil {
			return nil, fmt.Errorf("journal row %d (%s): no pick in its payload", seq, kind)
		}
		k := key{id, e.Segment, e.Pick.K}
		switch e.Kind {
		case show.PickDrawn:
			order = append(order, k)
			wins[k] = &show.PastWin{Show: id, Segment: e.Segment, Day: days[[2]string{id, e.Segment}], K: e.Pick.K, Participant: e.Pick.Participant}
		case show.PickDecided:
			outcome[k] = e.Pick.Outcome
		case show.PickVoided:
			outcome[k] = show.Void
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	kinds, err := db.segmentKinds()
	if err != nil {
		return nil, err
	}
	var out []show.PastWin
	for _, k := range order {
		if !outcome[k].Wins() {
			continue
		}
		w := wins[k]
		g := kinds[[2]string{w.Show, w.Segment}]
		w.Kind, w.Group = g.Kind, g.Group
		out = append(out, *w)
	}
	return out, nil
}

// segmentKinds reads each show's segments from its stored show file: the
// kind and group of a segment by show and id.
func (db *DB) segmentKinds() (map[[2]string]*show.Segment, error) {
	all, err := db.Shows()
	if err != nil {
		return nil, err
	}
	out := map[[2]string]*show.Segment{}
	for _, row := range all {
		sh, err := show.Parse(row.File, row.FileText)
		if err != nil {
			return nil, fmt.Errorf("show %s: its stored show file: %v", row.ID, err)
		}
		for i := range sh.Segments {
			out[[2]string{row.ID, sh.Segments[i].ID}] = &sh.Segments[i]
		}
	}
	return out, nil
}
