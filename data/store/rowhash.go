package store

import (
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"slices"
	"strconv"

	"drawshow/show"
)

// rowHash is the SHA-256 of stored rows in a canonical form, so a row
// edited in the database after its import (a name, a tier, a contact
// column, a weight) no longer matches the hash its journal event holds.
// Each value is its decimal byte length, a colon and its bytes (integers
// as decimal text, NULL as the single byte '-'); a row is its values in
// column order, then a newline.
//
// The SHA-256 runs on a goroutine of its own, a buffer at a time, beside
// the scan of the rows: a million rows are hashed while SQLite reads them.
type rowHash struct {
	buf  []byte
	full chan []byte // buffers to hash
	free chan []byte // buffers hashed, to fill again
	sums chan []byte // the digest, once full is closed
	done bool
}

// hashBuf is the size of a buffer handed to the hashing goroutine.
const hashBuf = 256 << 10

func newRowHash() *rowHash {
	r := &rowHash{buf: make([]byte, 0, hashBuf), full: make(chan []byte, 2), free: make(chan []byte, 3), sums: make(chan []byte, 1)}
	for range 2 {
		r.free <- make([]byte, 0, hashBuf)
	}
	go func() {
		h := sha256.New()
		for b := range r.full {
			h.Write(b)
			r.free <- b[:0]
		}
		r.sums <- h.Sum(nil)
	}()
	return r
}

func (r *rowHash) str(s string) {
	r.buf = strconv.AppendInt(r.buf, int64(len(s)), 10)
	r.buf = append(r.buf, ':')
	r.buf = append(r.buf, s...)
}

func (r *rowHash) int(n int64) {
	var d [20]byte
	b := strconv.AppendInt(d[:0], n, 10)
	r.buf = strconv.AppendInt(r.buf, int64(len(b)), 10)
	r.buf = append(r.buf, ':')
	r.buf = append(r.buf, b...)
}

func (r *rowHash) null(s sql.NullString) {
	if !s.Valid {
		r.buf = append(r.buf, '-')
		return
	}
	r.str(s.String)
}

// end closes a row.
func (r *rowHash) end() {
	r.buf = append(r.buf, '\n')
	if len(r.buf) >= hashBuf-4<<10 {
		r.full <- r.buf
		r.buf = <-r.free
	}
}

// sum ends the hash and gives its digest in hex.
func (r *rowHash) sum() string {
	r.full <- r.buf
	r.done = true
	close(r.full)
	return hex.EncodeToString(<-r.sums)
}

// stop ends the hashing goroutine of a hash given up; after sum it does
// nothing.
func (r *rowHash) stop() {
	if !r.done {
		r.done = true
		close(r.full)
		<-r.sums
	}
}

// entry adds one row of the entries table: ticket, card, name, tier,
// points, extra, area, spend, property.
// A last visit is hashed only when there is one: a record made before
// the column hashes as it did.
func (r *rowHash) entry(ticket, card, name string, tier, points int64, extra sql.NullString, area string, spend int64, property, visit string) {
	r.str(ticket)
	r.str(card)
	r.str(name)
	r.int(tier)
	r.int(points)
	r.null(extra)
	r.str(area)
	r.int(spend)
	r.str(property)
	if visit != "" {
		r.str(visit)
	}
	r.end()
}

// CardsHash is the hash of a list of cards as the database stores it:
// each card once, in byte order.
func CardsHash(cards []string) string {
	cs := slices.Clone(cards)
	slices.Sort(cs)
	cs = slices.Compact(cs)
	r := newRowHash()
	for _, c := range cs {
		r.str(c)
		r.end()
	}
	return r.sum()
}

// importRows re-hashes the stored rows of one import.
func (db *DB) importRows(showID, segment string) (rows int, sum string, err error) {
	return db.scanRows(showID, &show.Segment{ID: segment}, nil)
}

// scanRows reads every stored column of one import's rows in file order,
// hashes them and gives fn (when not nil) each as the engine reads it: a
// verify that folds the show over its rows scans them once.
func (db *DB) scanRows(showID string, seg *show.Segment, fn func(show.Row) error) (rows int, sum string, err error) {
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
	h := newRowHash()
	defer h.stop()
	var r show.Row
	var name sql.RawBytes
	var tier, points, spend int64
	var extra sql.NullString
	for q.Next() {
		if err := q.Scan(&r.Ticket, &r.Card, &name, &tier, &points, &extra, &r.Area, &spend, &r.Property, &r.Visit); err != nil {
			return 0, "", err
		}
		h.entry(r.Ticket, r.Card, string(name), tier, points, extra, r.Area, spend, r.Property, r.Visit)
		rows++
		if fn != nil {
			r.Tier, r.Points, r.Spend = show.Tier(tier), uint64(points), uint64(spend)
			if r.Spends, err = spendsOf(extra, seg); err != nil {
				return 0, "", fmt.Errorf("segment %s, row of card %s: %v", segment, r.Card, err)
			}
			if err := fn(r); err != nil {
				return 0, "", err
			}
		}
	}
	return rows, h.sum(), q.Err()
}

// rowsSum is an import's stored rows as verify found them.
type rowsSum struct {
	rows int
	sum  string
}

// hashingSource is the show.Source of verify --db: it hashes each
// import's rows as the fold reads them.
type hashingSource struct {
	db   *DB
	id   string
	sums map[string]rowsSum
}

func (s *hashingSource) Rows(seg *show.Segment, fn func(show.Row) error) error {
	n, sum, err := s.db.scanRows(s.id, seg, fn)
	if err == nil {
		s.sums[seg.ID] = rowsSum{n, sum}
	}
	return err
}
