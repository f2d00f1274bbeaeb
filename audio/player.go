// Package audio plays the show's sound cues: a malgo (miniaudio) playback
// device at 48 kHz stereo float32, a small mixer, and the cues themselves,
// synthesised in code and rendered once per process.
//
// The show never fails for want of a sound card: Open falls back to
// miniaudio's null device (everything works, nothing is heard) and says
// so once. Every Player method is safe for concurrent use and on a nil
// *Player (a no-op), so a scene can hold a nil Player in tests.
package audio

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gen2brain/malgo"
)

// nullBackend is miniaudio's ma_backend_null. malgo v0.11.24 numbers its
// Backend constants without ma_backend_custom, so malgo.BackendNull (13)
// is really the custom backend (InitContext with it fails: "No backend")
// and the null backend is the next value.
const nullBackend = malgo.Backend(malgo.BackendNull + 1)

// realBackends are the backends that make sound: every one before
// ma_backend_custom (those not built for this OS are skipped by
// miniaudio). Leaving out the null backend lets Open tell a real device
// from the fallback.
func realBackends() []malgo.Backend {
	bs := make([]malgo.Backend, 0, malgo.BackendWebaudio+1)
	for b := malgo.Backend(0); b <= malgo.BackendWebaudio; b++ {
		bs = append(bs, b)
	}
	return bs
}

// periodFrames is the device period asked for: 10 ms.
const periodFrames = SampleRate / 100

// DefaultVolume is the volume of a new Player.
const DefaultVolume = 0.8

// ErrNoBackend says no sound system could be initialised: only the null
// backend is available.
var ErrNoBackend = errors.New("no sound system: only the null backend is available")

// Voice names one playing sound, to stop it or change its gain. The zero
// Voice is none (what a nil or closed Player returns); stopping a voice
// that has ended does nothing.
type Voice uint32

// Info describes the device a Player opened.
type Info struct {
	Backend      string // miniaudio backend: "PulseAudio", "ALSA", … or "Null"
	Device       string // device name, "default" for the system default
	Null         bool   // the null device: the show runs silent
	SampleRate   int    // frames per second
	PeriodFrames int    // frames per callback
}

// DeviceInfo is a playback device, as Devices lists it.
type DeviceInfo struct {
	// ID is the sound system's own name for the device, where it has one
	// in words: a PulseAudio sink's name ("show",
	// "alsa_output.usb-…"), an ALSA device ("hw:1,0"), a WASAPI endpoint
	// id. Name is what the system shows a person: PulseAudio's
	// description ("Null Output", "USB Audio Analog Stereo"), which two
	// devices may share. --audio-device takes either.
	ID      string
	Name    string
	Default bool   // the system's default device
	Backend string // miniaudio backend
}

// Player owns the device and the mixer.
type Player struct {
	mix  *mixer
	next atomic.Uint32 // last voice id handed out
	log  func(string, ...any)

	mu  sync.Mutex // guards out and info
	out *output    // the device playing: the one asked for, or the null device
	// info describes out; while the device asked for is gone, it is the
	// null device's, Device naming the one awaited
	info Info

	// gen is the generation of the one output whose callbacks may mix:
	// when the device changes, the old one's callbacks give silence; busy
	// keeps two from mixing at once while both still run
	gen     atomic.Uint32
	nextGen atomic.Uint32
	busy    atomic.Bool
	late    atomic.Uint64 // callbacks of a real device that came late (Late)

	// what was asked for, to find it again when it comes back: the sound
	// system that had it, the name typed ("": the system default) and,
	// once seen, its ID; watching: a device that is not there is waited
	// for (set by the first openReal)
	backend   string
	wantName  string
	wantID    *malgo.DeviceID
	watching  bool
	stopWatch chan struct{}
	watchDone chan struct{}

	period     atomic.Uint32 // largest callback seen, in frames
	periodDone chan struct{} // signalled (never blocking) after each period
	closed     atomic.Bool
	closeOnce  sync.Once
}

// Open starts rendering the cues (once per process, in the background)
// and starts a playback device:
// the one named device (its ID or its name, exactly, else a unique
// case-insensitive part of either; Devices lists them), or the system
// default when device is "".
//
// When that fails, when device is "null", or when the environment says
// DRAWSHOW_AUDIO=null or CI is set, the Player runs on miniaudio's null
// device instead and Open says why, once, through log (which may be
// nil). The error is non-nil only if even the null device fails; the
// returned nil *Player is still safe to use (silently).
//
// A device that vanishes mid-show (unplugged, its sink unloaded) leaves
// the Player on the null device, and one named that is not there at
// Open is waited for: the Player watches for it, plays there as soon as it
// is back, and says so through log each time.
func Open(device string, log func(format string, args ...any)) (*Player, error) {
	if log == nil {
		log = func(string, ...any) {}
	}
	prepare()
	p := &Player{
		mix:        newMixer(DefaultVolume),
		log:        log,
		periodDone: make(chan struct{}, 1),
		stopWatch:  make(chan struct{}),
		watchDone:  make(chan struct{}),
	}
	why := forcedNull(device)
	if why == "" {
		o, err := p.openReal(device)
		if err == nil {
			p.watching = true
			p.use(o)
			i := p.Info()
			log("audio: %s, %s, %d Hz, %d-frame period (%.1f ms)", i.Backend, quoteDevice(i.Device),
				i.SampleRate, i.PeriodFrames, float64(i.PeriodFrames)*1000/SampleRate)
			p.watch()
			return p, nil
		}
		why = err.Error()
	}
	o, err := p.openNull()
	if err != nil {
		return nil, fmt.Errorf("audio: %s, and the null device failed too: %w", why, err)
	}
	p.use(o)
	if p.watching {
		log("audio: %s; playing to the null device, the show runs silent until it appears", why)
		p.watch()
	} else {
		log("audio: %s; playing to the null device, the show runs silent", why)
		close(p.watchDone)
	}
	return p, nil
}

func quoteDevice(name string) string {
	if name == "default" {
		return "default device"
	}
	return fmt.Sprintf("device %q", name)
}

// forcedNull gives why the null device is to be used without trying a
// real one, or "".
func forcedNull(device string) string {
	switch {
	case device == "null":
		return `device "null" asked for`
	case strings.EqualFold(os.Getenv("DRAWSHOW_AUDIO"), "null"):
		return "DRAWSHOW_AUDIO=null"
	case os.Getenv("CI") != "" && os.Getenv("CI") != "false":
		return "running under CI"
	}
	return ""
}

// Info describes the device playing.
func (p *Player) Info() Info {
	if p == nil {
		return Info{Backend: "none", Null: true}
	}
	p.mu.Lock()
	i := p.info
	p.mu.Unlock()
	i.SampleRate = SampleRate
	if n := int(p.period.Load()); n > 0 {
		i.PeriodFrames = n
	}
	return i
}

// Late counts the real device's data callbacks that came more than two
// periods after the one before: miniaudio tells no underrun, but a
// callback that late means the device most likely ran dry and played
// silence for a moment (the flight log records them).
func (p *Player) Late() uint64 {
	if p == nil {
		return 0
	}
	return p.late.Load()
}

// lateAfter is the gap after which a callback asking for frames is late:
// two periods, and a few milliseconds for the scheduler.
func lateAfter(frames uint32) time.Duration {
	return 2*time.Duration(frames)*time.Second/SampleRate + 5*time.Millisecond
}

// Play starts a cue once, at full gain.
func (p *Player) Play(c Cue) Voice { return p.PlayGain(c, 1, false) }

// Loop starts a cue that repeats until stopped (the drum-roll under the
// reel).
func (p *Player) Loop(c Cue) Voice { return p.PlayGain(c, 1, true) }

// PlayGain starts a cue at a gain of its own (0..1, before the master
// volume), once or looping. It does not wait for the device; only in the
// first tenth of a second after Open may it wait for the cue to finish
// rendering.
func (p *Player) PlayGain(c Cue, gain float32, loop bool) Voice {
	if p == nil || c < 0 || c >= numCues || p.closed.Load() {
		return 0
	}
	id := p.next.Add(1)
	if id == 0 { // wrapped after 4 billion plays
		id = p.next.Add(1)
	}
	o := opPlay
	if loop {
		o = opLoop
	}
	if !p.mix.q.push(command{op: o, snd: cueSound(c), voice: id, gain: clampGain(gain)}) {
		p.mix.dropped.Add(1)
		return 0
	}
	return Voice(id)
}

// SetGain changes a playing voice's gain (0..1), ramped over 10 ms.
func (p *Player) SetGain(v Voice, gain float32) {
	if p != nil && v != 0 {
		p.mix.q.push(command{op: opGain, voice: uint32(v), gain: clampGain(gain)})
	}
}

// Stop ends a voice with a 10 ms fade.
func (p *Player) Stop(v Voice) {
	if p != nil && v != 0 {
		p.mix.q.push(command{op: opStop, voice: uint32(v)})
	}
}

// StopAll ends every voice with a 10 ms fade.
func (p *Player) StopAll() {
	if p != nil {
		p.mix.q.push(command{op: opStopAll})
	}
}

func clampGain(g float32) float32 {
	if !(g >= 0) {
		return 0
	}
	return min(g, 1)
}

// SetVolume sets the master volume, 0..1 (clamped), a fader position:
// the gain applied is its square. Changes are ramped over one period.
func (p *Player) SetVolume(v float32) {
	if p != nil {
		p.mix.setVolume(v)
	}
}

// Volume is the master volume, 0..1.
func (p *Player) Volume() float32 {
	if p == nil {
		return 0
	}
	return p.mix.getVolume()
}

// SetMuted mutes or unmutes (ramped over one period); the volume is kept.
func (p *Player) SetMuted(m bool) {
	if p != nil {
		p.mix.muted.Store(m)
	}
}

// Muted reports whether the Player is muted.
func (p *Player) Muted() bool { return p != nil && p.mix.muted.Load() }

// Close fades out whatever plays and closes the device. Calls after the
// first do nothing, and so do the other methods after Close.
func (p *Player) Close() error {
	if p == nil {
		return nil
	}
	var err error
	p.closeOnce.Do(func() {
		p.closed.Store(true)
		close(p.stopWatch)
		<-p.watchDone
		if p.mix.active.Load() > 0 {
			// Mute ramps the master to 0 over the next period; wait for it
			// (and one more) so the device is not cut mid-sound.
			p.mix.muted.Store(true)
			select {
			case <-p.periodDone: // a signal from before the mute
			default:
			}
			deadline := time.After(100 * time.Millisecond)
			for range 2 {
				select {
				case <-p.periodDone:
				case <-deadline:
				}
			}
		}
		p.mu.Lock()
		o := p.out
		p.out = nil
		p.mu.Unlock()
		err = o.close()
	})
	return err
}

// Devices lists the playback devices of the first sound system that
// initialises (PulseAudio, ALSA… on Linux). ErrNoBackend (wrapped) when
// there is none.
func Devices() ([]DeviceInfo, error) {
	ctx, backend, err := initContext(realBackends())
	if err != nil {
		return nil, fmt.Errorf("%w (%v)", ErrNoBackend, err)
	}
	defer freeContext(ctx)
	devs, err := ctx.Devices(malgo.Playback)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", backend, err)
	}
	out := make([]DeviceInfo, len(devs))
	for i := range devs {
		out[i] = DeviceInfo{ID: idText(backend, devs[i].ID), Name: devs[i].Name(), Default: devs[i].IsDefault != 0, Backend: backend}
	}
	return out, nil
}
