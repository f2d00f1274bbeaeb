package store

import (
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"drawshow/data/record"
	"drawshow/show"
)

// The rows and facts the checks above the store read (verify --db's in
// data/verifydb, what a show carries over in data/campaign): the store
// says what it holds, and judges none of it.

// Import is what the imports table says of one segment's entry file.
type Import struct {
	File, SHA256 string
	Rows         int
}

// Imports reads the imports table of one show, by segment.
func (db *DB) Imports(showID string) (map[string]Import, error) {
	q, err := db.sql.Query(`SELECT segment, file, sha256, rows FROM imports WHERE show = ?`, showID)
	if err != nil {
		return nil, err
	}
	defer q.Close()
	out := map[string]Import{}
	for q.Next() {
		var seg string
		var im Import
		if err := q.Scan(&seg, &im.File, &im.SHA256, &im.Rows); err != nil {
			return nil, err
		}
		out[seg] = im
	}
	return out, q.Err()
}

// Integrity is what SQLite's integrity_check finds in the file: each line
// it says other than "ok"; none for a sound file.
func (db *DB) Integrity() ([]string, error) {
	q, err := db.sql.Query(`PRAGMA integrity_check`)
	if err != nil {
		return nil, err
	}
	defer q.Close()
	var out []string
	for q.Next() {
		var s string
		if err := q.Scan(&s); err != nil {
			return nil, err
		}
		if s != "ok" {
			out = append(out, s)
		}
	}
	return out, q.Err()
}

// RowsOfKinds reads the journal rows of the kinds given, of the show
// showID (of every show when it is ""), in order, as stored: seq, kind
// and payload.
func (db *DB) RowsOfKinds(showID string, kinds ...show.EventKind) ([]record.Row, error) {
	if len(kinds) == 0 {
		return nil, nil
	}
	args := []any{showID}
	for _, k := range kinds {
		args = append(args, string(k))
	}
	q, err := db.sql.Query(`SELECT seq, kind, payload FROM journal WHERE (show = ?1 OR ?1 = '') AND kind IN (`+
		strings.TrimSuffix(strings.Repeat("?,", len(kinds)), ",")+`) ORDER BY seq`, args...)
	if err != nil {
		return nil, err
	}
	defer q.Close()
	var out []record.Row
	for q.Next() {
		var r record.Row
		if err := q.Scan(&r.Seq, &r.Kind, &r.Payload); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, q.Err()
}

// KindCounts is how many journal rows of the show there are of each
// kind.
func (db *DB) KindCounts(showID string) (map[show.EventKind]int, error) {
	q, err := db.sql.Query(`SELECT kind, COUNT(*) FROM journal WHERE show = ? GROUP BY kind`, showID)
	if err != nil {
		return nil, err
	}
	defer q.Close()
	out := map[show.EventKind]int{}
	for q.Next() {
		var kind string
		var n int
		if err := q.Scan(&kind, &n); err != nil {
			return nil, err
		}
		out[show.EventKind(kind)] = n
	}
	return out, q.Err()
}

// ShowHead is the last journal row of a show; ok is false when the
// journal holds none of it.
func (db *DB) ShowHead(showID string) (head Head, ok bool, err error) {
	err = db.sql.QueryRow(`SELECT seq, hash FROM journal WHERE show = ? ORDER BY seq DESC LIMIT 1`, showID).Scan(&head.Seq, &head.Hash)
	if errors.Is(err, sql.ErrNoRows) {
		return Head{}, false, nil
	}
	return head, err == nil, err
}

// Frozen is the freeze of the segment of the show; nil before it froze.
func (db *DB) Frozen(showID, segment string) (*show.Frozen, error) {
	var payload string
	err := db.sql.QueryRow(`SELECT payload FROM journal WHERE show = ? AND kind = ? AND json_extract(payload, '$.segment') = ? ORDER BY seq LIMIT 1`,
		showID, string(show.BinFrozen), segment).Scan(&payload)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	e, err := show.DecodeEvent(0, time.Time{}, string(show.BinFrozen), []byte(payload))
	if err != nil || e.Frozen == nil {
		return nil, fmt.Errorf("show %s: the freeze of %s does not read: %v", showID, segment, err)
	}
	return e.Frozen, nil
}

// Settlement is one jackpot settlement of the journal: the show that
// made it, its row (seq, and time as stored) and its segment.
type Settlement struct {
	Show    string
	Seq     int64
	At      string
	Segment string
	Settled show.Settled
}

// Settlements reads every jackpot's settlements before the show
// beforeShow opened (all of them when that show is not in the journal),
// in journal order, of the shows of its kind: the official shows' for an
// official show, the rehearsals' for a rehearsal (see PastWins). The
// ledgers of one jackpot (JackpotLedger, LedgerHistory) are read from it.
func (db *DB) Settlements(beforeShow string, rehearsal bool) ([]Settlement, error) {
	rows, err := db.sql.Query(`SELECT j.seq, j.at, j.kind, j.payload, j.show FROM journal j JOIN shows s ON s.id = j.show
		WHERE j.kind = ?1 AND s.rehearsal = ?3 AND j.show <> ?2
		AND j.seq < COALESCE((SELECT MIN(seq) FROM journal WHERE show = ?2), 9223372036854775807)
		ORDER BY j.seq`, string(show.JackpotPaid), beforeShow, rehearsal)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Settlement
	for rows.Next() {
		var s Settlement
		var kind, payload string
		if err := rows.Scan(&s.Seq, &s.At, &kind, &payload, &s.Show); err != nil {
			return nil, err
		}
		e, err := show.DecodeEvent(s.Seq, time.Time{}, kind, []byte(payload))
		if err != nil {
			return nil, err
		}
		if e.Settled == nil {
			return nil, fmt.Errorf("journal row %d (%s): no settlement in its payload", s.Seq, kind)
		}
		s.Segment, s.Settled = e.Segment, *e.Settled
		out = append(out, s)
	}
	return out, rows.Err()
}
