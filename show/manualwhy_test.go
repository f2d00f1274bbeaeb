package show

import "testing"

// issue 26: a ticket read out from a physical bin that the frozen bin
// does not hold is refused saying why, so the host can tell an excluded
// member's receipt or an over-cap reprint from a misread.
func TestManualRefusalsSayWhy(t *testing.T) {
	sh := mkShow(Segment{ID: "a", Manual: true, Winners: 2, Cap: map[Tier]uint64{King: 2}, Tiers: []Tier{Ace, King}})
	rows := []Row{
		{Ticket: "T1", Card: "0060010001", Tier: King},
		{Ticket: "T2", Card: "0060010001", Tier: King},
		{Ticket: "T3", Card: "0060010001", Tier: King}, // the third of a king capped at 2
		{Ticket: "T4", Card: "0060010002", Tier: Ace},  // on the exclusions list, its zeros lost
		{Ticket: "T5", Card: "0060010003", Tier: Queen},
		{Ticket: "T6", Card: "0060010004", Tier: Ace},
	}
	r := newRig(t, sh, memRows{"a": rows}, seedOf(26))
	r.eng.SetExclusions([]string{"60010002"})
	r.do(Command{Op: OpLoad, Lists: &Lists{Exclusions: 1, ExclusionsFile: "compliance.xlsx"}})
	r.refused(Command{Op: OpTicket, Text: "T4"}, `a: ticket "T4" is card 0060010002's, on the exclusions list (compliance.xlsx): kept out of the bin at its freeze`)
	r.refused(Command{Op: OpTicket, Text: "T3"}, `a: ticket "T3" is card 0060010001's, over the king tier's cap: 2 of its 3 tickets are in the bin, and not this one`)
	r.refused(Command{Op: OpTicket, Text: "T5"}, `a: ticket "T5" is card 0060010003's, whose tier queen does not enter this draw`)
	r.refused(Command{Op: OpTicket, Text: "T9"}, `a: ticket "T9" is not in the frozen bin (3 entries), nor in its entry file: check the number read out`)
	r.do(Command{Op: OpTicket, Text: "T6"})
	r.do(Command{Op: OpClaim})
	r.refused(Command{Op: OpTicket, Text: "T6"}, `a: ticket "T6" was drawn already (pick 1, T6)`)
}
