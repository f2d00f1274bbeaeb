package rig

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"drawshow/data/session"
	"drawshow/data/store"
	"drawshow/show"
)

// PointsCSV is a month-end bin's entries: n participants with
// enough points for a few tickets, cards prefixed p.
func PointsCSV(p string, n int) string {
	var b strings.Builder
	b.WriteString("Card,Name,Tier,Points\n")
	for i := range n {
		fmt.Fprintf(&b, "%s%02d,Player %s%02d Dlamini,%s,%d\n", p, i, p, i, show.Tiers[i%5], 300+i*450)
	}
	return b.String()
}

// WeekShow is one Sunday's jackpot chest of a campaign: the same jackpot
// every week, a show file of its own.
func WeekShow(day int, guaranteed bool) string {
	return fmt.Sprintf(`promotion: Summer Festivo
property: Montecasino
segments:
  - id: chest
    kind: jackpot-chest
    title: Jackpot Chest
    at: "2024-12-%02dT20:00"
    tickets: points
    points_per_ticket: 100
    cap: {ace: 4, king: 4, queen: 3, jack: 1, ten: 1}
    entries: chest.csv
    winners: 5
    attendance: not-required
    jackpot: {name: festivo-chest, base: 20000, step: 20000, consolation: 2000, guaranteed: %v}
`, day, guaranteed)
}

// Campaign is one campaign database that every week's show opens, and
// the folder of its show files and chest.csv.
type Campaign struct {
	Dir, DBPath string
}

// NewCampaign is a campaign in a new folder, with the chest's entries.
func NewCampaign(t *testing.T) *Campaign {
	t.Helper()
	dir := t.TempDir()
	Write(t, filepath.Join(dir, "chest.csv"), PointsCSV("K", 12))
	return &Campaign{Dir: dir, DBPath: filepath.Join(dir, "campaign.db")}
}

// Open opens (or resumes) the show of text; a rehearsal has a fixed seed.
func (c *Campaign) Open(t *testing.T, name, text string, rehearsal bool, at time.Time) (*store.DB, *session.Session) {
	t.Helper()
	opt := session.Options{Rehearsal: rehearsal, NoWitness: true, Clock: func() time.Time { return at }, Wall: func() time.Time { return at }}
	if rehearsal {
		opt.Seed = Seed
	}
	db, ss, err := OpenOn(t, c, name, text, opt)
	if err != nil {
		t.Fatal(err)
	}
	return db, ss
}

// DrawFive draws the chest's five winners.
func DrawFive(t *testing.T, ss *session.Session) {
	t.Helper()
	for ss.Eng.State().CurSeg().Winners() < 5 {
		Do(t, ss, show.OpDraw)
	}
}

// JackpotBall is where the jackpot ball of tonight's chest is.
func JackpotBall(t *testing.T, db *store.DB, ss *session.Session) string {
	t.Helper()
	seed, err := db.Seed(ss.ID)
	if err != nil {
		t.Fatal(err)
	}
	seg := ss.Eng.State().CurSeg()
	return show.JackpotBall(show.Key(seed, ss.Eng.State().Witness()), seg.Seg.ID, seg.Seg.Jackpot.Balls)
}

// ChooseBalls lets the winners choose in seat order: the jackpot ball at
// the turn won says, else the first ball that is not it, while there is one.
func ChooseBalls(t *testing.T, db *store.DB, ss *session.Session, won int) {
	t.Helper()
	jp := JackpotBall(t, db, ss)
	for turn := 0; ss.Eng.State().CurSeg().Chooser() != nil; turn++ {
		seg := ss.Eng.State().CurSeg()
		ball := jp
		if turn != won {
			for _, it := range seg.Seg.Items() {
				if it != jp && !slices.Contains(seg.Taken(), it) {
					ball = it
					break
				}
			}
		}
		if _, err := ss.Do(show.Command{Op: show.OpChoose, Text: ball}, nil); err != nil {
			t.Fatalf("turn %d, ball %s: %v", turn, ball, err)
		}
	}
}

// OpenOn opens the show of text in c's database with opt as it is (its
// show clock and the machine's clock among them): nothing is fixed but
// what the options say.
func OpenOn(t *testing.T, c *Campaign, name, text string, opt session.Options) (*store.DB, *session.Session, error) {
	t.Helper()
	path := filepath.Join(c.Dir, name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	db, err := store.Open(c.DBPath)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	sh, err := show.Parse(path, []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	ss, err := session.Open(db, sh, []byte(text), opt)
	return db, ss, err
}

// At is a clock stopped at s, an RFC 3339 time.
func At(s string) func() time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return func() time.Time { return t }
}

// WednesdayText is a bonus night's show file: three winners in the
// window on the day %s, each choosing an envelope.
const WednesdayText = `promotion: Royal Flush
property: Gold Reef City
segments:
  - id: bonus
    kind: bonus-jackpot
    entries: raps.csv
    windows: ["%s 18:00-19:00"]
    winners: 3
    attendance: not-required
    envelopes: [R1 000, R2 000]
`

// SaturdayText is a Saturday cash draw whose bin holds three entries
// for each bonus win since 25 November.
const SaturdayText = `promotion: Royal Flush
property: Gold Reef City
segments:
  - id: cash
    at: "2024-11-30T21:30"
    entries: cash.csv
    winners: 2
    win_once: day
    attendance: not-required
    bonus_entries: {from: [bonus], per_win: 3, since: 2024-11-25}
`

// PlayBonus runs a bonus session on day to its winners and closes it.
func PlayBonus(t *testing.T, c *Campaign, name, day string, rehearsal bool) []string {
	t.Helper()
	at, _ := time.Parse(time.DateTime, day+" 16:10:00") // 18:10 in Johannesburg
	db, ss := c.Open(t, name, fmt.Sprintf(WednesdayText, day), rehearsal, at)
	var won []string
	for !ss.Eng.State().CurSeg().Drawn() {
		if _, err := ss.Do(show.Command{Op: show.OpDraw}, nil); err != nil {
			t.Fatal(err)
		}
		won = append(won, ss.Eng.State().CurSeg().Last().Participant) // decided at once: attendance not required
		if _, err := ss.Do(show.Command{Op: show.OpChoose, Text: "1"}, nil); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := ss.Do(show.Command{Op: show.OpClose}, nil); err != nil {
		t.Fatal(err)
	}
	db.Close()
	return won
}

// OctoberText is October's month-end bin, advertised for Sunday 27
// October 2024 at 14:00 (12:00 UTC).
const OctoberText = `promotion: Royal Flush
property: Gold Reef City
segments:
  - id: oct
    title: October month-end
    at: "2024-10-27T14:00"
    tickets: points
    points_per_ticket: 300
    entries: chest.csv
    winners: 1
    attendance: not-required
`
