package e2e

import (
	"path/filepath"
	"slices"
	"testing"
	"time"

	"drawshow/data/datatest/rig"
	"drawshow/data/export"
	"drawshow/data/record"
	"drawshow/data/session"
	"drawshow/show"
)

const boardShow = `promotion: Summer Festivo Prize Splash
property: Montecasino
exclusions: self-excluded.csv
segments:
  - id: prive-slots
    kind: leaderboard
    title: Prive Slots Challenge
    at: "2024-12-20T17:00"
    standings: standings.csv
    areas: [Mike, Kilo]
    top: 3
`

// The self-excluded member's card is 0035437525; the list was saved from
// Excel, which dropped its zeros.
const boardStandings = "Card Number,Member Name,Points,Area\n" +
	"0011111111,Thandeka,500,Mike\n" +
	"0022222222,Sipho,900,Kilo\n" +
	"0035437525,Naledi,950,Kilo\n" +
	"0044444444,Kagiso,700,Mike\n" +
	"0055555555,Ruan,100,Mike\n"

// TestBoardLeavesOutTheExclusions: a self-excluded member never stands on
// the leaderboard (issue 39). check compares the exclusions list with the
// standings and names who it keeps off; the live board leaves them out;
// the final standings record them, and standings.csv lists them with no
// place and on_board "excluded", which verify holds to the journal.
func TestBoardLeavesOutTheExclusions(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	f := &rig.Fixture{Dir: dir, ShowPath: filepath.Join(dir, "show.yaml"), DBPath: filepath.Join(dir, "campaign.db"), Text: []byte(boardShow)}
	rig.Write(t, f.ShowPath, boardShow)
	rig.Write(t, filepath.Join(dir, "self-excluded.csv"), "Card\n35437525\n")
	rig.Write(t, filepath.Join(dir, "standings.csv"), boardStandings)

	sh, err := show.Parse(f.ShowPath, f.Text)
	if err != nil {
		t.Fatal(err)
	}
	chk := session.CheckShow(sh)
	if len(chk.Problems) > 0 || len(chk.Matches) != 1 {
		t.Fatalf("check: problems %v, matches %d", chk.Problems, len(chk.Matches))
	}
	if m := chk.Matches[0]; m.Matched != 1 || m.Cards != 1 || m.Unmatched() {
		t.Errorf("check: the exclusions list matched %d of %d (unmatched %v), want 1 of 1", m.Matched, m.Cards, m.Unmatched())
	}
	if off := chk.Segments[0].OffBoard; len(off) != 1 || off[0].Card != "0035437525" || off[0].Rank != 1 {
		t.Errorf("check: off the board %+v, want 0035437525 at place 1", off)
	}

	f.Clock = time.Date(2024, 12, 20, 15, 0, 0, 0, time.UTC)
	db, ss := f.Open(t)
	if _, err := ss.Load(); err != nil {
		t.Fatal(err)
	}
	rows := []show.Standing{{Card: "0022222222", Points: 900, Area: "Kilo"}, {Card: "0035437525", Points: 950, Area: "Kilo"}}
	if on := ss.Eng.Board(rows); len(on) != 1 || on[0].Card != "0022222222" {
		t.Errorf("the live board holds %+v, want 0022222222 alone", on)
	}
	f.Clock = f.Clock.Add(time.Minute)
	if _, err := ss.Do(show.Command{Op: show.OpClose}, nil); err != nil {
		t.Fatal(err)
	}
	rec := ss.Eng.State().Seg("prive-slots").Standings
	if rec == nil || !slices.Equal(rec.Excluded, []string{"0035437525"}) {
		t.Fatalf("recorded standings %+v, want 0035437525 excluded", rec)
	}
	out := filepath.Join(t.TempDir(), "export")
	if _, err := export.Write(db, ss.ID, out); err != nil {
		t.Fatal(err)
	}
	if v, err := rig.VerifyDir(out); err != nil || len(v) > 0 {
		t.Fatalf("verify: %v %q", err, v)
	}
	var got [][]string
	for _, r := range rig.CSVRows(t, filepath.Join(out, record.StandingsFile)) {
		got = append(got, []string{r["place"], r["card"], r["points"], r["on_board"]})
	}
	want := [][]string{
		{"1", "0022222222", "900", "yes"},
		{"2", "0044444444", "700", "yes"},
		{"3", "0011111111", "500", "yes"},
		{"4", "0055555555", "100", "no"},
		{"", "0035437525", "950", "excluded"},
	}
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("standings.csv\n got %q\nwant %q", got, want)
	}
	forgedExport(t, out, "the excluded player given the first place",
		`standings.csv: leaderboard prive-slots, card 0035437525: place is "1", the record says ""`, func(dir string) {
			replaceIn(t, filepath.Join(dir, record.StandingsFile), ",,0035437525,", ",1,0035437525,")
		})
}
