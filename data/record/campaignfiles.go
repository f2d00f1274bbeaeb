package record

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/xuri/excelize/v2"

	"drawshow/data/internal/pdfpage"
	"drawshow/show"
)

// The files of the campaign's report, for the promotions manager and the
// auditor at the campaign's end: the official shows only.
const (
	CampaignPDF  = "campaign.pdf"
	CampaignXLSX = "campaign.xlsx"
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
	campaignShows = columns[CampaignShow]{
		{"Show", 30, "", func(c CampaignShow) any { return c.ID }},
		{"Date", 12, "", func(c CampaignShow) any { return c.Date }},
		{"Promotion", 28, "", func(c CampaignShow) any { return c.Promotion }},
		{"Property", 20, "", func(c CampaignShow) any { return c.Property }},
		{"Status", 18, "", func(c CampaignShow) any { return c.Status() }},
		{"Draws", 8, "", func(c CampaignShow) any { return c.Draws }},
		{"Winners", 9, "", func(c CampaignShow) any { return c.Totals.Winners }},
		{"Cash", 12, "", func(c CampaignShow) any { return c.Totals.Cash }},
		{"Prizes in kind", 14, "", func(c CampaignShow) any { return c.Totals.InKind }},
		{"Stated value in kind", 18, "", func(c CampaignShow) any { return c.Totals.InKindValue }},
		{"Finalist spots", 14, "", func(c CampaignShow) any { return c.Spots }},
		{"Redraws", 9, "", func(c CampaignShow) any { return c.Redraws }},
		{"Marked for the auditor", 26, "", func(c CampaignShow) any { return strings.Join(c.Marked, ", ") }},
	}
	campaignWinners = columns[CampaignWinner]{
		{"Show", 30, "", func(w CampaignWinner) any { return w.Show }},
		{"Date", 12, "", func(w CampaignWinner) any { return w.Date }},
		{"Segment", 18, "", func(w CampaignWinner) any { return w.Segment }},
		{"Title", 28, "", func(w CampaignWinner) any { return w.Title }},
		{"Pick", 6, "", func(w CampaignWinner) any { return w.Pick }},
		{"Ticket", 16, "", func(w CampaignWinner) any { return w.Ticket }},
		{"Card", 20, "", func(w CampaignWinner) any { return w.Card }},
		{"Name", 28, "", func(w CampaignWinner) any { return w.Name }},
		{"Property", 18, "", func(w CampaignWinner) any { return w.Property }},
		{"Area", 14, "", func(w CampaignWinner) any { return w.Area }},
		{"Prize", 22, "", func(w CampaignWinner) any { return w.Prize }},
		{"Amount", 12, "", func(w CampaignWinner) any { return amountCell(show.Prize{Amount: w.Amount}) }},
		{"Paid as", 9, "", func(w CampaignWinner) any { return w.PaidAs }},
		{"Outcome", 12, "", func(w CampaignWinner) any { return w.Outcome }},
	}
	campaignLedger = columns[LedgerLine]{
		{"Jackpot", 30, "", func(l LedgerLine) any { return l.Jackpot }},
		{"Date", 12, "", func(l LedgerLine) any { return l.Date }},
		{"Show", 30, "", func(l LedgerLine) any { return l.Show }},
		{"Segment", 18, "", func(l LedgerLine) any { return l.Segment }},
		{"Value", 12, "", func(l LedgerLine) any { return l.Value }},
		{"Result", 12, "", func(l LedgerLine) any { return l.result() }},
		{"Next", 12, "", func(l LedgerLine) any {
			if l.Settled {
				return l.Next
			}
			return ""
		}},
	}
	// campaignFinalists' rows are a month's finalists: the month, then the
	// winner.
	campaignFinalists = columns[monthWinner]{
		{"Month", 9, "", func(m monthWinner) any { return m.month }},
		{"Date", 12, "", func(m monthWinner) any { return m.w.Date }},
		{"Show", 30, "", func(m monthWinner) any { return m.w.Show }},
		{"Segment", 18, "", func(m monthWinner) any { return m.w.Segment }},
		{"Card", 20, "", func(m monthWinner) any { return m.w.Card }},
		{"Name", 28, "", func(m monthWinner) any { return m.w.Name }},
		{"Property", 18, "", func(m monthWinner) any { return m.w.Property }},
		{"Prize", 26, "", func(m monthWinner) any { return m.w.Prize }},
	}
	// campaignCarried's rows are a show's sources: the show, then what it
	// carries from one earlier show, with that show's anchors.
	campaignCarried = columns[carriedFrom]{
		{"Show", 30, "", func(c carriedFrom) any { return c.show }},
		{"Date", 12, "", func(c carriedFrom) any { return c.date }},
		{"From show", 30, "", func(c carriedFrom) any { return c.s.Show }},
		{"From date", 12, "", func(c carriedFrom) any { return c.s.Date }},
		{"Anchors (SHOW_ID COMMITMENT SEQ:HEX)", 60, "", func(c carriedFrom) any { return c.s.Anchor() }},
		{"Closed", 8, "", func(c carriedFrom) any { return map[bool]string{true: "yes", false: "no"}[c.s.Closed] }},
		{"Gives", 60, "", func(c carriedFrom) any { return c.s.Gives() }},
	}
)

// campaignDesk is the Prize desk sheet: the desk's campaign week by week.
var campaignDesk = columns[DeskWeek]{
	{"Week", 10, "", func(w DeskWeek) any { return w.Week }},
	{"From", 12, "", func(w DeskWeek) any { return w.From }},
	{"To", 12, "", func(w DeskWeek) any { return w.To }},
	{"Owed", 8, "", func(w DeskWeek) any { return w.Owed }},
	{"Owed cash", 12, "", func(w DeskWeek) any { return w.OwedCash }},
	{"Collected", 10, "", func(w DeskWeek) any { return w.Collected }},
	{"Due", 8, "", func(w DeskWeek) any { return w.Due }},
	{"Due cash", 12, "", func(w DeskWeek) any { return w.DueCash }},
	{"Expired", 9, "", func(w DeskWeek) any { return w.Expired }},
	{"Expired cash", 12, "", func(w DeskWeek) any { return w.ExpiredCash }},
	{"Contacted", 10, "", func(w DeskWeek) any { return w.Contacted }},
}

// carriedFrom is a row of the Carried over sheet: a show, and one earlier
// show it carries from.
type carriedFrom struct {
	show, date string
	s          Source
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

// CampaignTotalRow begins the row of campaign.xlsx's Shows sheet that adds
// up the campaign.
const CampaignTotalRow = "Campaign total"

// Official are the shows of a campaign that are not rehearsals.
func Official(shows []CampaignShow) []CampaignShow {
	return slices.DeleteFunc(slices.Clone(shows), func(s CampaignShow) bool { return s.Rehearsal })
}

// CampaignSpots adds up the finalist spots the shows gave.
func CampaignSpots(shows []CampaignShow) int {
	n := 0
	for _, s := range shows {
		n += s.Spots
	}
	return n
}

// CampaignTotals adds up the shows' totals: their prizes, finalist spots
// apart.
func CampaignTotals(shows []CampaignShow) Totals {
	var t Totals
	for _, s := range shows {
		t.Plus(s.Totals)
	}
	return t
}

// Status is a show's status in words: official or rehearsal, open or closed.
func (s CampaignShow) Status() string {
	st := "official"
	if s.Rehearsal {
		st = "REHEARSAL"
	}
	if s.Closed {
		return st + ", closed"
	}
	return st + ", open"
}

// Finalists are the campaign's finalists by month (YYYY-MM of the draw),
// months in order.
func Finalists(shows []CampaignShow) (months []string, by map[string][]CampaignWinner) {
	by = map[string][]CampaignWinner{}
	for _, s := range shows {
		for _, w := range s.Winners {
			if !w.Finalist {
				continue
			}
			m := w.Date[:min(7, len(w.Date))]
			if by[m] == nil {
				months = append(months, m)
			}
			by[m] = append(by[m], w)
		}
	}
	slices.Sort(months)
	return months, by
}

// result says how a week of the jackpot was settled.
func (l LedgerLine) result() string {
	switch {
	case !l.Settled:
		return "not settled"
	case l.Won:
		return "won"
	}
	return "not won"
}

// Rehearsals are the shows of a campaign that are rehearsals.
func Rehearsals(shows []CampaignShow) []CampaignShow {
	return slices.DeleteFunc(slices.Clone(shows), func(s CampaignShow) bool { return !s.Rehearsal })
}

// WriteCampaign writes campaign.pdf, campaign.xlsx and finalists.csv (the
// Grand Finale's entry file: see FinalistsCSV) into dir, dated at:
// of the official shows among shows and the prize desk's weeks (Desk.Weeks
// as of at), or with rehearsal of the rehearsals (a campaign rehearsed
// before it runs: each carried over from the rehearsals before it),
// marked REHEARSAL on every page and sheet. The two never mix: a
// rehearsal is never a result.
func WriteCampaign(dir string, shows []CampaignShow, desk []DeskWeek, at time.Time, rehearsal bool) error {
	if rehearsal {
		shows = Rehearsals(shows)
	} else {
		shows = Official(shows)
	}
	if len(shows) == 0 {
		if rehearsal {
			return fmt.Errorf("no rehearsal: a rehearsal campaign's report lists rehearsals only")
		}
		return fmt.Errorf("no official show: a campaign report lists official shows only")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := writeCampaignPDF(filepath.Join(dir, CampaignPDF), shows, desk, at, rehearsal); err != nil {
		return err
	}
	if err := writeFinalists(filepath.Join(dir, FinalistsCSV), shows, rehearsal); err != nil {
		return err
	}
	return writeCampaignXLSX(filepath.Join(dir, CampaignXLSX), shows, desk, at, rehearsal)
}

// CampaignSheet is the name of a sheet of campaign.xlsx: a rehearsal
// campaign's end in REHEARSAL.
func CampaignSheet(name string, rehearsal bool) string {
	if rehearsal {
		return name + rehearsalSuffix
	}
	return name
}

func campaignTitle(shows []CampaignShow) string {
	return fmt.Sprintf("%s, %s: campaign report, %s to %s", shows[0].Promotion, shows[0].Property, shows[0].Date, shows[len(shows)-1].Date)
}

func writeCampaignPDF(path string, shows []CampaignShow, desk []DeskWeek, at time.Time, rehearsal bool) error {
	g := pdfpage.New(campaignTitle(shows), Banner(rehearsal), at)
	p := g.P
	cur := shows[0].Currency
	money := func(v int64) string { return show.Money(cur, v) }
	p.SetHeaderFunc(func() {
		p.SetXY(pdfpage.Margin, 8)
		g.Font("B", 10)
		if rehearsal {
			p.SetFillColor(192, 0, 0)
			p.SetTextColor(255, 255, 255)
			p.CellFormat(pdfpage.BodyW, 7, "REHEARSAL CAMPAIGN - NOT AN OFFICIAL RESULT", "", 1, "C", true, 0, "")
			g.Watermark("REHEARSAL")
		} else {
			p.SetTextColor(55, 86, 35)
			p.CellFormat(pdfpage.BodyW, 7, "Campaign report: official shows only", "", 1, "C", false, 0, "")
		}
		g.RunningHead(shows[0].Promotion+", "+shows[0].Property, shows[0].Date+" to "+shows[len(shows)-1].Date)
	})
	p.SetFooterFunc(func() { g.RunningFoot("drawshow campaign report", 0.7, rehearsal) })
	p.AddPage()
	g.H1("Campaign report")
	if rehearsal {
		g.Text(fmt.Sprintf("%d rehearsal(s) of the campaign database, %s to %s: the campaign as rehearsed, each rehearsal carrying over from the rehearsals before it. Official shows are left out, and nothing here is a result: nothing is to be paid, contacted or published. Every amount is in %s, whole units.",
			len(shows), shows[0].Date, shows[len(shows)-1].Date, cur))
	} else {
		g.Text(fmt.Sprintf("%d official show(s) of the campaign database, %s to %s. Rehearsals are left out: they are never a result. Every amount is in %s, whole units.",
			len(shows), shows[0].Date, shows[len(shows)-1].Date, cur))
	}
	g.H2("Shows and totals paid")
	cols := []pdfpage.Col{{Title: "Show", W: 42, Align: "L"}, {Title: "Date", W: 19, Align: "L"}, {Title: "Status", W: 22, Align: "L"}, {Title: "Draws", W: 11, Align: "R"}, {Title: "Winners", W: 13, Align: "R"},
		{Title: "Cash", W: 23, Align: "R"}, {Title: "In kind", W: 12, Align: "R"}, {Title: "Stated value", W: 24, Align: "R"}, {Title: "Spots", W: 14, Align: "R"}}
	g.TableHeader(cols)
	plain := func(int) bool { return false }
	for _, s := range shows {
		t := s.Totals
		g.TableRow(cols, []string{s.ID, s.Date, s.Status(), strconv.Itoa(s.Draws), strconv.Itoa(t.Winners), money(t.Cash),
			strconv.Itoa(t.InKind), money(t.InKindValue), strconv.Itoa(s.Spots)}, plain)
	}
	t := CampaignTotals(shows)
	spots := CampaignSpots(shows)
	g.TableRow(cols, []string{CampaignTotalRow, "", "", "", strconv.Itoa(t.Winners), money(t.Cash), strconv.Itoa(t.InKind), money(t.InKindValue), strconv.Itoa(spots)},
		func(int) bool { return true })
	p.Ln(2)
	g.KV("Paid in all", t.Words(cur), false)
	if spots > 0 {
		g.KV("Finalist spots", fmt.Sprintf("%d, apart from the prizes: a finalist spot is a place in the Grand Finale, not a prize paid", spots), false)
	}

	g.H2("Progressive jackpot ledger")
	var ledger []LedgerLine
	for _, s := range shows {
		ledger = append(ledger, s.Ledger...)
	}
	if len(ledger) == 0 {
		g.Text("No progressive jackpot was drawn in these shows.")
	} else {
		g.Text("Week by week: each chest's jackpot when its bin froze, and how it was settled. Not won, it grows by its step for the next week; won, it goes back to its base.")
		p.Ln(1)
		lcols := []pdfpage.Col{{Title: "Jackpot", W: 40, Align: "L"}, {Title: "Date", W: 20, Align: "L"}, {Title: "Show", W: 46, Align: "L"}, {Title: "Value", W: 26, Align: "R"}, {Title: "Result", W: 22, Align: "L"}, {Title: "Next", W: 26, Align: "R"}}
		g.TableHeader(lcols)
		for _, l := range ledger {
			next := ""
			if l.Settled {
				next = money(l.Next)
			}
			g.TableRow(lcols, []string{l.Jackpot, l.Date, l.Show, money(l.Value), l.result(), next}, plain)
		}
	}

	g.H2("The prize desk, week by week")
	if len(desk) == 0 {
		g.Text("The desk owes no prize: no winner of these shows was absent.")
	} else {
		g.Text(fmt.Sprintf("The prizes owed to winners not present, by the week of their draw, as the record stood on %s: collected and signed for, due (within their 15 days), expired (past them, recorded or not yet). Cash is the sums of the cash prizes; a prize in kind counts in the number alone.",
			at.In(time.UTC).Format("2006-01-02 15:04 UTC")))
		p.Ln(1)
		dcols := []pdfpage.Col{{Title: "Week", W: 20, Align: "L"}, {Title: "Draws", W: 42, Align: "L"}, {Title: "Owed", W: 12, Align: "R"}, {Title: "Cash", W: 24, Align: "R"},
			{Title: "Collected", W: 18, Align: "R"}, {Title: "Due", W: 10, Align: "R"}, {Title: "Due cash", W: 24, Align: "R"}, {Title: "Expired", W: 15, Align: "R"}, {Title: "Expired cash", W: 23, Align: "R"}}
		g.TableHeader(dcols)
		for _, w := range desk {
			g.TableRow(dcols, []string{w.Week, w.From + " to " + w.To, strconv.Itoa(w.Owed), money(w.OwedCash), strconv.Itoa(w.Collected),
				strconv.Itoa(w.Due), money(w.DueCash), strconv.Itoa(w.Expired), money(w.ExpiredCash)}, plain)
		}
	}

	g.H2("Finalists by month")
	months, by := Finalists(shows)
	if len(months) == 0 {
		g.Text("No finalist was drawn in these shows.")
	}
	fcols := []pdfpage.Col{{Title: "Date", W: 20, Align: "L"}, {Title: "Show", W: 42, Align: "L"}, {Title: "Card", W: 28, Align: "L"}, {Title: "Name", W: 40, Align: "L"}, {Title: "Property", W: 26, Align: "L"}, {Title: "Segment", W: 24, Align: "L"}}
	for _, m := range months {
		g.Room(20)
		g.Font("B", 10)
		p.CellFormat(pdfpage.BodyW, 6, fmt.Sprintf("%s: %d finalist(s)", m, len(by[m])), "", 1, "L", false, 0, "")
		g.TableHeader(fcols)
		for _, w := range by[m] {
			g.TableRow(fcols, []string{w.Date, w.Show, w.Card, w.Name, w.Property, w.Segment}, plain)
		}
		p.Ln(2)
	}

	g.H2("Carried over from show to show")
	carried := false
	for _, s := range shows {
		if len(s.Carried) == 0 {
			continue
		}
		carried = true
		g.Room(24)
		g.Font("B", 10)
		p.CellFormat(pdfpage.BodyW, 6, pdfpage.Clean(fmt.Sprintf("%s (%s) carries from %d earlier show(s):", s.ID, s.Date, len(s.Carried))), "", 1, "L", false, 0, "")
		for _, c := range s.Carried {
			g.KV("Anchors", c.Anchor(), true)
			g.KV("Gives", c.Gives(), false)
		}
		p.Ln(1)
	}
	if carried {
		g.Text("Each line of anchors is the auditor's list's for that show (drawshow verify --db FILE --anchors FILE): a show carried from that is not on the list, or whose commitment or closing chain head differs, is refused.")
	} else {
		g.Text("No show carries anything from an earlier show.")
	}

	wcols := []pdfpage.Col{{Title: "Segment", W: 26, Align: "L"}, {Title: "#", W: 8, Align: "R"}, {Title: "Card", W: 30, Align: "L"}, {Title: "Name", W: 38, Align: "L"}, {Title: "Prize", W: 30, Align: "L"}, {Title: "Amount", W: 24, Align: "R"}, {Title: "Outcome", W: 24, Align: "L"}}
	for _, s := range shows {
		g.H2(fmt.Sprintf("Winners of show %s (%s)", s.ID, s.Date))
		if len(s.Winners) == 0 {
			g.Text("No winner.")
			continue
		}
		g.TableHeader(wcols)
		for _, w := range s.Winners {
			amount := ""
			if w.Amount > 0 {
				amount = money(w.Amount)
			}
			g.TableRow(wcols, []string{w.Segment, strconv.Itoa(w.Pick), w.Card, w.Name, w.Prize, amount, w.Outcome}, plain)
		}
		p.Ln(1)
		g.KV("Show total", s.Totals.Words(cur), false)
	}
	if rehearsal {
		g.SignatureLines(95, "Seen as a rehearsal of the campaign, not a result.", "Promotions manager", "Independent auditor")
	} else {
		g.SignatureLines(95, "Signed as a true summary of the official shows above.", "Promotions manager", "Independent auditor")
	}
	if err := p.Error(); err != nil {
		return err
	}
	return p.OutputFileAndClose(path)
}

func writeCampaignXLSX(path string, shows []CampaignShow, desk []DeskWeek, at time.Time, rehearsal bool) error {
	f := excelize.NewFile()
	defer f.Close()
	st, err := newXLSXStyles(f, false)
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
	s := &xsheet{f: f, name: CampaignSheet(CampaignShowsSheet, rehearsal)}
	s.put(st.header, anys(campaignShows.Heads())...)
	for _, c := range shows {
		s.put(0, campaignShows.cells(c)...)
	}
	t := CampaignTotals(shows)
	s.put(st.key, CampaignTotalRow, "", "", "", "", "", t.Winners, t.Cash, t.InKind, t.InKindValue, CampaignSpots(shows))
	s.widths(campaignShows.widths()...)
	sheets := []*xsheet{s}

	s = &xsheet{f: f, name: CampaignSheet(CampaignWinnersSheet, rehearsal)}
	s.put(st.header, anys(campaignWinners.Heads())...)
	for _, c := range shows {
		for _, w := range c.Winners {
			s.put(0, campaignWinners.cells(w)...)
		}
	}
	s.widths(campaignWinners.widths()...)
	sheets = append(sheets, s)

	s = &xsheet{f: f, name: CampaignSheet(CampaignLedgerSheet, rehearsal)}
	s.put(st.header, anys(campaignLedger.Heads())...)
	for _, c := range shows {
		for _, l := range c.Ledger {
			s.put(0, campaignLedger.cells(l)...)
		}
	}
	s.widths(campaignLedger.widths()...)
	sheets = append(sheets, s)

	s = &xsheet{f: f, name: CampaignSheet(CampaignFinalistsSheet, rehearsal)}
	s.put(st.header, anys(campaignFinalists.Heads())...)
	months, by := Finalists(shows)
	for _, m := range months {
		for _, w := range by[m] {
			s.put(0, campaignFinalists.cells(monthWinner{m, w})...)
		}
	}
	s.widths(campaignFinalists.widths()...)
	sheets = append(sheets, s)

	s = &xsheet{f: f, name: CampaignSheet(CampaignDeskSheet, rehearsal)}
	s.put(st.header, anys(campaignDesk.Heads())...)
	for _, w := range desk {
		s.put(0, campaignDesk.cells(w)...)
	}
	s.widths(campaignDesk.widths()...)
	sheets = append(sheets, s)

	s = &xsheet{f: f, name: CampaignSheet(CampaignCarriedSheet, rehearsal)}
	s.put(st.header, anys(campaignCarried.Heads())...)
	for _, c := range shows {
		for _, src := range c.Carried {
			s.put(0, campaignCarried.cells(carriedFrom{c.ID, c.Date, src})...)
		}
	}
	s.widths(campaignCarried.widths()...)
	sheets = append(sheets, s)
	for _, s := range sheets {
		if s.err != nil {
			return fmt.Errorf("sheet %s: %v", s.name, s.err)
		}
		if rehearsal {
			// printed, every page says so
			if err := f.SetHeaderFooter(s.name, &excelize.HeaderFooterOptions{OddHeader: "&C&B" + xlsxEscape(RehearsalBanner), OddFooter: "&CPage &P of &N"}); err != nil {
				return err
			}
		}
	}
	if err := f.SetDocProps(&excelize.DocProperties{Title: campaignTitle(shows), Subject: Banner(rehearsal), Creator: "drawshow",
		LastModifiedBy: "drawshow", Created: stamp(at), Modified: stamp(at)}); err != nil {
		return err
	}
	f.SetActiveSheet(0)
	return f.SaveAs(path)
}
