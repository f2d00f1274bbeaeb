package show

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestPoolMatchesChoose: the engine's fast pool picks exactly what the
// published reference Choose picks, pick after pick.
func TestPoolMatchesChoose(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 200 {
		n := 1 + rng.IntN(60)
		people := 1 + rng.IntN(n)
		if trial%3 == 0 {
			people = n // one entry each: the pool's identity numbering
		}
		es := make([]Entry, n)
		for i := range es {
			p := fmt.Sprintf("P%d", rng.IntN(people))
			if people == n {
				p = fmt.Sprintf("P%d", i)
			}
			es[i] = Entry{Ticket: fmt.Sprintf("T%03d", rng.IntN(1000)*1000+i), Participant: p, Weight: 1 + rng.Uint64N(9)}
		}
		SortEntries(es)
		b := &Bin{Entries: es, Fingerprint: Fingerprint(es)}
		b.Total, _ = TotalWeight(es)
		seen := map[string]bool{}
		for _, e := range es {
			seen[e.Participant] = true
		}
		b.Participants = len(seen)
		var key [32]byte
		key[0] = byte(trial)
		p := newPool(b)
		picked := map[string]bool{}
		for k := 0; ; k++ {
			want, werr := Choose(key, "d", b.Fingerprint, es, k, picked)
			got, gerr := p.choose(key, "d", b, k)
			if want != got || (werr == nil) != (gerr == nil) {
				t.Fatalf("trial %d pick %d: pool %d (%v), Choose %d (%v)", trial, k, got, gerr, want, werr)
			}
			if werr != nil {
				break
			}
			picked[es[want].Participant] = true
			p.remove(find(b, es[want].Ticket))
		}
	}
}
