package pulsetest

import (
	"math"
	"math/cmplx"
)

// Match is where a sound was found in a recording and how alike the two
// are there.
type Match struct {
	Frame int     // the recording's frame that the sound's frame 0 lines up with
	Peak  float64 // normalized cross-correlation there, −1..1 (1: the same waveform at some gain)
	Gain  float64 // the recording's level over the sound's there, in dB (RMS over the sound's length)
}

// Find searches a recording (interleaved stereo) for a sound (the same
// layout) starting at frames from..to of the recording, and returns the
// best match: the normalized cross-correlation over both channels, peaked
// over every start in range (by FFT, so a 3-second cue over a second of
// starts takes a fraction of a second).
func Find(rec, snd []float32, from, to int) Match {
	return findWithin(rec, snd, from, to, 0)
}

// findWithin is Find taking the earliest start whose correlation is
// within tol of the best: a held note matches as well one period later,
// and a sound is where it first matches.
func findWithin(rec, snd []float32, from, to int, tol float64) Match {
	n := len(snd) / Channels
	from = max(from, 0)
	to = min(to, len(rec)/Channels-n)
	if n == 0 || to < from {
		return Match{Frame: -1, Gain: math.Inf(-1)}
	}
	span := to - from + 1
	size := 1
	for size < span+n {
		size <<= 1
	}
	corr := make([]float64, span)
	for ch := range Channels {
		a := make([]complex128, size) // the recording from `from`
		for i := 0; i < span+n-1 && (from+i)*Channels+ch < len(rec); i++ {
			a[i] = complex(float64(rec[(from+i)*Channels+ch]), 0)
		}
		b := make([]complex128, size)
		for i := range n {
			b[i] = complex(float64(snd[i*Channels+ch]), 0)
		}
		fft(a, false)
		fft(b, false)
		for i := range a {
			a[i] *= cmplx.Conj(b[i])
		}
		fft(a, true)
		for l := range span {
			corr[l] += real(a[l]) / float64(size)
		}
	}
	var sndEnergy float64
	for _, x := range snd {
		sndEnergy += float64(x) * float64(x)
	}
	// the recording's energy under the sound at each start, by a running sum
	energy := func(start int) float64 {
		var e float64
		for _, x := range rec[start*Channels : (start+n)*Channels] {
			e += float64(x) * float64(x)
		}
		return e
	}
	e := energy(from)
	peaks := make([]float64, span)
	best := math.Inf(-1)
	for l := range span {
		if l > 0 {
			i, j := (from+l-1)*Channels, (from+l-1+n)*Channels
			for c := range Channels {
				e += float64(rec[j+c])*float64(rec[j+c]) - float64(rec[i+c])*float64(rec[i+c])
			}
		}
		peaks[l] = math.Inf(-1)
		if e > 0 && sndEnergy > 0 {
			peaks[l] = corr[l] / math.Sqrt(e*sndEnergy)
			best = max(best, peaks[l])
		}
	}
	if math.IsInf(best, -1) {
		return Match{Frame: -1, Gain: math.Inf(-1)}
	}
	m := Match{Frame: -1}
	for l, p := range peaks {
		if p >= best-tol {
			m = Match{Frame: from + l, Peak: p}
			break
		}
	}
	// exact, not the running sum's: the gain is what is asserted
	m.Gain = 10 * math.Log10(energy(m.Frame)/sndEnergy)
	return m
}

// Level is the RMS of samples in dBFS (−Inf for silence).
func Level(samples []float32) float64 {
	var e float64
	for _, x := range samples {
		e += float64(x) * float64(x)
	}
	if len(samples) == 0 {
		return math.Inf(-1)
	}
	return 10 * math.Log10(e/float64(len(samples)))
}

// fft transforms x in place (len a power of two); inverse without the 1/n.
func fft(x []complex128, inverse bool) {
	n := len(x)
	for i, j := 1, 0; i < n; i++ {
		bit := n >> 1
		for ; j&bit != 0; bit >>= 1 {
			j ^= bit
		}
		j |= bit
		if i < j {
			x[i], x[j] = x[j], x[i]
		}
	}
	sign := -1.0
	if inverse {
		sign = 1
	}
	for size := 2; size <= n; size <<= 1 {
		w := cmplx.Rect(1, sign*2*math.Pi/float64(size))
		for start := 0; start < n; start += size {
			wk := complex(1, 0)
			for k := range size / 2 {
				a, b := x[start+k], x[start+k+size/2]*wk
				x[start+k], x[start+k+size/2] = a+b, a-b
				wk *= w
			}
		}
	}
}

// Take is a sound found in a recording that a loaded machine may have
// broken up: where it starts, how alike it is piece by piece, and how
// often the pieces moved.
type Take struct {
	Whole Match   // the sound matched whole, from its start
	Peak  float64 // the pieces' normalized cross-correlation, weighted by their energy, or the whole's if higher
	Gain  float64 // the recording's level over the sound's, in dB, over the pieces (or whole, as Peak)
	Start float64 // the recording's frame that the sound's frame 0 lines up with
	Moves int     // pieces found off where the one before left off: an underrun, or a noisy piece that matched as well a little off
	Drift float64 // frames the last piece was found off the first's alignment
}

// piece is the stretch of a sound matched on its own: 20 ms.
const piece = Rate / 50

// FindTake finds a sound in a recording as a loaded machine delivers it.
// When a client is late, PulseAudio underruns: it plays silence, then the
// rest, and the sink's monitor, rewound, may hold a few milliseconds
// twice or not at all. So the sound is matched in 20 ms pieces, each
// searched for from where the one before was found (−33 ms to +300 ms,
// the earliest place that matches within 0.02 of the best, as a held
// note matches one period on as well):
// a sound that arrived whole scores as a whole match would, one that
// arrived wrong scores low however it was cut, and the moves between
// pieces count the underruns. The start is where the sound's first 50 ms
// correlate best, from..to.
func FindTake(rec, snd []float32, from, to int) Take {
	n := len(snd) / Channels
	head := snd[:min(len(snd), Rate/20*Channels)]
	first := Find(rec, head, from, to)
	t := Take{Start: float64(first.Frame), Peak: math.Inf(-1), Gain: math.Inf(-1)}
	if first.Frame < 0 {
		t.Start = math.NaN()
		return t
	}
	t.Whole = Find(rec, snd, first.Frame, first.Frame)
	if t.Whole.Peak >= 0.95 {
		// arrived unbroken: nothing for the pieces to mend
		t.Peak, t.Gain = t.Whole.Peak, t.Whole.Gain
		return t
	}
	var corr, recE, sndE float64
	at := first.Frame // where the next piece should start
	for k := 0; k+piece <= n; k += piece {
		p := snd[k*Channels : (k+piece)*Channels]
		var e float64
		for _, x := range p {
			e += float64(x) * float64(x)
		}
		if e < 1e-6*piece { // below −60 dBFS: nothing to find it by
			at += piece
			continue
		}
		// near where it should be first (most pieces are), then further
		m := findWithin(rec, p, at-Rate/30, at+Rate/20, 0.02)
		if m.Peak < 0.9 {
			m = findWithin(rec, p, at-Rate/30, at+Rate*3/10, 0.02)
		}
		if m.Frame < 0 {
			break
		}
		if m.Frame != at {
			t.Moves++
		}
		re := e * math.Pow(10, m.Gain/10)
		corr += m.Peak * math.Sqrt(re*e)
		recE += re
		sndE += e
		at = m.Frame + piece
		t.Drift = float64(m.Frame - first.Frame - k)
	}
	if sndE > 0 && recE > 0 {
		t.Peak = corr / math.Sqrt(recE*sndE)
		t.Gain = 10 * math.Log10(recE/sndE)
	}
	// a sound that arrived unbroken is best judged whole: pieces of a short
	// decaying one can each match a louder place a little earlier
	if t.Whole.Peak >= t.Peak {
		t.Peak, t.Gain = t.Whole.Peak, t.Whole.Gain
	}
	return t
}
