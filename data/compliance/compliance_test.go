package compliance_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"drawshow/data/campaign"
	"drawshow/data/compliance"
	"drawshow/data/datatest/rig"
	"drawshow/data/desk"
	"drawshow/show"
)

// TestComplianceReturn: report --compliance writes, from the record, the
// return the compliance officer and the gaming board are given: every
// draw and pick with its outcome and reason (redraws, declines), the
// prizes owed with what became of them at the desk, the witness (or that
// there was none), the anchors and what verify --db found; as a PDF and
// a workbook, of a show or of a month. A database that does not verify
// has none (issue 39).
func TestComplianceReturn(t *testing.T) {
	t.Parallel()
	f := rig.ExportFixture(t)
	db, ss := rig.PlayExportShow(t, f, false)
	id := ss.ID
	// the desk pays one prize owed and lets another lapse
	b, err := desk.Read(db)
	if err != nil {
		t.Fatal(err)
	}
	var owed []*campaign.DeskPrize
	for _, p := range b.Prizes() {
		if p.Show == id {
			owed = append(owed, p)
		}
	}
	if len(owed) < 2 {
		t.Fatalf("fixture: %d prizes owed", len(owed))
	}
	p := owed[0]
	c := rig.DeskRecord(b, show.PrizeCollected, id, p.Segment, p.K, p.Deadline.Add(-time.Hour), p.Name, "7001015009088", "")
	if err := desk.Record(db, b, p.Deadline.Add(-time.Hour), []show.Event{c}); err != nil {
		t.Fatal(err)
	}

	r, err := compliance.Gather(db, "campaign.db", id, "", false)
	if err != nil {
		t.Fatal(err)
	}
	r.Dates.Written = time.Date(2024, 12, 20, 9, 0, 0, 0, time.UTC)
	out := t.TempDir()
	files, err := campaign.WriteReturn(out, r)
	if err != nil {
		t.Fatal(err)
	}
	tot := r.Totals()
	if tot.Owed != len(owed) || tot.Collected != 1 || tot.Winners == 0 || tot.Redraws == 0 {
		t.Errorf("totals %+v; want %d owed, 1 collected, redraws", tot, len(owed))
	}
	text := rig.Squeeze(strings.Join(rig.PDFPages(t, files[0]), "\n"))
	st := ss.Eng.State()
	rec := r.Shows[0].Set.Record()
	for _, want := range []string{
		"Compliance return: show " + id,
		"none: no independent witness (the operator typed so at ",
		fmt.Sprintf("Anchor %s %s %d:%s", id, rec.Commitment, rec.Journal.HeadSeq, rec.Journal.Head[:16]),
		"drawshow verify --db campaign.db: the journal's",
		"no-show: not claimed within 90 s; redrawn",
		"prize desk: collected",
		"Compliance officer",
	} {
		if !strings.Contains(text, rig.Squeeze(want)) {
			t.Errorf("%s lacks %q:\n%s", filepath.Base(files[0]), want, text)
		}
	}
	x, err := excelize.OpenFile(files[1])
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	rows, err := x.GetRows(campaign.ReturnPicksSheet)
	if err != nil {
		t.Fatal(err)
	}
	picks := 0
	for _, s := range st.Segs {
		picks += len(s.Picks)
	}
	if len(rows) != 1+picks || strings.Join(rows[0], ",") != strings.Join(campaign.ReturnPickColumns, ",") {
		t.Errorf("the Picks sheet has %d rows under %q; want %d picks under %q", len(rows)-1, rows[0], picks, campaign.ReturnPickColumns)
	}

	// the month's: the same show, by its date
	m, err := compliance.Gather(db, "campaign.db", "", "2024-11", false)
	if err != nil || len(m.Shows) != 1 || m.File != "compliance-2024-11" || m.Name != "November 2024" {
		t.Fatalf("the month's return: %+v, %v", m, err)
	}
	if _, err := compliance.Gather(db, "campaign.db", "", "2024-10", false); err == nil || !strings.Contains(err.Error(), "no official show in October 2024") {
		t.Errorf("a month without shows: %v", err)
	}

	// a database edited behind the program's back has no return
	if _, err := rig.RawSQL(t, db).Exec(`UPDATE entries SET name = 'Forged Name' WHERE rowid = (SELECT MIN(rowid) FROM entries)`); err != nil {
		t.Fatal(err)
	}
	if _, err := compliance.Gather(db, "campaign.db", id, "", false); err == nil || !strings.Contains(err.Error(), "does not verify") {
		t.Errorf("a return of an edited database: %v", err)
	}
}
