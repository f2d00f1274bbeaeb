package data

import (
	"drawshow/show"
)

// CheckSegment reads seg's entry file as an import would and builds the bin
// it would freeze now with these exclusions; people counts the distinct
// cards in the file. Win-once bars are left out: they depend on the
// night's winners.
func CheckSegment(seg *show.Segment, excluded map[string]bool) (bin *show.Bin, people int, err error) {
	b := show.NewBinBuilder(seg, func(card string) (bool, bool) { return excluded[card], false })
	cards := map[string]struct{}{}
	_, err = ReadEntries(seg.Entries, seg.Sheet, Columns(seg.Columns), EntryNeed(seg), func(r EntryRow) error {
		cards[r.Card] = struct{}{}
		b.Add(r.Row)
		return nil
	})
	if err != nil {
		return nil, 0, err
	}
	bin, err = b.Bin()
	return bin, len(cards), err
}

// CheckLists reads the desk's lists named in a show file or segment.
func CheckLists(sh *show.Show, exclusions, register, proxies string) (*show.Lists, []string, error) {
	return readLists(sh, exclusions, register, proxies)
}
