package show

import (
	"fmt"
	"math"
	"testing"
)

// Goodness-of-fit of the draw: Pearson's chi-square at α = 0.001 over
// fixed seeds, so each test is deterministic; a correct implementation
// passes with probability 0.999 per seed, and the seeds below do.

// z999 is the standard normal quantile of 0.999.
const z999 = 3.090232306167813

// chi2Critical is the chi-square quantile of 1-α = 0.999 with df degrees
// of freedom by the Wilson–Hilferty approximation
//
//	q = df · (1 − 2/(9·df) + z·√(2/(9·df)))³,  z = Φ⁻¹(0.999) = 3.0902,
//
// which for df ≥ 9 is within 1 % of the tables and errs on the high side
// (df 9: 28.06 vs 27.877, df 49: 85.43 vs 85.351, df 80: 124.90 vs
// 124.839; checked in TestChi2Critical).
func chi2Critical(df int) float64 {
	v := 2 / (9 * float64(df))
	return float64(df) * math.Pow(1-v+z999*math.Sqrt(v), 3)
}

func TestChi2Critical(t *testing.T) {
	for df, table := range map[int]float64{9: 27.877, 49: 85.351, 80: 124.839} {
		if got := chi2Critical(df); got < table || (got-table)/table > 0.01 {
			t.Errorf("df %d: %.3f, table %.3f", df, got, table)
		}
	}
}

// chi2 is Pearson's statistic of observed counts against expected counts.
func chi2(obs []int, exp []float64) float64 {
	var s float64
	for i, o := range obs {
		d := float64(o) - exp[i]
		s += d * d / exp[i]
	}
	return s
}

// statPicks is the number of simulated picks per test: at least 100 000.
func statPicks() int {
	if testing.Short() {
		return 20_000
	}
	return 100_000
}

func weightedBin(weights []uint64) []Entry {
	bin := make([]Entry, len(weights))
	for i, w := range weights {
		bin[i] = Entry{Ticket: fmt.Sprintf("t%03d", i), Participant: fmt.Sprintf("p%03d", i), Weight: w}
	}
	SortEntries(bin)
	return bin
}

// firstPicks tallies pick 0 over n draws, each under its own draw_id.
func firstPicks(t *testing.T, key [32]byte, prefix string, bin []Entry, n int) []int {
	t.Helper()
	fp := Fingerprint(bin)
	counts := make([]int, len(bin))
	for i := range n {
		j, err := Choose(key, fmt.Sprintf("%s-%d", prefix, i), fp, bin, 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		counts[j]++
	}
	return counts
}

func proportional(bin []Entry, n int) []float64 {
	total, _ := TotalWeight(bin)
	exp := make([]float64, len(bin))
	for i, e := range bin {
		exp[i] = float64(n) * float64(e.Weight) / float64(total)
	}
	return exp
}

func TestChiSquareUniform(t *testing.T) {
	t.Parallel()
	n := statPicks()
	ws := make([]uint64, 50)
	for i := range ws {
		ws[i] = 1
	}
	bin := weightedBin(ws)
	counts := firstPicks(t, Key(seedOf(31), ""), "uniform", bin, n)
	stat, crit := chi2(counts, proportional(bin, n)), chi2Critical(len(bin)-1)
	t.Logf("uniform, %d picks over %d tickets: chi² = %.2f, critical (df %d, α 0.001) = %.2f", n, len(bin), stat, len(bin)-1, crit)
	if stat > crit {
		t.Fatalf("chi² %.2f > %.2f: pick 0 is not uniform (counts %v)", stat, crit, counts)
	}
}

func TestChiSquareWeighted(t *testing.T) {
	t.Parallel()
	n := statPicks()
	bin := weightedBin([]uint64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
	counts := firstPicks(t, Key(seedOf(32), "witness"), "weighted", bin, n)
	stat, crit := chi2(counts, proportional(bin, n)), chi2Critical(len(bin)-1)
	t.Logf("weights 1..10, %d picks: chi² = %.2f, critical (df %d, α 0.001) = %.2f", n, stat, len(bin)-1, crit)
	if stat > crit {
		t.Fatalf("chi² %.2f > %.2f: pick 0 is not weight-proportional (counts %v)", stat, crit, counts)
	}
}

// Pick 1, given pick 0, is proportional to weight over the remaining pool.
// The trials are split by their first pick: within a stratum the second
// picks are independent draws from one distribution (the pool without that
// participant, df = m−2), and the strata are independent, so the sum of
// the strata's statistics is chi-square with m·(m−2) degrees of freedom.
func TestChiSquareSecondPick(t *testing.T) {
	t.Parallel()
	n := statPicks()
	bin := weightedBin([]uint64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
	m := len(bin)
	fp := Fingerprint(bin)
	key := Key(seedOf(33), "")
	counts := make([][]int, m) // counts[first][second]
	for i := range counts {
		counts[i] = make([]int, m)
	}
	for i := range n {
		id := fmt.Sprintf("second-%d", i)
		a, err := Choose(key, id, fp, bin, 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Choose(key, id, fp, bin, 1, map[string]bool{bin[a].Participant: true})
		if err != nil {
			t.Fatal(err)
		}
		if a == b {
			t.Fatalf("draw %d: pick 1 repeated pick 0", i)
		}
		counts[a][b]++
	}
	total, _ := TotalWeight(bin)
	var stat float64
	for a := range m {
		var na int
		for _, c := range counts[a] {
			na += c
		}
		var obs []int
		var exp []float64
		for b := range m {
			if b == a {
				continue
			}
			obs = append(obs, counts[a][b])
			exp = append(exp, float64(na)*float64(bin[b].Weight)/float64(total-bin[a].Weight))
		}
		stat += chi2(obs, exp)
	}
	df := m * (m - 2)
	crit := chi2Critical(df)
	t.Logf("pick 1 given pick 0, %d draws: chi² = %.2f, critical (df %d, α 0.001) = %.2f", n, stat, df, crit)
	if stat > crit {
		t.Fatalf("chi² %.2f > %.2f: pick 1 is not proportional over the remaining pool", stat, crit)
	}
}

// With total = 3·2^62 a quarter of the 64-bit values must be rejected;
// taking x mod total without the rejection would give the first entry half
// of the picks. df = 2: the quantile is exactly −2·ln(0.001) = 13.8155.
func TestChiSquareRejection(t *testing.T) {
	t.Parallel()
	n := statPicks() / 4
	bin := weightedBin([]uint64{1 << 62, 1 << 62, 1 << 62})
	counts := firstPicks(t, Key(seedOf(34), ""), "reject", bin, n)
	stat, crit := chi2(counts, proportional(bin, n)), -2*math.Log(0.001)
	t.Logf("total 3·2^62, %d picks: chi² = %.2f, critical (df 2, α 0.001) = %.4f; counts %v", n, stat, crit, counts)
	if stat > crit {
		t.Fatalf("chi² %.2f > %.2f: the rejection step is missing or wrong (counts %v)", stat, crit, counts)
	}
}
