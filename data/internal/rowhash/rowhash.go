package rowhash

import (
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"strconv"
)

// Hash is the SHA-256 of stored rows in a canonical form, so a row
// edited in the database after its import (a name, a tier, a contact
// column, a weight) no longer matches the hash its journal event holds.
// Each value is its decimal byte length, a colon and its bytes (integers
// as decimal text, NULL as the single byte '-'); a row is its values in
// column order, then a newline.
//
// The SHA-256 runs on a goroutine of its own, a buffer at a time, beside
// the scan of the rows: a million rows are hashed while SQLite reads them.
type Hash struct {
	buf  []byte
	full chan []byte // buffers to hash
	free chan []byte // buffers hashed, to fill again
	sums chan []byte // the digest, once full is closed
	done bool
}

// hashBuf is the size of a buffer handed to the hashing goroutine.
const hashBuf = 256 << 10

// New starts a hash and its goroutine: end it with Sum, or Stop.
func New() *Hash {
	r := &Hash{buf: make([]byte, 0, hashBuf), full: make(chan []byte, 2), free: make(chan []byte, 3), sums: make(chan []byte, 1)}
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

func (r *Hash) str(s string) {
	r.buf = strconv.AppendInt(r.buf, int64(len(s)), 10)
	r.buf = append(r.buf, ':')
	r.buf = append(r.buf, s...)
}

func (r *Hash) int(n int64) {
	var d [20]byte
	b := strconv.AppendInt(d[:0], n, 10)
	r.buf = strconv.AppendInt(r.buf, int64(len(b)), 10)
	r.buf = append(r.buf, ':')
	r.buf = append(r.buf, b...)
}

// null adds s, or NULL when it is not valid.
func (r *Hash) null(s string, valid bool) {
	if !valid {
		r.buf = append(r.buf, '-')
		return
	}
	r.str(s)
}

// end closes a row.
func (r *Hash) end() {
	r.buf = append(r.buf, '\n')
	if len(r.buf) >= hashBuf-4<<10 {
		r.full <- r.buf
		r.buf = <-r.free
	}
}

// Sum ends the hash and gives its digest in hex.
func (r *Hash) Sum() string {
	r.full <- r.buf
	r.done = true
	close(r.full)
	return hex.EncodeToString(<-r.sums)
}

// Stop ends the hashing goroutine of a hash given up; after sum it does
// nothing.
func (r *Hash) Stop() {
	if !r.done {
		r.done = true
		close(r.full)
		<-r.sums
	}
}

// Entry adds one row of the entries table: ticket, card, name, tier,
// points, extra (NULL unless hasExtra), area, spend, property.
// A last visit is hashed only when there is one: a record made before
// the column hashes as it did.
func (r *Hash) Entry(ticket, card, name string, tier, points int64, extra string, hasExtra bool, area string, spend int64, property, visit string) {
	r.str(ticket)
	r.str(card)
	r.str(name)
	r.int(tier)
	r.int(points)
	r.null(extra, hasExtra)
	r.str(area)
	r.int(spend)
	r.str(property)
	if visit != "" {
		r.str(visit)
	}
	r.end()
}

// Cards is the hash of a list of cards as the database stores it: each
// card once, in byte order.
func Cards(cards []string) string {
	cs := slices.Clone(cards)
	slices.Sort(cs)
	cs = slices.Compact(cs)
	r := New()
	for _, c := range cs {
		r.str(c)
		r.end()
	}
	return r.Sum()
}
