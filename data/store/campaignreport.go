package store

import (
	"database/sql"
	"errors"
	"time"

	"drawshow/show"
)

// LastEventTimeOf is the latest time of the shows' journal rows and of
// the prize desk's records of their prizes: what a report of those shows
// is dated by, so the same record gives the same files, and a rehearsal
// run later on the same database under a set clock (--clock) never dates
// an official report. Zero when they have no row.
func (db *DB) LastEventTimeOf(shows []string) (time.Time, error) {
	var last time.Time
	take := func(q string, args ...any) error {
		var at string
		err := db.sql.QueryRow(q, args...).Scan(&at)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		t, err := time.Parse(timeFormat, at)
		if t.After(last) {
			last = t
		}
		return err
	}
	for _, id := range shows {
		if err := take(`SELECT at FROM journal WHERE show = ? ORDER BY seq DESC LIMIT 1`, id); err != nil {
			return time.Time{}, err
		}
		if err := take(`SELECT at FROM journal WHERE show = ? AND json_extract(payload, '$.desk.show') = ? ORDER BY seq DESC LIMIT 1`, show.DeskShow, id); err != nil {
			return time.Time{}, err
		}
	}
	return last, nil
}
