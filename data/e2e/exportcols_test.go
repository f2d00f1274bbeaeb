package e2e

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"drawshow/data/datatest/rig"
	"drawshow/data/record"
	"drawshow/show"
)

// sheetRows reads a segment's sheet of winners.xlsx by its header row.
func sheetRows(t *testing.T, path, sheet string) []map[string]string {
	t.Helper()
	x, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	rows, err := x.GetRows(sheet)
	if err != nil {
		t.Fatal(err)
	}
	head := rows[record.PickHeaderRow-1]
	var out []map[string]string
	for _, r := range rows[record.PickHeaderRow:] {
		if len(r) == 0 || r[0] == "" || strings.HasPrefix(r[0], "Ended short") {
			continue
		}
		m := map[string]string{}
		for i, h := range head {
			if i < len(r) {
				m[h] = r[i]
			}
		}
		out = append(out, m)
	}
	return out
}

// playBonusArrivals plays a bonus jackpot: a winner whose team arrives
// and who does not claim in time (a no-show), one who claims after the
// team arrived, and two found playing at the device; each who claims
// chooses an envelope.
func playBonusArrivals(t *testing.T) *rig.Finale {
	t.Helper()
	var b strings.Builder
	b.WriteString("Ticket,Card,Name,Tier,Area,Spend\n")
	for i := range 30 {
		b.WriteString("SL" + strconv.Itoa(100+i) + ",P" + strconv.Itoa(10+i) + ",Player " + strconv.Itoa(i) + "," +
			[]string{"ace", "king", "queen"}[i%3] + "," + []string{"Main floor", "Salon Privé"}[i%2] + "," + strconv.Itoa(500+i*50) + "\n")
	}
	r := rig.NewFinale(t, bonusText, map[string]string{"active.csv": b.String()})
	r.Op(show.OpDraw)
	r.Op(show.OpArrived)
	r.F.Clock = r.Cur().Last().Deadline
	r.Op(show.OpTick) // past the deadline: the no-show
	if o := r.Cur().Picks[0].Outcome; o != show.NoShow {
		t.Fatalf("fixture: pick 1 is %s, want a no-show", o)
	}
	r.Op(show.OpDraw)
	r.Op(show.OpArrived)
	r.Op(show.OpClaim)
	r.Choose("2")
	for _, env := range []string{"1", "3"} {
		r.Op(show.OpDraw)
		r.Op(show.OpClaim)
		r.Choose(env)
	}
	r.Op(show.OpClose)
	return r
}

// TestBonusColumnsReadBack: a bonus winner's device and area and every
// prize's amount are in winners.csv, collection.csv, the workbook and the
// report, with the draw's and the night's totals, and the team's arrival
// at a no-show's device is in the report.
func TestBonusColumnsReadBack(t *testing.T) {
	t.Parallel()
	r := playBonusArrivals(t)
	st := r.SS.Eng.State()
	seg := st.Seg("raps")
	out, rec := r.Export()
	r.Verified(out, 1, 3, 3)
	loc := r.SS.Eng.Show.Location
	area := func(p *show.Pick) string {
		n, _ := strconv.Atoi(strings.TrimPrefix(p.Ticket, "SL"))
		return []string{"Main floor", "Salon Privé"}[(n-100)%2]
	}
	// what the test seed's draw pays, written out: pick 1 a no-show, then
	// envelopes R2 500, R2 500 and R10 000, R15 000 in all
	const cash = 15000
	amounts := []int64{0, 2500, 2500, 10000}
	amountText := []string{"", "2500", "2500", "10000"}
	if len(seg.Picks) != len(amounts) {
		t.Fatalf("fixture: %d picks, want %d", len(seg.Picks), len(amounts))
	}
	var winners []*show.Pick
	for i := range seg.Picks {
		if p := &seg.Picks[i]; p.Outcome.Wins() {
			winners = append(winners, p)
		}
	}
	amountOf := func(p *show.Pick) string { return amountText[p.K] }

	// record.json
	d := drawOf(t, rec, "raps")
	if d.Totals != (record.Totals{Winners: 3, Cash: cash}) || rec.Totals != d.Totals || rec.Show.Currency != "ZAR" {
		t.Errorf("record totals %+v, night %+v, want 3 winners and %d cash", d.Totals, rec.Totals, cash)
	}
	for i, p := range d.Picks {
		sp := &seg.Picks[i]
		paid := map[bool]string{true: "cash", false: ""}[sp.Outcome.Wins()]
		if p.K != i || p.Device != sp.Ticket || p.Area != area(sp) || p.Amount != amounts[i] || p.PaidAs != paid {
			t.Errorf("record.json pick %d: %+v", i, p)
		}
	}

	// winners.csv and collection.csv
	rows := rig.CSVRows(t, filepath.Join(out, record.WinnersCSV))
	if len(rows) != len(winners) {
		t.Fatalf("winners.csv lists %d, want %d", len(rows), len(winners))
	}
	for i, p := range winners {
		row := rows[i]
		if row["pick"] != strconv.Itoa(p.K+1) || row["device"] != p.Ticket || row["area"] != area(p) || row["amount"] != amountOf(p) ||
			row["currency"] != "ZAR" || row["paid_as"] != "cash" || row["property"] != "" ||
			row["drawn_at"] != p.DrawnAt.In(loc).Format(time.RFC3339) || !strings.HasSuffix(row["decided_at"], "+02:00") {
			t.Errorf("winners.csv row %d: %q", i, row)
		}
	}
	if rows := rig.CSVRows(t, filepath.Join(out, record.CollectionFile)); len(rows) != 0 {
		t.Errorf("collection.csv lists %q: every bonus winner was there", rows)
	}

	// the workbook: every pick, and the totals on the summary
	sheet := record.SheetName("raps", true)
	picks := sheetRows(t, filepath.Join(out, record.WinnersXLSX), sheet)
	if len(picks) != len(seg.Picks) {
		t.Fatalf("sheet %s: %d picks, want %d", sheet, len(picks), len(seg.Picks))
	}
	for i := range seg.Picks {
		p, row := &seg.Picks[i], picks[i]
		want := map[string]string{"Pick": strconv.Itoa(i + 1), "Device": p.Ticket, "Area": area(p), "Property": "",
			"Drawn at": p.DrawnAt.In(loc).Format(record.LocalLayout)}
		if p.Outcome.Wins() {
			want["Amount"], want["Paid as"] = amountOf(p), "cash"
		}
		for k, v := range want {
			if row[k] != v {
				t.Errorf("sheet %s pick %d: %s %q, want %q", sheet, i+1, k, row[k], v)
			}
		}
	}
	x, err := excelize.OpenFile(filepath.Join(out, record.WinnersXLSX))
	if err != nil {
		t.Fatal(err)
	}
	sum, _ := x.GetRows(record.SheetName(record.SummarySheet, true))
	x.Close()
	total := ""
	for _, r := range sum {
		if len(r) > 14 && r[0] == record.TotalRow {
			total = r[10] + " " + r[14]
		}
	}
	if want := "3 15000"; total != want {
		t.Errorf("the summary's night total %q, want %q", total, want)
	}

	// the report: device and area columns, the arrival, the totals
	all := rig.Squeeze(strings.Join(rig.PDFPages(t, filepath.Join(out, record.ReportPDF)), "\n"))
	arrived := seg.Picks[0].Deadline.Add(-90 * time.Second).In(loc).Format(record.LocalLayout)
	for _, want := range []string{"# Device Card Name Area Prize Outcome",
		"Pick 1: no-show: not claimed within 90 s; redrawn; the team reached device " + seg.Picks[0].Ticket + " at " + arrived,
		"Prizes won 3 winners: R15 000 cash",
		"The night 3 winners: R15 000 cash",
		"Host", "Independent auditor"} {
		if !strings.Contains(all, want) {
			t.Errorf("report.pdf does not say %q", want)
		}
	}
	for _, p := range winners {
		if !strings.Contains(all, area(p)) {
			t.Errorf("report.pdf does not name the area %q of device %s", area(p), p.Ticket)
		}
	}

	// every added column is checked against the record
	tamper(t, out, "device", func(rec *record.Record) { drawOf(t, rec, "raps").Picks[1].Device = "SL999" })
	tamper(t, out, "area", func(rec *record.Record) { drawOf(t, rec, "raps").Picks[1].Area = "Car park" })
	tamper(t, out, "amount", func(rec *record.Record) { drawOf(t, rec, "raps").Picks[1].Amount *= 10 })
	tamper(t, out, "paid as", func(rec *record.Record) { drawOf(t, rec, "raps").Picks[1].PaidAs = "in kind" })
	tamper(t, out, "draw totals", func(rec *record.Record) { drawOf(t, rec, "raps").Totals.Cash += 1000 })
	tamper(t, out, "night totals", func(rec *record.Record) { rec.Totals.Winners++ })
	tamper(t, out, "currency", func(rec *record.Record) { rec.Show.Currency = "USD" })
	w := func(dir string) string { return filepath.Join(dir, record.WinnersCSV) }
	forgedExport(t, out, "a device in winners.csv", `winners.csv: draw raps, pick 2: ticket is "SL999", the record says "SL106"`, func(dir string) {
		replaceIn(t, w(dir), ","+winners[0].Ticket+",", ",SL999,")
	})
	forgedExport(t, out, "an area in winners.csv", `winners.csv: draw raps, pick 2: area is "Car park", the record says "Main floor"`, func(dir string) {
		replaceIn(t, w(dir), area(winners[0]), "Car park")
	})
	forgedExport(t, out, "an amount in winners.csv", `winners.csv: draw raps, pick 2: amount is "99000", the record says "2500"`, func(dir string) {
		replaceIn(t, w(dir), ",ZAR,2500,", ",ZAR,99000,")
	})
	forgedExport(t, out, "a time's offset in winners.csv", `winners.csv: draw raps, pick 2: drawn_at is "2024-11-30T12:01:50Z", the record says "2024-11-30T12:01:50+02:00"`, func(dir string) {
		replaceIn(t, w(dir), "+02:00", "Z")
	})
	forgedExport(t, out, "the night's total in the workbook", "winners.xlsx: sheet", func(dir string) {
		setCell(t, filepath.Join(dir, record.WinnersXLSX), record.SheetName(record.SummarySheet, true), record.TotalRow, 14, int64(1))
	})
	forgedExport(t, out, "an area in the workbook", "winners.xlsx: sheet", func(dir string) {
		setCell(t, filepath.Join(dir, record.WinnersXLSX), sheet, "2", 7, "Car park")
	})
}

// setCell sets column col (from 0) of the first row of sheet whose first
// cell is first.
func setCell(t *testing.T, path, sheet, first string, col int, v any) {
	t.Helper()
	x, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	rows, err := x.GetRows(sheet)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range rows {
		if len(r) > 0 && r[0] == first {
			cell, _ := excelize.CoordinatesToCellName(col+1, i+1)
			if err := x.SetCellValue(sheet, cell, v); err != nil {
				t.Fatal(err)
			}
			if err := x.SaveAs(path); err != nil {
				t.Fatal(err)
			}
			return
		}
	}
	t.Fatalf("sheet %s has no row %q", sheet, first)
}

// TestGrandFinaleColumnsReadBack: a finalist's property is in winners.csv,
// the workbook, the report and record.json, and the Royal Flush prizes'
// amounts add up to the night's total.
func TestGrandFinaleColumnsReadBack(t *testing.T) {
	t.Parallel()
	r := playGrandFinale(t, []int{3, 1})
	st := r.SS.Eng.State()
	out, rec := r.Export()
	property := map[string]string{"F1": "Montecasino", "F2": "Carnival City", "F3": "Gold Reef City"}
	fin := st.Seg("finale")
	const cash = 250000 + 100000 + 50000 + 25000 + 10000 // the Royal Flush's five prizes
	var paid int64
	for _, p := range fin.Picks {
		pr, _ := show.ParsePrize("ZAR", p.Won())
		paid += pr.Amount
	}
	if paid != cash {
		t.Fatalf("the Royal Flush paid %d, want %d", paid, cash)
	}
	if got := drawOf(t, rec, "finale").Totals; got != (record.Totals{Winners: 5, Cash: cash}) {
		t.Errorf("the finale's totals %+v", got)
	}
	n := 0
	for _, row := range rig.CSVRows(t, filepath.Join(out, record.WinnersCSV)) {
		if row["segment"] != "finale" {
			continue
		}
		if row["property"] != property[row["card"]] || row["device"] != "" || row["area"] != "" {
			t.Errorf("winners.csv finale row %q, want property %q", row, property[row["card"]])
		}
		n += len(property[row["card"]])
	}
	if n == 0 {
		t.Fatal("no finalist of the file won: the test proves nothing")
	}
	for _, row := range sheetRows(t, filepath.Join(out, record.WinnersXLSX), record.SheetName("finale", true)) {
		if row["Property"] != property[row["Card"]] {
			t.Errorf("the finale's sheet row %q, want property %q", row, property[row["Card"]])
		}
	}
	all := rig.Squeeze(strings.Join(rig.PDFPages(t, filepath.Join(out, record.ReportPDF)), "\n"))
	for card, prop := range property {
		for _, p := range fin.Picks {
			if p.Participant == card && !strings.Contains(all, card+" Finalist") || p.Participant == card && !strings.Contains(all, prop) {
				t.Errorf("report.pdf does not list %s of %s", card, prop)
			}
		}
	}
	for i, p := range drawOf(t, rec, "finale").Picks {
		if p.Property != property[p.Participant] {
			t.Errorf("record.json finale pick %d: property %q", i, p.Property)
		}
	}
	tamper(t, out, "property", func(rec *record.Record) {
		for i := range drawOf(t, rec, "finale").Picks {
			if p := &drawOf(t, rec, "finale").Picks[i]; p.Property != "" {
				p.Property = "Sun City"
				return
			}
		}
	})
	// the property of whichever finalist the map gives first: its pick varies
	forgedExport(t, out, "a property in winners.csv", `: property is "Sun City", the record says "`, func(dir string) {
		for _, prop := range property {
			b, _ := os.ReadFile(filepath.Join(dir, record.WinnersCSV))
			if bytes.Contains(b, []byte(","+prop+",")) {
				replaceIn(t, filepath.Join(dir, record.WinnersCSV), ","+prop+",", ",Sun City,")
				return
			}
		}
	})
}

const longCellsText = `promotion: Royal Flush
property: Gold Reef City
segments:
  - id: hand
    title: Drawn by hand
    entries: entries.csv
    manual: true
    winners: 1
    prizes: ["Two nights for two at the Jacaranda Grove Hotel, with dinner, breakfast and a spa morning"]
`

// TestReportWrapsLongCells: a long ticket and a long prize wrap in the
// report's table of picks, every word of them printed, none cut short.
func TestReportWrapsLongCells(t *testing.T) {
	t.Parallel()
	long := "RECEIPT-2024-11-30-GRAND-ROYAL-FLUSH-PHYSICAL-BIN-000123456789"
	var b strings.Builder
	b.WriteString("Ticket,Card,Name,Tier\n")
	for i := range 5 {
		fmt.Fprintf(&b, "T%d,C%d,Member %d,ace\n", i, i, i)
	}
	fmt.Fprintf(&b, "%s,C9,Member Nine,ace\n", long)
	r := rig.NewFinale(t, longCellsText, map[string]string{"entries.csv": b.String()})
	r.Op(show.OpFreeze)
	r.Do(show.Command{Op: show.OpTicket, Text: long})
	r.Op(show.OpClaim)
	r.Op(show.OpClose)
	out, _ := r.Export()
	r.Verified(out, 1, 0, 0)
	pages := rig.PDFPages(t, filepath.Join(out, record.ReportPDF))
	table := pages[len(pages)-1]
	for _, p := range pages {
		if strings.Contains(p, "Drawn by hand (hand)") {
			table = p
		}
	}
	if strings.Contains(table, "…") {
		t.Errorf("the table cuts a cell short:\n%s", table)
	}
	all := rig.Squeeze(table)
	for _, w := range strings.Fields("Two nights for two at the Jacaranda Grove Hotel, with dinner, breakfast and a spa morning") {
		if !strings.Contains(all, w) {
			t.Errorf("the table lacks %q of the prize:\n%s", w, table)
		}
	}
	// the ticket is broken across lines, its pieces in order
	rest := strings.ReplaceAll(table, " ", "")
	at := 0
	for _, piece := range []string{long[:12], long[len(long)-8:]} {
		i := strings.Index(rest[at:], piece)
		if i < 0 {
			t.Errorf("the table lacks %q of the ticket:\n%s", piece, table)
			break
		}
		at += i
	}
}
