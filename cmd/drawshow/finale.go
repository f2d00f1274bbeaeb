package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"drawshow/data/entries"
	"drawshow/data/record"
	"drawshow/data/session"
	"drawshow/show"
)

// fromWhat says, for check's table, where the bin of a segment without an
// entry file comes from: earlier winners, or a month-end bin.
func fromWhat(sh *show.Show, seg *show.Segment) string { return sh.MadeFrom(seg) }

// finaleNotes are check's lines under the table for a finale segment: what
// the show file sets that the table does not show, what check found in its
// entry file, and its warnings.
func finaleNotes(sh *show.Show, seg *show.Segment, c *entries.SegmentCheck) []string {
	var out []string
	note := func(format string, args ...any) {
		out = append(out, seg.ID+": "+fmt.Sprintf(format, args...))
	}
	out = append(out, ruleNotes(sh, seg, c)...)
	if seg.Manual {
		note("drawn by hand: the host types each ticket drawn from the physical bin (ticket NUMBER); one not in the frozen bin is refused")
	}
	found := show.Found{Made: c.Made, Areas: entries.FormatCounts(c.Areas)}
	if len(c.Properties) > 0 {
		found.Properties = entries.FormatCounts(c.Properties)
	}
	if !c.Made && c.Bin != nil {
		found.Filtered, found.OutOfTier = c.Bin.Filtered, c.Bin.OutOfTier
	}
	out = append(out, sh.Notes(seg, &found)...)
	for _, w := range c.Warnings {
		note("WARNING: %s", w)
	}
	for _, u := range c.Unprintable {
		note("WARNING: %s row %d, column %s, value %q: the PDFs (the report, the winners' letters, the sheet) cannot print %s: no font of drawshow's has it; they print the rest of the name",
			sh.Rel(seg.Entries), u.Row, u.Column, u.Value, charNames(u.Chars))
	}
	if n := c.UnprintableRows - len(c.Unprintable); n > 0 {
		note("WARNING: %s: %d more row(s) with a name the PDFs cannot print in full", sh.Rel(seg.Entries), n)
	}
	return out
}

// charNames are characters with their code points: "😀 (U+1F600)".
func charNames(cs string) string {
	var out []string
	for _, c := range cs {
		out = append(out, fmt.Sprintf("%c (U+%04X)", c, c))
	}
	return strings.Join(out, ", ")
}

// finaleSummary tells, after an export, what the finale segments decided:
// a wild card's numbers, each chest's jackpot and how it was settled.
func finaleSummary(stdout io.Writer, rec *record.Record) {
	for _, w := range rec.WildCards {
		by := "drawn by the engine"
		if w.By == "host" {
			by = "typed by " + w.Name
		}
		fmt.Fprintf(stdout, "%s: numbers %v of %s, %s\n", w.Segment, w.Numbers, w.From, by)
	}
	for _, d := range rec.Draws {
		j := d.Jackpot
		if j == nil {
			continue
		}
		value := show.Money(j.Currency, j.Value)
		switch {
		case !j.Settled:
			fmt.Fprintf(stdout, "%s: jackpot %s %s, not settled: a winner has not chosen\n", d.Segment, j.Name, value)
		case j.Won:
			fmt.Fprintf(stdout, "%s: jackpot %s %s WON; next draw %s\n", d.Segment, j.Name, value, show.Money(j.Currency, j.Next))
		default:
			fmt.Fprintf(stdout, "%s: jackpot %s %s not won; next draw %s\n", d.Segment, j.Name, value, show.Money(j.Currency, j.Next))
		}
	}
	if n := len(rec.SmallDraws); n > 0 {
		count := map[string]int{}
		var of []string
		for _, d := range rec.SmallDraws {
			if count[d.Of]++; count[d.Of] == 1 {
				of = append(of, d.Of)
			}
		}
		for i, o := range of {
			of[i] = fmt.Sprintf("%s %d", o, count[o])
		}
		fmt.Fprintf(stdout, "%d small draw(s) in the record for verify to re-derive: %s\n", n, strings.Join(of, ", "))
	}
}

// ruleNotes are check's lines for the rules any draw may have: who
// qualifies, what earlier shows give and bar, a selection made elsewhere.
func ruleNotes(sh *show.Show, seg *show.Segment, c *entries.SegmentCheck) []string {
	var out []string
	note := func(format string, args ...any) {
		out = append(out, seg.ID+": "+fmt.Sprintf(format, args...))
	}
	if q := seg.Qualify; q != nil {
		if len(q.Spend) > 0 {
			rules := make([]string, len(q.Spend))
			for i, r := range q.Spend {
				var ms []string
				if r.Tiers == nil {
					ms = append(ms, show.Money(sh.Currency, int64(r.All)))
				}
				for _, t := range show.Tiers {
					if v, ok := r.Tiers[t]; ok {
						ms = append(ms, fmt.Sprintf("%s %s", t, show.Money(sh.Currency, int64(v))))
					}
				}
				col := or(seg.Columns.Spend, "Spend")
				if i > 0 {
					col = seg.Columns.Spends[i-1]
				}
				rules[i] = fmt.Sprintf("at least %s (column %s)", strings.Join(ms, ", "), col)
			}
			note("qualifies with a spend of %s", strings.Join(rules, " or "))
		}
		if q.Visits() {
			var window []string
			if q.WithinDays > 0 {
				window = append(window, fmt.Sprintf("in the %d days before the draw", q.WithinDays))
			}
			if q.From != "" {
				window = append(window, "from "+q.From)
			}
			if q.To != "" {
				window = append(window, "up to "+q.To)
			}
			note("qualifies with a visit %s (column %s)", strings.Join(window, ", "), or(seg.Columns.Visit, "Last Visit"))
		}
		if c != nil && c.Bin != nil && !c.Made {
			var out []string
			switch {
			case len(q.Spend) > 1:
				out = append(out, fmt.Sprintf("%d row(s) below every spend rule", c.Bin.BelowSpend))
			case len(q.Spend) == 1:
				out = append(out, fmt.Sprintf("%d row(s) below their tier's spend", c.Bin.BelowSpend))
			}
			if q.Visits() {
				out = append(out, fmt.Sprintf("%d without a visit in those days", c.Bin.NoVisit))
			}
			note("not eligible: %s", strings.Join(out, ", "))
		}
	}
	if seg.PrintedUntil != "" {
		until := "until " + seg.PrintedUntil + " on the draw's day"
		if seg.PrintedUntil == show.PrintedDraw {
			until = "until the draw starts (its scheduled time here, its freeze at the show)"
		}
		late := "the file's are counted at the freeze"
		if c != nil && c.Bin != nil && !c.Made {
			late = fmt.Sprintf("%d row(s) printed later are kept out", c.Bin.Late)
		}
		note("tickets count if printed %s (column %s): %s", until, or(seg.Columns.Printed, "Printed"), late)
	}
	if be := seg.BonusEntries; be != nil {
		note("%d entr(ies) for each win of %s from %s on, tonight's and the campaign database's: added from the record at the freeze", be.PerWin, strings.Join(be.From, ", "), be.Since)
	}
	if ex := seg.ExcludeWinners; ex != nil {
		note("the winners of %s in the campaign database's official shows from %s on are barred: counted at the freeze", strings.Join(ex.Of, ", "), ex.Since)
	}
	if seg.Selected != "" {
		note("presents the selection %s, in its order, instead of drawing", filepath.Base(seg.Selected))
	}
	return out
}

func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// campaignNotes are check's lines for what a draw takes from the campaign
// database's earlier shows: counted with --db, else said to be counted at
// the freeze.
func campaignNotes(seg *show.Segment, r session.SegmentResult, db string) []string {
	var out []string
	if db == "" {
		return nil
	}
	if seg.ExcludeWinners != nil && r.Check != nil && r.Check.Bin != nil && !r.Check.Made {
		out = append(out, fmt.Sprintf("%s: %d card(s) of the entry file won earlier in %s and are barred", seg.ID, len(r.Check.Bin.PastWinners), filepath.Base(db)))
	}
	if seg.BonusEntries != nil {
		var wins, none int
		var entries uint64
		for _, e := range r.Earned {
			wins += e.Wins
			none += e.NoEntry
			entries += e.Entries
		}
		line := fmt.Sprintf("%s: %d bonus win(s) in %s so far add %d entr(ies); tonight's wins add theirs at the freeze", seg.ID, wins-none, filepath.Base(db), entries)
		if none > 0 {
			line += fmt.Sprintf("; %d more win(s) earn none, the winner having no entry in this file (needs_entry)", none)
		} else if seg.BonusEntries.NeedsEntry {
			line += "; each only to a winner with an entry in this draw that day (needs_entry)"
		}
		out = append(out, line)
	}
	return out
}
