package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"drawshow/data/datatest/rig"
	"drawshow/data/entries"
	"drawshow/data/export"
	"drawshow/data/paper"
	"drawshow/data/record"
	"drawshow/data/verify"
	"drawshow/data/verifydb"
	"drawshow/show"
)

func TestReadSelection(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "teeds.csv")
	rig.Write(t, path, "Ticket No,Card\nT-04,1\nT-01,2\nT-07,3\n")
	ts, _, err := entries.ReadSelection(path, "")
	if err != nil || strings.Join(ts, " ") != "T-04 T-01 T-07" {
		t.Fatalf("%q %v", ts, err)
	}
	for _, c := range []struct{ text, want string }{
		{"Ticket\nT-04\nT-04\n", "row 3"},
		{"Ticket,Card\nT-04,1\n,2\n", "empty"},
		{"Ticket\n", "no tickets"},
		{"Card\n1\n", "ticket"},
	} {
		rig.Write(t, path, c.text)
		if _, _, err := entries.ReadSelection(path, ""); err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "teeds.csv") {
			t.Errorf("%q: %v, want the file and %q", c.text, err, c.want)
		}
	}
}

// A selection file is read into the record at the segment's first draw,
// its tickets presented in order, and verify --db holds the picks to it.
func TestSelectionInTheRecord(t *testing.T) {
	t.Parallel()
	c := rig.NewCampaign(t)
	var cash strings.Builder
	cash.WriteString("Ticket,Card,Name,Tier\n")
	for i := range 8 {
		cash.WriteString("T-0" + string(rune('0'+i)) + ",C" + string(rune('0'+i)) + ",Member,ace\n")
	}
	rig.Write(t, filepath.Join(c.Dir, "cash.csv"), cash.String())
	rig.Write(t, filepath.Join(c.Dir, "teeds.csv"), "Ticket\nT-05\nT-02\n")
	text := "promotion: Royal Flush\nproperty: Gold Reef City\nsegments:\n  - {id: cash, entries: cash.csv, winners: 2, attendance: not-required, selected: teeds.csv}\n"
	db, ss := c.Open(t, "show.yaml", text, false, time.Date(2024, 11, 30, 19, 30, 0, 0, time.UTC))
	var got []string
	for !ss.Eng.State().CurSeg().Drawn() {
		if _, err := ss.Do(show.Command{Op: show.OpDraw}, nil); err != nil {
			t.Fatal(err)
		}
		got = append(got, ss.Eng.State().CurSeg().Last().Ticket)
	}
	if strings.Join(got, " ") != "T-05 T-02" {
		t.Errorf("presented %v, want the selection's T-05 T-02", got)
	}
	l := ss.Eng.State().CurSeg().Lists
	if l == nil || l.SelectedFile != "teeds.csv" || l.SelectedSHA256 == "" {
		t.Errorf("the record's lists: %+v", l)
	}
	if _, err := ss.Do(show.Command{Op: show.OpClose}, nil); err != nil {
		t.Fatal(err)
	}
	if r, err := verifydb.Check(db); err != nil || len(r.Problems) > 0 {
		t.Fatalf("verify: %v %q", err, r.Problems)
	}
	// verify of the export says the picks came from the file, not the seed
	out := t.TempDir()
	rec, err := export.Write(db, ss.ID, out)
	if err != nil {
		t.Fatal(err)
	}
	if d := rec.Draws[0]; d.Selection != "teeds.csv" || d.SelectionSHA256 != l.SelectedSHA256 {
		t.Errorf("record.json's draw: selection %q %q", d.Selection, d.SelectionSHA256)
	}
	all := rig.Squeeze(strings.Join(rig.PDFPages(t, filepath.Join(out, record.ReportPDF)), "\n"))
	if w := "Selection teeds.csv: the casino system's choice; every pick taken in its order"; !strings.Contains(all, w) {
		t.Errorf("report.pdf does not say %q", w)
	}
	r, err := verify.Dir(out)
	if err != nil || len(r.Problems) > 0 {
		t.Fatalf("verify %s: %v %q", out, err, r.Problems)
	}
	if got, want := r.Summary(), "1 draw(s), 0 pick(s) re-derived; cash: 2 pick(s) taken in order from teeds.csv (SHA-256 "+l.SelectedSHA256+"), each checked against the frozen bin"; got != want {
		t.Errorf("verify says %q, want %q", got, want)
	}
	// the file changed after the show: the record still holds what was presented
	if err := os.WriteFile(filepath.Join(c.Dir, "teeds.csv"), []byte("Ticket\nT-01\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if r, err := verifydb.Check(db); err != nil || len(r.Problems) > 0 {
		t.Fatalf("verify after the file changed: %v %q", err, r.Problems)
	}
}

// TestSelectionPassAndReselect: the RAPS selection's place 2 holds a
// ticket the bin does not hold. The refusal says what the host can do;
// the place is passed over with a reason, recorded, and the draw goes on
// at place 3. A corrected file is loaded as a new version, recorded with
// its hash, from the next place on; a version that rewrites a place
// drawn already is refused, and so is a good place passed over. The
// record, the report and verify name all of it.
func TestSelectionPassAndReselect(t *testing.T) {
	t.Parallel()
	c := rig.NewCampaign(t)
	var cash strings.Builder
	cash.WriteString("Ticket,Card,Name,Tier\n")
	for i := range 8 {
		cash.WriteString("T-0" + string(rune('0'+i)) + ",C" + string(rune('0'+i)) + ",Member,ace\n")
	}
	rig.Write(t, filepath.Join(c.Dir, "cash.csv"), cash.String())
	sel := filepath.Join(c.Dir, "raps.csv")
	rig.Write(t, sel, "Ticket\nT-05\nT-99\nT-02\nT-03\n")
	text := "promotion: Royal Flush\nproperty: Gold Reef City\nsegments:\n  - {id: cash, entries: cash.csv, winners: 3, attendance: not-required, selected: raps.csv}\n"
	db, ss := c.Open(t, "show.yaml", text, false, time.Date(2024, 11, 30, 19, 30, 0, 0, time.UTC))
	do := func(c show.Command) error { _, err := ss.Do(c, nil); return err }
	// the pre-show sheet holds the selection to its hash, once it is known
	sheetSays := func(want string) {
		t.Helper()
		sheet, err := paper.SheetOf(db, ss.ID, ss.Eng.Show, []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range sheet.Files {
			if f.Name == "raps.csv" && strings.Join(f.Uses, ", ") == "selection of cash" && f.SHA256 != "" && strings.Contains(f.Note, want) {
				return
			}
		}
		t.Fatalf("the sheet's files %+v: no raps.csv noted %q", sheet.Files, want)
	}
	sheetSays("")
	refused := func(c show.Command, want string) {
		t.Helper()
		if err := do(c); err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("%s %q: %v, want a refusal saying %q", c.Op, c.Text, err, want)
		}
	}
	if err := do(show.Command{Op: show.OpDraw}); err != nil {
		t.Fatal(err)
	}
	sheetSays("the selection of cash already imported, with this hash")
	refused(show.Command{Op: show.OpDraw}, "ticket T-99, place 2 of the selection raps.csv, is not in the frozen bin (8 entries): the system chose a ticket this draw does not hold; pass the place over with a reason (pass REASON), load a corrected raps.csv (reselect), or skip the draw")
	refused(show.Command{Op: show.OpReselect}, "raps.csv is unchanged")
	refused(show.Command{Op: show.OpPass}, "pass needs a reason")
	if err := do(show.Command{Op: show.OpPass, Text: "T-99 is not in tonight's bin"}); err != nil {
		t.Fatal(err)
	}
	refused(show.Command{Op: show.OpPass, Text: "a friend's turn"}, "ticket T-02, place 3 of the selection raps.csv, can be drawn: only a place that cannot is passed over")
	if err := do(show.Command{Op: show.OpDraw}); err != nil {
		t.Fatal(err)
	}
	// a version that rewrites a place drawn already: the picks made stay
	rig.Write(t, sel, "Ticket\nT-01\nT-99\nT-02\nT-06\n")
	refused(show.Command{Op: show.OpReselect}, "the corrected raps.csv has ticket T-01 at place 1, which was drawn already as ticket T-05: the picks made stay")
	rig.Write(t, sel, "Ticket\nT-05\nT-99\nT-02\nT-06\n")
	if err := do(show.Command{Op: show.OpReselect}); err != nil {
		t.Fatal(err)
	}
	if err := do(show.Command{Op: show.OpDraw}); err != nil {
		t.Fatal(err)
	}
	seg := ss.Eng.State().CurSeg()
	var got []string
	for _, p := range seg.Picks {
		got = append(got, p.Ticket)
	}
	if strings.Join(got, " ") != "T-05 T-02 T-06" || !seg.Drawn() || len(seg.Passed) != 1 || len(seg.Selections) != 2 || seg.Selections[1].From != 4 {
		t.Fatalf("picks %v, passed %+v, versions %+v", got, seg.Passed, seg.Selections)
	}
	if err := do(show.Command{Op: show.OpClose}); err != nil {
		t.Fatal(err)
	}
	if r, err := verifydb.Check(db); err != nil || len(r.Problems) > 0 {
		t.Fatalf("verify --db: %v %q", err, r.Problems)
	}
	out := t.TempDir()
	rec, err := export.Write(db, ss.ID, out)
	if err != nil {
		t.Fatal(err)
	}
	d := rec.Draws[0]
	if d.SelectionSHA256 != seg.Selections[0].SHA256 || len(d.SelectionPassed) != 1 || d.SelectionPassed[0] != (show.Passed{Place: 2, Ticket: "T-99", Reason: "T-99 is not in tonight's bin"}) ||
		len(d.SelectionVersions) != 1 || d.SelectionVersions[0].FromPlace != 4 || d.SelectionVersions[0].SHA256 != seg.Selections[1].SHA256 {
		t.Errorf("record.json's draw: %+v %+v %+v", d.SelectionSHA256, d.SelectionPassed, d.SelectionVersions)
	}
	all := rig.Squeeze(strings.Join(rig.PDFPages(t, filepath.Join(out, record.ReportPDF)), "\n"))
	for _, w := range []string{"Place 2 passed over ticket T-99: T-99 is not in tonight's bin", "Selection from place 4 raps.csv corrected, loaded", "Selection SHA-256 " + seg.Selections[0].SHA256} {
		if !strings.Contains(all, w) {
			t.Errorf("report.pdf does not say %q", w)
		}
	}
	r, err := verify.Dir(out)
	if err != nil || len(r.Problems) > 0 {
		t.Fatalf("verify %s: %v %q", out, err, r.Problems)
	}
	want := "cash: 3 pick(s) taken in order from raps.csv (SHA-256 " + seg.Selections[0].SHA256 + "), from place 4 from its corrected version (SHA-256 " + seg.Selections[1].SHA256 + "), place 2 passed over (T-99 is not in tonight's bin), each checked against the frozen bin"
	if got := r.Summary(); !strings.Contains(got, want) {
		t.Errorf("verify says %q, want %q", got, want)
	}
}
