package audio

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf16"
	"unsafe"

	"github.com/gen2brain/malgo"
)

// output is one opened playback device with its own context: the device
// asked for, or the null device standing in for it.
type output struct {
	ctx  *malgo.AllocatedContext
	dev  *malgo.Device
	gen  uint32 // the Player's generation this output mixes in
	info Info

	calls   atomic.Uint64 // data callbacks so far: a device that has stopped pulling has none
	last    time.Time     // the last callback's time, on the device's own thread only
	real    bool          // a real sound system's, not the null device (set before it starts)
	stopped atomic.Bool   // miniaudio said it stopped by itself
	closing atomic.Bool
}

// close stops and frees the output. It stops the device before
// uninitialising it: miniaudio's PulseAudio backend waits in its main
// loop for the stream's next request, and a stream whose sink has gone
// makes none, so an uninit without the stop's wake-up never returns.
func (o *output) close() error {
	if o == nil {
		return nil
	}
	o.closing.Store(true)
	o.dev.Stop()
	o.dev.Uninit()
	return freeContext(o.ctx)
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

// initContext starts miniaudio on the first of backends that works. Its
// device threads ask for real-time scheduling (SCHED_FIFO), which a
// process allowed it gets and any other goes without: the 10 µs of mixing
// a period must not wait behind the stage's frames or another program's
// build.
func initContext(backends []malgo.Backend) (*malgo.AllocatedContext, string, error) {
	l := &ctxLog{}
	ctx, err := malgo.InitContext(backends, malgo.ContextConfig{ThreadPriority: malgo.ThreadPriorityRealtime}, l.proc)
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

// openReal opens the device asked for on the first real sound system.
// The first call (from Open) records what was asked for; the watcher's
// later calls look for the same device on the same sound system, by its
// ID once it has been seen. A device named but not there (as against no
// sound system at all, or a name that is ambiguous) sets p.watching: it
// is waited for.
func (p *Player) openReal(device string) (*output, error) {
	first := p.backend == ""
	if first {
		p.wantName = device
	}
	ctx, backend, err := initContext(realBackends())
	if err != nil {
		return nil, fmt.Errorf("no sound system (%v)", err)
	}
	if first {
		p.backend = backend
	} else if backend != p.backend {
		// the sound server is not back yet: another system answered
		freeContext(ctx)
		return nil, fmt.Errorf("%s is not there (%s answered)", p.backend, backend)
	}
	var id *malgo.DeviceID
	name := "default"
	devs, err := ctx.Devices(malgo.Playback)
	switch {
	case err != nil:
		freeContext(ctx)
		return nil, fmt.Errorf("cannot list %s playback devices (%v)", backend, err)
	case len(devs) == 0:
		p.watching = true
		freeContext(ctx)
		return nil, fmt.Errorf("%s has no playback device", backend)
	}
	if device != "" {
		d, err := p.findWanted(devs, backend)
		if err != nil {
			freeContext(ctx)
			return nil, err
		}
		if first {
			p.wantID = new(d.ID)
		}
		id, name = &d.ID, deviceName(backend, d)
	}
	o, err := p.start(ctx, id, true)
	if err != nil {
		freeContext(ctx)
		return nil, fmt.Errorf("%s %s did not open (%v)", backend, quoteDevice(name), err)
	}
	o.info = Info{Backend: backend, Device: name, PeriodFrames: serverPeriodFrames}
	return o, nil
}

// findWanted is the device asked for among devs: by the ID it had once
// found, else by what was typed.
func (p *Player) findWanted(devs []malgo.DeviceInfo, backend string) (*malgo.DeviceInfo, error) {
	if p.wantID != nil {
		for i := range devs {
			if devs[i].ID == *p.wantID {
				return &devs[i], nil
			}
		}
		return nil, fmt.Errorf("%s device %q is not there", backend, p.wantName)
	}
	d, err := pickDevice(devs, backend, p.wantName)
	if err != nil && !strings.Contains(err.Error(), "ambiguous") {
		p.watching = true
	}
	return d, err
}

// deviceName is what Info and the log call a device: its ID where the
// system has one in words (the PulseAudio sink's name), else its name.
func deviceName(backend string, d *malgo.DeviceInfo) string {
	if id := idText(backend, d.ID); id != "" {
		return id
	}
	return d.Name()
}

// idText is a device ID as the sound system spells it, where it is
// text: a C string for PulseAudio (the sink's name), ALSA ("hw:1,0"),
// Core Audio, sndio, audio(4) and OSS; UTF-16 for WASAPI. Other IDs
// (DirectSound's GUID, WinMM's and JACK's numbers) are no name: "".
func idText(backend string, id malgo.DeviceID) string {
	switch backend {
	case "PulseAudio", "ALSA", "Core Audio", "sndio", "audio(4)", "OSS":
		if i := bytes.IndexByte(id[:], 0); i >= 0 {
			return string(id[:i])
		}
		return string(id[:])
	case "WASAPI":
		var u []uint16
		for i := 0; i+1 < len(id); i += 2 {
			c := uint16(id[i]) | uint16(id[i+1])<<8
			if c == 0 {
				break
			}
			u = append(u, c)
		}
		return string(utf16.Decode(u))
	}
	return ""
}

// pickDevice finds a device by its ID or its name exactly, else by a
// unique case-insensitive part of either. PulseAudio calls a device by
// its description ("Null Output"), which says nothing of the sink it is
// and which two sinks may share; the sink's own name ("show") is the ID.
func pickDevice(devs []malgo.DeviceInfo, backend, name string) (*malgo.DeviceInfo, error) {
	label := func(i int) string {
		if id := idText(backend, devs[i].ID); id != "" && id != devs[i].Name() {
			return fmt.Sprintf("%q (%s)", id, devs[i].Name())
		}
		return fmt.Sprintf("%q", devs[i].Name())
	}
	for i := range devs {
		if id := idText(backend, devs[i].ID); id != "" && id == name {
			return &devs[i], nil
		}
	}
	var exact, part []int
	low := strings.ToLower(name)
	for i := range devs {
		if devs[i].Name() == name {
			exact = append(exact, i)
		}
		if strings.Contains(strings.ToLower(devs[i].Name()), low) || strings.Contains(strings.ToLower(idText(backend, devs[i].ID)), low) {
			part = append(part, i)
		}
	}
	found := part
	if len(exact) > 0 {
		found = exact
	}
	if len(found) == 1 {
		return &devs[found[0]], nil
	}
	var names []string
	for _, i := range found {
		names = append(names, label(i))
	}
	if len(found) > 1 {
		return nil, fmt.Errorf("audio device %q is ambiguous: %s", name, strings.Join(names, ", "))
	}
	for i := range devs {
		names = append(names, label(i))
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("no audio device %q: no playback devices", name)
	}
	return nil, fmt.Errorf("no audio device %q (have %s)", name, strings.Join(names, ", "))
}

func (p *Player) openNull() (*output, error) {
	ctx, _, err := initContext([]malgo.Backend{nullBackend})
	if err != nil {
		return nil, err
	}
	o, err := p.start(ctx, nil, false)
	if err != nil {
		freeContext(ctx)
		return nil, err
	}
	o.info = Info{Backend: "Null", Device: "NULL Playback Device", Null: true, PeriodFrames: periodFrames}
	return o, nil
}

// serverPeriodFrames is the period asked of a real device: 20 ms.
// PulseAudio makes it the stream's whole buffer and has its sink render a
// quarter of it ahead, so a 10 ms period left the client 2.5 ms to answer
// each request. On the 2-core machine under the others' builds (load 6
// to 10), real-time device threads and all, the server logged 25
// underruns in 10 s of playing at 10 ms, 5 at 20 ms, 2 at 30 ms and none
// at 40 ms. 20 ms keeps a cue's start well within the 50 ms asked (the
// play call waits for the next request, then the buffer plays out); an
// underrun is a few milliseconds of silence, not a lost cue.
const serverPeriodFrames = SampleRate / 50

// start opens and starts a device (id nil: the default one) of ctx, on
// a real sound system or the null one. It plays silence until use makes
// it the Player's output.
func (p *Player) start(ctx *malgo.AllocatedContext, id *malgo.DeviceID, real bool) (*output, error) {
	o := &output{ctx: ctx, gen: p.nextGen.Add(1), real: real}
	cfg := malgo.DefaultDeviceConfig(malgo.Playback)
	cfg.Playback.Format = malgo.FormatF32
	cfg.Playback.Channels = Channels
	cfg.SampleRate = SampleRate
	cfg.PeriodSizeInFrames = periodFrames
	if real {
		cfg.PeriodSizeInFrames = serverPeriodFrames
	}
	cfg.PerformanceProfile = malgo.LowLatency
	var pin runtime.Pinner
	if id != nil {
		// The config goes to C holding this pointer; miniaudio copies the
		// id during InitDevice.
		id = new(*id)
		pin.Pin(id)
		cfg.Playback.DeviceID = unsafe.Pointer(id)
	}
	dev, err := malgo.InitDevice(ctx.Context, cfg, malgo.DeviceCallbacks{
		Data: func(out, _ []byte, frames uint32) { p.callback(o, out, frames) },
		Stop: func() {
			if !o.closing.Load() {
				o.stopped.Store(true)
			}
		},
	})
	pin.Unpin()
	if err != nil {
		return nil, err
	}
	// miniaudio converts to the format asked for; check all the same, the
	// callback relies on it.
	if f, ch, r := dev.PlaybackFormat(), dev.PlaybackChannels(), dev.SampleRate(); f != malgo.FormatF32 || ch != Channels || r != SampleRate {
		dev.Uninit()
		return nil, fmt.Errorf("device gave format %d, %d channels, %d Hz", f, ch, r)
	}
	o.dev = dev
	if err := dev.Start(); err != nil {
		dev.Uninit()
		return nil, err
	}
	return o, nil
}

// use makes o the output that mixes, and returns the one it replaces
// (which now plays silence, for the caller to close).
func (p *Player) use(o *output) *output {
	p.mu.Lock()
	defer p.mu.Unlock()
	old := p.out
	p.out, p.info = o, o.info
	p.gen.Store(o.gen)
	return old
}

// callback is a device's data callback, on miniaudio's thread: it
// mixes the next period straight into the device buffer, if this device
// is the Player's output and no other is mixing (for the moment two
// overlap while the device changes). No allocation, no lock of ours
// (malgo itself takes its device-map mutex for a map lookup per call;
// only InitDevice and Uninit hold it otherwise).
func (p *Player) callback(o *output, out []byte, frames uint32) {
	o.calls.Add(1)
	now := time.Now()
	if !o.last.IsZero() && o.real && now.Sub(o.last) > lateAfter(frames) {
		p.late.Add(1)
	}
	o.last = now
	n := min(int(frames)*Channels, len(out)/4)
	if n <= 0 {
		return
	}
	buf := unsafe.Slice((*float32)(unsafe.Pointer(unsafe.SliceData(out))), n)
	if p.gen.Load() != o.gen || !p.busy.CompareAndSwap(false, true) {
		clear(buf)
		return
	}
	p.mix.mix(buf)
	p.busy.Store(false)
	if frames > p.period.Load() {
		p.period.Store(frames)
	}
	select {
	case p.periodDone <- struct{}{}:
	default:
	}
}
