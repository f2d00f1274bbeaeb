package scenes

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"drawshow/audio"
	"drawshow/show"
)

// countdownScene is the winner's claim countdown: a ring from the
// deadline stored in the record, and once decided, the outcome's stamp.
type countdownScene struct {
	menu    int           // the outcome menu's highlighted line: -1 closed
	lastTen cued          // the last of the final ten seconds cued
	landed  string        // the pick whose stamp was last drawn landed (segment/K)
	ringAt  time.Time     // the time the ring was last painted at…
	ringOn  *ebiten.Image // …and on what
}

// landTime is how long a stamp takes to land: it comes down from a
// third larger as the chime or the buzzer sounds, both at the decision.
const landTime = 220 * time.Millisecond

// stampKey names a pick's stamp.
func stampKey(seg *show.SegState, p *show.Pick) string {
	return seg.Seg.ID + "/" + strconv.Itoa(p.K)
}

// stampScale is the size of p's stamp at now: from 1.35 at the decision
// down to 1 once it has landed (a resumed show finds it landed).
func stampScale(p *show.Pick, now time.Time) float64 {
	in := now.Sub(p.DecidedAt)
	if in >= landTime || p.DecidedAt.IsZero() {
		return 1
	}
	u := max(in.Seconds(), 0) / landTime.Seconds()
	return 1 + 0.35*(1-u)*(1-u)
}

// outcomes is the countdown's menu, for a clicker that has no C, R, D, F.
var outcomes = []struct {
	label string
	op    show.Op
}{
	{"Claimed in person", show.OpClaim},
	{"Proxy present", show.OpProxy},
	{"On the decline register", show.OpDecline},
	{"Forfeit (not the holder's card)", show.OpForfeit},
	{"Back", ""},
}

func (*countdownScene) Name() string { return "countdown" }

// Enter closes the menu; Next waits for a fresh press, so that the one
// meant for the reveal never claims.
func (sc *countdownScene) Enter(s *Stage) {
	sc.menu = -1
	s.waitFresh(s.now())
}

func (sc *countdownScene) leave() { sc.menu = -1 }

// Act takes the outcome keys while the pick is pending, then Next to the
// redraw or the board.
func (sc *countdownScene) Act(s *Stage, a Action) {
	seg := s.view.st.CurSeg()
	p := seg.Last()
	if p == nil {
		return
	}
	if p.Outcome != show.Pending {
		if a == Next {
			s.startDraw()
		}
		return
	}
	if sc.menu >= 0 {
		switch a {
		case Next:
			sc.menu = (sc.menu + 1) % len(outcomes)
		case Prev:
			sc.menu = (sc.menu + len(outcomes) - 1) % len(outcomes)
		case Context:
			op := outcomes[sc.menu].op
			sc.menu = -1
			sc.outcome(s, op, seg, p)
		}
		return
	}
	// a bonus winner's seconds start when the team reaches the device
	atDevice := seg.Seg.Floor() && p.Deadline.IsZero()
	switch a {
	case Next:
		if s.now().Before(s.host.guard) {
			return // meant for the reveal, not a claim
		}
		if atDevice {
			s.send(show.Command{Op: show.OpArrived})
			return
		}
		sc.outcome(s, show.OpClaim, seg, p)
	case Arrived:
		if atDevice {
			s.send(show.Command{Op: show.OpArrived})
		}
	case Claim:
		sc.outcome(s, show.OpClaim, seg, p)
	case Proxy:
		sc.outcome(s, show.OpProxy, seg, p)
	case Decline:
		sc.outcome(s, show.OpDecline, seg, p)
	case Forfeit:
		sc.outcome(s, show.OpForfeit, seg, p)
	case Context:
		sc.menu = len(outcomes) - 1 // on Back: F5 then Esc, the clicker's one button twice, changes nothing
	}
}

// outcome records the claim's outcome op; a proxy with no nomination on
// file asks for the name first, and a decline of a card on no register
// loaded for the draw asks where the paper register is signed.
func (*countdownScene) outcome(s *Stage, op show.Op, seg *show.SegState, p *show.Pick) {
	switch op {
	case "":
		return
	case show.OpProxy:
		if _, ok := s.view.st.ProxyFor(seg, p.Participant); !ok {
			s.field(&entry{label: "Proxy's name (from the signed form), then Enter"})
			return
		}
	case show.OpDecline:
		if !s.view.st.RegisterHas(seg, p.Participant) {
			s.field(&entry{label: "Paper decline register: page and who checked it, then Enter", kind: fieldDecline})
			return
		}
	}
	s.send(show.Command{Op: op})
}

// reply stamps the outcome a decision brought.
func (sc *countdownScene) reply(s *Stage, r reply) Scene {
	if r.err == nil && len(r.evs) > 0 && s.onStage(sc) {
		s.sceneChanged()
	}
	return s.onward(r)
}

// Update ticks each of the last ten seconds of a pick once.
func (sc *countdownScene) Update(s *Stage, now time.Time) {
	seg := s.view.st.CurSeg()
	p := seg.Last()
	if p == nil || p.Outcome != show.Pending || p.Deadline.IsZero() {
		return
	}
	left := int(math.Ceil(p.Deadline.Sub(now).Seconds()))
	if t := (cued{stampKey(seg, p), left}); left >= 1 && left <= 10 && t != sc.lastTen {
		sc.lastTen = t
		s.sound(audio.Tick)
	}
}

// cued is a second of a pick's countdown whose tick sounded.
type cued struct {
	pick string
	left int
}

func (sc *countdownScene) Draw(s *Stage, dst *Canvas, _ time.Duration) {
	t := s.theme
	seg := s.view.st.CurSeg()
	p := seg.Last()
	if p == nil {
		return
	}
	sc.drawRing(s, dst, s.now())
	ringX, cx, wide := countdownLayout(dst.W)
	clear := 2 * (cx - ringX - ringR - 40) // a line that never reaches the ring's square: its repaint would cut it
	s.drawContext(dst, seg, cx, 150, clear)
	who := s.maskName(p.Participant)
	Text(dst, who, t.Fit(t.Bold, sizeMain, who, wide), cx, 240, Center, t.Text)
	line := s.pickLine(seg, p, "  ·  ")
	Text(dst, line, t.Fit(t.Regular, sizeSupport, line, clear), cx, 430, Center, t.Dim)
	switch prize := s.prizeLine(seg, p); {
	case p.Prize == "" && p.Choice == nil:
		Text(dst, prize, t.Fit(t.Regular, sizeSupport, prize, clear), cx, 530, Center, t.Text) // what the winner will choose
	case prize != "":
		Text(dst, prize, t.Fit(t.Bold, sizeMain-32, prize, clear), cx, 510, Center, t.Accent)
	}
	if h := s.hourLine(seg, s.now()); h != "" && seg.Seg.Sessions() {
		Text(dst, h, t.Fit(t.Bold, 44, h, clear), cx, 660, Center, t.Good)
	}
	if p.Outcome == "" && p.Proxy != "" {
		line := "Proxy on file: " + s.maskedName(p.Proxy, "") // masked as the winner is
		Text(dst, line, t.Fit(t.Regular, 44, line, wide), cx, 700, Center, t.Good)
	}
	if p.Outcome != "" {
		k := stampScale(p, s.now())
		drawStamp(dst, t, p.Outcome, cx, 400, wide, k)
		if k == 1 {
			sc.landed = stampKey(seg, p)
		}
	}
	if seg.Frozen != nil {
		s.drawTrust(dst, seg)
	}
}

// repaint paints the ring alone while it runs, and the whole frame while
// a stamp lands (and a frame more).
func (sc *countdownScene) repaint(s *Stage, dst *Canvas, now time.Time) {
	seg := s.view.st.CurSeg()
	switch p := seg.Last(); {
	case p != nil && p.Outcome != show.Pending && sc.landed != stampKey(seg, p):
		s.drawAll(dst, now) // until a frame has it landed
	case ringRuns(s):
		if at := ringTime(p, now); at != sc.ringAt || dst.img != sc.ringOn {
			sc.drawRing(s, dst, now)
		}
	}
}

// ringTime is the time the running ring shows at now: the time left is
// rounded up to a sixteenth of a second (its arc moves a pixel and a bit
// in that time), to a thirty-second in the last ten seconds, where it
// pulses. A frame in between paints nothing: software GL pays for every
// frame painted. Rounded up, in steps that divide a second exactly (a
// fifteenth is no whole number of nanoseconds), the seconds shown change
// at the very instant they would unrounded.
func ringTime(p *show.Pick, now time.Time) time.Time {
	left := p.Deadline.Sub(now)
	if p.Deadline.IsZero() || left <= 0 {
		return now
	}
	step := time.Second / 16
	if left <= 10*time.Second {
		step = time.Second / 32
	}
	return p.Deadline.Add(-(left + step - 1).Truncate(step))
}

// ringRuns reports whether the countdown ring moves: a pick waits on its
// claim. Once decided it stands still, and a repaint of its square would
// only cut into a wide outcome stamp beside it ("TO BE CONTACTED").
func ringRuns(s *Stage) bool {
	p := s.view.st.CurSeg().Last()
	return p != nil && p.Outcome == show.Pending && !p.Deadline.IsZero()
}

// The countdown ring: its centre's height and radius.
const ringY, ringR = 600.0, 280.0

// countdownLayout is where the countdown sits on a canvas w units wide:
// the ring's centre, and the centre and width of the winner's column
// beside it. At 16:9 the ring stands at 420 and the column is 1180 wide;
// a narrower screen keeps the ring at the margin and narrows the column,
// a wider one centres the whole.
func countdownLayout(w float64) (ringX, cx, wide float64) {
	ox := max(0, (w-1920)/2)
	ringX = max(margin+ringR, 420-(1920-w)/2) + ox
	right := w - ox - 90
	wide = min(1180, right-(ringX+ringR-50))
	return ringX, right - wide/2, wide
}

// drawRing paints the countdown ring's part of the canvas, background
// included: the time left from the stored deadline, red in the last ten
// seconds, stopped where the claim was decided.
func (sc *countdownScene) drawRing(s *Stage, dst *Canvas, now time.Time) {
	t := s.theme
	p := s.view.st.CurSeg().Last()
	if p == nil {
		return
	}
	now = ringTime(p, now)
	sc.ringAt, sc.ringOn = now, dst.img
	// The ring is drawn through a sub-image of the canvas, without
	// antialiasing: ebiten's works at twice the size of the image drawn on,
	// which software GL pays for in every frame of the countdown (45 fps
	// against 35 here); at 36 pixels wide the ring's edge needs none on a
	// big screen.
	const m = ringR + 40
	ringX, _, _ := countdownLayout(dst.W)
	img := dst.Sub(ringX-m, ringY-m, ringX+m, ringY+m)
	img.Fill(t.Background)
	total := time.Duration(s.opt.Show.ClaimSeconds) * time.Second
	left := time.Duration(0)
	if !p.Deadline.IsZero() {
		left = max(0, p.Deadline.Sub(now))
		if p.Outcome != "" {
			left = max(0, p.Deadline.Sub(p.DecidedAt))
		}
	}
	c, width, r := t.Accent, 36.0, ringR
	if left <= 10*time.Second && p.Outcome == show.Pending {
		// the last ten seconds: red, a thicker ring, and a pulse on each
		// second as the tick sounds
		frac := left.Seconds() - math.Floor(left.Seconds())
		c, width = t.Warn, 52
		r = ringR - 8 + 10*frac*frac
	}
	spent := atContrast(t.Dim, t.Background, 3)
	switch {
	case p.Outcome != show.Pending && !p.Deadline.IsZero():
		// decided: the ring stops and fills, green for a winner, red for a redraw
		done := t.Good
		if !p.Outcome.Wins() {
			done = t.Warn
		}
		img.StrokeCircle(ringX, ringY, r, width, done, false)
		Text(img, secondsText(left), t.Bold(220), ringX, ringY-140, Center, done)
		Text(img, "seconds left", t.Regular(sizeSupport-8), ringX, ringY+110, Center, t.Dim)
	case !p.Deadline.IsZero():
		img.StrokeCircle(ringX, ringY, r, width, spent, false)
		arc(img, ringX, ringY, r, width, 0, left.Seconds()/total.Seconds(), c)
		Text(img, secondsText(left), t.Bold(220), ringX, ringY-140, Center, c)
		Text(img, "seconds to claim", t.Regular(sizeSupport-8), ringX, ringY+110, Center, t.Dim)
	case p.Outcome == show.Pending && s.view.st.CurSeg().Seg.Floor():
		// the team is on its way to the device: the seconds wait for it
		img.StrokeCircle(ringX, ringY, ringR, 36, spent, false)
		Text(img, secondsText(total), t.Bold(220), ringX, ringY-140, Center, t.Dim)
		Text(img, "seconds once the team", t.Regular(40), ringX, ringY+100, Center, t.Dim)
		Text(img, "reaches the device", t.Regular(40), ringX, ringY+150, Center, t.Dim)
	default:
		// no countdown (a winner who need not be present): the slot holds
		// what happens next instead of standing empty
		img.StrokeCircle(ringX, ringY, ringR, 36, spent, false)
		Text(img, "15", t.Bold(220), ringX, ringY-140, Center, t.Text)
		Text(img, "days to collect", t.Regular(sizeSupport-8), ringX, ringY+110, Center, t.Dim)
	}
}

// arc strokes, without antialiasing, the part of a ring from fraction a to b of a turn, clockwise
// from twelve o'clock.
func arc(dst *Canvas, cx, cy, r, width, a, b float64, c color.Color) {
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
	dst.Triangles(vs, is, white, &ebiten.DrawTrianglesOptions{AntiAlias: false})
}

var white = func() *ebiten.Image {
	img := ebiten.NewImage(3, 3)
	img.Fill(color.White)
	return img.SubImage(img.Bounds()).(*ebiten.Image)
}()

// secondsText rounds up: the countdown shows 1 until the last instant.
func secondsText(d time.Duration) string {
	return strconv.Itoa(int(math.Ceil(d.Seconds())))
}

// The stamps' colours, one a meaning: a claim (green), a winner who
// collects later (blue), a redraw (red). Gold is the money's alone.
var (
	stampAbsent = color.RGBA{0x5a, 0xb4, 0xf0, 0xff}
)

// stampOf is an outcome in the words the floor understands, a line under
// it, and its colour.
func stampOf(t *Theme, o show.Outcome) (label, sub string, c color.RGBA) {
	switch o {
	case show.Claimed:
		return "CLAIMED", "", t.Good
	case show.ByProxy:
		return "CLAIMED BY PROXY", "a nominee on the signed form", t.Good
	case show.Declined:
		return "WINNER IN ABSENCE", "on the decline register", stampAbsent
	case show.ToContact:
		return "TO BE CONTACTED", "15 days to collect", stampAbsent
	case show.Forfeit:
		return "NOT CLAIMED  ·  REDRAW", "not the holder's card", t.Warn
	case show.NoShow:
		return "NOT CLAIMED  ·  REDRAW", "no one came forward in time", t.Warn
	case show.Void:
		return "VOID  ·  REDRAW", "", t.Warn
	}
	return "", "", t.Good
}

// drawStamp is a claim's outcome, large and unmistakable: a stamp set
// across the winner's card line, turned a little as a hand stamps, scaled
// by k about its centre as it lands (1: landed). What it means in words
// sits under the prize.
func drawStamp(dst *Canvas, t *Theme, o show.Outcome, x, y, wide, k float64) {
	label, sub, c := stampOf(t, o)
	f := t.Fit(t.Bold, sizeSecond, label, wide-260) // clear of the ring
	w := text.Advance(label, f) + 100
	const h, border, turn = 150.0, 10.0, -4 * math.Pi / 180
	img := dst.New(w+2*border, h+2*border)
	defer img.img.Deallocate()
	img.Rect(border, border, w, h, Fade(t.Background, 0.72))
	img.StrokeRect(border, border, w, h, border, c)
	Text(img, label, f, border+w/2, border+20, Center, c)
	dst.Stamp(img, x, y, k, turn, min(1, 0.4+0.6/k))
	if sub != "" && k == 1 {
		Text(dst, sub, t.Fit(t.Regular, sizeSupport-8, sub, wide), x, 700, Center, t.Dim)
	}
}

// shot names the countdown's screenshot by its outcome stamp, once there is one.
func (*countdownScene) shot(s *Stage) string {
	if p := s.view.st.CurSeg().Last(); p != nil && p.Outcome != show.Pending {
		return "stamp-" + string(p.Outcome)
	}
	return "countdown"
}

func (sc *countdownScene) Hints(s *Stage) string {
	seg := s.view.st.CurSeg()
	p := seg.Last()
	switch {
	case p == nil:
	case seg.Chooser() != nil:
		return "Next ► the winner chooses " + string(seg.Seg.Chooses())
	case p.Outcome == show.Pending && sc.menu >= 0:
		return "Next/Prev move  ·  F5 choose"
	case p.Outcome == show.Pending && seg.Seg.Floor() && p.Deadline.IsZero():
		return "Next/A team at the device: the seconds start  ·  C claimed  ·  D register  ·  F forfeit"
	case p.Outcome == show.Pending:
		return "Next/C claimed  ·  R proxy  ·  D register  ·  F forfeit  ·  F5 menu  ·  no-show is automatic"
	case seg.Done():
		return "Next ► winners board"
	case p.Outcome.Wins() && seg.Seg.Manual:
		return "Next ► type the next ticket drawn"
	case p.Outcome.Wins():
		return "Next ► draw the next winner"
	case seg.Seg.Manual:
		return "Next ► type the ticket drawn in its place"
	default:
		return "Next ► redraw"
	}
	return ""
}

func (*countdownScene) Buttons(s *Stage) []Button {
	seg := s.view.st.CurSeg()
	p := seg.Last()
	if p != nil && p.Outcome == show.Pending && seg.Chooser() == nil {
		var out []Button
		if seg.Seg.Floor() && p.Deadline.IsZero() {
			out = append(out, Button{Line: "arrived", Label: "Team at the device", Key: "A", Primary: true})
		}
		// every decision is irreversible: the console asks first, naming
		// the winner, with Cancel focused
		who := s.winnerName(p)
		out = append(out, Button{Line: "claim", Label: "Claimed in person", Key: "C", Primary: !p.Deadline.IsZero() || !seg.Seg.Floor(),
			Irreversible: true, Confirm: "Record that " + who + " claimed in person? It cannot be undone."})
		proxy := Button{Line: "proxy", Label: "Proxy present", Key: "R", Field: "proxy", Irreversible: true,
			Confirm: "Record that a proxy collects for " + who + "? It cannot be undone."}
		if _, ok := s.view.st.ProxyFor(seg, p.Participant); ok {
			proxy.Field, proxy.Label = "", "Proxy present (nomination on file)"
		}
		if p.Lapsed { // the countdown ended while drawshow was down: the host says what happened
			out = append(out, Button{Line: "no-show", Label: "No-show (not claimed in time while drawshow was down)", Irreversible: true,
				Confirm: "Record that " + who + " did not claim in time while drawshow was down? It cannot be undone."})
		}
		return append(out, proxy,
			Button{Line: "decline", Label: "On the decline register", Key: "D", Field: "note", Irreversible: true,
				Confirm: "Record " + who + " as on the decline register, a winner in absence? It cannot be undone."},
			Button{Line: "forfeit", Label: "Forfeit (not the holder's card)", Key: "F", Field: "note", Irreversible: true})
	}
	out := s.skipButton(s.nextButton(nil, "next"))
	if p != nil && p.Outcome != show.Pending && p.Outcome != show.Void && p.Choice == nil {
		out = append(out, voidButton(s, p))
	}
	return out
}

// winnerName is p's winner as the console's questions name them: the
// name in full, or the card when the record has no name.
func (s *Stage) winnerName(p *show.Pick) string {
	if who := s.view.people[p.Participant].Name; who != "" {
		return who
	}
	return "card " + p.Participant
}

// voidButton voids a decided pick, with a reason; the draw then picks
// again. A winner's void asks twice: it takes a prize from someone the
// room saw win.
func voidButton(s *Stage, p *show.Pick) Button {
	who := s.winnerName(p)
	b := Button{Line: "void", Label: "Void this pick (type why; it is drawn again)", Field: "reason", Irreversible: true,
		Confirm: fmt.Sprintf("Void pick %d of %s, recorded as %s? It cannot be undone.", p.K+1, who, p.Outcome)}
	if p.Outcome.Wins() {
		b.Twice = fmt.Sprintf("%s was announced as a winner (%s). Void the win and draw again?", who, p.Outcome)
	}
	return b
}

// autoKey claims most winners, puts one in eight on the decline register,
// and now and then lets the countdown run out for a no-show.
func (*countdownScene) autoKey(a *autoplay) Frame {
	s := a.s
	p := s.view.st.CurSeg().Last()
	switch {
	case p == nil:
	case p.Outcome != show.Pending:
		return press(ebiten.KeyPageDown)
	case a.out && p.Deadline.IsZero() && s.view.st.CurSeg().Seg.Floor():
		return press(ebiten.KeyA) // the team reaches the device; nobody there
	case a.out:
		// let the countdown run out: the engine records the no-show
	case a.rng.IntN(8) == 0:
		// no register holds the card (it would have been declined at the
		// announcement): the host notes the paper register
		a.queue = append(a.queue, Frame{Chars: []rune("paper register p.1, checked by the host")}, press(ebiten.KeyEnter))
		return press(ebiten.KeyD)
	default:
		return press(ebiten.KeyC)
	}
	return Frame{}
}
