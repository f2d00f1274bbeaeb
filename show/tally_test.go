package show

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"drawshow/show/radix"
)

// TestTallyAsBin: a Tally's figures are a BinBuilder's, over random
// rows of each kind of bin, with caps, tier lists, exclusions and
// tickets of every length, many sharing their first 8 bytes.
func TestTallyAsBin(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	tiers := []Tier{NoTier, Ace, King, Queen, Jack, Ten}
	segs := []Segment{
		{ID: "s"},
		{ID: "s", Tiers: []Tier{Ace, King, Ten}},
		{ID: "s", Cap: map[Tier]uint64{Ace: 2, King: 1}},
		{ID: "s", Tickets: Points, PointsPerTicket: 300, Cap: map[Tier]uint64{Ace: 4}, Fixed: map[Tier]uint64{Jack: 2}},
		{ID: "s", Tickets: One},
	}
	for n, seg := range segs {
		for _, size := range []int{0, 1, 50, 3000, 40_000} {
			var rows []Row
			used := map[string]bool{}
			cards := max(size/4, 1)
			if seg.Tickets != PerRow {
				cards = size
			}
			for i := range size {
				var ticket string
				for ticket == "" || used[ticket] {
					switch rng.IntN(4) {
					case 0:
						ticket = fmt.Sprint(rng.IntN(size * 10))
					case 1:
						ticket = "12345678" + fmt.Sprint(rng.IntN(size*10)) // past 8 bytes, one prefix
					case 2:
						ticket = strings.Repeat("9", rng.IntN(12)+1)
					default:
						ticket = fmt.Sprintf("R%07d/%d", rng.IntN(size*10), rng.IntN(3))
					}
				}
				used[ticket] = true
				card := fmt.Sprintf("C%d", rng.IntN(cards))
				if seg.Tickets != PerRow {
					card = fmt.Sprintf("C%d", i) // one row a card
					if rng.IntN(3) == 0 {
						card = "1234567890123" + card // long cards, one prefix
					}
				}
				rows = append(rows, Row{Ticket: ticket, Card: card, Tier: tiers[rng.IntN(len(tiers))], Points: uint64(rng.IntN(3000))})
			}
			excluded := []string{"C3", "C7", "1234567890123C5"}
			bin, err := buildBin(t, seg, rows, excluded, []string{"C9"})
			if err != nil {
				t.Fatalf("segment %d, %d rows: %v", n, size, err)
			}
			tallied, err := tallyBin(t, seg, rows, excluded, []string{"C9"})
			sameFigures(t, bin, tallied, err)
		}
	}
	// a NUL in a ticket (no file gives one: NormTicket refuses it) still
	// sorts after the ticket it extends
	var nul []Row
	for i, ticket := range []string{"ab\x00", "ab", "ab\x00c", "abcdefgh\x00", "abcdefgh", "a", "abcdefgh\x00\x00"} {
		nul = append(nul, Row{Ticket: ticket, Card: fmt.Sprint("C", i%3)})
	}
	bin, err := buildBin(t, Segment{ID: "s"}, nul, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	tallied, err := tallyBin(t, Segment{ID: "s"}, nul, nil, nil)
	sameFigures(t, bin, tallied, err)

	// a ticket twice is the same error either way
	rows := []Row{{Ticket: "123456789", Card: "a"}, {Ticket: "1", Card: "b"}, {Ticket: "123456789", Card: "c"}}
	_, want := buildBin(t, Segment{ID: "s"}, rows, nil, nil)
	if _, err := tallyBin(t, Segment{ID: "s"}, rows, nil, nil); err == nil || err.Error() != want.Error() {
		t.Fatalf("tally: %v, want %v", err, want)
	}
}

func TestWithRoom(t *testing.T) {
	s := []int{1, 2, 3}
	g := withRoom(s, 100)
	if !slices.Equal(g, s) || cap(g)-len(g) < 100 {
		t.Fatalf("withRoom(%v, 100) = %v with cap %d", s, g, cap(g))
	}
	g = append(g, 4)
	if h := withRoom(g, 50); &h[0] != &g[0] || len(h) != 4 {
		t.Errorf("withRoom moved a slice that had room")
	}
	if e := withRoom([]int(nil), 0); e != nil {
		t.Errorf("withRoom(nil, 0) = %v, want nil", e)
	}
}

// TestTallySortByBytes: a large tally sorted by its keys' bytes is in
// the order of compare, for tickets that share their first bytes, run
// past 8 bytes, hold a NUL, come in order or in reverse, or differ only
// in their first byte or their last.
func TestTallySortByBytes(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	n := radix.From*40 + 7
	sets := map[string]func(i int) string{
		"digits":   func(i int) string { return fmt.Sprint(10_000_000 + rng.IntN(9_000_000)) },
		"in order": func(i int) string { return fmt.Sprintf("T%09d", i) },
		"reverse":  func(i int) string { return fmt.Sprintf("T%09d", n-i) },
		"first":    func(i int) string { return string(rune('0'+i%75)) + "AAAAAAA" },
		"last":     func(i int) string { return "AAAAAAA" + string(rune('0'+i%75)) },
		"mixed": func(i int) string {
			switch i % 5 {
			case 0:
				return "12345678" + fmt.Sprint(rng.IntN(n)) // past 8 bytes, one prefix
			case 1:
				return "1234567"
			case 2:
				return "12345\x00" + fmt.Sprint(rng.IntN(3)) // a NUL
			case 3:
				return strings.Repeat("9", rng.IntN(12)+1)
			}
			return fmt.Sprint(rng.IntN(n))
		},
	}
	for name, ticket := range sets {
		tally := NewBinBuilder(&Segment{ID: "s"}, func(string) (bool, bool) { return false, false }).Tally(nil, nil)
		for i := range n {
			tally.Add(Row{Ticket: ticket(i), Card: "C"}, int32(i))
		}
		want := slices.Clone(tally.recs)
		slices.SortStableFunc(want, tally.compare)
		tally.sort()
		for i, e := range tally.recs {
			if tally.compare(e, want[i]) != 0 {
				t.Fatalf("%s: entry %d is %q, want %q", name, i, tally.ticket(nil, e), tally.ticket(nil, want[i]))
			}
		}
	}
}

// TestTallyTwiceAmongAll: a Tally refuses a ticket (or, where a row is a
// participant, a card) that two rows give even when the rules keep one
// or both rows out, as an import refuses the file; a BinBuilder finds
// duplicates among the bin's entries only.
func TestTallyTwiceAmongAll(t *testing.T) {
	for _, c := range []struct {
		seg  Segment
		rows []Row
		want string
	}{
		{Segment{ID: "s"}, []Row{{Ticket: "T1", Card: "C1"}, {Ticket: "T2", Card: "C2"}, {Ticket: "T1", Card: "C3"}}, "T1"},
		{Segment{ID: "s", Tickets: One}, []Row{{Card: "C2"}, {Card: "C1"}, {Card: "C2"}}, "C2"},
		{Segment{ID: "s", Tickets: Points, PointsPerTicket: 10}, []Row{{Card: "C4", Points: 5}, {Card: "C4", Points: 50}}, "C4"},
	} {
		_, err := tallyBin(t, c.seg, c.rows, []string{"C3", "C2"}, nil) // C2 and C3 kept out; C4's first row gives no ticket
		var twice *TwiceError
		if !errors.As(err, &twice) || twice.Ticket != c.want {
			t.Errorf("%v: tally gives %v, want %q twice", c.rows, err, c.want)
		}
	}
}
