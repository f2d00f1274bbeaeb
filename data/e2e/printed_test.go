package e2e

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"drawshow/data/datatest/rig"
	"drawshow/data/entries"
	"drawshow/data/export"
	"drawshow/data/verifydb"
	"drawshow/show"
)

const printedShow = `promotion: Royal Flush
property: Gold Reef City
timezone: Africa/Johannesburg
date_format: DD/MM/YYYY
segments:
  - id: cash
    title: Cash Draw
    at: "2024-11-30T21:30"
    entries: cash.csv
    winners: 2
    prizes: ["R5 000", "R2 500"]
    printed_until: "21h25"
`

// Royal Flush 41: tickets print from 08h00 until 21h25. The e-Host's
// export has every ticket with when it printed, late ones too.
const printedEntries = "Ticket No;Card Number;Member Name;Tier;Printed\n" +
	"T01;0060010001;Ann A;ace;30/11/2024 08:05\n" +
	"T02;0060010002;Ben B;king;30/11/2024 19:41\n" +
	"T03;0060010003;Cas C;queen;30/11/2024 21:25\n" +
	"T04;0060010004;Dee D;ace;30/11/2024 21:26\n" +
	"T05;0060010004;Dee D;ace;30/11/2024 21:29\n" +
	"T06;0060010005;Eve E;king;30/11/2024 21:10\n"

// TestPrintedAfterTheCutOff: a segment's printed_until keeps out the
// tickets printed after it (issue 39: 60 rows printed after 21:25 went
// into a bin). check counts them before the show; the freeze records the
// cut-off and the count; the bin, record.json, the report and the
// member's statement say so; verify re-derives it all, from the export
// and from the database.
func TestPrintedAfterTheCutOff(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	f := &rig.Fixture{Dir: dir, ShowPath: filepath.Join(dir, "show.yaml"), DBPath: filepath.Join(dir, "campaign.db"), Text: []byte(printedShow)}
	rig.Write(t, f.ShowPath, printedShow)
	rig.Write(t, filepath.Join(dir, "cash.csv"), printedEntries)
	sh, err := show.Parse(f.ShowPath, f.Text)
	if err != nil {
		t.Fatal(err)
	}
	c, err := entries.Check(&sh.Segments[0], nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.Bin.Late != 2 || c.Bin.Total != 4 {
		t.Errorf("check: %d late, %d tickets; want 2 and 4", c.Bin.Late, c.Bin.Total)
	}

	f.Clock = time.Date(2024, 11, 30, 19, 30, 0, 0, time.UTC) // 21:30 in Johannesburg
	db, ss := f.Open(t)
	rig.Do(t, ss, show.OpDraw)
	fr := ss.Eng.State().Seg("cash").Frozen
	if fr.PrintedUntil != "2024-11-30 21:25:59" || fr.Late != 2 || fr.TotalWeight != 4 {
		t.Fatalf("frozen: printed until %q, %d late, %d tickets", fr.PrintedUntil, fr.Late, fr.TotalWeight)
	}
	for _, e := range ss.Eng.State().Seg("cash").Bin.Entries {
		if e.Ticket == "T04" || e.Ticket == "T05" {
			t.Errorf("the bin holds %s, printed after 21:25", e.Ticket)
		}
	}
	rig.Do(t, ss, show.OpClaim)
	rig.Do(t, ss, show.OpDraw)
	rig.Do(t, ss, show.OpClaim)
	rig.Do(t, ss, show.OpClose)
	if r, err := verifydb.Check(db); err != nil || len(r.Problems) > 0 {
		t.Fatalf("verify --db: %v %q", err, r.Problems)
	}
	out := t.TempDir()
	rec, err := export.Write(db, ss.ID, out)
	if err != nil {
		t.Fatal(err)
	}
	if d := rec.Draws[0]; d.PrintedUntil != "2024-11-30 21:25:59" || d.PrintedLate != 2 {
		t.Errorf("record.json: printed until %q, %d late", d.PrintedUntil, d.PrintedLate)
	}
	report := rig.Squeeze(strings.Join(rig.PDFPages(t, filepath.Join(out, "report.pdf")), "\n"))
	if want := rig.Squeeze("2 row(s) printed after 2024-11-30 21:25:59, the last moment a ticket could print for this draw (printed_until 21:25): kept out"); !strings.Contains(report, want) {
		t.Errorf("report.pdf lacks %q:\n%s", want, report)
	}
	if v, err := rig.VerifyDir(out); err != nil || len(v) > 0 {
		t.Fatalf("verify: %v %q", err, v)
	}
	if got, want := rig.StatementText(t, db, "0060010004"), "not eligible: printed late (every ticket of the card printed after 2024-11-30 21:25:59"; !strings.Contains(got, want) {
		t.Errorf("statement:\n%s\nwant %q", got, want)
	}
}

// TestPrintedUntilTheDraw: printed_until: draw (Royal Flush 59) cuts at
// the freeze, to the second; a printing time that cannot be read is
// refused, naming its row, column and value.
func TestPrintedUntilTheDraw(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	text := strings.Replace(printedShow, `printed_until: "21h25"`, "printed_until: draw", 1)
	f := &rig.Fixture{Dir: dir, ShowPath: filepath.Join(dir, "show.yaml"), DBPath: filepath.Join(dir, "campaign.db"), Text: []byte(text)}
	rig.Write(t, f.ShowPath, text)
	rig.Write(t, filepath.Join(dir, "cash.csv"), printedEntries)
	f.Clock = time.Date(2024, 11, 30, 19, 27, 0, 0, time.UTC) // the draw starts early, at 21:27 (on the host's word)
	_, ss := f.Open(t)
	rig.Do(t, ss, show.OpDraw)
	if fr := ss.Eng.State().Seg("cash").Frozen; fr.PrintedUntil != "2024-11-30 21:27:00" || fr.Late != 1 {
		t.Fatalf("frozen: printed until %q, %d late; want 21:27:00 and T05 alone", fr.PrintedUntil, fr.Late)
	}

	bad := filepath.Join(dir, "bad.csv")
	rig.Write(t, bad, strings.Replace(printedEntries, "30/11/2024 19:41", "30/11/2024", 1))
	seg := show.Segment{ID: "cash", Entries: bad, Tickets: show.PerRow, PrintedUntil: "21:25", DateFormat: "DD/MM/YYYY"}
	if _, err := entries.Check(&seg, nil); err == nil || !strings.Contains(err.Error(), `row 3, column "Printed": printing time "30/11/2024" has no time of day`) {
		t.Errorf("a printing time without its time: %v", err)
	}
}
