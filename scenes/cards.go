package scenes

import (
	"image/color"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"drawshow/show"
)

// choosing is the winner the table waits on at now: while a turn is on
// its way, the one who chose it.
func (*chooseScene) choosing(s *Stage, seg *show.SegState, now time.Time) *show.Pick {
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

// flipTime is how long a card takes to turn over.
const flipTime = 1200 * time.Millisecond

// The Royal Flush table: five cards, cw × ch, gap apart, from y cardsY.
const (
	cardW, cardH = 300.0, 430.0
	cardGap      = 52.0
	cardsY       = 410.0
)

func cardX(dst *Canvas, i int) float64 {
	n := float64(len(show.Cards))
	return (dst.W-(n*cardW+(n-1)*cardGap))/2 + float64(i)*(cardW+cardGap)
}

// drawCards is the Royal Flush table: face down until chosen, the chosen
// card flipping to its prize, the cards taken face up over their winners.
func (sc *chooseScene) drawCards(s *Stage, dst *Canvas, seg *show.SegState, now time.Time) {
	t := s.theme
	Text(dst, seg.Seg.Title, t.Fit(t.Bold, 56, seg.Seg.Title, dst.W-240), dst.W/2, 140, Center, t.Accent)
	who := sc.choosing(s, seg, now)
	turning := s.turning(now)
	switch {
	case who != nil:
		line := s.maskName(who.Participant) + " chooses"
		Text(dst, line, t.Fit(t.Bold, 96, line, dst.W-200), dst.W/2, 200, Center, t.Text)
		sub := ordinal(winnerNo(seg, who)) + " of " + strconv.Itoa(seg.Seg.Winners) + " winners  ·  the order of the cards says nothing of the prizes"
		Text(dst, sub, t.Regular(36), dst.W/2, 318, Center, t.Dim)
	case len(seg.Taken()) == len(show.Cards):
		Text(dst, "Every card is turned", t.Bold(96), dst.W/2, 210, Center, t.Text)
	default:
		Text(dst, "Every winner has chosen", t.Bold(96), dst.W/2, 210, Center, t.Text) // the draw ended short
	}
	if len(seg.Taken()) == len(show.Cards) && !turning {
		sc.drawFan(s, dst, seg)
		return
	}
	for i, card := range show.Cards {
		x, y := cardX(dst, i), cardsY
		o := owner(seg, card)
		switch {
		case o != nil && s.turn.segment == seg.Seg.ID && s.turn.item == card && turning:
			// the card turns over: the back narrows to its edge, the front
			// widens from it; the prize shows from the edge on
			u := s.turnAt(now)
			img := sc.backSprite(s, dst, card)
			if u >= 0.5 {
				img = sc.frontSprite(s, dst, card, o.Choice.Prize)
			}
			dst.Blit(img, x+cardW/2, y+cardH/2-30*math.Sin(math.Pi*u), max(math.Abs(math.Cos(math.Pi*u)), 0.02), 1)
			continue
		case o != nil:
			dst.Blit(sc.frontSprite(s, dst, card, o.Choice.Prize), x+cardW/2, y+cardH/2, 1, 1)
			name := s.maskName(o.Participant)
			Text(dst, name, t.Fit(t.Bold, 44, name, cardW), x+cardW/2, y+cardH+28, Center, t.Text)
			continue
		}
		if !turning && seg.Chooser() != nil && i == sc.at {
			y -= 24
			s.glow(dst, x+cardW/2, y+cardH/2, cardW+28, cardH+28, 30)
		}
		dst.Blit(sc.backSprite(s, dst, card), x+cardW/2, y+cardH/2, 1, 1)
	}
	// the last card turned, held under the table until the next turns:
	// "NALEDI W. WINS R25 000"
	if last := lastChoice(seg); last != nil && !turning {
		name, prize := strings.ToUpper(s.maskName(last.Participant))+" WINS ", amounts(last.Choice.Prize)
		f := t.Fit(t.Bold, 68, name+prize, dst.W-2*margin)
		x := dst.W/2 - (text.Advance(name, f)+text.Advance(prize, f))/2
		Text(dst, name, f, x, cardsY+cardH+100, Left, t.Text)
		Text(dst, prize, f, x+text.Advance(name, f), cardsY+cardH+100, Left, t.Accent)
	}
}

// drawFan is the finale's end: all five cards face up, fanned as a
// winning hand is held, each winner under their card, and the top prize
// called out under the fan.
func (sc *chooseScene) drawFan(s *Stage, dst *Canvas, seg *show.SegState) {
	t := s.theme
	const tilt = 5 * math.Pi / 180 // between two cards
	var top *show.Pick
	var topAmount int64 = -1
	cur := s.opt.Show.Currency
	for i, card := range show.Cards {
		o := owner(seg, card)
		if o == nil {
			continue
		}
		if p, _ := show.ParsePrize(cur, o.Choice.Prize); p.Amount > topAmount {
			top, topAmount = o, p.Amount
		}
		// the table's places, tilted out from the middle and dropped a little
		d := float64(i - len(show.Cards)/2)
		a := d * tilt
		cx, cy := cardX(dst, i)+cardW/2, cardsY+cardH/2-30+10*d*d
		img := sc.frontSprite(s, dst, card, o.Choice.Prize)
		b := img.Bounds()
		op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
		op.GeoM.Translate(-float64(b.Dx())/2, -float64(b.Dy())/2)
		op.GeoM.Rotate(a)
		op.GeoM.Translate(cx, cy)
		dst.Draw(img, op)
		name := s.maskName(o.Participant)
		Text(dst, name, t.Fit(t.Bold, 44, name, cardW), cx, cy+cardH/2+24, Center, t.Text)
	}
	if top != nil {
		name, prize := "TOP PRIZE  ·  "+strings.ToUpper(s.maskName(top.Participant))+" WINS ", amounts(top.Choice.Prize)
		f := t.Fit(t.Bold, 68, name+prize, dst.W-2*margin)
		x := dst.W/2 - (text.Advance(name, f)+text.Advance(prize, f))/2
		Text(dst, name, f, x, cardsY+cardH+110, Left, t.Text)
		Text(dst, prize, f, x+text.Advance(name, f), cardsY+cardH+110, Left, t.Accent)
	}
}

// lastChoice is the pick that turned its card or ball last, or nil: the
// winners choose in the order they were drawn.
func lastChoice(seg *show.SegState) *show.Pick {
	var last *show.Pick
	for i := range seg.Picks {
		if c := seg.Picks[i].Choice; c != nil && c.Item != "" {
			last = &seg.Picks[i]
		}
	}
	return last
}

func (*chooseScene) backSprite(s *Stage, dst *Canvas, rank string) *ebiten.Image {
	return s.sprite(dst, "back|"+rank, cardW+8, cardH+8, func(d *Canvas) { cardBack(d, s.theme, 4, 4, rank) })
}

func (*chooseScene) frontSprite(s *Stage, dst *Canvas, rank, prize string) *ebiten.Image {
	return s.sprite(dst, "front|"+rank+"|"+prize, cardW+8, cardH+8, func(d *Canvas) { cardFront(d, s.theme, 4, 4, rank, prize) })
}

// cardBack is a card face down: its rank shows, its prize does not.
func cardBack(dst *Canvas, t *Theme, x, y float64, rank string) {
	r := roundRect(float32(x), float32(y), cardW, cardH, 22)
	paint(dst, r, 0, t.Primary)
	paint(dst, r, 6, t.Accent)
	paint(dst, roundRect(float32(x+18), float32(y+18), cardW-36, cardH-36, 14), 3, Fade(t.Accent, 0.5))
	TextMid(dst, rank, t.Bold(150), x+cardW/2, y+cardH*0.4, t.Text)
	TextMid(dst, "♠", t.Symbol(96), x+cardW/2, y+cardH*0.74, t.Accent)
}

// cardFront is a card turned over: its prize.
func cardFront(dst *Canvas, t *Theme, x, y float64, rank, prize string) {
	r := roundRect(float32(x), float32(y), cardW, cardH, 22)
	paint(dst, r, 0, t.Text)
	paint(dst, r, 6, t.Accent)
	Text(dst, rank, t.Bold(48), x+24, y+16, Left, t.Background)
	Text(dst, "♠", t.Symbol(48), x+24+text.Advance(rank, t.Bold(48)), y+16, Left, t.Background)
	prizeText(dst, t, prize, x+cardW/2, y+cardH/2+20, cardW-40, t.Background)
}

// prizeText is a prize centred on (x, y) in at most width: one line when
// it fits, else a few.
func prizeText(dst *Canvas, t *Theme, prize string, x, y, width float64, c color.Color) {
	prize = amounts(prize)
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
