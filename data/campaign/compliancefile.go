package campaign

import (
	"fmt"
	"strconv"

	"github.com/xuri/excelize/v2"

	"drawshow/data/internal/pdfpage"
	"drawshow/data/internal/table"
	"drawshow/data/record"
	"drawshow/show"
)

// returnPicks are the return's pick columns, the PDF's widths in mm.
var returnPicks = table.Columns[ReturnLine]{
	{Head: "Show", Width: 26, Value: func(l ReturnLine) any { return l.Show }},
	{Head: "Draw", Width: 20, Value: func(l ReturnLine) any { return l.Segment }},
	{Head: "Pick", Width: 8, Align: "R", Value: func(l ReturnLine) any { return l.Pick }},
	{Head: "Ticket", Width: 18, Value: func(l ReturnLine) any { return l.Ticket }},
	{Head: "Card", Width: 30, Value: func(l ReturnLine) any { return l.Card }},
	{Head: "Name", Width: 28, Value: func(l ReturnLine) any { return l.Name }},
	{Head: "Prize", Width: 18, Value: func(l ReturnLine) any { return l.Prize }},
	{Head: "Outcome", Width: 58, Value: func(l ReturnLine) any { return l.Why }},
	{Head: "Collect by", Width: 12, Value: func(l ReturnLine) any { return l.CollectBy }},
	{Head: "Prize desk", Width: 20, Value: func(l ReturnLine) any { return l.Desk }},
	{Head: "Drawn", Width: 20, Value: func(l ReturnLine) any { return l.Drawn }},
	{Head: "Decided", Width: 20, Value: func(l ReturnLine) any { return l.Decided }},
}

// returnPDFCols are the PDF's table of picks, in mm: the show is the
// section's, and the dates are the outcome's.
var returnPDFCols = []pdfpage.Col{{Title: "Draw", W: 18, Align: "L"}, {Title: "Pick", W: 8, Align: "R"}, {Title: "Ticket", W: 16, Align: "L"},
	{Title: "Card", W: 30, Align: "L"}, {Title: "Name", W: 28, Align: "L"}, {Title: "Prize", W: 18, Align: "L"}, {Title: "Outcome", W: 62, Align: "L"}}

// ReturnPickColumns are the headers of the return workbook's Picks sheet.
var ReturnPickColumns = returnPicks.Heads()

func writeReturnPDF(path string, r *Return) error {
	title := "Compliance return: " + r.Name
	g := pdfpage.New(title, record.Banner(r.Rehearsal), r.Dates.AsOf)
	p := g.P
	first := r.Shows[0].Set.Show()
	p.SetHeaderFunc(func() {
		banner(g, r.Rehearsal, "REHEARSAL - NOT A COMPLIANCE RETURN", "Compliance return: official shows only")
		g.RunningHead(first.Promotion+", "+first.Property, r.Name)
	})
	p.SetFooterFunc(func() { g.RunningFoot("drawshow compliance return, "+r.Name, 0.7, r.Rehearsal) })
	p.AddPage()
	g.H1(title)
	t := r.Totals()
	cur := first.Currency
	g.Text(fmt.Sprintf("%s at %s: %d show(s). Every draw, prize, winner, no-show, redraw with its reason, decline and prize not collected, as the record holds them, with the verification summary and the anchors an auditor holds the record to. Amounts are in %s.",
		first.Promotion, first.Property, len(r.Shows), cur))
	g.KV("As of", asOfWords(r.Dates, r.Rehearsal), false)
	g.KV("Draws", fmt.Sprintf("%d, with %d pick(s)", t.Draws, t.Picks), false)
	g.KV("Winners", fmt.Sprintf("%d; paid %s", t.Winners, t.Paid.Words(cur)), false)
	g.KV("Redraws", fmt.Sprintf("%d: %d no-show(s), %d forfeit(s)", t.Redraws, t.NoShows, t.Forfeits), false)
	g.KV("Declines", strconv.Itoa(t.Declines), false)
	g.KV("Voids", strconv.Itoa(t.Voids), false)
	g.KV("Prizes owed", fmt.Sprintf("%d to winners not present: %d collected, %d still due, %d not collected in their 15 days", t.Owed, t.Collected, t.Due, t.Expired), false)

	g.H2("Verification")
	v := r.Verified
	g.Text(fmt.Sprintf("drawshow verify --db %s: the journal's %d events hash-chain to the head below, every closed show folds again under its rules and every pick is re-derived from its seed; nothing was found wrong. The return is written only of a record that verifies.", v.DB, v.Events))
	g.KV("Journal head", v.Head, true)
	g.Text("Anchors, one line a show, as the auditor's list of official shows has them (drawshow verify --db FILE --anchors FILE):")
	for _, rs := range r.Shows {
		g.KV("Anchor", anchorLine(rs.Set), true)
	}

	lines := r.lines()
	for _, rs := range r.Shows {
		x := rs.Set
		sh, st := x.Show(), x.State()
		rec := x.Record()
		g.H2("Show " + st.ID)
		g.KV("Status", showStatus(st), false)
		g.KV("Opened", stamp(st.OpenedAt, sh.Location)+" ("+sh.Timezone+")", false)
		if st.Closed {
			g.KV("Closed", stamp(st.ClosedAt, sh.Location), false)
		}
		g.KV("Witness W", witnessWords(st, sh.Location), false)
		g.KV("Commitment C", rec.Commitment, true)
		if len(st.Segs) > 0 && st.Closed {
			g.KV("Chain head at close", record.Anchor(rec.Journal.HeadSeq, rec.Journal.Head), true)
		}
		for _, d := range rec.Draws {
			s := st.Seg(d.Segment)
			won := fmt.Sprintf("%d of %d winners", d.Winners, d.Wanted)
			if d.EndedShort != "" {
				won += "; ended short: " + d.EndedShort
			}
			g.Text(fmt.Sprintf("%s (%s): %s; a bin of %s ticket(s) of %s participant(s), fingerprint %.16s…, frozen %s.",
				d.Title, d.Segment, won, show.Thousands(d.TotalWeight), show.Thousands(d.Participants), d.Fingerprint, stamp(s.FrozenAt, sh.Location)))
		}
		cols := returnPDFCols
		p.Ln(2)
		g.TableHeader(cols)
		for _, l := range lines {
			if l.Show != st.ID {
				continue
			}
			why := l.Why
			if l.CollectBy != "" {
				why += "; collect by " + l.CollectBy + "; prize desk: " + l.Desk
			}
			g.TableRow(cols, []string{l.Segment, strconv.Itoa(l.Pick), l.Ticket, l.Card, l.Name, l.Prize, why}, func(int) bool { return false })
		}
	}
	g.SignatureLines(40, "Signed as a true return of the draws above.", "Compliance officer", "Promotions manager")
	return p.OutputFileAndClose(path)
}

// showStatus is a show's status in words.
func showStatus(st *show.State) string {
	s := "official"
	if st.Opened.Rehearsal {
		s = "REHEARSAL, not a result"
	}
	if st.Closed {
		return s + ", closed"
	}
	return s + ", not closed"
}

// The return workbook's sheets.
const (
	ReturnSummarySheet = "Summary"
	ReturnPicksSheet   = "Picks"
)

func writeReturnXLSX(path string, r *Return) error {
	f := excelize.NewFile()
	defer f.Close()
	st, err := table.NewStyles(f, false)
	if err != nil {
		return err
	}
	summary, picks := CampaignSheet(ReturnSummarySheet, r.Rehearsal), CampaignSheet(ReturnPicksSheet, r.Rehearsal)
	if err := f.SetSheetName("Sheet1", summary); err != nil {
		return err
	}
	if _, err := f.NewSheet(picks); err != nil {
		return err
	}
	s := &table.Sheet{F: f, Name: summary}
	t := r.Totals()
	cur := r.Shows[0].Set.Show().Currency
	s.Put(st.Header, "Compliance return", r.Name)
	s.Put(0, "As of", asOfWords(r.Dates, r.Rehearsal))
	s.Put(0, "Draws", t.Draws)
	s.Put(0, "Picks", t.Picks)
	s.Put(0, "Winners", t.Winners)
	s.Put(0, "Paid", t.Paid.Words(cur))
	s.Put(0, "Redraws", t.Redraws)
	s.Put(0, "No-shows", t.NoShows)
	s.Put(0, "Forfeits", t.Forfeits)
	s.Put(0, "Declines", t.Declines)
	s.Put(0, "Voids", t.Voids)
	s.Put(0, "Prizes owed", t.Owed)
	s.Put(0, "Collected", t.Collected)
	s.Put(0, "Due", t.Due)
	s.Put(0, "Not collected in 15 days", t.Expired)
	s.Put(0, "Verified", fmt.Sprintf("drawshow verify --db %s: %d events, head %s", r.Verified.DB, r.Verified.Events, r.Verified.Head))
	s.Put(0)
	s.Put(st.Header, "Show", "Status", "Witness W", "Anchor")
	for _, rs := range r.Shows {
		st := rs.Set.State()
		s.Put(0, st.ID, showStatus(st), witnessWords(st, rs.Set.Show().Location), anchorLine(rs.Set))
	}
	s.Widths(26, 60, 40, 100)
	ps := &table.Sheet{F: f, Name: picks}
	table.PutList(ps, st.Header, returnPicks, r.lines())
	ps.Widths(returnPicks.Widths()...)
	for _, sh := range []*table.Sheet{s, ps} {
		if sh.Err != nil {
			return fmt.Errorf("sheet %s: %v", sh.Name, sh.Err)
		}
		if r.Rehearsal {
			if err := f.SetHeaderFooter(sh.Name, &excelize.HeaderFooterOptions{OddHeader: "&C&B" + table.Escape(record.RehearsalBanner), OddFooter: "&CPage &P of &N"}); err != nil {
				return err
			}
		}
	}
	if err := f.SetDocProps(&excelize.DocProperties{Title: "Compliance return: " + r.Name, Subject: record.Banner(r.Rehearsal), Creator: "drawshow",
		LastModifiedBy: "drawshow", Created: table.Stamp(r.Dates.AsOf), Modified: table.Stamp(r.Dates.AsOf)}); err != nil {
		return err
	}
	f.SetActiveSheet(0)
	return table.Save(f, path)
}
