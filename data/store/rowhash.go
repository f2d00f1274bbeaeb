package store

import (
	"database/sql"
	"fmt"

	"drawshow/data/internal/rowhash"
	"drawshow/show"
)

// CardsHash is the hash of a list of cards as the database stores it:
// each card once, in byte order (see rowhash, the form of every hash of
// stored rows).
func CardsHash(cards []string) string { return rowhash.Cards(cards) }

// importRows re-hashes the stored rows of one import.
func (db *DB) importRows(showID, segment string) (rows int, sum string, err error) {
	return db.ScanRows(showID, &show.Segment{ID: segment}, nil)
}

// ScanRows reads every stored column of one import's rows in file order,
// hashes them and gives fn (when not nil) each as the engine reads it: a
// verify that folds the show over its rows scans them once.
func (db *DB) ScanRows(showID string, seg *show.Segment, fn func(show.Row) error) (rows int, sum string, err error) {
	segment := seg.ID
	var first, last int64
	if err := db.sql.QueryRow(`SELECT first, last FROM imports WHERE show = ? AND segment = ?`, showID, segment).Scan(&first, &last); err != nil {
		return 0, "", fmt.Errorf("the import of %s: %v", segment, err)
	}
	q, err := db.sql.Query(`SELECT ticket, card, name, tier, points, extra, area, spend, property, visit FROM entries WHERE rowid BETWEEN ? AND ? ORDER BY rowid`, first, last)
	if err != nil {
		return 0, "", err
	}
	defer q.Close()
	h := rowhash.New()
	defer h.Stop()
	var r show.Row
	var name sql.RawBytes
	var tier, points, spend int64
	var extra sql.NullString
	for q.Next() {
		if err := q.Scan(&r.Ticket, &r.Card, &name, &tier, &points, &extra, &r.Area, &spend, &r.Property, &r.Visit); err != nil {
			return 0, "", err
		}
		h.Entry(r.Ticket, r.Card, string(name), tier, points, extra.String, extra.Valid, r.Area, spend, r.Property, r.Visit)
		rows++
		if fn != nil {
			r.Tier, r.Points, r.Spend = show.Tier(tier), uint64(points), uint64(spend)
			if r.Spends, r.Printed, err = storedOf(extra, seg); err != nil {
				return 0, "", fmt.Errorf("segment %s, row of card %s: %v", segment, r.Card, err)
			}
			if err := fn(r); err != nil {
				return 0, "", err
			}
		}
	}
	return rows, h.Sum(), q.Err()
}
