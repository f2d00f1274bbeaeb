package scenes

import (
	"cmp"
	"fmt"
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"drawshow/show"
)

// TextMid draws s centred on (x, y), both ways.
func TextMid(dst *ebiten.Image, s string, f text.Face, x, y float64, c color.Color) {
	op := &text.DrawOptions{}
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	op.PrimaryAlign, op.SecondaryAlign = text.AlignCenter, text.AlignCenter
	text.Draw(dst, s, f, op)
}

// roundRect is the outline of a rectangle with corners of radius r.
func roundRect(x, y, w, h, r float32) *vector.Path {
	var p vector.Path
	p.MoveTo(x+r, y)
	p.LineTo(x+w-r, y)
	p.ArcTo(x+w, y, x+w, y+r, r)
	p.LineTo(x+w, y+h-r)
	p.ArcTo(x+w, y+h, x+w-r, y+h, r)
	p.LineTo(x+r, y+h)
	p.ArcTo(x, y+h, x, y+h-r, r)
	p.LineTo(x, y+r)
	p.ArcTo(x, y, x+r, y, r)
	p.Close()
	return &p
}

// paint fills a path, or strokes it when width > 0.
func paint(dst *ebiten.Image, p *vector.Path, width float32, c color.Color) {
	var vs []ebiten.Vertex
	var is []uint16
	if width > 0 {
		vs, is = p.AppendVerticesAndIndicesForStroke(nil, nil, &vector.StrokeOptions{Width: width, LineJoin: vector.LineJoinRound})
	} else {
		vs, is = p.AppendVerticesAndIndicesForFilling(nil, nil)
	}
	r, g, b, a := c.RGBA()
	for i := range vs {
		vs[i].SrcX, vs[i].SrcY = 1, 1
		vs[i].ColorR, vs[i].ColorG, vs[i].ColorB, vs[i].ColorA = float32(r)/0xffff, float32(g)/0xffff, float32(b)/0xffff, float32(a)/0xffff
	}
	op := &ebiten.DrawTrianglesOptions{ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha, AntiAlias: true}
	dst.DrawTriangles(vs, is, white, op)
}

func ease(u float64) float64 { return 1 - math.Pow(1-clamp(u, 0, 1), 3) }

// sprite is a piece of the table drawn once and kept: a card, a ball, an
// envelope, a tile. Antialiased shapes cost software GL a pass at twice
// the size of the image they are drawn on, so each piece is drawn on its
// own small image once, and a frame only copies the pieces. The pieces
// belong to the current segment and go with it.
func (s *Stage) sprite(key string, w, h float64, draw func(dst *ebiten.Image)) *ebiten.Image {
	if seg := s.st.CurSeg(); seg != nil && seg.Seg.ID != s.spritesOf {
		for _, img := range s.sprites {
			img.Deallocate()
		}
		s.sprites, s.spritesOf = map[string]*ebiten.Image{}, seg.Seg.ID
	}
	if img := s.sprites[key]; img != nil {
		return img
	}
	img := ebiten.NewImage(int(math.Ceil(w)), int(math.Ceil(h)))
	draw(img)
	if s.sprites == nil {
		s.sprites = map[string]*ebiten.Image{}
	}
	s.sprites[key] = img
	return img
}

// blit draws img centred on (cx, cy), scaled by kx and ky.
func blit(dst, img *ebiten.Image, cx, cy, kx, ky float64) {
	b := img.Bounds()
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	op.GeoM.Translate(-float64(b.Dx())/2, -float64(b.Dy())/2)
	op.GeoM.Scale(kx, ky)
	op.GeoM.Translate(cx, cy)
	dst.DrawImage(img, op)
}

// glow is a soft highlight of w × h with corners of radius r, behind a
// piece centred on (cx, cy).
func (s *Stage) glow(dst *ebiten.Image, cx, cy, w, h, r float64) {
	img := s.sprite(fmt.Sprintf("glow|%.0f|%.0f|%.0f", w, h, r), w, h, func(d *ebiten.Image) {
		paint(d, roundRect(0, 0, float32(w), float32(h), float32(r)), 0, Fade(s.theme.Accent, 0.45))
	})
	blit(dst, img, cx, cy, 1, 1)
}

// choosing is the winner the table waits on at now: while a turn is on
// its way, the one who chose it.
func (s *Stage) choosing(seg *show.SegState, now time.Time) *show.Pick {
	if s.turn.segment == seg.Seg.ID && len(s.turn.ks) > 0 && s.turning(now) {
		return &seg.Picks[s.turn.ks[0]]
	}
	return seg.Chooser()
}

// owner is the pick that chose item, or nil.
func owner(seg *show.SegState, item string) *show.Pick {
	for i := range seg.Picks {
		if c := seg.Picks[i].Choice; c != nil && c.Item == item {
			return &seg.Picks[i]
		}
	}
	return nil
}

// ordinal is "1st", "2nd", …
func ordinal(n int) string {
	suf := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suf = "st"
	case n%10 == 2:
		suf = "nd"
	case n%10 == 3:
		suf = "rd"
	}
	return strconv.Itoa(n) + suf
}

// winnerNo is p's place among the segment's winners, from 1.
func winnerNo(seg *show.SegState, p *show.Pick) int {
	n := 0
	for _, q := range seg.Picks {
		if q.Outcome.Wins() {
			n++
		}
		if q.K == p.K {
			break
		}
	}
	return n
}

func (s *Stage) drawChoose(dst *ebiten.Image) {
	now := s.now()
	seg := s.st.CurSeg()
	switch seg.Seg.Kind {
	case show.KindRoyalFlush:
		s.drawCards(dst, seg, now)
	case show.KindChest:
		s.drawChest(dst, seg, now)
	default:
		s.drawEnvelopes(dst, seg, now)
	}
	if len(s.digits) > 0 {
		s.drawTyped(dst, "Typed  "+string(s.digits)+"_", 940)
	}
}

// drawTyped is what the host has typed, in a box above the hint bar.
func (s *Stage) drawTyped(dst *ebiten.Image, line string, y float64) {
	t := s.theme
	f := t.Bold(52)
	w := text.Advance(line, f) + 80
	vector.DrawFilledRect(dst, float32(W/2-w/2), float32(y-10), float32(w), 76, t.Primary, false)
	vector.StrokeRect(dst, float32(W/2-w/2), float32(y-10), float32(w), 76, 4, t.Accent, false)
	Text(dst, line, f, W/2, y, Center, t.Text)
}

// The Royal Flush table: five cards, cw × ch, gap apart, from y cardsY.
const (
	cardW, cardH = 300.0, 430.0
	cardGap      = 52.0
	cardsY       = 410.0
)

func cardX(i int) float64 {
	n := float64(len(show.Cards))
	return (W-(n*cardW+(n-1)*cardGap))/2 + float64(i)*(cardW+cardGap)
}

// drawCards is the Royal Flush table: face down until chosen, the chosen
// card flipping to its prize, the cards taken face up over their winners.
func (s *Stage) drawCards(dst *ebiten.Image, seg *show.SegState, now time.Time) {
	t := s.theme
	Text(dst, seg.Seg.Title, t.Fit(t.Bold, 56, seg.Seg.Title, W-240), W/2, 140, Center, t.Accent)
	who := s.choosing(seg, now)
	turning := s.turning(now)
	switch {
	case who != nil:
		line := s.maskName(who.Participant) + " chooses"
		Text(dst, line, t.Fit(t.Bold, 96, line, W-200), W/2, 200, Center, t.Text)
		sub := ordinal(winnerNo(seg, who)) + " of " + strconv.Itoa(seg.Seg.Winners) + " winners  ·  the order of the cards says nothing of the prizes"
		Text(dst, sub, t.Regular(36), W/2, 318, Center, t.Dim)
	case len(seg.Taken()) == len(show.Cards):
		Text(dst, "Every card is turned", t.Bold(96), W/2, 210, Center, t.Text)
	default:
		Text(dst, "Every winner has chosen", t.Bold(96), W/2, 210, Center, t.Text) // the draw ended short
	}
	for i, card := range show.Cards {
		x, y := cardX(i), cardsY
		o := owner(seg, card)
		switch {
		case o != nil && s.turn.segment == seg.Seg.ID && s.turn.item == card && turning:
			// the card turns over: the back narrows to its edge, the front
			// widens from it; the prize shows from the edge on
			u := s.turnAt(now)
			img := s.backSprite(card)
			if u >= 0.5 {
				img = s.frontSprite(card, o.Choice.Prize)
			}
			blit(dst, img, x+cardW/2, y+cardH/2-30*math.Sin(math.Pi*u), max(math.Abs(math.Cos(math.Pi*u)), 0.02), 1)
			continue
		case o != nil:
			blit(dst, s.frontSprite(card, o.Choice.Prize), x+cardW/2, y+cardH/2, 1, 1)
			name := s.maskName(o.Participant)
			Text(dst, name, t.Fit(t.Bold, 44, name, cardW), x+cardW/2, y+cardH+28, Center, t.Text)
			continue
		}
		if !turning && seg.Chooser() != nil && i == s.at {
			y -= 24
			s.glow(dst, x+cardW/2, y+cardH/2, cardW+28, cardH+28, 30)
		}
		blit(dst, s.backSprite(card), x+cardW/2, y+cardH/2, 1, 1)
	}
}

func (s *Stage) backSprite(rank string) *ebiten.Image {
	return s.sprite("back|"+rank, cardW+8, cardH+8, func(d *ebiten.Image) { s.cardBack(d, 4, 4, rank) })
}

func (s *Stage) frontSprite(rank, prize string) *ebiten.Image {
	return s.sprite("front|"+rank+"|"+prize, cardW+8, cardH+8, func(d *ebiten.Image) { s.cardFront(d, 4, 4, rank, prize) })
}

// cardBack is a card face down: its rank shows, its prize does not.
func (s *Stage) cardBack(dst *ebiten.Image, x, y float64, rank string) {
	t := s.theme
	r := roundRect(float32(x), float32(y), cardW, cardH, 22)
	paint(dst, r, 0, t.Primary)
	paint(dst, r, 6, t.Accent)
	paint(dst, roundRect(float32(x+18), float32(y+18), cardW-36, cardH-36, 14), 3, Fade(t.Accent, 0.5))
	TextMid(dst, rank, t.Bold(150), x+cardW/2, y+cardH*0.4, t.Text)
	TextMid(dst, "♠", t.Bold(96), x+cardW/2, y+cardH*0.74, t.Accent)
}

// cardFront is a card turned over: its prize.
func (s *Stage) cardFront(dst *ebiten.Image, x, y float64, rank, prize string) {
	t := s.theme
	r := roundRect(float32(x), float32(y), cardW, cardH, 22)
	paint(dst, r, 0, t.Text)
	paint(dst, r, 6, t.Accent)
	Text(dst, rank+"♠", t.Bold(48), x+24, y+16, Left, t.Background)
	s.prizeText(dst, prize, x+cardW/2, y+cardH/2+20, cardW-40, t.Background)
}

// prizeText is a prize centred on (x, y) in at most width: one line when
// it fits, else a few.
func (s *Stage) prizeText(dst *ebiten.Image, prize string, x, y, width float64, c color.Color) {
	t := s.theme
	if f := t.Fit(t.Bold, 64, prize, width); f.Size >= 44 {
		TextMid(dst, prize, f, x, y, c)
		return
	}
	f := t.Bold(40)
	lines := wrap(prize, f, width)
	if len(lines) > 5 {
		lines = lines[:5]
	}
	y -= float64(len(lines)-1) * 26
	for i, l := range lines {
		TextMid(dst, l, t.Fit(t.Bold, 40, l, width), x, y+float64(i)*52, c)
	}
}

// The chest: the drum's centre and radius, where a chosen ball opens, and
// the winners' list.
const (
	drumX, drumY, drumR = 470.0, 720.0, 280.0
	openX, openY, openR = 1020.0, 720.0, 150.0
	listX               = 1240.0
)

// ballSpot is where ball i of n sits in the drum, and its radius.
func ballSpot(i, n int) (x, y, r float64) {
	cols := int(math.Ceil(math.Sqrt(float64(n))))
	rows := (n + cols - 1) / cols
	c, rw := float64(cols-1)/2, float64(rows-1)/2
	sp := min(130, (drumR-10)/(math.Hypot(c, rw)+0.45))
	return drumX + (float64(i%cols)-c)*sp, drumY + (float64(i/cols)-rw)*sp, sp * 0.44
}

// drawChest is the jackpot chest: the jackpot, the balls still in play in
// the drum, the chosen ball rolling out and opening, the winners' list.
func (s *Stage) drawChest(dst *ebiten.Image, seg *show.SegState, now time.Time) {
	t := s.theme
	cur := s.opt.Show.Currency
	value := show.Money(cur, s.st.Jackpot(seg))
	Text(dst, "JACKPOT", t.Bold(56), W/2, 132, Center, t.Accent)
	Text(dst, value, t.Bold(150), W/2, 180, Center, t.Text)
	who := s.choosing(seg, now)
	turning := s.turning(now)
	switch st := seg.Settled; {
	case who != nil:
		line := s.maskName(who.Participant) + " chooses a ball"
		Text(dst, line, t.Fit(t.Bold, 64, line, W-200), W/2, 350, Center, t.Text)
	case st != nil && st.Won:
		Text(dst, "JACKPOT WON — every other winner receives the consolation", t.Bold(52), W/2, 360, Center, t.Good)
	case st != nil:
		line := "Not won tonight — next week the jackpot is " + show.Money(cur, st.Next)
		Text(dst, line, t.Fit(t.Bold, 52, line, W-200), W/2, 360, Center, t.Accent)
	}

	// the drum and the balls still in it
	drum := s.sprite("drum", 2*drumR+12, 2*drumR+12, func(d *ebiten.Image) {
		vector.DrawFilledCircle(d, drumR+6, drumR+6, drumR, Fade(t.Primary, 0.6), true)
		vector.StrokeCircle(d, drumR+6, drumR+6, drumR, 8, t.Accent, true)
	})
	blit(dst, drum, drumX, drumY, 1, 1)
	items := seg.Seg.Items()
	for i, b := range items {
		if owner(seg, b) != nil {
			continue // out of play, or rolling out
		}
		x, y, r := ballSpot(i, len(items))
		hl := !turning && who != nil && i == s.at
		if hl {
			r *= 1.18
			s.glow(dst, x, y, 2*r+20, 2*r+20, r+10)
		}
		blit(dst, s.ballSprite(b, r, hl), x, y, 1, 1)
	}

	// the ball chosen last: rolling out, opening, or open
	var last *show.Pick
	for i := range seg.Picks {
		if c := seg.Picks[i].Choice; c != nil && c.Item != "" {
			last = &seg.Picks[i]
		}
	}
	if last != nil {
		u := 1.0
		if s.turn.segment == seg.Seg.ID && s.turn.item == last.Choice.Item {
			u = s.turnAt(now)
		}
		x0, y0, r0 := ballSpot(slices.Index(items, last.Choice.Item), len(items))
		m := ease(u / openAt)
		x, y, r := x0+(openX-x0)*m, y0+(openY-y0)*m, r0+(openR-r0)*m
		if u < openAt {
			k := r / openR
			blit(dst, s.ballSprite(last.Choice.Item, openR, false), x, y, k, k)
		} else {
			pop := 1 + 0.12*math.Sin(math.Pi*(u-openAt)/(1-openAt))
			img := s.sprite("open|"+last.Choice.Item+"|"+last.Choice.Prize, 2*openR+12, 2*openR+12, func(d *ebiten.Image) {
				s.openBall(d, openR+6, openR+6, openR, last.Choice)
			})
			blit(dst, img, x, y, pop, pop)
		}
	}

	// the winners, in the order they choose, each with what the ball gave
	Text(dst, "Winners", t.Bold(44), listX, 430, Left, t.Accent)
	y := 500.0
	for i := range seg.Picks {
		p := &seg.Picks[i]
		if !p.Outcome.Wins() {
			continue
		}
		name := s.maskName(p.Participant)
		col := t.Text
		if who != nil && p.K == who.K {
			col = t.Accent
			Text(dst, "►", t.Bold(40), listX-50, y, Left, t.Accent)
		}
		Text(dst, name, t.Fit(t.Bold, 40, name, W-60-listX), listX, y, Left, col)
		res, rc := "to choose", t.Dim
		switch c := s.choiceOf(seg, p, now); {
		case c == nil && who != nil && p.K == who.K:
			res = "choosing…"
		case c == nil:
		case c.Jackpot:
			res, rc = "ball "+c.Item+"  ·  JACKPOT "+c.Prize, t.Good
		case c.Item == "":
			res, rc = "consolation "+c.Prize+" (the jackpot is won)", t.Text
		default:
			res, rc = "ball "+c.Item+"  ·  consolation "+c.Prize, t.Text
		}
		Text(dst, res, t.Fit(t.Regular, 34, res, W-60-listX), listX, y+46, Left, rc)
		y += 96
		if y > 940 {
			break
		}
	}
}

// ballSprite is ball label of radius r, kept.
func (s *Stage) ballSprite(label string, r float64, hl bool) *ebiten.Image {
	m := 4 + r/20 // room for the ring
	return s.sprite(fmt.Sprintf("ball|%s|%.1f|%v", label, r, hl), 2*(r+m), 2*(r+m), func(d *ebiten.Image) {
		s.ball(d, r+m, r+m, r, label, hl)
	})
}

// ball is a numbered ball.
func (s *Stage) ball(dst *ebiten.Image, x, y, r float64, label string, hl bool) {
	t := s.theme
	fill := t.Text
	if hl {
		fill = t.Accent
	}
	vector.DrawFilledCircle(dst, float32(x), float32(y), float32(r), fill, true)
	vector.StrokeCircle(dst, float32(x), float32(y), float32(r), float32(max(3, r/12)), t.Primary, true)
	TextMid(dst, label, t.Bold(math.Round(r*0.95)), x, y, t.Background)
}

// openBall is a ball opened: JACKPOT with its value, or CONSOLATION.
func (s *Stage) openBall(dst *ebiten.Image, x, y, r float64, c *show.Choice) {
	t := s.theme
	fill, word, col := t.Primary, "CONSOLATION", t.Text
	if c.Jackpot {
		fill, word, col = t.Accent, "JACKPOT", t.Background
	}
	vector.DrawFilledCircle(dst, float32(x), float32(y), float32(r), fill, true)
	vector.StrokeCircle(dst, float32(x), float32(y), float32(r), 8, t.Accent, true)
	k := r / openR
	TextMid(dst, "Ball "+c.Item, t.Regular(math.Round(30*k)), x, y-r*0.5, col)
	TextMid(dst, word, t.Fit(t.Bold, math.Round(44*k), word, 1.7*r), x, y-r*0.08, col)
	TextMid(dst, c.Prize, t.Fit(t.Bold, math.Round(60*k), c.Prize, 1.6*r), x, y+r*0.38, col)
}

// bonusPick is the bonus winner the envelopes are for at now: the one
// choosing, or the last winner.
func (s *Stage) bonusPick(seg *show.SegState, now time.Time) *show.Pick {
	if p := s.choosing(seg, now); p != nil {
		return p
	}
	for i := len(seg.Picks) - 1; i >= 0; i-- {
		if seg.Picks[i].Outcome.Wins() {
			return &seg.Picks[i]
		}
	}
	return nil
}

// The envelopes' row.
const (
	envY   = 620.0
	envGap = 40.0
)

func envSize(n int) (w, h float64) {
	w = min(300, (1700-float64(n-1)*envGap)/float64(n))
	return w, w * 0.66
}

func envX(i, n int) float64 {
	w, _ := envSize(n)
	return (W-(float64(n)*w+float64(n-1)*envGap))/2 + float64(i)*(w+envGap)
}

// drawEnvelopes is a bonus jackpot's winner at the device, the hour's
// progress, and the envelopes face down, the chosen one opening.
func (s *Stage) drawEnvelopes(dst *ebiten.Image, seg *show.SegState, now time.Time) {
	t := s.theme
	Text(dst, seg.Seg.Title, t.Fit(t.Bold, 52, seg.Seg.Title, W-240), W/2, 135, Center, t.Accent)
	p := s.bonusPick(seg, now)
	if p == nil {
		return
	}
	name := s.maskName(p.Participant)
	Text(dst, name, t.Fit(t.Bold, 110, name, W-400), W/2, 195, Center, t.Text)
	line := s.pickLine(seg, p, "  ·  ")
	Text(dst, line, t.Fit(t.Regular, 48, line, W-200), W/2, 335, Center, t.Dim)
	if h := s.hourLine(seg, now); h != "" {
		Text(dst, h, t.Bold(44), W/2, 405, Center, t.Good)
	}
	items := seg.Seg.Items()
	n := len(items)
	ew, eh := envSize(n)
	c := s.choiceOf(seg, p, now)
	turning := s.turning(now) && s.turn.segment == seg.Seg.ID && slices.Contains(s.turn.ks, p.K)
	switch {
	case c != nil:
		Text(dst, "wins "+c.Prize, t.Fit(t.Bold, 64, "wins "+c.Prize, W-200), W/2, 480, Center, t.Accent)
	case p.Choice == nil:
		Text(dst, "chooses an envelope", t.Regular(48), W/2, 490, Center, t.Text)
	}
	for i, it := range items {
		x, y := envX(i, n), envY+40
		var chosen *show.Choice
		if p.Choice != nil && p.Choice.Item == it {
			chosen = p.Choice
		}
		if chosen != nil {
			u := 1.0
			if turning {
				u = s.turnAt(now)
			}
			s.envelope(dst, x, y, ew, eh, it, chosen.Prize, u, false)
			continue
		}
		hl := !turning && p.Choice == nil && i == s.at
		if hl {
			y -= 20
		}
		s.envelope(dst, x, y, ew, eh, it, "", 0, hl)
	}
}

// envelope is one envelope at (x, y), opened u of the way: its flap
// lifts, then the prize card rises out of it, readable once it is out.
func (s *Stage) envelope(dst *ebiten.Image, x, y, w, h float64, label, prize string, u float64, hl bool) {
	t := s.theme
	key := fmt.Sprintf("|%.0f|%.0f", w, h)
	if hl {
		s.glow(dst, x+w/2, y+h/2, w+24, h+24, 16)
	}
	if u > 0 {
		// the flap, open above the envelope
		lift := clamp(u/0.3, 0, 1)
		flap := s.sprite("flap"+key, w, h*0.45+2, func(d *ebiten.Image) {
			var p vector.Path
			p.MoveTo(0, float32(h*0.45+2))
			p.LineTo(float32(w/2), 0)
			p.LineTo(float32(w), float32(h*0.45+2))
			p.Close()
			paint(d, &p, 0, Fade(t.Accent, 0.85))
		})
		blit(dst, flap, x+w/2, y-h*0.45*lift/2, 1, max(lift, 0.01))
		// the prize card, rising
		rise := ease((u - 0.3) / 0.7)
		cy := y + h*0.1 - h*0.95*rise
		text := ""
		if u >= 0.65 {
			text = prize
		}
		card := s.sprite("card"+key+"|"+text, w-24, h*0.9, func(d *ebiten.Image) {
			r := roundRect(2, 2, float32(w-28), float32(h*0.9-4), 10)
			paint(d, r, 0, t.Text)
			paint(d, r, 4, t.Accent)
			if text != "" {
				TextMid(d, text, t.Fit(t.Bold, math.Round(h*0.28), text, w-48), (w-24)/2, h*0.3, t.Background)
			}
		})
		blit(dst, card, x+w/2, cy+h*0.45, 1, 1)
	}
	body := s.sprite(fmt.Sprintf("env%s|%s|%v", key, label, u > 0), w, h, func(d *ebiten.Image) {
		fw, fh := float32(w), float32(h)
		r := roundRect(2, 2, fw-4, fh-4, 10)
		paint(d, r, 0, t.Primary)
		paint(d, r, 4, t.Accent)
		if u == 0 {
			// the flap, closed
			var p vector.Path
			p.MoveTo(6, 6)
			p.LineTo(fw/2, fh*0.55)
			p.LineTo(fw-6, 6)
			paint(d, &p, 4, t.Accent)
		}
		TextMid(d, label, t.Bold(math.Round(h*0.36)), w/2, h*0.74, t.Text)
	})
	blit(dst, body, x+w/2, y+h/2, 1, 1)
}

// hourLine is a bonus jackpot's progress this hour: "7 of 15 this hour".
func (s *Stage) hourLine(seg *show.SegState, now time.Time) string {
	won, target, ok := seg.Hour(now)
	if !ok || target == 0 {
		return ""
	}
	return strconv.Itoa(won) + " of " + strconv.Itoa(target) + " winners this hour"
}

// The wild card's number tiles.
const (
	tileY, tileH = 370.0, 300.0
	tileGap      = 40.0
)

func tileSize(n int) float64 { return min(280, (1700-float64(n-1)*tileGap)/float64(n)) }

func tileX(i, n int) float64 {
	w := tileSize(n)
	return (W-(float64(n)*w+float64(n-1)*tileGap))/2 + float64(i)*(w+tileGap)
}

// drawNumbers is a wild card's number pick: the month-end bins by number,
// the numbers typed so far or drawn, lit one by one, and how they were
// chosen.
func (s *Stage) drawNumbers(dst *ebiten.Image) {
	t := s.theme
	now := s.now()
	seg := s.st.CurSeg()
	if seg == nil || seg.Seg.Kind != show.KindWildCard || len(seg.Seg.From) == 0 {
		return
	}
	group := seg.Seg.From[0]
	bins := s.opt.Show.Bins(group)
	Text(dst, seg.Seg.Title, t.Fit(t.Bold, 72, seg.Seg.Title, W-240), W/2, 140, Center, t.Text)
	ask := strconv.Itoa(seg.Seg.Winners) + " wild-card finalists: which bins do they come from?"
	if seg.Seg.Winners == 1 {
		ask = "One wild-card finalist: which bin does it come from?"
	}
	Text(dst, ask, t.Regular(48), W/2, 250, Center, t.Accent)

	nums := s.nums
	lit := len(nums)
	if n := seg.Numbers; n != nil {
		nums, lit = n.Numbers, len(n.Numbers)
		if s.turn.numbers && s.turn.segment == seg.Seg.ID {
			lit = min(lit, int(now.Sub(s.turn.at)/numberTime))
		}
	}
	w := tileSize(bins)
	for i := range bins {
		x := tileX(i, bins)
		at := slices.Index(nums, i+1)
		on := at >= 0 && at < lit
		tile := s.sprite(fmt.Sprintf("tile|%d|%v|%.0f", i+1, on, w), w, tileH, func(d *ebiten.Image) {
			r := roundRect(2, 2, float32(w-4), tileH-4, 20)
			fill, ink := t.Primary, t.Text
			if on {
				fill, ink = t.Accent, t.Background
			}
			paint(d, r, 0, fill)
			paint(d, r, 4, Fade(t.Accent, 0.6))
			TextMid(d, strconv.Itoa(i+1), t.Bold(150), w/2, tileH*0.42, ink)
			if b := s.opt.Show.MonthEndBin(group, i+1); b != nil && !b.At.IsZero() {
				TextMid(d, b.At.In(s.opt.Show.Location).Format("Mon 2 Jan 15:04"), t.Fit(t.Regular, 32, "Mon 22 Jan 15:04", w-20), w/2, tileH*0.82, ink)
			}
		})
		blit(dst, tile, x+w/2, tileY+tileH/2, 1, 1)
		if on {
			Text(dst, "Finalist "+strconv.Itoa(at+1), t.Fit(t.Bold, 44, "Finalist 9", w), x+w/2, tileY+tileH+24, Center, t.Good)
		}
	}
	switch n := seg.Numbers; {
	case n != nil && lit < len(n.Numbers):
	case n != nil && n.By == "engine":
		Text(dst, "Drawn electronically (drawshow-v1, "+seg.Seg.ID+"/numbers)", t.Regular(44), W/2, 760, Center, t.Dim)
	case n != nil:
		Text(dst, "Drawn by hand  ·  typed by "+n.Name, t.Regular(44), W/2, 760, Center, t.Dim)
	case len(s.nums) > 0 || len(s.digits) > 0:
		var typed []string
		for _, v := range s.nums {
			typed = append(typed, strconv.Itoa(v))
		}
		line := "Drawn by hand: " + strings.Join(typed, ", ")
		if len(s.nums) < seg.Seg.Winners {
			line += "  ·  next " + string(s.digits) + "_"
		}
		s.drawTyped(dst, line, 756)
	}
}

// drawFinalists is the Royal Flush intro: the frozen bin's finalists, by
// property when the file gives one, and the prizes behind the cards.
func (s *Stage) drawFinalists(dst *ebiten.Image, seg *show.SegState) {
	t := s.theme
	Text(dst, seg.Seg.Title, t.Fit(t.Bold, 80, seg.Seg.Title, W-240), W/2, 140, Center, t.Text)
	es := seg.Bin.Entries
	Text(dst, groupInt(len(es))+" finalists  ·  "+strconv.Itoa(seg.Seg.Winners)+" winners each choose a card: A  K  Q  J  10", t.Regular(44), W/2, 250, Center, t.Accent)
	type group struct {
		name  string
		cards []string
	}
	var groups []group
	byProperty := slices.ContainsFunc(es, func(e show.Entry) bool { return s.propertyOf(e.Participant) != "" })
	for _, e := range es {
		g := ""
		if byProperty {
			// a finalist from an earlier draw of the show qualified here
			g = cmp.Or(s.propertyOf(e.Participant), s.opt.Show.Property)
		}
		i := slices.IndexFunc(groups, func(x group) bool { return x.name == g })
		if i < 0 {
			groups = append(groups, group{name: g})
			i = len(groups) - 1
		}
		groups[i].cards = append(groups[i].cards, e.Participant)
	}
	const rows, top, rowH = 8, 340.0, 58.0
	if len(groups) == 1 && groups[0].name == "" {
		// no properties: the names in columns of eight
		var split []group
		for c := groups[0].cards; len(c) > 0; c = c[min(rows, len(c)):] {
			split = append(split, group{cards: c[:min(rows, len(c))]})
		}
		groups = split
	}
	if len(groups) > 6 {
		groups = groups[:6]
	}
	colW := min(560, (W-240)/float64(max(len(groups), 1)))
	x0 := (W - colW*float64(len(groups))) / 2
	align, indent := Left, 20.0
	if len(groups) == 1 {
		align, indent = Center, colW/2 // one column: centred under the title
	}
	won := map[string]bool{}
	for _, p := range seg.Picks {
		if p.Outcome.Wins() {
			won[p.Participant] = true
		}
	}
	for i, g := range groups {
		x := x0 + float64(i)*colW + indent
		y := top
		if g.name != "" {
			Text(dst, g.name, t.Fit(t.Bold, 44, g.name, colW-40), x, y, align, t.Accent)
			y += 64
		}
		for j, c := range g.cards {
			if j == rows {
				Text(dst, "+ "+strconv.Itoa(len(g.cards)-rows)+" more", t.Regular(36), x, y, align, t.Dim)
				break
			}
			name, col := s.maskName(c), t.Text
			if won[c] {
				col = t.Good
			}
			Text(dst, name, t.Fit(t.Bold, 40, name, colW-40), x, y, align, col)
			y += rowH
		}
	}
	prizes := "Behind the cards: " + strings.Join(seg.Seg.Prizes, "  ·  ")
	Text(dst, prizes, t.Fit(t.Regular, 40, prizes, W-200), W/2, 860, Center, t.Dim)
	fp := "Bin fingerprint  " + seg.Frozen.Fingerprint[:16] + "   ·   Show commitment  " + s.st.Opened.Commitment[:16]
	Text(dst, fp, t.Mono(36), W/2, 930, Center, t.Dim)
}

// propertyOf is the property a finalist qualified at, when the entry file
// says: the finalists board groups by it.
func (s *Stage) propertyOf(card string) string { return s.people[card].Property }

// areaOf is the floor area of a bonus winner's device, when the entry
// file says.
func (s *Stage) areaOf(card string) string { return s.people[card].Area }

// drawJackpotPanel is the attract loop's page of a chest's jackpot.
func (s *Stage) drawJackpotPanel(dst *ebiten.Image, seg *show.SegState) {
	t := s.theme
	cur := s.opt.Show.Currency
	j := seg.Seg.Jackpot
	Text(dst, seg.Seg.Title, t.Fit(t.Bold, 84, seg.Seg.Title, 1300), 120, 170, Left, t.Accent)
	label := "This week's jackpot"
	if seg.Settled != nil && seg.Settled.Won {
		label = "JACKPOT WON tonight"
	}
	Text(dst, label, t.Regular(56), W/2, 340, Center, t.Text)
	Text(dst, show.Money(cur, s.st.Jackpot(seg)), t.Bold(220), W/2, 420, Center, t.Accent)
	y := 720.0
	switch st := seg.Settled; {
	case st != nil && st.Won:
		Text(dst, "Next week the jackpot starts again at "+show.Money(cur, st.Next), t.Regular(48), W/2, y, Center, t.Text)
	case st != nil:
		Text(dst, "Not won tonight: next week it is "+show.Money(cur, st.Next), t.Bold(56), W/2, y, Center, t.Good)
	case j.Guaranteed:
		Text(dst, "Guaranteed week: 1 jackpot ball among "+strconv.Itoa(j.Balls), t.Bold(56), W/2, y, Center, t.Good)
	default:
		Text(dst, "1 jackpot ball among "+strconv.Itoa(j.Balls)+"  ·  not won, it grows by "+show.Money(cur, j.Step)+" a week", t.Regular(44), W/2, y, Center, t.Text)
	}
	line := "Every other ball: " + show.Money(cur, j.Consolation) + " consolation"
	if !seg.Seg.At.IsZero() {
		line = "Draw " + seg.Seg.At.In(s.opt.Show.Location).Format("Monday 2 January, 15:04") + "  ·  " + line
	}
	Text(dst, line, t.Regular(44), W/2, y+90, Center, t.Dim)
}
