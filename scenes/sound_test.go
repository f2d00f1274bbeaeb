package scenes

import (
	"math"
	"slices"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"drawshow/audio"
	"drawshow/show"
)

// fakeSound counts the stage's cues; the stage calls it from Update only.
type fakeSound struct {
	played  []audio.Cue
	at      []time.Time // show time of each Play
	now     func() time.Time
	loops   map[audio.Voice]audio.Cue
	stopped []audio.Voice
	next    audio.Voice
	muted   bool
	volume  float32
}

func newFakeSound(now func() time.Time) *fakeSound {
	return &fakeSound{now: now, loops: map[audio.Voice]audio.Cue{}, volume: 0.5}
}

func (f *fakeSound) Play(c audio.Cue) audio.Voice {
	f.played = append(f.played, c)
	f.at = append(f.at, f.now())
	f.next++
	return f.next
}

func (f *fakeSound) Loop(c audio.Cue) audio.Voice {
	f.next++
	f.loops[f.next] = c
	return f.next
}

func (f *fakeSound) Stop(v audio.Voice)    { f.stopped = append(f.stopped, v) }
func (f *fakeSound) SetMuted(m bool)       { f.muted = m }
func (f *fakeSound) Muted() bool           { return f.muted }
func (f *fakeSound) SetVolume(v float32)   { f.volume = v }
func (f *fakeSound) Volume() float32       { return f.volume }
func (f *fakeSound) count(c audio.Cue) int { return len(f.times(c)) }

func (f *fakeSound) times(c audio.Cue) []time.Time {
	var out []time.Time
	for i, p := range f.played {
		if p == c {
			out = append(out, f.at[i])
		}
	}
	return out
}

// toCountdown plays the next pick to its countdown, 90 s on the clock.
func (r *rig) toCountdown(key ebiten.Key) {
	r.t.Helper()
	r.reel(key, nil)
	r.countdown()
}

// TestCountdownCues runs a whole countdown out, frame by frame on the show
// clock: exactly ten ticks, one in each of the last ten seconds, then one
// buzzer when the engine records the no-show.
func TestCountdownCues(t *testing.T) {
	var snd *fakeSound
	r := newRig(t, func(o *Options) {
		snd = newFakeSound(o.Now)
		o.Sound = snd
	})
	r.press(ebiten.KeyPageDown)
	r.at("attract")
	r.press(ebiten.KeyPageDown)
	r.at("intro")

	r.toCountdown(ebiten.KeyPageDown)
	// the drum-roll loops under the reel and stops when it lands, on the hit
	if len(snd.loops) != 1 || snd.loops[1] != audio.DrumRoll {
		t.Fatalf("loops %v, want one drum-roll", snd.loops)
	}
	if len(snd.stopped) != 1 || snd.stopped[0] != 1 {
		t.Fatalf("stopped %v, want the drum-roll", snd.stopped)
	}
	if n := snd.count(audio.RevealHit); n != 1 {
		t.Fatalf("%d reveal hits, want 1", n)
	}

	dl := r.pick().Deadline
	for r.clk.Now().Before(dl.Add(time.Second)) {
		r.clk.Add(time.Second / 60)
		r.update()
	}
	r.decided(show.NoShow)
	for range 30 { // and a while after
		r.clk.Add(time.Second / 60)
		r.update()
	}
	ticks := snd.times(audio.Tick)
	if len(ticks) != 10 {
		t.Fatalf("%d ticks, want 10 (at %v)", len(ticks), ticks)
	}
	for i, at := range ticks {
		// the stage rounds the time left up with +0.999: a millisecond's slack
		left := dl.Sub(at).Seconds()
		if want := float64(10 - i); left > want+0.001 || left <= want-1 {
			t.Errorf("tick %d at %.3fs left, want in (%v, %v]", i+1, left, want-1, want)
		}
	}
	if n := snd.count(audio.Buzzer); n != 1 {
		t.Fatalf("%d buzzers, want 1", n)
	}
	if n := snd.count(audio.ClaimChime); n != 0 {
		t.Errorf("%d claim chimes for a no-show", n)
	}

	// a claim before the last ten seconds: a chime, no tick, no buzzer
	played := len(snd.played)
	r.toCountdown(ebiten.KeyPageDown)
	r.clk.Add(40 * time.Second)
	r.update()
	r.press(ebiten.KeyC)
	r.decided(show.Claimed)
	r.clk.Add(time.Minute) // past the deadline: nothing more
	for range 30 {
		r.clk.Add(time.Second / 60)
		r.update()
	}
	after := snd.played[played:]
	if want := []audio.Cue{audio.RevealHit, audio.ClaimChime}; !slices.Equal(after, want) {
		t.Errorf("cues of a claimed pick %v, want %v", after, want)
	}
}

// TestMuteAndVolumeKeys: M toggles mute, + and - step the volume within
// [0, 1], and each says so on screen.
func TestMuteAndVolumeKeys(t *testing.T) {
	var snd *fakeSound
	r := newRig(t, func(o *Options) {
		snd = newFakeSound(o.Now)
		o.Sound = snd
	})
	r.press(ebiten.KeyPageDown)
	r.at("attract")

	r.press(ebiten.KeyM)
	if !snd.muted || r.s.air.notice != "Sound muted" {
		t.Fatalf("M: muted %v, notice %q", snd.muted, r.s.air.notice)
	}
	r.press(ebiten.KeyM)
	if snd.muted || r.s.air.notice != "Sound on" {
		t.Fatalf("M again: muted %v, notice %q", snd.muted, r.s.air.notice)
	}
	near := func(got, want float32) bool { return math.Abs(float64(got-want)) < 1e-4 }
	r.press(ebiten.KeyEqual)
	if !near(snd.volume, 0.6) || r.s.air.notice != volumeText(snd.volume) {
		t.Fatalf("+: volume %v, notice %q", snd.volume, r.s.air.notice)
	}
	r.press(ebiten.KeyMinus)
	r.press(ebiten.KeyNumpadSubtract)
	if !near(snd.volume, 0.4) {
		t.Fatalf("+ - -: volume %v, want 0.4", snd.volume)
	}
	for range 12 {
		r.press(ebiten.KeyNumpadAdd)
	}
	if !near(snd.volume, 1) || r.s.air.notice != "Volume ■■■■■■■■■■" {
		t.Fatalf("+ ×12: volume %v, notice %q", snd.volume, r.s.air.notice)
	}
	for range 12 {
		r.press(ebiten.KeyMinus)
	}
	if snd.volume != 0 || r.s.air.notice != "Volume □□□□□□□□□□" {
		t.Fatalf("- ×12: volume %v, notice %q", snd.volume, r.s.air.notice)
	}
	// none of these keys moved the show
	if r.scene() != "attract" || r.s.work.busy {
		t.Fatalf("phase %s, busy %v", r.scene(), r.s.work.busy)
	}
	if len(snd.played) != 0 {
		t.Errorf("cues %v for mute and volume keys", snd.played)
	}
}
