package scenes

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"drawshow/show"
)

// boardScene is a draw's winners, with the record's chain head small in
// its corner for the auditor to copy to paper.
type boardScene struct {
	focus     bool   // Prev shows the last stamp again
	anchor    string // the chain head as on paper
	anchorDue bool   // the board is up and its chain head is still to be read
}

func (*boardScene) Name() string { return "board" }

// Enter asks for the chain head as it stands now the board is up.
func (sc *boardScene) Enter(*Stage) {
	sc.focus = false
	sc.anchor, sc.anchorDue = "", true
}

func (sc *boardScene) leave() { sc.focus = false }

func (sc *boardScene) Act(s *Stage, a Action) {
	switch {
	case a == Next && sc.focus:
		sc.focus = false
	case a == Next && s.view.st.CurSeg().Chooser() != nil:
		s.to(&s.mgr.cast.choose) // winners still to choose
	case a == Next:
		s.past()
	case a == Prev:
		sc.focus = true
	}
}

// reply takes the chain head read for the board on stage.
func (sc *boardScene) reply(s *Stage, r reply) Scene {
	if r.op == opAnchor && r.err == nil && s.onStage(sc) {
		sc.anchor = r.step
	}
	return s.onward(r)
}

// Update reads the chain head, once the worker is free.
func (sc *boardScene) Update(s *Stage, _ time.Time) {
	if sc.anchorDue && !s.busy() && s.send(show.Command{Op: opAnchor}) {
		sc.anchorDue = false
	}
}

func (sc *boardScene) Draw(s *Stage, dst *Canvas, in time.Duration) {
	if sc.focus {
		s.mgr.cast.countdown.Draw(s, dst, in)
		return
	}
	t := s.theme
	seg := s.view.st.CurSeg()
	title := seg.Seg.Title + " — winners"
	t.Line(dst, title, t.Bold, 80, 170, t.Text)
	var won []show.Pick
	for _, p := range seg.Picks {
		if p.Outcome.Wins() {
			won = append(won, p)
		}
	}
	if len(won) > 7 {
		won = won[len(won)-7:] // a bonus jackpot's night: the latest
	}
	if seg.Seg.ByPrize() {
		// the table's prizes, the top prize first, as a prize list reads
		cur := s.opt.Show.Currency
		slices.SortStableFunc(won, func(a, b show.Pick) int {
			pa, _ := show.ParsePrize(cur, a.Won())
			pb, _ := show.ParsePrize(cur, b.Won())
			return cmp.Compare(pb.Amount, pa.Amount)
		})
	}
	// rows of about 110 px with 84 px type, fewer when there are many
	y := 300.0
	rowH := min(110.0, (H-margin-40-y)/float64(max(len(won), 1)))
	size := math.Round(rowH * 0.76)
	// the amounts' right edge at 800 of a 16:9 frame, the names 80 after,
	// the cards at the right margin: on a narrower screen the names narrow
	right := margin + (dst.W-2*margin)*(800-margin)/(1920-2*margin)
	for _, p := range won {
		prize := amounts(p.Won())
		if c := p.Choice; c != nil && c.Item != "" {
			Text(dst, c.Item, t.Bold(size*0.6), margin+40, y+size*0.25, Left, t.Dim)
		}
		// amounts right-aligned, so that their digits line up
		Text(dst, prize, t.Fit(t.Bold, size, prize, min(560, right-margin-160)), right, y, Right, t.Accent)
		card := s.maskCard(p.Participant)
		cf := t.Regular(size * 0.62)
		name := s.maskName(p.Participant)
		Text(dst, name, t.Fit(t.Bold, size, name, min(620, dst.W-margin-text.Advance(card, cf)-40-(right+80))), right+80, y, Left, t.Text)
		Text(dst, card, cf, dst.W-margin, y+size*0.22, Right, t.Dim)
		y += rowH
	}
	if seg.Ended != nil {
		msg := "The draw ended short: no eligible entry was left."
		if strings.HasPrefix(seg.Ended.Reason, "skipped") {
			msg = fmt.Sprintf("The draw ended short with %d of %d winners.", seg.Ended.Winners, seg.Ended.Wanted)
		}
		t.Line(dst, msg, t.Regular, 44, 930, t.Warn)
	}
	if sc.anchor != "" {
		// the chain head as the auditor copies it, small and quiet in the corner
		Text(dst, sc.anchor, t.Mono(28), dst.W-40, H-64-40, Right, Fade(t.Dim, 0.8))
	}
}

// boardLook is what a frame of the board shows of its own.
type boardLook struct {
	focus  bool
	anchor string
}

func (sc *boardScene) look(*Stage, time.Time) (any, bool) {
	return boardLook{sc.focus, sc.anchor}, false
}

func (*boardScene) Hints(s *Stage) string {
	switch {
	case s.view.st.CurSeg().Chooser() != nil:
		return "Next ► the winners choose " + string(s.view.st.CurSeg().Seg.Chooses())
	case s.view.st.Cur+1 >= len(s.view.st.Segs):
		return "Next ► close the show"
	}
	return "Next ► " + s.view.st.Segs[s.view.st.Cur+1].Seg.Title
}

func (*boardScene) Buttons(s *Stage) []Button { return s.skipButton(s.nextButton(nil, "next")) }

func (*boardScene) autoKey(*autoplay) Frame { return press(ebiten.KeyPageDown) }
