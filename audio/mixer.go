package audio

import (
	"math"
	"sync/atomic"
)

const (
	// maxVoices is how many sounds can play at once; a play beyond that
	// is dropped (and counted), never a sounding voice cut off.
	maxVoices = 32
	// fadeFrames is the fade of a stopped voice (10 ms) and the ramp of a
	// gain change, short enough to feel immediate, long enough not to
	// click.
	fadeFrames = SampleRate / 100
	// clipKnee is where the soft clipper starts bending: below it the
	// mix passes untouched, above it approaches ±1 and never exceeds it.
	clipKnee = 0.7
)

// voice is one sound being played. id 0 marks a free slot.
type voice struct {
	id       uint32
	snd      *sound
	pos      int // next frame
	loop     bool
	gain     float32 // current
	target   float32
	step     float32 // per frame while ramp > 0
	ramp     int     // frames left in the gain ramp
	stopping bool    // free the voice when the ramp ends
}

// mixer sums the voices into the device's buffer. mix runs on the audio
// thread only; everything else reaches it through the command queue and
// the atomics below.
type mixer struct {
	q      *cmdQueue
	voices [maxVoices]voice
	master float32 // gain applied at the end of the last period

	volume atomic.Uint32 // float32 bits, 0..1
	muted  atomic.Bool

	// Counters for tests and diagnostics.
	frames  atomic.Uint64 // frames mixed
	ended   atomic.Uint64 // voices that finished or were stopped
	dropped atomic.Uint64 // plays refused: no free voice or a full queue
	active  atomic.Int32  // voices sounding after the last period
}

func newMixer(volume float32) *mixer {
	m := &mixer{q: newQueue()}
	m.setVolume(volume)
	m.master = m.masterTarget()
	return m
}

func (m *mixer) setVolume(v float32) {
	if !(v >= 0) { // also NaN
		v = 0
	}
	m.volume.Store(math.Float32bits(min(v, 1)))
}

func (m *mixer) getVolume() float32 { return math.Float32frombits(m.volume.Load()) }

// masterTarget is the master gain the volume and mute ask for. The
// volume is a fader position: the gain is its square, so equal steps of
// + and - sound like equal steps.
func (m *mixer) masterTarget() float32 {
	if m.muted.Load() {
		return 0
	}
	v := m.getVolume()
	return v * v
}

// mix fills out (interleaved stereo, len = 2 × frames) with the next
// period. It does not allocate and takes no lock.
func (m *mixer) mix(out []float32) {
	n := len(out) / 2
	out = out[:2*n]
	clear(out)
	m.drain()
	live := int32(0)
	for i := range m.voices {
		if v := &m.voices[i]; v.id != 0 {
			if m.mixVoice(v, out) {
				live++
			} else {
				v.id = 0
				v.snd = nil
				m.ended.Add(1)
			}
		}
	}
	// Master gain, ramped over the period when it changed, then the soft
	// clipper.
	g0, target := m.master, m.masterTarget()
	if g0 == target {
		for i, x := range out {
			out[i] = softClip(x * target)
		}
	} else {
		d := (target - g0) / float32(n)
		for f := range n {
			g := g0 + d*float32(f+1)
			if f == n-1 {
				g = target
			}
			out[2*f] = softClip(out[2*f] * g)
			out[2*f+1] = softClip(out[2*f+1] * g)
		}
	}
	m.master = target
	m.active.Store(live)
	m.frames.Add(uint64(n))
}

// mixVoice adds one voice to out; false when the voice has ended.
func (m *mixer) mixVoice(v *voice, out []float32) bool {
	data := v.snd.data
	end := v.snd.frames()
	if v.loop {
		end = v.snd.loopEnd
	}
	pos, g := v.pos, v.gain
	n := len(out) / 2
	for f := range n {
		if pos >= end {
			if !v.loop {
				return false
			}
			pos = v.snd.loopStart
		}
		if v.ramp > 0 {
			g += v.step
			if v.ramp--; v.ramp == 0 {
				g = v.target
				if v.stopping {
					return false
				}
			}
		}
		out[2*f] += data[2*pos] * g
		out[2*f+1] += data[2*pos+1] * g
		pos++
	}
	v.pos, v.gain = pos, g
	if pos >= end && !v.loop {
		return false
	}
	return true
}

// drain applies the queued commands.
func (m *mixer) drain() {
	for {
		c, ok := m.q.pop()
		if !ok {
			return
		}
		switch c.op {
		case opPlay, opLoop:
			m.start(c)
		case opStop:
			if v := m.find(c.voice); v != nil {
				m.fade(v, 0, true)
			}
		case opGain:
			if v := m.find(c.voice); v != nil && !v.stopping {
				m.fade(v, c.gain, false)
			}
		case opStopAll:
			for i := range m.voices {
				if v := &m.voices[i]; v.id != 0 {
					m.fade(v, 0, true)
				}
			}
		}
	}
}

func (m *mixer) start(c command) {
	snd := c.snd
	if snd == nil {
		return
	}
	for i := range m.voices {
		if v := &m.voices[i]; v.id == 0 {
			// A sound without a loop section plays once.
			loop := c.op == opLoop && snd.loopStart < snd.loopEnd && snd.loopEnd <= snd.frames()
			*v = voice{id: c.voice, snd: snd, loop: loop, gain: c.gain, target: c.gain}
			return
		}
	}
	m.dropped.Add(1)
}

func (m *mixer) find(id uint32) *voice {
	if id == 0 {
		return nil
	}
	for i := range m.voices {
		if m.voices[i].id == id {
			return &m.voices[i]
		}
	}
	return nil
}

// fade ramps a voice's gain to target over fadeFrames; stop frees it at
// the end of the ramp.
func (m *mixer) fade(v *voice, target float32, stop bool) {
	v.target = target
	v.ramp = fadeFrames
	v.step = (target - v.gain) / fadeFrames
	v.stopping = v.stopping || stop
}

// softClip passes |x| ≤ clipKnee unchanged and bends larger values
// smoothly towards ±1 (a tanh curve fitted to the knee: continuous, with
// a continuous slope), so the sum of many voices never exceeds ±1.
func softClip(x float32) float32 {
	a := x
	if a < 0 {
		a = -a
	}
	if a <= clipKnee {
		return x
	}
	const room = 1 - clipKnee
	y := clipKnee + room*tanh((a-clipKnee)/room)
	if x < 0 {
		return -y
	}
	return y
}

// tanh for x ≥ 0 by a rational (Padé) approximation, exact enough for a
// clipper and far cheaper than math.Tanh; 1 from x = 3 on.
func tanh(x float32) float32 {
	if x >= 3 {
		return 1
	}
	x2 := x * x
	return x * (27 + x2) / (27 + 9*x2)
}
