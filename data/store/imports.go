package store

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"drawshow/data/entries"
	"drawshow/data/internal/rowhash"
	"drawshow/show"
)

// insertBatch rows go in one INSERT: far fewer cgo calls than one a row.
const insertBatch = 128

// Imported returns the record of a segment's imported entry file, or nil.
// Its rows are hashed as they are stored now: an import whose event a
// kill kept from the journal gets it at the next run.
func (db *DB) Imported(showID, segment string) (*show.Loaded, error) {
	var l show.Loaded
	err := db.sql.QueryRow(`SELECT file, sha256, rows FROM imports WHERE show = ? AND segment = ?`, showID, segment).Scan(&l.File, &l.SHA256, &l.Rows)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	n, sum, err := db.importRows(showID, segment)
	if err != nil {
		return nil, err
	}
	if n != l.Rows {
		return nil, fmt.Errorf("segment %s: %d rows of %s are stored, but its import says %d", segment, n, l.File, l.Rows)
	}
	l.RowsSHA256 = sum
	return &l, nil
}

// ImportEntries reads seg's entry file, validating every row, into the
// record in one transaction. Any error in the file leaves nothing of it.
// A segment imports once; later calls return the first import. The
// record names the file as name.
func (db *DB) ImportEntries(showID string, seg *show.Segment, name string) (*show.Loaded, error) {
	return db.ImportEntriesProgress(showID, seg, name, nil)
}

// ImportEntriesProgress is ImportEntries, telling progress how far the
// read has come (see entries.ReadProgress): a million rows take seconds.
func (db *DB) ImportEntriesProgress(showID string, seg *show.Segment, name string, progress func(entries.Progress)) (*show.Loaded, error) {
	if l, err := db.Imported(showID, seg.ID); l != nil || err != nil {
		return l, err
	}
	l := &show.Loaded{File: name}
	err := db.tx(func(tx *sql.Tx) error {
		need := entries.NeedOf(seg)
		level := 0
		if need.Area != entries.Ignore || need.Spend != entries.Ignore || need.Property != entries.Ignore || seg.Columns.Area != "" || seg.Columns.Spend != "" || seg.Columns.Property != "" {
			level = 1
		}
		if need.Visit != entries.Ignore || seg.Columns.Visit != "" {
			level = 2
		}
		if seg.Columns.Spends[0] != "" || need.Printed {
			level = levelSpends // read back from the row's other columns
		}
		ins := newInserter(tx, level)
		defer ins.hash.Stop()
		st, err := entries.ReadProgress(seg.Entries, seg.Sheet, entries.Columns(seg.Columns), need, ins.add, progress)
		if err != nil {
			return err
		}
		if err := ins.flush(); err != nil {
			return err
		}
		l.Rows, l.RowsSHA256, l.SHA256 = st.Rows, ins.hash.Sum(), st.SHA256
		_, err = tx.Exec(`INSERT INTO imports(show, segment, file, sha256, rows, first, last, finale) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
			showID, seg.ID, l.File, l.SHA256, l.Rows, ins.first, ins.last, level)
		return err
	})
	if err != nil {
		return nil, err
	}
	return l, nil
}

type inserter struct {
	tx          *sql.Tx
	full        *sql.Stmt
	args        []any
	cols        int // values a row binds
	first, last int64
	hash        *rowhash.Hash // of the rows as stored
}

// newInserter starts the inserts of one file. Only a file with the
// finale's columns binds them: a million-row draw file leaves them to
// their defaults, which saves a third of its import time.
func newInserter(tx *sql.Tx, level int) *inserter {
	cols := []int{6, 9, 10, 10}[level]
	return &inserter{tx: tx, cols: cols, args: make([]any, 0, insertBatch*cols), first: 1, hash: rowhash.New()}
}

func (ins *inserter) insertSQL(n int) string {
	names, one := `ticket, card, name, tier, points, extra`, `(?, ?, ?, ?, ?, ?),`
	switch ins.cols {
	case 9:
		names, one = names+`, area, spend, property`, `(?, ?, ?, ?, ?, ?, ?, ?, ?),`
	case 10:
		names, one = names+`, area, spend, property, visit`, `(?, ?, ?, ?, ?, ?, ?, ?, ?, ?),`
	}
	return `INSERT INTO entries(` + names + `) VALUES ` + strings.TrimSuffix(strings.Repeat(one, n), ",")
}

func (ins *inserter) add(r entries.Row) error {
	var extra any
	var hashed sql.NullString
	if r.Extra != nil {
		b, err := json.Marshal(r.Extra)
		if err != nil {
			return err
		}
		extra, hashed = string(b), sql.NullString{String: string(b), Valid: true}
	}
	ins.args = append(ins.args, r.Ticket, r.Card, r.Name, int(r.Tier), int64(r.Points), extra)
	area, spend, property := "", int64(0), "" // the columns' defaults
	visit := ""
	if ins.cols >= 9 {
		area, spend, property = r.Area, int64(r.Spend), r.Property
		ins.args = append(ins.args, area, spend, property)
	}
	if ins.cols == 10 {
		visit = r.Visit
		ins.args = append(ins.args, visit)
	}
	ins.hash.Entry(r.Ticket, r.Card, r.Name, int64(r.Tier), int64(r.Points), hashed.String, hashed.Valid, area, spend, property, visit)
	if len(ins.args) == cap(ins.args) {
		if ins.full == nil {
			st, err := ins.tx.Prepare(ins.insertSQL(insertBatch))
			if err != nil {
				return err
			}
			ins.full = st
		}
		return ins.exec(ins.full)
	}
	return nil
}

func (ins *inserter) exec(st *sql.Stmt) error {
	res, err := st.Exec(ins.args...)
	if err != nil {
		return err
	}
	id, err := res.LastInsertId()
	if err != nil {
		return err
	}
	n := int64(len(ins.args) / ins.cols)
	if ins.last == 0 {
		ins.first = id - n + 1
	}
	ins.last = id
	ins.args = ins.args[:0]
	return nil
}

func (ins *inserter) flush() error {
	if ins.full != nil {
		defer ins.full.Close()
	}
	if len(ins.args) == 0 {
		return nil
	}
	st, err := ins.tx.Prepare(ins.insertSQL(len(ins.args) / ins.cols))
	if err != nil {
		return err
	}
	defer st.Close()
	return ins.exec(st)
}

// levelSpends is the imports' finale of a file with qualify any's later
// spend columns: they are stored among the row's other columns (extra),
// as the file has them, and read back from there.
const levelSpends = 3

// Rows streams the imported rows of segment seg in file order.
func (db *DB) Rows(showID string, seg *show.Segment, fn func(show.Row) error) error {
	segment := seg.ID
	var first, last int64
	var finale int // 1: the finale kinds' columns; 2: and the last visit; 3: and spends in extra
	err := db.sql.QueryRow(`SELECT first, last, finale FROM imports WHERE show = ? AND segment = ?`, showID, segment).Scan(&first, &last, &finale)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("segment %s: no entry file imported", segment)
	}
	if err != nil {
		return err
	}
	// a file without the finale's columns is read without them: three
	// columns fewer to scan a row makes a million-row freeze a fifth faster
	cols := `ticket, card, tier, points`
	if finale >= 1 {
		cols += `, area, spend, property`
	}
	if finale >= 2 {
		cols += `, visit`
	}
	if finale >= levelSpends {
		cols += `, extra`
	}
	rows, err := db.sql.Query(`SELECT `+cols+` FROM entries WHERE rowid BETWEEN ? AND ? ORDER BY rowid`, first, last)
	if err != nil {
		return err
	}
	defer rows.Close()
	var r show.Row
	var tier int
	var points, spend int64
	dst := []any{&r.Ticket, &r.Card, &tier, &points}
	if finale >= 1 {
		dst = append(dst, &r.Area, &spend, &r.Property)
	}
	if finale >= 2 {
		dst = append(dst, &r.Visit)
	}
	var extra sql.NullString
	if finale >= levelSpends {
		dst = append(dst, &extra)
	}
	// A bin holds each row's card: each card once, rather than a string of
	// its own for every ticket of it (2 000 000 rows of 400 000 cards: 32
	// MB against 6).
	cards := map[string]string{}
	for rows.Next() {
		if err := rows.Scan(dst...); err != nil {
			return err
		}
		if c, ok := cards[r.Card]; ok {
			r.Card = c
		} else {
			cards[r.Card] = r.Card
		}
		r.Tier, r.Points, r.Spend = show.Tier(tier), uint64(points), uint64(spend)
		if finale >= levelSpends {
			if r.Spends, r.Printed, err = storedOf(extra, seg); err != nil {
				return fmt.Errorf("segment %s, row of card %s: %v", segment, r.Card, err)
			}
		}
		if err := fn(r); err != nil {
			return err
		}
	}
	return rows.Err()
}

// Source is the show.Source of one show's imported rows.
func (db *DB) Source(showID string) show.Source { return source{db, showID} }

type source struct {
	db *DB
	id string
}

func (s source) Rows(seg *show.Segment, fn func(show.Row) error) error {
	return s.db.Rows(s.id, seg, fn)
}

// storedOf reads back from a row's other columns (extra) what seg's
// rules read there: qualify any's later spends, and when the ticket
// printed (printed_until).
func storedOf(extra sql.NullString, seg *show.Segment) (spends [show.MaxSpends - 1]uint64, printed string, err error) {
	if seg.Columns.Spends[0] == "" && seg.PrintedUntil == "" {
		return spends, "", nil
	}
	var m map[string]string
	if extra.Valid {
		if err := json.Unmarshal([]byte(extra.String), &m); err != nil {
			return spends, "", err
		}
	}
	if seg.Columns.Spends[0] != "" {
		if spends, err = entries.Spends(m, seg.Columns.Spends); err != nil {
			return spends, "", err
		}
	}
	if seg.PrintedUntil != "" {
		printed, err = entries.PrintedOf(m, seg.Columns.Printed, seg.DateFormat)
	}
	return spends, printed, err
}

// SaveExclusions records the show's exclusions list, in place of any a
// run killed before its lists' event was committed left.
func (db *DB) SaveExclusions(showID string, cards []string) error {
	return db.tx(func(tx *sql.Tx) error {
		if _, err := tx.Exec(`DELETE FROM exclusions WHERE show = ?`, showID); err != nil {
			return err
		}
		st, err := tx.Prepare(`INSERT OR IGNORE INTO exclusions(show, card) VALUES (?, ?)`)
		if err != nil {
			return err
		}
		defer st.Close()
		for _, c := range cards {
			if _, err := st.Exec(showID, c); err != nil {
				return err
			}
		}
		return nil
	})
}

// Exclusions reads the show's exclusions list back.
func (db *DB) Exclusions(showID string) ([]string, error) {
	rows, err := db.sql.Query(`SELECT card FROM exclusions WHERE show = ? ORDER BY card`, showID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}
