package e2e

import (
	"path/filepath"
	"strings"
	"testing"

	"drawshow/data/datatest/rig"
	"drawshow/data/export"
	"drawshow/data/paper"
	"drawshow/data/session"
	"drawshow/data/verify"
	"drawshow/show"
)

// An official show opened with no auditor's witness draws only after the
// operator's typed word (--no-witness, or no-witness in an action file),
// and its sheet and report say there was no independent witness; verify
// finds the export as the record makes it (issue 39).
func TestNoWitnessOnThePaper(t *testing.T) {
	t.Parallel()
	c := rig.NewCampaign(t)
	now := rig.At("2024-10-27T12:30:00Z")
	_, bare, err := rig.OpenOn(t, c, "october.yaml", rig.OctoberText, session.Options{Clock: now, Wall: now})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := bare.Do(show.Command{Op: show.OpDraw}, nil); err == nil || !strings.Contains(err.Error(), "no-witness") {
		t.Fatalf("an official draw with neither W nor the operator's word: %v", err)
	}
	bare.DB.Close()

	c = rig.NewCampaign(t)
	if _, _, err := rig.OpenOn(t, c, "october.yaml", rig.OctoberText, session.Options{NoWitness: true, Witness: "3 5", Clock: now, Wall: now}); err == nil {
		t.Error("a witness and no witness at once are taken")
	}
	db, ss, err := rig.OpenOn(t, c, "october.yaml", rig.OctoberText, session.Options{NoWitness: true, Clock: now, Wall: now})
	if err != nil {
		t.Fatal(err)
	}
	const says = "Witness W none: no independent witness (the operator typed so at 14:30)"
	sheetPath := filepath.Join(t.TempDir(), "sheet.pdf")
	if err := paper.WriteSheet(ss, sheetPath); err != nil {
		t.Fatal(err)
	}
	if sheet := rig.Squeeze(strings.Join(rig.PDFPages(t, sheetPath), "\n")); !strings.Contains(sheet, rig.Squeeze(says)) {
		t.Errorf("the sheet does not say %q:\n%s", says, sheet)
	}
	if _, err := ss.Do(show.Command{Op: show.OpDraw}, nil); err != nil {
		t.Fatal(err)
	}
	rig.Do(t, ss, show.OpClose)
	out := t.TempDir()
	if _, err := export.Write(db, ss.ID, out); err != nil {
		t.Fatal(err)
	}
	if report := rig.Squeeze(strings.Join(rig.PDFPages(t, filepath.Join(out, "report.pdf")), "\n")); !strings.Contains(report, rig.Squeeze(says)) {
		t.Errorf("report.pdf does not say %q:\n%s", says, report)
	}
	if r, err := verify.Dir(out); err != nil || len(r.Problems) > 0 {
		t.Fatalf("verify: %+v, %v", r, err)
	}
}
