package scenes

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"drawshow/show"
)

// drawFinalists is the Royal Flush intro: the frozen bin's finalists, by
// property when the file gives one, and the prizes behind the cards.
func (*introScene) drawFinalists(s *Stage, dst *Canvas, seg *show.SegState) {
	t := s.theme
	Text(dst, seg.Seg.Title, t.Fit(t.Bold, 80, seg.Seg.Title, dst.W-240), dst.W/2, 140, Center, t.Text)
	es := seg.Bin.Entries
	Text(dst, show.Thousands(len(es))+" finalists  ·  "+strconv.Itoa(seg.Seg.Winners)+" winners each choose a card: A  K  Q  J  10", t.Regular(44), dst.W/2, 250, Center, t.Accent)
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
	colW := min(560, (dst.W-240)/float64(max(len(groups), 1)))
	x0 := (dst.W - colW*float64(len(groups))) / 2
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
	prizes := "Behind the cards: " + strings.Join(prizeLines(seg.Seg.Prizes), "  ·  ")
	fp := "Bin fingerprint  " + seg.Frozen.Fingerprint[:16] + "   ·   Show commitment  " + s.view.st.Opened.Commitment[:16]
	if w := seg.DrawWitness; w != nil {
		// the witness the audience saw, under the fingerprint it followed
		Text(dst, prizes, t.Fit(t.Regular, 40, prizes, dst.W-200), dst.W/2, 845, Center, t.Dim)
		t.Line(dst, fp, t.Mono, 36, 900, t.Dim)
		wl := drawWitnessLine(*w)
		Text(dst, wl, t.Fit(t.Bold, 44, wl, dst.W-240), dst.W/2, 950, Center, t.Good)
		return
	}
	Text(dst, prizes, t.Fit(t.Regular, 40, prizes, dst.W-200), dst.W/2, 860, Center, t.Dim)
	t.Line(dst, fp, t.Mono, 36, 930, t.Dim)
}

// propertyOf is the property a finalist qualified at, when the entry file
// says: the finalists board groups by it.
func (s *Stage) propertyOf(card string) string { return s.view.people[card].Property }

// areaOf is the floor area of a bonus winner's device, when the entry
// file says.
func (s *Stage) areaOf(card string) string { return s.view.people[card].Area }
