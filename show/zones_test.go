package show

import (
	"slices"
	"testing"
	"time"
)

// TestZonesLoad: every timezone a show file may name loads, from the
// program's own data, and the list is the toolchain's when the test runs
// under it.
func TestZonesLoad(t *testing.T) {
	if len(Zones) < 400 || !slices.IsSorted(Zones) || !knownZone("Africa/Johannesburg") || knownZone("Local") || knownZone("Africa/Joburg") {
		t.Fatalf("zones.txt: %d names, sorted %v", len(Zones), slices.IsSorted(Zones))
	}
	for _, z := range Zones {
		if _, err := time.LoadLocation(z); err != nil {
			t.Errorf("%s: %v", z, err)
		}
	}
}
