package scenes

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"
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
func (s *Stage) Draw(screen *ebiten.Image) {
	t0 := time.Now()
	defer func() { s.stats.addDraw(time.Since(t0), s.phase.String()) }()
	if first := s.opt.OnFirst; first != nil {
		s.opt.OnFirst = nil
		defer first()
	}
	now := s.now()
	k := s.look(now)
	switch {
	case k != s.shown || s.fading(now) || s.ghost || s.moving(now):
		s.shown = k
		s.drawAll(screen, now)
	case s.blackout:
		// black stays black
	case s.phase == phaseReel:
		s.drawReelWindow(screen, now.Sub(s.since))
	case s.phase == phaseCountdown && s.ringRuns():
		s.drawRing(screen, now)
	case s.phase == phaseReveal && now.Sub(s.since) < revealTime+time.Second/2:
		drawConfetti(screen, now.Sub(s.since), s.theme)
	}
	if s.shotDue {
		s.shotDue = false
		name := s.phase.String()
		if p := s.st.CurSeg().Last(); s.phase == phaseCountdown && p != nil && p.Outcome != show.Pending {
			name = "stamp-" + string(p.Outcome)
		}
		s.opt.OnScene(name, screen)
		s.previewAt = time.Time{} // a new scene: a preview at once
	}
	if s.opt.Preview != nil && (s.previewAt.IsZero() || now.Sub(s.previewAt) >= time.Second) {
		s.previewAt = now
		s.opt.Preview(screen)
	}
}

// look is what a frame shows, but for the reel and the ring: while it is
// the same, the rest of the canvas need not be painted again.
type look struct {
	phase                   phase
	since                   time.Time
	st                      *show.State
	people                  int
	blackout, hints, help   bool
	paused, busy, boardView bool
	confirm                 confirmKind
	menu                    int
	entry                   string
	message, notice         string
	export                  string // the export's step
	board                   time.Time
	boardN                  int
	anchor                  string // the chain head on a winners board
	minute                  int64
	panel                   time.Duration
	typed                   string    // digits, and a wild card's numbers typed
	at                      int       // the highlighted card, ball or envelope
	turn                    time.Time // the last turn…
	landed                  bool      // …and whether it has landed
}

func (s *Stage) look(now time.Time) look {
	k := look{
		phase: s.phase, since: s.since, st: s.st, people: len(s.people),
		blackout: s.blackout, hints: s.hideHints, help: s.help,
		paused: s.paused, busy: s.busy, boardView: s.boardFocus,
		confirm: s.confirm, menu: s.menu, minute: now.Unix() / 60, export: s.progress.step,
		board: s.boardAt, boardN: len(s.board), anchor: s.anchor,
	}
	if s.entry != nil {
		k.entry = "\x00" + string(s.entry.text)
	}
	if len(s.digits) > 0 || len(s.nums) > 0 {
		k.typed = fmt.Sprint(string(s.digits), s.nums)
	}
	if s.phase == phaseChoose || s.phase == phaseNumbers {
		k.at, k.turn, k.landed = s.at, s.turn.at, !s.turning(now)
	}
	if now.Sub(s.messageAt) < noticeTime {
		k.message = s.message
	}
	if now.Sub(s.noticeAt) < noticeTime {
		k.notice = s.notice
	}
	if s.phase == phaseAttract && !s.paused {
		k.panel = now.Sub(s.since) / attractPanel
	}
	return k
}

func (s *Stage) fading(now time.Time) bool {
	return now.Sub(s.fadeAt) < fadeTime && s.prev != s.phase
}

// moving reports whether the whole canvas animates now: the confetti, or a
// partial repaint that an overlay would not survive.
func (s *Stage) moving(now time.Time) bool {
	if s.blackout {
		return false
	}
	overlay := s.hintsShown(now)
	switch s.phase {
	case phaseReel, phaseCountdown, phaseReveal:
		return overlay
	case phaseChoose, phaseNumbers:
		return s.turning(now) // a card, a ball, an envelope or the numbers on their way
	}
	return false
}

func (s *Stage) drawAll(screen *ebiten.Image, now time.Time) {
	s.drawPhase(screen, s.phase, now.Sub(s.since))
	// a frame with the old scene fading out is followed by a clean one
	s.ghost = s.fading(now)
	if f := now.Sub(s.fadeAt); s.ghost {
		if s.scratch == nil {
			s.scratch = ebiten.NewImage(W, H)
		}
		s.scratch.Clear()
		s.drawPhase(s.scratch, s.prev, now.Sub(s.prevAt))
		op := &ebiten.DrawImageOptions{}
		op.ColorScale.ScaleAlpha(float32(1 - f.Seconds()/fadeTime.Seconds()))
		screen.DrawImage(s.scratch, op)
	}
	s.drawOverlays(screen, now)
}

func (s *Stage) drawPhase(dst *ebiten.Image, p phase, in time.Duration) {
	s.drawBackdrop(dst)
	switch p {
	case phaseOpen:
		s.drawOpen(dst)
	case phaseAttract:
		s.drawAttract(dst, in)
	case phaseIntro:
		s.drawIntro(dst)
	case phaseReel:
		s.drawReel(dst, in)
	case phaseReveal:
		s.drawReveal(dst, in)
	case phaseCountdown:
		s.drawCountdown(dst)
	case phaseBoard:
		if s.boardFocus {
			s.drawCountdown(dst)
		} else {
			s.drawBoard(dst)
		}
	case phaseClosed:
		s.drawClosed(dst)
	case phaseChoose:
		s.drawChoose(dst)
	case phaseNumbers:
		s.drawNumbers(dst)
	}
}

// sceneChanged asks Draw for a screenshot of the new scene, once it has
// faded in.
func (s *Stage) sceneChanged() { s.shotAt = s.now().Add(fadeTime) }

// drawBackdrop is the brand's background, header and footer line.
func (s *Stage) drawBackdrop(dst *ebiten.Image) {
	t := s.theme
	dst.Fill(t.Background)
	vector.DrawFilledRect(dst, 0, 0, W, 120, Fade(t.Primary, 0.55), false)
	vector.DrawFilledRect(dst, 0, 118, W, 4, t.Accent, false)
	x := float64(60)
	if t.Logo != nil {
		op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
		b := t.Logo.Bounds()
		k := 88 / float64(b.Dy())
		op.GeoM.Scale(k, k)
		op.GeoM.Translate(x, 16)
		dst.DrawImage(t.Logo, op)
		x += float64(b.Dx())*k + 24
	}
	Text(dst, t.Name, t.Bold(52), x, 30, Left, t.Text)
	Text(dst, s.opt.Show.Promotion, t.Regular(40), W-60, 38, Right, t.Accent)
}

func (s *Stage) drawOpen(dst *ebiten.Image) {
	t := s.theme
	Text(dst, s.opt.Show.Promotion, t.Bold(110), W/2, 210, Center, t.Text)
	Text(dst, s.opt.Show.Property, t.Regular(56), W/2, 350, Center, t.Dim)
	Text(dst, "Show commitment — SHA-256 of tonight's secret seed", t.Regular(40), W/2, 480, Center, t.Accent)
	c := s.st.Opened.Commitment
	Text(dst, c[:32], t.Mono(64), W/2, 550, Center, t.Text)
	Text(dst, c[32:], t.Mono(64), W/2, 630, Center, t.Text)
	Text(dst, "The seed is revealed when the show closes: every winner can then be re-derived.", t.Regular(36), W/2, 760, Center, t.Dim)
	if w := s.st.Witness(); w != "" {
		Text(dst, "Auditor's witness: "+w, t.Regular(40), W/2, 840, Center, t.Good)
	}
}

func (s *Stage) drawIntro(dst *ebiten.Image) {
	t := s.theme
	seg := s.st.CurSeg()
	if seg.Frozen != nil && s.st.AwaitsDrawWitness(seg) {
		s.drawWitnessAsked(dst, seg)
		return
	}
	if seg.Seg.Kind == show.KindRoyalFlush && seg.Bin != nil && !seg.Seg.Manual {
		s.drawFinalists(dst, seg)
		return
	}
	Text(dst, seg.Seg.Title, t.Fit(t.Bold, 104, seg.Seg.Title, W-160), W/2, 190, Center, t.Text)
	if f := seg.Frozen; f != nil {
		line := show.Thousands(f.Entries) + " tickets  ·  " + show.Thousands(f.Participants) + " players in the draw"
		if seg.Seg.Kind == show.KindManualBin {
			line = show.Thousands(f.Entries) + " receipts in the bin  ·  " + show.Thousands(f.Participants) + " players"
		}
		Text(dst, line, t.Regular(52), W/2, 340, Center, t.Accent)
		if seg.DrawWitness == nil {
			Text(dst, "Bin fingerprint  "+f.Fingerprint[:16], t.Mono(40), W/2, 850, Center, t.Dim)
		}
		if src := s.st.Seg(f.From); src != nil {
			line := "The wild card's bin " + strconv.Itoa(src.Seg.Bin) + ": " + src.Seg.Title
			Text(dst, line, t.Fit(t.Regular, 40, line, W-240), W/2, 410, Center, t.Dim)
		}
	}
	if w := seg.DrawWitness; w != nil {
		// the fingerprint and the commitment share a line; the witness the audience saw has its own
		line := "Show commitment  " + s.st.Opened.Commitment[:16]
		if f := seg.Frozen; f != nil {
			line = "Bin fingerprint  " + f.Fingerprint[:16] + "   ·   " + line
		}
		Text(dst, line, t.Fit(t.Mono, 40, line, W-200), W/2, 850, Center, t.Dim)
		wl := drawWitnessLine(*w)
		Text(dst, wl, t.Fit(t.Bold, 52, wl, W-240), W/2, 905, Center, t.Good)
	} else {
		Text(dst, "Show commitment  "+s.st.Opened.Commitment[:16], t.Mono(40), W/2, 910, Center, t.Dim)
	}
	cur := s.opt.Show.Currency
	switch g := seg.Seg; {
	case g.Manual:
		Text(dst, "Drawn by hand: type the ticket read out, then Enter", t.Regular(44), W/2, 470, Center, t.Dim)
		vector.DrawFilledRect(dst, W/2-420, 540, 840, 130, t.Primary, false)
		vector.StrokeRect(dst, W/2-420, 540, 840, 130, 4, t.Accent, false)
		Text(dst, string(s.digits)+"_", t.Mono(96), W/2, 550, Center, t.Text)
		switch {
		case g.Kind == show.KindChest:
			Text(dst, "Jackpot "+show.Money(cur, s.st.Jackpot(seg)), t.Bold(56), W/2, 690, Center, t.Accent)
		case g.Prize(seg.Winners()) != "":
			Text(dst, "for "+g.Prize(seg.Winners()), t.Fit(t.Bold, 56, "for "+g.Prize(seg.Winners()), W-240), W/2, 690, Center, t.Accent)
		}
	case g.Kind == show.KindChest:
		Text(dst, "Jackpot "+show.Money(cur, s.st.Jackpot(seg)), t.Bold(96), W/2, 460, Center, t.Accent)
		line := "1 jackpot ball among " + strconv.Itoa(g.Jackpot.Balls) + "  ·  every other ball " + show.Money(cur, g.Jackpot.Consolation)
		Text(dst, line, t.Regular(44), W/2, 600, Center, t.Text)
	case g.Kind == show.KindBonus:
		line := "Envelopes: " + strings.Join(g.Envelopes, "  ·  ")
		Text(dst, line, t.Fit(t.Bold, 64, line, W-240), W/2, 470, Center, t.Text)
		if h := s.hourLine(seg, s.now()); h != "" {
			Text(dst, h, t.Bold(52), W/2, 580, Center, t.Good)
		}
	default:
		y := 470.0
		for i, p := range prizeLines(g.Prizes) {
			if i == 5 {
				break
			}
			Text(dst, p, t.Bold(64), W/2, y, Center, t.Text)
			y += 78
		}
	}
	if w := seg.Winners(); w > 0 {
		Text(dst, show.Thousands(w)+" of "+show.Thousands(seg.Seg.Winners)+" winners decided", t.Regular(40), W/2, 780, Center, t.Good)
	}
}

// witnessFieldY is where the draw witness's field sits on the intro:
// under the fingerprint the auditor saw before typing it.
const witnessFieldY = 660

// drawWitnessAsked is the intro of a bin frozen in a show with witness
// each-draw, until the auditor's draw witness is given: the bin, its
// fingerprint in full, and the field (an overlay) under it. Nothing of
// the draw to come is derived yet.
func (s *Stage) drawWitnessAsked(dst *ebiten.Image, seg *show.SegState) {
	t := s.theme
	f := seg.Frozen
	Text(dst, seg.Seg.Title, t.Fit(t.Bold, 104, seg.Seg.Title, W-160), W/2, 190, Center, t.Text)
	line := show.Thousands(f.Entries) + " tickets  ·  " + show.Thousands(f.Participants) + " players in the draw"
	switch seg.Seg.Kind {
	case show.KindManualBin:
		line = show.Thousands(f.Entries) + " receipts in the bin  ·  " + show.Thousands(f.Participants) + " players"
	case show.KindRoyalFlush:
		line = show.Thousands(f.Participants) + " finalists  ·  " + strconv.Itoa(seg.Seg.Winners) + " winners each choose a card"
	}
	Text(dst, line, t.Regular(52), W/2, 340, Center, t.Accent)
	if src := s.st.Seg(f.From); src != nil {
		line := "The wild card's bin " + strconv.Itoa(src.Seg.Bin) + ": " + src.Seg.Title
		Text(dst, line, t.Fit(t.Regular, 40, line, W-240), W/2, 410, Center, t.Dim)
	}
	Text(dst, "The bin is frozen. Its fingerprint:", t.Regular(40), W/2, 470, Center, t.Dim)
	if fp := f.Fingerprint; len(fp) == 64 {
		Text(dst, fp[:32], t.Mono(48), W/2, 525, Center, t.Text)
		Text(dst, fp[32:], t.Mono(48), W/2, 585, Center, t.Text)
	}
	if s.entry == nil || !s.entry.draw {
		Text(dst, "The draw waits for the auditor's draw witness", t.Regular(44), W/2, witnessFieldY+50, Center, t.Accent)
	}
	Text(dst, "Show commitment  "+s.st.Opened.Commitment[:16], t.Mono(40), W/2, 910, Center, t.Dim)
}

// drawWitnessLine is a draw witness as the big screen shows it.
func drawWitnessLine(w string) string {
	if w == "" {
		return "Draw witness: none given"
	}
	return "Draw witness " + w
}

// drawReel scrolls the sample, easing to a stop on the winner. Until the
// reel lands the winner is one row among many, never singled out.
func (s *Stage) drawReel(dst *ebiten.Image, in time.Duration) {
	t := s.theme
	Text(dst, s.st.CurSeg().Seg.Title, t.Bold(64), W/2, 170, Center, t.Text)
	s.drawReelWindow(dst, in)
}

// The reel's window: rows of reelRowH around the centre line reelY.
const (
	reelRowH = 130.0
	reelY    = 610.0
	reelRows = 2.2 // rows shown above and below the centre
)

// drawReelWindow paints the reel's part of the canvas, background
// included. The rows are drawn on the window's own image, so nothing of
// them falls outside what the next frame paints over.
func (s *Stage) drawReelWindow(screen *ebiten.Image, in time.Duration) {
	t := s.theme
	const left, top = 200.0, reelY - reelRows*reelRowH
	if s.reel == nil {
		s.reel = ebiten.NewImage(W-2*left, 2*reelRows*reelRowH)
	}
	dst := s.reel
	dst.Fill(t.Background)
	defer func() {
		op := &ebiten.DrawImageOptions{Blend: ebiten.BlendCopy}
		op.GeoM.Translate(left, top)
		screen.DrawImage(dst, op)
	}()
	rows := s.reelRows(s.st.CurSeg())
	if len(rows) == 0 {
		return
	}
	u := clamp(in.Seconds()/reelTime.Seconds(), 0, 1)
	ease := 1 - math.Pow(1-u, 3)
	pos := ease * float64(len(rows)-1) // the row at the centre, fractional
	cy := reelY - top                  // the centre line on the window's image
	vector.DrawFilledRect(dst, 260-left, float32(cy-reelRowH/2), W-520, reelRowH, Fade(t.Primary, 0.8), false)
	vector.StrokeRect(dst, 260-left, float32(cy-reelRowH/2), W-520, reelRowH, 6, t.Accent, false)
	for i := int(pos) - 3; i <= int(pos)+3; i++ {
		if i < 0 || i >= len(rows) {
			continue
		}
		y := cy + (float64(i)-pos)*reelRowH
		a := clamp(1-math.Abs(y-cy)/(reelRowH*reelRows), 0, 1)
		if a == 0 {
			continue
		}
		Text(dst, rows[i].name, t.Bold(72), 320-left, y-36, Left, Fade(t.Text, a))
		Text(dst, rows[i].ticket, t.Mono(56), W-320-left, y-24, Right, Fade(t.Accent, a))
	}
}

type reelRow struct{ name, ticket string }

// reelRows are the sample's rows, the winner last once it is known.
func (s *Stage) reelRows(seg *show.SegState) []reelRow {
	rows := make([]reelRow, 0, len(s.sample)+1)
	for _, e := range s.sample {
		rows = append(rows, reelRow{s.maskName(e.Participant), s.ticketLabel(e.Ticket, e.Participant)})
	}
	if p := seg.Last(); p != nil && p.Outcome == "" {
		w := reelRow{s.maskName(p.Participant), s.ticketLabel(p.Ticket, p.Participant)}
		if len(rows) > 0 {
			rows = rows[:len(rows)-1]
		}
		rows = append(rows, w)
	}
	return rows
}

func (s *Stage) drawReveal(dst *ebiten.Image, in time.Duration) {
	s.drawWinner(dst, 250)
	if w := s.st.CurSeg().DrawWitness; w != nil {
		t, line := s.theme, drawWitnessLine(*w)
		Text(dst, line, t.Fit(t.Regular, 44, line, W-640), W/2, 760, Center, t.Good)
	}
	drawConfetti(dst, in, s.theme)
}

// drawWinner is the winner's card: masked name and card, ticket, tier, prize.
func (s *Stage) drawWinner(dst *ebiten.Image, y float64) {
	t := s.theme
	seg := s.st.CurSeg()
	p := seg.Last()
	if p == nil {
		return
	}
	who := s.people[p.Participant]
	Text(dst, "WINNER", t.Bold(72), W/2, y-80, Center, t.Accent)
	Text(dst, s.maskName(p.Participant), t.Fit(t.Bold, 150, s.maskName(p.Participant), W-640), W/2, y, Center, t.Text)
	line := s.pickLine(seg, p, "   ·   ")
	if who.Tier != 0 {
		line += "   ·   " + titleCase(who.Tier.String())
	}
	Text(dst, line, t.Fit(t.Regular, 52, line, W-640), W/2, y+200, Center, t.Dim)
	switch prize := s.prizeLine(seg, p); {
	case p.Prize == "" && p.Choice == nil:
		Text(dst, prize, t.Fit(t.Regular, 56, prize, W-640), W/2, y+310, Center, t.Text) // what the winner will choose
	case prize != "":
		Text(dst, prize, t.Fit(t.Bold, 96, prize, W-640), W/2, y+300, Center, t.Accent)
	}
}

// pickLine is a winner's card and ticket; at a bonus jackpot, the device
// the winner plays at first.
func (s *Stage) pickLine(seg *show.SegState, p *show.Pick, sep string) string {
	if seg.Seg.Kind == show.KindBonus {
		line := "Device " + p.Ticket
		if a := s.areaOf(p.Participant); a != "" {
			line += sep + a
		}
		return line + sep + "Card " + s.maskCard(p.Participant)
	}
	return s.cardLine(p.Ticket, p.Participant, sep)
}

// prizeLine is what a winner wins, as far as the screen may say yet: the
// prize drawn for, the one turned over, or what the winner will choose.
func (s *Stage) prizeLine(seg *show.SegState, p *show.Pick) string {
	if w := p.Won(); w != "" {
		return w
	}
	switch seg.Seg.Choice() {
	case "cards":
		return "chooses a card once all " + strconv.Itoa(seg.Seg.Winners) + " winners are drawn"
	case "balls":
		return "chooses a ball once all " + strconv.Itoa(seg.Seg.Winners) + " winners are drawn"
	case "envelopes":
		return "then chooses an envelope"
	}
	return ""
}

func (s *Stage) drawCountdown(dst *ebiten.Image) {
	t := s.theme
	seg := s.st.CurSeg()
	p := seg.Last()
	if p == nil {
		return
	}
	s.drawRing(dst, s.now())
	const cx, wide = 1240, 1180                 // the right side, beside the ring
	const clear = 2 * (cx - ringX - ringR - 40) // a line that never reaches the ring's square: its repaint would cut it
	who := s.maskName(p.Participant)
	Text(dst, who, t.Fit(t.Bold, 110, who, wide), cx, 300, Center, t.Text)
	line := s.pickLine(seg, p, "  ·  ")
	Text(dst, line, t.Fit(t.Regular, 48, line, clear), cx, 450, Center, t.Dim)
	switch prize := s.prizeLine(seg, p); {
	case p.Prize == "" && p.Choice == nil:
		Text(dst, prize, t.Fit(t.Regular, 48, prize, clear), cx, 550, Center, t.Text) // what the winner will choose
	case prize != "":
		Text(dst, prize, t.Fit(t.Bold, 80, prize, wide), cx, 540, Center, t.Accent)
	}
	if h := s.hourLine(seg, s.now()); h != "" && seg.Seg.Kind == show.KindBonus {
		Text(dst, h, t.Bold(44), cx, 640, Center, t.Good)
	}
	if p.Outcome == "" && p.Proxy != "" {
		Text(dst, "Proxy on file: "+p.Proxy, t.Regular(44), 1240, 680, Center, t.Good)
	}
	if p.Outcome != "" {
		s.drawStamp(dst, p.Outcome, 1240, 760)
	}
}

// ringRuns reports whether the countdown ring moves: a pick waits on its
// claim. Once decided it stands still, and a repaint of its square would
// only cut into a wide outcome stamp beside it ("TO BE CONTACTED").
func (s *Stage) ringRuns() bool {
	p := s.st.CurSeg().Last()
	return p != nil && p.Outcome == show.Pending && !p.Deadline.IsZero()
}

// The countdown ring: centre and radius.
const ringX, ringY, ringR = 420.0, 600.0, 280.0

// drawRing paints the countdown ring's part of the canvas, background
// included: the time left from the stored deadline, red in the last ten
// seconds, stopped where the claim was decided.
func (s *Stage) drawRing(dst *ebiten.Image, now time.Time) {
	t := s.theme
	p := s.st.CurSeg().Last()
	if p == nil {
		return
	}
	// The ring is drawn on its own small image, without antialiasing:
	// ebiten's works at twice the size of the image drawn on, which software
	// GL pays for in every frame of the countdown (45 fps against 35 here);
	// at 36 pixels wide the ring's edge needs none on a big screen.
	const m = ringR + 40
	if s.ring == nil {
		s.ring = ebiten.NewImage(2*m, 2*m)
	}
	img := s.ring
	img.Fill(t.Background)
	total := time.Duration(s.opt.Show.ClaimSeconds) * time.Second
	left := time.Duration(0)
	if !p.Deadline.IsZero() {
		left = max(0, p.Deadline.Sub(now))
		if p.Outcome != "" {
			left = max(0, p.Deadline.Sub(p.DecidedAt))
		}
	}
	c := t.Accent
	if left <= 10*time.Second {
		c = t.Warn
	}
	switch {
	case !p.Deadline.IsZero():
		vector.StrokeCircle(img, m, m, ringR, 36, Fade(t.Primary, 0.9), false)
		arc(img, m, m, ringR, 36, 0, left.Seconds()/total.Seconds(), c)
		Text(img, secondsText(left), t.Bold(220), m, m-140, Center, c)
		Text(img, "seconds to claim", t.Regular(40), m, m+110, Center, t.Dim)
	case p.Outcome == show.Pending && s.st.CurSeg().Seg.Kind == show.KindBonus:
		// the team is on its way to the device: the seconds wait for it
		vector.StrokeCircle(img, m, m, ringR, 36, Fade(t.Primary, 0.5), false)
		Text(img, secondsText(total), t.Bold(220), m, m-140, Center, t.Dim)
		Text(img, "seconds once the team", t.Regular(40), m, m+100, Center, t.Dim)
		Text(img, "reaches the device", t.Regular(40), m, m+150, Center, t.Dim)
	}
	op := &ebiten.DrawImageOptions{Blend: ebiten.BlendCopy}
	op.GeoM.Translate(ringX-m, ringY-m)
	dst.DrawImage(img, op)
}

func (s *Stage) drawBoard(dst *ebiten.Image) {
	t := s.theme
	seg := s.st.CurSeg()
	Text(dst, seg.Seg.Title+" — winners", t.Bold(80), W/2, 170, Center, t.Text)
	var won []show.Pick
	for _, p := range seg.Picks {
		if p.Outcome.Wins() {
			won = append(won, p)
		}
	}
	if len(won) > 7 {
		won = won[len(won)-7:] // a bonus jackpot's night: the latest
	}
	y := 320.0
	for _, p := range won {
		prize := p.Won()
		if c := p.Choice; c != nil && c.Item != "" {
			prize = c.Item + "  " + prize
		}
		Text(dst, prize, t.Fit(t.Bold, 56, prize, 540), 200, y, Left, t.Accent)
		Text(dst, s.maskName(p.Participant), t.Fit(t.Bold, 56, s.maskName(p.Participant), 620), 760, y, Left, t.Text)
		Text(dst, s.maskCard(p.Participant), t.Mono(48), 1420, y+6, Left, t.Dim)
		y += 96
		if y > 900 {
			break
		}
	}
	if seg.Ended != nil {
		msg := "The draw ended short: no eligible entry was left."
		if strings.HasPrefix(seg.Ended.Reason, "skipped") {
			msg = fmt.Sprintf("The draw ended short with %d of %d winners.", seg.Ended.Winners, seg.Ended.Wanted)
		}
		Text(dst, msg, t.Regular(44), W/2, 930, Center, t.Warn)
	}
	if s.anchor != "" {
		// the chain head as the auditor copies it, small and quiet in the corner
		Text(dst, s.anchor, t.Mono(28), W-40, H-64-40, Right, Fade(t.Dim, 0.8))
	}
}

func (s *Stage) drawClosed(dst *ebiten.Image) {
	t := s.theme
	Text(dst, "Thank you — the show is closed", t.Bold(96), W/2, 260, Center, t.Text)
	Text(dst, "Tonight's seed, revealed", t.Regular(44), W/2, 480, Center, t.Accent)
	if sd := s.st.Seed; len(sd) == 64 {
		Text(dst, sd[:32], t.Mono(60), W/2, 550, Center, t.Text)
		Text(dst, sd[32:], t.Mono(60), W/2, 625, Center, t.Text)
	}
	Text(dst, "Every winner can now be re-derived from the record: drawshow verify", t.Regular(40), W/2, 780, Center, t.Dim)
	if p := s.progress; p.total > 0 {
		u := float32(p.done) / float32(p.total)
		vector.DrawFilledRect(dst, 460, 880, W-920, 36, Fade(t.Primary, 0.9), false)
		vector.DrawFilledRect(dst, 460, 880, (W-920)*u, 36, t.Accent, false)
		Text(dst, "Exporting: "+p.step, t.Regular(36), W/2, 930, Center, t.Dim)
	}
}

// arc strokes, without antialiasing, the part of a ring from fraction a to b of a turn, clockwise
// from twelve o'clock.
func arc(dst *ebiten.Image, cx, cy, r, width, a, b float64, c color.Color) {
	if b <= a {
		return
	}
	var p vector.Path
	start := -math.Pi/2 + a*2*math.Pi
	end := -math.Pi/2 + b*2*math.Pi
	p.Arc(float32(cx), float32(cy), float32(r), float32(start), float32(end), vector.Clockwise)
	vs, is := p.AppendVerticesAndIndicesForStroke(nil, nil, &vector.StrokeOptions{Width: float32(width), LineCap: vector.LineCapRound})
	cr, cg, cb, ca := c.RGBA()
	for i := range vs {
		vs[i].SrcX, vs[i].SrcY = 1, 1
		vs[i].ColorR, vs[i].ColorG, vs[i].ColorB, vs[i].ColorA = float32(cr)/0xffff, float32(cg)/0xffff, float32(cb)/0xffff, float32(ca)/0xffff
	}
	dst.DrawTriangles(vs, is, white, &ebiten.DrawTrianglesOptions{AntiAlias: false})
}

var white = func() *ebiten.Image {
	img := ebiten.NewImage(3, 3)
	img.Fill(color.White)
	return img.SubImage(img.Bounds()).(*ebiten.Image)
}()

// The confetti falls in two strips beside the winner's name, so that a
// frame repaints the strips and not the whole canvas.
const (
	stripW   = 300.0
	stripTop = 124.0
	stripBot = H - 134.0 // above the notice and the hint bar
)

// drawConfetti paints the strips, background included. The burst is a
// pure function of time: no state, so a golden frame is the same on every
// run.
func drawConfetti(dst *ebiten.Image, in time.Duration, t *Theme) {
	vector.DrawFilledRect(dst, 0, stripTop, stripW, stripBot-stripTop, t.Background, false)
	vector.DrawFilledRect(dst, W-stripW, stripTop, stripW, stripBot-stripTop, t.Background, false)
	u := in.Seconds()
	if u > revealTime.Seconds() {
		return
	}
	colours := []color.RGBA{t.Accent, t.Good, t.Text, t.Warn}
	a := clamp(1.4-u/revealTime.Seconds()*1.4, 0, 1)
	for i := range 60 {
		fi := float64(i)
		x := 20 + math.Mod(fi*97.3, stripW-60)
		if i%2 == 1 {
			x += W - stripW
		}
		vy := 260 + math.Mod(fi*37.3, 240)
		y := stripTop + math.Mod(fi*53.9, 160) + vy*u
		x += 18 * math.Sin(u*2+fi)
		if y > stripBot-24 {
			continue
		}
		vector.DrawFilledRect(dst, float32(x), float32(y), 14, 22, Fade(colours[i%len(colours)], a), false)
	}
}
