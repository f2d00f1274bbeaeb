package e2e

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"drawshow/data/datatest/rig"
	"drawshow/data/export"
	"drawshow/data/record"
	"drawshow/show"
)

const standingsShow = `promotion: Summer Festivo Prize Splash
property: Montecasino
segments:
  - id: prive-slots
    kind: leaderboard
    title: Prive Slots Challenge
    at: "2024-12-20T17:00"
    standings: standings.csv
    areas: [Mike, Kilo]
    top: 3
  - id: cash
    title: Cash Draw
    at: "2024-12-20T21:00"
    entries: entries.csv
    winners: 1
    prizes: ["R1 000"]
`

// TestStandingsInTheExport: the leaderboard's final standings, as its
// file stood when the show closed, are recorded in the journal
// (standings-recorded) and exported as standings.csv: every player of
// the board's areas by place, ties sharing one, those on the board
// marked. verify writes the file again from the journal and names an
// edit; a show with no leaderboard has no such file (issue 26, item 12).
func TestStandingsInTheExport(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	f := &rig.Fixture{Dir: dir, ShowPath: filepath.Join(dir, "show.yaml"), DBPath: filepath.Join(dir, "campaign.db"), Text: []byte(standingsShow)}
	rig.Write(t, f.ShowPath, standingsShow)
	rig.Write(t, filepath.Join(dir, "entries.csv"), "Ticket,Card,Name,Tier\nT1,C1,Ann,ace\nT2,C2,Ben,king\n")
	standings := filepath.Join(dir, "standings.csv")
	rig.Write(t, standings, "Card Number,Member Name,Points,Area\nS1,Thandeka,500,Mike\nS2,Sipho,900,Kilo\nS3,Naledi,500,Kilo\nS4,Kagiso,950,Smoking\nS5,Ruan,100,Mike\n")
	f.Clock = time.Date(2024, 12, 20, 15, 0, 0, 0, time.UTC)
	db, ss := f.Open(t)
	step := func(c show.Command) {
		t.Helper()
		f.Clock = rig.OnTime(ss, c, f.Clock.Add(10*time.Second))
		if _, err := ss.Do(c, nil); err != nil {
			t.Fatalf("%s: %v", c.Op, err)
		}
	}
	step(show.Command{Op: show.OpNext})
	// the file changes after the board was left: the close records it as it then stands
	rig.Write(t, standings, "Card Number,Member Name,Points,Area\nS1,Thandeka,700,Mike\nS2,Sipho,900,Kilo\nS3,Naledi,700,Kilo\nS4,Kagiso,950,Smoking\nS5,Ruan,100,Mike\n")
	step(show.Command{Op: show.OpDraw, Early: true})
	step(show.Command{Op: show.OpClaim})
	step(show.Command{Op: show.OpClose})
	st := ss.Eng.State()
	rec := st.Seg("prive-slots").Standings
	if rec == nil || len(rec.Rows) != 5 || rec.File != "standings.csv" || len(rec.SHA256) != 64 {
		t.Fatalf("recorded standings %+v", rec)
	}
	out := filepath.Join(t.TempDir(), "export")
	if _, err := export.Write(db, ss.ID, out); err != nil {
		t.Fatal(err)
	}
	if v, err := rig.VerifyDir(out); err != nil || len(v) > 0 {
		t.Fatalf("verify: %v %q", err, v)
	}
	rows := rig.CSVRows(t, filepath.Join(out, record.StandingsFile))
	var got [][]string
	for _, r := range rows {
		got = append(got, []string{r["segment"], r["title"], r["place"], r["card"], r["name"], r["area"], r["points"], r["on_board"]})
	}
	want := [][]string{
		{"prive-slots", "Prive Slots Challenge", "1", "S2", "Sipho", "Kilo", "900", "yes"},
		{"prive-slots", "Prive Slots Challenge", "2", "S1", "Thandeka", "Mike", "700", "yes"},
		{"prive-slots", "Prive Slots Challenge", "2", "S3", "Naledi", "Kilo", "700", "yes"},
		{"prive-slots", "Prive Slots Challenge", "4", "S5", "Ruan", "Mike", "100", "no"},
	}
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("standings.csv\n got %q\nwant %q", got, want)
	}
	forgedExport(t, out, "a place edited", `standings.csv: leaderboard prive-slots, card S1: points is "800", the record says "700"`, func(dir string) {
		replaceIn(t, filepath.Join(dir, record.StandingsFile), ",700,", ",800,")
	})
	forgedExport(t, out, "the file removed", "standings.csv is missing from the export", func(dir string) {
		os.Remove(filepath.Join(dir, record.StandingsFile))
	})
	// a show with no leaderboard has none
	plain := exported(t)
	if _, err := os.Stat(filepath.Join(plain, record.StandingsFile)); err == nil {
		t.Errorf("an export with no leaderboard has %s", record.StandingsFile)
	}
}
