package campaign_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"drawshow/data/campaign"
	"drawshow/data/datatest/rig"
	"drawshow/data/export"
	"drawshow/data/session"
	"drawshow/data/store"
	"drawshow/show"
)

// TestCampaignReportAsOfItsOwnShows: an official show, then on the same
// database a rehearsal whose clock was set (--clock) a month before it.
// The official campaign report is as the record stood at the official
// show's last event, never at the rehearsal's clock, and says when it was
// written (issue 39: a compliance document dated before its show).
func TestCampaignReportAsOfItsOwnShows(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db, err := store.Open(filepath.Join(dir, "campaign.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	rig.Write(t, filepath.Join(dir, "b1.csv"), rig.PointsFile("A", 10))
	rig.Write(t, filepath.Join(dir, "b2.csv"), rig.PointsFile("B", 10))
	play := func(name, date string, rehearsal bool, clock time.Time) *session.Session {
		t.Helper()
		text := strings.ReplaceAll(rig.MonthEndCampaignText, "DATE", date)
		path := filepath.Join(dir, name+".yaml")
		rig.Write(t, path, text)
		sh, err := show.Parse(path, []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		f := &rig.Fixture{Dir: dir, ShowPath: path, DBPath: db.Path(), Text: []byte(text), Clock: clock}
		opt := session.Options{Rehearsal: rehearsal, NoWitness: true, Clock: func() time.Time { return f.Clock }, Wall: func() time.Time { return f.Clock }}
		if rehearsal {
			opt.Seed, opt.ClockSet = rig.Seed, true
		}
		ss, err := session.Open(db, sh, []byte(text), opt)
		if err != nil {
			t.Fatal(err)
		}
		r := &rig.Finale{T: t, F: f, DB: db, SS: ss}
		r.ClaimAll()
		r.Op(show.OpNext)
		r.ClaimAll()
		r.Op(show.OpClose)
		return ss
	}
	official := play("dec", "2026-12-07", false, time.Date(2026, 12, 7, 10, 0, 0, 0, time.UTC))
	closedAt := official.Eng.State().ClosedAt
	play("rehearsal", "2024-12-01", true, time.Date(2024, 12, 1, 12, 0, 0, 0, time.UTC))

	at, err := db.LastEventTimeOf([]string{official.ID})
	if err != nil || !at.Equal(closedAt) {
		t.Fatalf("as of %v (%v), want the official close %v", at, err, closedAt)
	}
	shows, err := export.CampaignShows(db)
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	written := time.Date(2026, 12, 9, 8, 30, 0, 0, time.UTC)
	if err := campaign.WriteCampaign(out, shows, nil, campaign.Dates{AsOf: at, Written: written}, false); err != nil {
		t.Fatal(err)
	}
	text := rig.Squeeze(strings.Join(rig.PDFPages(t, filepath.Join(out, campaign.CampaignPDF)), "\n"))
	want := rig.Squeeze("the record as it stood at its last official event, " + closedAt.UTC().Format("2006-01-02 15:04") + " UTC; written 2026-12-09 08:30 UTC")
	if !strings.Contains(text, want) {
		t.Errorf("campaign.pdf lacks %q:\n%s", want, text)
	}
	if strings.Contains(text, "2024-12-01") {
		t.Errorf("campaign.pdf names the rehearsal's clock:\n%s", text)
	}
}
