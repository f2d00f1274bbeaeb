package show

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"

	"drawshow/show/radix"
)

// Tally is a BinBuilder that keeps of each entry what the bin's figures
// need, 16 bytes and no string, instead of the entry: its Bin has every
// figure BinBuilder.Bin gives (rows, participants, total, fingerprint
// and what was kept out) and no entries. Check builds it over files of
// millions of rows, whose bins it does not keep. It takes no bonus
// entries (AddEarned).
//
// A participant is a number that the caller gives with each row, the
// same for every row of one card and different for different cards, and
// card writes the card of a number.
//
// Unlike a BinBuilder it keeps every row's ticket (a card, when a row is
// a participant), the bin's rules or not, and Bin refuses a ticket that
// any two rows give, with a *TwiceError: check finds a file's duplicates
// in the tally's sort, rather than in a sort of its own.
type Tally struct {
	b      *BinBuilder
	card   func(dst []byte, who int32) []byte
	warm   func(who []int32) uint64 // may be nil
	warmed atomic.Uint64            // what warming read
	recs   []tallyEntry
	long   []byte   // the tickets past 8 bytes or holding a NUL: each its length (uvarint), then its bytes
	weight []uint64 // a points bin's weight of each participant
	tier   []Tier   // a per-row bin with a cap: the tier of each participant's last row
	out    int      // the entries of rows the rules keep out
	most   int32    // the highest participant number given
}

// tallyEntry is an entry as a Tally keeps it.
type tallyEntry struct {
	key uint64 // the ticket's first 8 bytes, big-endian, zeros after a shorter one
	who int32  // the participant; -1: a row the rules keep out
	ext uint32 // 0: the ticket is key's bytes; else 1 + where it starts in long
}

// Tally turns the builder into a Tally, given how a participant's card
// is written. Rows go to the Tally from then on.
//
// A per-row bin's fingerprint writes each entry's card, in the tickets'
// order: in a file of a million cards each is a cache miss. When warm is
// not nil it is told, a few hundred at a time, the participants whose
// cards are asked for next, to read them ahead all together, and returns
// what it read. card and warm are called from more than one goroutine.
func (b *BinBuilder) Tally(card func(dst []byte, who int32) []byte, warm func(who []int32) uint64) *Tally {
	return &Tally{b: b, card: card, warm: warm, most: -1}
}

// Grow makes room for n more entries.
func (t *Tally) Grow(n int) { t.recs = withRoom(t.recs, n) }

// Add takes the next row of the entry file, whose card is participant who.
func (t *Tally) Add(r Row, who int32) {
	w, ok := t.b.admit(r)
	e := tallyEntry{who: -1}
	ticket := r.Ticket
	if t.b.seg.Tickets != PerRow {
		ticket = r.Card // a participant is one entry
	}
	switch {
	case !ok:
		t.out++
	case t.b.seg.Tickets == Points:
		e.who = who
		t.weight = grownTo(t.weight, who)
		t.weight[who] = w
	case t.b.seg.Tickets == PerRow && len(t.b.seg.Cap) > 0:
		e.who = who
		t.tier = grownTo(t.tier, who)
		t.tier[who] = r.Tier
	default:
		e.who = who
	}
	t.most = max(t.most, e.who)
	var k [8]byte
	copy(k[:], ticket)
	e.key = binary.BigEndian.Uint64(k[:])
	if len(ticket) > 8 || bytes.IndexByte(k[:len(ticket)], 0) >= 0 {
		e.ext = uint32(len(t.long)) + 1
		t.long = binary.AppendUvarint(t.long, uint64(len(ticket)))
		t.long = append(t.long, ticket...)
	}
	t.recs = append(t.recs, e)
}

// Renumber gives the participants their numbers once they are known:
// the rows so far were added with provisional numbers, and provisional
// number p is participant ids[p]. A caller that numbers cards by a sort
// after the read (check) adds each row under its place in the read. A
// points bin's weight and a capped bin's tier stay those of the
// participant's last row.
func (t *Tally) Renumber(ids []int32) {
	var weight []uint64
	var tier []Tier
	t.most = -1
	for i := range t.recs {
		e := &t.recs[i]
		if e.who < 0 {
			continue
		}
		p := e.who
		e.who = ids[p]
		t.most = max(t.most, e.who)
		if t.weight != nil {
			weight = grownTo(weight, e.who)
			weight[e.who] = t.weight[p]
		}
		if t.tier != nil {
			tier = grownTo(tier, e.who)
			tier[e.who] = t.tier[p]
		}
	}
	t.weight, t.tier = weight, tier
}

// withRoom is s with room for n more elements. Unlike slices.Grow it does
// not clear the new room itself, in one call that the garbage collector
// cannot preempt: room of tens of megabytes comes cleared from the
// system, a page at a time as it is first written. (Check of 5 000 000
// rows stalled 0.4 s in slices.Grow's clearing, its collector spinning on
// the other core to stop it.)
func withRoom[S ~[]E, E any](s S, n int) S {
	if n <= cap(s)-len(s) {
		return s
	}
	t := make(S, len(s), len(s)+n)
	copy(t, s)
	return t
}

// grownTo is s long enough to hold index i.
func grownTo[T any](s []T, i int32) []T {
	if int(i) < len(s) {
		return s
	}
	return append(s, make([]T, int(i)+1-len(s))...)
}

// setBit sets bit i of *s, and reports whether it was set already.
func setBit(s *[]uint64, i int32) bool {
	*s = grownTo(*s, i/64)
	w, m := &(*s)[i/64], uint64(1)<<(i%64)
	was := *w&m != 0
	*w |= m
	return was
}

// ticket appends e's ticket to dst.
func (t *Tally) ticket(dst []byte, e tallyEntry) []byte {
	if e.ext != 0 {
		return append(dst, t.longTicket(e.ext)...)
	}
	var k [8]byte
	binary.BigEndian.PutUint64(k[:], e.key)
	return append(dst, bytes.TrimRight(k[:], "\x00")...)
}

func (t *Tally) longTicket(ext uint32) []byte {
	n, w := binary.Uvarint(t.long[ext-1:])
	start := int(ext-1) + w
	return t.long[start : start+int(n)]
}

// compare orders entries as SortEntries does: by ticket, byte by byte.
func (t *Tally) compare(a, b tallyEntry) int {
	if c := cmp.Compare(a.key, b.key); c != 0 {
		return c
	}
	return t.tie(a, b)
}

// tie orders entries whose tickets' first 8 bytes are the same.
func (t *Tally) tie(a, b tallyEntry) int {
	if a.ext == 0 || b.ext == 0 { // the shorter ticket is the other's start
		return cmp.Compare(a.ext, b.ext)
	}
	return bytes.Compare(t.longTicket(a.ext), t.longTicket(b.ext))
}

// sort puts the entries in canonical order, as SortEntries does, by
// their keys' bytes (radix.Sort) and, where the first 8 are the same, by
// the rest of the ticket: 0.2 s of 5 000 000 entries on two cores, where
// a comparison sort took 0.7 s of CPU.
func (t *Tally) sort() {
	radix.Sort(t.recs, func(e tallyEntry) uint64 { return e.key }, t.tie)
}

// Bin sorts the entries, applies the per-participant cap of per-row bins
// and returns the bin's figures, as BinBuilder.Bin would give them, with
// no entries.
func (t *Tally) Bin() (*Bin, error) {
	t.sort()
	es := t.recs
	for i := 1; i < len(es); i++ {
		if t.compare(es[i], es[i-1]) == 0 {
			return nil, &TwiceError{Ticket: string(t.ticket(nil, es[i]))}
		}
	}
	seg := t.b.seg
	capped := seg.Tickets == PerRow && len(seg.Cap) > 0
	if capped || t.out > 0 {
		var count []uint64
		if capped {
			count = make([]uint64, t.most+1)
		}
		kept := es[:0]
		for _, e := range es {
			if e.who < 0 {
				continue // kept out: here for the duplicates only
			}
			if capped {
				var tier Tier
				if int(e.who) < len(t.tier) {
					tier = t.tier[e.who]
				}
				if c := seg.Cap[tier]; c > 0 && count[e.who] >= c {
					t.b.capped++
					continue
				}
				count[e.who]++
			}
			kept = append(kept, e)
		}
		es = kept
	}
	total, participants, fp, err := t.fingerprint(es)
	if err != nil {
		return nil, err
	}
	bin := t.b.figures(total, fp)
	bin.Participants = participants
	return bin, nil
}

// warmAhead is how many participants' cards are warmed at a time.
const warmAhead = 256

// linesAt is how many entries' lines are written at a time.
const linesAt = 1 << 13

// piece is the lines of linesAt entries, and their total weight.
type piece struct {
	buf   []byte
	total uint64
	err   error
}

// fingerprint hashes the lines of es, in order, and returns their total
// weight and the participants. Writing a line (its card found by its
// number) takes twice as long as hashing it, so the lines are written a
// piece at a time by a goroutine a core and hashed here, each piece once
// it and those before it are written.
func (t *Tally) fingerprint(es []tallyEntry) (total uint64, participants int, fp [32]byte, err error) {
	pieces := (len(es) + linesAt - 1) / linesAt
	of := func(i int) []tallyEntry { return es[i*linesAt : min((i+1)*linesAt, len(es))] }
	ready := make([]chan piece, pieces)
	for i := range ready {
		ready[i] = make(chan piece, 1)
	}
	writers := runtime.GOMAXPROCS(0)
	free := make(chan []byte, writers+2) // the buffers, made as they are first needed
	for range cap(free) {
		free <- nil
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range writers {
		wg.Go(func() {
			var warmed uint64
			for {
				buf := <-free // first: a piece taken is one that can be written
				i := int(next.Add(1) - 1)
				if i >= pieces {
					free <- buf
					break
				}
				ready[i] <- t.lines(buf[:0], of(i), &warmed)
			}
			t.warmed.Add(warmed)
		})
	}
	h := sha256.New()
	var people []uint64 // per-row: the participants counted (a bit each)
	participants = len(es)
	if t.b.seg.Tickets == PerRow {
		participants = 0
	}
	for i := range pieces {
		p := <-ready[i]
		h.Write(p.buf)
		free <- p.buf
		if p.err == nil && total+p.total < total {
			p.err = errors.New("total weight exceeds 2^64-1")
		}
		if err == nil {
			err = p.err
		}
		total += p.total
		if t.b.seg.Tickets == PerRow {
			for _, e := range of(i) {
				if !setBit(&people, e.who) {
					participants++
				}
			}
		}
	}
	wg.Wait()
	if err != nil {
		return 0, 0, fp, err
	}
	h.Sum(fp[:0])
	return total, participants, fp, nil
}

// lines appends the fingerprint's lines of es to buf, warming their
// cards first (what warming read is added to warmed, so that the reads
// are made).
func (t *Tally) lines(buf []byte, es []tallyEntry, warmed *uint64) piece {
	seg := t.b.seg
	var total uint64
	var next []int32 // the participants warmed
	for i, e := range es {
		if t.warm != nil && seg.Tickets == PerRow && i%warmAhead == 0 {
			next = next[:0]
			for _, f := range es[i:min(i+warmAhead, len(es))] {
				next = append(next, f.who)
			}
			*warmed += t.warm(next)
		}
		w := uint64(1)
		if seg.Tickets == Points {
			w = t.weight[e.who]
		}
		if total+w < total {
			return piece{buf: buf, err: errors.New("total weight exceeds 2^64-1")}
		}
		total += w
		line := len(buf)
		buf = t.ticket(buf, e)
		ticket := len(buf)
		buf = append(buf, '\t')
		if seg.Tickets == PerRow {
			buf = t.card(buf, e.who)
		} else {
			buf = append(buf, buf[line:ticket]...) // the ticket is the card
		}
		buf = append(buf, '\t')
		buf = strconv.AppendUint(buf, w, 10)
		buf = append(buf, '\n')
	}
	return piece{buf: buf, total: total}
}
