package show

// traits are what a segment kind's rules are, in one place: the engine,
// the state and the replay ask these, never the kind itself, so a new
// kind is an entry here (and, if its winners choose, a choosing type).
type traits struct {
	draws    bool // it draws winners from a bin
	numbers  bool // its step is a wild card's bin numbers, not a draw
	receipts bool // its bin takes the receipts of the earlier winners it is from
	fromBin  bool // its rows are those of the month-end bin a wild card's number chose
	sessions bool // a bonus jackpot's: picks in its sessions only, which keep its time (no early draw), claim seconds from the team's arrival, hours counted; its wins never bar a draw entry
	// choose is how its winners choose what hides their prize (nil: they
	// do not), given the segment's state and the show's currency
	choose func(seg *SegState, currency string) choosing
}

var kindTraits = map[SegmentKind]traits{
	KindDraw:        {draws: true},
	KindSlide:       {},
	KindLeaderboard: {},
	KindMonthEnd:    {draws: true},
	KindManualBin:   {draws: true, receipts: true},
	KindWildCard:    {numbers: true},
	KindWildDraw:    {draws: true, fromBin: true},
	KindRoyalFlush:  {draws: true, receipts: true, choose: func(s *SegState, _ string) choosing { return cards{s} }},
	KindChest:       {draws: true, choose: func(s *SegState, c string) choosing { return balls{s, c} }},
	KindBonus:       {draws: true, sessions: true, choose: func(s *SegState, _ string) choosing { return envelopes{s} }},
}

// traits are the segment's kind's.
func (s *Segment) traits() traits { return kindTraits[s.Kind] }
