package show

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// selected presents the ticket at the next place of a selection made by
// the casino's own system (selected: FILE), in the order it chose them:
// a no-show's redraw is the system's next place. It must be in the
// frozen bin and not drawn already, or the pick is refused, saying which
// and what the host can do: pass the place over with a reason, load a
// corrected file, or skip the draw.
func (d *decider) selected(seg *SegState) error {
	l := seg.Lists
	if l == nil || l.SelectedFile == "" {
		return refuse("%s: the selection file is not loaded", seg.Seg.ID)
	}
	k, place := len(seg.Picks), seg.Place()
	if place >= len(l.Selected) {
		w := seg.Winners()
		return d.emit(Event{Kind: SegmentEnded, Segment: seg.Seg.ID, Ended: &Ended{
			Winners: w, Wanted: seg.Seg.Winners,
			Reason: fmt.Sprintf("the selection %s has no ticket left: %d of %d winners after %d picks", l.SelectedFile, w, seg.Seg.Winners, k),
		}})
	}
	if why := seg.unfit(place); why != "" {
		return refuse("%s: %s; pass the place over with a reason (pass REASON), load a corrected %s (reselect), or skip the draw", seg.Seg.ID, why, l.SelectedFile)
	}
	en := seg.Bin.Entries[find(seg.Bin, l.Selected[place])]
	return d.emit(Event{Kind: PickDrawn, Segment: seg.Seg.ID, Pick: &PickRef{
		K: k, Ticket: en.Ticket, Participant: en.Participant, Prize: d.prizeAtPick(seg), By: "selected",
	}})
}

// Place is how many places of the segment's selection are used: one a
// pick, one a place passed over. The next pick takes the place after.
func (s *SegState) Place() int { return len(s.placed) }

// placed is a place of a selection as it was used: its ticket, drawn as a
// pick or passed over.
type placed struct {
	ticket string
	picked bool
}

// unfit says why the ticket at place (from 0) cannot be drawn: not in the
// frozen bin, or its holder drawn already; "" when it can.
func (s *SegState) unfit(place int) string {
	l := s.Lists
	t := l.Selected[place]
	i := find(s.Bin, t)
	if i < 0 {
		return fmt.Sprintf("ticket %s, place %d of the selection %s, is not in the frozen bin (%d entries): the system chose a ticket this draw does not hold", t, place+1, l.SelectedFile, len(s.Bin.Entries))
	}
	en := s.Bin.Entries[i]
	for _, p := range s.Picks {
		if p.Participant == en.Participant {
			return fmt.Sprintf("ticket %s, place %d of the selection %s, is %s's, drawn already as pick %d", t, place+1, l.SelectedFile, en.Participant, p.K+1)
		}
	}
	return ""
}

// pass passes the selection's next place over, with the host's reason:
// the next pick takes the place after it. Only a place that could not be
// drawn is passed: a good ticket is the system's choice, not the host's.
func (d *decider) pass(seg *SegState, reason string) error {
	reason = strings.TrimSpace(reason)
	if err := d.inWords(seg, "the pass's reason", reason); err != nil {
		return err
	}
	l := seg.Lists
	switch last := seg.Last(); {
	case seg.Seg.Selected == "":
		return refuse("%s draws no selection: pass passes over a place of a selected: file", seg.Seg.ID)
	case reason == "":
		return refuse("pass needs a reason, e.g. pass ticket not in tonight's bin")
	case l == nil || l.SelectedFile == "" || seg.Frozen == nil:
		return refuse("%s: the bin is not frozen yet: draw first", seg.Seg.ID)
	case last != nil && last.Outcome == Pending:
		return d.undecided(seg, last)
	case seg.Ended != nil || seg.Drawn():
		return refuse("%s is done; next goes on", seg.Seg.ID)
	case seg.Place() >= len(l.Selected):
		return refuse("%s: the selection %s has no place left to pass", seg.Seg.ID, l.SelectedFile)
	}
	place := seg.Place()
	if seg.unfit(place) == "" {
		return refuse("%s: ticket %s, place %d of the selection %s, can be drawn: only a place that cannot is passed over", seg.Seg.ID, l.Selected[place], place+1, l.SelectedFile)
	}
	return d.emit(Event{Kind: SelectionPassed, Segment: seg.Seg.ID, Passed: &Passed{Place: place + 1, Ticket: l.Selected[place], Reason: reason}})
}

// reselect loads a corrected selection file as a new version: the places
// still to come are read from it. Every place drawn so far must hold the
// same ticket in it: the picks made stay, and no version rewrites them.
func (d *decider) reselect(seg *SegState, nl *Lists) error {
	l := seg.Lists
	switch last := seg.Last(); {
	case seg.Seg.Selected == "":
		return refuse("%s draws no selection: reselect reads a selected: file again", seg.Seg.ID)
	case l == nil || l.SelectedFile == "":
		return refuse("%s: the selection is not loaded yet: draw first", seg.Seg.ID)
	case last != nil && last.Outcome == Pending:
		return d.undecided(seg, last)
	case seg.Ended != nil || seg.Drawn():
		return refuse("%s is done; next goes on", seg.Seg.ID)
	case nl == nil:
		return errors.New("reselect: the selection file was not read")
	case nl.SelectedSHA256 == l.SelectedSHA256:
		return refuse("%s: %s is unchanged (SHA-256 %s): correct the file, then reselect", seg.Seg.ID, l.SelectedFile, short(l.SelectedSHA256))
	}
	for i, p := range seg.placed {
		switch {
		case !p.picked:
		case i >= len(nl.Selected):
			return refuse("%s: the corrected %s has %d places; place %d was drawn already (ticket %s): the picks made stay", seg.Seg.ID, nl.SelectedFile, len(nl.Selected), i+1, p.ticket)
		case nl.Selected[i] != p.ticket:
			return refuse("%s: the corrected %s has ticket %s at place %d, which was drawn already as ticket %s: the picks made stay", seg.Seg.ID, nl.SelectedFile, nl.Selected[i], i+1, p.ticket)
		}
	}
	return d.emit(Event{Kind: SelectionLoaded, Segment: seg.Seg.ID, Lists: &Lists{
		Selected: slices.Clone(nl.Selected), SelectedFile: nl.SelectedFile, SelectedSHA256: nl.SelectedSHA256}})
}

// short is a hash's first 16 hex digits.
func short(h string) string { return h[:min(16, len(h))] }
