package data

import (
	"database/sql"
	"errors"
	"time"

	"drawshow/data/record"
)

// CampaignShows lists every show of the database, rehearsals too, in the
// order they were opened: each folded by the engine's rules, with its
// winners as the exports name them, its totals and its jackpots'
// settlements. A show whose record does not fold is listed with the
// problem, and nothing else is taken from it.
func (db *DB) CampaignShows() ([]record.CampaignShow, error) {
	rows, err := db.Shows()
	if err != nil {
		return nil, err
	}
	var out []record.CampaignShow
	for _, r := range rows {
		x, err := db.exportSet(r.ID, func(int) {})
		if err != nil {
			out = append(out, record.CampaignShow{ID: r.ID, Rehearsal: r.Rehearsal, Closed: r.Closed,
				Date: r.OpenedAt.Format(time.DateOnly), Problem: err.Error()})
			continue
		}
		out = append(out, x.Campaign())
	}
	return out, nil
}

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
