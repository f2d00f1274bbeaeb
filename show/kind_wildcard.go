package show

import "fmt"

// KindWildCard is a wild card: numbers, drawn or typed, each choosing a
// bin of a month-end draw from which one more finalist is drawn. The show
// file's segment is its numbers on the run sheet, then one wild-card draw
// (kind_wilddraw.go) a number, their ids SEGMENT-1, SEGMENT-2…
const KindWildCard SegmentKind = "wild-card"

func init() { register(KindWildCard, wildCard{}) }

type wildCard struct{ plain }

func (wildCard) traits() traits { return traits{listed: 6, numbers: true, finale: true} }
func (wildCard) keys() []string {
	return []string{"id", "kind", "title", "at", "from", "winners", "prizes", "attendance", "register", "proxies", "manual", "exclude_winners"}
}

// needsEntries: its draws take the rows of the bins its numbers choose.
func (wildCard) needsEntries(*segmentYAML) bool { return false }

func (wildCard) parse(c *parsing, seg Segment) []Segment {
	if len(c.r.From) != 1 {
		c.p.add(c.at("from"), "segment %s: a wild card needs from: the id of one month-end draw", seg.ID)
	}
	out := []Segment{seg}
	for i := range seg.Winners {
		s := seg
		s.ID, s.Kind, s.Group, s.Bin, s.Winners = fmt.Sprintf("%s-%d", seg.ID, i+1), KindWildDraw, seg.ID, i+1, 1
		s.Title = fmt.Sprintf("%s · finalist %d", seg.Title, i+1)
		s.Prizes = nil
		if len(seg.Prizes) > 0 {
			s.Prizes = []string{seg.Prizes[i]}
		}
		out = append(out, s)
	}
	return out
}
