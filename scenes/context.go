package scenes

import (
	"image/color"
	"math"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"drawshow/show"
)

// The type sizes of the stage, in pixels of the 1080-line canvas, from
// the cap heights a casino floor reads at 30 metres (Inter's capitals are
// 0.727 of its size): the main item 110 px, the second level 70 px,
// supporting text 40 px, the trust lines 24 px.
const (
	sizeMain    = 152
	sizeSecond  = 96
	sizeSupport = 56
	sizeTrust   = 34
)

// The grid: margins all round, and where the trust line sits, its foot
// on the bottom margin.
const (
	margin = 96
	trustY = H - margin - sizeTrust
)

// contextLine is what the floor needs above a winner's name to know where
// the show is: "SATURDAY CASH DRAW · WINNER 2 OF 5". A redraw keeps the
// number of the winner it replaces.
func contextLine(seg *show.SegState) string {
	picks := seg.Picks
	if n := len(picks); n > 0 {
		picks = picks[:n-1] // the pick on stage is the one counted
	}
	n := 1
	for _, p := range picks {
		if p.Outcome.Wins() {
			n++
		}
	}
	line := strings.ToUpper(seg.Seg.Title)
	if w := seg.Seg.Winners; w > 1 {
		line += "  ·  WINNER " + strconv.Itoa(min(n, w)) + " OF " + strconv.Itoa(w)
	}
	return line
}

// drawContext draws the context line centred on x at y.
func (s *Stage) drawContext(dst *Canvas, seg *show.SegState, x, y, width float64) {
	t := s.theme
	line := contextLine(seg)
	Text(dst, line, t.Fit(t.Bold, sizeSupport, line, width), x, y, Center, t.Dim)
}

// groups4 writes the first n characters of a hash in groups of four, as
// the auditor copies it to paper, with an ellipsis when it is cut.
func groups4(h string, n int) string {
	var b strings.Builder
	for i := 0; i < len(h) && i < n; i += 4 {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(h[i:min(i+4, len(h))])
	}
	if n < len(h) {
		b.WriteString("…")
	}
	return b.String()
}

// drawTrust is the draw's one quiet line of proof, the way lotteries
// credit their adjudicator: "Verified draw · bin eb21 d118… · code 9985
// b2e4… · record 41 · f97a a653 4016 057a", the bin's fingerprint, the
// show's commitment and the journal's head, the hashes in the monospace
// face and the words in the theme's, centred on the bottom margin. The
// head moves with each freeze, draw witness and pick: the room, its
// cameras and a live stream see it, so a record rewritten after it was
// on screen no longer matches them (verify --anchor).
func (s *Stage) drawTrust(dst *Canvas, seg *show.SegState) {
	t := s.theme
	face := func(mono bool) text.Face {
		if mono {
			return t.Mono(sizeTrust - 4)
		}
		return t.Regular(sizeTrust)
	}
	width := func(parts []run) (w float64) {
		for _, p := range parts {
			w += text.Advance(p.s, face(p.mono))
		}
		return w
	}
	lead, warn := s.trustLead()
	parts := s.trustParts(seg, lead, true)
	if width(parts) > dst.W-2*margin {
		// the witness's warning is longer than the words it replaces: the
		// commitment, on the opening and the intro, gives way on a narrow screen
		parts = s.trustParts(seg, lead, false)
	}
	w := width(parts)
	x := math.Round(dst.W/2 - w/2)
	for i, p := range parts {
		y := float64(trustY)
		if p.mono {
			y += 4 // the monospace face sits lower on the same baseline
		}
		c := t.Dim
		if i == 0 && warn {
			c = t.Warn
		}
		Text(dst, p.s, face(p.mono), x, y, Left, c)
		x += text.Advance(p.s, face(p.mono))
	}
}

// trustParts are the trust line's pieces after lead: the bin's
// fingerprint, the show's commitment (with code), the journal's head.
func (s *Stage) trustParts(seg *show.SegState, lead string, code bool) []run {
	code = code || seg.Frozen == nil
	parts := []run{{lead + "  ·  ", false}}
	if f := seg.Frozen; f != nil {
		parts = append(parts, run{"bin ", false}, run{groups4(f.Fingerprint, 8), true})
		if code {
			parts = append(parts, run{"  ·  ", false})
		}
	}
	if code {
		parts = append(parts, run{"code ", false}, run{groups4(s.view.st.Opened.Commitment, 8), true})
	}
	if seq, hash, ok := strings.Cut(s.view.head, " · "); ok {
		parts = append(parts, run{"  ·  " + seq + "  ", false}, run{hash, true})
	}
	return parts
}

// run is a piece of a line in one face: a hash in the monospace, or not.
type run struct {
	s    string
	mono bool
}

// luminance is a colour's relative luminance (WCAG 2).
func luminance(c color.RGBA) float64 {
	f := func(v uint8) float64 {
		x := float64(v) / 255
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	return 0.2126*f(c.R) + 0.7152*f(c.G) + 0.0722*f(c.B)
}

// contrast is the WCAG contrast ratio of two opaque colours.
func contrast(a, b color.RGBA) float64 {
	la, lb := luminance(a), luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// mix is a over b by a share u in [0, 1], opaque.
func mix(a, b color.RGBA, u float64) color.RGBA {
	m := func(x, y uint8) uint8 { return uint8(math.Round(float64(x)*u + float64(y)*(1-u))) }
	return color.RGBA{m(a.R, b.R), m(a.G, b.G), m(a.B, b.B), 0xff}
}

// atContrast is the least of fg mixed over bg that stands at ratio
// against bg, or fg itself when even that falls short: the spent part of
// the countdown ring, seen at 30 metres whatever the brand's background.
func atContrast(fg, bg color.RGBA, ratio float64) color.RGBA {
	for u := 0.3; u < 1; u += 0.05 {
		if c := mix(fg, bg, u); contrast(c, bg) >= ratio {
			return c
		}
	}
	return fg
}
