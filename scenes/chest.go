package scenes

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"drawshow/audio"
	"drawshow/show"
)

// The chest, in units: an open treasure chest, its lid raised behind the
// balls still in play, its front panel before the lowest row of them. The
// chest's top-left corner is at (cx-chestW/2, chestTop).
const (
	chestW, chestTop, chestH = 600.0, 430.0, 600.0
	rimY                     = 800.0 // the front panel's top edge: the balls sit behind it
	openY, openR             = 760.0, 150.0
	listTop                  = 430.0
)

// How long a ball takes to roll out of the chest, and when on its way it
// opens to show its prize.
const (
	rollTime = 1800 * time.Millisecond
	openAt   = 0.6 // of rollTime
)

// sting sounds a ball's opening when it opens: the jackpot's sting, or
// the consolation's.
func (*chooseScene) sting(s *Stage, seg *show.SegState, now time.Time) {
	if s.air.turn.stung || s.air.turn.numbers || s.air.turn.segment != seg.Seg.ID || s.turnAt(now) < openAt {
		return
	}
	s.stung()
	if s.air.turn.jackpot {
		s.sound(audio.JackpotSting)
	} else {
		s.sound(audio.ConsolationSting)
	}
}

// chestLayout is where the chest, the ball chosen and the winners' list
// go on a frame w units wide: side by side and centred as a group, the
// ball before the chest's corner when the frame is narrow (4:3).
type chestLayout struct {
	cx     float64 // the chest's centre
	ox     float64 // where a chosen ball comes to rest, opened
	listX  float64 // the winners' list's left edge…
	listW  float64 // …and its width
	margin float64
}

func layChest(w float64) chestLayout {
	const margin, gap = 60.0, 80.0
	l := chestLayout{margin: margin, listW: clamp(w*0.28, 420, 600)}
	group := chestW + gap + 2*openR + gap + l.listW
	x0 := max(margin, (w-group)/2)
	squeeze := max(0, group-(w-2*margin)) // taken from between the chest and the ball
	l.cx = x0 + chestW/2
	l.ox = l.cx + chestW/2 + gap - squeeze + openR
	l.listX = l.ox + openR + gap
	return l
}

// ballSpot is where ball i of n sits in the chest, and its radius: rows
// heaped in the chest's mouth, every other row set off by half a ball, the
// lowest row half hidden by the front panel.
func ballSpot(l chestLayout, i, n int) (x, y, r float64) {
	cols := max(1, int(math.Ceil(math.Sqrt(float64(n)*1.25))))
	rows := (n + cols - 1) / cols
	sp := min(130, (chestW-80)/(float64(cols)+0.5), 330/(float64(rows-1)*0.87+1))
	r = sp * 0.46
	row, col := i/cols, i%cols
	inRow := min(cols, n-row*cols)
	x = l.cx + (float64(col)-float64(inRow-1)/2)*sp
	if (rows-1-row)%2 == 1 {
		x += sp / 4
	} else if rows > 1 {
		x -= sp / 4
	}
	y = rimY - r*0.65 - float64(rows-1-row)*sp*0.87
	return x, y, r
}

// drawChest is the jackpot chest: the jackpot, the balls still in play in
// the chest, the chosen ball rolling out and opening, the winners' list;
// and when the jackpot ball comes out, the jackpot's moment over it all
// (jackpot.go).
func (sc *chooseScene) drawChest(s *Stage, dst *Canvas, seg *show.SegState, now time.Time) {
	jm := sc.jackpotAt(s, seg, now)
	if jm.alpha < 1 {
		sc.drawTable(s, dst, seg, now)
	}
	if jm.on {
		sc.drawJackpot(s, dst, seg, jm)
	}
}

// drawTable is the chest and the list, as they stand at now.
func (sc *chooseScene) drawTable(s *Stage, dst *Canvas, seg *show.SegState, now time.Time) {
	t := s.theme
	cur := s.opt.Show.Currency
	lay := layChest(dst.W)
	value := show.Money(cur, s.view.st.Jackpot(seg))
	Text(dst, "JACKPOT", t.Bold(56), dst.W/2, 132, Center, t.Accent)
	Text(dst, value, t.Bold(150), dst.W/2, 180, Center, t.Accent) // the jackpot's gold, as in the attract loop
	who := sc.choosing(s, seg, now)
	turning := s.turning(now)
	switch st := seg.Settled; {
	case who != nil:
		line := s.maskName(who.Participant) + " chooses a ball"
		Text(dst, line, t.Fit(t.Bold, 64, line, dst.W-200), dst.W/2, 350, Center, t.Text)
	case st != nil && st.Won:
		line := "JACKPOT WON  ·  Everyone else: " + show.Money(cur, seg.Seg.Jackpot.Consolation) + " each"
		Text(dst, line, t.Fit(t.Bold, 60, line, dst.W-200), dst.W/2, 356, Center, t.Text)
	case st != nil:
		line := "Not won tonight — next week the jackpot is " + show.Money(cur, st.Next)
		Text(dst, line, t.Fit(t.Bold, 52, line, dst.W-200), dst.W/2, 360, Center, t.Accent)
	}

	// the chest: its lid and inside, the balls still in it, its front
	back := s.sprite(dst, "chest|back", chestW+40, chestH, func(d *Canvas) { chestBack(d, t, 20) })
	dst.Blit(back, lay.cx, chestTop+chestH/2, 1, 1)
	items := seg.Seg.Items()
	for i, b := range items {
		if owner(seg, b) != nil {
			continue // out of play, or rolling out
		}
		x, y, r := ballSpot(lay, i, len(items))
		hl := !turning && who != nil && i == sc.at
		if hl {
			r *= 1.12
			y -= r * 0.3 // lifted
			halo := s.sprite(dst, fmt.Sprintf("halo|%.1f", r), 2*r+40, 2*r+40, func(d *Canvas) {
				for k := range 5 {
					d.Circle(r+20, r+20, r+20-float64(k)*4, Fade(t.Text, 0.13), true)
				}
			})
			dst.Blit(halo, x, y, 1, 1)
		}
		dst.Blit(sc.ballSprite(s, dst, b, r, hl), x, y, 1, 1)
	}
	front := s.sprite(dst, "chest|front", chestW+40, chestH, func(d *Canvas) { chestFront(d, t, 20) })
	dst.Blit(front, lay.cx, chestTop+chestH/2, 1, 1)

	// the ball chosen last: hopping out over the rim, rolling to the
	// front as it comes nearer, opening, open
	var last *show.Pick
	for i := range seg.Picks {
		if c := seg.Picks[i].Choice; c != nil && c.Item != "" {
			last = &seg.Picks[i]
		}
	}
	if last != nil {
		u := 1.0
		if s.air.turn.segment == seg.Seg.ID && s.air.turn.item == last.Choice.Item {
			u = s.turnAt(now)
		}
		x, y, r := rollPath(lay, slices.Index(items, last.Choice.Item), len(items), u)
		shadow := s.sprite(dst, "shadow", 2*openR, 2*openR, func(d *Canvas) {
			for k := range 6 {
				d.Circle(openR, openR, openR*(1-float64(k)*0.12), Fade(color.RGBA{0, 0, 0, 0xff}, 0.08), true)
			}
		})
		if g := clamp(2*ease(u/openAt)-1, 0, 1); g > 0 { // on the floor, before the chest
			dst.BlitWith(shadow, x, openY+openR*0.96, r/openR*1.1, r/openR*0.22, alpha(g))
		}
		if u < openAt {
			k := r / openR
			dst.Blit(sc.ballSprite(s, dst, last.Choice.Item, openR, false), x, y, k, k)
		} else {
			pop := 1 + 0.12*math.Sin(math.Pi*(u-openAt)/(1-openAt))
			img := s.sprite(dst, "open|"+last.Choice.Item+"|"+last.Choice.Prize, 2*openR+12, 2*openR+12, func(d *Canvas) {
				openBall(d, t, openR+6, openR+6, openR, last.Choice)
			})
			dst.Blit(img, x, y, pop, pop)
		}
	}

	// the winners, in the order they choose, each with what the ball gave
	lx, lw := lay.listX, lay.listW
	Text(dst, "Winners", t.Bold(44), lx, listTop, Left, t.Text)
	y := 500.0
	for i := range seg.Picks {
		p := &seg.Picks[i]
		if !p.Outcome.Wins() {
			continue
		}
		name := s.maskName(p.Participant)
		col := t.Text
		if who != nil && p.K == who.K {
			paint(dst, roundRect(float32(lx-56), float32(y-8), float32(lw+72), 94, 14), 0, Fade(t.Primary, 0.7))
			Text(dst, "►", t.Bold(36), lx-46, y+4, Left, t.Text)
		}
		Text(dst, name, t.Fit(t.Bold, 40, name, lw), lx, y, Left, col)
		res, rc := "to choose", t.Dim
		switch c := s.choiceOf(seg, p, now); {
		case c == nil && who != nil && p.K == who.K:
			res = "choosing…"
		case c == nil:
		case c.Jackpot:
			res, rc = "ball "+c.Item+"  ·  JACKPOT "+c.Prize, t.Accent
		case c.Item == "":
			res, rc = "consolation "+c.Prize+" (the jackpot is won)", t.Text
		default:
			res, rc = "ball "+c.Item+"  ·  consolation "+c.Prize, t.Text
		}
		Text(dst, res, t.Fit(t.Regular, 34, res, lw), lx, y+46, Left, rc)
		y += 96
		if y > 940 {
			break
		}
	}
}

// rollPath is where the ball from spot i of n is, and its radius, at u of
// its turn: up out of the chest and over its rim, then down to the front,
// nearer and larger, where it opens at openAt.
func rollPath(l chestLayout, i, n int, u float64) (x, y, r float64) {
	x0, y0, r0 := ballSpot(l, i, n)
	m := ease(u / openAt)
	hop := 170 * math.Sin(math.Pi*math.Min(1, m*1.15))
	return x0 + (l.ox-x0)*m, y0 + (openY-y0)*m - hop, r0 + (openR-r0)*m
}

// ballSprite is ball label of radius r, kept.
func (*chooseScene) ballSprite(s *Stage, dst *Canvas, label string, r float64, hl bool) *ebiten.Image {
	m := 4 + r/20 // room for the ring
	return s.sprite(dst, fmt.Sprintf("ball|%s|%.1f|%v", label, r, hl), 2*(r+m), 2*(r+m), func(d *Canvas) {
		ball(d, s.theme, r+m, r+m, r, label, hl)
	})
}

// gloss paints a glossy sphere of colour c: shaded from its lit upper left
// to a darker rim, with a soft highlight and a sharp one at (hx, hy) of r
// from its centre. Drawn once into a sprite: each step is an antialiased
// circle.
func gloss(dst *Canvas, x, y, r float64, c, dark color.RGBA, hx, hy float64) {
	dst.Circle(x, y, r, dark, true)
	const steps = 12
	for i := 1; i <= steps; i++ {
		f := float64(i) / steps
		rr := r * (1 - 0.62*f)
		off := (r - rr) * 0.42
		dst.Circle(x-off, y-off*1.15, rr, mix(c, dark, math.Pow(f, 0.6)), true)
	}
	// the window's reflection, soft and then sharp
	hx, hy = x+r*hx, y+r*hy
	for i := range 4 {
		dst.Circle(hx, hy, r*(0.26-float64(i)*0.05), Fade(color.RGBA{0xff, 0xff, 0xff, 0xff}, 0.16), true)
	}
	dst.Circle(hx-r*0.03, hy-r*0.03, r*0.07, Fade(color.RGBA{0xff, 0xff, 0xff, 0xff}, 0.85), true)
}

// ball is a numbered ball: ivory and glossy, its number dark; the ball
// highlighted is whiter and ringed in the brand's colour.
func ball(dst *Canvas, t *Theme, x, y, r float64, label string, hl bool) {
	lit, dark := t.Text, mix(t.Text, t.Primary, 0.45)
	if hl {
		lit, dark = color.RGBA{0xff, 0xff, 0xff, 0xff}, mix(t.Text, t.Primary, 0.7)
	}
	gloss(dst, x, y, r, lit, dark, -0.42, -0.5)
	ring := mix(t.Primary, t.Background, 0.4)
	if hl {
		ring = t.Primary
	}
	dst.StrokeCircle(x, y, r, max(2, r/14), ring, true)
	TextMid(dst, label, t.Bold(math.Round(r*0.95)), x, y+r*0.04, t.Background)
}

// openBall is a ball opened: JACKPOT with its value in the jackpot's
// gold, or CONSOLATION in the brand's colour.
func openBall(dst *Canvas, t *Theme, x, y, r float64, c *show.Choice) {
	fill, dark, word, col := mix(t.Text, t.Primary, 0.2), mix(t.Primary, t.Background, 0.5), "CONSOLATION", t.Text
	if c.Jackpot {
		fill, dark, word, col = t.Accent, mix(t.Accent, t.Background, 0.45), "JACKPOT", t.Background
	}
	gloss(dst, x, y, r, fill, dark, -0.6, -0.3) // clear of its words
	dst.StrokeCircle(x, y, r, 6, mix(t.Accent, t.Background, 0.3), true)
	k := r / openR
	TextMid(dst, "Ball "+c.Item, t.Regular(math.Round(30*k)), x, y-r*0.5, col)
	TextMid(dst, word, t.Fit(t.Bold, math.Round(44*k), word, 1.7*r), x, y-r*0.08, col)
	TextMid(dst, c.Prize, t.Fit(t.Bold, math.Round(60*k), c.Prize, 1.6*r), x, y+r*0.38, col)
}

// chestBack is the chest's lid, raised and seen from inside, and the dark
// of its inside: what the balls sit in front of. The sprite is chestW+2m
// wide, chestH high; m is the room left each side for the trim.
func chestBack(d *Canvas, t *Theme, m float64) {
	wood, deep := mix(t.Primary, t.Background, 0.45), mix(t.Primary, t.Background, 0.15)
	trim, trimDark := t.Accent, mix(t.Accent, t.Background, 0.45)
	x0, x1 := m+14, m+chestW-14
	// the lid: an arch above the back rim
	lid := func(in float32) *vector.Path {
		var p vector.Path
		l, r := float32(x0)+in, float32(x1)-in
		p.MoveTo(l, 250)
		p.LineTo(l, 90+in)
		p.CubicTo(l, 20+in, r, 20+in, r, 90+in)
		p.LineTo(r, 250)
		p.Close()
		return &p
	}
	paint(d, lid(0), 0, trimDark)
	paint(d, lid(6), 0, trim)
	paint(d, lid(16), 0, wood)
	for _, sx := range []float64{0.27, 0.73} { // the lid's straps
		x := m + chestW*sx
		d.Rect(x-15, 40, 30, 210, trimDark)
		d.Rect(x-11, 40, 22, 210, trim)
	}
	for i := 1; i < 4; i++ { // planks
		d.Line(x0+16, 90+float64(i)*40, x1-16, 90+float64(i)*40, 3, deep, true)
	}
	// the inside, darker towards the bottom
	for i := range 8 {
		y := 230 + float64(i)*20
		d.Rect(x0+6, y, x1-x0-12, 22, mix(deep, t.Background, 1-float64(i)/8))
	}
}

// chestFront is the chest's front panel, its bands, straps, corners and
// lock, before the lowest row of balls.
func chestFront(d *Canvas, t *Theme, m float64) {
	wood, light, deep := t.Primary, mix(t.Text, t.Primary, 0.12), mix(t.Primary, t.Background, 0.4)
	trim, trimDark, trimLight := t.Accent, mix(t.Accent, t.Background, 0.45), mix(t.Accent, t.Text, 0.45)
	top := rimY - chestTop // the panel's top in the sprite
	x0, w := m, chestW
	h := chestH - top - 6
	paint(d, roundRect(float32(x0), float32(top), float32(w), float32(h), 18), 0, deep)
	paint(d, roundRect(float32(x0+4), float32(top), float32(w-8), float32(h-8), 16), 0, wood)
	d.Rect(x0+8, top+18, w-16, 22, light) // light from above on the panel's upper edge
	for _, f := range []float64{0.42, 0.72} {
		d.Line(x0+10, top+h*f, x0+w-10, top+h*f, 4, deep, true) // planks
	}
	// the rim band, the foot band and the straps
	band := func(y, bh float64) {
		paint(d, roundRect(float32(x0-10), float32(y), float32(w+20), float32(bh), float32(bh/2)), 0, trimDark)
		paint(d, roundRect(float32(x0-8), float32(y+2), float32(w+16), float32(bh-6), float32(bh/2-3)), 0, trim)
		d.Rect(x0+6, y+4, w-12, 3, trimLight)
	}
	for _, sx := range []float64{0.2, 0.8} {
		x := x0 + w*sx
		d.Rect(x-20, top, 40, h, trimDark)
		d.Rect(x-16, top, 32, h, trim)
		d.Rect(x-12, top, 5, h, trimLight)
		for _, ry := range []float64{0.3, 0.6, 0.88} {
			d.Circle(x, top+h*ry, 5, trimDark, true)
		}
	}
	band(top-10, 30)
	band(top+h-26, 28)
	// corner plates
	for _, c := range [][2]float64{{x0 - 8, 1}, {x0 + w + 8, -1}} {
		var p vector.Path
		p.MoveTo(float32(c[0]), float32(top+h-60))
		p.LineTo(float32(c[0]+c[1]*60), float32(top+h+2))
		p.LineTo(float32(c[0]), float32(top+h+2))
		p.Close()
		paint(d, &p, 0, trim)
	}
	// the lock: a plate with a keyhole, hanging from the rim
	cx := x0 + w/2
	paint(d, roundRect(float32(cx-52), float32(top-4), 104, 120, 20), 0, trimDark)
	paint(d, roundRect(float32(cx-46), float32(top+2), 92, 108, 16), 0, trim)
	paint(d, roundRect(float32(cx-40), float32(top+8), 30, 12, 6), 0, trimLight)
	d.Circle(cx, top+46, 13, t.Background, true)
	var key vector.Path
	key.MoveTo(float32(cx-8), float32(top+50))
	key.LineTo(float32(cx+8), float32(top+50))
	key.LineTo(float32(cx+12), float32(top+86))
	key.LineTo(float32(cx-12), float32(top+86))
	key.Close()
	paint(d, &key, 0, t.Background)
}
