package data

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"drawshow/data/export"
	"drawshow/data/record"
	"drawshow/show"
)

// TestDeclineOffRegister: a host's decline of a winner on no decline
// register is refused, naming what is missing, and records nothing; the
// host's note of a paper register is recorded, and the exports and the
// report say it is an attestation, not a register match (issue 25).
func TestDeclineOffRegister(t *testing.T) {
	f := newFixture(t)
	db, ss := f.open(t)
	do(t, ss, show.OpDraw)
	p := ss.Eng.State().CurSeg().Last()
	before := ss.Eng.State().Events
	_, err := ss.Do(show.Command{Op: show.OpDecline}, nil)
	var ref *show.Refusal
	want := "sat-cash: no decline register is loaded for this draw, so card " + p.Participant +
		" cannot be declined; if the signature is on a paper register, decline with its page and who checked it, e.g. decline p.4, checked by Thandi"
	if !errors.As(err, &ref) || ref.Reason != want {
		t.Fatalf("a decline off the register: %v, want %q", err, want)
	}
	if evs, _ := db.Events(ss.ID); ss.Eng.State().Events != before || len(evs) != before {
		t.Fatalf("a refused decline recorded something: %d events, was %d", len(evs), before)
	}

	do(t, ss, show.OpDecline) // with paperNote
	if got := ss.Eng.State().CurSeg().Last(); got.Outcome != show.Declined || got.By != "host" || got.Reason != paperNote {
		t.Fatalf("the attested decline: %+v", got.PickRef)
	}
	do(t, ss, show.OpDraw)
	do(t, ss, show.OpClaim)
	do(t, ss, show.OpNext)
	do(t, ss, show.OpDraw)
	do(t, ss, show.OpClaim)
	do(t, ss, show.OpClose)

	out := t.TempDir()
	rec, err := export.Write(db, ss.ID, out)
	if err != nil {
		t.Fatal(err)
	}
	if rp := rec.Draws[0].Picks[0]; rp.Outcome != "declined" || !rp.Attested || rp.Reason != paperNote {
		t.Errorf("record.json's pick: %+v", rp)
	}
	rows := csvRows(t, filepath.Join(out, "collection.csv"))
	if len(rows) == 0 || rows[0]["why"] != "declined: the host attests a paper register: "+paperNote {
		t.Errorf("collection.csv: %v", rows)
	}
	all := squeeze(strings.Join(pdfPages(t, filepath.Join(out, record.ReportPDF)), "\n"))
	if w := "attested by the host, paper register: " + paperNote; !strings.Contains(all, w) {
		t.Errorf("report.pdf does not say %q:\n%s", w, all)
	}
}
