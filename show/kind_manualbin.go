package show

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
