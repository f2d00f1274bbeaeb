package e2e

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"drawshow/data/datatest/rig"
	"drawshow/data/session"
	"drawshow/data/store"
	"drawshow/show"
)

// nightYAML is a Grand Finale night: three month-end bins, a manual
// bin of their winners' receipts, a wild card, the Royal Flush of those
// finalists and a file of other properties', a jackpot chest and a bonus
// jackpot session.
const nightYAML = `promotion: Royal Flush
property: Gold Reef City
segments:
  - id: nov
    kind: month-end
    title: November month-end
    tickets: points
    points_per_ticket: 300
    winners: 3
    attendance: not-required
    bins:
      - {at: "2024-11-24T14:00", entries: bin1.csv}
      - {at: "2024-11-24T15:00", entries: bin2.csv}
      - {at: "2024-11-24T16:00", entries: bin3.csv}
  - {id: finalist, kind: manual-bin, from: [nov], winners: 1, attendance: not-required}
  - {id: wild, kind: wild-card, from: [nov], winners: 2, attendance: not-required}
  - id: finale
    kind: royal-flush
    entries: finalists.csv
    from: [finalist, wild]
    prizes: [R100 000, R50 000, R25 000, R10 000, R5 000]
  - id: chest
    kind: jackpot-chest
    tickets: points
    points_per_ticket: 100
    cap: {ace: 4, king: 4, queen: 3, jack: 1, ten: 1}
    entries: chest.csv
    winners: 5
    attendance: not-required
    jackpot: {name: sunday-chest}
  - id: raps
    kind: bonus-jackpot
    entries: raps.csv
    tiers: [ace, king, queen]
    min_spend: {ace: 600, king: 600, queen: 200}
    exclude_devices: [M-09]
    exclude_areas: [Smoking]
    windows: ["2024-11-24 18:00-19:00"]
    per_hour: 15
    winners: 3
    attendance: not-required
    envelopes: [R1 000, R2 000, R5 000]
`

type nightFixture struct {
	rig.Fixture
}

func newNightFixture(t *testing.T) *nightFixture {
	t.Helper()
	dir := t.TempDir()
	f := &nightFixture{rig.Fixture{Dir: dir, ShowPath: filepath.Join(dir, "finale.yaml"), DBPath: filepath.Join(dir, "campaign.db"), Text: []byte(nightYAML)}}
	rig.Write(t, f.ShowPath, nightYAML)
	rig.Write(t, filepath.Join(dir, "bin1.csv"), rig.PointsCSV("A", 8))
	rig.Write(t, filepath.Join(dir, "bin2.csv"), rig.PointsCSV("B", 8))
	rig.Write(t, filepath.Join(dir, "bin3.csv"), rig.PointsCSV("C", 8))
	rig.Write(t, filepath.Join(dir, "finalists.csv"), "Card,Name,Property\n"+
		"M01,Naledi Mokoena,Montecasino\nM02,Ruan Steyn,Montecasino\nM03,Priya Naidoo,Montecasino\n"+
		"E01,Kagiso Molefe,Emperors Palace\nE02,Chloé le Roux,Emperors Palace\n")
	rig.Write(t, filepath.Join(dir, "chest.csv"), rig.PointsCSV("K", 12))
	rig.Write(t, filepath.Join(dir, "raps.csv"), "Machine No,Area,Card,Name,Tier,Total Spend\n"+
		"M-01,Main Floor,R01,Sipho Nkosi,ace,900\n"+
		"M-02,Main Floor,R02,Zoë Botha,queen,250\n"+
		"M-03,Salon Prive,R03,Thabo Zulu,king,1 200\n"+
		"M-04,Barneys,R04,Lerato Ndlovu,queen,199\n"+ // below the queen minimum
		"M-05,Main Floor,R05,Bongani Sithole,jack,5 000\n"+ // tier not allowed
		"M-09,Main Floor,R09,Anél Nel,ace,5 000\n"+ // device excluded
		"S-01,Smoking,R10,René Adams,ace,5 000\n"+ // area excluded
		"BJ04-3,Salon Prive,R11,Fatima Govender,ace,600\n"+
		"M-06,Barneys,R01,Sipho Nkosi,ace,700\n") // a second device of R01
	// 2024-11-24 13:55 in Johannesburg
	f.Clock = time.Date(2024, 11, 24, 11, 55, 0, 0, time.UTC)
	return f
}

// stateSummary is what a resumed show must have the same of the live one:
// every segment's import, freeze, picks, choices, numbers and settlement.
func stateSummary(t *testing.T, st *show.State) string {
	t.Helper()
	type seg struct {
		ID       string
		Loaded   *show.Loaded
		Frozen   *show.Frozen
		Picks    []show.Pick
		Numbers  *show.Numbers
		Settled  *show.Settled
		Ended    *show.Ended
		Fp       string
		Entries  int
		Jackpot  int64
		Chooser  int
		Sessions string
	}
	out := struct {
		Cur    int
		Closed bool
		Events int
		Segs   []seg
	}{Cur: st.Cur, Closed: st.Closed, Events: st.Events}
	for _, s := range st.Segs {
		g := seg{ID: s.Seg.ID, Loaded: s.Loaded, Frozen: s.Frozen, Picks: s.Picks, Numbers: s.Numbers, Settled: s.Settled, Ended: s.Ended, Chooser: -1}
		if s.Bin != nil {
			g.Fp, g.Entries = s.Bin.FingerprintHex(), len(s.Bin.Entries)
		}
		if s.Seg.Jackpot != nil {
			g.Jackpot = st.Jackpot(s)
		}
		if c := s.Chooser(); c != nil {
			g.Chooser = c.K
		}
		out.Segs = append(out.Segs, g)
	}
	b, err := json.MarshalIndent(out, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// reopen closes db, as a crash would leave it, and resumes the show from
// the file; the resumed state must be the live one.
func (f *nightFixture) reopen(t *testing.T, db *store.DB, ss *session.Session) (*store.DB, *session.Session) {
	t.Helper()
	want := stateSummary(t, ss.Eng.State())
	db.Close()
	db2, ss2 := f.Open(t)
	if !ss2.Resumed || ss2.ID != ss.ID {
		t.Fatalf("resumed %v as %s, want show %s", ss2.Resumed, ss2.ID, ss.ID)
	}
	if got := stateSummary(t, ss2.Eng.State()); got != want {
		t.Fatalf("resumed state differs:\n%s\nwant\n%s", got, want)
	}
	return db2, ss2
}

// freeItem is the first item of seg, the chooser's segment, not yet taken.
func freeItem(seg *show.SegState) string {
	for _, it := range seg.Seg.Items() {
		if !slices.Contains(seg.Taken(), it) {
			return it
		}
	}
	return ""
}

// playNight plays the night of f to its close, the obvious next step each
// time: numbers 3 and 1 for the wild card, the first free card, ball or
// envelope. With crash, the show crashes and resumes after every command.
func playNight(t *testing.T, f *nightFixture, crash bool) (*store.DB, *session.Session) {
	t.Helper()
	db, ss := f.Open(t)
	key := show.Key(rig.Seed, "")
	for steps := 0; ; steps++ {
		if steps > 200 {
			t.Fatal("the show does not end")
		}
		st := ss.Eng.State()
		cur := st.CurSeg()
		var c show.Command
		switch {
		case cur.Seg.Kind == show.KindWildCard && cur.Numbers == nil:
			c = show.Command{Op: show.OpNumbers, Numbers: []int{3, 1}, Text: "Thandi"}
		case cur.Chooser() != nil:
			c = show.Command{Op: show.OpChoose, Text: freeItem(cur)}
		case cur.Last() != nil && cur.Last().Outcome == show.Pending:
			c = show.Command{Op: show.OpClaim}
		case cur.Seg.Draws() && !cur.Drawn():
			c = show.Command{Op: show.OpDraw}
			f.Clock = rig.OnTime(ss, c, f.Clock)
		case st.Cur == len(st.Segs)-1:
			c = show.Command{Op: show.OpClose}
		default:
			c = show.Command{Op: show.OpNext}
			if next := st.Segs[st.Cur+1].Seg; next.Kind == show.KindBonus {
				f.Clock = time.Date(2024, 11, 24, 16, 5, 0, 0, time.UTC) // 18:05 local: the session is on
			} else if !next.At.IsZero() {
				f.Clock = next.At
			}
		}
		evs, err := ss.Do(c, nil)
		if err != nil {
			t.Fatalf("step %d, %s at %s: %v", steps, c.Op, cur.Seg.ID, err)
		}
		if c.Op == show.OpChoose && cur.Seg.Kind == show.KindRoyalFlush {
			ch := evs[0].Choice
			if want := cur.Seg.Prizes[show.CardPrize(key, cur.Seg.ID, slices.Index(show.Cards, ch.Item))]; ch.Prize != want {
				t.Fatalf("card %s turned over %s, want %s", ch.Item, ch.Prize, want)
			}
		}
		f.Clock = f.Clock.Add(20 * time.Second)
		if crash {
			db, ss = f.reopen(t, db, ss)
		}
		if c.Op == show.OpClose {
			return db, ss
		}
	}
}

// TestGrandFinaleNightResumesEveryStep runs a whole finale night, every
// kind of bin, and after every command crashes and resumes: the resumed
// show has the same bins, picks, choices and jackpot as the live one.
func TestGrandFinaleNightResumesEveryStep(t *testing.T) {
	t.Parallel()
	f := newNightFixture(t)
	db, ss := playNight(t, f, true)
	st := ss.Eng.State()
	seg := func(id string) *show.SegState { return st.Seg(id) }
	for _, id := range []string{"nov-1", "nov-2", "nov-3"} {
		if s := seg(id); s.Loaded == nil || s.Winners() != 3 {
			t.Errorf("%s: loaded %v, %d winners", id, s.Loaded, s.Winners())
		}
	}
	// the manual bin: the 9 receipts of the month-end winners, no file
	if s := seg("finalist"); s.Loaded != nil || s.Frozen.Entries != 9 || s.Winners() != 1 {
		t.Errorf("finalist: loaded %v, frozen %+v, %d winners", s.Loaded, s.Frozen, s.Winners())
	}
	// the wild card: numbers 3 and 1 choose bins 3 and 1, passing over the finalist
	finalists := []string{seg("finalist").Picks[0].Participant}
	for i, from := range []string{"nov-3", "nov-1"} {
		s := seg(fmt.Sprintf("wild-%d", i+1))
		if s.Frozen.From != from || s.Loaded != nil || s.Winners() != 1 {
			t.Errorf("%s: from %q, want %s; %d winners", s.Seg.ID, s.Frozen.From, from, s.Winners())
		}
		w := s.Picks[len(s.Picks)-1].Participant
		if slices.Contains(finalists, w) {
			t.Errorf("%s drew %s, a finalist already", s.Seg.ID, w)
		}
		finalists = append(finalists, w)
	}
	// the Royal Flush: the file's five and the three finalists of tonight
	if s := seg("finale"); s.Frozen.Entries != 8 || s.Winners() != 5 || len(s.Taken()) != 5 {
		t.Errorf("finale: %d entries, %d winners, cards %v", s.Frozen.Entries, s.Winners(), s.Taken())
	}
	if s := seg("chest"); s.Frozen.Jackpot != 20000 || s.Settled == nil || s.Settled.Value != 20000 {
		t.Errorf("chest: frozen %+v, settled %+v", s.Frozen, s.Settled)
	}
	// the bonus list: M-04 under the minimum, M-05's tier, M-09 and the
	// smoking area are kept out; R01 is at two devices
	if s := seg("raps"); s.Frozen.Entries != 5 || s.Frozen.OutOfTier != 1 || s.Frozen.Filtered != 3 || s.Winners() != 3 {
		t.Errorf("raps: frozen %+v, %d winners", s.Frozen, s.Winners())
	}
	for _, p := range seg("raps").Picks {
		if p.Choice == nil || !slices.Contains(seg("raps").Seg.Bonus.Envelopes, p.Choice.Prize) {
			t.Errorf("raps pick %d: choice %+v", p.K, p.Choice)
		}
	}
	r, err := db.VerifyChain()
	if err != nil || len(r.Problems) > 0 {
		t.Fatalf("chain: %+v, %v", r, err)
	}
}

// TestCardsAndJackpotBallSameAfterCrash: the prize behind each card and
// the jackpot ball's position are fixed by the key; a crash in the middle
// of the choosing changes neither.
func TestCardsAndJackpotBallSameAfterCrash(t *testing.T) {
	t.Parallel()
	f := newNightFixture(t)
	f.Text = []byte(`promotion: Royal Flush
property: Gold Reef City
segments:
  - id: finale
    kind: royal-flush
    entries: finalists.csv
    prizes: [R100 000, R50 000, R25 000, R10 000, R5 000]
    attendance: not-required
  - id: chest
    kind: jackpot-chest
    tickets: points
    points_per_ticket: 100
    entries: chest.csv
    winners: 5
    attendance: not-required
    jackpot: {name: sunday-chest}
`)
	rig.Write(t, f.ShowPath, string(f.Text))
	db, ss := f.Open(t)
	key := show.Key(rig.Seed, "")
	behind := map[string]string{}
	for i, card := range show.Cards {
		behind[card] = []string{"R100 000", "R50 000", "R25 000", "R10 000", "R5 000"}[show.CardPrize(key, "finale", i)]
	}
	for !ss.Eng.State().CurSeg().Drawn() {
		rig.Do(t, ss, show.OpDraw)
	}
	order := []string{"10", "Q", "A", "K", "J"}
	for i, card := range order {
		if i == 2 {
			db, ss = f.reopen(t, db, ss) // the power fails after two cards
		}
		evs, err := ss.Do(show.Command{Op: show.OpChoose, Text: card}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := evs[0].Choice.Prize; got != behind[card] {
			t.Fatalf("card %s turned over %s; before the crash it was %s", card, got, behind[card])
		}
	}
	rig.Do(t, ss, show.OpNext)
	ball := show.JackpotBall(key, "chest", 20)
	for !ss.Eng.State().CurSeg().Drawn() {
		rig.Do(t, ss, show.OpDraw)
	}
	first := "01"
	if ball == first {
		first = "02"
	}
	evs, err := ss.Do(show.Command{Op: show.OpChoose, Text: first}, nil)
	if err != nil || evs[0].Choice.Jackpot {
		t.Fatalf("ball %s: %+v, %v; the jackpot is in %s", first, evs[0].Choice, err, ball)
	}
	db, ss = f.reopen(t, db, ss)
	if got := show.JackpotBall(show.Key(rig.Seed, ss.Eng.State().Witness()), "chest", 20); got != ball {
		t.Fatalf("the jackpot ball moved from %s to %s", ball, got)
	}
	evs, err = ss.Do(show.Command{Op: show.OpChoose, Text: ball}, nil)
	if err != nil || !evs[0].Choice.Jackpot || evs[0].Choice.Amount != 20000 {
		t.Fatalf("ball %s after the crash: %+v, %v", ball, evs, err)
	}
	// the rest are paid the consolation without choosing, then it settles
	if s := ss.Eng.State().CurSeg(); s.Chooser() != nil || s.Settled == nil || !s.Settled.Won {
		t.Fatalf("after the jackpot: chooser %v, settled %+v", s.Chooser(), s.Settled)
	}
	db.Close()
}

// TestWildCardImportsAnUndrawnBin: a month-end bin skipped before its
// draw has no import; when the wild card's number chooses it, its file is
// imported for the wild-card draw, and a resume rebuilds that bin.
func TestWildCardImportsAnUndrawnBin(t *testing.T) {
	t.Parallel()
	f := newNightFixture(t)
	f.Text = []byte(`promotion: Royal Flush
property: Gold Reef City
segments:
  - id: nov
    kind: month-end
    tickets: points
    points_per_ticket: 300
    winners: 3
    attendance: not-required
    bins:
      - {entries: bin1.csv}
      - {entries: bin2.csv}
  - {id: wild, kind: wild-card, from: [nov], winners: 1, attendance: not-required}
`)
	rig.Write(t, f.ShowPath, string(f.Text))
	db, ss := f.Open(t)
	for !ss.Eng.State().CurSeg().Drawn() {
		rig.Do(t, ss, show.OpDraw)
	}
	rig.Do(t, ss, show.OpNext)
	if _, err := ss.Do(show.Command{Op: show.OpSkip, Text: "the bin 2 file came late"}, nil); err != nil {
		t.Fatal(err)
	}
	rig.Do(t, ss, show.OpNext)
	if l := ss.Eng.State().Seg("nov-2").Loaded; l != nil {
		t.Fatalf("a skipped bin imported %+v", l)
	}
	if _, err := ss.Do(show.Command{Op: show.OpNumbers, Numbers: []int{2}, Text: "Thandi"}, nil); err != nil {
		t.Fatal(err)
	}
	rig.Do(t, ss, show.OpNext)
	evs := rig.Do(t, ss, show.OpDraw)
	if evs[0].Kind != show.EntriesLoaded || evs[0].Segment != "nov-2" {
		t.Fatalf("the wild-card draw began with %s of %s, want nov-2's entries loaded", evs[0].Kind, evs[0].Segment)
	}
	if fz := ss.Eng.State().CurSeg().Frozen; fz.From != "nov-2" || fz.Rows != 8 {
		t.Fatalf("frozen %+v", fz)
	}
	db, _ = f.reopen(t, db, ss)
	db.Close()
}

// TestManualChestImportsOnFirstTicket: a chest drawn by hand from the
// physical bin imports its file at the first ticket typed; a ticket not in
// the bin is refused and changes nothing.
func TestManualChestImportsOnFirstTicket(t *testing.T) {
	t.Parallel()
	f := newNightFixture(t)
	f.Text = []byte(`promotion: Summer Festivo
property: Montecasino
segments:
  - id: chest
    kind: jackpot-chest
    tickets: points
    points_per_ticket: 100
    entries: chest.csv
    winners: 5
    manual: true
    jackpot: {name: festivo-chest}
`)
	rig.Write(t, f.ShowPath, string(f.Text))
	db, ss := f.Open(t)
	var refusal *show.Refusal
	if _, err := ss.Do(show.Command{Op: show.OpTicket, Text: "NOPE"}, nil); !errors.As(err, &refusal) || !strings.Contains(err.Error(), "not in the frozen bin") {
		t.Fatalf("an unknown ticket: %v", err)
	}
	if seg := ss.Eng.State().CurSeg(); seg.Loaded == nil || seg.Frozen != nil {
		t.Fatalf("after a refused ticket: loaded %v, frozen %v; want the file imported, no freeze", seg.Loaded, seg.Frozen)
	}
	evs, err := ss.Do(show.Command{Op: show.OpTicket, Text: "K03"}, nil)
	if err != nil || evs[0].Kind != show.BinFrozen || evs[1].Pick.Ticket != "K03" || evs[1].Pick.By != "manual" {
		t.Fatalf("ticket K03: %+v, %v", evs, err)
	}
	db, ss = f.reopen(t, db, ss)
	if _, err := ss.Do(show.Command{Op: show.OpClaim}, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := ss.Do(show.Command{Op: show.OpTicket, Text: "K03"}, nil); err == nil || !strings.Contains(err.Error(), "drawn already") {
		t.Fatalf("K03 again: %v", err)
	}
	db.Close()
}

// TestBadBonusListImportsNothing: a bonus list with a bad spend is refused
// whole, naming file, row, column and value; fixed, the draw goes on. (It
// is refused at open too, unless the operator opens the show over it.)
func TestBadBonusListImportsNothing(t *testing.T) {
	t.Parallel()
	f := newNightFixture(t)
	f.Text = []byte(`promotion: Royal Flush
property: Gold Reef City
segments:
  - id: raps
    kind: bonus-jackpot
    entries: raps.csv
    min_spend: {ace: 600}
    winners: 1
    attendance: not-required
    envelopes: [R1 000, R2 000]
`)
	rig.Write(t, f.ShowPath, string(f.Text))
	good := "Machine No,Area,Card,Name,Tier,Spend\nM-01,Main Floor,R01,Sipho Nkosi,ace,900\nM-02,Barneys,R02,Zoë Botha,ace,700\n"
	rig.Write(t, filepath.Join(f.Dir, "raps.csv"), good+"M-03,Barneys,R03,Thabo Zulu,ace,R7OO\n")
	f.Over = func([]string) bool { return true } // the operator opens it over the problem
	db, ss := f.Open(t)
	_, err := ss.Do(show.Command{Op: show.OpDraw}, nil)
	if err == nil || !strings.Contains(err.Error(), `raps.csv row 4, column "Spend": spend "R7OO" is not an amount`) {
		t.Fatalf("err = %v", err)
	}
	var n int
	if err := rig.RawSQL(t, db).QueryRow(`SELECT COUNT(*) FROM entries`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("%d entry rows kept (%v), want none", n, err)
	}
	if seg := ss.Eng.State().CurSeg(); seg.Loaded != nil || seg.Frozen != nil {
		t.Fatal("a bad list was loaded or froze")
	}
	rig.Write(t, filepath.Join(f.Dir, "raps.csv"), good)
	rig.Do(t, ss, show.OpDraw)
	if fz := ss.Eng.State().CurSeg().Frozen; fz.Entries != 2 {
		t.Fatalf("frozen %+v", fz)
	}
}
