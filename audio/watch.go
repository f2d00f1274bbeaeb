package audio

import (
	"time"

	"github.com/gen2brain/malgo"
)

// How the watcher looks after the device. A device that has pulled no
// period for stallAfter is checked for: gone from the sound system's list,
// it is lost. One still listed that has pulled nothing for deadAfter has
// lost its stream (the sink went and came back between two looks): it is
// opened again. While the device is lost, the watcher looks for it every
// tick. Checks cost a context and a device list each, so they are made
// only when the device is silent or gone, never while it plays.
const (
	watchTick  = 200 * time.Millisecond
	stallAfter = 400 * time.Millisecond
	deadAfter  = 2 * time.Second
)

// watch starts the watcher: it moves the show to the null device when
// the device asked for goes, and back to the device when it returns.
func (p *Player) watch() {
	go func() {
		defer close(p.watchDone)
		t := time.NewTicker(watchTick)
		defer t.Stop()
		var (
			seen  *output   // the output last looked at
			calls uint64    // its callbacks then
			since time.Time // when they last moved
		)
		for {
			select {
			case <-p.stopWatch:
				return
			case <-t.C:
			}
			p.mu.Lock()
			o := p.out
			p.mu.Unlock()
			if o.info.Null {
				p.reopen()
				continue
			}
			now := time.Now()
			if o != seen || o.calls.Load() != calls {
				seen, calls, since = o, o.calls.Load(), now
				if !o.stopped.Load() {
					continue
				}
			}
			still := now.Sub(since)
			if still < stallAfter && !o.stopped.Load() {
				continue
			}
			if p.present() && still < deadAfter && !o.stopped.Load() {
				continue // slow, not gone: a loaded machine
			}
			p.lost(o)
		}
	}()
}

// present says whether the device asked for is listed by its sound
// system now.
func (p *Player) present() bool {
	ctx, backend, err := initContext(realBackends())
	if err != nil {
		return false
	}
	defer freeContext(ctx)
	devs, err := ctx.Devices(malgo.Playback)
	if err != nil || backend != p.backend || len(devs) == 0 {
		return false
	}
	if p.wantName == "" {
		return true
	}
	_, err = p.findWanted(devs, backend)
	return err == nil
}

// lost moves the show to the null device: the mixer runs on (cues end,
// the drum-roll goes on rolling, plays are taken), nobody hears it.
func (p *Player) lost(o *output) {
	n, err := p.openNull()
	if err != nil {
		p.log("audio: the sound %s is lost, and the null device failed (%v)", quoteDevice(o.info.Device), err)
		return
	}
	n.info.Device = o.info.Device + " (gone)"
	p.use(n)
	o.close()
	p.log("audio: the sound %s is lost (gone from the system); the show goes on silent, and plays there again when it returns", quoteDevice(o.info.Device))
}

// reopen opens the device asked for if it is there (again), and moves
// the show back to it.
func (p *Player) reopen() {
	o, err := p.openReal(p.wantName)
	if err != nil {
		return
	}
	old := p.use(o)
	old.close()
	p.log("audio: the sound %s is back; the show plays there again", quoteDevice(o.info.Device))
}
