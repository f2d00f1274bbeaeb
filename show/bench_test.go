package show_test

// Benchmarks behind the README's performance table (make bench): freezing,
// fingerprinting and picking from a 1 000 000-entry weighted bin.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"

	"drawshow/show"
)

const benchEntries = 1_000_000

// benchShowText is a points draw: one row per participant, one ticket per
// 300 points, so the bin is weighted. The engine never reads the file.
const benchShowText = `promotion: Benchmark Night
property: Gold Reef City
segments:
  - id: bench
    at: "2024-11-30T21:30"
    entries: entries.csv
    tickets: points
    points_per_ticket: 300
    winners: 5
`

func benchShow(b *testing.B) *show.Show {
	b.Helper()
	sh, err := show.Parse("bench.yaml", []byte(benchShowText))
	if err != nil {
		b.Fatal(err)
	}
	return sh
}

// benchRows are 1 000 000 participants in random card order, each with
// 300..30 299 points (1..100 tickets), every tier.
var benchRows = sync.OnceValue(func() []show.Row {
	rng := rand.New(rand.NewPCG(1, 2))
	rows := make([]show.Row, benchEntries)
	for i, n := range rng.Perm(benchEntries) {
		card := fmt.Sprintf("6001%012d", uint64(n)*999_983%1_000_000_000_000)
		rows[i] = show.Row{Card: card, Tier: show.Tiers[rng.IntN(len(show.Tiers))], Points: 300 + rng.Uint64N(30_000)}
	}
	return rows
})

// rowSource is the show.Source of the benchmark rows.
type rowSource []show.Row

func (s rowSource) Rows(_ *show.Segment, fn func(show.Row) error) error {
	for _, r := range s {
		if err := fn(r); err != nil {
			return err
		}
	}
	return nil
}

func keepAll(string) (bool, bool) { return false, false }

func freeze(seg *show.Segment, rows []show.Row) (*show.Bin, error) {
	bb := show.NewBinBuilder(seg, keepAll)
	bb.Grow(len(rows)) // as the engine does, from the imported row count
	for _, r := range rows {
		bb.Add(r)
	}
	return bb.Bin()
}

// BenchmarkFreeze1M builds the bin from its rows: eligibility, weights,
// canonical sort, total and fingerprint.
func BenchmarkFreeze1M(b *testing.B) {
	seg := &benchShow(b).Segments[0]
	rows := benchRows()
	for b.Loop() {
		bin, err := freeze(seg, rows)
		if err != nil {
			b.Fatal(err)
		}
		if len(bin.Entries) != benchEntries {
			b.Fatalf("bin has %d entries, want %d", len(bin.Entries), benchEntries)
		}
	}
}

func BenchmarkFingerprint1M(b *testing.B) {
	bin, err := freeze(&benchShow(b).Segments[0], benchRows())
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		show.Fingerprint(bin.Entries)
	}
}

// BenchmarkPick1M is one draw as the engine decides it over a frozen
// 1 000 000-entry bin: the pick and its announcement, without the commit
// (data.BenchmarkPickCommit1M adds it). Between draws (untimed) the pick
// is forfeited, so every draw is a redraw with participants already out.
func BenchmarkPick1M(b *testing.B) {
	sh := benchShow(b)
	at := time.Date(2024, 11, 30, 19, 25, 0, 0, time.UTC)
	eng := show.NewEngine(sh, rowSource(benchRows()), func() time.Time { return at })
	seed := []byte("0123456789abcdef0123456789abcdef")
	if err := eng.SetSeed(seed); err != nil {
		b.Fatal(err)
	}
	do := func(c show.Command) []show.Event {
		ch, err := eng.Decide(c)
		if err != nil {
			b.Fatalf("%s: %v", c.Op, err)
		}
		eng.Apply(ch)
		return ch.Events
	}
	do(show.Command{Op: show.OpOpen, ShowID: "bench", Opening: &show.Opened{
		Algorithm: show.Algorithm, Commitment: show.Commitment(seed), Witness: "auditor", Segments: []string{"bench"}}})
	do(show.Command{Op: show.OpLoad, Segment: "bench", Loaded: &show.Loaded{File: "entries.csv", Rows: benchEntries}})
	do(show.Command{Op: show.OpDraw}) // freezes the bin, then picks
	if bin := eng.State().CurSeg().Bin; bin == nil || len(bin.Entries) != benchEntries {
		b.Fatalf("the bin is not frozen with %d entries", benchEntries)
	}
	for range 4 {
		do(show.Command{Op: show.OpForfeit})
		do(show.Command{Op: show.OpDraw})
	}
	do(show.Command{Op: show.OpForfeit})
	var took []time.Duration
	for b.Loop() {
		t0 := time.Now()
		ch, err := eng.Decide(show.Command{Op: show.OpDraw})
		took = append(took, time.Since(t0))

		b.StopTimer()
		if err != nil {
			b.Fatal(err)
		}
		if len(ch.Events) != 2 || ch.Events[0].Kind != show.PickDrawn {
			b.Fatalf("draw gave %d events, want pick-drawn and pick-announced", len(ch.Events))
		}
		eng.Apply(ch)
		do(show.Command{Op: show.OpForfeit})
		b.StartTimer()
	}
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)*99/100].Microseconds())/1000, "p99_ms")
	b.ReportMetric(float64(took[len(took)-1].Microseconds())/1000, "max_ms")
}

// BenchmarkChoose1M is the reference implementation of a pick (what an
// auditor re-implements and verify runs) over the frozen bin with five
// participants already picked: a map lookup per entry.
func BenchmarkChoose1M(b *testing.B) {
	bin, err := freeze(&benchShow(b).Segments[0], benchRows())
	if err != nil {
		b.Fatal(err)
	}
	key := show.Key([]byte("0123456789abcdef0123456789abcdef"), "auditor")
	picked := map[string]bool{}
	for k := range 5 {
		i, err := show.Choose(key, "bench", bin.Fingerprint, bin.Entries, k, picked)
		if err != nil {
			b.Fatal(err)
		}
		picked[bin.Entries[i].Participant] = true
	}
	for b.Loop() {
		if _, err := show.Choose(key, "bench", bin.Fingerprint, bin.Entries, 5, picked); err != nil {
			b.Fatal(err)
		}
	}
}
