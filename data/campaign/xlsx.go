package campaign

import (
	"fmt"
	"strings"

	"github.com/xuri/excelize/v2"

	"drawshow/data/internal/table"
	"drawshow/data/record"
)

// The sheets of campaign.xlsx.
const (
	CampaignShowsSheet     = "Shows"
	CampaignWinnersSheet   = "Winners"
	CampaignLedgerSheet    = "Jackpot ledger"
	CampaignFinalistsSheet = "Finalists"
	CampaignDeskSheet      = "Prize desk"
	CampaignCarriedSheet   = "Carried over"
)

// The tables of campaign.xlsx's sheets; each sheet's header is its first
// row, and its widths are its table's.
var (
	campaignShows = table.Columns[CampaignShow]{
		{Head: "Show", Width: 30, Value: func(c CampaignShow) any { return c.ID }},
		{Head: "Date", Width: 12, Value: func(c CampaignShow) any { return c.Date }},
		{Head: "Promotion", Width: 28, Value: func(c CampaignShow) any { return c.Promotion }},
		{Head: "Property", Width: 20, Value: func(c CampaignShow) any { return c.Property }},
		{Head: "Status", Width: 18, Value: func(c CampaignShow) any { return c.Status() }},
		{Head: "Draws", Width: 8, Value: func(c CampaignShow) any { return c.Draws }},
		{Head: "Winners", Width: 9, Value: func(c CampaignShow) any { return c.Totals.Winners }},
		{Head: "Cash", Width: 12, Value: func(c CampaignShow) any { return c.Totals.Cash }},
		{Head: "Prizes in kind", Width: 14, Value: func(c CampaignShow) any { return c.Totals.InKind }},
		{Head: "Stated value in kind", Width: 18, Value: func(c CampaignShow) any { return c.Totals.InKindValue }},
		{Head: "Finalist spots", Width: 14, Value: func(c CampaignShow) any { return c.Spots }},
		{Head: "Redraws", Width: 9, Value: func(c CampaignShow) any { return c.Redraws }},
		{Head: "Marked for the auditor", Width: 26, Value: func(c CampaignShow) any { return strings.Join(c.Marked, ", ") }},
	}
	campaignWinners = table.Columns[CampaignWinner]{
		{Head: "Show", Width: 30, Value: func(w CampaignWinner) any { return w.Show }},
		{Head: "Date", Width: 12, Value: func(w CampaignWinner) any { return w.Date }},
		{Head: "Segment", Width: 18, Value: func(w CampaignWinner) any { return w.Segment }},
		{Head: "Title", Width: 28, Value: func(w CampaignWinner) any { return w.Title }},
		{Head: "Pick", Width: 6, Value: func(w CampaignWinner) any { return w.Pick }},
		{Head: "Ticket", Width: 16, Value: func(w CampaignWinner) any { return w.Ticket }},
		{Head: "Card", Width: 20, Value: func(w CampaignWinner) any { return w.Card }},
		{Head: "Name", Width: 28, Value: func(w CampaignWinner) any { return w.Name }},
		{Head: "Property", Width: 18, Value: func(w CampaignWinner) any { return w.Property }},
		{Head: "Area", Width: 14, Value: func(w CampaignWinner) any { return w.Area }},
		{Head: "Prize", Width: 22, Value: func(w CampaignWinner) any { return w.Prize }},
		{Head: "Amount", Width: 12, Value: func(w CampaignWinner) any { return table.Amount(w.Amount) }},
		{Head: "Paid as", Width: 9, Value: func(w CampaignWinner) any { return w.PaidAs }},
		{Head: "Outcome", Width: 12, Value: func(w CampaignWinner) any { return w.Outcome }},
	}
	campaignLedger = table.Columns[LedgerLine]{
		{Head: "Jackpot", Width: 30, Value: func(l LedgerLine) any { return l.Jackpot }},
		{Head: "Date", Width: 12, Value: func(l LedgerLine) any { return l.Date }},
		{Head: "Show", Width: 30, Value: func(l LedgerLine) any { return l.Show }},
		{Head: "Segment", Width: 18, Value: func(l LedgerLine) any { return l.Segment }},
		{Head: "Value", Width: 12, Value: func(l LedgerLine) any { return l.Value }},
		{Head: "Result", Width: 12, Value: func(l LedgerLine) any { return l.result() }},
		{Head: "Next", Width: 12, Value: func(l LedgerLine) any {
			if l.Settled {
				return l.Next
			}
			return ""
		}},
	}
	// campaignFinalists' rows are a month's finalists: the month, then the
	// winner.
	campaignFinalists = table.Columns[monthWinner]{
		{Head: "Month", Width: 9, Value: func(m monthWinner) any { return m.month }},
		{Head: "Date", Width: 12, Value: func(m monthWinner) any { return m.w.Date }},
		{Head: "Show", Width: 30, Value: func(m monthWinner) any { return m.w.Show }},
		{Head: "Segment", Width: 18, Value: func(m monthWinner) any { return m.w.Segment }},
		{Head: "Card", Width: 20, Value: func(m monthWinner) any { return m.w.Card }},
		{Head: "Name", Width: 28, Value: func(m monthWinner) any { return m.w.Name }},
		{Head: "Property", Width: 18, Value: func(m monthWinner) any { return m.w.Property }},
		{Head: "Prize", Width: 26, Value: func(m monthWinner) any { return m.w.Prize }},
	}
	// campaignCarried's rows are a show's sources: the show, then what it
	// carries from one earlier show, with that show's anchors.
	campaignCarried = table.Columns[carriedFrom]{
		{Head: "Show", Width: 30, Value: func(c carriedFrom) any { return c.show }},
		{Head: "Date", Width: 12, Value: func(c carriedFrom) any { return c.date }},
		{Head: "From show", Width: 30, Value: func(c carriedFrom) any { return c.s.Show }},
		{Head: "From date", Width: 12, Value: func(c carriedFrom) any { return c.s.Date }},
		{Head: "Anchors (SHOW_ID COMMITMENT SEQ:HEX)", Width: 60, Value: func(c carriedFrom) any { return c.s.Anchor() }},
		{Head: "Closed", Width: 8, Value: func(c carriedFrom) any { return map[bool]string{true: "yes", false: "no"}[c.s.Closed] }},
		{Head: "Gives", Width: 60, Value: func(c carriedFrom) any { return c.s.Gives() }},
	}
)

// campaignDesk is the Prize desk sheet: the desk's campaign week by week.
var campaignDesk = table.Columns[DeskWeek]{
	{Head: "Week", Width: 10, Value: func(w DeskWeek) any { return w.Week }},
	{Head: "From", Width: 12, Value: func(w DeskWeek) any { return w.From }},
	{Head: "To", Width: 12, Value: func(w DeskWeek) any { return w.To }},
	{Head: "Owed", Width: 8, Value: func(w DeskWeek) any { return w.Owed }},
	{Head: "Owed cash", Width: 12, Value: func(w DeskWeek) any { return w.OwedCash }},
	{Head: "Collected", Width: 10, Value: func(w DeskWeek) any { return w.Collected }},
	{Head: "Due", Width: 8, Value: func(w DeskWeek) any { return w.Due }},
	{Head: "Due cash", Width: 12, Value: func(w DeskWeek) any { return w.DueCash }},
	{Head: "Expired", Width: 9, Value: func(w DeskWeek) any { return w.Expired }},
	{Head: "Expired cash", Width: 12, Value: func(w DeskWeek) any { return w.ExpiredCash }},
	{Head: "Contacted", Width: 10, Value: func(w DeskWeek) any { return w.Contacted }},
}

// carriedFrom is a row of the Carried over sheet: a show, and one earlier
// show it carries from.
type carriedFrom struct {
	show, date string
	s          record.Source
}

type monthWinner struct {
	month string
	w     CampaignWinner
}

// Headers of campaign.xlsx's sheets, for those who read it back.
var (
	CampaignShowColumns     = campaignShows.Heads()
	CampaignWinnerColumns   = campaignWinners.Heads()
	CampaignLedgerColumns   = campaignLedger.Heads()
	CampaignFinalistColumns = campaignFinalists.Heads()
	CampaignDeskColumns     = campaignDesk.Heads()
	CampaignCarriedColumns  = campaignCarried.Heads()
)

// CampaignSheet is the name of a sheet of campaign.xlsx: a rehearsal
// campaign's end in REHEARSAL.
func CampaignSheet(name string, rehearsal bool) string {
	if rehearsal {
		return name + table.RehearsalSuffix
	}
	return name
}

func writeCampaignXLSX(path string, shows []CampaignShow, desk []DeskWeek, d Dates, rehearsal bool) error {
	at := d.AsOf // the workbook lists; the PDF says when it was written
	f := excelize.NewFile()
	defer f.Close()
	st, err := table.NewStyles(f, false)
	if err != nil {
		return err
	}
	if err := f.SetSheetName("Sheet1", CampaignSheet(CampaignShowsSheet, rehearsal)); err != nil {
		return err
	}
	for _, n := range []string{CampaignWinnersSheet, CampaignLedgerSheet, CampaignFinalistsSheet, CampaignDeskSheet, CampaignCarriedSheet} {
		if _, err := f.NewSheet(CampaignSheet(n, rehearsal)); err != nil {
			return err
		}
	}
	var sheets []*table.Sheet
	sheet := func(name string) *table.Sheet {
		s := &table.Sheet{F: f, Name: CampaignSheet(name, rehearsal)}
		sheets = append(sheets, s)
		return s
	}
	s := sheet(CampaignShowsSheet)
	table.PutList(s, st.Header, campaignShows, shows)
	t := CampaignTotals(shows)
	s.Put(st.Key, CampaignTotalRow, "", "", "", "", "", t.Winners, t.Cash, t.InKind, t.InKindValue, CampaignSpots(shows))
	s.Widths(campaignShows.Widths()...)

	var winners []CampaignWinner
	var ledger []LedgerLine
	var carried []carriedFrom
	for _, c := range shows {
		winners = append(winners, c.Winners...)
		ledger = append(ledger, c.Ledger...)
		for _, src := range c.Carried {
			carried = append(carried, carriedFrom{c.ID, c.Date, src})
		}
	}
	s = sheet(CampaignWinnersSheet)
	table.PutList(s, st.Header, campaignWinners, winners)
	s.Widths(campaignWinners.Widths()...)

	s = sheet(CampaignLedgerSheet)
	table.PutList(s, st.Header, campaignLedger, ledger)
	s.Widths(campaignLedger.Widths()...)

	var finalists []monthWinner
	months, by := Finalists(shows)
	for _, m := range months {
		for _, w := range by[m] {
			finalists = append(finalists, monthWinner{m, w})
		}
	}
	s = sheet(CampaignFinalistsSheet)
	table.PutList(s, st.Header, campaignFinalists, finalists)
	s.Widths(campaignFinalists.Widths()...)

	s = sheet(CampaignDeskSheet)
	table.PutList(s, st.Header, campaignDesk, desk)
	s.Widths(campaignDesk.Widths()...)

	s = sheet(CampaignCarriedSheet)
	table.PutList(s, st.Header, campaignCarried, carried)
	s.Widths(campaignCarried.Widths()...)
	for _, s := range sheets {
		if s.Err != nil {
			return fmt.Errorf("sheet %s: %v", s.Name, s.Err)
		}
		if rehearsal {
			// printed, every page says so
			if err := f.SetHeaderFooter(s.Name, &excelize.HeaderFooterOptions{OddHeader: "&C&B" + table.Escape(record.RehearsalBanner), OddFooter: "&CPage &P of &N"}); err != nil {
				return err
			}
		}
	}
	if err := f.SetDocProps(&excelize.DocProperties{Title: campaignTitle(shows), Subject: record.Banner(rehearsal), Creator: "drawshow",
		LastModifiedBy: "drawshow", Created: table.Stamp(at), Modified: table.Stamp(at)}); err != nil {
		return err
	}
	f.SetActiveSheet(0)
	return table.Save(f, path)
}
