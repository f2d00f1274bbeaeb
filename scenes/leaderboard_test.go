package scenes

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"drawshow/data/entries"
	"drawshow/show"
)

// boardBackend reads standings files as cmd's backend does.
type boardBackend struct {
	sessionBackend
	sh *show.Show
}

func (b boardBackend) Standings(segment string) ([]show.Standing, time.Time, error) {
	file := b.sh.Segments[0].Board.Standings
	fi, err := os.Stat(file)
	if err != nil {
		return nil, time.Time{}, err
	}
	st, err := entries.ReadStandings(file, "")
	return st, fi.ModTime(), err
}

const boardShow = `promotion: Summer Festivo Prize Splash
property: Montecasino
segments:
  - id: prive-slots
    kind: leaderboard
    title: Prive Slots Challenge
    standings: standings.csv
    areas: [Mike, Kilo]
    top: 5
`

// A new standings file is on the board without a restart, with each
// player's movement; a bad one leaves the last good board up and tells the
// host why.
func TestLeaderboardFollowsItsFile(t *testing.T) {
	dir := t.TempDir()
	showPath, file := filepath.Join(dir, "show.yaml"), filepath.Join(dir, "standings.csv")
	writeAt := func(body string, at time.Time) {
		t.Helper()
		if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(file, at, at); err != nil {
			t.Fatal(err)
		}
	}
	t0 := time.Date(2024, 12, 20, 17, 0, 0, 0, time.UTC)
	writeAt("Card,Name,Points,Area\n1,Zoë Botha,900,Mike\n2,Sipho Dlamini,700,Kilo\n3,Anri du Plessis,700,Mike\n4,Yusuf Moosa,999,Hotel\n", t0)
	if err := os.WriteFile(showPath, []byte(boardShow), 0o644); err != nil {
		t.Fatal(err)
	}
	r := openRig(t, showPath, t0, func(o *Options) {
		o.Backend = boardBackend{o.Backend.(sessionBackend), o.Show}
		o.Resumed = true // straight to the board, past the opening
	})
	s, clk := r.s, r.clk

	r.until("the first board", func() bool { return s.mgr.cast.attract.board != nil })
	got := func() string {
		var b strings.Builder
		for _, p := range s.mgr.cast.attract.board {
			b.WriteString(p.Card + ":" + strconv.Itoa(p.Rank) + ":" + strconv.Itoa(p.Move) + " ")
		}
		return b.String()
	}
	if g := got(); g != "1:1:0 2:2:0 3:2:0 " { // Hotel is not a challenge area; 2 and 3 tie
		t.Fatalf("board %s", g)
	}
	clk.Add(noticeTime) // past the "resumed" notice
	r.update()
	r.shoot("23-leaderboard")

	writeAt("Card,Name,Points,Area\n1,Zoë Botha,900,Mike\n2,Sipho Dlamini,950,Kilo\n3,Anri du Plessis,100,Mike\n5,Renée Adams,400,Kilo\n", t0.Add(time.Hour))
	clk.Add(boardPoll)
	r.until("the new board", func() bool { return s.mgr.cast.attract.boardAt.Equal(t0.Add(time.Hour)) })
	if g := got(); g != "2:1:1 1:2:-1 5:3:0 3:4:-2 " || !s.mgr.cast.attract.board[2].New {
		t.Fatalf("board after the update %s (new %v)", g, s.mgr.cast.attract.board[2].New)
	}
	before := got()
	writeAt("Card,Name,Points,Area\n1,Zoë Botha,lots,Mike\n", t0.Add(2*time.Hour))
	clk.Add(boardPoll)
	r.until("the bad file noticed", func() bool { return s.mgr.cast.attract.boardErr != "" })
	if got() != before || !strings.Contains(s.host.message, "standings.csv") || !strings.Contains(s.host.message, `"lots"`) {
		t.Fatalf("after a bad file: board %s, message %q", got(), s.host.message)
	}
}
