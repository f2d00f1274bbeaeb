package export_test

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"drawshow/data/datatest/rig"
	"drawshow/data/export"
	"drawshow/data/record"
	"drawshow/show"
)

// TestDeclineOffRegister: a host's decline of a winner on no decline
// register is refused, naming what is missing, and records nothing; the
// host's note of a paper register is recorded, and the exports and the
// report say it is an attestation, not a register match (issue 25).
func TestDeclineOffRegister(t *testing.T) {
	t.Parallel()
	f := rig.NewFixture(t)
	db, ss := f.Open(t)
	rig.Do(t, ss, show.OpDraw)
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

	rig.Do(t, ss, show.OpDecline) // with paperNote
	if got := ss.Eng.State().CurSeg().Last(); got.Outcome != show.Declined || got.By != "host" || got.Reason != rig.PaperNote {
		t.Fatalf("the attested decline: %+v", got.PickRef)
	}
	rig.Do(t, ss, show.OpDraw)
	rig.Do(t, ss, show.OpClaim)
	rig.Do(t, ss, show.OpNext)
	rig.Do(t, ss, show.OpDraw)
	rig.Do(t, ss, show.OpClaim)
	rig.Do(t, ss, show.OpClose)

	out := t.TempDir()
	rec, err := export.Write(db, ss.ID, out)
	if err != nil {
		t.Fatal(err)
	}
	if rp := rec.Draws[0].Picks[0]; rp.Outcome != "declined" || !rp.Attested || rp.Reason != rig.PaperNote {
		t.Errorf("record.json's pick: %+v", rp)
	}
	rows := rig.CSVRows(t, filepath.Join(out, "collection.csv"))
	if len(rows) == 0 || rows[0]["why"] != "declined: the host attests a paper register: "+rig.PaperNote {
		t.Errorf("collection.csv: %v", rows)
	}
	all := rig.Squeeze(strings.Join(rig.PDFPages(t, filepath.Join(out, record.ReportPDF)), "\n"))
	if w := "attested by the host, paper register: " + rig.PaperNote; !strings.Contains(all, w) {
		t.Errorf("report.pdf does not say %q:\n%s", w, all)
	}
}

// TestElevenRedraws: a host who turns down pick after pick until a
// friend's comes up leaves a trail: every redraw's reason is counted in
// record.json and the report, and a draw with more than three redraws is
// marked for the auditor (issue 25).
func TestElevenRedraws(t *testing.T) {
	t.Parallel()
	f := rig.NewFixture(t)
	var rows strings.Builder
	rows.WriteString("Ticket,Card,Name,Tier\n")
	for i := range 20 {
		fmt.Fprintf(&rows, "T%02d,C%02d,Member %d,ace\n", i, i, i)
	}
	rig.Write(t, filepath.Join(f.Dir, "entries.csv"), rows.String())
	db, ss := f.Open(t)
	send := func(c show.Command) {
		t.Helper()
		if _, err := ss.Do(c, nil); err != nil {
			t.Fatalf("%s %s: %v", c.Op, c.Text, err)
		}
	}
	draw := show.Command{Op: show.OpDraw, Early: true}
	for range 4 { // four forfeits in the same second
		send(draw)
		send(show.Command{Op: show.OpForfeit})
	}
	for range 3 { // three no-shows
		send(draw)
		f.Clock = f.Clock.Add(91 * time.Second)
		send(show.Command{Op: show.OpTick})
	}
	send(draw)
	send(show.Command{Op: show.OpClaim})
	send(show.Command{Op: show.OpVoid, Text: "not the holder's card after all"})
	for range 2 {
		send(draw)
		send(show.Command{Op: show.OpForfeit, Text: "ID does not match"})
	}
	send(draw)
	send(show.Command{Op: show.OpClaim})
	send(draw)
	send(show.Command{Op: show.OpClaim})
	send(show.Command{Op: show.OpNext})
	send(draw)
	send(show.Command{Op: show.OpClaim})
	send(show.Command{Op: show.OpClose})

	out := t.TempDir()
	rec, err := export.Write(db, ss.ID, out)
	if err != nil {
		t.Fatal(err)
	}
	want := []record.Redraw{
		{Outcome: "forfeit", Reason: "not the rightful owner of the card", Count: 4},
		{Outcome: "no-show", Reason: "not claimed within 90 s", Count: 3},
		{Outcome: "void", Reason: "not the holder's card after all", Count: 1},
		{Outcome: "forfeit", Reason: "ID does not match", Count: 2},
	}
	if d := rec.Draws[0]; !slices.Equal(d.Redraws, want) || !d.Marked || rec.Rules != show.Rules {
		t.Errorf("record.json's sat-cash: redraws %+v, marked %v, rules %d; want %+v, marked", d.Redraws, d.Marked, rec.Rules, want)
	}
	if d := rec.Draws[1]; len(d.Redraws) != 0 || d.Marked {
		t.Errorf("record.json's late: redraws %+v, marked %v", d.Redraws, d.Marked)
	}
	// the voided claim keeps its history
	if u := rec.Draws[0].Picks[7].Undone; u == nil || *u != (record.RecordUndone{Outcome: "claimed", By: "host", DecidedAt: "2024-11-30T19:34:33Z"}) {
		t.Errorf("record.json's voided claim: %+v", u)
	}
	all := rig.Squeeze(strings.Join(rig.PDFPages(t, filepath.Join(out, record.ReportPDF)), "\n"))
	for _, w := range []string{
		"claimed by the host at 2024-11-30 21:34:33 +02:00, voided at 2024-11-30 21:34:33 +02:00: not the holder's card after all",
		"Redraws 10 in all; MARKED FOR THE AUDITOR, more than 3 in a draw: sat-cash (10)",
		"Redraws 10: 4 forfeit (not the rightful owner of the card), 3 no-show (not claimed within 90 s), 1 void (not the holder's card after all), 2 forfeit (ID does not match); MORE THAN 3, MARKED FOR THE AUDITOR",
		"Redraws none",
	} {
		if !strings.Contains(all, w) {
			t.Errorf("report.pdf does not say %q", w)
		}
	}
}
