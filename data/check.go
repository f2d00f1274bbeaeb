package data

import (
	"fmt"
	"slices"
	"strings"

	"drawshow/show"
)

// SegmentCheck is what check learns of a segment's entry file.
type SegmentCheck struct {
	Bin    *show.Bin
	People int  // distinct cards in the file
	Made   bool // no entry file: the bin is made at the show from earlier results
	// Properties counts a finalists file's rows by property, in file order
	// ("" for rows without one); nil when the file has no property column.
	Properties []Count
	// Areas counts a bonus list's rows by area, in file order.
	Areas []Count
	// Warnings are what may be a mistake without being an error: an
	// excluded device or area that no row has (a misspelling keeps nothing
	// out), finalists files whose properties differ in number.
	Warnings []string
}

// Count is how many rows have one value.
type Count struct {
	Name string
	N    int
}

// Check reads seg's entry file as an import would and builds the bin it
// would freeze now with these exclusions, with what the finale kinds add:
// the finalists by property, a bonus list's devices by area, and warnings.
// Win-once bars are left out: they depend on the night's winners. A
// segment with no entry file of its own (a manual bin, a wild card and its
// draws, a Royal Flush of earlier winners) gives an empty bin: its bin is
// made at the show.
func Check(seg *show.Segment, excluded map[string]bool) (*SegmentCheck, error) {
	if seg.Entries == "" {
		return &SegmentCheck{Bin: &show.Bin{}, Made: true}, nil
	}
	b := show.NewBinBuilder(seg, func(card string) (bool, bool) { return excluded[card], false })
	cards := map[string]struct{}{}
	var props, areas counter
	devices := map[string]bool{}
	need := EntryNeed(seg)
	_, err := ReadEntries(seg.Entries, seg.Sheet, Columns(seg.Columns), need, func(r EntryRow) error {
		cards[r.Card] = struct{}{}
		b.Add(r.Row)
		if need.Property != Ignore {
			props.add(r.Property)
		}
		if need.Area != Ignore {
			areas.add(r.Area)
			devices[r.Ticket] = true
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	bin, err := b.Bin()
	if err != nil {
		return nil, fmt.Errorf("%s: %v", seg.Entries, err)
	}
	c := &SegmentCheck{Bin: bin, People: len(cards)}
	if slices.ContainsFunc(props.counts, func(n Count) bool { return n.Name != "" }) {
		c.Properties = props.counts
		if n := props.counts; slices.ContainsFunc(n, func(x Count) bool { return x.N != n[0].N }) {
			c.Warnings = append(c.Warnings, fmt.Sprintf("the properties have different numbers of finalists (%s)", props.String()))
		}
	}
	if seg.Kind == show.KindBonus {
		c.Areas = areas.counts
		for _, d := range seg.NoDevices {
			if !devices[d] {
				c.Warnings = append(c.Warnings, fmt.Sprintf("excluded device %q is on no row of the list: it keeps nothing out (is it spelt as the list spells it?)", d))
			}
		}
		for _, a := range seg.NoAreas {
			if !areas.has(a) {
				c.Warnings = append(c.Warnings, fmt.Sprintf("excluded area %q is on no row of the list: it keeps nothing out (the areas are %s)", a, areas.String()))
			}
		}
	}
	return c, nil
}

// counter counts values in the order first seen.
type counter struct {
	counts []Count
	at     map[string]int
}

func (c *counter) add(v string) {
	if c.at == nil {
		c.at = map[string]int{}
	}
	i, ok := c.at[v]
	if !ok {
		i = len(c.counts)
		c.at[v] = i
		c.counts = append(c.counts, Count{Name: strings.Clone(v)})
	}
	c.counts[i].N++
}

func (c *counter) has(v string) bool { _, ok := c.at[v]; return ok }

func (c *counter) String() string { return FormatCounts(c.counts) }

// FormatCounts writes counted values: "Montecasino 5, Gold Reef City 5",
// "(none)" for rows without a value.
func FormatCounts(cs []Count) string {
	parts := make([]string, len(cs))
	for i, n := range cs {
		name := n.Name
		if name == "" {
			name = "(none)"
		}
		parts[i] = fmt.Sprintf("%s %d", name, n.N)
	}
	return strings.Join(parts, ", ")
}

// CheckLists reads the desk's lists named in a show file or segment.
func CheckLists(sh *show.Show, exclusions, register, proxies string) (*show.Lists, []string, error) {
	return readLists(sh, exclusions, register, proxies)
}
