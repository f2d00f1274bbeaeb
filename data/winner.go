package data

import (
	"drawshow/data/record"
	"drawshow/show"
)

// Winner is what the entry files say of a segment's latest pick, in full:
// the name, tier and every other column the file has (ID, contact), for
// the operator's identity check at the desk. ok is false when no file
// lists the card.
func (ss *Session) Winner(st *show.State, seg *show.SegState) (p record.Person, ok bool, err error) {
	last := seg.Last()
	if last == nil {
		return p, false, nil
	}
	// a Royal Flush or a manual bin names earlier draws' winners: what
	// their own files said of them
	earlier := map[string]map[string]record.Person{}
	for _, s := range st.Segs {
		if s == seg {
			break
		}
		if len(s.Picks) > 0 && len(seg.Seg.From) > 0 {
			if earlier[s.Seg.ID], err = ss.DB.lookupPicked(ss.Eng.Show, st, s, earlier); err != nil {
				return p, false, err
			}
		}
	}
	who, err := ss.DB.lookupPicked(ss.Eng.Show, st, seg, earlier)
	if err != nil {
		return p, false, err
	}
	p, ok = who[last.Participant]
	return p, ok, nil
}
