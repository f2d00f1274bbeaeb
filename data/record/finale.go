package record

import (
	"encoding/hex"
	"fmt"
	"slices"

	"drawshow/show"
)

// What record.json, the exports and verify add for the finale segments:
// month-end bins, manual bins, wild cards, the Royal Flush, the jackpot
// chest and the bonus jackpot.

// Chosen says in a few words what a pick's winner chose: "card Q",
// "ball 07: JACKPOT", "envelope 2", or the consolation paid without
// choosing once the jackpot was won; "" when the pick chose nothing.
func Chosen(seg *show.Segment, p *show.Pick) string { return seg.Chosen(p) }

// finaleDraw fills in what a finale segment adds to its draw in record.json.
func finaleDraw(sh *show.Show, s *show.SegState, d *RecordDraw) {
	seg, f := s.Seg, s.Frozen
	if !seg.Finale() {
		return
	}
	d.Kind, d.Manual, d.From, d.Filtered, d.Choice = string(seg.Kind), seg.Manual, f.From, f.Filtered, string(seg.Chooses())
	d.BarredCards = slices.Clone(f.Barred)
	if seg.Receipts() && len(seg.From) > 0 {
		for _, src := range sh.Sources(seg.From) {
			d.Sources = append(d.Sources, src.ID)
		}
	}
	d.Prizes = slices.Clone(seg.Ladder())
	if j := seg.Jackpot; j != nil {
		rj := &RecordJackpot{Name: j.Name, Currency: sh.Currency, Base: j.Base, Step: j.Step, Consolation: j.Consolation,
			Balls: j.Balls, Guaranteed: j.Guaranteed, Value: f.Jackpot}
		if st := s.Settled; st != nil {
			rj.Settled, rj.Won, rj.Next = true, st.Won, st.Next
		}
		d.Jackpot = rj
	}
}

// wildCards lists the wild cards whose numbers are chosen.
func wildCards(sh *show.Show, st *show.State) []RecordWildCard {
	var out []RecordWildCard
	for _, s := range st.Segs {
		if !s.Seg.Numbers() || s.Numbers == nil || len(s.Seg.From) != 1 {
			continue
		}
		w := RecordWildCard{Segment: s.Seg.ID, Title: s.Seg.Title, From: s.Seg.From[0],
			Numbers: slices.Clone(s.Numbers.Numbers), By: s.Numbers.By, Name: s.Numbers.Name}
		for n := 1; n <= sh.Bins(w.From); n++ {
			w.Bins = append(w.Bins, sh.MonthEndBin(w.From, n).ID)
		}
		for _, o := range st.Segs {
			if o.Seg.FromBin() && o.Seg.Group == s.Seg.ID {
				w.Draws = append(w.Draws, o.Seg.ID)
			}
		}
		out = append(out, w)
	}
	return out
}

// smallDraws lists the show's draws over small bins once the seed is
// revealed: before the close they would tell which card hides which
// prize and where the jackpot ball is.
func smallDraws(sh *show.Show, st *show.State) []RecordSmallDraw {
	seed, err := hex.DecodeString(st.Seed)
	if st.Seed == "" || err != nil {
		return nil
	}
	var out []RecordSmallDraw
	for _, s := range st.Segs {
		key, ok := st.KeyFor(seed, s)
		if !ok {
			continue // its draw witness never came: nothing was derived
		}
		for _, sd := range sh.SmallDraws(s, key) {
			d := smallDraw(key, s.Seg.ID, sd.Suffix, sd.Of, sd.Labels, sd.N)
			d.Result = sd.Result
			out = append(out, d)
		}
	}
	return out
}

// smallDraw makes the first n picks of SEGMENT/suffix over labels.
func smallDraw(key [32]byte, segment, suffix, of string, labels []string, n int) RecordSmallDraw {
	bin := show.SmallBin(labels)
	fp := show.Fingerprint(bin)
	d := RecordSmallDraw{ID: segment + "/" + suffix, Segment: segment, Of: of, Fingerprint: hex.EncodeToString(fp[:])}
	for _, e := range bin {
		d.Labels = append(d.Labels, e.Ticket)
	}
	d.Picks = show.Shuffle(key, d.ID, labels)[:n]
	return d
}

// key is the key of a segment's draws once the seed is revealed; ok is
// false before, and while its draw witness is awaited.
func (x *Set) key(s *show.SegState) (key [32]byte, ok bool) {
	seed, err := hex.DecodeString(x.st.Seed)
	if x.st.Seed == "" || err != nil {
		return key, false
	}
	return x.st.KeyFor(seed, s)
}

// finaleLines say what a finale segment adds to its page of the report
// and its sheet: what its kind says (where its bin came from, how it was
// drawn, the wild card's numbers, the cards, the jackpot, the envelopes),
// and whether it was drawn by hand.
func (x *Set) finaleLines(s *show.SegState) [][2]string {
	key, revealed := x.key(s)
	out := x.sh.Report(s, key, revealed)
	if s.Seg.Manual {
		out = append(out, [2]string{"Drawn", "by hand: each ticket drawn from the physical bin and typed by the host, checked against the frozen bin"})
	}
	return out
}

// settlement says how a chest's jackpot was settled.
func (x *Set) settlement(s *show.SegState) string { return x.sh.Settlement(s) }

// rowsWords says where a frozen bin's rows came from: its entry file, the
// month-end bin's a wild-card draw drew from, earlier winners' receipts.
func (x *Set) rowsWords(s *show.SegState) string {
	f := s.Frozen
	switch {
	case f.From != "":
		return show.Thousands(f.Rows) + " in the entry file of " + f.From
	case len(s.Seg.From) > 0 && !s.Seg.FromBin():
		file := 0
		if s.Loaded != nil {
			file = s.Loaded.Rows
		}
		if file == 0 {
			return show.Thousands(f.Rows) + " receipt(s) of earlier winners"
		}
		return fmt.Sprintf("%s: %s in the entry file and %s receipt(s) of earlier winners", show.Thousands(f.Rows), show.Thousands(file), show.Thousands(f.Rows-file))
	}
	return show.Thousands(f.Rows) + " in the entry file"
}

// finale reports whether the show has finale segments or manual draws.
func (x *Set) finale() bool {
	for i := range x.sh.Segments {
		if s := &x.sh.Segments[i]; s.Manual || s.Finale() {
			return true
		}
	}
	return false
}
