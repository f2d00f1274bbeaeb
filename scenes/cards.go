package scenes

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"drawshow/show"
)

// choosing is the winner the table waits on at now: while a turn is on
// its way, the one who chose it.
func (*chooseScene) choosing(s *Stage, seg *show.SegState, now time.Time) *show.Pick {
	if s.air.turn.segment == seg.Seg.ID && len(s.air.turn.ks) > 0 && s.turning(now) {
		return &seg.Picks[s.air.turn.ks[0]]
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

// The Royal Flush table at its full size: five cards cardW × cardH,
// cardGap apart, drawn on sprites with cardPad round them (the ribbon
// runs past the card's edges). A narrower screen scales them to fit.
const (
	cardW, cardH = 300.0, 430.0
	cardGap      = 52.0
	cardPad      = 26.0
	tableMargin  = 72.0 // the least room either side of the cards
)

// table is where the cards lie on a canvas: their scale k, size, the gap
// between them and the top of the row.
type table struct {
	k, cw, ch, gap, top, w float64
}

// tableOf lays the table out for dst: the five cards at full size where
// they fit, else smaller so that they do, the row and the two lines under
// it (the winners' names, the hold line) in the middle of the felt under
// the chooser's line.
func tableOf(dst *Canvas) table {
	n := float64(len(show.Cards))
	k := min(1, (dst.W-2*tableMargin)/(n*cardW+(n-1)*cardGap))
	tb := table{k: k, cw: cardW * k, ch: cardH * k, gap: cardGap * k, w: dst.W}
	tb.top = 390 + (480-tb.ch)/2
	return tb
}

// cx is the middle of card i; cy the middle of the row.
func (tb table) cx(i int) float64 {
	n := float64(len(show.Cards))
	return (tb.w-(n*tb.cw+(n-1)*tb.gap))/2 + float64(i)*(tb.cw+tb.gap) + tb.cw/2
}

func (tb table) cy() float64 { return tb.top + tb.ch/2 }

// nameY is the top of the names under the cards, holdY of the line that
// holds the last prize won.
func (tb table) nameY() float64 { return tb.top + tb.ch + 24 }
func (tb table) holdY() float64 { return tb.top + tb.ch + 96 }

// topCard is the card the top prize came out from, "" while it is still
// behind a card.
func (s *Stage) topCard(seg *show.SegState) string {
	cur := s.opt.Show.Currency
	var top int64
	for _, p := range seg.Seg.Prizes {
		if v, err := show.ParsePrize(cur, p); err == nil {
			top = max(top, v.Amount)
		}
	}
	if top == 0 {
		return ""
	}
	for _, card := range show.Cards {
		if o := owner(seg, card); o != nil {
			if v, err := show.ParsePrize(cur, o.Choice.Prize); err == nil && v.Amount == top {
				return card
			}
		}
	}
	return ""
}

// celebration is how far the top prize's burst has come out behind card
// at now, 0 (none) to 1: it opens as the card settles face up, and stays
// while the table holds its winner's line.
func (sc *chooseScene) celebration(s *Stage, seg *show.SegState, card string, now time.Time) float64 {
	if card == "" || s.topCard(seg) != card {
		return 0
	}
	if s.air.turn.segment == seg.Seg.ID && s.air.turn.item == card && s.turning(now) {
		return ease((s.turnAt(now) - turnEnd) / (1 - turnEnd))
	}
	if last := lastChoice(seg); last != nil && last.Choice.Item == card {
		return 1
	}
	return 0
}

// drawCards is the Royal Flush table: face down until chosen, the chosen
// card lifting, turning over in perspective to its prize and settling,
// the cards taken face up over their winners.
func (sc *chooseScene) drawCards(s *Stage, dst *Canvas, seg *show.SegState, now time.Time) {
	t := s.theme
	tb := tableOf(dst)
	turning := s.turning(now)
	if len(seg.Taken()) == len(show.Cards) && !turning {
		sc.felt(s, dst)
		sc.drawFan(s, dst, seg, tb)
		sc.heading(s, dst, seg, now)
		return
	}
	places, burst, burstAt := sc.cardPlaces(s, dst, seg, tb, now)
	// the table at rest: the felt, the cards lying on it and their shadows.
	// While a card turns, that is copied from a still of it (software GL
	// pays per pixel: a frame then paints the felt once, not the felt,
	// four cards and their shadows), but for the top prize's burst, which
	// opens behind the cards beside it; on the screen, the stage lays the
	// still as the frame's ground (ground), and puts back from it only
	// what the last frame drew
	if turning && burst == 0 {
		if key := sc.tableKey(s, seg); s.groundLaid() != key {
			dst.Sub(0, feltTop, dst.W, H).Place(sc.tableStill(s, dst, tb, key, places), 0, 0)
		}
	} else {
		sc.restTable(s, dst, tb, places, burst, burstAt)
	}
	sc.heading(s, dst, seg, now)
	q := newQuad()
	for _, p := range places {
		if p.flip {
			sc.drawShadow(s, dst, q, p.cx, p.cy, tb, p.lift, p.phi, 0)
			sc.drawTurning(s, dst, q, p.img, p.cx, p.cy, tb, p.lift, p.phi, s.turnAt(now))
		} else if o := owner(seg, p.card); o != nil {
			name := s.maskName(o.Participant)
			Text(dst, name, t.Fit(t.Bold, 44, name, tb.cw+tb.gap-8), p.cx, tb.nameY(), Center, t.Text)
		}
	}
	// the last card turned, held under the table until the next turns:
	// "NALEDI W. WINS R25 000", larger for the top prize
	if last := lastChoice(seg); last != nil && !turning {
		size, lead := 68.0, ""
		if last.Choice.Item == s.topCard(seg) {
			size, lead = 84, "TOP PRIZE  ·  "
		}
		holdLine(dst, t, lead+strings.ToUpper(s.maskName(last.Participant))+" WINS ", amounts(last.Choice.Prize), size, tb.holdY())
	}
}

// cardPlace is where a card lies on the table and how.
type cardPlace struct {
	i          int
	card       string
	img        *ebiten.Image
	cx, cy     float64
	lift       float64
	phi        float64 // turning: the angle about its upright axis
	flip, halo bool
}

// cardPlaces is where the five cards lie at now, and the top prize's
// burst: how far out, behind which card.
func (sc *chooseScene) cardPlaces(s *Stage, dst *Canvas, seg *show.SegState, tb table, now time.Time) (places []cardPlace, burst, burstAt float64) {
	turning := s.turning(now)
	for i, card := range show.Cards {
		p := cardPlace{i: i, card: card, cx: tb.cx(i), cy: tb.cy()}
		o := owner(seg, card)
		switch {
		case o != nil && s.air.turn.segment == seg.Seg.ID && s.air.turn.item == card && turning:
			u := s.turnAt(now)
			p.flip, p.lift = true, flipLift(u)
			p.cy -= 30 * tb.k * p.lift
			th := flipAngle(u)
			p.img, p.phi = sc.backSprite(s, dst, card, tb.k), th
			if th >= math.Pi/2 {
				p.img, p.phi = sc.frontSprite(s, dst, card, o.Choice.Prize, tb.k), th-math.Pi
			}
		case o != nil:
			p.img = sc.frontSprite(s, dst, card, o.Choice.Prize, tb.k)
		default:
			p.img = sc.backSprite(s, dst, card, tb.k)
			if !turning && seg.Chooser() != nil && i == sc.at {
				p.cy -= 24 * tb.k
				p.lift, p.halo = 0.5, true
			}
		}
		if g := sc.celebration(s, seg, card, now); g > 0 {
			burst, burstAt = g, p.cx
		}
		places = append(places, p)
	}
	return places, burst, burstAt
}

// restTable is the table at rest: the felt, the burst, the cards lying
// on it and their shadows, but for the card turning.
func (sc *chooseScene) restTable(s *Stage, d *Canvas, tb table, places []cardPlace, burst, burstAt float64) {
	q := newQuad()
	sc.felt(s, d)
	if burst > 0 {
		sc.drawBurst(s, d, burstAt, tb.cy(), tb, burst)
	}
	for _, p := range places {
		if !p.flip {
			sc.drawShadow(s, d, q, p.cx, p.cy, tb, p.lift, p.phi, 0)
		}
	}
	for _, p := range places {
		if p.halo {
			d.BlitWith(s.haloSprite(d, tb.cw, tb.ch, 22*tb.k), p.cx, p.cy, 1, 1, alpha(0.75))
		}
		if !p.flip {
			d.Blit(p.img, p.cx, p.cy, 1, 1)
		}
	}
}

// tableKey names the table at rest while a card turns.
func (sc *chooseScene) tableKey(s *Stage, seg *show.SegState) string {
	return seg.Seg.ID + "|" + strings.Join(seg.Taken(), " ") + "|" + s.air.turn.item
}

// tableStill is the still of the table at rest while a card turns, the
// header over it: a frame's ground.
func (sc *chooseScene) tableStill(s *Stage, dst *Canvas, tb table, key string, places []cardPlace) *Canvas {
	return sc.table.hold(dst, key, func(d *Canvas) {
		s.backdrop(d.Sub(0, 0, d.W, feltTop))
		sc.restTable(s, d, tb, places, 0, 0)
	})
}

// ground is, while a card turns on the Royal Flush table (but for the
// top prize's burst opening), the still of the table at rest: a whole
// frame puts it back where the last frame drew, rather than the
// backdrop, the felt and the cards (damage.go).
//
// Otherwise it is the felt, the header over it: a whole frame puts it
// back where the last drew, rather than the backdrop and then the felt.
func (sc *chooseScene) ground(s *Stage, dst *Canvas, now time.Time) (any, *Canvas) {
	seg := s.view.st.CurSeg()
	if seg == nil || seg.Seg.Chooses() != show.ChooseCards {
		return nil, nil
	}
	if s.turning(now) {
		tb := tableOf(dst)
		if places, burst, _ := sc.cardPlaces(s, dst, seg, tb, now); burst == 0 {
			key := sc.tableKey(s, seg)
			return key, sc.tableStill(s, dst, tb, key, places)
		}
	}
	key := feltKey{dst.W}
	return key, sc.feltStill.hold(dst, key, func(d *Canvas) {
		s.backdrop(d.Sub(0, 0, d.W, feltTop))
		s.drawFelt(d)
	})
}

// feltKey names the felt's still, the header over it.
type feltKey struct{ w float64 }

// felt draws the felt, unless the stage has laid it as the frame's
// ground.
func (sc *chooseScene) felt(s *Stage, dst *Canvas) {
	if s.groundLaid() != (feltKey{dst.W}) {
		s.drawFelt(dst)
	}
}

// heading is who chooses now, or that the table is done.
func (sc *chooseScene) heading(s *Stage, dst *Canvas, seg *show.SegState, now time.Time) {
	t := s.theme
	Text(dst, seg.Seg.Title, t.Fit(t.Bold, 56, seg.Seg.Title, dst.W-240), dst.W/2, 140, Center, t.Accent)
	switch who := sc.choosing(s, seg, now); {
	case who != nil:
		line := s.maskName(who.Participant) + " chooses"
		Text(dst, line, t.Fit(t.Bold, 96, line, dst.W-200), dst.W/2, 200, Center, t.Text)
		sub := ordinal(winnerNo(seg, who)) + " of " + strconv.Itoa(seg.Seg.Winners) + " winners  ·  the order of the cards says nothing of the prizes"
		Text(dst, sub, t.Fit(t.Regular, 36, sub, dst.W-200), dst.W/2, 318, Center, t.Dim)
	case len(seg.Taken()) == len(show.Cards):
		Text(dst, "Every card is turned", t.Bold(96), dst.W/2, 210, Center, t.Text)
	default:
		Text(dst, "Every winner has chosen", t.Bold(96), dst.W/2, 210, Center, t.Text) // the draw ended short
	}
}

// holdLine is "NAME WINS " in the text colour and the prize after it in
// the accent, centred at y, at size or smaller to fit the frame.
func holdLine(dst *Canvas, t *Theme, name, prize string, size, y float64) {
	f := t.Fit(t.Bold, size, name+prize, dst.W-2*margin)
	x := dst.W/2 - (text.Advance(name, f)+text.Advance(prize, f))/2
	Text(dst, name, f, x, y, Left, t.Text)
	Text(dst, prize, f, x+text.Advance(name, f), y, Left, t.Accent)
}

// drawShadow is a card's shadow on the felt: close and dark while it
// lies there, further, larger and fainter as it lifts, as narrow as the
// card while it turns, tilted by tilt in a fan.
func (sc *chooseScene) drawShadow(s *Stage, dst *Canvas, q *quad, cx, cy float64, tb table, lift, phi, tilt float64) {
	blur := (14 + 18*lift) * tb.k
	img := s.shadowSprite(dst, tb.cw, tb.ch, 14*tb.k)
	b := img.Bounds()
	w, h := float64(b.Dx())/dst.K, float64(b.Dy())/dst.K
	grow := 1 + 0.06*lift + (blur-14*tb.k)/tb.ch
	x, y := cx+(6+20*lift)*tb.k, cy+(12+34*lift)*tb.k
	a := float32(0.85 - 0.4*lift)
	if tilt != 0 {
		q.rotated(img, x, y, w, h, grow, tilt)
	} else {
		q.turned(img, x, y, w, h, grow, phi, 1500*tb.k)
	}
	q.tint(a, a, a, a)
	q.draw(dst, img)
}

// drawTurning is the card on its way over: in perspective, shaded as it
// turns from the light, a band of light running over it.
func (sc *chooseScene) drawTurning(s *Stage, dst *Canvas, q *quad, img *ebiten.Image, cx, cy float64, tb table, lift, phi, u float64) {
	b := img.Bounds()
	w, h := float64(b.Dx())/dst.K, float64(b.Dy())/dst.K
	k := 1 + 0.07*lift
	q.turned(img, cx, cy, w, h, k, phi, 1500*tb.k)
	shade := float32(0.72 + 0.28*math.Abs(math.Cos(phi)))
	q.tint(shade, shade, shade, 1)
	q.draw(dst, img)
	if at, peak := flipSweep(u); peak > 0.01 {
		q.band(s.theme.Text, at, peak)
		q.draw(dst, sc.maskSprite(s, dst, tb.k))
	}
}

// drawBurst is the top prize's celebration behind its card at (cx, cy),
// g of the way out.
func (sc *chooseScene) drawBurst(s *Stage, dst *Canvas, cx, cy float64, tb table, g float64) {
	r := 520 * tb.k
	dst.BlitWith(s.raysSprite(dst, r), cx, cy, 0.35+0.65*g, 0.35+0.65*g, alpha(g))
}

// drawFan is the finale's end: all five cards face up, fanned as a
// winning hand is held, each winner under their card, the top prize's
// card raised with its burst behind it, and the top prize called out
// under the fan.
func (sc *chooseScene) drawFan(s *Stage, dst *Canvas, seg *show.SegState, tb table) {
	t := s.theme
	const tilt = 5 * math.Pi / 180 // between two cards
	top := s.topCard(seg)
	type place struct {
		img       *ebiten.Image
		cx, cy, a float64
		k         float64
		o         *show.Pick
		card      string
	}
	var places []place
	for i, card := range show.Cards {
		o := owner(seg, card)
		if o == nil {
			continue
		}
		// the table's places, tilted out from the middle and dropped a little
		d := float64(i - len(show.Cards)/2)
		p := place{img: sc.frontSprite(s, dst, card, o.Choice.Prize, tb.k), cx: tb.cx(i), cy: tb.cy() - 30*tb.k + 10*tb.k*d*d, a: d * tilt, k: 1, o: o, card: card}
		if card == top {
			p.cy -= 12 * tb.k
			p.k = 1.05
			sc.drawBurst(s, dst, p.cx, p.cy, tb, 1)
		}
		places = append(places, p)
	}
	q := newQuad()
	for _, p := range places {
		sc.drawShadow(s, dst, q, p.cx, p.cy, tb, 0.2, 0, p.a+1e-9)
	}
	var topPick *show.Pick
	for _, p := range places {
		b := p.img.Bounds()
		q.rotated(p.img, p.cx, p.cy, float64(b.Dx())/dst.K, float64(b.Dy())/dst.K, p.k, p.a)
		q.tint(1, 1, 1, 1)
		q.draw(dst, p.img)
		name := s.maskName(p.o.Participant)
		Text(dst, name, t.Fit(t.Bold, 44, name, tb.cw+tb.gap-8), p.cx, p.cy+tb.ch/2+24, Center, t.Text)
		if p.card == top {
			topPick = p.o
		}
	}
	if topPick != nil {
		holdLine(dst, t, "TOP PRIZE  ·  "+strings.ToUpper(s.maskName(topPick.Participant))+" WINS ", amounts(topPick.Choice.Prize), 68, tb.top+tb.ch+110)
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

func (*chooseScene) backSprite(s *Stage, dst *Canvas, rank string, k float64) *ebiten.Image {
	p := cardPad * k
	return s.sprite(dst, fmt.Sprintf("back|%s|%.4f", rank, k), cardW*k+2*p, cardH*k+2*p, func(d *Canvas) { cardBack(d, s.theme, p, p, k, rank) })
}

func (*chooseScene) frontSprite(s *Stage, dst *Canvas, rank, prize string, k float64) *ebiten.Image {
	p := cardPad * k
	cash := false
	if v, err := show.ParsePrize(s.opt.Show.Currency, prize); err == nil && v.Amount > 0 {
		cash = true
	}
	return s.sprite(dst, fmt.Sprintf("front|%s|%s|%.4f", rank, prize, k), cardW*k+2*p, cardH*k+2*p, func(d *Canvas) { cardFront(d, s.theme, p, p, k, rank, prize, cash) })
}

// maskSprite is a card's shape in white, as the sprites place it: what
// the light band is drawn through.
func (*chooseScene) maskSprite(s *Stage, dst *Canvas, k float64) *ebiten.Image {
	p := cardPad * k
	return s.sprite(dst, fmt.Sprintf("mask|%.4f", k), cardW*k+2*p, cardH*k+2*p, func(d *Canvas) {
		paint(d, roundRect(float32(p), float32(p), float32(cardW*k), float32(cardH*k), float32(22*k)), 0, color.White)
	})
}

// cardBack is a card face down, k of its full size with its corner at
// (x, y): a white border, the brand's colour with a lattice, and its
// rank in a medallion. Its prize does not show.
func cardBack(dst *Canvas, t *Theme, x, y, k float64, rank string) {
	w, h := cardW*k, cardH*k
	f := func(v float64) float32 { return float32(v) }
	paint(dst, roundRect(f(x), f(y), f(w), f(h), f(22*k)), 0, t.Text)
	in := 11 * k
	paint(dst, roundRect(f(x+in), f(y+in), f(w-2*in), f(h-2*in), f(14*k)), 0, t.Primary)
	// the lattice: small diamonds in rows, in one path
	var lattice vector.Path
	step, r := 22*k, 7*k
	x0, y0, x1, y1 := x+in+10*k, y+in+10*k, x+w-in-10*k, y+h-in-10*k
	for row, cy := 0, y0+r; cy+r <= y1; row, cy = row+1, cy+step {
		off := float64(row%2) * step / 2
		for cx := x0 + r + off; cx+r <= x1; cx += step {
			lattice.MoveTo(f(cx), f(cy-r))
			lattice.LineTo(f(cx+r), f(cy))
			lattice.LineTo(f(cx), f(cy+r))
			lattice.LineTo(f(cx-r), f(cy))
			lattice.Close()
		}
	}
	paint(dst, &lattice, 0, Fade(t.Text, 0.09))
	paint(dst, roundRect(f(x+in+5*k), f(y+in+5*k), f(w-2*in-10*k), f(h-2*in-10*k), f(10*k)), 2*f(k), Fade(t.Text, 0.45))
	// the rank in a medallion
	mx, my, mr := x+w/2, y+h*0.42, 92*k
	dst.Circle(mx, my, mr, t.Primary, true)
	dst.StrokeCircle(mx, my, mr, 4*k, Fade(t.Text, 0.8), true)
	dst.StrokeCircle(mx, my, mr-10*k, 1.5*k, Fade(t.Text, 0.4), true)
	TextMid(dst, rank, t.Fit(t.Bold, 116*k, rank, 150*k), mx, my, t.Text)
	TextMid(dst, "♠", t.Symbol(72*k), x+w/2, y+h*0.8, Fade(t.Text, 0.85))
}

// cardFront is a card turned over, k of its full size with its corner at
// (x, y): its rank and suit in two corners as on a real card, a large
// spade, and the prize on a ribbon across it, in gold when it is money.
func cardFront(dst *Canvas, t *Theme, x, y, k float64, rank, prize string, cash bool) {
	w, h := cardW*k, cardH*k
	f := func(v float64) float32 { return float32(v) }
	ink := t.Background // a spade's black, in the brand's darkest colour
	paint(dst, roundRect(f(x), f(y), f(w), f(h), f(22*k)), 0, t.Text)
	paint(dst, roundRect(f(x), f(y), f(w), f(h), f(22*k)), 2*f(k), Fade(ink, 0.35))
	paint(dst, roundRect(f(x+10*k), f(y+10*k), f(w-20*k), f(h-20*k), f(14*k)), 1.5*f(k), Fade(t.Primary, 0.45))
	// the corners: rank over suit, the bottom one upside down
	corner := dst.New(66*k, 104*k)
	defer corner.img.Deallocate()
	TextMid(corner, rank, t.Fit(t.Bold, 50*k, rank, 62*k), 33*k, 28*k, ink)
	TextMid(corner, "♠", t.Symbol(38*k), 33*k, 76*k, ink)
	dst.Blit(corner.img, x+14*k+33*k, y+12*k+52*k, 1, 1)
	dst.Blit(corner.img, x+w-14*k-33*k, y+h-12*k-52*k, -1, -1)
	TextMid(dst, "♠", t.Symbol(150*k), x+w/2, y+h*0.3, ink)
	ribbon(dst, t, x, y+h*0.6, w, k, prize, cash)
}

// ribbon is the prize on a band across a card w wide from x, centred at
// y, its ends folded back behind it past the card's edges.
func ribbon(dst *Canvas, t *Theme, x, y, w, k float64, prize string, cash bool) {
	f := func(v float64) float32 { return float32(v) }
	prize = amounts(prize)
	width := w - 20*k
	face := t.Fit(t.Bold, 60*k, prize, width)
	lines := []string{prize}
	if face.Size < 40*k {
		face = t.Bold(34 * k)
		lines = wrap(prize, face, width)
		if len(lines) > 4 {
			lines = lines[:4]
		}
	}
	lh := face.Size * 1.15
	bh := float64(len(lines))*lh + 30*k
	top, bot := y-bh/2, y+bh/2
	over, drop := 14*k, 14*k
	// the tails, behind the band: lower than it, notched at the ends
	tail := mix(t.Background, t.Primary, 0.45)
	for _, side := range []float64{-1, 1} {
		edge, in := x-over-12*k, x+8*k
		mid := x - over
		if side > 0 {
			edge, in, mid = x+w+over+12*k, x+w-8*k, x+w+over
		}
		var p vector.Path
		p.MoveTo(f(in), f(top+drop))
		p.LineTo(f(edge), f(top+drop))
		p.LineTo(f(edge+side*-10*k), f(y+drop))
		p.LineTo(f(edge), f(bot+drop))
		p.LineTo(f(in), f(bot+drop))
		p.Close()
		paint(dst, &p, 0, tail)
		// the fold, darker, where the band turns back
		var fold vector.Path
		fold.MoveTo(f(mid), f(bot))
		fold.LineTo(f(mid+side*-12*k), f(bot))
		fold.LineTo(f(mid+side*-12*k), f(bot+drop))
		fold.Close()
		paint(dst, &fold, 0, mix(t.Background, t.Primary, 0.7))
	}
	var band vector.Path
	band.MoveTo(f(x-over), f(top))
	band.LineTo(f(x+w+over), f(top))
	band.LineTo(f(x+w+over), f(bot))
	band.LineTo(f(x-over), f(bot))
	band.Close()
	paint(dst, &band, 0, t.Primary)
	dst.Line(x-over, top+5*k, x+w+over, top+5*k, 1.5*k, Fade(t.Text, 0.35), true)
	dst.Line(x-over, bot-5*k, x+w+over, bot-5*k, 1.5*k, Fade(t.Text, 0.35), true)
	c := t.Text
	if cash {
		c = t.Accent
	}
	for i, l := range lines {
		TextMid(dst, l, t.Fit(t.Bold, face.Size, l, width), x+w/2, y+(float64(i)-float64(len(lines)-1)/2)*lh, c)
	}
}
