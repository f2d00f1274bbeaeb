package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"drawshow/data/campaign"
	"drawshow/data/datatest/rig"
	"drawshow/data/export"
	"drawshow/data/record"
	"drawshow/show"
)

// TestReportLedgerHistory: a chest's export carries how its jackpot built
// up, week by week from the campaign database (record.json and the
// report); verify holds the weeks to the jackpot's rules and this week's
// value, and an archive holds them to its database.
func TestReportLedgerHistory(t *testing.T) {
	t.Parallel()
	c := rig.NewCampaignDB(t)
	w1 := c.Shows[1].Eng.State().Seg("chest")
	w2 := c.Shows[2]
	out := filepath.Join(t.TempDir(), "export")
	rec, err := export.Write(c.DB, w2.ID, out)
	if err != nil {
		t.Fatal(err)
	}
	j := drawOf(t, rec, "chest").Jackpot
	want := []record.RecordWeek{{Show: c.Shows[1].ID, Date: "2024-12-08", Segment: "chest", Value: 20000, Won: w1.Settled.Won, Next: w1.Settled.Next}}
	if !slices.Equal(j.History, want) || j.Value != w1.Settled.Next {
		t.Fatalf("history %+v, value %d; want %+v", j.History, j.Value, want)
	}
	if first, _ := export.Write(c.DB, c.Shows[1].ID, filepath.Join(t.TempDir(), "first")); drawOf(t, first, "chest").Jackpot.History != nil {
		t.Errorf("the first week has a history: %+v", drawOf(t, first, "chest").Jackpot.History)
	}
	all := rig.Squeeze(strings.Join(rig.PDFPages(t, filepath.Join(out, record.ReportPDF)), "\n"))
	result := map[bool]string{true: "won", false: "not won"}
	for _, s := range []string{"How it built up",
		"1 2024-12-08 " + c.Shows[1].ID + " " + rig.Squeeze(show.Money("ZAR", 20000)) + " " + result[w1.Settled.Won] + " " + rig.Squeeze(show.Money("ZAR", w1.Settled.Next)),
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
	forgedExport(t, out, "a week's result turned over", "the ledger history of grc-chest: week 1 (2024-12-08, show "+c.Shows[1].ID+"): next", func(dir string) {
		editRecordJSON(t, dir, func(rec *record.Record) {
			w := &drawOf(t, rec, "chest").Jackpot.History[0]
			w.Won = !w.Won
		})
	})
	forgedExport(t, out, "a week that does not add up", "the ledger history of grc-chest: week 1 (2024-12-08, show "+c.Shows[1].ID+"): next", func(dir string) {
		editRecordJSON(t, dir, func(rec *record.Record) { drawOf(t, rec, "chest").Jackpot.History[0].Next += 1000 })
	})

	// an archive's database names the show a forged week claims
	zipPath := filepath.Join(t.TempDir(), "w2.zip")
	if _, err := export.Archive(c.DB, w2.ID, zipPath, nil); err != nil {
		t.Fatal(err)
	}
	if v, err := export.VerifyArchive(zipPath); err != nil || len(v.Problems) > 0 {
		t.Fatalf("verify archive: %v %+v", err, v)
	}
	forged := rig.Rewrite(t, zipPath, func(name string, b []byte) []byte {
		if name == record.RecordFile {
			return []byte(strings.Replace(string(b), `"show": "`+c.Shows[1].ID+`"`, `"show": "another-show"`, 1))
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

// TestCampaignFinalistsApart: a month's finalists are the winners of its
// finalist draws (the manual bin and the wild cards), not the month-end
// bins' winners, who won their prizes; and a finalist spot is counted
// apart from the prizes, never as a prize in kind (issue 26, item 11).
func TestCampaignFinalistsApart(t *testing.T) {
	t.Parallel()
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
