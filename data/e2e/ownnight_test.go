package e2e

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"drawshow/data/datatest/rig"
	"drawshow/data/export"
	"drawshow/data/paper"
	"drawshow/data/record"
	"drawshow/data/session"
	"drawshow/data/verify"
	"drawshow/show"
)

// The backdated October show (issue 25): run in the back room in
// November, as an official show with its clock set back to October, it
// would bar a rival from November's bin. An official show opens only on
// its own night by the machine's clock, whatever its show clock says, and
// a refused opening records nothing.
func TestBackdatedOfficialShowRefused(t *testing.T) {
	t.Parallel()
	november := rig.At("2024-11-24T08:00:00Z")
	for _, tc := range []struct {
		name string
		opt  session.Options
		want string
	}{
		{"clock set back", session.Options{Clock: rig.At("2024-10-27T12:00:00Z"), Wall: november, ClockSet: true}, "--clock is for rehearsals"},
		{"clock passed as the machine's", session.Options{Clock: rig.At("2024-10-27T12:00:00Z"), Wall: november}, "at most 24h0m0s after its advertised time"},
		{"a month late", session.Options{Clock: november, Wall: november}, "advertised for 2024-10-27 14:00 SAST"},
		{"25 hours late", session.Options{Clock: rig.At("2024-10-28T13:00:01Z"), Wall: rig.At("2024-10-28T13:00:01Z")}, "by 2024-10-28 14:00 SAST"},
		{"the day before", session.Options{Clock: rig.At("2024-10-26T21:59:00Z"), Wall: rig.At("2024-10-26T21:59:00Z")}, "not before 2024-10-27 00:00 SAST"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := rig.NewCampaign(t)
			db, _, err := rig.OpenOn(t, c, "october.yaml", rig.OctoberText, tc.opt)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("opened: %v, want %q", err, tc.want)
			}
			if rows, _ := db.Shows(); len(rows) != 0 {
				t.Errorf("a refused opening recorded %d show(s)", len(rows))
			}
		})
	}
	// on its night, from midnight to 24 hours after its time, it opens,
	// and the record keeps the machine's clock, the mode and the clock's
	// source
	for _, wall := range []string{"2024-10-26T22:00:00Z", "2024-10-27T12:00:00Z", "2024-10-28T12:00:00Z"} {
		c := rig.NewCampaign(t)
		_, ss, err := rig.OpenOn(t, c, "october.yaml", rig.OctoberText, session.Options{Clock: rig.At(wall), Wall: rig.At(wall)})
		if err != nil {
			t.Fatalf("%s: %v", wall, err)
		}
		o := ss.Eng.State().Opened
		if o.WallClock.Format(time.RFC3339) != wall || o.Mode != show.ModeHeadless || o.ClockSource != show.ClockWall || o.Rules != show.Rules {
			t.Errorf("%s: opened %+v", wall, o)
		}
	}
	// a rehearsal runs any time on any clock; the machine's is recorded
	c := rig.NewCampaign(t)
	_, ss, err := rig.OpenOn(t, c, "october.yaml", rig.OctoberText, session.Options{Rehearsal: true, Clock: rig.At("2024-10-27T12:00:00Z"), Wall: november, ClockSet: true, Mode: show.ModeStage})
	if err != nil {
		t.Fatal(err)
	}
	if o := ss.Eng.State().Opened; !o.WallClock.Equal(november()) || o.ClockSource != show.ClockSet || o.Mode != show.ModeStage {
		t.Errorf("the rehearsal's opening %+v", o)
	}
	if ss.Eng.State().OpenedAt.Format(time.RFC3339) != "2024-10-27T12:00:00Z" {
		t.Errorf("the rehearsal opened at %v on its show clock", ss.Eng.State().OpenedAt)
	}
}

// A draw postponed for a technical failure (rule 84) opens on its new
// night, the one its at times give; the night it moved from is no longer
// its night.
func TestPostponedShowOpensOnItsNewNight(t *testing.T) {
	t.Parallel()
	moved := strings.Replace(rig.OctoberText, `at: "2024-10-27T14:00"`, `at: "2024-11-03T14:00"`, 1) +
		"postponed: {from: 2024-10-27T14:00, reason: \"rule 84: the drum's motor failed\"}\n"
	sh, err := show.Parse("moved.yaml", []byte(moved))
	if err != nil {
		t.Fatal(err)
	}
	if p := sh.Postponed; p == nil || p.From.Format(time.RFC3339) != "2024-10-27T14:00:00+02:00" || p.Reason != "rule 84: the drum's motor failed" {
		t.Fatalf("postponed %+v", p)
	}
	c := rig.NewCampaign(t)
	if _, _, err := rig.OpenOn(t, c, "moved.yaml", moved, session.Options{Clock: rig.At("2024-10-27T12:00:00Z"), Wall: rig.At("2024-10-27T12:00:00Z")}); err == nil ||
		!strings.Contains(err.Error(), "(postponed from 2024-10-27 14:00 SAST)") {
		t.Fatalf("opened on the old night: %v", err)
	}
	if _, _, err := rig.OpenOn(t, c, "moved.yaml", moved, session.Options{Clock: rig.At("2024-11-03T11:00:00Z"), Wall: rig.At("2024-11-03T11:00:00Z")}); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []struct{ text, want string }{
		{"postponed: {from: 2024-11-04, reason: x}\n", "is not before the new night's first draw"},
		{"postponed: {from: 2024-10-27}\n", "reason is required"},
		{"postponed: {reason: broken}\n", "from is required"},
		{"postponed: {from: soon, reason: broken}\n", `from "soon" is not a local time`},
		{"postponed: {from: 2024-10-27, reason: broken, by: me}\n", `unknown postponed key "by"`},
	} {
		text := strings.Replace(rig.OctoberText, `at: "2024-10-27T14:00"`, `at: "2024-11-03T14:00"`, 1) + bad.text
		if _, err := show.Parse("bad.yaml", []byte(text)); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%s: %v, want %q", bad.text, err, bad.want)
		}
	}
}

// The record, the report and the sheet say when the show was advertised
// for, the night it moved from, the machine's clock at open, and how it
// ran: the report on every page. verify writes the export again from the
// record and finds it the same.
func TestReportPrintsTheNightAndTheClock(t *testing.T) {
	t.Parallel()
	moved := strings.Replace(rig.OctoberText, `at: "2024-10-27T14:00"`, `at: "2024-11-03T14:00"`, 1) +
		"postponed: {from: 2024-10-27T14:00, reason: \"rule 84: the drum's motor failed\"}\n"
	c := rig.NewCampaign(t)
	clock := time.Date(2024, 11, 3, 11, 0, 0, 0, time.UTC)
	wall := clock.Add(7 * time.Second)
	db, ss, err := rig.OpenOn(t, c, "moved.yaml", moved, session.Options{NoWitness: true, Clock: func() time.Time { return clock }, Wall: func() time.Time { return wall }})
	if err != nil {
		t.Fatal(err)
	}
	sheetPath := filepath.Join(t.TempDir(), "sheet.pdf")
	if err := paper.WriteSheet(ss, sheetPath); err != nil {
		t.Fatal(err)
	}
	sheet := rig.Squeeze(strings.Join(rig.PDFPages(t, sheetPath), "\n"))
	for _, want := range []string{"Postponed from Sunday 27 October 2024 14:00: rule 84: the drum's motor failed", "Machine's clock 2024-11-03 13:00:07 at open; headless, machine's clock"} {
		if !strings.Contains(sheet, want) {
			t.Errorf("the sheet does not say %q:\n%s", want, sheet)
		}
	}
	clock = clock.Add(3 * time.Hour)
	if _, err := ss.Do(show.Command{Op: show.OpDraw}, nil); err != nil {
		t.Fatal(err)
	}
	rig.Do(t, ss, show.OpClose)
	out := t.TempDir()
	rec, err := export.Write(db, ss.ID, out)
	if err != nil {
		t.Fatal(err)
	}
	want := record.RecordShow{Advertised: "2024-11-03T12:00:00Z", WallClock: "2024-11-03T11:00:07Z", Mode: "headless", ClockSource: "wall",
		Postponed: &record.RecordPostponed{From: "2024-10-27T12:00:00Z", Reason: "rule 84: the drum's motor failed"}}
	if g := rec.Show; g.Advertised != want.Advertised || g.WallClock != want.WallClock || g.Mode != want.Mode || g.ClockSource != want.ClockSource || g.Postponed == nil || *g.Postponed != *want.Postponed {
		t.Errorf("record.json's show %+v, want %+v", g, want)
	}
	pages := rig.PDFPages(t, filepath.Join(out, "report.pdf"))
	for i, pg := range pages {
		if !strings.Contains(pg, "(headless, machine's clock)") {
			t.Errorf("report.pdf page %d does not say how the show ran", i+1)
		}
	}
	report := rig.Squeeze(strings.Join(pages, "\n"))
	for _, want := range []string{"Advertised 2024-11-03 14:00:00 +02:00; postponed from 2024-10-27 14:00:00 +02:00 (rule 84: the drum's motor failed)",
		"the machine's clock said 2024-11-03 13:00:07 +02:00", "Run headless, machine's clock"} {
		if !strings.Contains(report, want) {
			t.Errorf("report.pdf does not say %q:\n%s", want, report)
		}
	}
	if r, err := verify.Dir(out); err != nil || len(r.Problems) > 0 {
		t.Fatalf("verify: %+v, %v", r, err)
	}
}
