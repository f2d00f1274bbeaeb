package audio

import (
	"fmt"
	"math"
	"sync"
	"time"
)

// SampleRate is the rate of every cue and of the playback device, in
// frames per second; Channels is 2 (interleaved left, right).
const (
	SampleRate = 48000
	Channels   = 2
)

// Cue is one of the show's sounds.
type Cue int

// The cues. DrumRoll is made to loop (Player.Loop) under the reel: it
// swells in, then repeats a seamless section until stopped. Any other cue
// loops whole.
const (
	DrumRoll         Cue = iota // under the reel; loops seamlessly
	RevealHit                   // the winner lands
	Fanfare                     // celebration on the reveal
	Tick                        // each of the countdown's last 10 seconds
	Buzzer                      // countdown at zero
	ClaimChime                  // claimed (in person, proxy)
	CardFlip                    // Royal Flush card turned
	BallRoll                    // jackpot-chest ball drawn
	JackpotSting                // the jackpot is won
	ConsolationSting            // a smaller prize / no jackpot this time
	numCues
)

var cueNames = [numCues]string{
	"drum-roll", "reveal-hit", "fanfare", "tick", "buzzer",
	"claim-chime", "card-flip", "ball-roll", "jackpot-sting", "consolation-sting",
}

// Cues lists every cue in order.
func Cues() []Cue {
	cs := make([]Cue, numCues)
	for i := range cs {
		cs[i] = Cue(i)
	}
	return cs
}

// String is the cue's file-friendly name, e.g. "drum-roll".
func (c Cue) String() string {
	if c < 0 || c >= numCues {
		return fmt.Sprintf("Cue(%d)", int(c))
	}
	return cueNames[c]
}

// ParseCue returns the cue named name (as String gives it).
func ParseCue(name string) (Cue, error) {
	for i, n := range cueNames {
		if n == name {
			return Cue(i), nil
		}
	}
	return 0, fmt.Errorf("unknown cue %q (valid: %v)", name, cueNames)
}

// sound is a rendered cue: interleaved stereo samples and, for a loop,
// the frames [loopStart, loopEnd) that repeat seamlessly. A voice that
// loops plays from 0 to loopEnd, then jumps back to loopStart.
type sound struct {
	data               []float32
	loopStart, loopEnd int
}

func (s *sound) frames() int { return len(s.data) / 2 }

// bank renders each cue once per process, on first use.
var bank [numCues]func() *sound

func init() {
	for c := range numCues {
		bank[c] = sync.OnceValue(func() *sound { return renderCue(c) })
	}
}

var prepareOnce sync.Once

// prepare renders every cue in the background, two at a time (about 0.1 s
// of CPU in all), so that Open returns at once and the cues are ready
// long before the show plays one; a cue asked for before it is ready is
// waited for.
func prepare() {
	prepareOnce.Do(func() {
		next := make(chan Cue, numCues)
		for c := range numCues {
			next <- c
		}
		close(next)
		for range 2 {
			go func() {
				for c := range next {
					bank[c]()
				}
			}()
		}
	})
}

// cueSound is the rendered cue, shared and never written.
func cueSound(c Cue) *sound { return bank[c]() }

// Render returns the cue as interleaved stereo float32 samples at
// SampleRate (a copy of the buffer the Player plays).
func Render(c Cue) []float32 {
	if c < 0 || c >= numCues {
		return nil
	}
	return append([]float32(nil), cueSound(c).data...)
}

// Duration is the length of a cue played once.
func Duration(c Cue) time.Duration {
	if c < 0 || c >= numCues {
		return 0
	}
	return time.Duration(cueSound(c).frames()) * time.Second / SampleRate
}

// renderCue renders a cue; one without a loop section of its own loops
// whole (it starts and ends on silence).
func renderCue(c Cue) *sound {
	s := renderSound(c)
	if s.loopEnd == 0 {
		s.loopEnd = s.frames()
	}
	return s
}

func renderSound(c Cue) *sound {
	switch c {
	case DrumRoll:
		return drumRoll()
	case RevealHit:
		return &sound{data: revealHit()}
	case Fanfare:
		return &sound{data: fanfare()}
	case Tick:
		return &sound{data: tick()}
	case Buzzer:
		return &sound{data: buzzer()}
	case ClaimChime:
		return &sound{data: claimChime()}
	case CardFlip:
		return &sound{data: cardFlip()}
	case BallRoll:
		return &sound{data: ballRoll()}
	case JackpotSting:
		return &sound{data: jackpotSting()}
	case ConsolationSting:
		return &sound{data: consolationSting()}
	}
	panic("audio: no renderer for " + c.String())
}

// midi is the frequency of a MIDI note (60 = middle C).
func midi(n float64) float64 { return 440 * math.Pow(2, (n-69)/12) }

// Instrument partials.
var (
	celesta = []partial{{1, 1, 0.9}, {2, 0.22, 0.45}, {3, 0.07, 0.25}, {4.07, 0.04, 0.15}}
	glock   = []partial{{1, 1, 1.1}, {2.76, 0.3, 0.4}, {5.4, 0.12, 0.2}, {8.93, 0.05, 0.1}}
	marimba = []partial{{1, 1, 0.42}, {3.93, 0.22, 0.07}, {9.2, 0.04, 0.025}}
	wood    = []partial{{1, 1, 0.012}, {1.58, 0.55, 0.008}, {2.31, 0.25, 0.005}}
	clack   = []partial{{1, 1, 0.03}, {1.52, 0.5, 0.018}, {2.7, 0.3, 0.01}}
)

// Drum roll: a snare press roll (alternating hands, 26.7 strokes a
// second) over a soft low drum. 16 strokes swell in, then the 16-stroke
// pattern repeats identically: one cycle of it, after the swell's last
// stroke has died away, is the loop.
const (
	rollSpacing = 1800 // frames between strokes
	rollCycle   = 16   // strokes in the repeating pattern
	rollStroke  = 6720 // frames a stroke lasts (140 ms), < one cycle
)

func drumRoll() *sound {
	const strokes = 4 * rollCycle
	t := newTrack(float64(strokes*rollSpacing+rollStroke)/sr + 0.01)
	accent := [rollCycle]float64{1, 0.86, 0.95, 0.84, 0.97, 0.88, 0.93, 0.85, 1, 0.87, 0.94, 0.83, 0.96, 0.89, 0.92, 0.86}
	var shapes [rollCycle][]float64
	for k := range strokes {
		var a float64
		switch {
		case k < rollCycle: // swell in
			a = 0.3 + 0.7*smooth(float64(k)/(rollCycle-1))
		case k < 3*rollCycle:
			a = 1
		default: // a one-shot fades out
			a = 1 - 0.75*float64(k-3*rollCycle+1)/rollCycle
		}
		pan := 0.22
		if k%2 == 1 {
			pan = -0.22
		}
		shape := shapes[k%rollCycle]
		if shape == nil {
			shape = snareStroke(uint64(k%rollCycle) + 1)
			shapes[k%rollCycle] = shape
		}
		gl, gr := panGains(pan)
		a *= accent[k%rollCycle]
		i0 := k * rollSpacing
		for i, v := range shape {
			t.l[i0+i] += v * a * gl
			t.r[i0+i] += v * a * gr
		}
	}
	start := rollCycle*rollSpacing + rollStroke
	return &sound{data: finish(t, 0.12, 0.6), loopStart: start, loopEnd: start + rollCycle*rollSpacing}
}

// snareStroke is one stroke: the wires (filtered noise), the head's body
// and a soft low drum, ending on an exact zero.
func snareStroke(seed uint64) []float64 {
	out := make([]float64, rollStroke)
	r := rng(seed*0x9E3779B97F4A7C15 | 1)
	hp, lp := newBiquad(highpass, 1400, 0.7), newBiquad(lowpass, 7500, 0.7)
	tail := 0.015 * sr
	body, low := newOsc(247), newOsc(88)
	bend, dBend := 1.0, decay(0.01)
	eW, dW := 1.0, decay(0.045)
	eB, dB := 0.55, decay(0.016)
	eL, dL := 0.22, decay(0.07)
	for k := range out {
		if k%16 == 0 {
			body.setFreq(190 * (1 + 0.3*bend))
			body.renorm()
		}
		bend *= dBend
		ts := float64(k) / sr
		v := lp.step(hp.step(r.next()))*eW*math.Min(1, ts/0.0015) +
			body.next()*eB*math.Min(1, ts/0.001) +
			low.next()*eL*math.Min(1, ts/0.004)
		eW, eB, eL = eW*dW, eB*dB, eL*dL
		out[k] = v * smooth(float64(rollStroke-k)/tail)
	}
	return out
}

// Reveal hit: an orchestra hit: low boom, cymbal, a brass stab of C major
// and a room.
func revealHit() []float32 {
	t := newTrack(2.4)
	boom(t, 0, 130, 45, 0.35, 1)
	noiseHit(t, 0, 0.6, 0.3, highpass, 4500, 0.7, 11)
	noiseHit(t, 0, 0.04, 0.45, bandpass, 1800, 0.9, 12)
	for i, n := range []float64{48, 55, 60, 64, 67, 72} {
		brass(t, 0, 0.28, midi(n), 0.2, -0.5+float64(i)*0.2)
	}
	reverb(t, 0.35, 0.86, 0.3)
	return finish(t, 0.5, 0.8)
}

// Fanfare: "ta-ta-ta-taaa, ta-taaaa" on brass in C, landing on a full
// chord with timpani and cymbal.
func fanfare() []float32 {
	t := newTrack(3.3)
	type note struct{ start, dur, lead, under float64 }
	for _, n := range []note{
		{0, 0.09, 67, 64}, {0.14, 0.09, 67, 64}, {0.28, 0.09, 67, 64},
		{0.42, 0.42, 72, 67}, {0.9, 0.13, 76, 72}, {1.08, 0.08, 74, 71},
	} {
		brass(t, n.start, n.dur, midi(n.lead), 0.3, 0.1)
		brass(t, n.start, n.dur, midi(n.under), 0.22, -0.25)
	}
	boom(t, 0.42, 95, 62, 0.3, 0.5)
	const land = 1.22
	for i, n := range []float64{48, 55, 60, 64, 67, 72, 76, 79} {
		brass(t, land, 1.15, midi(n), 0.2, -0.6+float64(i)*0.17)
	}
	boom(t, land, 110, 55, 0.45, 0.8)
	noiseHit(t, land, 0.8, 0.22, highpass, 5000, 0.7, 21)
	reverb(t, 0.3, 0.84, 0.3)
	return finish(t, 0.45, 0.75)
}

// Tick: a soft wood block.
func tick() []float32 {
	t := newTrack(0.1)
	bell(t, 0, 0.1, 1650, 1, 0, wood)
	noiseHit(t, 0, 0.0015, 0.25, highpass, 3000, 0.7, 31)
	return finish(t, 0.02, 0.45)
}

// Buzzer: a warm "time's up" horn, a low G and D in fifths.
func buzzer() []float32 {
	t := newTrack(1.05)
	for i, n := range []float64{43, 50, 55} {
		brass(t, 0, 0.72, midi(n), 0.3, -0.2+float64(i)*0.2)
	}
	reverb(t, 0.15, 0.8, 0.4)
	return finish(t, 0.15, 0.6)
}

// Claim chime: a rising celesta arpeggio, C E G C.
func claimChime() []float32 {
	t := newTrack(1.9)
	for i, n := range []float64{84, 88, 91, 96} {
		bell(t, float64(i)*0.09+float64(i/3)*0.03, 1.6, midi(n), 0.5, -0.3+float64(i)*0.2, celesta)
	}
	reverb(t, 0.3, 0.85, 0.3)
	return finish(t, 0.3, 0.6)
}

// Card flip: a paper swish rising in pitch, then the card's snap.
func cardFlip() []float32 {
	t := newTrack(0.3)
	r := rng(41)
	f := newBiquad(bandpass, 900, 1.2)
	n := at(0.1)
	gl, gr := panGains(0.15)
	for k := range n {
		x := float64(k) / float64(n)
		if k%16 == 0 {
			f.set(bandpass, 900*math.Pow(5, x), 1.2)
		}
		v := f.step(r.next()) * math.Sin(math.Pi*x) * 0.9
		t.l[k] += v * gl
		t.r[k] += v * gr
	}
	noiseHit(t, 0.1, 0.006, 0.5, highpass, 2500, 0.7, 42)
	boom(t, 0.1, 260, 140, 0.02, 0.5)
	return finish(t, 0.05, 0.5)
}

// Ball roll: a ball rattles through the chest, slowing, rumble and
// bounces moving left to right, and settles with a clack.
func ballRoll() []float32 {
	t := newTrack(2.3)
	const settle = 1.95
	r := rng(51)
	lp := newBiquad(lowpass, 350, 0.8)
	phase := 0.0
	for k := range at(settle + 0.05) {
		ts := float64(k) / sr
		x := ts / settle
		phase += 2 * math.Pi * (16 - 11*x) / sr
		env := smooth(ts/0.12) * (1 - 0.6*x) * (0.6 + 0.4*math.Sin(phase))
		if ts > settle {
			env *= 1 - smooth((ts-settle)/0.05)
		}
		gl, gr := panGains(-0.5 + x)
		v := lp.step(r.next()) * env * 5
		t.l[k] += v * gl
		t.r[k] += v * gr
	}
	for s := 0.05; s < settle-0.08; {
		x := s / settle
		bell(t, s, 0.04, 2000+600*r.next(), 0.45+0.2*r.next(), -0.5+x, wood)
		s += 0.045 + 0.12*x + 0.02*r.next()
	}
	bell(t, settle, 0.2, 1100, 0.7, 0.5, clack)
	boom(t, settle, 180, 120, 0.03, 0.3)
	reverb(t, 0.15, 0.8, 0.4)
	return finish(t, 0.2, 0.5)
}

// Jackpot sting: a rising sweep and arpeggio, the big hit with a brass
// chord, then a shower of sparkles.
func jackpotSting() []float32 {
	t := newTrack(4.2)
	const hit = 0.9
	r := rng(61)
	f := newBiquad(bandpass, 400, 1.5)
	n := at(hit)
	for k := range n {
		x := float64(k) / float64(n)
		if k%16 == 0 {
			f.set(bandpass, 400*math.Pow(15, x), 1.5)
		}
		v := f.step(r.next()) * x * x * 0.7
		t.l[k] += v
		t.r[k] += v
	}
	up := []float64{72, 76, 79, 84, 88, 91, 96, 100}
	for i, m := range up {
		s := hit - float64(len(up)-i)*0.09
		bell(t, s, 0.5, midi(m), 0.15+0.2*float64(i)/float64(len(up)), -0.6+float64(i)*0.17, glock)
	}
	boom(t, hit, 140, 45, 0.45, 1)
	noiseHit(t, hit, 1.0, 0.3, highpass, 4500, 0.7, 62)
	for i, m := range []float64{48, 55, 60, 64, 67, 72, 76, 79, 84} {
		brass(t, hit, 1.5, midi(m), 0.17, -0.7+float64(i)*0.17)
	}
	sparkle := []float64{84, 86, 88, 91, 93, 96, 98, 100}
	for s := hit + 0.05; s < 2.9; s += 0.05 + 0.03*math.Abs(r.next()) {
		m := sparkle[int((r.next()+1)/2*float64(len(sparkle)))%len(sparkle)]
		a := 0.22 * (1 - (s-hit)/2.1)
		bell(t, s, 0.6, midi(m), a, r.next()*0.8, glock)
	}
	reverb(t, 0.32, 0.86, 0.3)
	return finish(t, 0.6, 0.85)
}

// Consolation sting: a kind marimba phrase settling on a soft C major
// pad: a prize all the same.
func consolationSting() []float32 {
	t := newTrack(2.4)
	for _, n := range []struct{ start, note float64 }{
		{0, 67}, {0.14, 72}, {0.28, 76}, {0.5, 74}, {0.66, 72},
	} {
		bell(t, n.start, 0.9, midi(n.note), 0.5, 0.15, marimba)
	}
	// Pad: sine and octave, slow in and out.
	for i, n := range []float64{60, 64, 67} {
		f := midi(n)
		gl, gr := panGains(-0.3 + float64(i)*0.3)
		i0 := at(0.62)
		for k := range at(1.5) {
			ts := float64(k) / sr
			env := smooth(ts/0.25) * (1 - smooth((ts-0.9)/0.6)) * 0.12
			v := (math.Sin(2*math.Pi*f*ts) + 0.3*math.Sin(4*math.Pi*f*ts)) * env
			t.l[i0+k] += v * gl
			t.r[i0+k] += v * gr
		}
	}
	reverb(t, 0.3, 0.85, 0.35)
	return finish(t, 0.3, 0.6)
}
