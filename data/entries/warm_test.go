package entries

import "testing"

func TestPlainValue(t *testing.T) {
	t.Parallel()
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
