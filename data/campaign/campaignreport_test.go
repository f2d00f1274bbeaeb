package campaign_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"drawshow/data/campaign"
	"drawshow/data/datatest/rig"
	"drawshow/data/export"
	"drawshow/data/record"
	"drawshow/data/session"
	"drawshow/data/store"
	"drawshow/show"
)

// TestCampaignReport: the campaign's listing has every show with its
// status and totals; its report, PDF and XLSX read back, has the official
// shows alone, their winners, the totals paid, the jackpot ledger week by
// week and the finalists by month.
func TestCampaignReport(t *testing.T) {
	t.Parallel()
	c := rig.NewCampaignDB(t)
	shows, err := export.CampaignShows(c.DB)
	if err != nil {
		t.Fatal(err)
	}
	if len(shows) != 5 {
		t.Fatalf("%d shows listed, want 5", len(shows))
	}
	var total record.Totals
	for i, s := range shows {
		st := c.Shows[i].Eng.State()
		want := record.NightTotals("ZAR", st)
		if s.ID != st.ID || s.Totals != want || !s.Closed || s.Rehearsal != (i == 3) || s.Draws != 2 && s.Draws != 1 {
			t.Errorf("show %d: %+v, want %s with totals %+v", i, s, st.ID, want)
		}
		if !s.Rehearsal {
			total.Plus(want)
		}
	}
	if got := shows[3].Status(); got != "REHEARSAL, closed" {
		t.Errorf("the rehearsal's status %q", got)
	}
	if shows[0].Date != "2024-11-24" || shows[1].Date != "2024-12-08" || shows[4].Date != "2024-12-29" {
		t.Errorf("dates %s %s %s", shows[0].Date, shows[1].Date, shows[4].Date)
	}
	w1 := c.Shows[1].Eng.State().Seg("chest")
	w2 := c.Shows[2].Eng.State().Seg("chest")
	if w1.Frozen.Jackpot != 20000 || w2.Frozen.Jackpot != w1.Settled.Next {
		t.Fatalf("fixture: the weeks froze %d and %d", w1.Frozen.Jackpot, w2.Frozen.Jackpot)
	}

	out := t.TempDir()
	var official []string
	for _, s := range campaign.Official(shows) {
		official = append(official, s.ID)
	}
	at, err := c.DB.LastEventTimeOf(official)
	if err != nil || at.IsZero() {
		t.Fatalf("last event: %v %v", at, err)
	}
	if err := campaign.WriteCampaign(out, shows, nil, campaign.Dates{AsOf: at, Written: at}, false); err != nil {
		t.Fatal(err)
	}
	rehearsalID := shows[3].ID
	// the same database gives the same files
	again := t.TempDir()
	if err := campaign.WriteCampaign(again, shows, nil, campaign.Dates{AsOf: at, Written: at}, false); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{campaign.CampaignPDF, campaign.CampaignXLSX} {
		a, _ := os.ReadFile(filepath.Join(out, f))
		b, _ := os.ReadFile(filepath.Join(again, f))
		if len(a) == 0 || !bytes.Equal(a, b) {
			t.Errorf("%s written twice differs (%d and %d bytes)", f, len(a), len(b))
		}
	}

	// the workbook
	x, err := excelize.OpenFile(filepath.Join(out, campaign.CampaignXLSX))
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	rows := func(sheet string) [][]string {
		rs, err := x.GetRows(sheet)
		if err != nil {
			t.Fatal(err)
		}
		return rs
	}
	sh := rows(campaign.CampaignShowsSheet)
	if !slices.Equal(sh[0], campaign.CampaignShowColumns) || len(sh) != 1+4+1 {
		t.Fatalf("Shows sheet %q", sh)
	}
	for i, s := range campaign.Official(shows) {
		want := []string{s.ID, s.Date, "Royal Flush", "Gold Reef City", "official, closed", strconv.Itoa(s.Draws), strconv.Itoa(s.Totals.Winners),
			strconv.FormatInt(s.Totals.Cash, 10), strconv.Itoa(s.Totals.InKind), strconv.FormatInt(s.Totals.InKindValue, 10), "0", strconv.Itoa(s.Redraws)}
		if len(s.Marked) > 0 {
			want = append(want, strings.Join(s.Marked, ", "))
		}
		if s.Promotion != "Royal Flush" {
			want[2] = s.Promotion
		}
		if !slices.Equal(sh[1+i], want) {
			t.Errorf("Shows row %d %q, want %q", i, sh[1+i], want)
		}
	}
	if got, want := sh[5], []string{campaign.CampaignTotalRow, "", "", "", "", "", strconv.Itoa(total.Winners), strconv.FormatInt(total.Cash, 10),
		strconv.Itoa(total.InKind), strconv.FormatInt(total.InKindValue, 10), "0"}; !slices.Equal(got, want) {
		t.Errorf("the campaign's total %q, want %q", got, want)
	}
	if total.Cash == 0 || total.InKind != 8 {
		t.Errorf("fixture: total %+v, want chest cash and 8 finalists in kind", total)
	}
	win := rows(campaign.CampaignWinnersSheet)
	if len(win) != 1+total.Winners {
		t.Errorf("Winners sheet lists %d, want %d", len(win)-1, total.Winners)
	}
	prop := slices.Index(win[0], "Property")
	for _, r := range win[1:] {
		if r[0] == rehearsalID {
			t.Errorf("the rehearsal's winner %q in the report", r)
		}
		// every sheet names the property: the show's, where the entry file has none (issue 39)
		if prop < 0 || len(r) <= prop || r[prop] != "Gold Reef City" {
			t.Errorf("a winner's property on the Winners sheet: %q", r)
		}
	}
	led := rows(campaign.CampaignLedgerSheet)
	wantLedger := [][]string{campaign.CampaignLedgerColumns,
		{"grc-chest", "2024-12-08", shows[1].ID, "chest", "20000", map[bool]string{true: "won", false: "not won"}[w1.Settled.Won], strconv.FormatInt(w1.Settled.Next, 10)},
		{"grc-chest", "2024-12-15", shows[2].ID, "chest", strconv.FormatInt(w2.Frozen.Jackpot, 10), map[bool]string{true: "won", false: "not won"}[w2.Settled.Won], strconv.FormatInt(w2.Settled.Next, 10)}}
	if !slices.EqualFunc(led, wantLedger, slices.Equal) {
		t.Errorf("ledger\n got %q\nwant %q", led, wantLedger)
	}
	// a month-end bin's winners win its prize: the finalists are a manual
	// bin's and a wild card's (TestCampaignFinalistsApart)
	if fin := rows(campaign.CampaignFinalistsSheet); len(fin) != 1 {
		t.Errorf("Finalists sheet %q, want its header alone", fin)
	}

	// what each show carries, with its sources' anchors: week 2's chest
	// reads week 1's settlement
	car := rows(campaign.CampaignCarriedSheet)
	if !slices.Equal(car[0], campaign.CampaignCarriedColumns) || !slices.ContainsFunc(car[1:], func(r []string) bool {
		return r[0] == shows[2].ID && r[2] == shows[1].ID && r[4] == shows[2].Carried[0].Anchor() && strings.HasPrefix(r[6], "jackpot grc-chest at 20000")
	}) {
		t.Errorf("Carried over sheet %q; week 2 carries %+v", car, shows[2].Carried)
	}

	// the PDF
	all := rig.Squeeze(strings.Join(rig.PDFPages(t, filepath.Join(out, campaign.CampaignPDF)), "\n"))
	for _, want := range []string{"Campaign report", "4 official show(s)", campaign.CampaignTotalRow, "Paid in all " + rig.Squeeze(total.Words("ZAR")),
		"Progressive jackpot ledger", "grc-chest 2024-12-08 " + shows[1].ID + " " + rig.Squeeze(show.Money("ZAR", 20000)),
		"Finalists by month", "No finalist was drawn in these shows.", "Winners of show " + shows[4].ID, "Independent auditor", "Carried over from show to show", shows[2].ID + " (2024-12-15) carries from"} {
		if !strings.Contains(all, want) {
			t.Errorf("campaign.pdf does not say %q", want)
		}
	}
	if strings.Contains(all, rehearsalID) || strings.Contains(all, "REHEARSAL") {
		t.Errorf("campaign.pdf names the rehearsal %s", rehearsalID)
	}

	// the rehearsals' campaign: the rehearsal alone, REHEARSAL on every
	// page and sheet (issue 25: the manager sees the campaign before it runs)
	reh := t.TempDir()
	if err := campaign.WriteCampaign(reh, shows, nil, campaign.Dates{AsOf: at, Written: at}, true); err != nil {
		t.Fatal(err)
	}
	pages := rig.PDFPages(t, filepath.Join(reh, campaign.CampaignPDF))
	for i, pg := range pages {
		if !strings.Contains(pg, "REHEARSAL") {
			t.Errorf("the rehearsals' campaign.pdf page %d does not say REHEARSAL", i+1)
		}
	}
	rall := rig.Squeeze(strings.Join(pages, "\n"))
	if !strings.Contains(rall, "1 rehearsal(s) of the campaign database") || !strings.Contains(rall, "Winners of show "+rehearsalID) || strings.Contains(rall, shows[4].ID) {
		t.Errorf("the rehearsals' campaign.pdf:\n%s", rall)
	}
	rx, err := excelize.OpenFile(filepath.Join(reh, campaign.CampaignXLSX))
	if err != nil {
		t.Fatal(err)
	}
	defer rx.Close()
	for _, name := range rx.GetSheetList() {
		hf, err := rx.GetHeaderFooter(name)
		if !strings.HasSuffix(name, " REHEARSAL") || err != nil || !strings.Contains(hf.OddHeader, record.RehearsalBanner) {
			t.Errorf("the rehearsals' campaign.xlsx sheet %q, header %+v %v", name, hf, err)
		}
	}
	if rs, _ := rx.GetRows(campaign.CampaignSheet(campaign.CampaignShowsSheet, true)); len(rs) != 1+1+1 || rs[1][0] != rehearsalID || rs[1][4] != "REHEARSAL, closed" {
		t.Errorf("the rehearsals' Shows sheet %q", rs)
	}
}

// TestCampaignShowThatDoesNotFold: a show whose record breaks the rules
// is listed with its problem and nothing taken from it.
func TestCampaignShowThatDoesNotFold(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db, err := store.Open(filepath.Join(dir, "campaign.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rig.Write(t, filepath.Join(dir, "chest.csv"), rig.PointsFile("K", 25))
	text := fmt.Sprintf(rig.ChestText, "")
	path := filepath.Join(dir, "chest.yaml")
	rig.Write(t, path, text)
	sh, err := show.Parse(path, []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	clock := time.Date(2024, 12, 8, 18, 0, 0, 0, time.UTC)
	ss, err := session.Open(db, sh, []byte(text), session.Options{NoWitness: true, Clock: func() time.Time { return clock }, Wall: func() time.Time { return clock }})
	if err != nil {
		t.Fatal(err)
	}
	ss.Eng.SetJackpot("grc-chest", 990000) // a presenter that read the ledger wrong
	if _, err := ss.Do(show.Command{Op: show.OpDraw}, nil); err != nil {
		t.Fatal(err)
	}
	shows, err := export.CampaignShows(db)
	if err != nil {
		t.Fatal(err)
	}
	if len(shows) != 1 || !strings.Contains(shows[0].Problem, "990000") || shows[0].Totals != (record.Totals{}) || shows[0].Winners != nil {
		t.Fatalf("listed %+v", shows)
	}
}
