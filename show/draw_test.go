package show

import (
	"encoding/hex"
	"encoding/json"
	"os"
	"testing"
)

type vectorFile struct {
	Algorithm string `json:"algorithm"`
	Cases     []struct {
		Name        string  `json:"name"`
		Seed        string  `json:"seed"`
		Commitment  string  `json:"commitment"`
		Witness     string  `json:"witness"`
		Key         string  `json:"key"`
		DrawID      string  `json:"draw_id"`
		Entries     []vecEn `json:"entries"`
		Fingerprint string  `json:"fingerprint"`
		Picks       []struct {
			K           int    `json:"k"`
			Ticket      string `json:"ticket"`
			Participant string `json:"participant"`
		} `json:"picks"`
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
	b, err := os.ReadFile("testdata/drawshow-v1.json")
	if err != nil {
		t.Fatal(err)
	}
	var vf vectorFile
	if err := json.Unmarshal(b, &vf); err != nil {
		t.Fatal(err)
	}
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
			bin := make([]Entry, len(c.Entries))
			for i, e := range c.Entries {
				bin[i] = Entry(e)
			}
			SortEntries(bin)
			fp := Fingerprint(bin)
			if got := hex.EncodeToString(fp[:]); got != c.Fingerprint {
				t.Errorf("fingerprint %s, want %s", got, c.Fingerprint)
			}
			picked := map[string]bool{}
			for _, p := range c.Picks {
				i, err := Choose(key, c.DrawID, fp, bin, p.K, picked)
				if err != nil {
					t.Fatalf("pick %d: %v", p.K, err)
				}
				if bin[i].Ticket != p.Ticket || bin[i].Participant != p.Participant {
					t.Errorf("pick %d: %s/%s, want %s/%s", p.K, bin[i].Ticket, bin[i].Participant, p.Ticket, p.Participant)
				}
				picked[bin[i].Participant] = true
			}
		})
	}
}

func TestUniformRejects(t *testing.T) {
	// total 3*2^62: 2^64 mod total = 2^62, so limit = 3*2^62.
	for _, c := range []struct{ total, rem uint64 }{
		{3 << 62, 1 << 62},
		{1 << 40, 0}, // a power of two divides 2^64: nothing is rejected
		{3, 1},
		{1<<64 - 1, 1},
	} {
		if rem := -c.total % c.total; rem != c.rem {
			t.Errorf("2^64 mod %d = %d, want %d", c.total, rem, c.rem)
		}
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
	if _, err := TotalWeight([]Entry{{Weight: 1 << 63}, {Weight: 1 << 63}}); err == nil {
		t.Fatal("overflow not caught")
	}
	if w, err := TotalWeight([]Entry{{Weight: 1 << 63}, {Weight: 1<<63 - 1}}); err != nil || w != 1<<64-1 {
		t.Fatalf("max total: %d, %v", w, err)
	}
}
