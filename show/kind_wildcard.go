package show

import (
	"fmt"
	"strconv"
	"strings"
)

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

func (wildCard) report(sh *Show, s *SegState, _ [32]byte, _ bool, add func(string, string)) {
	seg := s.Seg
	if s.Numbers == nil {
		add("Numbers", "not chosen")
		return
	}
	var nums, bins []string
	for _, n := range s.Numbers.Numbers {
		nums = append(nums, strconv.Itoa(n))
		if b := sh.MonthEndBin(seg.From[0], n); b != nil {
			bins = append(bins, b.ID)
		}
	}
	how := "drawn electronically under " + seg.ID + "/numbers"
	if s.Numbers.By == "host" {
		how = "typed by " + s.Numbers.Name + " from a physical draw"
	}
	add("Numbers", strings.Join(nums, ", ")+": "+how)
	add("Bins chosen", strings.Join(bins, ", ")+" of "+seg.From[0]+", one finalist each, finalists drawn before left out")
}

// smallDraws: the numbers the engine drew, the first picks of
// SEGMENT/numbers over the month-end draw's bins 1..N.
func (wildCard) smallDraws(sh *Show, s *SegState, _ [32]byte) []SmallDraw {
	if s.Numbers == nil || s.Numbers.By != "engine" {
		return nil
	}
	bins := sh.Bins(s.Seg.From[0])
	d := SmallDraw{Suffix: "numbers", Of: "numbers", Labels: Numbered(bins, 1), N: min(len(s.Numbers.Numbers), bins)}
	for _, n := range s.Numbers.Numbers {
		d.Result = append(d.Result, strconv.Itoa(n))
	}
	return []SmallDraw{d}
}

func (wildCard) madeFrom(sh *Show, seg *Segment) string {
	return fmt.Sprintf("%d number(s) from 1 to %d: bins of %s", seg.Winners, sh.Bins(seg.From[0]), seg.From[0])
}

func (wildCard) notes(_ *Show, _ *Segment, _ *Found, note func(string, ...any)) {
	note("the host types the numbers drawn by hand (numbers N N by=NAME), or draw draws them; one finalist from each bin chosen, the finalists drawn already passed over")
}

// A wild card is from one month-end draw.
func (wildCard) schema() obj {
	return obj{"required": []string{"from"}, "properties": obj{"from": obj{"minItems": 1, "maxItems": 1}}}
}
