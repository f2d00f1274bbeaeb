package show

import (
	"fmt"
	"strings"
)

// KindManualBin is a manual bin: the receipts of the winners of earlier
// segments, in one bin.
const KindManualBin SegmentKind = "manual-bin"

func init() { register(KindManualBin, manualBin{}) }

type manualBin struct{ plain }

func (manualBin) traits() traits {
	return traits{listed: 5, draws: true, receipts: true, finale: true, finalists: true}
}
func (manualBin) keys() []string {
	return []string{"id", "kind", "title", "at", "from", "winners", "prizes", "attendance", "register", "proxies", "manual", "exclude_winners"}
}

// needsEntries: its bin is the receipts from.
func (manualBin) needsEntries(*segmentYAML) bool { return false }

func (manualBin) parse(c *parsing, seg Segment) []Segment {
	if len(c.r.From) == 0 {
		c.p.add(c.n, "segment %s: a manual bin needs from (the segments whose winners' receipts go in)", seg.ID)
	}
	return []Segment{seg}
}

func (manualBin) report(sh *Show, s *SegState, _ [32]byte, _ bool, add func(string, string)) {
	if len(s.Seg.From) > 0 {
		add("Bin from", "the receipts of the winners of "+strings.Join(sh.sourceIDs(s.Seg.From), ", "))
	}
}

func (manualBin) madeFrom(sh *Show, seg *Segment) string {
	return fmt.Sprintf("the receipts of %s", sh.WinnersOf(seg.From))
}

func (manualBin) binWords() (string, string) { return "receipts in the bin", "players" }

// A manual bin takes the winners of the segments it is from.
func (manualBin) schema() obj {
	return obj{"required": []string{"from"}, "properties": obj{"from": obj{"minItems": 1}}}
}
