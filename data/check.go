package data

import (
	"drawshow/show"
)

// CheckSegment reads seg's entry file as an import would and builds the bin
// it would freeze now with these exclusions. Win-once bars are left out:
// they depend on the night's winners.
func CheckSegment(seg *show.Segment, excluded map[string]bool) (*show.Bin, error) {
	b := show.NewBinBuilder(seg, func(card string) (bool, bool) { return excluded[card], false })
	_, err := ReadEntries(seg.Entries, seg.Sheet, Columns(seg.Columns), EntryNeed(seg), func(r EntryRow) error {
		b.Add(r.Row)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return b.Bin()
}

// CheckLists reads the desk's lists named in a show file or segment.
func CheckLists(exclusions, register, proxies string) (*show.Lists, []string, error) {
	return readLists(exclusions, register, proxies)
}
