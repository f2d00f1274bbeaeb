package show

import (
	"crypto/sha256"
	"encoding/hex"
	"math"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
)

// buildBin runs rows through a BinBuilder for seg, with the cards in
// excluded and barred kept out.
func buildBin(t *testing.T, seg Segment, rows []Row, excluded, barred []string) (*Bin, error) {
	t.Helper()
	seg = mkShow(seg).Segments[0]
	b := NewBinBuilder(&seg, func(c string) (bool, bool) {
		return slices.Contains(excluded, c), slices.Contains(barred, c)
	})
	for _, r := range rows {
		b.Add(r)
	}
	return b.Bin()
}

func mustBin(t *testing.T, seg Segment, rows []Row, excluded, barred []string) *Bin {
	t.Helper()
	bin, err := buildBin(t, seg, rows, excluded, barred)
	if err != nil {
		t.Fatal(err)
	}
	// whatever the rules, the bin is canonical and fingerprinted
	if !slices.IsSortedFunc(bin.Entries, func(a, b Entry) int { return strings.Compare(a.Ticket, b.Ticket) }) {
		t.Fatalf("entries not in canonical order: %v", bin.Entries)
	}
	if bin.Fingerprint != Fingerprint(bin.Entries) || bin.FingerprintHex() != hex.EncodeToString(bin.Fingerprint[:]) {
		t.Fatal("fingerprint does not match the entries")
	}
	if tot, _ := TotalWeight(bin.Entries); tot != bin.Total {
		t.Fatalf("total %d, entries sum to %d", bin.Total, tot)
	}
	for _, e := range bin.Entries {
		if e.Weight == 0 {
			t.Fatalf("entry with no ticket: %+v", e)
		}
	}
	tallied, err := tallyBin(t, seg, rows, excluded, barred)
	sameFigures(t, bin, tallied, err)
	return bin
}

// tallyBin is buildBin through a Tally, each card numbered in the order
// first seen.
func tallyBin(t *testing.T, seg Segment, rows []Row, excluded, barred []string) (*Bin, error) {
	t.Helper()
	seg = mkShow(seg).Segments[0]
	b := NewBinBuilder(&seg, func(c string) (bool, bool) {
		return slices.Contains(excluded, c), slices.Contains(barred, c)
	})
	who := map[string]int32{}
	var cards []string
	// every card written was warmed first (by the goroutine that writes
	// it, a few hundred before)
	var mu sync.Mutex
	warmed := map[int32]bool{}
	card := func(dst []byte, i int32) []byte {
		mu.Lock()
		defer mu.Unlock()
		if !warmed[i] {
			t.Errorf("card %q written, not warmed", cards[i])
		}
		return append(dst, cards[i]...)
	}
	tally := b.Tally(card, func(who []int32) uint64 {
		mu.Lock()
		defer mu.Unlock()
		for _, i := range who {
			warmed[i] = true
		}
		return 0
	})
	for _, r := range rows {
		id, ok := who[r.Card]
		if !ok {
			id = int32(len(cards))
			who[r.Card] = id
			cards = append(cards, r.Card)
		}
		tally.Add(r, id)
	}
	return tally.Bin()
}

// sameFigures fails unless tallied has every figure of bin and no
// entries.
func sameFigures(t *testing.T, bin *Bin, tallied *Bin, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("tally: %v", err)
	}
	want := *bin
	want.Entries, want.pid = nil, nil
	if !reflect.DeepEqual(*tallied, want) {
		t.Fatalf("tally:\n%+v\nwant\n%+v", *tallied, want)
	}
}

type ew struct {
	ticket, participant string
	weight              uint64
}

func entriesOf(b *Bin) []ew {
	out := make([]ew, len(b.Entries))
	for i, e := range b.Entries {
		out[i] = ew{e.Ticket, e.Participant, e.Weight}
	}
	return out
}

func TestFingerprintFormat(t *testing.T) {
	es := []Entry{{"0001", "card-a", 1}, {"0002", "card-b", 18446744073709551615}}
	want := sha256.Sum256([]byte("0001\tcard-a\t1\n0002\tcard-b\t18446744073709551615\n"))
	if Fingerprint(es) != want {
		t.Fatal("fingerprint is not SHA-256 of ticket TAB participant TAB weight LF lines")
	}
	if Fingerprint(nil) != sha256.Sum256(nil) {
		t.Fatal("empty bin fingerprint")
	}
}

func TestBinPerRow(t *testing.T) {
	// canonical order is by bytes: digits < upper case < lower case < UTF-8
	rows := []Row{
		{Ticket: "b", Card: "c1"}, {Ticket: "é", Card: "c2"}, {Ticket: "B", Card: "c1"},
		{Ticket: "9", Card: "c3"}, {Ticket: "10", Card: "c3"}, {Ticket: "a", Card: "c2"}, {Ticket: "a ", Card: "c4"},
	}
	bin := mustBin(t, Segment{ID: "s"}, rows, nil, nil)
	want := []ew{{"10", "c3", 1}, {"9", "c3", 1}, {"B", "c1", 1}, {"a", "c2", 1}, {"a ", "c4", 1}, {"b", "c1", 1}, {"é", "c2", 1}}
	if got := entriesOf(bin); !slices.Equal(got, want) {
		t.Fatalf("entries %v\nwant %v", got, want)
	}
	if bin.Rows != 7 || bin.Participants != 4 || bin.Total != 7 || bin.Capped != 0 || bin.Zero != 0 || bin.OutOfTier != 0 {
		t.Fatalf("counts %+v", bin)
	}
	if len(bin.Excluded) != 0 || len(bin.Barred) != 0 {
		t.Fatalf("removed %v %v", bin.Excluded, bin.Barred)
	}
	// row order in the file does not matter
	rev := slices.Clone(rows)
	slices.Reverse(rev)
	if mustBin(t, Segment{ID: "s"}, rev, nil, nil).Fingerprint != bin.Fingerprint {
		t.Fatal("the fingerprint depends on the file's row order")
	}
}

func TestBinPerRowCap(t *testing.T) {
	var rows []Row
	add := func(card string, tier Tier, tickets ...string) {
		for _, tk := range tickets {
			rows = append(rows, Row{Ticket: tk, Card: card, Tier: tier})
		}
	}
	add("ace1", Ace, "z9", "a5", "m1", "a1") // cap 2: keeps a1, a5
	add("king1", King, "k3", "k2", "k1")     // cap 1: keeps k1
	add("queen1", Queen, "q1", "q2", "q3")   // no cap for queen
	add("none", NoTier, "n1", "n2")          // no tier, no cap
	bin := mustBin(t, Segment{ID: "s", Cap: map[Tier]uint64{Ace: 2, King: 1}}, rows, nil, nil)
	want := []ew{{"a1", "ace1", 1}, {"a5", "ace1", 1}, {"k1", "king1", 1}, {"n1", "none", 1}, {"n2", "none", 1},
		{"q1", "queen1", 1}, {"q2", "queen1", 1}, {"q3", "queen1", 1}}
	if got := entriesOf(bin); !slices.Equal(got, want) {
		t.Fatalf("entries %v\nwant %v", got, want)
	}
	if bin.Capped != 4 || bin.Total != 8 || bin.Participants != 4 || bin.Rows != 12 {
		t.Fatalf("counts %+v", bin)
	}
}

func TestBinPoints(t *testing.T) {
	seg := Segment{ID: "s", Tickets: Points, PointsPerTicket: 300,
		Cap:   map[Tier]uint64{Ace: 4, Queen: 3},
		Fixed: map[Tier]uint64{Jack: 2}}
	rows := []Row{
		{Card: "ace-rich", Tier: Ace, Points: 3000},  // 10, capped to 4
		{Card: "ace-poor", Tier: Ace, Points: 899},   // 2
		{Card: "king", Tier: King, Points: 6000},     // 20, no cap for king
		{Card: "queen", Tier: Queen, Points: 1200},   // 4, capped to 3
		{Card: "jack", Tier: Jack, Points: 999999},   // fixed 2 whatever the points
		{Card: "jack-zero", Tier: Jack, Points: 0},   // fixed 2 even with no points
		{Card: "ten-zero", Tier: Ten, Points: 299},   // 0 tickets: not an entry
		{Card: "none-zero", Tier: NoTier, Points: 0}, // 0 tickets
		{Card: "none", Tier: NoTier, Points: 300},    // 1
	}
	bin := mustBin(t, seg, rows, nil, nil)
	want := []ew{{"ace-poor", "ace-poor", 2}, {"ace-rich", "ace-rich", 4}, {"jack", "jack", 2}, {"jack-zero", "jack-zero", 2},
		{"king", "king", 20}, {"none", "none", 1}, {"queen", "queen", 3}}
	if got := entriesOf(bin); !slices.Equal(got, want) {
		t.Fatalf("entries %v\nwant %v", got, want)
	}
	if bin.Zero != 2 || bin.Capped != 6+1 || bin.Total != 34 || bin.Participants != 7 || bin.Rows != 9 {
		t.Fatalf("counts: zero %d capped %d total %d participants %d rows %d", bin.Zero, bin.Capped, bin.Total, bin.Participants, bin.Rows)
	}
	// fixed tickets for every tier need no points_per_ticket
	seg = Segment{ID: "s", Tickets: Points, Fixed: map[Tier]uint64{Ace: 5, King: 1}, Tiers: []Tier{Ace, King}}
	bin = mustBin(t, seg, []Row{{Card: "a", Tier: Ace}, {Card: "k", Tier: King, Points: 1e6}, {Card: "q", Tier: Queen, Points: 1e6}}, nil, nil)
	if got := entriesOf(bin); !slices.Equal(got, []ew{{"a", "a", 5}, {"k", "k", 1}}) || bin.OutOfTier != 1 {
		t.Fatalf("fixed: %v, out of tier %d", got, bin.OutOfTier)
	}
}

func TestBinTierFilterAndRemovals(t *testing.T) {
	rows := []Row{
		{Ticket: "1", Card: "a", Tier: Ace}, {Ticket: "2", Card: "a", Tier: Ace},
		{Ticket: "3", Card: "k", Tier: King}, {Ticket: "4", Card: "q", Tier: Queen},
		{Ticket: "5", Card: "x", Tier: NoTier}, {Ticket: "6", Card: "j", Tier: Jack},
		{Ticket: "7", Card: "t", Tier: Ten}, {Ticket: "8", Card: "t", Tier: Ten},
		{Ticket: "9", Card: "k2", Tier: King}, {Ticket: "10", Card: "q2", Tier: Queen},
	}
	seg := Segment{ID: "s", Tiers: []Tier{Ace, King, Ten}}
	// t is both excluded and barred: exclusion is the reason recorded
	bin := mustBin(t, seg, rows, []string{"t", "zz", "q"}, []string{"k2", "a2", "t"})
	if got := entriesOf(bin); !slices.Equal(got, []ew{{"1", "a", 1}, {"2", "a", 1}, {"3", "k", 1}}) {
		t.Fatalf("entries %v", got)
	}
	// q is out of tier before it is excluded: only cards in the bin's tiers count
	if bin.OutOfTier != 4 || !slices.Equal(bin.Excluded, []string{"t"}) || !slices.Equal(bin.Barred, []string{"k2"}) ||
		bin.Rows != 10 || bin.Participants != 2 || bin.Total != 3 {
		t.Fatalf("counts %+v", bin)
	}
	// no tier list: every tier and rows with no tier enter
	if bin := mustBin(t, Segment{ID: "s"}, rows, nil, nil); bin.OutOfTier != 0 || len(bin.Entries) != 10 {
		t.Fatalf("all tiers: %+v", bin)
	}
	// removal lists are sorted
	bin = mustBin(t, Segment{ID: "s"}, rows, []string{"t", "k", "a"}, []string{"q2", "j"})
	if !slices.Equal(bin.Excluded, []string{"a", "k", "t"}) || !slices.Equal(bin.Barred, []string{"j", "q2"}) {
		t.Fatalf("excluded %v barred %v", bin.Excluded, bin.Barred)
	}
}

func TestBinErrors(t *testing.T) {
	for _, c := range []struct {
		name string
		seg  Segment
		rows []Row
		want string
	}{
		{"duplicate ticket", Segment{ID: "s"}, []Row{{Ticket: "7", Card: "a"}, {Ticket: "8", Card: "b"}, {Ticket: "7", Card: "c"}}, `ticket "7" appears twice`},
		{"duplicate card in points", Segment{ID: "s", Tickets: Points, PointsPerTicket: 1}, []Row{{Card: "a", Points: 1}, {Card: "a", Points: 2}}, `ticket "a" appears twice`},
		{"total overflows", Segment{ID: "s", Tickets: Points, PointsPerTicket: 1}, []Row{{Card: "a", Points: math.MaxUint64}, {Card: "b", Points: 1}}, "2^64"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := buildBin(t, c.seg, c.rows, nil, nil)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want %q", err, c.want)
			}
		})
	}
	// a duplicate removed before the bin (excluded) is no error
	if _, err := buildBin(t, Segment{ID: "s"}, []Row{{Ticket: "7", Card: "a"}, {Ticket: "7", Card: "b"}}, []string{"b"}, nil); err != nil {
		t.Fatal(err)
	}
	// the largest total that fits is fine
	bin := mustBin(t, Segment{ID: "s", Tickets: Points, PointsPerTicket: 1}, []Row{{Card: "a", Points: math.MaxUint64 - 1}, {Card: "b", Points: 1}}, nil, nil)
	if bin.Total != math.MaxUint64 {
		t.Fatal(bin.Total)
	}
}

func TestBinEmpty(t *testing.T) {
	bin := mustBin(t, Segment{ID: "s"}, nil, nil, nil)
	if len(bin.Entries) != 0 || bin.Total != 0 || bin.Participants != 0 || bin.Fingerprint != sha256.Sum256(nil) {
		t.Fatalf("%+v", bin)
	}
}
