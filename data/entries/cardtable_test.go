package entries

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestCardTable: every value put is found with its v through the
// table's growth, the extremes included, and no other value is.
func TestCardTable(t *testing.T) {
	t.Parallel()
	var tb cardTable
	rng := rand.New(rand.NewPCG(1, 2))
	want := map[uint64]uint64{}
	for _, v := range []uint64{0, 1, 9_999_999_999_999_999_999} {
		want[v] = uint64(len(want))
	}
	for len(want) < 200_000 {
		want[rng.Uint64N(1e16)] = uint64(len(want))
	}
	for value, v := range want {
		if _, ok := tb.get(value); ok {
			t.Fatalf("%d found before it was put", value)
		}
		tb.put(value, v)
	}
	if 2*tb.n > len(tb.slots) || tb.n != len(want) {
		t.Fatalf("%d values in %d slots, want %d at most half full", tb.n, len(tb.slots), len(want))
	}
	for value, v := range want {
		if got, ok := tb.get(value); !ok || got != v {
			t.Fatalf("get(%d) = %d, %v; want %d", value, got, ok, v)
		}
	}
	for range 100_000 {
		value := rng.Uint64N(1e17)
		if _, ok := want[value]; !ok {
			if got, ok := tb.get(value); ok {
				t.Fatalf("get(%d) = %d, never put", value, got)
			}
		}
	}
	if tb.touch([]uint64{0, 1}) == 0 {
		t.Fatal("touch read nothing of slots holding values")
	}
}

// TestCardIDsPastWarmFrom: past warmFrom cards the look-up moves to a
// table; every card keeps its number, and a twin of a card numbered
// before the move (one number but for leading zeros) is still found.
func TestCardIDsPastWarmFrom(t *testing.T) {
	t.Parallel()
	k := newCardIDs()
	card := func(i int) string { return fmt.Sprintf("6001%012d", i*7919) }
	for i := range warmFrom + 1000 {
		if id, _, _, twin := k.id(card(i), i+2); int(id) != i || twin {
			t.Fatalf("card %d numbered %d (twin %v)", i, id, twin)
		}
	}
	if k.big.slots == nil || k.byKey != nil {
		t.Fatal("the look-up did not move to the table")
	}
	for _, i := range []int{0, 1, warmFrom - 1, warmFrom, warmFrom + 999} {
		if id, _, _, _ := k.id(card(i), 1); int(id) != i {
			t.Fatalf("card %d found as %d", i, id)
		}
	}
	if _, other, row, twin := k.id("0"+card(5), 9); !twin || other != card(5) || row != 7 {
		t.Fatalf("twin of card 5: %q on row %d, %v", other, row, twin)
	}
	v, _ := plainValue(card(3))
	if k.big.touch([]uint64{v}) == 0 {
		t.Fatal("touch read nothing of a table holding the card")
	}
}
