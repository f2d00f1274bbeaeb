package show

import (
	"errors"
	"fmt"
	"strings"
)

// FromBins makes the engine freeze each bin from its frozen entries as an
// export gives them (bins/ID.csv) instead of building it from imported
// rows, which an export does not carry. A replay then holds each freeze
// to what the entries alone can show: the fingerprint the journal holds,
// no participant barred by the win-once rule or already a finalist, the
// receipts of the earlier winners exactly, the month-end bin a wild
// card's number chose. The counts of rows taken out are as recorded.
func (e *Engine) FromBins(bins func(segment string) ([]Entry, error)) { e.bins = bins }

// freezeFromBin is freeze over a bin file.
func (d *decider) freezeFromBin(seg *SegState, f *Frozen, barred map[string]bool) error {
	r := d.recorded(BinFrozen)
	if r == nil {
		return errors.New("an export's bins freeze only as the journal records it")
	}
	es, err := d.e.bins(seg.Seg.ID)
	if err != nil {
		return err
	}
	for i := 1; i < len(es); i++ {
		if es[i-1].Ticket >= es[i].Ticket {
			return fmt.Errorf("%s: the bin is not in canonical order at ticket %q", seg.Seg.ID, es[i].Ticket)
		}
	}
	for _, en := range es {
		if barred[en.Participant] {
			return fmt.Errorf("%s: the bin holds %s, who won earlier in the win-once scope or is a finalist already", seg.Seg.ID, en.Participant)
		}
	}
	if seg.Seg.traits().receipts {
		if err := d.receiptsIn(seg, es, r.Frozen, barred); err != nil {
			return err
		}
	}
	if err := d.earnedIn(seg, es, r.Frozen); err != nil {
		return err
	}
	total, err := TotalWeight(es)
	if err != nil {
		return err
	}
	bin := &Bin{Entries: es, Fingerprint: Fingerprint(es), Total: total, Participants: len(es)}
	bin.Participants = bin.numberParticipants()
	rec := r.Frozen
	bin.Rows, bin.Excluded, bin.Barred = rec.Rows, rec.Excluded, rec.Barred
	bin.OutOfTier, bin.Capped, bin.Zero, bin.Filtered = rec.OutOfTier, rec.Capped, rec.Zero, rec.Filtered
	bin.PastWinners, bin.BelowSpend, bin.NoVisit, bin.Late = rec.PastWinners, rec.BelowSpend, rec.NoVisit, rec.Late
	if got := bin.FingerprintHex(); got != r.Frozen.Fingerprint {
		return fmt.Errorf("%s: the bin file has fingerprint %s, the journal says %s: the bin file was changed", seg.Seg.ID, got, r.Frozen.Fingerprint)
	}
	f.Fingerprint, f.Entries, f.Participants, f.TotalWeight = bin.FingerprintHex(), len(es), bin.Participants, total
	f.Rows, f.Excluded, f.Barred = rec.Rows, rec.Excluded, rec.Barred
	f.OutOfTier, f.Capped, f.Zero, f.Filtered = rec.OutOfTier, rec.Capped, rec.Zero, rec.Filtered
	f.Earned, f.PastWinners, f.BelowSpend, f.NoVisit, f.Late = rec.Earned, rec.PastWinners, rec.BelowSpend, rec.NoVisit, rec.Late
	f.NoEntry = rec.NoEntry
	if j := seg.Seg.Jackpot; j != nil {
		if f.Jackpot, f.JackpotStart, err = d.jackpot(j); err != nil {
			return err
		}
	}
	return d.emit(Event{Kind: BinFrozen, Segment: seg.Seg.ID, Frozen: f, bin: bin})
}

// earnedIn checks a bin's bonus entries against the freeze's account of
// them: as many, of the weight it says; tonight's wins each there; and no
// winner it barred from earlier shows in the bin. (The earlier shows' wins
// themselves are checked by verify --db, which has them.)
func (d *decider) earnedIn(seg *SegState, es []Entry, f *Frozen) error {
	if err := d.noEntryIn(seg, es, f); err != nil {
		return err
	}
	var wins int
	var entries uint64
	for _, e := range es {
		if IsEarned(e.Ticket) {
			wins++
			entries += e.Weight
		}
	}
	var want Earned
	for _, s := range f.Earned {
		want.Wins += s.Wins - s.NoEntry
		want.Entries += s.Entries
	}
	if wins != want.Wins || entries != want.Entries {
		return fmt.Errorf("%s: the bin holds %d bonus entries of weight %d; the freeze says %d of %d", seg.Seg.ID, wins, entries, want.Wins, want.Entries)
	}
	tonight, _, _ := d.earned(seg, f.Day)
	none := NewCardSet(f.NoEntry)
	for _, w := range tonight {
		if i := find(&Bin{Entries: es}, w.Ticket); i < 0 || es[i] != w {
			if !set(f.PastWinners)[w.Participant] && !set(f.Excluded)[w.Participant] && !set(f.Barred)[w.Participant] && !none.Has(w.Participant) {
				return fmt.Errorf("%s: the bin lacks the bonus entry %s of %s", seg.Seg.ID, w.Ticket, w.Participant)
			}
		}
	}
	past := set(f.PastWinners)
	for _, e := range es {
		if past[e.Participant] {
			return fmt.Errorf("%s: the bin holds %s, who won in an earlier show and is barred", seg.Seg.ID, e.Participant)
		}
	}
	return nil
}

// noEntryIn checks the winners a freeze says had no entry that day, and
// so no bonus entry: the draw must need one, and the bin hold no ticket
// of theirs, bought or earned. (A card whose rows the rules all kept out
// had an entry without a ticket: the bin cannot tell it from one with
// none, the record's rows can.)
func (d *decider) noEntryIn(seg *SegState, es []Entry, f *Frozen) error {
	if len(f.NoEntry) == 0 {
		return nil
	}
	if !d.needsEntry(seg.Seg) {
		return fmt.Errorf("%s: the freeze says %s had no entry that day, but this draw gives every win its bonus entries", seg.Seg.ID, strings.Join(f.NoEntry, ", "))
	}
	none := NewCardSet(f.NoEntry)
	for _, e := range es {
		if !none.Has(e.Participant) {
			continue
		}
		if IsEarned(e.Ticket) {
			return fmt.Errorf("%s: the bin holds the bonus entry %s of %s, whom the freeze says had no entry that day", seg.Seg.ID, e.Ticket, e.Participant)
		}
		return fmt.Errorf("%s: the freeze says %s had no entry that day, but the bin holds its ticket %s", seg.Seg.ID, e.Participant, e.Ticket)
	}
	return nil
}

// receiptsIn checks a bin of receipts: the entries the receipts of the
// winners of the segments it takes from make under its rules (less those
// the freeze took out) are all in it, and a manual bin holds nothing else.
func (d *decider) receiptsIn(seg *SegState, es []Entry, f *Frozen, barred map[string]bool) error {
	ex := set(f.Excluded)
	b := NewBinBuilder(seg.Seg, func(card string) (bool, bool) { return ex[card], barred[card] })
	for _, r := range d.st.receipts(d.e.Show, seg.Seg) {
		b.Add(r)
	}
	want, err := b.Bin()
	if err != nil {
		return err
	}
	for _, w := range want.Entries {
		i := find(&Bin{Entries: es}, w.Ticket)
		if i < 0 || es[i] != w {
			return fmt.Errorf("%s: the bin lacks the receipt %s of %s", seg.Seg.ID, w.Ticket, w.Participant)
		}
	}
	if seg.Seg.Kind == KindManualBin && len(want.Entries) != len(es) {
		return fmt.Errorf("%s: the bin holds %d entries, but there are %d receipts of earlier winners", seg.Seg.ID, len(es), len(want.Entries))
	}
	return nil
}

// jackpot is the chest's value this week, and whether it opens the
// ledger at the show file's start: the ledger's, or, in an export's
// replay that has no ledger, the value recorded (the campaign's ledger is
// checked by verify --db), which may be the start only at its value.
func (d *decider) jackpot(j *Jackpot) (int64, bool, error) {
	if _, ok := d.st.ledger[j.Name]; !ok && d.e.bins != nil {
		if r := d.recorded(BinFrozen); r != nil {
			d.e.underived++
			if f := r.Frozen; f.JackpotStart && (j.Start == 0 || f.Jackpot != j.Start) {
				return 0, false, fmt.Errorf("the freeze says the jackpot opened at the show file's start with %d; the show file's start is %d", f.Jackpot, j.Start)
			}
			return r.Frozen.Jackpot, r.Frozen.JackpotStart, nil
		}
	}
	return d.st.JackpotBefore(j), d.st.opens(j), nil
}
