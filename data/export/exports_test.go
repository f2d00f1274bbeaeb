package export_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"

	"drawshow/data/datatest/rig"
	"drawshow/data/export"
	"drawshow/data/record"
	"drawshow/data/verify"
	"drawshow/show"
)

func TestExportAllFilesReadBack(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Fatal("pdftotext is not installed: the PDF cannot be read back (apt-get install poppler-utils, or make deps)")
	}
	for _, rehearsal := range []bool{false, true} {
		t.Run(map[bool]string{false: "official", true: "rehearsal"}[rehearsal], func(t *testing.T) {
			f := rig.ExportFixture(t)
			db, ss := rig.PlayExportShow(t, f, rehearsal)
			st := ss.Eng.State()
			cash := st.Seg("sat-cash")
			wantOutcomes := []show.Outcome{show.Claimed, show.Void, show.NoShow, show.Forfeit, show.ByProxy, show.Declined}
			for i, p := range cash.Picks {
				if p.Outcome != wantOutcomes[i] {
					t.Fatalf("fixture: pick %d is %s, want %s", i, p.Outcome, wantOutcomes[i])
				}
			}

			out := t.TempDir()
			var steps []string
			lastDone := -1
			rec, err := export.WriteProgress(db, ss.ID, out, func(step string, done, total int) {
				if done < lastDone || done > total || total != 2+record.Steps {
					t.Errorf("progress %q %d of %d after %d", step, done, total, lastDone)
				}
				lastDone = done
				steps = append(steps, step)
			})
			if err != nil {
				t.Fatal(err)
			}
			if want := []string{"reading the record", "bins/sat-cash.csv", "bins/members.csv", record.ShowFile, record.JournalFile, record.PeopleFile, record.WinnersCSV, record.WinnersXLSX, record.ReportPDF, record.CollectionFile, record.ContactsFile, record.RecordFile, "done"}; !slices.Equal(steps, want) {
				t.Errorf("progress steps %q, want %q", steps, want)
			}
			if lastDone != 2+record.Steps {
				t.Errorf("progress ended at %d", lastDone)
			}
			if r, err := verify.Dir(out); err != nil || len(r.Problems) > 0 || r.Picks != 8 {
				t.Fatalf("verify: %+v, %v", r, err)
			}
			checkWinnersCSV(t, filepath.Join(out, record.WinnersCSV), st)
			checkXLSX(t, filepath.Join(out, record.WinnersXLSX), st, rec)
			checkPDF(t, filepath.Join(out, record.ReportPDF), st, rec)
			checkCollection(t, filepath.Join(out, record.CollectionFile), st)
		})
	}
}

// localTime is how the sheets write a time: the show's timezone, seconds
// and the offset.
func localTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	loc, _ := time.LoadLocation("Africa/Johannesburg")
	return t.In(loc).Format("2006-01-02 15:04:05 -07:00")
}

// zonedTime is how the CSV lists write a time: RFC 3339 with the show's offset.
func zonedTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	loc, _ := time.LoadLocation("Africa/Johannesburg")
	return t.In(loc).Format(time.RFC3339)
}

// prizeAmount is the sum the fixture's prizes state, as the lists write it.
func prizeAmount(prize string) (amount, paidAs string) {
	switch prize {
	case "R5 000":
		return "5000", "cash"
	case "R2 000":
		return "2000", "cash"
	case "R1 000":
		return "1000", "cash"
	case "Weekend away":
		return "", "in kind"
	}
	return "?", "?"
}

// csvRecords reads the CSV list at path: its bytes and its records, of
// any number of fields (a rehearsal's banner is one).
func csvRecords(t *testing.T, path string) ([]byte, [][]string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r := csv.NewReader(bytes.NewReader(b))
	r.FieldsPerRecord = -1
	recs, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return b, recs
}

// checkWinnersCSV reads winners.csv back: the rehearsal banner, the
// header, and one row per winner with its pick counted from 1, the
// prize's currency, amount and how it is paid, and local times with the
// offset.
func checkWinnersCSV(t *testing.T, path string, st *show.State) {
	t.Helper()
	b, recs := csvRecords(t, path)
	if st.Opened.Rehearsal {
		if len(recs[0]) != 1 || recs[0][0] != record.RehearsalBanner {
			t.Fatalf("a rehearsal's winners.csv begins %q, want the banner", recs[0])
		}
		recs = recs[1:]
	} else if bytes.Contains(b, []byte("REHEARSAL")) {
		t.Errorf("an official winners.csv says REHEARSAL:\n%s", b)
	}
	if !slices.Equal(recs[0], record.WinnersCSVColumns) {
		t.Fatalf("header %q", recs[0])
	}
	var want [][]string
	for _, s := range st.Segs {
		for _, p := range s.Picks {
			if !p.Outcome.Wins() {
				continue
			}
			who := rig.PersonOf(p.Participant)
			amount, paid := prizeAmount(p.Prize)
			collect := ""
			if p.Outcome != show.Claimed {
				collect = "2024-12-15"
			}
			want = append(want, []string{s.Seg.ID, s.Seg.Title, strconv.Itoa(p.K + 1), p.Ticket, p.Participant, who.Name, who.Tier,
				"", "", "", p.Prize, "ZAR", amount, paid, string(p.Outcome), p.Proxy, p.ProxyID, zonedTime(p.DrawnAt), zonedTime(p.DecidedAt), collect, ""})
		}
	}
	if got := recs[1:]; !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("winners.csv rows\n got %q\nwant %q", got, want)
	}
	if !strings.Contains(string(b), "+02:00") || strings.Contains(string(b), "Z,") {
		t.Errorf("winners.csv times are not in the show's zone with its offset:\n%s", b)
	}
}

func checkXLSX(t *testing.T, path string, st *show.State, rec *record.Record) {
	t.Helper()
	x, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	rehearsal := st.Opened.Rehearsal
	banner := record.OfficialBanner
	if rehearsal {
		banner = record.RehearsalBanner
	}
	contacts, collection := record.ContactsSheet, record.CollectionSheet
	if rehearsal {
		contacts += " REHEARSAL"
		collection += " REHEARSAL"
	}
	wantSheets := []string{record.SheetName(record.SummarySheet, rehearsal), record.SheetName("sat-cash", rehearsal), record.SheetName("members", rehearsal), contacts, collection}
	if got := x.GetSheetList(); !slices.Equal(got, wantSheets) {
		t.Fatalf("sheets %q, want %q", got, wantSheets)
	}
	all := map[string][][]string{}
	for _, name := range wantSheets {
		rows, err := x.GetRows(name)
		if err != nil {
			t.Fatal(err)
		}
		all[name] = rows
		if len(rows) < 2 || len(rows[1]) == 0 || rows[1][0] != banner {
			t.Errorf("sheet %s: second row %q, want the banner %q", name, rows[1], banner)
		}
		if strings.HasSuffix(name, " REHEARSAL") != rehearsal {
			t.Errorf("sheet %q: rehearsal %v", name, rehearsal)
		}
		for _, r := range rows {
			for _, c := range r {
				if !rehearsal && strings.Contains(c, "REHEARSAL") {
					t.Errorf("official sheet %s says %q", name, c)
				}
			}
		}
	}
	// the summary's tables
	sum := all[wantSheets[0]]
	find := func(title string) int {
		for i, r := range sum {
			if len(r) > 0 && r[0] == title {
				return i
			}
		}
		t.Fatalf("the summary has no %q table", title)
		return -1
	}
	kv := map[string]string{}
	for _, r := range sum[3:find("Draws")] {
		if len(r) == 2 {
			kv[r[0]] = r[1]
		}
	}
	if kv["Commitment"] != st.Opened.Commitment || kv["Seed"] != st.Seed || kv["Show"] != st.ID || kv["Algorithm"] != show.Algorithm {
		t.Errorf("summary says %q", kv)
	}
	d := find("Draws")
	if !slices.Equal(sum[d+1], record.DrawColumns[:len(sum[d+1])]) {
		t.Errorf("draws header %q", sum[d+1])
	}
	for i, rd := range rec.Draws {
		s := st.Seg(rd.Segment)
		got := sum[d+2+i]
		want := []string{s.Seg.ID, s.Seg.Title, s.Seg.At.Format("2006-01-02 15:04"), localTime(s.FrozenAt), strconv.Itoa(s.Frozen.Rows),
			strconv.Itoa(s.Frozen.Participants), strconv.FormatUint(s.Frozen.TotalWeight, 10), strconv.Itoa(len(s.Frozen.Excluded)),
			strconv.Itoa(len(s.Frozen.Barred)), strconv.Itoa(len(s.Picks)), strconv.Itoa(s.Winners()), strconv.Itoa(s.Seg.Winners), s.Frozen.Fingerprint, "",
			map[string]string{"sat-cash": "8000", "members": "0"}[s.Seg.ID], map[string]string{"sat-cash": "0", "members": "2"}[s.Seg.ID], "0"}
		if !slices.Equal(got, want) {
			t.Errorf("summary row of %s:\n got %q\nwant %q", rd.Segment, got, want)
		}
	}
	if got, want := sum[d+2+len(rec.Draws)], []string{record.TotalRow, "", "", "", "", "", "", "", "", "", "5", "", "", "", "8000", "2", "0"}; !slices.Equal(got, want) {
		t.Errorf("the night's total row %q, want %q", got, want)
	}
	if kv["Prizes won"] != "5 winners: "+show.Money("ZAR", 8000)+" cash; 2 prizes in kind" || !strings.Contains(kv["Timezone"], "UTC+02:00") ||
		!strings.HasPrefix(kv["Currency"], "ZAR ") {
		t.Errorf("summary says %q", kv)
	}
	w := find("Winners")
	n := 0
	for _, s := range st.Segs {
		for _, p := range s.Picks {
			if !p.Outcome.Wins() {
				continue
			}
			got := sum[w+2+n]
			n++
			amount, paid := prizeAmount(p.Prize)
			if got[0] != s.Seg.ID || got[1] != strconv.Itoa(p.K+1) || got[3] != p.Participant || got[4] != rig.PersonOf(p.Participant).Name ||
				got[8] != p.Prize || got[9] != amount || got[10] != paid || got[11] != string(p.Outcome) {
				t.Errorf("summary winner %d: %q, want pick %d of %s, %s", n, got, p.K+1, s.Seg.ID, p.Participant)
			}
		}
	}
	if len(sum) != w+2+n {
		t.Errorf("the summary lists %d winners, the state has %d", len(sum)-w-2, n)
	}
	// one sheet per segment: every pick, in order
	for _, s := range st.Segs {
		rows := all[record.SheetName(s.Seg.ID, rehearsal)]
		if !slices.Equal(rows[record.PickHeaderRow-1], record.PickColumns) {
			t.Errorf("%s: header %q", s.Seg.ID, rows[record.PickHeaderRow-1])
		}
		if !strings.Contains(rows[2][0], s.Frozen.Fingerprint) {
			t.Errorf("%s: third row %q lacks the fingerprint", s.Seg.ID, rows[2][0])
		}
		picks := rows[record.PickHeaderRow:]
		if len(picks) != len(s.Picks) {
			t.Fatalf("%s: %d pick rows, %d picks", s.Seg.ID, len(picks), len(s.Picks))
		}
		for i, p := range s.Picks {
			who := rig.PersonOf(p.Participant)
			winner, collect, note := "no", "", ""
			if p.Outcome.Wins() {
				winner = "yes"
			}
			if p.Outcome == show.ByProxy || p.Outcome == show.Declined || p.Outcome == show.ToContact {
				collect = "2024-12-15"
			}
			if p.Outcome == show.Void {
				note = "void: the host pressed draw twice"
			}
			amount, paid := prizeAmount(p.Prize)
			want := []string{strconv.Itoa(p.K + 1), p.Ticket, p.Participant, who.Name, who.Tier, "", "", "", p.Prize, amount, paid, string(p.Outcome), winner,
				localTime(p.DrawnAt), localTime(p.DecidedAt), p.Proxy, p.ProxyID, collect, note}
			got := append(picks[i], make([]string, len(want))...)[:len(want)]
			if !slices.Equal(got, want) {
				t.Errorf("%s pick %d:\n got %q\nwant %q", s.Seg.ID, p.K, got, want)
			}
		}
	}
}

// pdfWatermarked reports for each page whether it has diagonal text.
func pdfWatermarked(t *testing.T, path string) []bool {
	t.Helper()
	plain, all := rig.PDFText(t, path, "-nodiag"), rig.PDFText(t, path)
	out := make([]bool, len(all))
	for i := range all {
		out[i] = i < len(plain) && len(rig.Squeeze(all[i])) > len(rig.Squeeze(plain[i]))
	}
	return out
}

func checkPDF(t *testing.T, path string, st *show.State, rec *record.Record) {
	t.Helper()
	pages := rig.PDFPages(t, path)
	if len(pages) < 1+len(rec.Draws) {
		t.Fatalf("report.pdf has %d pages, want at least %d", len(pages), 1+len(rec.Draws))
	}
	all := strings.Join(pages, "\n")
	first := pages[0]
	for _, want := range []string{"Draw report", "Royal Flush, Gold Reef City", "Commitment C", st.Opened.Commitment,
		"Seed S", st.Seed, "Witness W", "Algorithm", show.Algorithm, "How to verify", "drawshow verify", st.ID} {
		if !strings.Contains(first, want) {
			t.Errorf("the first page does not say %q", want)
		}
	}
	marked := pdfWatermarked(t, path)
	for i, p := range pages {
		if marked[i] != st.Opened.Rehearsal {
			t.Errorf("page %d of %d: REHEARSAL watermark %v, the show's rehearsal flag %v", i+1, len(pages), marked[i], st.Opened.Rehearsal)
		}
		hasR := strings.Contains(p, "REHEARSAL - NOT AN OFFICIAL RESULT")
		if hasR != st.Opened.Rehearsal {
			t.Errorf("page %d of %d: rehearsal banner %v, the show's rehearsal flag %v", i+1, len(pages), hasR, st.Opened.Rehearsal)
		}
		if !st.Opened.Rehearsal && strings.Contains(p, "REHEARSAL") {
			t.Errorf("page %d of an official report says REHEARSAL", i+1)
		}
		if want := fmt.Sprintf("page %d of %d", i+1, len(pages)); !strings.Contains(p, want) {
			t.Errorf("page %d does not say %q", i+1, want)
		}
	}
	lines := strings.Split(all, "\n")
	for _, s := range st.Segs {
		f := s.Frozen
		for _, want := range []string{s.Seg.Title + " (" + s.Seg.ID + ")", f.Fingerprint, "Scheduled", "2024-11-30 " + s.Seg.At.Format("15:04"),
			fmt.Sprintf("Rows %s in the entry file", show.Thousands(f.Rows)),
			fmt.Sprintf("Participants %s in the bin", show.Thousands(f.Participants)),
			fmt.Sprintf("Tickets %s (total weight)", show.Thousands(f.TotalWeight)),
			fmt.Sprintf("Exclusions removed %d card(s)", len(f.Excluded)),
			fmt.Sprintf("Winners %d of %d decided", s.Winners(), s.Seg.Winners)} {
			if !strings.Contains(rig.Squeeze(all), want) {
				t.Errorf("report.pdf does not say %q", want)
			}
		}
		// every pick on its own line, in order: number, ticket, card, name, outcome, times
		at := 0
		for _, p := range s.Picks {
			want := []string{strconv.Itoa(p.K + 1), p.Ticket, p.Participant, rig.PersonOf(p.Participant).Name, string(p.Outcome),
				p.DrawnAt.In(s.Seg.At.Location()).Format(time.TimeOnly), p.DecidedAt.In(s.Seg.At.Location()).Format(time.TimeOnly)}
			found := false
			for ; at < len(lines); at++ {
				fields := rig.Squeeze(lines[at])
				if strings.HasPrefix(fields, want[0]+" "+want[1]+" "+want[2]+" ") && strings.Contains(fields, want[3]) &&
					strings.Contains(fields, " "+want[4]+" "+want[5]+" "+want[6]) {
					found = true
					break
				}
			}
			if !found {
				t.Errorf("report.pdf has no line %q after the previous pick of %s", want, s.Seg.ID)
				at = 0
			}
		}
	}
	for _, want := range []string{"Void: Pick 2 (ticket " + st.Seg("sat-cash").Picks[1].Ticket, "the host pressed draw twice",
		"Pick 5: claimed by proxy; proxy Lindiwe Dube (ID 8001015009087); collect by 2024-12-15",
		"No progressive jackpot in this show", "Host", "Independent auditor", "Promotions manager", "Signature",
		"Timezone Africa/Johannesburg, UTC+02:00 (all times below)", "Currency ZAR",
		"Prizes won sat-cash 3 winners: " + show.Money("ZAR", 8000) + " cash",
		"members 2 winners: " + show.Money("ZAR", 0) + " cash; 2 prizes in kind",
		"The night 5 winners: " + show.Money("ZAR", 8000) + " cash; 2 prizes in kind"} {
		if !strings.Contains(rig.Squeeze(all), rig.Squeeze(want)) {
			t.Errorf("report.pdf does not say %q", want)
		}
	}
}

func checkCollection(t *testing.T, path string, st *show.State) {
	t.Helper()
	b, recs := csvRecords(t, path)
	if st.Opened.Rehearsal {
		if len(recs[0]) != 1 || recs[0][0] != record.RehearsalBanner {
			t.Fatalf("a rehearsal's collection.csv begins %q, want the banner", recs[0])
		}
		recs = recs[1:]
	} else if bytes.Contains(b, []byte("REHEARSAL")) {
		t.Errorf("an official collection.csv says REHEARSAL:\n%s", b)
	}
	wantHead := append(slices.Clone(record.CollectionColumns), "Email", "Phone") // contact columns only: no ID Number
	if !slices.Equal(recs[0], wantHead) {
		t.Fatalf("header %q, want %q", recs[0], wantHead)
	}
	var want [][]string
	for _, s := range st.Segs {
		for _, p := range s.Picks {
			switch p.Outcome {
			case show.Claimed, show.Forfeit, show.NoShow, show.Void:
				continue
			}
			who := rig.PersonOf(p.Participant)
			amount, paid := prizeAmount(p.Prize)
			want = append(want, []string{st.ID, s.Seg.ID, s.Seg.Title, "2024-11-30", strconv.Itoa(p.K + 1), p.Ticket, p.Participant,
				who.Name, who.Tier, "", "", "", p.Prize, "ZAR", amount, paid, string(p.Outcome), record.Status(&p), p.Proxy, p.ProxyID, "2024-12-15", "", who.Email, who.Phone})
		}
	}
	if len(want) != 4 {
		t.Fatalf("fixture: %d winners not present, want a proxy, a decline and two to contact", len(want))
	}
	if got := recs[1:]; !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("collection.csv rows\n got %q\nwant %q", got, want)
	}
}

// TestExportIsReproducible: the same record exports to the same bytes, so
// an export made after a crash can be compared with one made without.
func TestExportIsReproducible(t *testing.T) {
	t.Parallel()
	f := rig.ExportFixture(t)
	db, ss := rig.PlayExportShow(t, f, true)
	a, b := t.TempDir(), t.TempDir()
	for _, dir := range []string{a, b} {
		if _, err := export.Write(db, ss.ID, dir); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{record.RecordFile, record.WinnersCSV, record.WinnersXLSX, record.ReportPDF, record.CollectionFile, "bins/sat-cash.csv", "bins/members.csv"} {
		x, err := os.ReadFile(filepath.Join(a, name))
		if err != nil {
			t.Fatal(err)
		}
		y, _ := os.ReadFile(filepath.Join(b, name))
		if !bytes.Equal(x, y) {
			t.Errorf("%s differs between two exports of the same record", name)
		}
	}
}

// TestExportOpenShowReport: before the close the report says the seed is
// not revealed and the pending pick is listed as pending.
func TestExportOpenShowReport(t *testing.T) {
	t.Parallel()
	f := rig.ExportFixture(t)
	db, ss := f.Open(t)
	rig.Do(t, ss, show.OpDraw)
	out := t.TempDir()
	rec, err := export.Write(db, ss.ID, out)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Seed != "" || rec.Draws[0].Picks[0].Outcome != "pending" {
		t.Fatalf("record of an open show: seed %q, picks %+v", rec.Seed, rec.Draws[0].Picks)
	}
	all := rig.Squeeze(strings.Join(rig.PDFPages(t, filepath.Join(out, record.ReportPDF)), "\n"))
	for _, want := range []string{"Seed S not revealed: the show is not closed", "Closed not closed", " pending "} {
		if !strings.Contains(all, want) {
			t.Errorf("report.pdf of an open show does not say %q", want)
		}
	}
	if strings.Contains(all, fmt.Sprintf("%x", rig.Seed)) {
		t.Error("report.pdf of an open show holds the seed")
	}
	x, err := excelize.OpenFile(filepath.Join(out, record.WinnersXLSX))
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	rows, _ := x.GetRows(record.SheetName(record.SummarySheet, true))
	seen := false
	for _, r := range rows {
		if len(r) == 2 && r[0] == "Seed" {
			seen = true
			if r[1] != "not revealed: the show is not closed" {
				t.Errorf("winners.xlsx of an open show: seed %q", r[1])
			}
		}
	}
	if !seen {
		t.Error("winners.xlsx has no Seed row")
	}
}

func TestRecordJSONNewFields(t *testing.T) {
	t.Parallel()
	f := rig.ExportFixture(t)
	db, ss := rig.PlayExportShow(t, f, true)
	out := t.TempDir()
	if _, err := export.Write(db, ss.ID, out); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(filepath.Join(out, record.RecordFile))
	var rec record.Record
	if err := json.Unmarshal(b, &rec); err != nil {
		t.Fatal(err)
	}
	members := rec.Draws[1]
	fz := ss.Eng.State().Seg("members").Frozen
	if rec.Show.Timezone != "Africa/Johannesburg" || members.Attendance != string(show.NotRequired) || members.OutOfTier != fz.OutOfTier ||
		members.ZeroTickets != fz.Zero || members.OutOfTier != 1 || members.ScheduledAt != "2024-11-30T20:30:00Z" {
		t.Errorf("record: show %+v, members draw %+v", rec.Show, members)
	}
	if p := rec.Draws[0].Picks[4]; p.Outcome != "proxy" || p.ProxyID != "8001015009087" {
		t.Errorf("proxy pick %+v", p)
	}
}

// TestPeopleIsFirstRow: people (the stage's lookup) gives each card's
// first row; the export prefers the row of the picked ticket.
func TestPeopleIsFirstRow(t *testing.T) {
	t.Parallel()
	f := rig.ExportFixture(t)
	rig.Write(t, filepath.Join(f.Dir, "entries.csv"), "Ticket,Card,Name,Tier,Phone\nT1,C01,Thabo Mokoena,ace,1\nT2,C01,T. Mokoena,ace,2\nT3,C02,Zoë Botha,king,3\n")
	db, ss := f.Open(t)
	rig.Do(t, ss, show.OpDraw)
	got, err := db.PeopleOfFirst(ss.ID, "sat-cash", []string{"C01", "C02", "C99", "C01"})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got["C01"].Name != "Thabo Mokoena" || got["C01"].Extra["Phone"] != "1" || got["C02"].Tier != show.King {
		t.Errorf("people: %+v", got)
	}
	pref, err := db.PeopleOf(ss.ID, "sat-cash", []string{"C01"}, map[string]string{"C01": "T2"})
	if err != nil {
		t.Fatal(err)
	}
	if pref["C01"].Name != "T. Mokoena" || pref["C01"].Extra["Phone"] != "2" {
		t.Errorf("the picked ticket's row: %+v", pref["C01"])
	}
}

// TestReportLeavesFontsAlone: fpdf writes into the font bytes it is given;
// the report hands it copies, so the Go fonts the stage also draws with
// stay intact and every report of a record is the same, not only the first.
func TestReportLeavesFontsAlone(t *testing.T) {
	t.Parallel()
	f := rig.ExportFixture(t)
	db, ss := rig.PlayExportShow(t, f, true)
	x, err := export.SetOf(db, ss.ID, func(int) {})
	if err != nil {
		t.Fatal(err)
	}
	fonts := [][]byte{goregular.TTF, gobold.TTF, goitalic.TTF, gomono.TTF}
	var before [][32]byte
	for _, b := range fonts {
		before = append(before, sha256.Sum256(b))
	}
	var first []byte
	for i := range 4 {
		dir := t.TempDir()
		if err := x.Write(dir, func(string, int, int) {}); err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, record.ReportPDF)
		b, _ := os.ReadFile(p)
		if i == 0 {
			first = b
		} else if !bytes.Equal(b, first) {
			t.Errorf("report %d differs from the first", i+1)
		}
	}
	for i, b := range fonts {
		if sha256.Sum256(b) != before[i] {
			t.Errorf("font %d changed while reports were written", i)
		}
	}
}
