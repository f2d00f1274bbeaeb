package campaign

import (
	"fmt"
	"strconv"
	"time"

	"drawshow/data/internal/pdfpage"
	"drawshow/data/record"
	"drawshow/show"
)

// banner heads a page of a report of the campaign's shows: in red, and
// the page watermarked, when they are rehearsals.
func banner(g pdfpage.Page, rehearsal bool, rehearsalWords, officialWords string) {
	p := g.P
	p.SetXY(pdfpage.Margin, 8)
	g.Font("B", 10)
	if rehearsal {
		p.SetFillColor(192, 0, 0)
		p.SetTextColor(255, 255, 255)
		g.Cell(pdfpage.BodyW, 7, rehearsalWords, "", 1, "C", true)
		g.Watermark("REHEARSAL")
		return
	}
	p.SetTextColor(55, 86, 35)
	g.Cell(pdfpage.BodyW, 7, officialWords, "", 1, "C", false)
}

// asOfWords says when the record stood as the report gives it, and when
// the report was written.
func asOfWords(d Dates, rehearsal bool) string {
	whose := "official"
	if rehearsal {
		whose = "rehearsal"
	}
	return fmt.Sprintf("the record as it stood at its last %s event, %s; written %s", whose,
		d.AsOf.UTC().Format("2006-01-02 15:04 UTC"), d.Written.UTC().Format("2006-01-02 15:04 UTC"))
}

// campaignTitle is the title of the campaign's PDF and workbook.
func campaignTitle(shows []CampaignShow) string {
	return fmt.Sprintf("%s, %s: campaign report, %s to %s", shows[0].Promotion, shows[0].Property, shows[0].Date, shows[len(shows)-1].Date)
}

// plain is a table row with no bold cell.
func plain(int) bool { return false }

func writeCampaignPDF(path string, shows []CampaignShow, desk []DeskWeek, d Dates, rehearsal bool) error {
	at := d.AsOf
	g := pdfpage.New(campaignTitle(shows), record.Banner(rehearsal), at)
	p := g.P
	cur := shows[0].Currency
	money := func(v int64) string { return show.Money(cur, v) }
	p.SetHeaderFunc(func() {
		banner(g, rehearsal, "REHEARSAL CAMPAIGN - NOT AN OFFICIAL RESULT", "Campaign report: official shows only")
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
	g.KV("As of", asOfWords(d, rehearsal), false)
	g.H2("Shows and totals paid")
	cols := []pdfpage.Col{{Title: "Show", W: 42, Align: "L"}, {Title: "Date", W: 19, Align: "L"}, {Title: "Status", W: 22, Align: "L"}, {Title: "Draws", W: 11, Align: "R"}, {Title: "Winners", W: 13, Align: "R"},
		{Title: "Cash", W: 23, Align: "R"}, {Title: "In kind", W: 12, Align: "R"}, {Title: "Stated value", W: 24, Align: "R"}, {Title: "Spots", W: 14, Align: "R"}}
	g.TableHeader(cols)
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

	pdfLedger(g, shows, money)
	pdfDesk(g, desk, at, money)
	pdfFinalists(g, shows)
	pdfCarried(g, shows)
	pdfWinners(g, shows, money)
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

// pdfLedger is the report's progressive jackpot ledger, week by week.
func pdfLedger(g pdfpage.Page, shows []CampaignShow, money func(int64) string) {
	p := g.P
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
}

// pdfDesk is the report's prize desk, week by week, as the record stood at at.
func pdfDesk(g pdfpage.Page, desk []DeskWeek, at time.Time, money func(int64) string) {
	p := g.P
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
}

// pdfFinalists is the report's finalists, by month.
func pdfFinalists(g pdfpage.Page, shows []CampaignShow) {
	p := g.P
	g.H2("Finalists by month")
	months, by := Finalists(shows)
	if len(months) == 0 {
		g.Text("No finalist was drawn in these shows.")
	}
	fcols := []pdfpage.Col{{Title: "Date", W: 20, Align: "L"}, {Title: "Show", W: 42, Align: "L"}, {Title: "Card", W: 28, Align: "L"}, {Title: "Name", W: 40, Align: "L"}, {Title: "Property", W: 26, Align: "L"}, {Title: "Segment", W: 24, Align: "L"}}
	for _, m := range months {
		g.Room(20)
		g.Font("B", 10)
		g.Cell(pdfpage.BodyW, 6, fmt.Sprintf("%s: %d finalist(s)", m, len(by[m])), "", 1, "L", false)
		g.TableHeader(fcols)
		for _, w := range by[m] {
			g.TableRow(fcols, []string{w.Date, w.Show, w.Card, w.Name, w.Property, w.Segment}, plain)
		}
		p.Ln(2)
	}
}

// pdfCarried is what each show carries from the shows before it, by anchors.
func pdfCarried(g pdfpage.Page, shows []CampaignShow) {
	p := g.P
	g.H2("Carried over from show to show")
	carried := false
	for _, s := range shows {
		if len(s.Carried) == 0 {
			continue
		}
		carried = true
		g.Room(24)
		g.Font("B", 10)
		g.Cell(pdfpage.BodyW, 6, pdfpage.Clean(fmt.Sprintf("%s (%s) carries from %d earlier show(s):", s.ID, s.Date, len(s.Carried))), "", 1, "L", false)
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
}

// pdfWinners is the report's winners, show by show.
func pdfWinners(g pdfpage.Page, shows []CampaignShow, money func(int64) string) {
	p := g.P
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
		g.KV("Show total", s.Totals.Words(shows[0].Currency), false)
	}
}
