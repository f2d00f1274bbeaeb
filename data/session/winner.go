package session

import (
	"drawshow/data/record"
	"drawshow/show"
)

// Winner is what the entry files say of a segment's latest pick, in full:
// the name, tier and every other column the file has (ID, contact), for
// the operator's identity check at the desk; as the exports read it (a
// Royal Flush or a manual bin's winners from their own draws' files). ok
// is false when no file lists the card.
func (ss *Session) Winner(st *show.State, seg *show.SegState) (p record.Person, ok bool, err error) {
	last := seg.Last()
	if last == nil {
		return p, false, nil
	}
	who, err := ss.DB.PickedPeople(ss.Eng.Show, st, seg)
	if err != nil {
		return p, false, err
	}
	p, ok = who[seg.Seg.ID][last.Participant]
	return p, ok, nil
}
