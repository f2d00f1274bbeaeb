package show

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"hash"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Algorithm names the published draw algorithm implemented here.
const Algorithm = "drawshow-v1"

// Rules is the edition of the host's rules a show opened now is decided
// by, recorded at its opening so that a record keeps the rules it was
// made under and an older one still replays:
//
//  1. a host's decline needs the card on a decline register loaded for
//     the draw, or a note of the paper register (page, who checked);
//     a forfeit and a no-show carry their reason.
//  2. the opening records the machine's wall clock, the mode (stage or
//     headless) and the clock's source; an official show runs on the
//     machine's clock and opens only on its own night (Show.OnItsNight).
//  3. bonus entries (bonus_entries) go only to a winner with an entry in
//     the draw that day, unless the show file's needs_entry: false says
//     otherwise (Royal Flush 34.1 with 39-41).
//  4. a leaderboard leaves out the cards of the show's exclusions list:
//     its board never shows them, and its final standings name them
//     (Standings.Excluded) and give them no place.
//  5. a show whose file names the auditor's key (auditor_key) draws by
//     drawshow-v2: each pick is keyed by the auditor's VRF output on
//     the row that made it due, and is announced once the auditor's
//     witness has countersigned its row; while the witness does not
//     answer, the host goes on with a reason and each pick is keyed by
//     the room's witness typed after that row.
const Rules = 5

// Commitment is hex(SHA-256(seed)), published before any bin is frozen.
func Commitment(seed []byte) string {
	h := sha256.Sum256(seed)
	return hex.EncodeToString(h[:])
}

// DrawKey derives a segment's key from the show's key K and the draw
// witness W_d typed after the segment's bin froze:
// K_d = SHA-256(K || 0x00 || segment || 0x00 || W_d).
func DrawKey(k [32]byte, segment, drawWitness string) [32]byte {
	h := sha256.New()
	h.Write(k[:])
	h.Write([]byte{0})
	h.Write([]byte(segment))
	h.Write([]byte{0})
	h.Write([]byte(drawWitness))
	var kd [32]byte
	h.Sum(kd[:0])
	return kd
}

// Key derives the draw key K = SHA-256(seed || witness).
func Key(seed []byte, witness string) [32]byte {
	h := sha256.New()
	h.Write(seed)
	h.Write([]byte(witness))
	var k [32]byte
	h.Sum(k[:0])
	return k
}

// SortEntries puts entries in canonical order: ticket ascending by bytes.
// A large bin is split once around a median ticket and its halves sorted
// side by side, on two cores where there are two: the freeze of a million
// entries, on stage and in verify, waits for the sort.
func SortEntries(es []Entry) {
	byTicket := func(a, b Entry) int { return strings.Compare(a.Ticket, b.Ticket) }
	if len(es) < parallelSort || runtime.GOMAXPROCS(0) < 2 {
		slices.SortFunc(es, byTicket)
		return
	}
	p := medianTicket(es[0].Ticket, es[len(es)/2].Ticket, es[len(es)-1].Ticket)
	lo := 0 // es[:lo] < p <= es[lo:]
	for i := range es {
		if es[i].Ticket < p {
			es[lo], es[i] = es[i], es[lo]
			lo++
		}
	}
	var wg sync.WaitGroup
	wg.Go(func() { slices.SortFunc(es[:lo], byTicket) })
	slices.SortFunc(es[lo:], byTicket)
	wg.Wait()
}

// parallelSort is the size of bin from which SortEntries uses two cores.
const parallelSort = 1 << 15

func medianTicket(a, b, c string) string {
	if a > b {
		a, b = b, a
	}
	if b > c {
		b = c
	}
	return max(a, b)
}

// Fingerprint is SHA-256 of the lines "ticket\tparticipant\tweight\n" of
// entries already in canonical order.
func Fingerprint(es []Entry) [32]byte {
	h := sha256.New()
	var buf []byte
	for _, e := range es {
		buf = append(buf[:0], e.Ticket...)
		buf = append(buf, '\t')
		buf = append(buf, e.Participant...)
		buf = append(buf, '\t')
		buf = strconv.AppendUint(buf, e.Weight, 10)
		buf = append(buf, '\n')
		h.Write(buf)
	}
	var f [32]byte
	h.Sum(f[:0])
	return f
}

// ErrEmptyPool is returned when no entry is left to pick.
var ErrEmptyPool = errors.New("the pool is empty: every participant has been picked")

// stream is the random stream of one pick: HMAC blocks of four uint64 each.
type stream struct {
	mac    hash.Hash
	prefix []byte
	j      uint32
	block  [32]byte
	used   int
}

func newStream(alg string, key [32]byte, drawID string, fp [32]byte, k uint32) *stream {
	p := make([]byte, 0, len(alg)+len(drawID)+2+32+4)
	p = append(p, alg...)
	p = append(p, 0)
	p = append(p, drawID...)
	p = append(p, 0)
	p = append(p, fp[:]...)
	p = binary.BigEndian.AppendUint32(p, k)
	return &stream{mac: hmac.New(sha256.New, key[:]), prefix: p, used: 4}
}

func (s *stream) next() uint64 {
	if s.used == 4 {
		s.mac.Reset()
		s.mac.Write(s.prefix)
		var j [4]byte
		binary.BigEndian.PutUint32(j[:], s.j)
		s.mac.Write(j[:])
		s.mac.Sum(s.block[:0])
		s.j++
		s.used = 0
	}
	x := binary.BigEndian.Uint64(s.block[s.used*8:])
	s.used++
	return x
}

// Uniform returns r uniform in [0, total) from the stream of pick k,
// rejecting draws at or above floor(2^64/total)*total.
func uniform(s *stream, total uint64) uint64 {
	rem := -total % total // 2^64 mod total
	for {
		x := s.next()
		if rem == 0 || x < -rem {
			return x % total
		}
	}
}

// Choose makes pick k of a draw over bin (canonical order, fingerprint fp),
// leaving out every entry whose participant is in picked. It returns the
// index of the winning entry in bin.
func Choose(key [32]byte, drawID string, fp [32]byte, bin []Entry, k int, picked map[string]bool) (int, error) {
	return choose(Algorithm, key, drawID, fp, bin, k, picked)
}

func choose(alg string, key [32]byte, drawID string, fp [32]byte, bin []Entry, k int, picked map[string]bool) (int, error) {
	var total uint64
	for _, e := range bin {
		if !picked[e.Participant] {
			total += e.Weight
		}
	}
	if total == 0 {
		return -1, ErrEmptyPool
	}
	r := uniform(newStream(alg, key, drawID, fp, uint32(k)), total)
	var sum uint64
	for i, e := range bin {
		if picked[e.Participant] {
			continue
		}
		sum += e.Weight
		if sum > r {
			return i, nil
		}
	}
	panic("unreachable: running sum never exceeded r < total")
}

// SmallBin is the bin of a draw over labels (Royal Flush prizes, chest
// balls): each label is its own participant with weight 1.
func SmallBin(labels []string) []Entry {
	es := make([]Entry, len(labels))
	for i, l := range labels {
		es[i] = Entry{Ticket: l, Participant: l, Weight: 1}
	}
	SortEntries(es)
	return es
}

// Shuffle draws every label of a small bin in pick order under drawID.
func Shuffle(key [32]byte, drawID string, labels []string) []string {
	bin := SmallBin(labels)
	fp := Fingerprint(bin)
	picked := map[string]bool{}
	out := make([]string, 0, len(bin))
	for k := range bin {
		i, _ := Choose(key, drawID, fp, bin, k, picked)
		picked[bin[i].Participant] = true
		out = append(out, bin[i].Ticket)
	}
	return out
}

// TotalWeight sums the weights of es, failing if the sum overflows uint64.
func TotalWeight(es []Entry) (uint64, error) {
	var t uint64
	for _, e := range es {
		if t+e.Weight < t {
			return 0, errors.New("total weight exceeds 2^64-1")
		}
		t += e.Weight
	}
	return t, nil
}
