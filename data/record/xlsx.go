package record

import (
	"fmt"
	"strings"

	"github.com/xuri/excelize/v2"

	"drawshow/data/internal/table"
	"drawshow/show"
)

// The sheets of winners.xlsx: a summary, then one sheet per frozen bin,
// named by its segment id. A rehearsal's sheet names end in " REHEARSAL"
// and every sheet's second row is the status banner.
const (
	SummarySheet = "Summary"
	// ContactsSheet lists the winners not present with their numbers, as
	// sms-contacts.csv does, for a person: every cell is text, so a
	// number keeps its + and its zeros (drawshow-record/4 on).
	ContactsSheet = "Contacts"
	// CollectionSheet and StandingsSheet are collection.csv and
	// standings.csv for a person (drawshow-record/5 on): the same columns
	// and rows, every cell text, so that a card, a ticket, a phone
	// number and a name read as written whatever the spreadsheet, where
	// a spreadsheet's default import of the CSV does not (see
	// docs/record.md, "Which file to open").
	CollectionSheet = "Collection"
	StandingsSheet  = "Standings"
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
	for _, own := range []string{SummarySheet, ContactsSheet, CollectionSheet, StandingsSheet} {
		if strings.EqualFold(id, own) {
			id += " draw"
		}
	}
	if rehearsal {
		return truncate(id, 31-len(table.RehearsalSuffix)) + table.RehearsalSuffix
	}
	return truncate(id, 31)
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// writeXLSX writes winners.xlsx: full names and card numbers (the big screen
// masks them, the export does not), prizes, outcomes, times and proxies.
func (x *Set) writeXLSX(path string) error {
	f := excelize.NewFile()
	defer f.Close()
	rehearsal := x.st.Opened.Rehearsal
	st, err := table.NewStyles(f, rehearsal)
	if err != nil {
		return err
	}
	summary := SheetName(SummarySheet, rehearsal)
	if err := f.SetSheetName("Sheet1", summary); err != nil {
		return err
	}
	if err := x.summarySheet(&table.Sheet{F: f, Name: summary}, st); err != nil {
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
		if err := x.segmentSheet(&table.Sheet{F: f, Name: name}, st, s); err != nil {
			return fmt.Errorf("sheet %s: %v", name, err)
		}
	}
	contacts := sheetOf(ContactsSheet, rehearsal)
	if _, err := f.NewSheet(contacts); err != nil {
		return err
	}
	if err := x.contactsSheet(&table.Sheet{F: f, Name: contacts}, st); err != nil {
		return fmt.Errorf("sheet %s: %v", contacts, err)
	}
	lists := []Table{x.collectionTable()}
	if x.hasStandings() {
		lists = append(lists, x.standingsTable())
	}
	for _, t := range lists {
		name := sheetOf(listSheets[t.File], rehearsal)
		if _, err := f.NewSheet(name); err != nil {
			return err
		}
		if err := x.listSheet(&table.Sheet{F: f, Name: name}, st, t); err != nil {
			return fmt.Errorf("sheet %s: %v", name, err)
		}
	}
	for _, name := range f.GetSheetList() {
		hf := &excelize.HeaderFooterOptions{OddHeader: "&L&A&R" + table.Escape(x.rec.Show.ID), OddFooter: "&CPage &P of &N"}
		if rehearsal {
			hf.OddHeader = "&C&B" + table.Escape(RehearsalBanner)
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
		Created: table.Stamp(x.st.OpenedAt), Modified: table.Stamp(at),
	}); err != nil {
		return err
	}
	f.SetActiveSheet(0)
	return table.Save(f, path)
}

func (x *Set) summarySheet(s *table.Sheet, st table.Styles) error {
	o := x.st.Opened
	s.Put(st.Title, fmt.Sprintf("%s, %s: draw results", o.Promotion, o.Property))
	s.Put(st.Banner, x.banner())
	s.Row++
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
		s.Put(0, kv[0], kv[1])
		if s.Err == nil {
			s.Err = s.F.SetCellStyle(s.Name, fmt.Sprintf("A%d", s.Row), fmt.Sprintf("A%d", s.Row), st.Key)
		}
	}
	s.Row++
	s.Put(st.Title, "Draws")
	s.Put(st.Header, table.Anys(summaryDraws.Heads())...)
	for i := range x.rec.Draws {
		d := &x.rec.Draws[i]
		s.Put(0, summaryDraws.Cells(drawRow{x, d, x.st.Seg(d.Segment)})...)
	}
	t := x.rec.Totals
	s.Put(st.Key, TotalRow, "", "", "", "", "", "", "", "", "", t.Winners, "", "", "", t.Cash, t.InKind, t.InKindValue)
	s.Row++
	s.Put(st.Title, "Winners")
	s.Put(st.Header, table.Anys(summaryWinners.Heads())...)
	for _, seg := range x.st.Segs {
		for i := range seg.Picks {
			if p := &seg.Picks[i]; p.Outcome.Wins() {
				s.Put(0, summaryWinners.Cells(x.pickRow(seg, p))...)
			}
		}
	}
	x.finaleTables(s, st)
	s.Widths(summaryDraws.Widths()...)
	return s.Err
}

func (x *Set) segmentSheet(s *table.Sheet, st table.Styles, seg *show.SegState) error {
	f := seg.Frozen
	s.Put(st.Title, fmt.Sprintf("%s (%s): %s, %s", seg.Seg.Title, seg.Seg.ID, x.st.Opened.Promotion, x.st.Opened.Property))
	s.Put(st.Banner, x.banner())
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
	s.Put(0, line)
	s.Row = PickHeaderRow - 1
	s.Put(st.Header, table.Anys(pickSheet.Heads())...)
	for i := range seg.Picks {
		s.Put(0, pickSheet.Cells(x.pickRow(seg, &seg.Picks[i]))...)
	}
	if seg.Ended != nil {
		s.Row++
		s.Put(st.Key, "Ended short: "+seg.Ended.Reason)
	}
	s.Widths(pickSheet.Widths()...)
	if s.Err == nil && len(seg.Picks) > 0 {
		last, _ := excelize.CoordinatesToCellName(len(pickSheet), PickHeaderRow+len(seg.Picks))
		s.Err = s.F.AutoFilter(s.Name, fmt.Sprintf("A%d:%s", PickHeaderRow, last), nil)
	}
	if s.Err == nil {
		s.Err = s.F.SetPanes(s.Name, &excelize.Panes{Freeze: true, YSplit: PickHeaderRow,
			TopLeftCell: fmt.Sprintf("A%d", PickHeaderRow+1), ActivePane: "bottomLeft"})
	}
	return s.Err
}

// sheetOf is the name of the workbook's own sheet name (Summary,
// Contacts), which no segment's sheet takes (see SheetName).
func sheetOf(name string, rehearsal bool) string {
	if rehearsal {
		return name + table.RehearsalSuffix
	}
	return name
}

// contactsHeads are the Contacts sheet's headers: sms-contacts.csv's, as
// a person reads them.
var contactsHeads = []string{"Mobile", "Name", "Card", "Prize", "Collect by", "Show", "Draw", "Pick", "Outcome", "Mobile as given", "Problem"}

// contactsSheet lists the winners not present, each with the number to
// reach them at (E.164) and the day to collect by, as sms-contacts.csv
// does; the cells are text, so +27… and a card's zeros stay as they are.
func (x *Set) contactsSheet(s *table.Sheet, st table.Styles) error {
	s.Put(st.Title, fmt.Sprintf("Winners to contact: %s, %s, show %s (Royal Flush 80: reach every winner not present)", x.st.Opened.Promotion, x.st.Opened.Property, x.st.ID))
	s.Put(st.Banner, x.banner())
	s.Put(0, "Numbers are written to be dialled (E.164); a number that cannot be is left out and the problem said. The same list, for an SMS upload, is sms-contacts.csv.")
	s.Put(st.Header, table.Anys(contactsHeads)...)
	for _, l := range x.contactsTable().Rows {
		s.Put(0, table.Anys(l.Cells)...)
	}
	s.Widths(16, 24, 20, 16, 12, 26, 14, 6, 40, 18, 40)
	return s.Err
}

// listSheets are the workbook's sheets of the CSV lists a person reads.
var listSheets = map[string]string{CollectionFile: CollectionSheet, StandingsFile: StandingsSheet}

// listTitles say what each list sheet is.
var listTitles = map[string]string{
	CollectionFile: "Winners not present, to collect their prizes",
	StandingsFile:  "Final standings of the leaderboards",
}

// listSheet writes one of the export's CSV lists as a sheet for a
// person: a title, the banner, a line naming the CSV it repeats, then
// from PickHeaderRow its header and rows as the CSV has them, every
// cell text (no formula guard is needed: a text cell is never a
// formula), filtered and frozen at the header.
func (x *Set) listSheet(s *table.Sheet, st table.Styles, t Table) error {
	s.Put(st.Title, fmt.Sprintf("%s: %s, %s, show %s", listTitles[t.File], x.st.Opened.Promotion, x.st.Opened.Property, x.st.ID))
	s.Put(st.Banner, x.banner())
	s.Put(0, "The rows of "+t.File+", every cell text: cards, tickets and numbers as written. "+t.File+" is for machines: a spreadsheet opening it changes names and numbers.")
	s.Put(st.Header, table.Anys(t.Heads)...)
	for _, l := range t.Rows {
		s.Put(0, table.Anys(l.Cells)...)
	}
	ws := make([]float64, len(t.Heads))
	for i, h := range t.Heads {
		ws[i] = max(10, min(40, float64(len(h)+4)))
		for _, l := range t.Rows {
			if i < len(l.Cells) {
				ws[i] = max(ws[i], min(40, float64(len([]rune(l.Cells[i]))+2)))
			}
		}
	}
	s.Widths(ws...)
	if s.Err == nil && len(t.Rows) > 0 {
		last, _ := excelize.CoordinatesToCellName(len(t.Heads), PickHeaderRow+len(t.Rows))
		s.Err = s.F.AutoFilter(s.Name, fmt.Sprintf("A%d:%s", PickHeaderRow, last), nil)
	}
	if s.Err == nil {
		s.Err = s.F.SetPanes(s.Name, &excelize.Panes{Freeze: true, YSplit: PickHeaderRow,
			TopLeftCell: fmt.Sprintf("A%d", PickHeaderRow+1), ActivePane: "bottomLeft"})
	}
	return s.Err
}

// The headers of the summary's finale tables.
var (
	wildHeads    = []string{"Segment", "Title", "Numbers", "Bins chosen"}
	jackpotHeads = []string{"Segment", "Jackpot", "This week", "Won", "Next week", "Settlement"}
)

// BookHeads are the header rows of winners.xlsx's tables: verify finds
// a table by its header and reads its rows by their columns' names.
func BookHeads() [][]string {
	return [][]string{summaryDraws.Heads(), summaryWinners.Heads(), pickSheet.Heads(), wildHeads, jackpotHeads, contactsHeads}
}

// finaleTables add to the summary what finale segments decided besides
// their winners: the wild cards' numbers and the jackpots.
func (x *Set) finaleTables(s *table.Sheet, st table.Styles) {
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
		s.Row++
		s.Put(st.Title, "Wild cards")
		s.Put(st.Header, table.Anys(wildHeads)...)
		for _, seg := range wild {
			lines := x.finaleLines(seg)
			s.Put(0, seg.Seg.ID, seg.Seg.Title, lines[0][1], lines[1][1])
		}
	}
	if len(chests) > 0 {
		s.Row++
		s.Put(st.Title, "Progressive jackpots")
		s.Put(st.Header, table.Anys(jackpotHeads)...)
		for _, seg := range chests {
			won, next := "", any("")
			if t := seg.Settled; t != nil {
				won, next = map[bool]string{true: "yes", false: "no"}[t.Won], t.Next
			}
			s.Put(0, seg.Seg.ID, seg.Seg.Jackpot.Name, seg.Frozen.Jackpot, won, next, x.settlement(seg))
		}
	}
}
