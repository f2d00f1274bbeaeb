package scenes

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"drawshow/show"
)

// Draw renders the show as it stands; it changes nothing on stage.
//
// Software GL pays for every pixel painted, so a frame repaints only what
// moved: the whole canvas when anything else on it changed, the reel or
// the countdown ring alone while they run, and nothing at all when the
// picture is still (the screen keeps the last frame: it is not cleared).
func (s *Stage) Draw(img *ebiten.Image) {
	t0 := time.Now()
	defer func() { s.stats.addDraw(time.Since(t0), s.mgr.scene.Name()) }()
	if first := s.opt.OnFirst; first != nil {
		s.opt.OnFirst = nil
		defer first()
	}
	if s.cache.canvas == nil || s.cache.canvas.img != img {
		s.cache.canvas = newCanvas(img, s.theme)
	}
	if img.Bounds() != s.cache.canvasAt {
		s.cache.canvasAt, s.cache.shown = img.Bounds(), look{} // a new size: paint it all
	}
	screen := s.cache.canvas
	now := s.now()
	k := s.look(now)
	prepared := false
	switch {
	case k != s.cache.shown || s.fading(now) || s.cache.ghost || s.moving(now):
		s.cache.shown = k
		s.drawAll(screen, now)
	case s.air.blackout:
		// black stays black
	default:
		if r, ok := s.mgr.scene.(repainter); ok {
			stop := s.mgr.fade.drawn.more(screen) // what the next whole frame puts the backdrop back over
			r.repaint(s, screen, now)
			stop()
		} else {
			prepared = s.prepare(screen)
		}
	}
	s.cache.aside = s.cache.aside || prepared
	if s.cache.aside && !s.readying() && !prepared {
		// all that was drawn aside is carried out at once, in a frame of
		// the still picture (or of one that moves, which costs nothing)
		s.cache.aside = false
		s.cache.carried++
		screen.carry()
	}
	if s.shot.due {
		s.shot.due = false
		name := s.mgr.scene.Name()
		if st, ok := s.mgr.scene.(stamped); ok {
			name = st.shot(s)
		}
		s.opt.OnScene(name, img)
		s.op.previewAt = time.Time{} // a new scene: a preview at once
	}
	if s.opt.Preview != nil && (s.op.previewAt.IsZero() || now.Sub(s.op.previewAt) >= time.Second) {
		s.op.previewAt = now
		s.opt.Preview(img)
	}
}

// look is what a frame shows, but for what a scene repaints alone (the
// reel, the ring): while it is the same, the canvas need not be painted
// again. What only the operator's console shows (help, a question, a
// field being typed, a refusal, a command in flight, the outcome menu)
// is not in it: it changes nothing on the big screen, and a whole frame
// for it would cost software GL every pixel.
type look struct {
	scene    Scene
	since    time.Time
	st       *show.State
	head     string
	people   int
	blackout bool
	witness  bool   // the draw witness's field is open (the intro says the draw waits for it otherwise)
	strip    string // the hint strip's words, while it shows (StageHints)
	notice   string
	trust    string // the trust line's first words: whether the auditor's witness answers
	minute   int64
	typed    string // digits, and a wild card's numbers typed
	own      any    // what the scene shows of its own (a looker's)
}

func (s *Stage) look(now time.Time) look {
	k := look{
		scene: s.mgr.scene, since: s.mgr.since, st: s.view.st, head: s.view.head, people: len(s.view.people),
		blackout: s.air.blackout, minute: now.Unix() / 60,
		witness: s.host.entry != nil && s.host.entry.kind == fieldDraw,
	}
	if s.hintsShown(now) {
		k.strip = s.hints()
	}
	if d, ok := s.mgr.scene.(drawing); ok {
		if nums, digits := d.typed(); len(digits) > 0 || len(nums) > 0 {
			k.typed = fmt.Sprint(string(digits), nums)
		}
	}
	if l, ok := s.mgr.scene.(looker); ok {
		k.own, _ = l.look(s, now)
	}
	if now.Sub(s.air.noticeAt) < noticeTime {
		k.notice = s.air.notice
	}
	k.trust, _ = s.trustLead()
	return k
}

func (s *Stage) fading(now time.Time) bool {
	return now.Sub(s.mgr.fadeAt) < fadeTime && s.mgr.prev != s.mgr.scene
}

// moving reports whether the whole canvas animates now: the confetti, or a
// partial repaint that an overlay would not survive.
func (s *Stage) moving(now time.Time) bool {
	if s.air.blackout {
		return false
	}
	if _, ok := s.mgr.scene.(repainter); ok {
		return s.hintsShown(now)
	}
	if l, ok := s.mgr.scene.(looker); ok {
		_, moving := l.look(s, now)
		return moving
	}
	return false
}

// sceneChanged asks Draw for a screenshot of the new scene, once it has
// faded in.
func (s *Stage) sceneChanged() { s.shot.at = s.now().Add(fadeTime) }

// backdrop paints the backdrop over the whole of dst (the screen or a
// still of its size): copied from the still of it, a write a pixel,
// rather than drawn again, the fill and then the header's band, line,
// logo and text over it. Until the still is made (prepare makes it while
// the opening stands still) it is drawn, as it is for the tests that note
// where text falls (the golden frames): a copy carries no text boxes.
func (s *Stage) backdrop(dst *Canvas) {
	if b := &s.mgr.fade.backdrop; textRegions == nil && b.holds(dst, true) {
		dst.Place(b.c, 0, 0)
		return
	}
	s.drawBackdrop(dst)
}

// drawBackdrop is the brand's background, header and footer line. The
// header's band is filled with the colour it makes over the background,
// rather than laid over it: software GL pays for every pixel written,
// and the fill and the band over it wrote the header twice.
func (s *Stage) drawBackdrop(dst *Canvas) {
	t := s.theme
	b := dst.img.Bounds()
	band := int(math.Ceil(120*dst.K - 0.5)) // the rows the band's rectangle covered, its pixels' centres in it
	if r := image.Rect(b.Min.X, band, b.Max.X, b.Max.Y).Intersect(b); !r.Empty() {
		dst.subPx(r).Fill(t.Background)
	}
	if r := image.Rect(b.Min.X, 0, b.Max.X, band).Intersect(b); !r.Empty() {
		dst.subPx(r).Fill(s.headerColour())
	}
	dst.Rect(0, 118, dst.W, 4, t.Accent)
	x := float64(60)
	if t.Logo != nil {
		op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
		b := t.Logo.Bounds()
		k := 88 / float64(b.Dy())
		op.GeoM.Scale(k, k)
		op.GeoM.Translate(x, 16)
		dst.Draw(t.Logo, op)
		x += float64(b.Dx())*k + 24
	}
	Text(dst, t.Name, t.Bold(52), x, 30, Left, t.Text)
	Text(dst, s.opt.Show.Promotion, t.Regular(40), dst.W-60, 38, Right, t.Accent)
}

// headerColour is the header's band, Fade(Primary, 0.55) over the
// background, as the GPU blends it: drawn on a pixel and read back, once.
func (s *Stage) headerColour() color.RGBA {
	if s.cache.header == nil {
		t := s.theme
		img := ebiten.NewImage(1, 1)
		defer img.Deallocate()
		img.Fill(t.Background)
		vector.DrawFilledRect(img, 0, 0, 1, 1, Fade(t.Primary, 0.55), false)
		px := make([]byte, 4)
		img.ReadPixels(px)
		s.cache.header = &color.RGBA{px[0], px[1], px[2], px[3]}
	}
	return *s.cache.header
}
