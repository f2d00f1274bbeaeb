package show

import (
	"slices"

	"go.yaml.in/yaml/v3"
)

// checkGroups checks that every from names an earlier segment, or the id
// of an earlier month-end or wild card, whose winners it can take.
func checkGroups(p *problems, s *Show, nodeOf func(*Segment) *yaml.Node) {
	seen := map[string]SegmentKind{} // id → kind, of segments and groups so far
	ids := map[string]string{}       // id → the group it came from
	for i := range s.Segments {
		g := &s.Segments[i]
		at := nodeOf(g)
		if grp, ok := ids[g.ID]; ok && (g.Group != "" || grp != "") {
			p.add(at, "segment id %q is used twice: a month-end or wild card (%s%s) makes its segments' ids from its own", g.ID, g.Group, grp)
		}
		ids[g.ID] = g.Group
		if g.Kind == KindWildCard && len(g.From) == 1 && seen[g.From[0]] == KindMonthEnd && g.Winners > s.Bins(g.From[0]) {
			p.add(at, "segment %s: %d finalists from %d bins of %s: each number chooses a different bin", g.ID, g.Winners, s.Bins(g.From[0]), g.From[0])
		}
		for _, f := range g.From {
			k, ok := seen[f]
			switch {
			case !ok:
				p.add(at, "segment %s: from %q is not an earlier segment", g.ID, f)
			case g.Kind == KindWildCard && k != KindMonthEnd:
				p.add(at, "segment %s: from %q must be a month-end draw", g.ID, f)
			case !winnersKind(k):
				p.add(at, "segment %s: from %q is a %s: it has no winners", g.ID, f, k)
			}
		}
		seen[g.ID] = g.Kind
		if g.Group != "" {
			seen[g.Group] = g.Kind
			if g.Kind == KindWildDraw {
				seen[g.Group] = KindWildCard
			}
		}
	}
}

// winnersKind reports whether a segment of kind k has winners: a page has none.
func winnersKind(k SegmentKind) bool { return !kindOf(k).traits().page }

// Sources lists the segments a from names, expanding groups, in run-sheet order.
func (s *Show) Sources(from []string) []*Segment {
	var out []*Segment
	for i := range s.Segments {
		g := &s.Segments[i]
		if g.Kind == KindWildCard {
			continue // its winners are its draws'
		}
		if slices.Contains(from, g.ID) || (g.Group != "" && slices.Contains(from, g.Group)) {
			out = append(out, g)
		}
	}
	return out
}

// MonthEndBin is bin number n of the month-end group, or nil.
func (s *Show) MonthEndBin(group string, n int) *Segment {
	for i := range s.Segments {
		if g := &s.Segments[i]; g.Kind == KindMonthEnd && g.Group == group && g.Bin == n {
			return g
		}
	}
	return nil
}

// Bins counts the bins of a month-end group.
func (s *Show) Bins(group string) int {
	n := 0
	for i := range s.Segments {
		if g := &s.Segments[i]; g.Kind == KindMonthEnd && g.Group == group {
			n++
		}
	}
	return n
}
