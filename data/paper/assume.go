package paper

import (
	"fmt"
	"slices"
	"strings"

	"drawshow/data/record"
	"drawshow/show"
)

// SheetAssumption is what the show file decides of one draw where the
// promotion's terms leave it to the promotions team: its tickets rule,
// its prizes, the spend it asks, the bonus entries a win earns, the
// print-time cut-off. The manager signs the sheet as their reading of
// the terms, before the show.
type SheetAssumption struct {
	Segment, Title string
	Lines          []string
}

// assumptions are the sheet's SheetAssumption of sh's draws, and the
// show's own (the claim countdown, the lists) under Segment "".
func assumptions(sh *show.Show) []SheetAssumption {
	var own []string
	own = append(own, fmt.Sprintf("a winner has %d seconds to claim after the announcement", sh.ClaimSeconds))
	for _, path := range sh.Exclusions {
		own = append(own, "the exclusions list "+sh.Rel(path)+" keeps its cards out of every draw and off every leaderboard")
	}
	if sh.Register != "" {
		own = append(own, "the decline register "+sh.Rel(sh.Register)+" decides a winner who signed it, at once")
	}
	if sh.Desk.Where != "" {
		own = append(own, "prizes owed are collected at "+sh.Desk.Where)
	}
	out := []SheetAssumption{{Title: "The show", Lines: own}}
	for i := range sh.Segments {
		seg := &sh.Segments[i]
		if !seg.Draws() {
			continue
		}
		var ls []string
		if !seg.Floor() {
			ls = append(ls, "tickets: "+record.RulesOf(seg))
		}
		if p := prizeWords(sh, seg); p != "" {
			ls = append(ls, "prizes: "+p)
		}
		if b := seg.Bonus; b != nil && len(b.MinSpend) > 0 {
			ls = append(ls, "minimum spend: "+tierMoney(sh, b.MinSpend))
		} else if seg.Floor() {
			ls = append(ls, "minimum spend: none set, every player on the list qualifies")
		}
		if q := seg.Qualify; q != nil {
			for _, r := range q.Spend {
				least := show.Money(sh.Currency, int64(r.All)) + " for every tier"
				if r.Tiers != nil {
					least = tierMoney(sh, r.Tiers)
				}
				ls = append(ls, "qualifies with a "+r.Name+" of at least "+least)
			}
		}
		if be := seg.BonusEntries; be != nil {
			w := fmt.Sprintf("bonus entries: %d a win of %s, from %s", be.PerWin, strings.Join(be.From, ", "), be.Since)
			if be.NeedsEntry {
				w += ", to a winner with an entry that day"
			}
			ls = append(ls, w)
		}
		switch seg.PrintedUntil {
		case "":
		case show.PrintedDraw:
			ls = append(ls, "tickets printed until the draw starts")
		default:
			ls = append(ls, "tickets printed until "+seg.PrintedUntil+" on the draw's day")
		}
		out = append(out, SheetAssumption{Segment: seg.ID, Title: seg.Title, Lines: ls})
	}
	return out
}

// tierMoney is an amount a tier, in the show's currency: "ace R500,
// king R500"; one amount for every tier when they are all the same.
func tierMoney(sh *show.Show, m map[show.Tier]uint64) string {
	var parts []string
	var vals []uint64
	for _, t := range show.Tiers {
		if v, ok := m[t]; ok {
			parts = append(parts, t.String()+" "+show.Money(sh.Currency, int64(v)))
			vals = append(vals, v)
		}
	}
	if len(vals) == len(show.Tiers) && !slices.ContainsFunc(vals, func(v uint64) bool { return v != vals[0] }) {
		return show.Money(sh.Currency, int64(vals[0])) + " for every tier"
	}
	return strings.Join(parts, ", ")
}
