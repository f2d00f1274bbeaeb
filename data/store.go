package data

import (
	"database/sql"
	"errors"
	"fmt"
	"time"

	"drawshow/show"
)

// ShowRow is a show as the shows table holds it.
type ShowRow struct {
	ID         string
	File       string
	FileSHA256 string
	FileText   []byte
	Rehearsal  bool
	OpenedAt   time.Time
	Closed     bool
}

// Progress is how far a headless run has come: the action lines done and
// the show clock after them.
type Progress struct {
	Actions int
	Refused int
	Clock   time.Time
}

// CreateShow records a new show, its secret seed and its first events in
// one transaction.
func (db *DB) CreateShow(s ShowRow, seed []byte, evs []show.Event) error {
	return db.tx(func(tx *sql.Tx) error {
		_, err := tx.Exec(`INSERT INTO shows(id, file, file_sha256, file_text, rehearsal, opened_at) VALUES (?, ?, ?, ?, ?, ?)`,
			s.ID, s.File, s.FileSHA256, s.FileText, s.Rehearsal, s.OpenedAt.UTC().Format(timeFormat))
		if err != nil {
			return err
		}
		if _, err := tx.Exec(`INSERT INTO secrets(show, seed) VALUES (?, ?)`, s.ID, seed); err != nil {
			return err
		}
		return commit(tx, evs, s.ID, nil)
	})
}

// Commit writes evs and, for a headless run, its progress, in one
// transaction that is durable when Commit returns.
func (db *DB) Commit(showID string, evs []show.Event, p *Progress) error {
	return db.tx(func(tx *sql.Tx) error { return commit(tx, evs, showID, p) })
}

func commit(tx *sql.Tx, evs []show.Event, showID string, p *Progress) error {
	if err := appendEvents(tx, evs); err != nil {
		return err
	}
	for _, e := range evs {
		if e.Kind == show.ShowClosed {
			if _, err := tx.Exec(`UPDATE shows SET closed_at = ? WHERE id = ?`, e.At.UTC().Format(timeFormat), e.Show); err != nil {
				return err
			}
		}
	}
	if p == nil {
		return nil
	}
	_, err := tx.Exec(`INSERT INTO progress(show, actions, refused, clock) VALUES (?, ?, ?, ?)
		ON CONFLICT(show) DO UPDATE SET actions = excluded.actions, refused = excluded.refused, clock = excluded.clock`,
		showID, p.Actions, p.Refused, p.Clock.UTC().Format(timeFormat))
	return err
}

func (db *DB) tx(f func(*sql.Tx) error) error {
	tx, err := db.sql.Begin()
	if err != nil {
		return err
	}
	if err := f(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Progress reads a headless run's progress; ok is false before the first action.
func (db *DB) Progress(showID string) (p Progress, ok bool, err error) {
	var clock string
	err = db.sql.QueryRow(`SELECT actions, refused, clock FROM progress WHERE show = ?`, showID).Scan(&p.Actions, &p.Refused, &clock)
	if errors.Is(err, sql.ErrNoRows) {
		return p, false, nil
	}
	if err != nil {
		return p, false, err
	}
	p.Clock, err = time.Parse(timeFormat, clock)
	return p, err == nil, err
}

// Shows lists the shows, oldest first.
func (db *DB) Shows() ([]ShowRow, error) {
	rows, err := db.sql.Query(`SELECT id, file, file_sha256, file_text, rehearsal, opened_at, closed_at IS NOT NULL FROM shows ORDER BY opened_at, rowid`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []ShowRow
	for rows.Next() {
		var s ShowRow
		var at string
		if err := rows.Scan(&s.ID, &s.File, &s.FileSHA256, &s.FileText, &s.Rehearsal, &at, &s.Closed); err != nil {
			return nil, err
		}
		if s.OpenedAt, err = time.Parse(timeFormat, at); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// Show finds one show by id.
func (db *DB) Show(id string) (*ShowRow, error) {
	all, err := db.Shows()
	if err != nil {
		return nil, err
	}
	for i := range all {
		if all[i].ID == id {
			return &all[i], nil
		}
	}
	return nil, fmt.Errorf("no show %q in the database", id)
}

// Seed is the secret seed of a show.
func (db *DB) Seed(showID string) ([]byte, error) {
	var seed []byte
	err := db.sql.QueryRow(`SELECT seed FROM secrets WHERE show = ?`, showID).Scan(&seed)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("show %q has no seed in the database", showID)
	}
	return seed, err
}

// FreeShowID returns base, or base-2, base-3… whichever is not taken.
func (db *DB) FreeShowID(base string) (string, error) {
	id := base
	for n := 2; ; n++ {
		var one int
		err := db.sql.QueryRow(`SELECT 1 FROM shows WHERE id = ?`, id).Scan(&one)
		if errors.Is(err, sql.ErrNoRows) {
			return id, nil
		}
		if err != nil {
			return "", err
		}
		id = fmt.Sprintf("%s-%d", base, n)
	}
}
