package show

import (
	"encoding/hex"
	"fmt"
	"slices"
)

// Bin is a frozen bin: the eligible entries of a segment in canonical order.
type Bin struct {
	Entries      []Entry
	Fingerprint  [32]byte
	Total        uint64
	Rows         int      // rows in the entry file
	Participants int      // distinct participants in the bin
	Excluded     []string // cards in the file removed by the exclusions list, sorted
	Barred       []string // cards removed because they already won in scope, sorted
	OutOfTier    int      // rows whose tier may not enter
	Capped       uint64   // tickets removed by the per-tier cap
	Zero         int      // participants left with no ticket
	Filtered     int      // rows a bonus jackpot's spend, device and area rules keep out
	PastWinners  []string // cards removed because they won in an earlier show (exclude_winners), sorted
	BelowSpend   int      // rows below their tier's spend (qualify)
	NoVisit      int      // rows without a visit in the days the draw asks (qualify)
	Late         int      // rows printed after the draw's cut-off (printed_until)
	pid          []int32  // participant number of each entry; nil when each entry is its own participant
}

// FingerprintHex is the fingerprint in hex.
func (b *Bin) FingerprintHex() string { return hex.EncodeToString(b.Fingerprint[:]) }

// BinBuilder turns a segment's entry rows into its frozen bin.
type BinBuilder struct {
	seg      *Segment
	removed  func(card string) (excluded, barred bool)
	entries  []Entry
	excluded map[string]bool
	barred   map[string]bool
	tierOf   map[string]Tier // per-row bins with a cap: each participant's tier
	rows     int
	outTier  int
	zero     int
	capped   uint64
	filtered int
	seen     map[string]bool // tickets: one, the cards in so far
	past     CardSet         // barred by exclude_winners…
	pastOut  map[string]bool // …and found in the file
	earned   bool            // bonus entries were added
	since    string          // qualify last_visit: the first day a visit counts on
	below    int
	noVisit  int
	cut      string // printed_until: the last moment a row may be printed; "" none
	late     int
	// bonus_entries needs_entry: the cards of the bonus entries to come,
	// and those of them found on a row (by key)
	earners CardSet
	entered map[string]bool
}

// NeedEntry tells the builder, before the rows, the bonus entries that
// are to come and need their winner on a row of the file: the rows mark
// those cards as they pass, and AddEarned takes only theirs. The cards
// are few, so this is a small set, not a map of the file's cards.
func (b *BinBuilder) NeedEntry(es []Entry) {
	b.earners, b.entered = CardSet{}, map[string]bool{}
	for _, e := range es {
		b.earners[CardKey(e.Participant)] = true
	}
}

// VisitsSince sets the first day a visit counts on, for the draw's
// qualify last_visit: within its days before the draw's day.
func (b *BinBuilder) VisitsSince(day string) {
	if q := b.seg.Qualify; q != nil && q.Visits() {
		b.since = q.first(day)
	}
}

// BarPast keeps the winners of earlier shows out of the bin, each matched
// to the entries by CardKey.
func (b *BinBuilder) BarPast(cards map[string]bool) {
	b.past, b.pastOut = KeySet(cards), map[string]bool{}
}

// AddEarned takes a bonus entry earned by a win: no tier, spend or cap
// applies to it, but the exclusions list and the win-once rule do. After
// NeedEntry it is refused, noEntry true, when no row had its card.
func (b *BinBuilder) AddEarned(e Entry) (noEntry bool) {
	if b.earners != nil && !b.entered[CardKey(e.Participant)] {
		return true
	}
	if ex, bar := b.removed(e.Participant); ex || bar {
		if ex {
			b.excluded[e.Participant] = true
		} else {
			b.barred[e.Participant] = true
		}
		return false
	}
	if b.past.Has(e.Participant) {
		b.pastOut[e.Participant] = true
		return false
	}
	b.earned = true
	b.entries = append(b.entries, e)
	return false
}

// NewBinBuilder starts the bin of seg. removed tells which cards the
// exclusions list and the win-once rule keep out.
func NewBinBuilder(seg *Segment, removed func(card string) (excluded, barred bool)) *BinBuilder {
	return &BinBuilder{seg: seg, removed: removed, excluded: map[string]bool{}, barred: map[string]bool{}, tierOf: map[string]Tier{}}
}

// Grow makes room for n more entries: a bin of a million rows then grows
// once instead of copying itself over and over.
func (b *BinBuilder) Grow(n int) { b.entries = withRoom(b.entries, n) }

// Fit gives back the room Grow made beyond the entries added, when it is
// more than one in a hundred: Grow's count was a guess, and the bin is
// kept.
func (b *BinBuilder) Fit() {
	if cap(b.entries)-len(b.entries) > len(b.entries)/100 {
		b.entries = slices.Clone(b.entries)
	}
}

// Add takes the next row of the entry file.
func (b *BinBuilder) Add(r Row) {
	if b.earners != nil && b.earners.Has(r.Card) {
		b.entered[CardKey(r.Card)] = true
	}
	w, ok := b.admit(r)
	if !ok {
		return
	}
	switch b.seg.Tickets {
	case One:
		if b.seen == nil {
			b.seen = map[string]bool{}
		}
		if !b.seen[r.Card] { // a finalist both on file and from an earlier draw is in once
			b.seen[r.Card] = true
			b.entries = append(b.entries, Entry{Ticket: r.Card, Participant: r.Card, Weight: w})
		}
	case Points:
		b.entries = append(b.entries, Entry{Ticket: r.Card, Participant: r.Card, Weight: w})
	default:
		if len(b.seg.Cap) > 0 {
			b.tierOf[r.Card] = r.Tier
		}
		b.entries = append(b.entries, Entry{Ticket: r.Ticket, Participant: r.Card, Weight: w})
	}
}

// admit counts the next row of the entry file and applies the segment's
// rules to it: it returns the weight of the entry the row makes, and
// false when the rules keep it out (counted by why).
func (b *BinBuilder) admit(r Row) (uint64, bool) {
	b.rows++
	if b.cut != "" && r.Printed > b.cut {
		b.late++ // a ticket that should never have printed
		return 0, false
	}
	if !b.seg.Allows(r.Tier) {
		b.outTier++
		return 0, false
	}
	if !b.qualifies(r) {
		b.filtered++
		return 0, false
	}
	if q := b.seg.Qualify; q != nil {
		spend, visit := q.fails(r, b.since)
		if spend {
			b.below++
			return 0, false
		}
		if visit {
			b.noVisit++
			return 0, false
		}
	}
	if ex, bar := b.removed(r.Card); ex || bar {
		if ex {
			b.excluded[r.Card] = true
		} else {
			b.barred[r.Card] = true
		}
		return 0, false
	}
	if b.past.Has(r.Card) {
		b.pastOut[r.Card] = true
		return 0, false
	}
	if b.seg.Tickets != Points {
		return 1, true
	}
	w := b.seg.Fixed[r.Tier]
	if w == 0 && b.seg.PointsPerTicket > 0 {
		w = r.Points / b.seg.PointsPerTicket
	}
	if c := b.seg.Cap[r.Tier]; c > 0 && w > c {
		b.capped += w - c
		w = c
	}
	if w == 0 {
		b.zero++
		return 0, false
	}
	return w, true
}

// TwiceError is a ticket that two entries of a bin share.
type TwiceError struct{ Ticket string }

func (e *TwiceError) Error() string {
	return fmt.Sprintf("ticket %q appears twice in the bin", e.Ticket)
}

// Bin sorts, applies the per-participant cap of per-row bins, and
// fingerprints the result.
func (b *BinBuilder) Bin() (*Bin, error) {
	es := b.entries
	SortEntries(es)
	for i := 1; i < len(es); i++ {
		if es[i].Ticket == es[i-1].Ticket {
			return nil, &TwiceError{Ticket: es[i].Ticket}
		}
	}
	if b.seg.Tickets != Points && len(b.seg.Cap) > 0 {
		count := map[string]uint64{}
		kept := es[:0]
		for _, e := range es {
			if IsEarned(e.Ticket) {
				kept = append(kept, e) // earned, not bought: no cap
				continue
			}
			c := b.seg.Cap[b.tierOf[e.Participant]]
			if c > 0 && count[e.Participant] >= c {
				b.capped++
				continue
			}
			count[e.Participant]++
			kept = append(kept, e)
		}
		es = kept
	}
	total, err := TotalWeight(es)
	if err != nil {
		return nil, err
	}
	bin := b.figures(total, Fingerprint(es))
	bin.Entries = es
	bin.Participants = len(es) // one row per participant, unless numbered below
	if b.seg.Tickets == PerRow || b.earned {
		bin.Participants = bin.numberParticipants()
	}
	return bin, nil
}

// figures is the bin's figures but its entries and participants: what
// the builder counted, with the total and fingerprint of the entries.
func (b *BinBuilder) figures(total uint64, fp [32]byte) *Bin {
	bin := &Bin{
		Fingerprint: fp,
		Total:       total,
		Rows:        b.rows,
		Excluded:    sortedKeys(b.excluded),
		Barred:      sortedKeys(b.barred),
		OutOfTier:   b.outTier,
		Capped:      b.capped,
		Zero:        b.zero,
		Filtered:    b.filtered,
		BelowSpend:  b.below,
		NoVisit:     b.noVisit,
		Late:        b.late,
	}
	if len(b.pastOut) > 0 {
		bin.PastWinners = sortedKeys(b.pastOut)
	}
	return bin
}

// qualifies applies a bonus jackpot's rules (BonusJackpot.admits); a
// segment of another kind has none.
func (b *BinBuilder) qualifies(r Row) bool { return b.seg.Bonus.admits(r) }

func sortedKeys(m map[string]bool) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}
