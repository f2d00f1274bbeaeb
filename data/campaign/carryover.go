package campaign

import (
	"encoding/hex"
	"fmt"
	"slices"
	"time"

	"drawshow/data/record"
	"drawshow/data/store"
	"drawshow/show"
)

// CarryOver lists the earlier shows the show showID carries anything
// from, in the order they were opened: the sources of its bars, bonus
// entries and jackpot ledgers, read as its fold reads them (from the
// shows of its own kind, official or rehearsal).
func CarryOver(db *store.DB, showID string) ([]record.Source, error) {
	row, err := db.Show(showID)
	if err != nil {
		return nil, err
	}
	sh, err := show.Parse(row.File, row.FileText)
	if err != nil {
		return nil, fmt.Errorf("show %s: its stored show file: %v", showID, err)
	}
	by := map[string]*record.Source{}
	src := func(id string) *record.Source {
		if by[id] == nil {
			by[id] = &record.Source{Show: id}
		}
		return by[id]
	}
	var past []show.PastWin
	for i := range sh.Segments {
		if g := &sh.Segments[i]; g.BonusEntries != nil || g.ExcludeWinners != nil {
			if past, err = db.PastWins(showID, row.Rehearsal); err != nil {
				return nil, err
			}
			break
		}
	}
	ledgers := map[string]bool{}
	var settled []store.Settlement // read once, at the first jackpot
	for i := range sh.Segments {
		g := &sh.Segments[i]
		if x := g.ExcludeWinners; x != nil {
			for _, w := range past {
				if len(x.Bars([]show.PastWin{w})) > 0 {
					s := src(w.Show)
					if b := g.ID + ": " + w.Participant; !slices.Contains(s.Barred, b) {
						s.Barred = append(s.Barred, b)
					}
				}
			}
		}
		if b := g.BonusEntries; b != nil {
			// what its bin took, once frozen: a win whose winner had no
			// entry that day earned nothing (needs_entry); before, what
			// the wins would give
			earned := b.Counts(past)
			if f, err := db.Frozen(showID, g.ID); err != nil {
				return nil, err
			} else if f != nil {
				earned = slices.DeleteFunc(slices.Clone(f.Earned), func(e show.Earned) bool { return e.Show == showID })
			}
			for _, e := range earned {
				s := src(e.Show)
				e.Segment = record.CarriedSegment(g.ID, e.Segment)
				s.Entries = append(s.Entries, e)
			}
		}
		if j := g.Jackpot; j != nil && !ledgers[j.Name] {
			if len(ledgers) == 0 {
				if settled, err = db.Settlements(showID, row.Rehearsal); err != nil {
					return nil, err
				}
			}
			ledgers[j.Name] = true
			for _, p := range settled {
				if p.Settled.Name == j.Name {
					src(p.Show).Jackpot = append(src(p.Show).Jackpot, p.Settled)
				}
			}
		}
	}
	all, err := db.Shows()
	if err != nil {
		return nil, err
	}
	var out []record.Source
	for _, r := range all {
		s := by[r.ID]
		if s == nil {
			continue
		}
		s.Closed = r.Closed
		h, ok, err := db.ShowHead(r.ID)
		if err == nil && !ok {
			err = fmt.Errorf("it has none")
		}
		if err != nil {
			return nil, fmt.Errorf("show %s: its last journal row: %v", r.ID, err)
		}
		s.HeadSeq, s.Head = h.Seq, hex.EncodeToString(h.Hash)
		evs, err := db.Events(r.ID)
		if err != nil {
			return nil, err
		}
		if len(evs) == 0 || evs[0].Opened == nil {
			return nil, fmt.Errorf("show %s: the journal has no show-opened event", r.ID)
		}
		s.Commitment = evs[0].Opened.Commitment
		loc := time.UTC
		if src, err := show.Parse(r.File, r.FileText); err == nil {
			loc = src.Location
			if at := src.Advertised(); !at.IsZero() {
				s.Date = at.In(loc).Format(time.DateOnly)
			}
		}
		if s.Date == "" {
			s.Date = r.OpenedAt.In(loc).Format(time.DateOnly)
		}
		out = append(out, *s)
	}
	return out, nil
}
