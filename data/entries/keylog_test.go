package entries

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestKeyLog: the duplicates a keyLog finds are those a map finds, in row
// order, with their rows and first rows, over keys of every length and
// rows with gaps between them (blank and refused rows), past the marks and
// the size from which the hashes are sorted by buckets.
func TestKeyLog(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 2, 63, 64, 65, 1000, 5000, 100_000} {
		k := newKeyLog()
		if n > 10 {
			k.reserve(n/2, 8)
		}
		type row struct {
			key  string
			line int
		}
		var rows []row
		line := 1
		for i := range n {
			line += 1 + rng.IntN(3)/2*rng.IntN(400) // mostly the next row
			key := fmt.Sprint(rng.IntN(n*3 + 1))
			if i%7 == 0 {
				key += string(make([]byte, rng.IntN(300))) // a long key now and then
			}
			rows = append(rows, row{key, line})
			k.add(key, line)
		}
		var want []dupe
		first := map[string]int{}
		for i, r := range rows {
			if f, ok := first[r.key]; ok {
				want = append(want, dupe{line: int32(r.line), first: int32(rows[f].line), key: uint32(i)})
			} else {
				first[r.key] = i
			}
		}
		for i := 0; i < n; i += 1 + i/3 {
			if key, line := k.at(uint32(i)); key != rows[i].key || int(line) != rows[i].line {
				t.Fatalf("n=%d: key %d is %q on row %d, want %q on row %d", n, i, key, line, rows[i].key, rows[i].line)
			}
		}
		if got := k.dupes(); !slices.Equal(got, want) {
			t.Fatalf("n=%d: %d dupes, want %d\n%v\n%v", n, len(got), len(want), got[:min(len(got), 5)], want[:min(len(want), 5)])
		}
	}
}

// TestCardIDs: cards are numbered in the order first seen, each card
// written again from its number as it was, and a card that is an earlier
// one but for leading zeros is its twin, as cardTwins found them: keys of
// up to 19 digits and longer, letters, and more leading zeros than a
// number holds.
func TestCardIDs(t *testing.T) {
	t.Parallel()
	long := "1234567890123456789012"
	zeros := strings.Repeat("0", 300)
	cards := []string{"6001234567890123", "A12", "0060012345", "99999999999999999999", long, zeros + "7", "0", "9999999999999999999"}
	k := newCardIDs()
	row := 1
	for round := range 3 {
		for i, card := range cards {
			row++
			id, _, _, twin := k.id(card, row)
			if n := max(i+1, min(round, 1)*len(cards)); int(id) != i || twin || k.n() != n {
				t.Fatalf("round %d: %q is %d (twin %v), %d numbered", round, card, id, twin, k.n())
			}
			if got := string(k.appendCard(nil, id)); got != card {
				t.Fatalf("card %d written as %q, want %q", id, got, card)
			}
		}
	}
	k = newCardIDs()
	for i, tt := range []struct {
		card, other string
		row         int
	}{
		{"60012345", "", 0}, {"60012345", "", 0}, {"0060012345", "60012345", 2},
		{"0060012345", "", 0}, // the card of the row before is not looked at again
		{"X1", "", 0}, {"0060012345", "", 0}, {"60012345", "", 0}, {"060012345", "60012345", 2},
		{zeros + "5", "", 0}, {"5", zeros + "5", 10}, {"00" + long, "", 0}, {long, "00" + long, 12},
		{"0", "", 0}, {"000", "0", 14},
	} {
		_, other, row, twin := k.id(tt.card, i+2)
		if twin != (tt.other != "") || other != tt.other || row != tt.row {
			t.Errorf("row %d %q: twin %v of %q on row %d, want %q on row %d", i+2, tt.card, twin, other, row, tt.other, tt.row)
		}
	}
}
