package store

import (
	"database/sql"
	"errors"
	"time"
)

// LastEventTime is the time of the journal's last row: what a report of
// the whole database is dated by, so the same database gives the same
// files; zero for an empty journal.
func (db *DB) LastEventTime() (time.Time, error) {
	var at string
	err := db.sql.QueryRow(`SELECT at FROM journal ORDER BY seq DESC LIMIT 1`).Scan(&at)
	if errors.Is(err, sql.ErrNoRows) {
		return time.Time{}, nil
	}
	if err != nil {
		return time.Time{}, err
	}
	return time.Parse(timeFormat, at)
}
