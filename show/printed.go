package show

import (
	"fmt"
	"regexp"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"
)

// PrintedDraw is printed_until's word for "until the draw starts"
// (Royal Flush 59): the freeze's own time.
const PrintedDraw = "draw"

// printedClock is printed_until as a time of day: 21:25, or 21h25 as the
// terms write it.
var printedClock = regexp.MustCompile(`^([01]?\d|2[0-3])[:hH]([0-5]\d)$`)

// printedUntil reads a segment's printed_until: the last minute a ticket
// may be printed on the draw's day (Royal Flush 41: "until 21h25"), or
// "draw", until the draw starts (59). A ticket printed later is kept out
// of the bin, counted (Frozen.Late).
func printedUntil(p *problems, at *yaml.Node, id, v string) string {
	v = strings.TrimSpace(v)
	if v == "" || v == PrintedDraw {
		return v
	}
	m := printedClock.FindStringSubmatch(v)
	if m == nil {
		p.add(at, "segment %s: printed_until %q is not a time of day like 21:25, nor %q (until the draw starts)", id, v, PrintedDraw)
		return ""
	}
	return fmt.Sprintf("%02s:%s", m[1], m[2])
}

// PrintCutoff is the last moment a ticket of the segment's draw may have
// been printed, as Row.Printed writes it ("2006-01-02 15:04:05", the
// show's time): the segment's printed_until on the draw's day (its whole
// minute), or the draw's start; "" when it has none.
func (s *Segment) PrintCutoff(day string, draw time.Time, loc *time.Location) string {
	switch s.PrintedUntil {
	case "":
		return ""
	case PrintedDraw:
		return draw.In(loc).Format(time.DateTime)
	}
	return day + " " + s.PrintedUntil + ":59"
}

// PrintedBy keeps out of the bin the rows printed after cut (see
// PrintCutoff): counted, not entered. A cut of "" keeps every row.
func (b *BinBuilder) PrintedBy(cut string) { b.cut = cut }
