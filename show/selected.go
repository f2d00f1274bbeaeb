package show

import "fmt"

// selected presents the next ticket of a selection made by the casino's
// own system (selected: FILE), in the order it chose them: a no-show's
// redraw is the system's next ticket. It must be in the frozen bin and
// not drawn already, or the pick is refused, saying which.
func (d *decider) selected(seg *SegState) error {
	l := seg.Lists
	if l == nil || l.SelectedFile == "" {
		return refuse("%s: the selection file is not loaded", seg.Seg.ID)
	}
	k := len(seg.Picks)
	if k >= len(l.Selected) {
		w := seg.Winners()
		return d.emit(Event{Kind: SegmentEnded, Segment: seg.Seg.ID, Ended: &Ended{
			Winners: w, Wanted: seg.Seg.Winners,
			Reason: fmt.Sprintf("the selection %s has no ticket left: %d of %d winners after %d picks", l.SelectedFile, w, seg.Seg.Winners, k),
		}})
	}
	t := l.Selected[k]
	i := find(seg.Bin, t)
	if i < 0 {
		return refuse("%s: ticket %s, choice %d of the selection %s, is not in the frozen bin (%d entries): the system chose a ticket this draw does not hold; correct the selection, or skip the draw", seg.Seg.ID, t, k+1, l.SelectedFile, len(seg.Bin.Entries))
	}
	en := seg.Bin.Entries[i]
	for _, p := range seg.Picks {
		if p.Participant == en.Participant {
			return refuse("%s: ticket %s, choice %d of the selection %s, is %s's, drawn already as pick %d", seg.Seg.ID, t, k+1, l.SelectedFile, en.Participant, p.K+1)
		}
	}
	return d.emit(Event{Kind: PickDrawn, Segment: seg.Seg.ID, Pick: &PickRef{
		K: k, Ticket: en.Ticket, Participant: en.Participant, Prize: d.prizeAtPick(seg), By: "selected",
	}})
}
