package e2e

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"drawshow/data/datatest/rig"
	"drawshow/data/export"
	"drawshow/data/record"
	"drawshow/show"
)

// TestCrashInCountdownKeepsTheClaim: the program is killed 11 s into a
// countdown and started again after its deadline. The start is recorded
// with the time down; the engine records no no-show, the host's claim is
// taken and marked as decided after a restart, and the report lists the
// downtime (issue 24).
func TestCrashInCountdownKeepsTheClaim(t *testing.T) {
	t.Parallel()
	f := rig.NewFixture(t)
	db, ss := f.Open(t)
	rig.Do(t, ss, show.OpDraw)
	p := *ss.Eng.State().CurSeg().Last()
	last := ss.Eng.State().LastAt
	db.Close() // the kill, 11 s in

	f.Clock = p.Deadline.Add(4 * time.Minute)
	db, ss = f.Open(t)
	evs, err := ss.Resume(show.ModeStage)
	if err != nil || len(evs) != 1 || evs[0].Restart == nil || !evs[0].Restart.Last.Equal(last) {
		t.Fatalf("the restart recorded %+v, %v", evs, err)
	}
	if evs := rig.Do(t, ss, show.OpTick); len(evs) != 0 {
		t.Fatalf("the engine decided the lapsed countdown: %+v", evs[0].Pick)
	}
	rig.Do(t, ss, show.OpClaim)
	if got := ss.Eng.State().CurSeg().Last(); got.K != p.K || got.Outcome != show.Claimed || !got.AfterRestart {
		t.Fatalf("%+v, want pick %d claimed after the restart", got.PickRef, p.K+1)
	}
	for _, op := range []show.Op{show.OpDraw, show.OpClaim, show.OpNext, show.OpDraw, show.OpClaim, show.OpClose} {
		rig.Do(t, ss, op)
	}
	out := t.TempDir()
	rec, err := export.Write(db, ss.ID, out)
	if err != nil {
		t.Fatal(err)
	}
	down := f.Clock.Sub(last).Seconds()
	if len(rec.Restarts) != 1 || rec.Restarts[0].Mode != show.ModeStage || rec.Restarts[0].Down != down || !rec.Draws[0].Picks[0].AfterRestart {
		t.Errorf("record.json: restarts %+v, first pick %+v", rec.Restarts, rec.Draws[0].Picks[0])
	}
	all := rig.Squeeze(strings.Join(rig.PDFPages(t, filepath.Join(out, record.ReportPDF)), "\n"))
	for _, w := range []string{"Restarts 1: down 2024-11-30 21:30:00 +02:00 to 2024-11-30 21:35:30 +02:00 (330 s), started again as the stage",
		"decided after a restart: the countdown ended while drawshow was down"} {
		if !strings.Contains(all, w) {
			t.Errorf("report.pdf does not say %q:\n%s", w, all)
		}
	}
}
