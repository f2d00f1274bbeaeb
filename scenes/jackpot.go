package scenes

import (
	"image/color"
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"drawshow/show"
)

// The jackpot's moment: once the jackpot ball has rolled out and opened,
// the screen is the jackpot's for jackpotTime: JACKPOT!, the winner, the
// amount counting up under a burst of coins, then what everyone else
// gets; then it hands back to the table. Every step of it is a time since
// the ball's turn began (s.turn.at), so a frame at a given time is the
// same on every machine, however fast.
const (
	jackpotFrom = rollTime                // the moment begins as the ball comes to rest, open
	jackpotTime = 8 * time.Second         // how long the screen is the jackpot's
	jackpotIn   = 400 * time.Millisecond  // fading in over the table…
	jackpotOut  = 600 * time.Millisecond  // …and out, at its end
	countFrom   = 600 * time.Millisecond  // the amount counts up from 0…
	countTime   = 4 * time.Second         // …over this long
	everyoneAt  = 5200 * time.Millisecond // the consolation's line comes in
	jackpotHold = time.Second             // frames painted whole after the end, the table's at rest
)

// jackpotMoment is the jackpot's moment at a time: what its frame shows.
type jackpotMoment struct {
	on       bool          // on air (over the table, or instead of it)
	in       time.Duration // since it began
	alpha    float64       // how much of the screen is the moment's, 0 to 1
	winner   string        // the winner's masked name
	amount   int64         // the amount as it counts…
	whole    int64         // …up to the jackpot
	everyone string        // "Everyone else: R2 000 each" once it shows; "" before, or with nobody else
}

// counted reports whether the amount has reached the jackpot.
func (m jackpotMoment) counted() bool { return m.amount == m.whole }

// jackpotAt is the jackpot's moment at now: off unless the ball turned
// last, in this segment, was the jackpot's and its moment is running.
func (*chooseScene) jackpotAt(s *Stage, seg *show.SegState, now time.Time) jackpotMoment {
	t := s.air.turn
	if !t.jackpot || t.numbers || t.at.IsZero() || t.segment != seg.Seg.ID {
		return jackpotMoment{}
	}
	in := now.Sub(t.at) - jackpotFrom
	if in < 0 || in >= jackpotTime {
		return jackpotMoment{}
	}
	m := jackpotMoment{on: true, in: in, whole: s.view.st.Jackpot(seg)}
	m.alpha = clamp(min(in.Seconds()/jackpotIn.Seconds(), (jackpotTime-in).Seconds()/jackpotOut.Seconds()), 0, 1)
	others := 0
	for i := range seg.Picks {
		p := &seg.Picks[i]
		switch {
		case p.Choice != nil && p.Choice.Jackpot:
			m.winner = s.maskName(p.Participant)
		case p.Outcome.Wins():
			others++
		}
	}
	u := clamp((in-countFrom).Seconds()/countTime.Seconds(), 0, 1)
	m.amount = int64(math.Round(float64(m.whole) * (1 - math.Pow(1-u, 3))))
	if u >= 1 {
		m.amount = m.whole
	}
	if others > 0 && in >= everyoneAt {
		m.everyone = "Everyone else: " + show.Money(s.opt.Show.Currency, seg.Seg.Jackpot.Consolation) + " each"
	}
	return m
}

// jackpotMoving reports whether the jackpot's moment runs at now, and the
// frames just after it: the stage paints them whole (choose.go's moving).
func (sc *chooseScene) jackpotMoving(s *Stage, now time.Time) bool {
	seg := s.view.st.CurSeg()
	if seg == nil || seg.Seg.Jackpot == nil || !s.air.turn.jackpot || s.air.turn.segment != seg.Seg.ID || s.air.turn.at.IsZero() {
		return false
	}
	d := now.Sub(s.air.turn.at)
	return d >= 0 && d < jackpotFrom+jackpotTime+jackpotHold
}

// The moment's lines, their tops in units.
const (
	jpWordY, jpWordSize     = 140.0, 200.0
	jpWinnerY, jpWinnerSize = 392.0, 80.0
	jpAmountY, jpAmountSize = 500.0, 230.0
	jpOthersY, jpOthersSize = 860.0, 64.0
	jpMidY                  = 640.0 // the amount's middle: where the coins burst from
)

// drawJackpot paints the moment over the frame below the header: the
// brand's background, a slow sunburst and a glow of the jackpot's gold,
// the coins, and the lines.
func (sc *chooseScene) drawJackpot(s *Stage, dst *Canvas, seg *show.SegState, m jackpotMoment) {
	t := s.theme
	a := m.alpha
	in := m.in.Seconds()
	area := dst.Sub(0, 122, dst.W, H)
	if a < 1 { // over the table; else the backdrop is the moment's background
		area.Rect(0, 122, dst.W, H-122, Fade(t.Background, a))
	}
	sunburst(area, dst.W/2, jpMidY, 0.8*math.Hypot(dst.W, H), in*0.12, Fade(mix(t.Accent, t.Text, 0.75), 0.16*a))

	// the glow behind the amount, flaring as it arrives at the jackpot
	glow := s.sprite(dst, "jackpot|glow", 160, 160, func(d *Canvas) {
		for k := range 28 {
			d.Circle(80, 80, 80-float64(k)*2.6, Fade(t.Accent, 0.02), true)
		}
	})
	flare := 0.0
	if done := in - (countFrom + countTime).Seconds(); done >= 0 {
		flare = 0.8 * math.Exp(-done*2.5)
	}
	area.BlitWith(glow, dst.W/2, jpMidY, 7.5+2*flare, 3.4+flare, alpha(a*min(1, 0.75+flare)))

	drawCoins(s, area, in, a)

	word := "JACKPOT!"
	size := jpWordSize
	if u := in / 0.5; u < 1 {
		size = math.Round(jpWordSize*(0.6+0.4*easeOutBack(u))/8) * 8 // a few sizes only: each is a face to cache
	}
	f := t.Fit(t.Bold, size, word, dst.W-160)
	Text(dst, word, f, dst.W/2, jpWordY+(jpWordSize-f.Size)*0.6, Center, Fade(t.Accent, a))
	if m.winner != "" {
		wa := a * clamp((in-0.3)/0.3, 0, 1)
		Text(dst, m.winner, t.Fit(t.Bold, jpWinnerSize, m.winner, dst.W-160), dst.W/2, jpWinnerY, Center, Fade(t.Text, wa))
	}
	amount := show.Money(s.opt.Show.Currency, m.amount)
	whole := show.Money(s.opt.Show.Currency, m.whole)
	Text(dst, amount, t.Fit(t.Bold, jpAmountSize, whole, dst.W-160), dst.W/2, jpAmountY, Center, Fade(t.Accent, a))
	if m.everyone != "" {
		ea := a * clamp((m.in-everyoneAt).Seconds()/0.4, 0, 1)
		Text(dst, m.everyone, t.Fit(t.Bold, jpOthersSize, m.everyone, dst.W-160), dst.W/2, jpOthersY, Center, Fade(t.Text, ea))
	}
}

// sunburst paints rays from (cx, cy) out to radius r, turned by angle a,
// fading outwards from colour c. Plain triangles, no antialiasing: soft
// enough at this alpha, and cheap for software GL.
func sunburst(dst *Canvas, cx, cy, r, a float64, c color.RGBA) {
	const rays = 16
	const half = math.Pi / rays * 0.32
	vs := make([]ebiten.Vertex, 0, 3*rays)
	is := make([]uint16, 0, 3*rays)
	vert := func(x, y float64, c color.RGBA) {
		vs = append(vs, ebiten.Vertex{DstX: float32(x), DstY: float32(y), SrcX: 1, SrcY: 1,
			ColorR: float32(c.R) / 255, ColorG: float32(c.G) / 255, ColorB: float32(c.B) / 255, ColorA: float32(c.A) / 255})
	}
	for i := range rays {
		th := a + float64(i)*2*math.Pi/rays
		n := uint16(len(vs))
		vert(cx, cy, c)
		vert(cx+r*math.Cos(th-half), cy+r*math.Sin(th-half), color.RGBA{})
		vert(cx+r*math.Cos(th+half), cy+r*math.Sin(th+half), color.RGBA{})
		is = append(is, n, n+1, n+2)
	}
	dst.Triangles(vs, is, white, &ebiten.DrawTrianglesOptions{ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha})
}
