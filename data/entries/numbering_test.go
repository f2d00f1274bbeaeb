package entries

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"drawshow/data/internal/filetest"
	"drawshow/show"
)

// TestCardIDsLater: cards numbered by settle after the read are numbered
// as they are numbered as they come: one number a card, each written
// again from its number as it was, whatever its form (keys of up to 19
// digits and longer, values past 2^60, letters, more leading zeros than
// a number holds, the card of the row before again).
func TestCardIDsLater(t *testing.T) {
	t.Parallel()
	long := "1234567890123456789012"
	zeros := strings.Repeat("0", 300)
	cards := []string{"6001234567890123", "A12", "0060012345", "99999999999999999999", long, zeros + "7",
		"000", "9999999999999999999", "00000000012", "1152921504606846976", "60012346"}
	k := newCardIDs()
	k.numberLater()
	var logged []string // the card of each place
	row := 1
	for round := range 3 {
		for _, card := range cards {
			for range round + 1 { // the card of the row before: the same place
				row++
				p, _, _, twin := k.id(card, row)
				if twin || int(p) > len(logged) {
					t.Fatalf("%q: place %d of %d, twin %v", card, p, len(logged), twin)
				}
				if int(p) == len(logged) {
					logged = append(logged, card)
				}
			}
		}
	}
	ids, err := k.settle()
	if err != nil || len(ids) != len(logged) || k.n() != len(cards) {
		t.Fatalf("settle: %d numbers for %d places, %d cards, %v", len(ids), len(logged), k.n(), err)
	}
	byCard := map[string]int32{}
	for p, card := range logged {
		id := ids[p]
		if got := string(k.appendCard(nil, id)); got != card {
			t.Errorf("place %d: card %d written as %q, want %q", p, id, got, card)
		}
		if n, digits := k.cardLen(id); n != len(card) || digits != show.Digits(card) {
			t.Errorf("%q: length %d, digits %v", card, n, digits)
		}
		if was, ok := byCard[card]; ok && was != id {
			t.Errorf("%q is %d and %d", card, was, id)
		}
		byCard[card] = id
	}
	if len(byCard) != len(cards) {
		t.Errorf("%d numbers for %d cards", len(byCard), len(cards))
	}
}

// TestCardIDsLaterTwins: settle finds two cards that are one number but
// for leading zeros, wherever they are in the file; a key longer than
// 19 digits is numbered as it comes, and its twin found at once.
func TestCardIDsLaterTwins(t *testing.T) {
	t.Parallel()
	zeros := strings.Repeat("0", 300)
	long := "1234567890123456789012"
	for _, pair := range [][2]string{
		{"60012345", "0060012345"}, {"0060012345", "60012345"}, {zeros + "5", "5"}, {"0", "000"},
		{"9999999999999999999", "09999999999999999999"},
	} {
		k := newCardIDs()
		k.numberLater()
		for i, card := range []string{pair[0], "A1", "777", pair[1], "778"} {
			if _, _, _, twin := k.id(card, i+2); twin {
				t.Errorf("%q: twin found as it came", pair)
			}
		}
		if _, err := k.settle(); !errors.Is(err, errTwins) {
			t.Errorf("%q: settle gives %v", pair, err)
		}
	}
	k := newCardIDs()
	k.numberLater()
	k.id("00"+long, 2)
	if _, other, row, twin := k.id(long, 3); !twin || other != "00"+long || row != 2 {
		t.Errorf("%q: twin %v of %q on row %d", long, twin, other, row)
	}
}

// TestCheckNumbersAsImport: check, numbering the cards after the read,
// gives what the read that numbers them as they come gives (the bin's
// figures, the people, the warnings, the cards given to each), over
// files of every form of card and every kind of bin; and where two
// cards are one number but for leading zeros, the import's problems.
func TestCheckNumbersAsImport(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 8))
	dir := t.TempDir()
	forms := []func(n int) string{
		func(n int) string { return fmt.Sprintf("6001%012d", n) },
		func(n int) string { return fmt.Sprintf("%d", n) }, // shorter than the rest: a warning
		func(n int) string { return fmt.Sprintf("M%06d", n) },
		func(n int) string { return fmt.Sprintf("%020d%d", n, n) },
		func(n int) string { return fmt.Sprintf("1%018d", n) }, // past 2^60
		func(n int) string { return fmt.Sprintf("%s%d", strings.Repeat("0", 9), n+1_000_000) },
	}
	for i, tc := range []struct {
		tickets show.TicketRule
		cap     bool
		twins   bool
	}{
		{show.PerRow, false, false}, {show.PerRow, true, false}, {show.Points, false, false}, {show.One, false, false},
		{show.PerRow, false, true}, {show.Points, false, true},
	} {
		var b strings.Builder
		b.WriteString("Ticket,Card,Name,Tier,Points\n")
		people := 300
		if tc.tickets != show.PerRow {
			people = 5000
		}
		cardOf := make([]string, people)
		for j := range cardOf {
			cardOf[j] = forms[0](j) // most cards of one form
			if j%3 == 0 {
				cardOf[j] = forms[j/3%len(forms)](j)
			}
		}
		rows := 5000
		for r := range rows {
			who := r % people
			if tc.tickets == show.PerRow {
				who = rng.IntN(people)
			}
			card := cardOf[who]
			if tc.twins && r == rows/2 {
				card = "00" + cardOf[0]
			}
			fmt.Fprintf(&b, "T%d,%s,Ann %d,%s,%d\n", r, card, who, show.Tiers[(who+r/1000)%len(show.Tiers)], 300+who)
		}
		path := filepath.Join(dir, fmt.Sprintf("entries-%d.csv", i))
		filetest.Write(t, path, b.String())
		seg := &show.Segment{ID: "sat", Tickets: tc.tickets, Entries: path, PointsPerTicket: 100}
		if tc.cap {
			seg.Cap = map[show.Tier]uint64{show.Ten: 2}
		}
		excluded := map[string]bool{cardOf[3]: true, cardOf[10]: true}
		var slow, fast []string
		want, wantErr := checkFile(seg, excluded, nil, func(c string) { slow = append(slow, c) }, true, options{})
		want.DropEntries()
		got, err := checkFile(seg, excluded, nil, func(c string) { fast = append(fast, c) }, false, options{})
		if tc.twins {
			if wantErr == nil || err == nil || err.Error() != wantErr.Error() || !strings.Contains(err.Error(), "leading zeros") {
				t.Errorf("case %d: check gives %v; the import %v", i, err, wantErr)
			}
			continue
		}
		if wantErr != nil || err != nil {
			t.Fatalf("case %d: %v; %v", i, wantErr, err)
		}
		slices.Sort(slow)
		slices.Sort(fast)
		if !reflect.DeepEqual(got, want) || !slices.Equal(fast, slow) {
			t.Errorf("case %d: check gives %+v\n%+v, %d cards; the import %+v\n%+v, %d cards", i, got, got.Bin, len(fast), want, want.Bin, len(slow))
		}
	}
}

func TestDecimalDigits(t *testing.T) {
	t.Parallel()
	for _, v := range []uint64{0, 1, 9, 10, 99, 100, 1<<60 - 1, 999_999_999_999_999_999, 1_000_000_000_000_000_000, math.MaxUint64} {
		if got, want := decimalDigits(v), len(strconv.FormatUint(v, 10)); got != want {
			t.Errorf("%d: %d digits, want %d", v, got, want)
		}
	}
	for v := uint64(1); v < math.MaxUint64/3; v = v*3 + 1 {
		if got, want := decimalDigits(v), len(strconv.FormatUint(v, 10)); got != want {
			t.Errorf("%d: %d digits, want %d", v, got, want)
		}
	}
}
