package show

import (
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

type vectorFile struct {
	Algorithm string `json:"algorithm"`
	Cases     []struct {
		Name        string    `json:"name"`
		Seed        string    `json:"seed"`
		Commitment  string    `json:"commitment"`
		Witness     string    `json:"witness"`
		Key         string    `json:"key"`
		DrawID      string    `json:"draw_id"`
		Entries     []vecEn   `json:"entries"`
		Fingerprint string    `json:"fingerprint"`
		Picks       []vecPick `json:"picks"`
	} `json:"cases"`
}

type vecEn struct {
	Ticket      string `json:"ticket"`
	Participant string `json:"participant"`
	Weight      uint64 `json:"weight"`
}

// TestVectors reproduces the independent implementation's test vectors
// (a copy of shared/vectors/drawshow-v1.json).
func TestVectors(t *testing.T) {
	vf := loadVectors(t)
	if vf.Algorithm != Algorithm || len(vf.Cases) < 6 {
		t.Fatalf("vector file: algorithm %q, %d cases", vf.Algorithm, len(vf.Cases))
	}
	for _, c := range vf.Cases {
		t.Run(c.Name, func(t *testing.T) {
			seed, err := hex.DecodeString(c.Seed)
			if err != nil {
				t.Fatal(err)
			}
			if got := Commitment(seed); got != c.Commitment {
				t.Errorf("commitment %s, want %s", got, c.Commitment)
			}
			key := Key(seed, c.Witness)
			if got := hex.EncodeToString(key[:]); got != c.Key {
				t.Errorf("key %s, want %s", got, c.Key)
			}
			vectorPicks(t, key, c.DrawID, c.Entries, c.Fingerprint, c.Picks)
		})
	}
}

type vecPick struct {
	K           int    `json:"k"`
	Ticket      string `json:"ticket"`
	Participant string `json:"participant"`
}

// vectorPicks checks a vector's bin fingerprint and its picks under key.
func vectorPicks(t *testing.T, key [32]byte, drawID string, entries []vecEn, fingerprint string, picks []vecPick) {
	t.Helper()
	bin := make([]Entry, len(entries))
	for i, e := range entries {
		bin[i] = Entry(e)
	}
	SortEntries(bin)
	fp := Fingerprint(bin)
	if got := hex.EncodeToString(fp[:]); got != fingerprint {
		t.Errorf("fingerprint %s, want %s", got, fingerprint)
	}
	picked := map[string]bool{}
	for _, p := range picks {
		i, err := Choose(key, drawID, fp, bin, p.K, picked)
		if err != nil {
			t.Fatalf("pick %d: %v", p.K, err)
		}
		if bin[i].Ticket != p.Ticket || bin[i].Participant != p.Participant {
			t.Errorf("pick %d: %s/%s, want %s/%s", p.K, bin[i].Ticket, bin[i].Participant, p.Ticket, p.Participant)
		}
		picked[bin[i].Participant] = true
	}
}

// loadVectors reads the copy of shared/vectors/drawshow-v1.json.
func loadVectors(t *testing.T) vectorFile {
	t.Helper()
	b, err := os.ReadFile("testdata/drawshow-v1.json")
	if err != nil {
		t.Fatal(err)
	}
	var vf vectorFile
	if err := json.Unmarshal(b, &vf); err != nil {
		t.Fatal(err)
	}
	return vf
}

// fixedStream is a stream whose next draws are xs, in order (at most four:
// one block); after them it goes on as the stream of an all-zero key.
func fixedStream(xs ...uint64) *stream {
	s := newStream(Algorithm, [32]byte{}, "fixed", [32]byte{}, 0)
	for i, x := range xs {
		binary.BigEndian.PutUint64(s.block[i*8:], x)
	}
	s.used = 0
	return s
}

// TestUniformRejects checks drawshow-v1's rejection step in uniform: a draw
// x at or above limit = floor(2^64/T)*T is skipped and the next one taken,
// a draw below it is kept, and a T that divides 2^64 rejects nothing.
func TestUniformRejects(t *testing.T) {
	for _, c := range []struct {
		name  string
		total uint64
		xs    []uint64
		want  uint64 // r
		used  int    // draws taken from the stream
	}{
		{"T=3: x=limit=2^64-1 is rejected", 3, []uint64{1<<64 - 1, 5}, 2, 2},
		{"T=3: x=limit-1 is kept", 3, []uint64{1<<64 - 2, 5}, (1<<64 - 2) % 3, 1},
		{"T=3*2^62: x=limit and x=limit+1 are rejected", 3 << 62, []uint64{3 << 62, 3<<62 + 1, 7}, 7, 3},
		{"T=3*2^62: x=limit-1 is kept", 3 << 62, []uint64{3<<62 - 1, 7}, 3<<62 - 1, 1},
		{"T=3*2^62: the largest x is rejected", 3 << 62, []uint64{1<<64 - 1, 1 << 62}, 1 << 62, 2},
		{"T=2^64-1: only 2^64-1 is rejected", 1<<64 - 1, []uint64{1<<64 - 1, 1<<64 - 2}, 1<<64 - 2, 2},
		{"T=2^40 divides 2^64: nothing is rejected", 1 << 40, []uint64{1<<64 - 1, 5}, 1<<40 - 1, 1},
		{"T=1: nothing is rejected", 1, []uint64{1<<64 - 1, 5}, 0, 1},
	} {
		s := fixedStream(c.xs...)
		if got := uniform(s, c.total); got != c.want || s.used != c.used {
			t.Errorf("%s: r = %d after %d draws, want %d after %d", c.name, got, s.used, c.want, c.used)
		}
	}

	// The same through Choose, on the real stream: the key and the bin of
	// the vectors' rejection case (three tickets of weight 2^62, T = 3*2^62),
	// under a draw id whose pick 0 rejects its first two draws (the case's
	// own picks under big-weights happen to reject none). Taken as it
	// comes, the first (>= 3*2^62, so x mod T < 2^62) would pick a.
	var key [32]byte
	var bin []Entry
	for _, c := range loadVectors(t).Cases {
		if c.Name != "rejection-sampling" {
			continue
		}
		seed, err := hex.DecodeString(c.Seed)
		if err != nil {
			t.Fatal(err)
		}
		key = Key(seed, c.Witness)
		for _, e := range c.Entries {
			bin = append(bin, Entry(e))
		}
	}
	if bin == nil {
		t.Fatal("no rejection-sampling case in the vectors")
	}
	SortEntries(bin)
	fp := Fingerprint(bin)
	total, err := TotalWeight(bin)
	if err != nil || total != 3<<62 {
		t.Fatalf("rejection-sampling: total weight %d (%v), want 3*2^62", total, err)
	}
	const drawID = "rejects-10"
	st := newStream(Algorithm, key, drawID, fp, 0)
	if x0, x1, x2 := st.next(), st.next(), st.next(); x0 < total || x1 < total || x2 >= total {
		t.Fatalf("%s: draws %#x %#x %#x, want two at or above limit %#x, then one below", drawID, x0, x1, x2, total)
	}
	i, err := Choose(key, drawID, fp, bin, 0, map[string]bool{})
	if err != nil {
		t.Fatal(err)
	}
	if got := bin[i].Ticket; got != "b" {
		t.Errorf("%s pick 0: %s, want b (the third draw's; the first's would be a)", drawID, got)
	}
}

func TestPickEmptyPool(t *testing.T) {
	bin := SmallBin([]string{"a", "b"})
	fp := Fingerprint(bin)
	if _, err := Choose([32]byte{}, "x", fp, bin, 2, map[string]bool{"a": true, "b": true}); err != ErrEmptyPool {
		t.Fatalf("err = %v, want ErrEmptyPool", err)
	}
}

func TestTotalWeightOverflow(t *testing.T) {
	if _, err := TotalWeight([]Entry{{Weight: 1 << 63}, {Weight: 1 << 63}}); err == nil || err.Error() != "total weight exceeds 2^64-1" {
		t.Fatalf("overflow: %v", err)
	}
	if w, err := TotalWeight([]Entry{{Weight: 1 << 63}, {Weight: 1<<63 - 1}}); err != nil || w != 1<<64-1 {
		t.Fatalf("max total: %d, %v", w, err)
	}
}

// TestSortEntriesLarge: the two-core sort of a large bin gives the order
// of one sort, whatever the order it starts from.
func TestSortEntriesLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	n := parallelSort*2 + 17
	base := make([]Entry, n)
	for i := range base {
		base[i] = Entry{Ticket: fmt.Sprintf("T%09d", rng.IntN(1e9)) + strconv.Itoa(i), Participant: "p", Weight: 1}
	}
	orders := map[string]func([]Entry){
		"random": func([]Entry) {},
		"sorted": func(es []Entry) {
			slices.SortFunc(es, func(a, b Entry) int { return strings.Compare(a.Ticket, b.Ticket) })
		},
		"reversed": func(es []Entry) {
			slices.SortFunc(es, func(a, b Entry) int { return strings.Compare(b.Ticket, a.Ticket) })
		},
		"one big": func(es []Entry) {
			es[0].Ticket = "\\xff"
			es[n/2].Ticket = "\\xff\\xff"
			es[n-1].Ticket = "\\xff\\xff\\xff"
		},
	}
	for name, arrange := range orders {
		es := slices.Clone(base)
		arrange(es)
		want := slices.Clone(es)
		slices.SortFunc(want, func(a, b Entry) int { return strings.Compare(a.Ticket, b.Ticket) })
		SortEntries(es)
		if !slices.Equal(es, want) {
			t.Errorf("%s: the sort differs from one sort", name)
		}
	}
}
