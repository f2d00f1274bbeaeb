package audio

import (
	"math"
	"sync/atomic"
	"testing"
	"time"
)

// dc is a test sound: frames of a constant value on both channels.
func dc(frames int, v float32) *sound {
	s := &sound{data: make([]float32, 2*frames)}
	for i := range s.data {
		s.data[i] = v
	}
	s.loopEnd = frames
	return s
}

// ramp is a test sound whose frame i holds i on both channels.
func ramp(frames int) *sound {
	s := &sound{data: make([]float32, 2*frames)}
	for i := range frames {
		s.data[2*i], s.data[2*i+1] = float32(i), float32(i)
	}
	return s
}

// testVoices numbers the voices the tests play, each once, whichever
// test plays it: tests that run in parallel take numbers of their own.
var testVoices atomic.Uint32

// play queues s on m as a new voice, looping when loop is set, and
// returns the voice's number.
func play(t testing.TB, m *mixer, s *sound, gain float32, loop bool) uint32 {
	t.Helper()
	v := testVoices.Add(1)
	o := opPlay
	if loop {
		o = opLoop
	}
	if !m.q.push(command{op: o, snd: s, voice: v, gain: gain}) {
		t.Fatal("queue full")
	}
	return v
}

func period(m *mixer) []float32 {
	out := make([]float32, 2*periodFrames)
	m.mix(out)
	return out
}

func near(a, b float32) bool { return math.Abs(float64(a-b)) < 1e-5 }

func allNear(t *testing.T, what string, out []float32, want float32) {
	t.Helper()
	for i, x := range out {
		if !near(x, want) {
			t.Fatalf("%s: sample %d = %v, want %v", what, i, x, want)
		}
	}
}

func TestMixSumAndGain(t *testing.T) {
	t.Parallel()
	m := newMixer(1)
	play(t, m, dc(10000, 0.1), 1, false)
	play(t, m, dc(10000, 0.2), 1, false)
	play(t, m, dc(10000, 0.4), 0.5, false) // per-voice gain
	allNear(t, "0.1 + 0.2 + 0.4×0.5", period(m), 0.5)
	if got := m.active.Load(); got != 3 {
		t.Errorf("active = %d, want 3", got)
	}
}

func TestMixMasterVolume(t *testing.T) {
	t.Parallel()
	m := newMixer(1)
	play(t, m, dc(100000, 0.4), 1, true)
	allNear(t, "volume 1", period(m), 0.4)
	m.setVolume(0.5) // a fader: gain 0.25
	out := period(m)
	// Ramped over the period, never a step.
	for i := 2; i < len(out); i += 2 {
		if out[i] > out[i-2] || out[i-2]-out[i] > 0.3/periodFrames*1.01 {
			t.Fatalf("volume ramp not smooth at frame %d: %v → %v", i/2, out[i-2], out[i])
		}
	}
	if !near(out[len(out)-1], 0.1) {
		t.Errorf("end of ramp = %v, want 0.1", out[len(out)-1])
	}
	allNear(t, "volume 0.5", period(m), 0.1)
	for _, c := range []struct{ set, want float32 }{{2, 1}, {-1, 0}, {float32(math.NaN()), 0}, {0.3, 0.3}} {
		m.setVolume(c.set)
		if got := m.getVolume(); got != c.want {
			t.Errorf("setVolume(%v): volume %v, want %v", c.set, got, c.want)
		}
	}
}

func TestMixMute(t *testing.T) {
	t.Parallel()
	m := newMixer(1)
	play(t, m, dc(100000, 0.4), 1, true)
	period(m)
	m.muted.Store(true)
	out := period(m)
	if out[0] < 0.39 || out[len(out)-1] != 0 {
		t.Errorf("mute should ramp 0.4 → 0 over a period, got %v … %v", out[0], out[len(out)-1])
	}
	allNear(t, "muted", period(m), 0)
	m.muted.Store(false)
	period(m)
	allNear(t, "unmuted", period(m), 0.4)
}

func TestMixSoftClip(t *testing.T) {
	t.Parallel()
	m := newMixer(1)
	for range 10 {
		play(t, m, dc(10000, 0.5), 1, false)
	}
	play(t, m, dc(10000, -0.9), 1, false)
	out := period(m)
	for i, x := range out {
		if x > 1 || x < 0.99 {
			t.Fatalf("sum 4.1 clipped to %v at %d, want just under 1", x, i)
		}
	}
	// The curve: identity to the knee, odd, monotone, continuous, ≤ 1.
	prev := float32(0)
	for i := 0; i <= 20000; i++ {
		x := float32(i) / 2000 // 0..10
		y := softClip(x)
		if x <= clipKnee && y != x {
			t.Fatalf("softClip(%v) = %v below the knee", x, y)
		}
		if y < prev || y > 1 || y-prev > 1.0/2000+1e-6 {
			t.Fatalf("softClip(%v) = %v after %v: not monotone, continuous and ≤ 1", x, y, prev)
		}
		if softClip(-x) != -y {
			t.Fatalf("softClip not odd at %v", x)
		}
		prev = y
	}
	if softClip(float32(math.Inf(1))) != 1 {
		t.Error("softClip(+Inf) != 1")
	}
}

func TestMixEndOfVoice(t *testing.T) {
	t.Parallel()
	m := newMixer(1)
	play(t, m, ramp(100), 1, false)
	out := period(m)
	for f := range periodFrames {
		want := float32(0)
		if f < 100 {
			want = float32(f)
		}
		if out[2*f] != softClip(want) || out[2*f+1] != softClip(want) {
			t.Fatalf("frame %d = %v, want %v", f, out[2*f], softClip(want))
		}
	}
	if m.active.Load() != 0 || m.ended.Load() != 1 || m.voices[0].id != 0 {
		t.Errorf("after its end: active %d, ended %d, slot id %d", m.active.Load(), m.ended.Load(), m.voices[0].id)
	}
	// Ends exactly on a period boundary.
	play(t, m, dc(2*periodFrames, 0.25), 1, false)
	allNear(t, "first", period(m), 0.25)
	allNear(t, "second", period(m), 0.25)
	if m.active.Load() != 0 || m.ended.Load() != 2 {
		t.Errorf("voice ending on a boundary: active %d, ended %d", m.active.Load(), m.ended.Load())
	}
	allNear(t, "after", period(m), 0)
}

func TestMixLoop(t *testing.T) {
	t.Parallel()
	m := newMixer(1)
	s := ramp(300)
	s.loopStart, s.loopEnd = 100, 200
	play(t, m, s, 1.0/512, true) // small values: below the clipper's knee
	out := period(m)
	for f := range periodFrames {
		want := f
		if f >= 200 {
			want = 100 + (f-200)%100
		}
		if out[2*f] != float32(want)/512 {
			t.Fatalf("loop frame %d = %v, want %v", f, out[2*f]*512, want)
		}
	}
}

// The drum-roll loops well past its own length, then stops on request.
func TestMixDrumRollLoops(t *testing.T) {
	t.Parallel()
	m := newMixer(1)
	snd := cueSound(DrumRoll)
	v := play(t, m, snd, 1, true)
	for range 3 * snd.frames() / periodFrames {
		period(m)
	}
	if m.active.Load() != 1 || m.find(v).pos < snd.loopStart || m.find(v).pos >= snd.loopEnd {
		t.Fatal("the drum-roll did not keep looping")
	}
	m.q.push(command{op: opStop, voice: v})
	period(m)
	if m.active.Load() != 0 {
		t.Error("the drum-roll did not stop")
	}
}

func TestMixManyVoices(t *testing.T) {
	t.Parallel()
	m := newMixer(1)
	for range 20 {
		play(t, m, dc(10000, 0.01), 1, false)
	}
	allNear(t, "20 voices", period(m), 0.2)
	if m.active.Load() != 20 {
		t.Errorf("active %d, want 20", m.active.Load())
	}
	for range 20 {
		play(t, m, dc(10000, 0.01), 1, false)
	}
	allNear(t, "32 voices", period(m), 0.32)
	if m.active.Load() != maxVoices || m.dropped.Load() != 40-maxVoices {
		t.Errorf("active %d dropped %d, want %d and %d", m.active.Load(), m.dropped.Load(), maxVoices, 40-maxVoices)
	}
}

func TestMixStopFade(t *testing.T) {
	t.Parallel()
	m := newMixer(1)
	keep := play(t, m, dc(100000, 0.1), 1, true)
	v := play(t, m, dc(100000, 0.5), 1, true)
	allNear(t, "before", period(m), 0.6)
	m.q.push(command{op: opStop, voice: v})
	m.q.push(command{op: opStop, voice: 12345}) // unknown: nothing happens
	out := period(m)
	for f := 1; f < periodFrames; f++ {
		d := out[2*(f-1)] - out[2*f]
		if d < 0 || d > 0.5/fadeFrames*1.01 {
			t.Fatalf("fade not a smooth ramp at frame %d: %v → %v", f, out[2*(f-1)], out[2*f])
		}
	}
	if last := out[len(out)-1]; !near(last, 0.1) {
		t.Errorf("end of fade = %v, want the other voice alone (0.1)", last)
	}
	allNear(t, "after", period(m), 0.1)
	if m.active.Load() != 1 || m.find(keep) == nil || m.find(v) != nil {
		t.Error("the stopped voice should be freed, the other kept")
	}
	m.q.push(command{op: opStopAll})
	period(m)
	allNear(t, "after stop all", period(m), 0)
	if m.active.Load() != 0 {
		t.Errorf("active %d after stop all", m.active.Load())
	}
}

func TestMixSetGain(t *testing.T) {
	t.Parallel()
	m := newMixer(1)
	v := play(t, m, dc(100000, 0.4), 1, true)
	period(m)
	m.q.push(command{op: opGain, voice: v, gain: 0.5})
	out := period(m)
	if !near(out[len(out)-1], 0.2) || out[0] < 0.39 {
		t.Errorf("gain ramp: %v … %v, want 0.4 … 0.2", out[0], out[len(out)-1])
	}
	allNear(t, "gain 0.5", period(m), 0.2)
}

// The device callback's path, commands included, allocates nothing.
func TestMixAllocs(t *testing.T) {
	p := &Player{mix: newMixer(1), periodDone: make(chan struct{}, 1)}
	o := &output{} // generation 0, the Player's: this output mixes
	out := make([]byte, 4*2*periodFrames)
	for _, c := range Cues() {
		p.Loop(c)
	}
	p.callback(o, out, periodFrames)
	allocs := testing.AllocsPerRun(200, func() {
		v := p.Play(Tick)
		p.SetGain(v, 0.5)
		p.callback(o, out, periodFrames)
		p.Stop(v)
		p.SetVolume(0.7)
		p.SetMuted(false)
		p.callback(o, out, periodFrames)
	})
	if allocs != 0 {
		t.Errorf("mix path allocates %v times per run", allocs)
	}
}

// BenchmarkMix8Voices mixes one 10 ms period with 8 voices sounding.
func BenchmarkMix8Voices(b *testing.B) {
	m := newMixer(0.8)
	for i := range 8 {
		c := Cue(i % int(numCues))
		m.q.push(command{op: opLoop, snd: cueSound(c), voice: uint32(i + 1), gain: 0.8})
	}
	out := make([]float32, 2*periodFrames)
	m.mix(out)
	if m.active.Load() != 8 {
		b.Fatalf("%d voices active, want 8", m.active.Load())
	}
	b.ReportAllocs()
	for b.Loop() {
		m.mix(out)
	}
	perOp := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
	b.ReportMetric(100*perOp/10e6, "pct_of_period")
}

// A real device's callback that comes more than two periods after the one
// before counts as late (a likely underrun); the null device's never do.
func TestLateCallbacks(t *testing.T) {
	t.Parallel()
	p := &Player{mix: newMixer(1), periodDone: make(chan struct{}, 1)}
	out := make([]byte, 4*2*periodFrames)
	o := &output{real: true}
	p.callback(o, out, periodFrames)
	p.callback(o, out, periodFrames) // at once: on time
	if n := p.Late(); n != 0 {
		t.Fatalf("%d late after two callbacks in a row", n)
	}
	o.last = o.last.Add(-lateAfter(periodFrames) - time.Millisecond) // as if the device thread had stalled
	p.callback(o, out, periodFrames)
	if n := p.Late(); n != 1 {
		t.Fatalf("%d late after a stall of more than two periods, want 1", n)
	}
	null := &output{}
	p.callback(null, out, periodFrames)
	null.last = null.last.Add(-time.Second)
	p.callback(null, out, periodFrames)
	if n := p.Late(); n != 1 {
		t.Errorf("the null device's stall counted: %d late", n)
	}
	if d := lateAfter(960); d != 45*time.Millisecond {
		t.Errorf("lateAfter(960 frames at 48 kHz) = %v, want 45ms", d)
	}
}
