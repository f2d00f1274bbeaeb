package scenes

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"drawshow/show"
)

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
	if w := seg.DrawWitness; w != nil && (seg.Numbers == nil || lit == len(seg.Numbers.Numbers)) {
		line := drawWitnessLine(*w)
		Text(dst, line, t.Fit(t.Regular, 40, line, W-240), W/2, 830, Center, t.Good)
	}
	switch n := seg.Numbers; {
	case n != nil && lit < len(n.Numbers):
	case n != nil && n.By == "engine":
		Text(dst, "Drawn electronically (drawshow-v1, "+seg.Seg.ID+"/numbers)", t.Regular(44), W/2, 760, Center, t.Dim)
	case n != nil:
		// who typed them is for the record, not for the floor
		Text(dst, "Drawn by hand", t.Regular(44), W/2, 760, Center, t.Dim)
	}
}
