package store

import (
	"database/sql"

	"drawshow/data/record"
)

// Changed returns a channel closed when this DB next commits anything.
func (db *DB) Changed() <-chan struct{} { return db.changes.Wait() }

// RowsFrom reads at most limit journal rows, of any show, from seq on,
// exactly as stored.
func (db *DB) RowsFrom(seq int64, limit int) ([]record.Row, error) {
	q, err := db.sql.Query(`SELECT seq, at, kind, payload, prev_hash, hash, show FROM journal WHERE seq >= ? ORDER BY seq LIMIT ?`, seq, limit)
	if err != nil {
		return nil, err
	}
	return scanRows(q)
}

// FirstSeq is the seq of the show's first journal row; ok is false when
// the journal holds none of it.
func (db *DB) FirstSeq(showID string) (seq int64, ok bool, err error) {
	var n sql.NullInt64
	if err := db.sql.QueryRow(`SELECT MIN(seq) FROM journal WHERE show = ?`, showID).Scan(&n); err != nil {
		return 0, false, err
	}
	return n.Int64, n.Valid, nil
}
