package rig

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"drawshow/data/export"
	"drawshow/data/record"
	"drawshow/data/session"
	"drawshow/data/store"
	"drawshow/data/verify"
	"drawshow/data/verifydb"
	"drawshow/show"
)

// Finale plays a finale show through a Session.
type Finale struct {
	T   *testing.T
	F   *Fixture
	DB  *store.DB
	SS  *session.Session
	Key [32]byte // the rehearsal seed's key, no witness
}

// NewFinale writes a show file and its entry files and opens the show,
// a rehearsal on the test seed.
func NewFinale(t *testing.T, text string, files map[string]string) *Finale {
	t.Helper()
	dir := t.TempDir()
	f := &Fixture{Dir: dir, ShowPath: filepath.Join(dir, "show.yaml"), DBPath: filepath.Join(dir, "campaign.db"), Text: []byte(text)}
	Write(t, f.ShowPath, text)
	for name, s := range files {
		Write(t, filepath.Join(dir, name), s)
	}
	f.Clock = time.Date(2024, 11, 30, 10, 0, 0, 0, time.UTC)
	db, ss := f.Open(t)
	return &Finale{T: t, F: f, DB: db, SS: ss, Key: show.Key(Seed, "")}
}

func (r *Finale) Cur() *show.SegState { return r.SS.Eng.State().CurSeg() }

// Do runs one command a few seconds after the last; a segment's entry
// file is imported first, if the session has not done so.
func (r *Finale) Do(c show.Command) []show.Event {
	r.T.Helper()
	r.F.Clock = OnTime(r.SS, c, r.F.Clock.Add(5*time.Second))
	if s := r.Cur(); s != nil && s.Loaded == nil && s.Seg.Entries != "" && s.Frozen == nil && c.Op != show.OpNext && c.Op != show.OpClose {
		if _, err := r.SS.Load(); err != nil {
			r.T.Fatalf("loading %s: %v", s.Seg.ID, err)
		}
	}
	evs, err := r.SS.Do(c, nil)
	if err != nil {
		r.T.Fatalf("%s %s %v: %v", c.Op, c.Text, c.Numbers, err)
	}
	return evs
}

func (r *Finale) Op(o show.Op) []show.Event { return r.Do(show.Command{Op: o}) }

func (r *Finale) Choose(item string) { r.Do(show.Command{Op: show.OpChoose, Text: item}) }

// ClaimAll draws and claims until the segment has its winners; a manual
// segment's tickets are typed from its frozen bin, each a participant not
// drawn before.
func (r *Finale) ClaimAll() {
	r.T.Helper()
	for !r.Cur().Drawn() {
		s := r.Cur()
		if !s.Seg.Manual {
			r.Op(show.OpDraw)
			if l := r.Cur().Last(); l != nil && l.Outcome == show.Pending {
				r.Op(show.OpClaim)
			}
			continue
		}
		if s.Frozen == nil {
			r.Op(show.OpFreeze)
			s = r.Cur()
		}
		for _, e := range s.Bin.Entries {
			if !slices.ContainsFunc(s.Picks, func(p show.Pick) bool { return p.Participant == e.Participant }) {
				r.Do(show.Command{Op: show.OpTicket, Text: e.Ticket})
				break
			}
		}
		if l := r.Cur().Last(); l != nil && l.Outcome == show.Pending {
			r.Op(show.OpClaim)
		}
	}
}

// Export closes nothing: it writes the export of the show as it is now.
func (r *Finale) Export() (string, *record.Record) {
	r.T.Helper()
	out := r.T.TempDir()
	rec, err := export.Write(r.DB, r.SS.ID, out)
	if err != nil {
		r.T.Fatal(err)
	}
	return out, rec
}

// Verified checks that the export verifies, from its folder and from the
// database, with the counts given.
func (r *Finale) Verified(out string, draws, choices, small int) {
	r.T.Helper()
	v, err := verify.Dir(out)
	if err != nil {
		r.T.Fatal(err)
	}
	if len(v.Problems) > 0 || v.Draws != draws || v.Choices != choices || v.SmallDraws != small {
		r.T.Fatalf("verify: %d draws, %d choices, %d small draws, problems:\n%s\nwant %d, %d, %d and none",
			v.Draws, v.Choices, v.SmallDraws, strings.Join(v.Problems, "\n"), draws, choices, small)
	}
	cr, err := verifydb.Check(r.DB)
	if err != nil {
		r.T.Fatal(err)
	}
	if len(cr.Problems) > 0 {
		r.T.Fatalf("verify --db:\n%s", strings.Join(cr.Problems, "\n"))
	}
}

// pointsFile is a month-end bin's or the chest's entry file: n members,
// card prefix p, and extra rows.
func PointsFile(p string, n int, extra ...string) string {
	var b strings.Builder
	b.WriteString("Card;Name;Tier;Points;Phone\n")
	tiers := []string{"ace", "king", "queen", "jack", "ten"}
	for i := range n {
		fmt.Fprintf(&b, "%s%02d;Member %s%02d;%s;%d;082 555 %04d\n", p, i, p, i, tiers[i%5], 100+i*83, i)
	}
	for _, e := range extra {
		b.WriteString(e + "\n")
	}
	return b.String()
}

// ChestText is a jackpot chest on 8 December 2024; its %s adds to the
// jackpot's keys (", guaranteed: true").
const ChestText = `promotion: Jackpot Chest
property: Gold Reef City
currency: ZAR
segments:
  - id: chest
    kind: jackpot-chest
    title: Jackpot Chest
    at: "2024-12-08T20:00"
    entries: chest.csv
    tickets: points
    points_per_ticket: 100
    cap: {ace: 4, king: 4, queen: 3, jack: 1, ten: 1}
    winners: 5
    attendance: not-required
    jackpot: {name: grc-chest, base: 20000, step: 20000, consolation: 2000%s}
`

// MonthEndCampaignText is a month-end draw of two bins on the day DATE.
const MonthEndCampaignText = `promotion: Royal Flush
property: Gold Reef City
segments:
  - id: me
    kind: month-end
    title: Month-end draw
    winners: 2
    tickets: points
    points_per_ticket: 100
    prizes: ["Grand Finale finalist"]
    bins:
      - {at: "DATET14:00", entries: b1.csv}
      - {at: "DATET15:00", entries: b2.csv}
`

// CampaignDB is one campaign database: a November month-end, two weeks of
// the jackpot chest, a December month-end rehearsed and then drawn.
type CampaignDB struct {
	DB    *store.DB
	Shows []*session.Session
}

// NewCampaignDB plays CampaignDB's shows, each to its close, in a new
// folder.
func NewCampaignDB(t *testing.T) *CampaignDB {
	t.Helper()
	dir := t.TempDir()
	db, err := store.Open(filepath.Join(dir, "campaign.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	Write(t, filepath.Join(dir, "b1.csv"), PointsFile("A", 10))
	Write(t, filepath.Join(dir, "b2.csv"), PointsFile("B", 10))
	Write(t, filepath.Join(dir, "chest.csv"), PointsFile("K", 25))
	c := &CampaignDB{DB: db}
	clock := time.Date(2024, 11, 24, 8, 0, 0, 0, time.UTC)
	play := func(name, text string, rehearsal bool) {
		t.Helper()
		path := filepath.Join(dir, name+".yaml")
		Write(t, path, text)
		sh, err := show.Parse(path, []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		if a := sh.Advertised(); !rehearsal && !a.IsZero() && !a.Add(-24*time.Hour).Before(clock) {
			// an official show opens on its own night: the morning of its day
			clock = time.Date(a.Year(), a.Month(), a.Day(), clock.Hour(), clock.Minute(), 0, 0, time.UTC)
		}
		f := &Fixture{Dir: dir, ShowPath: path, DBPath: filepath.Join(dir, "campaign.db"), Text: []byte(text), Clock: clock}
		opt := session.Options{Rehearsal: rehearsal, NoWitness: true, Clock: func() time.Time { return f.Clock }, Wall: func() time.Time { return f.Clock }}
		if rehearsal {
			opt.Seed = Seed
		}
		ss, err := session.Open(db, sh, []byte(text), opt)
		if err != nil {
			t.Fatal(err)
		}
		r := &Finale{T: t, F: f, DB: db, SS: ss}
		for {
			r.ClaimAll()
			for ball := 1; r.Cur().Chooser() != nil; ball++ {
				r.Choose(fmt.Sprintf("%02d", ball))
			}
			if r.SS.Eng.State().Cur >= len(sh.Segments)-1 {
				break
			}
			r.Op(show.OpNext)
		}
		r.Op(show.OpClose)
		clock = f.Clock.Add(24 * time.Hour)
		c.Shows = append(c.Shows, ss)
	}
	play("nov", strings.ReplaceAll(MonthEndCampaignText, "DATE", "2024-11-24"), false)
	for _, day := range []string{"2024-12-08", "2024-12-15"} {
		play("chest-"+day, strings.Replace(fmt.Sprintf(ChestText, ""), "2024-12-08", day, 1), false)
	}
	play("dec-rehearsal", strings.ReplaceAll(MonthEndCampaignText, "DATE", "2024-12-22"), true)
	play("dec", strings.ReplaceAll(MonthEndCampaignText, "DATE", "2024-12-29"), false)
	return c
}
