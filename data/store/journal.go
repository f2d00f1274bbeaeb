package store

import (
	"bytes"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"drawshow/data/record"
	"drawshow/show"
)

// timeFormat is how the journal writes times: UTC, nanoseconds.
const timeFormat = time.RFC3339Nano

// appendEvents writes evs at the end of the journal inside tx, filling
// in their sequence numbers, and returns the last row written (nil for
// none).
func appendEvents(tx *sql.Tx, evs []show.Event) (*Head, error) {
	if len(evs) == 0 {
		return nil, nil
	}
	var seq int64
	prev := make([]byte, sha256.Size)
	err := tx.QueryRow(`SELECT seq, hash FROM journal ORDER BY seq DESC LIMIT 1`).Scan(&seq, &prev)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	st, err := tx.Prepare(`INSERT INTO journal(seq, at, kind, payload, prev_hash, hash, show) VALUES (?, ?, ?, ?, ?, ?, ?)`)
	if err != nil {
		return nil, err
	}
	defer st.Close()
	for i := range evs {
		e := &evs[i]
		seq++
		e.Seq = seq
		p, err := e.Payload()
		if err != nil {
			return nil, err
		}
		at := e.At.UTC().Format(timeFormat)
		h := record.Chain(prev, record.Canonical(seq, at, string(e.Kind), p))
		if _, err := st.Exec(seq, at, string(e.Kind), string(p), prev, h, e.Show); err != nil {
			return nil, err
		}
		prev = h
	}
	return &Head{Seq: seq, Hash: prev}, nil
}

// Events reads the journal of one show in order.
func (db *DB) Events(showID string) ([]show.Event, error) {
	rows, err := db.sql.Query(`SELECT seq, at, kind, payload, show, hash FROM journal WHERE show = ? ORDER BY seq`, showID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var evs []show.Event
	for rows.Next() {
		var r record.Row
		var h []byte
		if err := rows.Scan(&r.Seq, &r.At, &r.Kind, &r.Payload, &r.Show, &h); err != nil {
			return nil, err
		}
		r.Hash = hex.EncodeToString(h)
		e, err := r.Event() // a payload not as drawshow writes it is refused
		if err != nil {
			return nil, fmt.Errorf("journal row %v", err)
		}
		evs = append(evs, e)
	}
	return evs, rows.Err()
}

// ChainReport is what VerifyChain found.
type ChainReport struct {
	Events   int
	Head     string   // hex hash of the last row
	Problems []string // every break in the chain, by seq
}

// VerifyChain re-hashes the whole journal: each row's prev_hash must be the
// previous row's hash, its hash must match its content, seq must have no
// gap, and its show column must match its payload.
func (db *DB) VerifyChain() (*ChainReport, error) {
	rows, err := db.sql.Query(`SELECT seq, at, kind, payload, prev_hash, hash, show FROM journal ORDER BY seq`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	r := &ChainReport{}
	prev := make([]byte, sha256.Size)
	var want int64 = 1
	for rows.Next() {
		var seq int64
		var at, kind, payload, showID string
		var ph, h []byte
		if err := rows.Scan(&seq, &at, &kind, &payload, &ph, &h, &showID); err != nil {
			return nil, err
		}
		r.Events++
		if seq != want {
			r.Problems = append(r.Problems, fmt.Sprintf("seq %d: expected seq %d: rows are missing", seq, want))
		}
		want = seq + 1
		if !bytes.Equal(ph, prev) {
			r.Problems = append(r.Problems, fmt.Sprintf("seq %d: prev_hash %x is not the hash of the row before (%x)", seq, ph, prev))
		}
		if got := record.Chain(ph, record.Canonical(seq, at, kind, []byte(payload))); !bytes.Equal(got, h) {
			r.Problems = append(r.Problems, fmt.Sprintf("seq %d (%s): content does not match its hash: the row was edited", seq, kind))
		}
		if e, err := show.DecodeEvent(seq, time.Time{}, kind, []byte(payload)); err != nil {
			r.Problems = append(r.Problems, fmt.Sprintf("seq %d: %v", seq, err))
		} else if e.Show != showID {
			r.Problems = append(r.Problems, fmt.Sprintf("seq %d: show column %q but payload says %q", seq, showID, e.Show))
		}
		prev = h
	}
	r.Head = fmt.Sprintf("%x", prev)
	return r, rows.Err()
}

// Head is the number of events and the last hash of the journal.
func (db *DB) Head() (int64, string, error) {
	var seq int64
	var h []byte
	err := db.sql.QueryRow(`SELECT seq, hash FROM journal ORDER BY seq DESC LIMIT 1`).Scan(&seq, &h)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, "", nil
	}
	return seq, fmt.Sprintf("%x", h), err
}

// JournalRows reads the show's journal rows exactly as stored, with the
// rows of other shows between its first and its last.
func (db *DB) JournalRows(showID string) ([]record.Row, error) {
	q, err := db.sql.Query(`SELECT seq, at, kind, payload, prev_hash, hash, show FROM journal
		WHERE seq BETWEEN (SELECT MIN(seq) FROM journal WHERE show = ?1) AND (SELECT MAX(seq) FROM journal WHERE show = ?1) ORDER BY seq`, showID)
	if err != nil {
		return nil, err
	}
	return scanRows(q)
}

// scanRows reads journal rows selected as seq, at, kind, payload,
// prev_hash, hash, show, and closes q.
func scanRows(q *sql.Rows) ([]record.Row, error) {
	defer q.Close()
	var out []record.Row
	for q.Next() {
		var r record.Row
		var prev, h []byte
		if err := q.Scan(&r.Seq, &r.At, &r.Kind, &r.Payload, &prev, &h, &r.Show); err != nil {
			return nil, err
		}
		r.PrevHash, r.Hash = hex.EncodeToString(prev), hex.EncodeToString(h)
		out = append(out, r)
	}
	return out, q.Err()
}

// JournalHead is where the whole journal ends: its last row, of any show
// or the desk (zero for an empty journal).
func (db *DB) JournalHead() (Head, error) {
	var h Head
	err := db.sql.QueryRow(`SELECT seq, hash FROM journal ORDER BY seq DESC LIMIT 1`).Scan(&h.Seq, &h.Hash)
	if errors.Is(err, sql.ErrNoRows) {
		return Head{}, nil
	}
	return h, err
}

// AppendDesk appends the prize desk's records evs (show.DeskShow's) to
// the journal in one transaction, durable when it returns, and returns
// the journal's new head. It appends only when the journal still ends at
// head, the head the desk's book was read at; otherwise nothing is
// written.
func (db *DB) AppendDesk(head Head, evs []show.Event) (Head, error) {
	for _, e := range evs {
		if e.Show != show.DeskShow || !show.DeskKind(e.Kind) {
			return head, fmt.Errorf("%s of show %q is not a record of the prize desk", e.Kind, e.Show)
		}
	}
	next := head
	err := db.tx(func(tx *sql.Tx) error {
		var now Head
		err := tx.QueryRow(`SELECT seq, hash FROM journal ORDER BY seq DESC LIMIT 1`).Scan(&now.Seq, &now.Hash)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if now.Seq != head.Seq || !bytes.Equal(now.Hash, head.Hash) {
			return fmt.Errorf("the journal moved on since the desk read it (head seq %d, now %d): another writer?", head.Seq, now.Seq)
		}
		h, err := appendEvents(tx, evs)
		if err == nil && h != nil {
			next = *h
		}
		return err
	})
	if err != nil {
		return head, err
	}
	return next, nil
}
