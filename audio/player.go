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
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

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
	Name    string
	Default bool   // the system's default device
	Backend string // miniaudio backend
}

// Player owns the device and the mixer.
type Player struct {
	mix  *mixer
	next atomic.Uint32 // last voice id handed out
	info Info
	log  func(string, ...any)

	ctx *malgo.AllocatedContext
	dev *malgo.Device

	period     atomic.Uint32 // largest callback seen, in frames
	periodDone chan struct{} // signalled (never blocking) after each period
	closed     atomic.Bool
	closeOnce  sync.Once
	lostOnce   sync.Once
}

// Open starts rendering the cues (once per process, in the background)
// and starts a playback device:
// the one named device (exact name, else a unique case-insensitive part
// of it; Devices lists them), or the system default when device is "".
//
// When that fails, when device is "null", or when the environment says
// DRAWSHOW_AUDIO=null or CI is set, the Player runs on miniaudio's null
// device instead and Open says why, once, through log (which may be
// nil). The error is non-nil only if even the null device fails; the
// returned nil *Player is still safe to use (silently).
func Open(device string, log func(format string, args ...any)) (*Player, error) {
	if log == nil {
		log = func(string, ...any) {}
	}
	prepare()
	p := &Player{
		mix:        newMixer(DefaultVolume),
		log:        log,
		periodDone: make(chan struct{}, 1),
	}
	why := forcedNull(device)
	if why == "" {
		err := p.openReal(device)
		if err == nil {
			i := p.Info()
			log("audio: %s, %s, %d Hz, %d-frame period (%.1f ms)", i.Backend, quoteDevice(i.Device),
				i.SampleRate, i.PeriodFrames, float64(i.PeriodFrames)*1000/SampleRate)
			return p, nil
		}
		why = err.Error()
	}
	if err := p.openNull(); err != nil {
		return nil, fmt.Errorf("audio: %s, and the null device failed too: %w", why, err)
	}
	log("audio: %s; playing to the null device, the show runs silent", why)
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

// ctxLog picks the backend's name out of miniaudio's log while a context
// initialises ("Attempting to initialize ALSA backend...").
type ctxLog struct {
	mu      sync.Mutex
	backend string
}

func (l *ctxLog) proc(msg string) {
	const pre, suf = "Attempting to initialize ", " backend..."
	msg = strings.TrimSpace(msg)
	if strings.HasPrefix(msg, pre) && strings.HasSuffix(msg, suf) {
		l.mu.Lock()
		l.backend = strings.TrimSuffix(strings.TrimPrefix(msg, pre), suf)
		l.mu.Unlock()
	}
}

func (l *ctxLog) name() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.backend
}

func initContext(backends []malgo.Backend) (*malgo.AllocatedContext, string, error) {
	l := &ctxLog{}
	ctx, err := malgo.InitContext(backends, malgo.ContextConfig{}, l.proc)
	if err != nil {
		return nil, "", err
	}
	return ctx, l.name(), nil
}

func freeContext(ctx *malgo.AllocatedContext) error {
	err := ctx.Uninit()
	ctx.Free()
	return err
}

func (p *Player) openReal(device string) error {
	ctx, backend, err := initContext(realBackends())
	if err != nil {
		return fmt.Errorf("no sound system (%v)", err)
	}
	var id *malgo.DeviceID
	name := "default"
	if device != "" {
		devs, err := ctx.Devices(malgo.Playback)
		if err != nil {
			freeContext(ctx)
			return fmt.Errorf("cannot list %s playback devices (%v)", backend, err)
		}
		d, err := pickDevice(devs, device)
		if err != nil {
			freeContext(ctx)
			return err
		}
		id, name = &d.ID, d.Name()
	}
	if err := p.start(ctx, id); err != nil {
		freeContext(ctx)
		return fmt.Errorf("%s %s did not open (%v)", backend, quoteDevice(name), err)
	}
	p.info = Info{Backend: backend, Device: name}
	return nil
}

// pickDevice finds a device by exact name, else by a unique
// case-insensitive part of its name.
func pickDevice(devs []malgo.DeviceInfo, name string) (*malgo.DeviceInfo, error) {
	var found []int
	for i := range devs {
		if devs[i].Name() == name {
			return &devs[i], nil
		}
		if strings.Contains(strings.ToLower(devs[i].Name()), strings.ToLower(name)) {
			found = append(found, i)
		}
	}
	if len(found) == 1 {
		return &devs[found[0]], nil
	}
	var names []string
	for _, i := range found {
		names = append(names, fmt.Sprintf("%q", devs[i].Name()))
	}
	if len(found) > 1 {
		return nil, fmt.Errorf("audio device %q is ambiguous: %s", name, strings.Join(names, ", "))
	}
	for i := range devs {
		names = append(names, fmt.Sprintf("%q", devs[i].Name()))
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("no audio device %q: no playback devices", name)
	}
	return nil, fmt.Errorf("no audio device %q (have %s)", name, strings.Join(names, ", "))
}

func (p *Player) openNull() error {
	ctx, _, err := initContext([]malgo.Backend{nullBackend})
	if err != nil {
		return err
	}
	if err := p.start(ctx, nil); err != nil {
		freeContext(ctx)
		return err
	}
	p.info = Info{Backend: "Null", Device: "NULL Playback Device", Null: true}
	return nil
}

// start opens and starts the device (id nil: the default one).
func (p *Player) start(ctx *malgo.AllocatedContext, id *malgo.DeviceID) error {
	cfg := malgo.DefaultDeviceConfig(malgo.Playback)
	cfg.Playback.Format = malgo.FormatF32
	cfg.Playback.Channels = Channels
	cfg.SampleRate = SampleRate
	cfg.PeriodSizeInFrames = periodFrames
	cfg.PerformanceProfile = malgo.LowLatency
	var pin runtime.Pinner
	if id != nil {
		// The config goes to C holding this pointer; miniaudio copies the
		// id during InitDevice.
		id = new(*id)
		pin.Pin(id)
		cfg.Playback.DeviceID = unsafe.Pointer(id)
	}
	dev, err := malgo.InitDevice(ctx.Context, cfg, malgo.DeviceCallbacks{Data: p.callback, Stop: p.stopped})
	pin.Unpin()
	if err != nil {
		return err
	}
	// miniaudio converts to the format asked for; check all the same, the
	// callback relies on it.
	if f, ch, r := dev.PlaybackFormat(), dev.PlaybackChannels(), dev.SampleRate(); f != malgo.FormatF32 || ch != Channels || r != SampleRate {
		dev.Uninit()
		return fmt.Errorf("device gave format %d, %d channels, %d Hz", f, ch, r)
	}
	if err := dev.Start(); err != nil {
		dev.Uninit()
		return err
	}
	p.ctx, p.dev = ctx, dev
	return nil
}

// callback is the device's data callback, on miniaudio's thread: it
// mixes the next period straight into the device buffer. No allocation,
// no lock of ours (malgo itself takes its device-map mutex for a map
// lookup per call; only InitDevice and Uninit hold it otherwise).
func (p *Player) callback(out, _ []byte, frames uint32) {
	n := min(int(frames)*Channels, len(out)/4)
	if n <= 0 {
		return
	}
	buf := unsafe.Slice((*float32)(unsafe.Pointer(unsafe.SliceData(out))), n)
	p.mix.mix(buf)
	if frames > p.period.Load() {
		p.period.Store(frames)
	}
	select {
	case p.periodDone <- struct{}{}:
	default:
	}
}

// stopped is called by miniaudio when the device stops by itself (it was
// unplugged or the sound server went away).
func (p *Player) stopped() {
	if p.closed.Load() {
		return
	}
	p.lostOnce.Do(func() {
		p.log("audio: the sound device stopped (unplugged?); the show goes on without sound")
	})
}

// Info describes the device playing.
func (p *Player) Info() Info {
	if p == nil {
		return Info{Backend: "none", Null: true}
	}
	i := p.info
	i.SampleRate = SampleRate
	i.PeriodFrames = int(p.period.Load())
	if i.PeriodFrames == 0 {
		i.PeriodFrames = periodFrames
	}
	return i
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
		if p.dev == nil {
			return
		}
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
		p.dev.Uninit()
		err = freeContext(p.ctx)
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
		out[i] = DeviceInfo{Name: devs[i].Name(), Default: devs[i].IsDefault != 0, Backend: backend}
	}
	return out, nil
}
