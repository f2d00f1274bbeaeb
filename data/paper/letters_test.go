package paper_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"drawshow/data/datatest/rig"
	"drawshow/data/export"
	"drawshow/data/paper"
)

// TestWinnersLetters: report --letters writes one PDF a winner, from the
// record: the prize, the day to collect by, where and when (the show
// file's desk: keys), what to bring and the terms that ask it (Royal
// Flush 47, 65, 77, 82), the winner's name and reference; a rehearsal's
// say they are not to be sent (issue 39).
func TestWinnersLetters(t *testing.T) {
	t.Parallel()
	for _, rehearsal := range []bool{false, true} {
		f := rig.ExportFixture(t)
		text := strings.Replace(string(f.Text), "segments:", "desk: {where: \"Rewards Desk, main casino floor\", hours: \"daily, 08:00 to 22:00\"}\nsegments:", 1)
		f.Text = []byte(text)
		rig.Write(t, f.ShowPath, text)
		db, ss := rig.PlayExportShow(t, f, rehearsal)
		x, err := export.SetOf(db, ss.ID, func(int) {})
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		written := time.Date(2024, 12, 1, 9, 0, 0, 0, time.UTC)
		ls, err := paper.WriteLetters(x, dir, written)
		if err != nil {
			t.Fatal(err)
		}
		wins := 0
		for _, s := range ss.Eng.State().Segs {
			for _, p := range s.Picks {
				if p.Outcome.Wins() {
					wins++
				}
			}
		}
		if len(ls) != wins || wins == 0 {
			t.Fatalf("%d letters for %d winners", len(ls), wins)
		}
		l := ls[0]
		text = rig.Squeeze(strings.Join(rig.PDFPages(t, filepath.Join(dir, l.File)), "\n"))
		for _, want := range []string{"Dear " + l.Name + ",", "Congratulations: you won " + l.Prize, "Collect by", "Rewards Desk, main casino floor", "daily, 08:00 to 22:00",
			"your Rewards card and your identity document", "terms 47, 65, 77 and 82", "show " + ss.ID + ", draw " + l.Segment + ", pick 1"} {
			if !strings.Contains(text, rig.Squeeze(want)) {
				t.Errorf("rehearsal %v: %s lacks %q:\n%s", rehearsal, l.File, want, text)
			}
		}
		if got := strings.Contains(text, "not a letter to send"); got != rehearsal {
			t.Errorf("rehearsal %v: the letter says it is not to be sent: %v", rehearsal, got)
		}
	}
}
