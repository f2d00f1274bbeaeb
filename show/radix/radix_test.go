package radix

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
)

// TestUint64s: the sort is slices.Sort's, over sizes on both sides of
// From and keys that share none, some or all of their bytes.
func TestUint64s(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	gens := map[string]func() uint64{
		"random":     rng.Uint64,
		"16 digits":  func() uint64 { return 6_001_000_000_000_000 + rng.Uint64N(1_000_000_000_000) },
		"few":        func() uint64 { return rng.Uint64N(3) << 40 },
		"all one":    func() uint64 { return 42 },
		"low bytes":  func() uint64 { return rng.Uint64N(1 << 16) },
		"high bytes": func() uint64 { return rng.Uint64N(1<<16) << 48 },
	}
	for name, gen := range gens {
		for _, n := range []int{0, 1, 31, 33, From - 1, From, From*40 + 7, parallel*3 + 1} {
			a := make([]uint64, n)
			for i := range a {
				a[i] = gen()
			}
			want := slices.Clone(a)
			slices.Sort(want)
			Uint64s(a)
			if !slices.Equal(a, want) {
				t.Fatalf("%s, %d: not sorted as slices.Sort sorts", name, n)
			}
		}
	}
}

type pair struct {
	key uint64
	tie string
}

// TestSortTie: elements of equal keys are ordered by tie, whatever their
// number.
func TestSortTie(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{10, From + 1, parallel*2 + 5} {
		a := make([]pair, n)
		for i := range a {
			a[i] = pair{rng.Uint64N(uint64(n/8+1)) << 20, string(rune('a' + rng.IntN(26)))}
		}
		byBoth := func(x, y pair) int {
			if c := cmp.Compare(x.key, y.key); c != 0 {
				return c
			}
			return cmp.Compare(x.tie, y.tie)
		}
		want := slices.Clone(a)
		slices.SortFunc(want, byBoth)
		Sort(a, func(p pair) uint64 { return p.key }, func(x, y pair) int { return cmp.Compare(x.tie, y.tie) })
		if !slices.Equal(a, want) {
			t.Fatalf("%d: not sorted by key and tie", n)
		}
		// without tie: by key, the same elements
		rng.Shuffle(len(a), func(i, j int) { a[i], a[j] = a[j], a[i] })
		Sort(a, func(p pair) uint64 { return p.key }, nil)
		if !slices.IsSortedFunc(a, func(x, y pair) int { return cmp.Compare(x.key, y.key) }) {
			t.Fatalf("%d: not sorted by key", n)
		}
		slices.SortFunc(a, byBoth)
		if !slices.Equal(a, want) {
			t.Fatalf("%d: elements lost or made", n)
		}
	}
}

func BenchmarkUint64s5M(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 6))
	src := make([]uint64, 5_000_000)
	for i := range src {
		src[i] = rng.Uint64()
	}
	a := make([]uint64, len(src))
	for b.Loop() {
		copy(a, src)
		Uint64s(a)
	}
}

func BenchmarkSort5M(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 6))
	type entry struct {
		key      uint64
		who, ext uint32
	}
	src := make([]entry, 5_000_000)
	for i := range src {
		src[i] = entry{key: 0x3130000000000000 | rng.Uint64N(1<<40), who: uint32(i)}
	}
	a := make([]entry, len(src))
	for b.Loop() {
		copy(a, src)
		Sort(a, func(e entry) uint64 { return e.key }, func(x, y entry) int { return cmp.Compare(x.ext, y.ext) })
	}
}

// BenchmarkCards5M sorts 5 000 000 16-digit card numbers, each with its
// place, as check numbers the cards of a file.
func BenchmarkCards5M(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 6))
	src := make([]pair2, 5_000_000)
	for i := range src {
		src[i] = pair2{6_001_000_000_000_000 + rng.Uint64N(1_000_000_000_000), uint64(i)}
	}
	a := make([]pair2, len(src))
	for b.Loop() {
		copy(a, src)
		Sort(a, func(p pair2) uint64 { return p.key }, nil)
	}
}

type pair2 struct{ key, at uint64 }

// BenchmarkTickets5M sorts the entries of 5 000 000 tickets of 8 digits
// in random order, as the tally's are: keys of ASCII digits, 10 values
// of each byte's 256.
func BenchmarkTickets5M(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 6))
	src := make([]pair2, 5_000_000)
	for i, n := range rng.Perm(len(src)) {
		var k uint64
		for _, c := range []byte(strconv.Itoa(10_000_000 + n)) {
			k = k<<8 | uint64(c)
		}
		src[i] = pair2{k, uint64(i)}
	}
	a := make([]pair2, len(src))
	for b.Loop() {
		copy(a, src)
		Sort(a, func(p pair2) uint64 { return p.key }, nil)
	}
}
