package entries

import (
	"math/rand/v2"
	"testing"
)

// TestCardTable: every value put is found with its v through the
// table's growth, the extremes included, and no other value is.
func TestCardTable(t *testing.T) {
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

func TestPlainValue(t *testing.T) {
	for card, want := range map[string]uint64{"6001000012345678": 6001000012345678, "0060012345": 60012345, "0": 0, "000": 0, "9999999999999999999": 9999999999999999999} {
		if got, ok := plainValue(card); !ok || got != want {
			t.Errorf("plainValue(%q) = %d, %v; want %d", card, got, ok, want)
		}
	}
	for _, card := range []string{"", "12345678901234567890", "6001-0000", "A123", " 12"} {
		if v, ok := plainValue(card); ok {
			t.Errorf("plainValue(%q) = %d; want none", card, v)
		}
	}
}
