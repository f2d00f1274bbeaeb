package show_test

// Benchmarks behind the README's performance table (make bench): freezing,
// fingerprinting and picking from a 1 000 000-entry weighted bin.

import (
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"

	"drawshow/show"
)

const benchEntries = 1_000_000

// benchSegment is a points draw: one row per participant, one ticket per
// 300 points, so the bin is weighted.
var benchSegment = &show.Segment{ID: "bench", Kind: show.KindDraw, Tickets: show.Points, PointsPerTicket: 300, Winners: 5}

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

func keepAll(string) (bool, bool) { return false, false }

func freeze(b *testing.B, rows []show.Row) *show.Bin {
	bb := show.NewBinBuilder(benchSegment, keepAll)
	for _, r := range rows {
		bb.Add(r)
	}
	bin, err := bb.Bin()
	if err != nil {
		b.Fatal(err)
	}
	return bin
}

var benchBin = sync.OnceValue(func() *show.Bin {
	bb := show.NewBinBuilder(benchSegment, keepAll)
	for _, r := range benchRows() {
		bb.Add(r)
	}
	bin, err := bb.Bin()
	if err != nil {
		panic(err)
	}
	return bin
})

// BenchmarkFreeze1M builds the bin from its rows: eligibility, weights,
// canonical sort, total and fingerprint.
func BenchmarkFreeze1M(b *testing.B) {
	rows := benchRows()
	b.ReportAllocs()
	for b.Loop() {
		bin := freeze(b, rows)
		if len(bin.Entries) != benchEntries {
			b.Fatalf("bin has %d entries, want %d", len(bin.Entries), benchEntries)
		}
	}
}

func BenchmarkFingerprint1M(b *testing.B) {
	bin := benchBin()
	for b.Loop() {
		show.Fingerprint(bin.Entries)
	}
}

// BenchmarkPick1M is one pick (the 6th) from the frozen bin with five
// participants already picked.
func BenchmarkPick1M(b *testing.B) {
	bin := benchBin()
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
