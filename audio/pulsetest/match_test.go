package pulsetest

import (
	"math"
	"math/rand/v2"
	"testing"
)

// noise is a stereo test sound of n frames.
func noise(r *rand.Rand, n int) []float32 {
	s := make([]float32, n*Channels)
	for i := range s {
		s[i] = float32(r.NormFloat64() * 0.2)
	}
	return s
}

func scaled(s []float32, g float32) []float32 {
	out := make([]float32, len(s))
	for i, x := range s {
		out[i] = x * g
	}
	return out
}

// TestFind places a sound at a known frame and gain, among other noise,
// and finds it there, against a naive correlation at the frames around.
func TestFind(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	snd := noise(r, Rate/4)
	const at = 12345
	rec := append(scaled(noise(r, at), 0.01), scaled(snd, 0.5)...)
	rec = append(rec, scaled(noise(r, Rate/4), 0.01)...)
	m := Find(rec, snd, 0, len(rec)/Channels)
	if m.Frame != at || m.Peak < 0.99 || math.Abs(m.Gain-20*math.Log10(0.5)) > 0.1 {
		t.Fatalf("found %+v, want frame %d, peak ≈ 1, gain −6 dB", m, at)
	}
	// the FFT's correlation is the direct sum's
	for _, l := range []int{at - 3, at, at + 7} {
		var c, e, es float64
		for i := range snd {
			c += float64(snd[i]) * float64(rec[l*Channels+i])
			e += float64(rec[l*Channels+i]) * float64(rec[l*Channels+i])
			es += float64(snd[i]) * float64(snd[i])
		}
		got := Find(rec, snd, l, l)
		if want := c / math.Sqrt(e*es); math.Abs(got.Peak-want) > 1e-6 {
			t.Errorf("at %d: peak %v, direct %v", l, got.Peak, want)
		}
	}
	if m := Find(rec, noise(r, Rate/4), 0, len(rec)/Channels); m.Peak > 0.2 {
		t.Errorf("another noise matched at %.2f", m.Peak)
	}
}

// TestFindTake breaks a sound with two underruns (silence, then the rest)
// and finds it whole, the moves counted; a different sound scores low.
func TestFindTake(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	snd := noise(r, Rate/2)
	const at = 4000
	cut1, cut2 := Rate/8*Channels, Rate/3*Channels
	rec := make([]float32, at*Channels)
	rec = append(rec, snd[:cut1]...)
	rec = append(rec, make([]float32, 700*Channels)...) // a 15 ms underrun
	rec = append(rec, snd[cut1:cut2]...)
	rec = append(rec, make([]float32, 300*Channels)...)
	rec = append(rec, snd[cut2:]...)
	rec = append(rec, make([]float32, Rate/4*Channels)...)

	if whole := Find(rec, snd, at, at); whole.Peak > 0.8 {
		t.Fatalf("the broken sound matched whole at %.2f: the test does not break it", whole.Peak)
	}
	tk := FindTake(rec, snd, 0, Rate/2)
	if tk.Start != at || tk.Peak < 0.95 || math.Abs(tk.Gain) > 0.25 || tk.Moves != 2 || tk.Drift != 1000 {
		t.Errorf("take %+v, want start %d, peak ≥ 0.95 (the pieces across a cut lose a little), 0 dB, 2 moves, 1000 frames' drift", tk, at)
	}
	other := append(make([]float32, at*Channels), noise(r, Rate/2)...)
	other = append(other, make([]float32, Rate/4*Channels)...)
	if tk := FindTake(other, snd, 0, Rate/2); tk.Peak > 0.3 {
		t.Errorf("another sound scored %.2f", tk.Peak)
	}
}
