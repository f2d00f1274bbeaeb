package store

import (
	"database/sql"
	"slices"

	"drawshow/show"
)

// CardRow is one row of an entry file with the card, and where it was imported.
type CardRow struct {
	show.Row
	Name          string
	Show, Segment string
	extra         sql.NullString // the other columns, which hold qualify any's later spends
}

// ReadSpends reads the row's spends of qualify any's later rules, which
// seg's columns name, into Spends.
func (r *CardRow) ReadSpends(seg *show.Segment) error {
	s, err := spendsOf(r.extra, seg)
	r.Spends = s
	return err
}

// CardRows reads the card's rows of every imported entry file, in file
// order. SQLite scans the entries for the card in C.
func (db *DB) CardRows(card string) ([]CardRow, error) {
	type span struct {
		show, segment string
		first, last   int64
	}
	irows, err := db.sql.Query(`SELECT show, segment, first, last FROM imports ORDER BY first`)
	if err != nil {
		return nil, err
	}
	var spans []span
	for irows.Next() {
		var s span
		if err := irows.Scan(&s.show, &s.segment, &s.first, &s.last); err != nil {
			irows.Close()
			return nil, err
		}
		spans = append(spans, s)
	}
	irows.Close()
	if err := irows.Err(); err != nil {
		return nil, err
	}
	// area and spend too: a bonus jackpot's rules read them
	rows, err := db.sql.Query(`SELECT rowid, ticket, card, name, tier, points, area, spend, property, visit, extra FROM entries WHERE card = ? ORDER BY rowid`, card)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []CardRow
	for rows.Next() {
		var id, points, spend int64
		var tier int
		var r CardRow
		if err := rows.Scan(&id, &r.Ticket, &r.Card, &r.Name, &tier, &points, &r.Area, &spend, &r.Property, &r.Visit, &r.extra); err != nil {
			return nil, err
		}
		r.Tier, r.Points, r.Spend = show.Tier(tier), uint64(points), uint64(spend)
		i, found := slices.BinarySearchFunc(spans, id, func(s span, id int64) int {
			switch {
			case s.last < id:
				return -1
			case s.first > id:
				return 1
			}
			return 0
		})
		if !found {
			continue
		}
		r.Show, r.Segment = spans[i].show, spans[i].segment
		out = append(out, r)
	}
	return out, rows.Err()
}

// NoEntryShows are the shows a freeze of which names winners whose wins
// earned no bonus entry, having no entry that day (show.Frozen.NoEntry).
func (db *DB) NoEntryShows() (map[string]bool, error) {
	rows, err := db.sql.Query(`SELECT DISTINCT show FROM journal WHERE kind = ? AND payload LIKE '%"no\_entry":[%' ESCAPE '\'`, string(show.BinFrozen))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out[id] = true
	}
	return out, rows.Err()
}
