package scenes

import (
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"drawshow/show"
)

// numbersScene is a wild card's number pick: the month-end bins by
// number, the numbers typed so far or drawn, lit one by one, and how they
// were chosen.
type numbersScene struct {
	digits []rune // a bin's number, typed so far
	nums   []int  // the numbers typed so far, before the name of who typed them
}

func (*numbersScene) Name() string { return "numbers" }

// Enter waits for a fresh press: the Next that came here never draws.
func (sc *numbersScene) Enter(s *Stage) {
	sc.digits, sc.nums = nil, nil
	s.waitFresh(s.now())
}

func (sc *numbersScene) leave() { sc.digits, sc.nums = nil, nil }

func (*numbersScene) witnessLabel(*Stage) string {
	return "Draw witness for the numbers drawn electronically, then Enter — Esc to type the numbers drawn by hand"
}

func (sc *numbersScene) typed() ([]int, []rune) { return sc.nums, sc.digits }

// reply takes a wild card's numbers, typed or drawn, and tells the draw
// witness recorded.
func (sc *numbersScene) reply(s *Stage, r reply) Scene {
	switch {
	case r.err != nil:
	case r.op == show.OpNumbers, r.op == show.OpDraw:
		sc.numbered(s, r.evs)
	case r.op == show.OpWitness && s.onStage(sc):
		s.drawWitnessed()
	}
	return s.onward(r)
}

// Act is a wild card's number pick: Next draws the numbers
// electronically (a fresh press); or the host types each number drawn by
// hand and Enter, then who typed them.
func (sc *numbersScene) Act(s *Stage, a Action) {
	seg := s.view.st.CurSeg()
	if seg.Numbers != nil {
		switch {
		case a == Next && !s.turning(s.now()):
			s.past()
		case a == Prev:
			s.to(&s.mgr.cast.attract)
		}
		return
	}
	if d, ok := a.Digit(); ok {
		if len(sc.digits) < 2 {
			sc.digits = append(sc.digits, d)
		}
		return
	}
	bins := s.opt.Show.Bins(seg.Seg.From[0])
	switch a {
	case Next:
		switch {
		case len(sc.digits) > 0:
			n, _ := strconv.Atoi(string(sc.digits))
			sc.digits = nil
			switch {
			case n < 1 || n > bins:
				s.tell("Refused: " + strconv.Itoa(n) + " is not a bin: the numbers are 1 to " + strconv.Itoa(bins))
			case slices.Contains(sc.nums, n):
				s.tell("Refused: " + strconv.Itoa(n) + " is chosen already; each finalist comes from another bin")
			case len(sc.nums) < seg.Seg.Winners:
				sc.nums = append(sc.nums, n)
			}
			if len(sc.nums) == seg.Seg.Winners {
				sc.askTyper(s)
			}
		case len(sc.nums) == seg.Seg.Winners:
			sc.askTyper(s)
		case len(sc.nums) > 0:
			s.tell("Type the next number drawn, then Enter")
		case s.now().Before(s.host.guard):
			// too soon: a press meant for the run sheet
		case s.view.st.AwaitsDrawWitness(seg):
			if !s.busy() {
				s.askDrawWitness() // drawn electronically, the numbers wait for the draw witness
			}
		default:
			if s.send(show.Command{Op: show.OpDraw}) {
				s.tell("Drawing the numbers…")
			}
		}
	case Prev:
		switch {
		case len(sc.digits) > 0:
			sc.digits = sc.digits[:len(sc.digits)-1]
		case len(sc.nums) > 0:
			sc.nums = sc.nums[:len(sc.nums)-1]
		default:
			s.to(&s.mgr.cast.attract)
		}
	case Context:
		sc.digits, sc.nums = nil, nil
	}
}

// askTyper asks who typed the numbers drawn by hand: the field carries
// them to the command.
func (sc *numbersScene) askTyper(s *Stage) {
	s.field(&entry{label: "Who typed the numbers? Name, then Enter — Esc to go back", kind: fieldNumbers, nums: sc.nums})
}

// typedAll takes the numbers the console typed all at once, and asks who
// typed them.
func (sc *numbersScene) typedAll(s *Stage, nums []int) {
	sc.nums = nums
	sc.askTyper(s)
}

// numbered records a wild card's numbers, typed or drawn.
func (sc *numbersScene) numbered(s *Stage, evs []show.Event) {
	for _, e := range evs {
		if e.Kind == show.NumbersChosen && e.Numbers != nil {
			s.turn(turnOver{at: s.now(), segment: e.Segment, numbers: true, n: len(e.Numbers.Numbers)})
			sc.nums, sc.digits = nil, nil
		}
	}
}

func (*numbersScene) Update(*Stage, time.Time) {}

// The wild card's number tiles.
const (
	tileY, tileH = 370.0, 300.0
	tileGap      = 40.0
)

func tileSize(n int) float64 { return min(280, (1700-float64(n-1)*tileGap)/float64(n)) }

func tileX(dst *Canvas, i, n int) float64 {
	w := tileSize(n)
	return (dst.W-(float64(n)*w+float64(n-1)*tileGap))/2 + float64(i)*(w+tileGap)
}

func (sc *numbersScene) Draw(s *Stage, dst *Canvas, _ time.Duration) {
	t := s.theme
	now := s.now()
	seg := s.view.st.CurSeg()
	if seg == nil || !seg.Seg.Numbers() || len(seg.Seg.From) == 0 {
		return
	}
	group := seg.Seg.From[0]
	bins := s.opt.Show.Bins(group)
	Text(dst, seg.Seg.Title, t.Fit(t.Bold, 72, seg.Seg.Title, dst.W-240), dst.W/2, 140, Center, t.Text)
	ask := strconv.Itoa(seg.Seg.Winners) + " wild-card finalists: which bins do they come from?"
	if seg.Seg.Winners == 1 {
		ask = "One wild-card finalist: which bin does it come from?"
	}
	Text(dst, ask, t.Regular(48), dst.W/2, 250, Center, t.Accent)

	nums := sc.nums
	lit := len(nums)
	if n := seg.Numbers; n != nil {
		nums, lit = n.Numbers, len(n.Numbers)
		if s.air.turn.numbers && s.air.turn.segment == seg.Seg.ID {
			lit = min(lit, int(now.Sub(s.air.turn.at)/numberTime))
		}
	}
	w := tileSize(bins)
	for i := range bins {
		x := tileX(dst, i, bins)
		at := slices.Index(nums, i+1)
		on := at >= 0 && at < lit
		tile := s.sprite(dst, fmt.Sprintf("tile|%d|%v|%.0f", i+1, on, w), w, tileH, func(d *Canvas) {
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
		dst.Blit(tile, x+w/2, tileY+tileH/2, 1, 1)
		if on {
			Text(dst, "Finalist "+strconv.Itoa(at+1), t.Fit(t.Bold, 44, "Finalist 9", w), x+w/2, tileY+tileH+24, Center, t.Good)
		}
	}
	if w := seg.DrawWitness; w != nil && (seg.Numbers == nil || lit == len(seg.Numbers.Numbers)) {
		line := drawWitnessLine(*w)
		Text(dst, line, t.Fit(t.Regular, 40, line, dst.W-240), dst.W/2, 830, Center, t.Good)
	}
	switch n := seg.Numbers; {
	case n != nil && lit < len(n.Numbers):
	case n != nil && n.By == "engine":
		Text(dst, "Drawn electronically (drawshow-v1, "+seg.Seg.ID+"/numbers)", t.Regular(44), dst.W/2, 760, Center, t.Dim)
	case n != nil:
		// who typed them is for the record, not for the floor
		Text(dst, "Drawn by hand", t.Regular(44), dst.W/2, 760, Center, t.Dim)
	}
}

// moving: the numbers light up one by one.
// numbersLook is what a frame of the numbers shows of its own.
type numbersLook struct {
	turn   time.Time // the numbers drawn…
	landed bool      // …and whether they have all lit up
}

// look moves while the numbers light up.
func (*numbersScene) look(s *Stage, now time.Time) (any, bool) {
	return numbersLook{s.air.turn.at, !s.turning(now)}, s.turning(now)
}

func (sc *numbersScene) Hints(s *Stage) string {
	seg := s.view.st.CurSeg()
	switch {
	case seg.Numbers != nil && s.view.st.Cur+1 < len(s.view.st.Segs):
		return "Next ► " + s.view.st.Segs[s.view.st.Cur+1].Seg.Title
	case seg.Numbers != nil:
		return "Next ► close the show"
	case len(sc.digits) > 0:
		return "Enter ► bin " + string(sc.digits) + "  ·  Backspace erase"
	case len(sc.nums) > 0 && len(sc.nums) < seg.Seg.Winners:
		return "Type the next number drawn, then Enter  ·  Backspace takes the last back  ·  Esc clears"
	case len(sc.nums) > 0:
		return "Enter ► who typed the numbers  ·  Backspace takes the last back"
	}
	if s.view.st.AwaitsDrawWitness(seg) {
		return "Next ► the draw witness, then the numbers drawn electronically  ·  or type each number drawn by hand, then Enter  ·  Prev ◄ back"
	}
	return "Next ► draw the numbers electronically  ·  or type each number drawn by hand, then Enter  ·  Prev ◄ back"
}

func (*numbersScene) Buttons(s *Stage) []Button {
	var out []Button
	if s.view.st.CurSeg().Numbers == nil {
		out = append(out, Button{Line: "numbers", Label: "Record the numbers drawn by hand", Key: "", Field: "numbers"})
	}
	return s.skipButton(s.nextButton(out, "next"))
}

func (*numbersScene) autoKey(*autoplay) Frame { return press(ebiten.KeyPageDown) }
