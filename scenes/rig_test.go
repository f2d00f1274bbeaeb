package scenes

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"drawshow/assets/demo"
	"drawshow/data/record"
	"drawshow/data/session"
	"drawshow/data/store"
	"drawshow/show"
)

// The rehearsal the stage tests play: the demo show, a fixed seed, and a
// show clock that starts after its draws' times (a draw before its time
// asks the host first: early_test.go).
var (
	testSeed  = bytes.Repeat([]byte{0x5e}, 32)
	testStart = time.Date(2026, 12, 5, 22, 50, 0, 0, time.FixedZone("SAST", 2*3600))
)

// waitFor bounds how long a test waits for the worker (the race detector
// makes SQLite commits slow).
const waitFor = 20 * time.Second

// clock is the show clock the tests move by hand: the stage and the engine
// (in the worker's goroutine) read it.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// Set moves the clock to t; it never goes back.
func (c *clock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if t.After(c.t) {
		c.t = t
	}
}

// sessionBackend is the stage's backend over a data.Session, as cmd wires it.
type sessionBackend struct{ ss *session.Session }

func (b sessionBackend) Do(c show.Command) ([]show.Event, error) { return b.ss.Do(c, nil) }
func (b sessionBackend) State() *show.State                      { return b.ss.Eng.State() }
func (b sessionBackend) People(segment string, cards []string) (map[string]show.Person, error) {
	return b.ss.People(segment, cards)
}

// Anchor is the journal's head as cmd gives it to a winners board.
func (b sessionBackend) Anchor() (string, error) {
	seq, h, err := b.ss.DB.Head()
	if err != nil {
		return "", err
	}
	return record.Anchor(seq, h), nil
}

// lastSaid is the texts the rig's latest rendered frame drew.
var lastSaid []string

// rig is a stage on a real rehearsal of the demo show in a temporary
// database, driven by a Script and the test's clock.
type rig struct {
	t   testing.TB
	clk *clock
	in  *Script
	s   *Stage
	ss  *session.Session
	sh  *show.Show
	// offAtlas renders the whole frames on images off ebiten's texture
	// atlas, as a screenRig's screen is (see screenRig.on)
	offAtlas bool
}

// W is the width the tests draw at unless they say: 16:9 at 1080 lines.
const W = 1920

func newRig(t testing.TB, tweak func(*Options)) *rig {
	t.Helper()
	path, err := demo.WriteTo(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return openRig(t, path, testStart, tweak)
}

// openRig is a stage on a rehearsal of the show file at path, on a new
// database beside it, with the clock at start; tweak, if any, changes the
// stage's options (its Backend is the session's) before the stage starts.
func openRig(t testing.TB, path string, start time.Time, tweak func(*Options)) *rig {
	t.Helper()
	return openRigAs(t, path, start, tweak, false)
}

// openRigAs is openRig; official opens the show as the night's own, with
// a seed of its own and the host's rules edition.
func openRigAs(t testing.TB, path string, start time.Time, tweak func(*Options), official bool) *rig {
	t.Helper()
	// rules edition 2: the golden frames show the record's chain heads,
	// which the edition in the opening is part of
	so := session.Options{Rehearsal: true, Seed: testSeed, Rules: 2}
	if official {
		so = session.Options{}
	}
	return openRigWith(t, path, start, tweak, so, nil)
}

// openRigWith is openRig with the session's options (its clock is the
// rig's) and, if set, a word with the session before the stage starts.
func openRigWith(t testing.TB, path string, start time.Time, tweak func(*Options), so session.Options, opened func(*session.Session)) *rig {
	t.Helper()
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sh, err := show.Parse(path, text)
	if err != nil {
		t.Fatal(err)
	}
	db, err := store.Open(filepath.Join(filepath.Dir(path), "stage.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	clk := &clock{t: start}
	so.Clock = clk.Now
	ss, err := session.Open(db, sh, text, so)
	if err != nil {
		t.Fatal(err)
	}
	if opened != nil {
		opened(ss)
	}
	theme, err := NewTheme(sh.Brand, loadLogo(t, sh.Brand.Logo))
	if err != nil {
		t.Fatal(err)
	}
	in := &Script{}
	opt := Options{Show: sh, Theme: theme, Backend: sessionBackend{ss}, Input: in, Now: clk.Now, Rehearsal: so.Rehearsal}
	if tweak != nil {
		tweak(&opt)
	}
	s := New(opt)
	// the worker ends before the database closes (cleanups run last first)
	t.Cleanup(s.Close)
	return &rig{t: t, clk: clk, in: in, s: s, ss: ss, sh: sh}
}

func loadLogo(t testing.TB, path string) *ebiten.Image {
	t.Helper()
	if path == "" {
		return nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return ebiten.NewImageFromImage(img)
}

// update runs one tick of the stage; it must not end the game.
func (r *rig) update() {
	r.t.Helper()
	if err := r.s.Update(); err != nil {
		r.t.Fatalf("Update: %v (phase %s)", err, r.scene())
	}
}

// press is one tick with these keys down.
func (r *rig) press(keys ...ebiten.Key) {
	r.t.Helper()
	r.in.Push(keys...)
	r.update()
}

// until ticks the stage until cond holds: the worker's replies come back
// on their own time.
func (r *rig) until(what string, cond func() bool) {
	r.t.Helper()
	deadline := time.Now().Add(waitFor)
	for !cond() {
		if time.Now().After(deadline) {
			r.t.Fatalf("waited %v for %s; phase %s, busy %v, message %q", waitFor, what, r.scene(), r.s.work.busy, r.s.host.message)
		}
		time.Sleep(time.Millisecond)
		r.update()
	}
}

// settle waits for the command in flight, if any.
func (r *rig) settle() {
	r.t.Helper()
	r.until("the worker", func() bool { return !r.s.work.busy })
}

// at waits for the stage to reach phase p with nothing in flight.
func (r *rig) at(p string) {
	r.t.Helper()
	r.until("phase "+p, func() bool { return r.scene() == p && !r.s.work.busy })
}

// faded moves the clock past the crossfade into the current scene.
func (r *rig) faded() {
	r.clk.Add(fadeTime + 50*time.Millisecond)
	r.update()
}

func (r *rig) seg() *show.SegState { return r.s.view.st.CurSeg() }

// pick is the current segment's latest pick.
func (r *rig) pick() *show.Pick {
	r.t.Helper()
	p := r.seg().Last()
	if p == nil {
		r.t.Fatalf("no pick in %s", r.seg().Seg.ID)
	}
	return p
}

// decided waits for the latest pick's outcome to be recorded.
func (r *rig) decided(want show.Outcome) {
	r.t.Helper()
	r.until("outcome "+string(want), func() bool { return !r.s.work.busy && r.seg().Last() != nil && r.seg().Last().Outcome != show.Pending })
	if got := r.pick().Outcome; got != want {
		r.t.Fatalf("pick %d of %s: outcome %q, want %q", r.pick().K, r.seg().Seg.ID, got, want)
	}
}

// reel starts a pick with key (from the intro, or a decided countdown)
// and waits for the pick; mid, if not nil, runs halfway through the reel.
// It returns at the reveal.
func (r *rig) reel(key ebiten.Key, mid func()) {
	r.t.Helper()
	picks := len(r.seg().Picks)
	r.press(key)
	r.until("the pick", func() bool { return r.scene() == "reel" && !r.s.work.busy && len(r.seg().Picks) > picks })
	since := r.s.mgr.since
	if mid != nil {
		r.clk.Set(since.Add(reelTime / 2))
		r.update()
		mid()
	}
	r.clk.Set(since.Add(reelTime))
	r.at("reveal")
}

// countdown goes from the reveal to the countdown with Next.
func (r *rig) countdown() {
	r.t.Helper()
	r.press(ebiten.KeyPageDown)
	if r.scene() != "countdown" {
		r.t.Fatalf("Next at the reveal: phase %s, want countdown", r.scene())
	}
	r.faded()
}

// frame renders the stage as a whole 1920×1080 frame (see render).
func (r *rig) frame() *image.RGBA {
	r.t.Helper()
	out, on, _ := r.render(image.Pt(W, H))
	lastFrame, lastText = out, on
	return out
}

// render draws the stage as a whole frame on a fresh image of size (off
// the atlas if r.offAtlas), and says where its text fell: on the frame
// (for the golden frames), and whole, past its edges too (for the
// layout's faults; a stamp's text, over other text on purpose, only where
// it is cut). The stage paints only what changed since its last frame,
// so the test makes it forget what it showed for this one frame; a
// screenshot due is left for the next frame.
func (r *rig) render(size image.Point) (out *image.RGBA, on, whole []image.Rectangle) {
	r.t.Helper()
	img := ebiten.NewImageWithOptions(image.Rectangle{Max: size}, &ebiten.NewImageOptions{Unmanaged: r.offAtlas})
	defer img.Deallocate()
	shown, due := r.s.cache.shown, r.s.shot.due
	r.s.cache.shown, r.s.shot.due = look{}, false
	// the screen's crossfade goes on as if this frame had not been drawn:
	// one drawn elsewhere would make the screen's next frame whole
	drawn := r.s.mgr.fade.drawn
	drawn.boxes = slices.Clone(drawn.boxes)
	defer func() { r.s.mgr.fade.drawn = drawn }()
	textRegions = newRegionLog()
	r.s.Draw(img)
	on, whole = textRegions.on(img), textRegions.whole(img)
	lastSaid = textRegions.said
	for _, b := range textRegions.overs(img) {
		if !b.In(img.Bounds()) {
			whole = append(whole, b)
		}
	}
	textRegions = nil
	r.s.cache.shown, r.s.shot.due = shown, due
	out = image.NewRGBA(image.Rectangle{Max: size})
	img.ReadPixels(out.Pix)
	return out, on, whole
}

// events are the show's journal, by kind.
func (r *rig) events() []show.Event {
	r.t.Helper()
	evs, err := r.ss.DB.Events(r.ss.ID)
	if err != nil {
		r.t.Fatal(err)
	}
	return evs
}

// scene is the name of the scene on stage.
func (r *rig) scene() string { return r.s.mgr.scene.Name() }
