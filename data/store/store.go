package store

import (
	"bytes"
	"crypto/sha256"
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
	// Line is the text of line Actions, the one just done: the record
	// keeps its hash (ActionLines)
	Line string
}

// Head is where a show's journal ends: its last row's seq and hash (zero
// before its first event). A commit appends only on the head its session
// folded.
type Head struct {
	Seq  int64
	Hash []byte
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
		_, err = commit(tx, evs, s.ID, nil)
		return err
	})
}

// CommitOn writes evs and, for a headless run, its progress, in one
// transaction that is durable when CommitOn returns, and returns the
// show's new head. It appends only when the show's journal still ends at
// head, the head the caller folded; otherwise another writer got past the
// lock, and nothing is written.
func (db *DB) CommitOn(head Head, showID string, evs []show.Event, p *Progress) (Head, error) {
	next := head
	err := db.tx(func(tx *sql.Tx) error {
		now, err := showHead(tx, showID)
		if err != nil {
			return err
		}
		if now.Seq != head.Seq || !bytes.Equal(now.Hash, head.Hash) {
			return fmt.Errorf("the journal moved on since this show was read (head seq %d, now %d): another writer?", head.Seq, now.Seq)
		}
		if h, err := commit(tx, evs, showID, p); err != nil {
			return err
		} else if h != nil {
			next = *h
		}
		return nil
	})
	if err != nil {
		return head, err
	}
	return next, nil
}

// SaveProgress records how far a headless run has come, with no event:
// an action line that did not parse.
func (db *DB) SaveProgress(showID string, p Progress) error {
	return db.tx(func(tx *sql.Tx) error {
		_, err := commit(tx, nil, showID, &p)
		return err
	})
}

// HeadAfter is the head of a show after its first n events: the head an
// engine that folded n events of it stands on.
func (db *DB) HeadAfter(showID string, n int) (Head, error) {
	if n == 0 {
		return Head{}, nil
	}
	var h Head
	err := db.sql.QueryRow(`SELECT seq, hash FROM journal WHERE show = ? ORDER BY seq LIMIT 1 OFFSET ?`, showID, n-1).Scan(&h.Seq, &h.Hash)
	if errors.Is(err, sql.ErrNoRows) {
		return h, fmt.Errorf("show %s: the journal has fewer than the %d events folded", showID, n)
	}
	return h, err
}

// showHead reads where a show's journal ends, inside tx.
func showHead(tx *sql.Tx, showID string) (Head, error) {
	var h Head
	err := tx.QueryRow(`SELECT seq, hash FROM journal WHERE show = ? ORDER BY seq DESC LIMIT 1`, showID).Scan(&h.Seq, &h.Hash)
	if errors.Is(err, sql.ErrNoRows) {
		return Head{}, nil
	}
	return h, err
}

// commit writes evs, closes the show at its show-closed, and saves p; the
// head is the last event written, nil for none.
func commit(tx *sql.Tx, evs []show.Event, showID string, p *Progress) (*Head, error) {
	head, err := appendEvents(tx, evs)
	if err != nil {
		return nil, err
	}
	for _, e := range evs {
		if e.Kind == show.ShowClosed {
			if _, err := tx.Exec(`UPDATE shows SET closed_at = ? WHERE id = ?`, e.At.UTC().Format(timeFormat), e.Show); err != nil {
				return nil, err
			}
		}
	}
	if p == nil {
		return head, nil
	}
	_, err = tx.Exec(`INSERT INTO progress(show, actions, refused, clock) VALUES (?, ?, ?, ?)
		ON CONFLICT(show) DO UPDATE SET actions = excluded.actions, refused = excluded.refused, clock = excluded.clock`,
		showID, p.Actions, p.Refused, p.Clock.UTC().Format(timeFormat))
	if err != nil || p.Actions == 0 {
		return head, err
	}
	sum := sha256.Sum256([]byte(p.Line))
	_, err = tx.Exec(`INSERT OR REPLACE INTO progress_lines(show, line, sha256) VALUES (?, ?, ?)`, showID, p.Actions, sum[:])
	return head, err
}

// ActionLines are the SHA-256 hashes of the action lines a headless run
// of the show applied, by line number (lines that were blank or comments
// are not there).
func (db *DB) ActionLines(showID string) (map[int][]byte, error) {
	rows, err := db.sql.Query(`SELECT line, sha256 FROM progress_lines WHERE show = ?`, showID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int][]byte{}
	for rows.Next() {
		var n int
		var h []byte
		if err := rows.Scan(&n, &h); err != nil {
			return nil, err
		}
		out[n] = h
	}
	return out, rows.Err()
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
	if err := tx.Commit(); err != nil {
		return err
	}
	db.changes.Fire()
	return nil
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
		return nil, fmt.Errorf("show %q: %w", showID, ErrNoSeed)
	}
	return seed, err
}

// ErrNoSeed: the database holds no seed of the show, as an archive's copy
// holds none of a show not closed.
var ErrNoSeed = errors.New("no seed in the database")

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
