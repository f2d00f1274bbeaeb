package store

import (
	"database/sql"
	"slices"
	"strings"

	"drawshow/show"
)

// CardRow is one row of an entry file with the card, and where it was imported.
type CardRow struct {
	show.Row
	Name          string
	Show, Segment string
	extra         sql.NullString // the other columns, which hold qualify any's later spends and when a ticket printed
}

// ReadStored reads what seg's rules read among the row's other columns:
// the spends of qualify any's later rules (Spends), and when the ticket
// printed (Printed).
func (r *CardRow) ReadStored(seg *show.Segment) error {
	var err error
	r.Spends, r.Printed, err = storedOf(r.extra, seg)
	return err
}

// CardRows reads the card's rows of every imported entry file, in file
// order: the rows whose card is the same as a list matches it
// (show.CardKey: a card of digits whatever its leading zeros, which Excel
// drops from one export and not another). SQLite scans the entries for
// the card's spellings in C.
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
	spell := spellings(card)
	args := make([]any, len(spell))
	for i, c := range spell {
		args[i] = c
	}
	rows, err := db.sql.Query(`SELECT rowid, ticket, card, name, tier, points, area, spend, property, visit, extra FROM entries
		WHERE card IN (?`+strings.Repeat(",?", len(spell)-1)+`) ORDER BY rowid`, args...)
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

// spellings are the ways an entry file may spell card: itself, and for
// a card of digits its key with every count of leading zeros up to
// show.MaxCardLength digits in all.
func spellings(card string) []string {
	out := []string{card}
	if !show.Digits(card) {
		return out // holds a letter: its own key
	}
	for k := show.CardKey(card); len(k) <= show.MaxCardLength; k = "0" + k {
		if k != card {
			out = append(out, k)
		}
	}
	return out
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
