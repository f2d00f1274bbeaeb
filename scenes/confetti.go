package scenes

import (
	"image"
	"image/color"
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// The reveal's confetti falls over the whole frame for confettiTime, in
// the brand's colours alone. Where each piece is is a pure function of
// the time since the reveal began: no state, so a golden frame is the
// same on every run.
const (
	confettiTime   = revealTime
	confettiPieces = 140
	pieceW, pieceH = 14.0, 22.0
)

// piece is where confetti piece i is at u seconds into the reveal, on a
// frame w units wide, its width as it tumbles, and whether it shows.
func piece(i int, u, w float64) (x, y, pw float64, ok bool) {
	fi := float64(i)
	// bursts from behind the name, then falls and drifts
	x0 := math.Mod(fi*97.31, w)
	vy := 240 + math.Mod(fi*37.3, 260)
	y = 130 + math.Mod(fi*53.9, 300) - 120 + vy*u
	x = x0 + 22*math.Sin(u*2.1+fi)
	pw = pieceW * (0.35 + 0.65*math.Abs(math.Cos(u*5+fi*0.7)))
	return x, y, pw, y > confettiTop && y < confettiBot-pieceH
}

// confettiAlpha is how opaque the pieces are at u seconds: whole, then
// fading out over the last part of the reveal.
func confettiAlpha(u float64) float64 {
	return clamp(1.4-u/confettiTime.Seconds()*1.4, 0, 1)
}

// drawPieces paints the confetti at in over whatever the canvas holds.
func drawPieces(dst *Canvas, in time.Duration, t *Theme) {
	u := in.Seconds()
	if u > confettiTime.Seconds() {
		return
	}
	colours := []color.RGBA{t.Accent, t.Text, mix(t.Primary, t.Text, 0.45)} // the brand's alone
	a := confettiAlpha(u)
	for i := range confettiPieces {
		if x, y, pw, ok := piece(i, u, dst.W); ok {
			dst.Rect(x-pw/2, y, pw, pieceH, Fade(colours[i%len(colours)], a))
		}
	}
}

// confetti repaints the pieces over a still of the frame without them:
// each piece's last place is put back from it, which leaves the still
// whole, then the pieces are painted at in. A frame costs the pieces'
// pixels, not the whole canvas's.
type confetti struct {
	on *ebiten.Image // the image the pieces were last painted on…
	at time.Duration // …and when
}

// painted notes that the pieces on dst are as at in.
func (c *confetti) painted(dst *Canvas, in time.Duration) { c.on, c.at = dst.img, in }

// repaint moves the pieces on dst from c.at to in, over still.
func (c *confetti) repaint(dst, still *Canvas, in time.Duration, t *Theme) {
	if c.on != dst.img {
		dst.Place(still, 0, 0)
	} else {
		dst.copyPx(still, c.dirty(dst, c.at)...)
	}
	drawPieces(dst, in, t)
	c.painted(dst, in)
}

// dirty is the pixels the pieces covered at from, a box a piece, a pixel
// wider each way for rounding: none once they are no longer painted.
func (c *confetti) dirty(dst *Canvas, from time.Duration) []image.Rectangle {
	u := from.Seconds()
	if u > confettiTime.Seconds() {
		return nil
	}
	var rs []image.Rectangle
	bounds := dst.img.Bounds()
	for i := range confettiPieces {
		x, y, _, ok := piece(i, u, dst.W)
		if !ok {
			continue
		}
		r := image.Rect(int(math.Floor((x-pieceW/2)*dst.K))-1, int(math.Floor(y*dst.K))-1,
			int(math.Ceil((x+pieceW/2)*dst.K))+1, int(math.Ceil((y+pieceH)*dst.K))+1)
		if r = r.Intersect(bounds); !r.Empty() {
			rs = append(rs, r)
		}
	}
	return rs
}
