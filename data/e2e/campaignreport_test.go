package e2e

import (
	"bytes"
	"encoding/json"
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

const monthEndCampaignText = `promotion: Royal Flush
property: Gold Reef City
segments:
  - id: me
    kind: month-end
    title: Month-end draw
    winners: 2
    tickets: points
    points_per_ticket: 100
    prizes: ["Grand Finale finalist"]
    bins:
      - {at: "DATET14:00", entries: b1.csv}
      - {at: "DATET15:00", entries: b2.csv}
`

// campaignDB is one campaign database: a November month-end, two weeks of
// the jackpot chest, a December month-end rehearsed and then drawn.
type campaignDB struct {
	db    *store.DB
	shows []*session.Session
}

func newCampaignDB(t *testing.T) *campaignDB {
	t.Helper()
	dir := t.TempDir()
	db, err := store.Open(filepath.Join(dir, "campaign.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	rig.Write(t, filepath.Join(dir, "b1.csv"), pointsFile("A", 10))
	rig.Write(t, filepath.Join(dir, "b2.csv"), pointsFile("B", 10))
	rig.Write(t, filepath.Join(dir, "chest.csv"), pointsFile("K", 25))
	c := &campaignDB{db: db}
	clock := time.Date(2024, 11, 24, 8, 0, 0, 0, time.UTC)
	play := func(name, text string, rehearsal bool) {
		t.Helper()
		path := filepath.Join(dir, name+".yaml")
		rig.Write(t, path, text)
		sh, err := show.Parse(path, []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		if a := sh.Advertised(); !rehearsal && !a.IsZero() && !a.Add(-24*time.Hour).Before(clock) {
			// an official show opens on its own night: the morning of its day
			clock = time.Date(a.Year(), a.Month(), a.Day(), clock.Hour(), clock.Minute(), 0, 0, time.UTC)
		}
		f := &rig.Fixture{Dir: dir, ShowPath: path, DBPath: filepath.Join(dir, "campaign.db"), Text: []byte(text), Clock: clock}
		opt := session.Options{Rehearsal: rehearsal, NoWitness: true, Clock: func() time.Time { return f.Clock }, Wall: func() time.Time { return f.Clock }}
		if rehearsal {
			opt.Seed = rig.Seed
		}
		ss, err := session.Open(db, sh, []byte(text), opt)
		if err != nil {
			t.Fatal(err)
		}
		r := &rig.Finale{T: t, F: f, DB: db, SS: ss}
		for {
			r.ClaimAll()
			for ball := 1; r.Cur().Chooser() != nil; ball++ {
				r.Choose(fmt.Sprintf("%02d", ball))
			}
			if r.SS.Eng.State().Cur >= len(sh.Segments)-1 {
				break
			}
			r.Op(show.OpNext)
		}
		r.Op(show.OpClose)
		clock = f.Clock.Add(24 * time.Hour)
		c.shows = append(c.shows, ss)
	}
	play("nov", strings.ReplaceAll(monthEndCampaignText, "DATE", "2024-11-24"), false)
	for _, day := range []string{"2024-12-08", "2024-12-15"} {
		play("chest-"+day, strings.Replace(fmt.Sprintf(chestText, ""), "2024-12-08", day, 1), false)
	}
	play("dec-rehearsal", strings.ReplaceAll(monthEndCampaignText, "DATE", "2024-12-22"), true)
	play("dec", strings.ReplaceAll(monthEndCampaignText, "DATE", "2024-12-29"), false)
	return c
}

// TestCampaignReport: the campaign's listing has every show with its
// status and totals; its report, PDF and XLSX read back, has the official
// shows alone, their winners, the totals paid, the jackpot ledger week by
// week and the finalists by month.
func TestCampaignReport(t *testing.T) {
	c := newCampaignDB(t)
	shows, err := export.CampaignShows(c.db)
	if err != nil {
		t.Fatal(err)
	}
	if len(shows) != 5 {
		t.Fatalf("%d shows listed, want 5", len(shows))
	}
	var total record.Totals
	for i, s := range shows {
		st := c.shows[i].Eng.State()
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
	w1 := c.shows[1].Eng.State().Seg("chest")
	w2 := c.shows[2].Eng.State().Seg("chest")
	if w1.Frozen.Jackpot != 20000 || w2.Frozen.Jackpot != w1.Settled.Next {
		t.Fatalf("fixture: the weeks froze %d and %d", w1.Frozen.Jackpot, w2.Frozen.Jackpot)
	}

	out := t.TempDir()
	var official []string
	for _, s := range campaign.Official(shows) {
		official = append(official, s.ID)
	}
	at, err := c.db.LastEventTimeOf(official)
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

// TestReportLedgerHistory: a chest's export carries how its jackpot built
// up, week by week from the campaign database (record.json and the
// report); verify holds the weeks to the jackpot's rules and this week's
// value, and an archive holds them to its database.
func TestReportLedgerHistory(t *testing.T) {
	c := newCampaignDB(t)
	w1 := c.shows[1].Eng.State().Seg("chest")
	w2 := c.shows[2]
	out := filepath.Join(t.TempDir(), "export")
	rec, err := export.Write(c.db, w2.ID, out)
	if err != nil {
		t.Fatal(err)
	}
	j := drawOf(t, rec, "chest").Jackpot
	want := []record.RecordWeek{{Show: c.shows[1].ID, Date: "2024-12-08", Segment: "chest", Value: 20000, Won: w1.Settled.Won, Next: w1.Settled.Next}}
	if !slices.Equal(j.History, want) || j.Value != w1.Settled.Next {
		t.Fatalf("history %+v, value %d; want %+v", j.History, j.Value, want)
	}
	if first, _ := export.Write(c.db, c.shows[1].ID, filepath.Join(t.TempDir(), "first")); drawOf(t, first, "chest").Jackpot.History != nil {
		t.Errorf("the first week has a history: %+v", drawOf(t, first, "chest").Jackpot.History)
	}
	all := rig.Squeeze(strings.Join(rig.PDFPages(t, filepath.Join(out, record.ReportPDF)), "\n"))
	result := map[bool]string{true: "won", false: "not won"}
	for _, s := range []string{"How it built up",
		"1 2024-12-08 " + c.shows[1].ID + " " + rig.Squeeze(show.Money("ZAR", 20000)) + " " + result[w1.Settled.Won] + " " + rig.Squeeze(show.Money("ZAR", w1.Settled.Next)),
		"2 2024-12-15 " + w2.ID + " (this show) " + rig.Squeeze(show.Money("ZAR", j.Value))} {
		if !strings.Contains(all, s) {
			t.Errorf("report.pdf does not say %q", s)
		}
	}
	if v, err := rig.VerifyDir(out); err != nil || len(v) > 0 {
		t.Fatalf("verify: %v %q", err, v)
	}
	// the weeks are official shows on seeds of their own: won or not, a
	// week whose result is turned over breaks the jackpot's rules
	forgedExport(t, out, "a week's result turned over", "the ledger history of grc-chest: week 1 (2024-12-08, show "+c.shows[1].ID+"): next", func(dir string) {
		editRecordJSON(t, dir, func(rec *record.Record) {
			w := &drawOf(t, rec, "chest").Jackpot.History[0]
			w.Won = !w.Won
		})
	})
	forgedExport(t, out, "a week that does not add up", "the ledger history of grc-chest: week 1 (2024-12-08, show "+c.shows[1].ID+"): next", func(dir string) {
		editRecordJSON(t, dir, func(rec *record.Record) { drawOf(t, rec, "chest").Jackpot.History[0].Next += 1000 })
	})

	// an archive's database names the show a forged week claims
	zipPath := filepath.Join(t.TempDir(), "w2.zip")
	if _, err := export.Archive(c.db, w2.ID, zipPath, nil); err != nil {
		t.Fatal(err)
	}
	if v, err := export.VerifyArchive(zipPath); err != nil || len(v.Problems) > 0 {
		t.Fatalf("verify archive: %v %+v", err, v)
	}
	forged := rewrite(t, zipPath, func(name string, b []byte) []byte {
		if name == record.RecordFile {
			return []byte(strings.Replace(string(b), `"show": "`+c.shows[1].ID+`"`, `"show": "another-show"`, 1))
		}
		return b
	}, nil, true)
	v, err := export.VerifyArchive(forged)
	if err != nil {
		t.Fatal(err)
	}
	if all := strings.Join(v.Problems, "\n"); !strings.Contains(all, "record.json and campaign.db differ at draw chest, jackpot, week ") {
		t.Errorf("verify of an archive whose week names another show:\n%s", all)
	}
}

// editRecordJSON rewrites dir's record.json with edit applied.
func editRecordJSON(t *testing.T, dir string, edit func(rec *record.Record)) {
	t.Helper()
	p := filepath.Join(dir, record.RecordFile)
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	var rec record.Record
	if err := json.Unmarshal(b, &rec); err != nil {
		t.Fatal(err)
	}
	edit(&rec)
	if b, err = json.MarshalIndent(&rec, "", " "); err != nil {
		t.Fatal(err)
	}
	rig.Write(t, p, string(b)+"\n")
}

// TestCampaignShowThatDoesNotFold: a show whose record breaks the rules
// is listed with its problem and nothing taken from it.
func TestCampaignShowThatDoesNotFold(t *testing.T) {
	dir := t.TempDir()
	db, err := store.Open(filepath.Join(dir, "campaign.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rig.Write(t, filepath.Join(dir, "chest.csv"), pointsFile("K", 25))
	text := fmt.Sprintf(chestText, "")
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

// TestCampaignFinalistsApart: a month's finalists are the winners of its
// finalist draws (the manual bin and the wild cards), not the month-end
// bins' winners, who won their prizes; and a finalist spot is counted
// apart from the prizes, never as a prize in kind (issue 26, item 11).
func TestCampaignFinalistsApart(t *testing.T) {
	f := newNightFixture(t)
	text := strings.NewReplacer(
		"attendance: not-required\n    bins:", "attendance: not-required\n    prizes: [\"R5 000\"]\n    bins:",
		"{id: finalist, kind: manual-bin, from: [nov], winners: 1, attendance: not-required}",
		`{id: finalist, kind: manual-bin, from: [nov], winners: 1, attendance: not-required, prizes: ["Grand Finale finalist"]}`,
		"{id: wild, kind: wild-card, from: [nov], winners: 2, attendance: not-required}",
		`{id: wild, kind: wild-card, from: [nov], winners: 2, attendance: not-required, prizes: ["Grand Finale finalist (wild card)"]}`,
	).Replace(nightYAML)
	if text == nightYAML || strings.Count(text, "Grand Finale finalist") != 2 || !strings.Contains(text, `prizes: ["R5 000"]`) {
		t.Fatal("fixture: the prizes were not added")
	}
	f.Text = []byte(text)
	rig.Write(t, f.ShowPath, text)
	db, ss := playNight(t, f, false)
	shows, err := export.CampaignShows(db)
	if err != nil {
		t.Fatal(err)
	}
	if len(shows) != 1 || shows[0].Problem != "" {
		t.Fatalf("shows %+v", shows)
	}
	months, by := campaign.Finalists(shows)
	if !slices.Equal(months, []string{"2024-11"}) || len(by["2024-11"]) != 3 {
		t.Fatalf("finalists by month %v: %d in November, want the manual bin's 1 and the wild cards' 2", months, len(by["2024-11"]))
	}
	for _, w := range by["2024-11"] {
		if !strings.HasPrefix(w.Segment, "finalist") && !strings.HasPrefix(w.Segment, "wild") {
			t.Errorf("finalist of %s: %+v", w.Segment, w)
		}
	}
	s := shows[0]
	all := record.NightTotals("ZAR", ss.Eng.State())
	if s.Spots != 3 || s.Totals.Winners != all.Winners-3 || s.Totals.InKind != 0 || s.Totals.Cash != all.Cash || all.InKind != 3 {
		t.Errorf("spots %d, totals %+v; the night's %+v: want 3 spots apart and no prize in kind", s.Spots, s.Totals, all)
	}
	// the prize desk owes the month-end's prizes, never a finalist spot
	st := ss.Eng.State()
	book := campaign.NewDesk([]campaign.DeskShow{{ID: st.ID, Set: record.NewSet(ss.Eng.Show, st, nil, nil, nil)}}) // as the official night it plays
	for _, p := range book.Prizes() {
		if strings.HasPrefix(p.Segment, "finalist") || strings.HasPrefix(p.Segment, "wild") {
			t.Errorf("the desk owes %s", p.What())
		}
	}
	fin := st.Seg("finalist")
	if len(book.Prizes()) == 0 || fin.Picks[len(fin.Picks)-1].Outcome != show.ToContact {
		t.Fatalf("fixture: %d prizes owed, the finalist %s", len(book.Prizes()), fin.Picks[len(fin.Picks)-1].Outcome)
	}
	if _, err := book.Prize(st.ID, "finalist", len(fin.Picks)-1); err == nil || !strings.Contains(err.Error(), "won a finalist spot, not a prize") {
		t.Errorf("the desk and a finalist: %v", err)
	}

	out := t.TempDir()
	shows[0].Rehearsal = false // the fixture's night is a rehearsal: report it as the official night it plays
	if err := campaign.WriteCampaign(out, shows, nil, campaign.Dates{AsOf: time.Date(2024, 11, 25, 0, 0, 0, 0, time.UTC), Written: time.Date(2024, 11, 25, 0, 0, 0, 0, time.UTC)}, false); err != nil {
		t.Fatal(err)
	}
	x, err := excelize.OpenFile(filepath.Join(out, campaign.CampaignXLSX))
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	sh, _ := x.GetRows(campaign.CampaignShowsSheet)
	col := slices.Index(sh[0], "Finalist spots")
	if col < 0 || sh[1][col] != "3" || sh[1][slices.Index(sh[0], "Prizes in kind")] != "0" {
		t.Errorf("Shows sheet %q", sh)
	}
	pdf := rig.Squeeze(strings.Join(rig.PDFPages(t, filepath.Join(out, campaign.CampaignPDF)), "\n"))
	if !strings.Contains(pdf, "2024-11: 3 finalist(s)") || strings.Contains(pdf, "prizes in kind") {
		t.Errorf("campaign.pdf:\n%s", pdf)
	}
}
