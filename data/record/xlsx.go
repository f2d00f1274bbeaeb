package record

import (
	"fmt"
	"strings"

	"github.com/xuri/excelize/v2"

	"drawshow/show"
)

// The sheets of winners.xlsx: a summary, then one sheet per frozen bin,
// named by its segment id. A rehearsal's sheet names end in " REHEARSAL"
// and every sheet's second row is the status banner.
const (
	SummarySheet    = "Summary"
	rehearsalSuffix = " REHEARSAL"
	// PickHeaderRow is the row of a segment sheet's column headers; the
	// picks follow, one a row, in the order they were drawn.
	PickHeaderRow = 4
)

// TotalRow is the first cell of the row under the summary's draws that
// adds up the night; the draw and night totals are numbers in the
// currency's whole units.
const TotalRow = "Night total"

// SheetName is the sheet of a segment (or SummarySheet) in winners.xlsx.
func SheetName(id string, rehearsal bool) string {
	if strings.EqualFold(id, SummarySheet) {
		id += " draw"
	}
	if rehearsal {
		return truncate(id, 31-len(rehearsalSuffix)) + rehearsalSuffix
	}
	return truncate(id, 31)
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// xsheet writes rows one after the other, keeping the first error.
type xsheet struct {
	f    *excelize.File
	name string
	row  int
	err  error
}

func (s *xsheet) put(style int, cells ...any) {
	s.row++
	if s.err != nil {
		return
	}
	cell, _ := excelize.CoordinatesToCellName(1, s.row)
	if s.err = s.f.SetSheetRow(s.name, cell, &cells); s.err != nil || style == 0 {
		return
	}
	last, _ := excelize.CoordinatesToCellName(max(len(cells), 1), s.row)
	s.err = s.f.SetCellStyle(s.name, cell, last, style)
}

func (s *xsheet) widths(ws ...float64) {
	for i, w := range ws {
		col, _ := excelize.ColumnNumberToName(i + 1)
		if s.err == nil {
			s.err = s.f.SetColWidth(s.name, col, col, w)
		}
	}
}

type xlsxStyles struct{ title, banner, header, key int }

func newXLSXStyles(f *excelize.File, rehearsal bool) (xlsxStyles, error) {
	var st xlsxStyles
	bannerFill, bannerFont := "E2EFDA", "375623"
	if rehearsal {
		bannerFill, bannerFont = "C00000", "FFFFFF"
	}
	for _, s := range []struct {
		id    *int
		style *excelize.Style
	}{
		{&st.title, &excelize.Style{Font: &excelize.Font{Bold: true, Size: 14}}},
		{&st.banner, &excelize.Style{Font: &excelize.Font{Bold: true, Size: 12, Color: bannerFont},
			Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{bannerFill}}}},
		{&st.header, &excelize.Style{Font: &excelize.Font{Bold: true},
			Fill:   excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"D9D9D9"}},
			Border: []excelize.Border{{Type: "bottom", Color: "000000", Style: 1}}}},
		{&st.key, &excelize.Style{Font: &excelize.Font{Bold: true}}},
	} {
		id, err := f.NewStyle(s.style)
		if err != nil {
			return st, err
		}
		*s.id = id
	}
	return st, nil
}

// writeXLSX writes winners.xlsx: full names and card numbers (the big screen
// masks them, the export does not), prizes, outcomes, times and proxies.
func (x *Set) writeXLSX(path string) error {
	f := excelize.NewFile()
	defer f.Close()
	rehearsal := x.st.Opened.Rehearsal
	st, err := newXLSXStyles(f, rehearsal)
	if err != nil {
		return err
	}
	summary := SheetName(SummarySheet, rehearsal)
	if err := f.SetSheetName("Sheet1", summary); err != nil {
		return err
	}
	if err := x.summarySheet(&xsheet{f: f, name: summary}, st); err != nil {
		return err
	}
	for _, s := range x.st.Segs {
		if s.Frozen == nil {
			continue
		}
		name := SheetName(s.Seg.ID, rehearsal)
		if _, err := f.NewSheet(name); err != nil {
			return err
		}
		if err := x.segmentSheet(&xsheet{f: f, name: name}, st, s); err != nil {
			return fmt.Errorf("sheet %s: %v", name, err)
		}
	}
	for _, name := range f.GetSheetList() {
		hf := &excelize.HeaderFooterOptions{OddHeader: "&L&A&R" + xlsxEscape(x.rec.Show.ID), OddFooter: "&CPage &P of &N"}
		if rehearsal {
			hf.OddHeader = "&C&B" + xlsxEscape(RehearsalBanner)
		}
		landscape, a4, fit := "landscape", 9, 1
		if err := f.SetHeaderFooter(name, hf); err != nil {
			return err
		}
		if err := f.SetPageLayout(name, &excelize.PageLayoutOptions{Size: &a4, Orientation: &landscape, FitToWidth: &fit}); err != nil {
			return err
		}
	}
	at := x.st.ClosedAt
	if at.IsZero() {
		at = x.st.LastAt
	}
	// fixed properties: the same record gives the same file
	if err := f.SetDocProps(&excelize.DocProperties{
		Title:   fmt.Sprintf("%s, %s: winners of show %s", x.st.Opened.Promotion, x.st.Opened.Property, x.st.ID),
		Subject: x.banner(), Creator: "drawshow", LastModifiedBy: "drawshow",
		Created: stamp(x.st.OpenedAt), Modified: stamp(at),
	}); err != nil {
		return err
	}
	f.SetActiveSheet(0)
	return f.SaveAs(path)
}

// xlsxEscape keeps & out of the header and footer codes.
func xlsxEscape(s string) string { return strings.ReplaceAll(s, "&", "&&") }

func (x *Set) summarySheet(s *xsheet, st xlsxStyles) error {
	o := x.st.Opened
	s.put(st.title, fmt.Sprintf("%s, %s: draw results", o.Promotion, o.Property))
	s.put(st.banner, x.banner())
	s.row++
	closed, seed := x.local(x.st.ClosedAt), x.st.Seed
	if closed == "" {
		closed = "not closed"
	}
	if seed == "" {
		seed = "not revealed: the show is not closed"
	}
	for _, kv := range [][2]string{
		{"Show", x.st.ID},
		{"Status", map[bool]string{true: "REHEARSAL", false: "official"}[o.Rehearsal]},
		{"Show file", o.File + " (SHA-256 " + o.FileSHA256 + ")"},
		{"Timezone", x.sh.Timezone + ", " + x.offset(x.st.OpenedAt) + " (every time in this workbook)"},
		{"Currency", x.sh.Currency + " (every amount, in whole units)"},
		{"Prizes won", x.rec.Totals.Words(x.sh.Currency)},
		{"Opened", x.local(x.st.OpenedAt)},
		{"Closed", closed},
		{"Algorithm", o.Algorithm},
		{"Commitment", o.Commitment},
		{"Seed", seed},
		{"Witness", x.witness()},
		{"Journal", fmt.Sprintf("%d events, head %s", x.rec.Journal.Events, x.rec.Journal.Head)},
	} {
		s.put(0, kv[0], kv[1])
		if s.err == nil {
			s.err = s.f.SetCellStyle(s.name, fmt.Sprintf("A%d", s.row), fmt.Sprintf("A%d", s.row), st.key)
		}
	}
	s.row++
	s.put(st.title, "Draws")
	s.put(st.header, anys(summaryDraws.Heads())...)
	for i := range x.rec.Draws {
		d := &x.rec.Draws[i]
		s.put(0, summaryDraws.cells(drawRow{x, d, x.st.Seg(d.Segment)})...)
	}
	t := x.rec.Totals
	s.put(st.key, TotalRow, "", "", "", "", "", "", "", "", "", t.Winners, "", "", "", t.Cash, t.InKind, t.InKindValue)
	s.row++
	s.put(st.title, "Winners")
	s.put(st.header, anys(summaryWinners.Heads())...)
	for _, seg := range x.st.Segs {
		for i := range seg.Picks {
			if p := &seg.Picks[i]; p.Outcome.Wins() {
				s.put(0, summaryWinners.cells(x.pickRow(seg, p))...)
			}
		}
	}
	x.finaleTables(s, st)
	s.widths(summaryDraws.widths()...)
	return s.err
}

func (x *Set) segmentSheet(s *xsheet, st xlsxStyles, seg *show.SegState) error {
	f := seg.Frozen
	s.put(st.title, fmt.Sprintf("%s (%s): %s, %s", seg.Seg.Title, seg.Seg.ID, x.st.Opened.Promotion, x.st.Opened.Property))
	s.put(st.banner, x.banner())
	sched := x.localMinute(seg.Seg.At)
	if sched == "" {
		sched = "not scheduled"
	}
	line := fmt.Sprintf("Scheduled %s; bin frozen %s; %s tickets of %s participants; fingerprint %s; times in %s (%s); prizes won: %s",
		sched, x.local(seg.FrozenAt), show.Thousands(f.TotalWeight), show.Thousands(f.Participants), f.Fingerprint, x.sh.Timezone,
		x.offset(seg.FrozenAt), SegTotals(x.sh.Currency, seg).Words(x.sh.Currency))
	for _, kv := range x.finaleLines(seg) {
		line += "; " + strings.ToLower(kv[0][:1]) + kv[0][1:] + ": " + kv[1]
	}
	s.put(0, line)
	s.row = PickHeaderRow - 1
	s.put(st.header, anys(pickSheet.Heads())...)
	for i := range seg.Picks {
		s.put(0, pickSheet.cells(x.pickRow(seg, &seg.Picks[i]))...)
	}
	if seg.Ended != nil {
		s.row++
		s.put(st.key, "Ended short: "+seg.Ended.Reason)
	}
	s.widths(pickSheet.widths()...)
	if s.err == nil && len(seg.Picks) > 0 {
		last, _ := excelize.CoordinatesToCellName(len(pickSheet), PickHeaderRow+len(seg.Picks))
		s.err = s.f.AutoFilter(s.name, fmt.Sprintf("A%d:%s", PickHeaderRow, last), nil)
	}
	if s.err == nil {
		s.err = s.f.SetPanes(s.name, &excelize.Panes{Freeze: true, YSplit: PickHeaderRow,
			TopLeftCell: fmt.Sprintf("A%d", PickHeaderRow+1), ActivePane: "bottomLeft"})
	}
	return s.err
}

// amountCell is the sum a prize states, as a number for the sheet, else empty.
func amountCell(pr show.Prize) any {
	if pr.Amount == 0 {
		return ""
	}
	return pr.Amount
}

// The headers of the summary's finale tables.
var (
	wildHeads    = []string{"Segment", "Title", "Numbers", "Bins chosen"}
	jackpotHeads = []string{"Segment", "Jackpot", "This week", "Won", "Next week", "Settlement"}
)

// BookHeads are the header rows of winners.xlsx's tables: verify finds
// a table by its header and reads its rows by their columns' names.
func BookHeads() [][]string {
	return [][]string{summaryDraws.Heads(), summaryWinners.Heads(), pickSheet.Heads(), wildHeads, jackpotHeads}
}

// finaleTables add to the summary what finale segments decided besides
// their winners: the wild cards' numbers and the jackpots.
func (x *Set) finaleTables(s *xsheet, st xlsxStyles) {
	var wild, chests []*show.SegState
	for _, seg := range x.st.Segs {
		switch {
		case seg.Seg.Numbers() && seg.Numbers != nil:
			wild = append(wild, seg)
		case seg.Seg.Jackpot != nil && seg.Frozen != nil:
			chests = append(chests, seg)
		}
	}
	if len(wild) > 0 {
		s.row++
		s.put(st.title, "Wild cards")
		s.put(st.header, anys(wildHeads)...)
		for _, seg := range wild {
			lines := x.finaleLines(seg)
			s.put(0, seg.Seg.ID, seg.Seg.Title, lines[0][1], lines[1][1])
		}
	}
	if len(chests) > 0 {
		s.row++
		s.put(st.title, "Progressive jackpots")
		s.put(st.header, anys(jackpotHeads)...)
		for _, seg := range chests {
			won, next := "", any("")
			if t := seg.Settled; t != nil {
				won, next = map[bool]string{true: "yes", false: "no"}[t.Won], t.Next
			}
			s.put(0, seg.Seg.ID, seg.Seg.Jackpot.Name, seg.Frozen.Jackpot, won, next, x.settlement(seg))
		}
	}
}

func anys(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}
