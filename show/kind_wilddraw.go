package show

import "fmt"

// KindWildDraw is one draw of a wild card (kind_wildcard.go): a finalist
// from the rows of the month-end bin its number chose. No show file names
// it; the wild card's parse makes one a number.
const KindWildDraw SegmentKind = "wild-card-draw"

func init() { register(KindWildDraw, wildDraw{}) }

type wildDraw struct{ plain }

func (wildDraw) traits() traits {
	return traits{draws: true, fromBin: true, finale: true, finalists: true}
}
func (wildDraw) keys() []string { return nil }

func (wildDraw) report(sh *Show, s *SegState, _ [32]byte, _ bool, add func(string, string)) {
	if f := s.Frozen; f != nil && f.From != "" {
		add("Drawn from", fmt.Sprintf("the rows of bin %s, chosen by number %d of the wild card %s; %d card(s) barred (finalists and earlier winners)",
			f.From, sh.binNumber(f.From), s.Seg.Group, len(f.Barred)))
	}
}

func (wildDraw) madeFrom(_ *Show, seg *Segment) string {
	return fmt.Sprintf("a finalist from the bin of %s that number %d chooses", seg.From[0], seg.Bin)
}

// binNumber is the number of a month-end bin segment in its group.
func (sh *Show) binNumber(id string) int {
	for i := range sh.Segments {
		if s := &sh.Segments[i]; s.ID == id {
			return s.Bin
		}
	}
	return 0
}
