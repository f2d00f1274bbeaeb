package audio

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gen2brain/malgo"
)

// logger collects what Open logs.
type logger struct {
	mu    sync.Mutex
	lines []string
}

func (l *logger) logf(format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, fmt.Sprintf(format, args...))
}

func (l *logger) all() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.lines...)
}

func openNullPlayer(t *testing.T) (*Player, *logger) {
	t.Helper()
	t.Setenv("DRAWSHOW_AUDIO", "null")
	l := &logger{}
	p, err := Open("", l.logf)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := p.Close(); err != nil {
			t.Error(err)
		}
	})
	return p, l
}

// waitFor waits, period by period, until cond holds; it fails the test
// after a timeout generous for a loaded machine.
func waitFor(t testing.TB, p *Player, what string, cond func() bool) {
	t.Helper()
	timeout := time.After(10 * time.Second)
	for !cond() {
		select {
		case <-p.periodDone:
		case <-timeout:
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

func TestNullDevicePlays(t *testing.T) {
	opened := time.Now()
	p, l := openNullPlayer(t)
	info := p.Info()
	t.Logf("%+v", info)
	if !info.Null || info.Backend != "Null" || info.SampleRate != SampleRate {
		t.Errorf("info %+v, want the null backend at 48 kHz", info)
	}
	if info.PeriodFrames > periodFrames {
		t.Errorf("period %d frames, want ≤ %d (10 ms)", info.PeriodFrames, periodFrames)
	}
	if lines := l.all(); len(lines) != 1 || !strings.Contains(lines[0], "DRAWSHOW_AUDIO=null") || !strings.Contains(lines[0], "silent") {
		t.Errorf("log %q, want one line saying why the show is silent", lines)
	}

	// Pacing: the null device pulls frames in real time, never ahead of
	// its clock by more than it buffers (a few periods). Counted from its
	// start, not between two reads: on a loaded machine it falls behind
	// and catches up in a burst, which is no faster than real time.
	realTime := func(when string) {
		t.Helper()
		pulled := p.mix.frames.Load()
		el := time.Since(opened)
		if most := uint64(el.Seconds()*SampleRate) + 5*periodFrames; pulled > most {
			t.Errorf("%s: %d frames pulled %v after Open, more than real time allows (%d)", when, pulled, el, most)
		}
	}
	const n = SampleRate / 5
	waitFor(t, p, "200 ms of frames", func() bool { return p.mix.frames.Load() >= n })
	realTime("after 200 ms of frames")

	// A cue plays to its end: the callback pulled at least its length,
	// and not more than the clock allows.
	tick := uint64(cueSound(Tick).frames())
	f0 := p.mix.frames.Load()
	if v := p.Play(Tick); v == 0 {
		t.Fatal("Play returned no voice")
	}
	waitFor(t, p, "the tick to end", func() bool { return p.mix.ended.Load() == 1 })
	if pulled := p.mix.frames.Load() - f0; pulled < tick {
		t.Errorf("tick of %d frames ended after %d frames pulled", tick, pulled)
	}
	realTime("after the tick")
	if p.mix.active.Load() != 0 || p.mix.dropped.Load() != 0 {
		t.Errorf("active %d dropped %d after the tick", p.mix.active.Load(), p.mix.dropped.Load())
	}
}

func TestNullDeviceLoopAndStop(t *testing.T) {
	p, _ := openNullPlayer(t)
	v := p.Loop(DrumRoll)
	waitFor(t, p, "the roll to start", func() bool { return p.mix.active.Load() == 1 })
	end := p.mix.frames.Load() + 5*periodFrames
	waitFor(t, p, "five periods", func() bool { return p.mix.frames.Load() >= end })
	if p.mix.active.Load() != 1 {
		t.Fatal("the drum-roll stopped by itself")
	}
	p.Stop(v)
	waitFor(t, p, "the roll to stop", func() bool { return p.mix.active.Load() == 0 })
	if p.mix.ended.Load() != 1 {
		t.Errorf("ended %d, want 1", p.mix.ended.Load())
	}
	// Close fades out what still plays.
	p.Play(Fanfare)
	waitFor(t, p, "the fanfare to start", func() bool { return p.mix.active.Load() == 1 })
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	if p.Play(Tick) != 0 {
		t.Error("Play after Close gave a voice")
	}
}

func TestControls(t *testing.T) {
	p, _ := openNullPlayer(t)
	if p.Volume() != DefaultVolume || p.Muted() {
		t.Errorf("new player: volume %v muted %v", p.Volume(), p.Muted())
	}
	p.SetVolume(0.5)
	p.SetMuted(true)
	if p.Volume() != 0.5 || !p.Muted() {
		t.Errorf("volume %v muted %v, want 0.5 true", p.Volume(), p.Muted())
	}
	p.SetVolume(3)
	if p.Volume() != 1 {
		t.Errorf("volume %v, want clamped to 1", p.Volume())
	}
	if p.Play(Cue(-1)) != 0 || p.Play(numCues) != 0 {
		t.Error("an unknown cue gave a voice")
	}
	a, b := p.Play(Tick), p.Play(Tick)
	if a == 0 || b == 0 || a == b {
		t.Errorf("voices %d %d: want distinct, non-zero", a, b)
	}
	p.Stop(0) // no-op
	p.StopAll()
}

// A device that is not there falls back to the null device and says so
// once; the show goes on.
func TestUnknownDeviceFallsBack(t *testing.T) {
	t.Setenv("DRAWSHOW_AUDIO", "")
	t.Setenv("CI", "")
	l := &logger{}
	p, err := Open("no such device, surely", l.logf)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if !p.Info().Null {
		t.Errorf("opened %+v", p.Info())
	}
	lines := l.all()
	if len(lines) != 1 || !strings.Contains(lines[0], "null device") {
		t.Errorf("log %q, want one line about the fallback", lines)
	}
	t.Log(lines)
	if p.Play(ClaimChime) == 0 {
		t.Error("Play on the fallback gave no voice")
	}
}

func TestNilPlayer(t *testing.T) {
	var p *Player
	if p.Play(Tick) != 0 || p.Loop(DrumRoll) != 0 || p.PlayGain(Tick, 1, false) != 0 {
		t.Error("nil player gave a voice")
	}
	p.Stop(1)
	p.StopAll()
	p.SetGain(1, 0.5)
	p.SetVolume(1)
	p.SetMuted(true)
	if p.Volume() != 0 || p.Muted() || !p.Info().Null || p.Close() != nil {
		t.Error("nil player")
	}
}

// TestDevices checks Devices against miniaudio asked directly: the
// playback devices of the first real sound system that initialises, in its
// order, each under a name --audio-device finds; ErrNoBackend exactly when
// no real sound system initialises; never the null backend's device.
func TestDevices(t *testing.T) {
	devs, err := Devices()
	t.Logf("Devices: %+v, %v", devs, err)
	ctx, backend, cerr := initContext(realBackends())
	if cerr != nil {
		if !errors.Is(err, ErrNoBackend) || devs != nil {
			t.Errorf("no real sound system initialises (%v), but Devices gave %+v, %v; want ErrNoBackend", cerr, devs, err)
		}
		return
	}
	defer freeContext(ctx)
	if errors.Is(err, ErrNoBackend) {
		t.Fatalf("Devices: %v, but %s initialises", err, backend)
	}
	if err != nil {
		t.Fatal(err)
	}
	if backend == "" || backend == "Null" {
		t.Fatalf("the first real backend is %q", backend)
	}
	want, err := ctx.Devices(malgo.Playback)
	if err != nil {
		t.Fatalf("%s playback devices: %v", backend, err)
	}
	if len(devs) != len(want) {
		t.Fatalf("Devices listed %d devices, %s has %d", len(devs), backend, len(want))
	}
	for i, d := range devs {
		w := DeviceInfo{ID: idText(backend, want[i].ID), Name: want[i].Name(), Default: want[i].IsDefault != 0, Backend: backend}
		if d != w {
			t.Errorf("device %d: %+v, want %+v", i, d, w)
		}
		if d.Name == "" || d.Name == "NULL Playback Device" {
			t.Errorf("device %d is named %q", i, d.Name)
		}
		// by its ID, and by its name where no other device has it
		if got, err := pickDevice(want, backend, d.ID); d.ID != "" && (err != nil || got.ID != want[i].ID) {
			t.Errorf("--audio-device %q does not find that device (%v)", d.ID, err)
		}
		shared := 0
		for _, o := range devs {
			if o.Name == d.Name {
				shared++
			}
		}
		if got, err := pickDevice(want, backend, d.Name); shared == 1 && (err != nil || got.ID != want[i].ID) {
			t.Errorf("--audio-device %q does not find that device (%v)", d.Name, err)
		}
	}
}

// malgo.BackendNull is really ma_backend_custom, which cannot initialise
// without callbacks; nullBackend is miniaudio's null backend.
func TestNullBackendConstant(t *testing.T) {
	if ctx, name, err := initContext([]malgo.Backend{malgo.BackendNull}); err == nil {
		freeContext(ctx)
		t.Errorf("malgo.BackendNull initialised (as %q): the off-by-one is fixed, drop the +1", name)
	}
	ctx, name, err := initContext([]malgo.Backend{nullBackend})
	if err != nil {
		t.Fatal(err)
	}
	defer freeContext(ctx)
	devs, err := ctx.Devices(malgo.Playback)
	if err != nil || name != "Null" || len(devs) != 1 || devs[0].Name() != "NULL Playback Device" {
		t.Errorf("backend %q, devices %v %v: want Null and its one device", name, devs, err)
	}
}
