package audio

import "math"

// Building blocks of the cue synthesiser. Everything works in float64 on
// a stereo track and is deterministic: the noise comes from a seeded
// xorshift generator, so a cue renders to the same samples every time.

const sr = float64(SampleRate)

// track is a stereo buffer being composed.
type track struct{ l, r []float64 }

func newTrack(seconds float64) *track {
	n := int(math.Ceil(seconds * sr))
	return &track{l: make([]float64, n), r: make([]float64, n)}
}

func (t *track) frames() int { return len(t.l) }

// at is the frame index of a time in seconds.
func at(seconds float64) int { return int(math.Round(seconds * sr)) }

// panGains gives equal-power gains for a pan position in [-1, 1], unity
// on both sides at the centre.
func panGains(pan float64) (float64, float64) {
	a := (pan + 1) * math.Pi / 4
	return math.Cos(a) * math.Sqrt2, math.Sin(a) * math.Sqrt2
}

// rng is a xorshift64* generator; never seed it with 0.
type rng uint64

// next returns a uniform value in [-1, 1).
func (r *rng) next() float64 {
	x := uint64(*r)
	x ^= x >> 12
	x ^= x << 25
	x ^= x >> 27
	*r = rng(x)
	return float64((x*2685821657736338717)>>11)/(1<<52) - 1
}

// biquad is an RBJ cookbook filter (direct form I).
type biquad struct {
	b0, b1, b2, a1, a2 float64
	x1, x2, y1, y2     float64
}

type filterKind int

const (
	lowpass filterKind = iota
	highpass
	bandpass // constant 0 dB peak gain
)

func newBiquad(kind filterKind, freq, q float64) *biquad {
	f := &biquad{}
	f.set(kind, freq, q)
	return f
}

// set changes the coefficients and keeps the state, so a filter can sweep.
func (f *biquad) set(kind filterKind, freq, q float64) {
	freq = math.Min(freq, sr*0.45)
	w := 2 * math.Pi * freq / sr
	cw, sw := math.Cos(w), math.Sin(w)
	alpha := sw / (2 * q)
	var b0, b1, b2 float64
	switch kind {
	case lowpass:
		b0, b1, b2 = (1-cw)/2, 1-cw, (1-cw)/2
	case highpass:
		b0, b1, b2 = (1+cw)/2, -(1 + cw), (1+cw)/2
	case bandpass:
		b0, b1, b2 = alpha, 0, -alpha
	}
	a0 := 1 + alpha
	f.b0, f.b1, f.b2 = b0/a0, b1/a0, b2/a0
	f.a1, f.a2 = -2*cw/a0, (1-alpha)/a0
}

func (f *biquad) step(x float64) float64 {
	y := f.b0*x + f.b1*f.x1 + f.b2*f.x2 - f.a1*f.y1 - f.a2*f.y2
	f.x2, f.x1 = f.x1, x
	f.y2, f.y1 = f.y1, y
	return y
}

// smooth is a raised-cosine step from 0 (x ≤ 0) to 1 (x ≥ 1).
func smooth(x float64) float64 {
	switch {
	case x <= 0:
		return 0
	case x >= 1:
		return 1
	}
	return 0.5 - 0.5*math.Cos(math.Pi*x)
}

// partial is one sine component of an additive tone: frequency ratio to
// the fundamental, amplitude and decay time constant (0: no decay).
type partial struct{ ratio, amp, tau float64 }

// osc is a sine oscillator by complex rotation: exact frequency, a few
// multiplies a sample, renormalised now and then against drift.
type osc struct{ x, y, c, s float64 }

func newOsc(freq float64) osc {
	o := osc{x: 1}
	o.setFreq(freq)
	return o
}

func (o *osc) setFreq(freq float64) {
	o.s, o.c = math.Sincos(2 * math.Pi * freq / sr)
}

// next returns sin of the current phase and advances it.
func (o *osc) next() float64 {
	v := o.y
	o.x, o.y = o.x*o.c-o.y*o.s, o.x*o.s+o.y*o.c
	return v
}

func (o *osc) renorm() {
	g := 1 / math.Hypot(o.x, o.y)
	o.x, o.y = o.x*g, o.y*g
}

// decay is the per-frame factor of an exponential decay with time
// constant tau seconds.
func decay(tau float64) float64 { return math.Exp(-1 / (tau * sr)) }

// bell adds a struck tone (bell, mallet, block): every partial starts at
// once and decays on its own; the note is cut with a 10 ms fade at dur.
func bell(t *track, start, dur, freq, amp, pan float64, parts []partial) {
	gl, gr := panGains(pan)
	i0 := at(start)
	n := min(at(dur), t.frames()-i0)
	attack, release := at(0.002), at(0.01)
	for _, p := range parts {
		f := freq * p.ratio
		if f > sr*0.45 {
			continue
		}
		o := newOsc(f)
		d := 1.0
		if p.tau > 0 {
			d = decay(p.tau)
		}
		e := amp * p.amp
		for k := range n {
			v := o.next() * e
			if k < attack {
				v *= float64(k) / float64(attack)
			}
			if rem := n - k; rem < release {
				v *= smooth(float64(rem) / float64(release))
			}
			t.l[i0+k] += v * gl
			t.r[i0+k] += v * gr
			e *= d
		}
	}
}

// brass adds a brass-like note: harmonics that brighten with loudness, a
// small pitch scoop at the attack and a gentle vibrato on long notes.
func brass(t *track, start, dur, freq, amp, pan float64) {
	gl, gr := panGains(pan)
	i0 := at(start)
	const release = 0.12
	n := min(at(dur+release), t.frames()-i0)
	attack, on, vibStart, vibRamp := at(0.045), at(dur), at(0.25), at(0.3)
	nh := min(14, int(7000/freq))
	ph := newOsc(freq)
	vib := newOsc(5.3)
	scoop, dScoop := 1.0, decay(0.035)
	fall, dFall := 1.0, decay(0.15)
	for k := range n {
		// The pitch moves slowly: retune every 32 frames.
		if k%32 == 0 {
			f := freq * (1 - 0.012*scoop)
			if k >= vibStart {
				f *= 1 + 0.0035*vib.y*smooth(float64(k-vibStart)/float64(vibRamp))
			}
			ph.setFreq(f)
			ph.renorm()
		}
		vib.next()
		scoop *= dScoop
		fall *= dFall
		env := 0.8 + 0.2*fall
		if k < attack {
			env *= smooth(float64(k) / float64(attack))
		}
		if k > on {
			env *= 1 - smooth(float64(k-on)/(release*sr))
		}
		// sin(h·φ) by the Chebyshev recurrence from sin φ and cos φ.
		s1, c2 := ph.y, 2*ph.x
		ph.next()
		prev, cur := 0.0, s1
		v := 0.0
		bright := 0.35 + 0.65*env
		w := 1.0
		for h := 1; h <= nh; h++ {
			v += cur * w / float64(h)
			prev, cur = cur, c2*cur-prev
			w *= bright
		}
		v *= amp * env
		t.l[i0+k] += v * gl
		t.r[i0+k] += v * gr
	}
}

// boom adds a low hit whose pitch falls from f0 to f1.
func boom(t *track, start, f0, f1, tau, amp float64) {
	i0 := at(start)
	n := min(at(tau*6), t.frames()-i0)
	attack := at(0.003)
	o := newOsc(f0)
	glide, dGlide := 1.0, decay(0.05)
	e, d := amp, decay(tau)
	for k := range n {
		if k%16 == 0 {
			o.setFreq(f1 + (f0-f1)*glide)
			o.renorm()
		}
		glide *= dGlide
		v := o.next() * e
		if k < attack {
			v *= float64(k) / float64(attack)
		}
		e *= d
		t.l[i0+k] += v
		t.r[i0+k] += v
	}
}

// noiseHit adds filtered noise with an exponential decay, decorrelated
// between the channels: a cymbal, a snare's wires, a shaker.
func noiseHit(t *track, start, tau, amp float64, kind filterKind, freq, q float64, seed uint64) {
	i0 := at(start)
	n := min(at(tau*7), t.frames()-i0)
	attack := at(0.002)
	rl, rr := rng(seed), rng(seed*7919+1)
	fl, fr := newBiquad(kind, freq, q), newBiquad(kind, freq, q)
	e, d := amp, decay(tau)
	for k := range n {
		g := e
		if k < attack {
			g *= float64(k) / float64(attack)
		}
		e *= d
		t.l[i0+k] += fl.step(rl.next()) * g
		t.r[i0+k] += fr.step(rr.next()) * g
	}
}

// reverb adds a small Freeverb-style room (8 combs, 4 allpasses per
// channel) to the track, mixed in at wet.
func reverb(t *track, wet, room, damp float64) {
	combs := []int{1116, 1188, 1277, 1356, 1422, 1491, 1557, 1617}
	passes := []int{556, 441, 341, 225}
	const spread = 23
	scale := sr / 44100
	type comb struct {
		buf          []float64
		i            int
		store, fb    float64
		damp1, damp2 float64
	}
	type pass struct {
		buf []float64
		i   int
	}
	mk := func(extra int) ([]comb, []pass) {
		cs := make([]comb, len(combs))
		for i, d := range combs {
			cs[i] = comb{buf: make([]float64, int(float64(d+extra)*scale)), fb: room, damp1: damp, damp2: 1 - damp}
		}
		ps := make([]pass, len(passes))
		for i, d := range passes {
			ps[i] = pass{buf: make([]float64, int(float64(d+extra)*scale))}
		}
		return cs, ps
	}
	run := func(cs []comb, ps []pass, in float64) float64 {
		out := 0.0
		for i := range cs {
			c := &cs[i]
			y := c.buf[c.i]
			c.store = y*c.damp2 + c.store*c.damp1
			c.buf[c.i] = in + c.store*c.fb
			if c.i++; c.i == len(c.buf) {
				c.i = 0
			}
			out += y
		}
		for i := range ps {
			p := &ps[i]
			b := p.buf[p.i]
			p.buf[p.i] = out + b*0.5
			out = b - out
			if p.i++; p.i == len(p.buf) {
				p.i = 0
			}
		}
		return out
	}
	cl, pl := mk(0)
	cr, pr := mk(spread)
	g := wet * 3 * 0.015
	for k := range t.l {
		in := (t.l[k] + t.r[k])
		t.l[k] += run(cl, pl, in) * g
		t.r[k] += run(cr, pr, in) * g
	}
}

// finish turns a track into the interleaved float32 cue: DC removed, a
// 2 ms fade-in, a raised-cosine fade-out over the last fadeOut seconds
// ending on an exact zero, and the peak scaled to peak.
func finish(t *track, fadeOut, peak float64) []float32 {
	n := t.frames()
	for _, ch := range [][]float64{t.l, t.r} {
		// One-pole DC blocker, about 10 Hz.
		const r = 1 - 2*math.Pi*10/sr
		x1, y1 := 0.0, 0.0
		for i, x := range ch {
			y := x - x1 + r*y1
			x1, y1 = x, y
			ch[i] = y
		}
		in := 0.002 * sr
		for i := 0; i < n && float64(i) < in; i++ {
			ch[i] *= smooth(float64(i) / in)
		}
		out := fadeOut * sr
		for i := 0; i < n && float64(i) < out; i++ {
			ch[n-1-i] *= smooth(float64(i) / out)
		}
	}
	top := 0.0
	for i := range n {
		top = math.Max(top, math.Max(math.Abs(t.l[i]), math.Abs(t.r[i])))
	}
	g := 0.0
	if top > 0 {
		g = peak / top
	}
	out := make([]float32, 2*n)
	for i := range n {
		out[2*i] = float32(t.l[i] * g)
		out[2*i+1] = float32(t.r[i] * g)
	}
	return out
}
