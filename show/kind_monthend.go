package show

import (
	"fmt"

	"go.yaml.in/yaml/v3"
)

// KindMonthEnd is a month-end draw: one of several bins, each drawn at its
// own time from its own entry file. The show file's segment is one
// segment a bin on the run sheet, their ids SEGMENT-1, SEGMENT-2…
const KindMonthEnd SegmentKind = "month-end"

type binYAML struct {
	At        string `yaml:"at"`
	Entries   string `yaml:"entries"`
	Sheet     string `yaml:"sheet"`
	Selected  string `yaml:"selected"`
	HeaderRow *int   `yaml:"header_row"` // its entry file's, when not the segment's
}

var binKeys = keysOf(binYAML{})

func init() { register(KindMonthEnd, monthEnd{}) }

type monthEnd struct{ plain }

// A month-end bin's winners win its prizes; the finalists are the manual
// bin's and the wild cards' (Royal Flush 56, 66).
func (monthEnd) traits() traits { return traits{listed: 4, draws: true, finale: true} }
func (monthEnd) keys() []string {
	return append(without(drawKeys, "at", "entries", "sheet", "selected"), "bins")
}

// needsEntries: each bin names its file.
func (monthEnd) needsEntries(*segmentYAML) bool { return false }

// monthEndYAML are a month-end draw's own keys.
type monthEndYAML struct {
	Bins []binYAML `yaml:"bins"`
}

func (monthEnd) own() any { return new(monthEndYAML) }

func (monthEnd) parse(c *parsing, seg Segment) []Segment {
	var r monthEndYAML
	c.decode(&r)
	p, n := c.p, c.n
	if len(r.Bins) == 0 {
		p.add(n, "segment %s: a month-end draw needs bins (each with at and entries)", seg.ID)
	}
	out := make([]Segment, 0, len(r.Bins))
	for i, b := range r.Bins {
		bn := c.at("bins")
		if sn := value(n, "bins"); sn != nil && sn.Kind == yaml.SequenceNode && i < len(sn.Content) {
			bn = deref(sn.Content[i])
			checkKeys(p, bn, binKeys, "bin")
		}
		s := seg
		s.ID, s.Group, s.Bin = fmt.Sprintf("%s-%d", seg.ID, i+1), seg.ID, i+1
		s.Title = fmt.Sprintf("%s · bin %d", seg.Title, i+1)
		s.Entries, s.Sheet, s.Selected = c.resolve(b.Entries), b.Sheet, c.resolve(b.Selected)
		if b.Entries == "" {
			p.add(bn, "segment %s: bin %d needs entries (its entry file)", seg.ID, i+1)
		}
		if h := b.HeaderRow; h != nil {
			s.HeaderRow = *h
			if *h < 1 || *h > maxHeaderRow {
				p.add(value(bn, "header_row"), "segment %s: bin %d: header_row %d is out of range 1..%d", seg.ID, i+1, *h, maxHeaderRow)
			}
		}
		if b.At != "" {
			t, err := ParseLocal(b.At, c.loc)
			if err != nil {
				p.add(bn, "segment %s: bin %d: at %q is not a local time like 2024-11-24T14:00", seg.ID, i+1, b.At)
			}
			s.At = t
		}
		out = append(out, s)
	}
	return out
}

func (monthEnd) report(sh *Show, s *SegState, _ [32]byte, _ bool, add func(string, string)) {
	seg := s.Seg
	add("Bin", fmt.Sprintf("bin %d of %d of the month-end draw %s", seg.Bin, sh.Bins(seg.Group), seg.Group))
}

func (monthEnd) notes(sh *Show, seg *Segment, _ *Found, note func(string, ...any)) {
	note("bin %d of %s, at %s", seg.Bin, seg.Group, sh.clock(seg))
}

// A month-end draw is its bins, each with its entries.
func (monthEnd) schema() obj {
	return obj{"required": []string{"bins"}, "properties": obj{"bins": obj{"minItems": 1}}}
}
