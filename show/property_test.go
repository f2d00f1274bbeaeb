package show

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"
)

// randShow is a random show with its entry rows and the desk's lists.
type randShow struct {
	sh       *Show
	src      memRows
	excluded []string
	register []string
}

func randomShow(rng *rand.Rand) randShow {
	people := make([]string, 3+rng.IntN(12))
	tierOf := map[string]Tier{}
	for i := range people {
		people[i] = fmt.Sprintf("p%02d", i)
		tierOf[people[i]] = Tier(rng.IntN(6)) // NoTier .. Ten
	}
	var rs randShow
	rs.src = memRows{}
	var segs []Segment
	day, minute := 29, 0
	tickets := map[string]bool{}
	for i := range 2 + rng.IntN(3) {
		if rng.IntN(3) == 0 {
			day++
		}
		minute += 30
		s := Segment{
			ID:      fmt.Sprintf("s%d", i),
			At:      time.Date(2024, 11, day, 20, minute, 0, 0, johannesburg),
			WinOnce: []WinOnce{OncePerDraw, OncePerDay, OncePerShow}[rng.IntN(3)],
			Winners: 1 + rng.IntN(4),
		}
		if rng.IntN(7) == 0 {
			s.Attendance = NotRequired
		}
		if rng.IntN(4) == 0 {
			s.Tiers = []Tier{Ace, King, Queen}
		}
		for w := range s.Winners {
			s.Prizes = append(s.Prizes, fmt.Sprintf("%s prize %d", s.ID, w+1))
		}
		var rows []Row
		if rng.IntN(3) == 0 {
			s.Tickets, s.PointsPerTicket = Points, []uint64{1, 100, 300}[rng.IntN(3)]
			for _, p := range people {
				if rng.IntN(5) > 0 {
					rows = append(rows, Row{Card: p, Tier: tierOf[p], Points: uint64(rng.IntN(2000))})
				}
			}
		} else {
			for _, p := range people {
				if rng.IntN(5) == 0 {
					continue
				}
				for range 1 + rng.IntN(5) {
					var tk string
					for tk == "" || tickets[tk] {
						tk = fmt.Sprintf("%x", rng.Uint32()%0x100000) // varied lengths: byte order is not numeric order
					}
					tickets[tk] = true
					rows = append(rows, Row{Ticket: tk, Card: p, Tier: tierOf[p]})
				}
			}
		}
		rng.Shuffle(len(rows), func(i, j int) { rows[i], rows[j] = rows[j], rows[i] })
		rs.src[s.ID] = rows
		segs = append(segs, s)
	}
	rs.sh = mkShow(segs...)
	for _, p := range people {
		switch rng.IntN(12) {
		case 0:
			rs.excluded = append(rs.excluded, p)
		case 1:
			rs.register = append(rs.register, p)
		}
	}
	return rs
}

// playRandom runs the show to its close with random host decisions drawn
// from rng.
func playRandom(t *testing.T, rs randShow, seed []byte, rng *rand.Rand) *rig {
	r := newRig(t, rs.sh, rs.src, seed)
	r.eng.SetExclusions(rs.excluded)
	if len(rs.register) > 0 {
		r.do(Command{Op: OpLoad, Lists: &Lists{Register: rs.register}})
	}
	nominees := []string{"Nominee A", "Nominee B", "Nominee C", "Nominee D"}
	for {
		for !r.cur().Done() {
			r.now = r.now.Add(time.Duration(rng.IntN(120)) * time.Second)
			if rng.IntN(4) == 0 {
				// on stage a draw is three steps: freeze, pick, announce
				if r.cur().Frozen == nil {
					r.do(Command{Op: OpFreeze, Early: true})
				}
				r.do(Command{Op: OpPick})
				if r.cur().Ended != nil {
					break
				}
				if _, err := r.try(Command{Op: OpClaim}); err == nil || !strings.Contains(err.Error(), "not announced yet") {
					t.Fatalf("claim before the announcement: %v", err)
				}
				r.do(Command{Op: OpAnnounce})
			} else {
				r.do(Command{Op: OpDraw, Early: true})
			}
			if r.cur().Ended != nil {
				break
			}
			if r.last().Outcome != Pending {
				if rng.IntN(6) == 0 { // void a register decline or a to-contact
					r.do(Command{Op: OpVoid, Text: "desk error"})
				}
				continue
			}
			switch rng.IntN(9) {
			case 0, 1:
				r.do(Command{Op: OpClaim})
			case 2:
				// a nominee may already have stood for someone else
				if _, err := r.try(Command{Op: OpProxy, Text: nominees[rng.IntN(len(nominees))]}); err != nil {
					var ref *Refusal
					if !errors.As(err, &ref) || !strings.Contains(ref.Reason, "one participant only") {
						t.Fatal(err)
					}
					r.do(Command{Op: OpClaim})
				}
			case 3:
				r.do(Command{Op: OpDecline, Text: paperNote})
			case 4:
				r.do(Command{Op: OpForfeit})
			case 5:
				r.wait(time.Duration(90+rng.IntN(600)) * time.Second)
			case 6:
				r.do(Command{Op: OpVoid, Text: "wrong segment on screen"})
			case 7:
				r.do(Command{Op: OpClaim})
				r.do(Command{Op: OpVoid, Text: "claimant not the holder"})
			case 8:
				if evs := r.wait(time.Duration(rng.IntN(90)) * time.Second); len(evs) != 0 {
					t.Fatalf("tick before the deadline: %v", evKinds(evs))
				}
				r.do(Command{Op: OpDecline, Text: paperNote})
			}
		}
		if r.eng.State().Cur == len(rs.sh.Segments)-1 {
			break
		}
		r.do(Command{Op: OpNext})
	}
	r.do(Command{Op: OpClose})
	return r
}

// refBin is an independent re-statement of the bin rules for the random
// shows (no caps, no fixed tickets).
func refBin(seg *Segment, rows []Row, out map[string]bool) []Entry {
	var es []Entry
	for _, r := range rows {
		if (seg.Tiers != nil && !slices.Contains(seg.Tiers, r.Tier)) || out[r.Card] {
			continue
		}
		if seg.Tickets == Points {
			if w := r.Points / seg.PointsPerTicket; w > 0 {
				es = append(es, Entry{r.Card, r.Card, w})
			}
			continue
		}
		es = append(es, Entry{r.Ticket, r.Card, 1})
	}
	sort.Slice(es, func(i, j int) bool { return es[i].Ticket < es[j].Ticket })
	return es
}

func winnersOf(s *SegState) []string {
	var w []string
	for _, p := range s.Picks {
		if p.Outcome.Wins() {
			w = append(w, p.Participant)
		}
	}
	return w
}

// checkShow checks the rules every finished random show must hold.
func checkShow(t *testing.T, rs randShow, r *rig) {
	t.Helper()
	st := r.eng.State()
	key := Key(r.seed, "")
	for i, s := range st.Segs {
		seg := s.Seg
		// the cards its win-once rule bars, as the rules state it
		barred := map[string]bool{}
		for _, o := range st.Segs[:i] {
			if seg.WinOnce == OncePerShow || (seg.WinOnce == OncePerDay && o.Seg.At.Format(time.DateOnly) == seg.At.Format(time.DateOnly)) {
				for _, w := range winnersOf(o) {
					barred[w] = true
					if slices.Contains(winnersOf(s), w) {
						t.Fatalf("%s (win_once %s): %s won again after winning in %s", seg.ID, seg.WinOnce, w, o.Seg.ID)
					}
				}
			}
		}
		if s.Frozen == nil {
			t.Fatalf("%s was never drawn", seg.ID)
		}
		out := map[string]bool{}
		var wantBarred []string
		for _, row := range rs.src[seg.ID] {
			if seg.Tiers != nil && !slices.Contains(seg.Tiers, row.Tier) {
				continue
			}
			if slices.Contains(rs.excluded, row.Card) {
				out[row.Card] = true
			} else if barred[row.Card] {
				out[row.Card] = true
				if !slices.Contains(wantBarred, row.Card) {
					wantBarred = append(wantBarred, row.Card)
				}
			}
		}
		slices.Sort(wantBarred)
		if !slices.Equal(s.Frozen.Barred, wantBarred) && len(wantBarred)+len(s.Frozen.Barred) > 0 {
			t.Fatalf("%s (win_once %s): barred %v, want %v", seg.ID, seg.WinOnce, s.Frozen.Barred, wantBarred)
		}
		bin := refBin(seg, rs.src[seg.ID], out)
		fp := Fingerprint(bin)
		if hexOf(fp[:]) != s.Frozen.Fingerprint {
			t.Fatalf("%s: fingerprint %s, an independent bin gives %s", seg.ID, s.Frozen.Fingerprint, hexOf(fp[:]))
		}
		// every pick re-derived with Choose; a redraw never re-picks
		picked := map[string]bool{}
		for k, p := range s.Picks {
			if picked[p.Participant] {
				t.Fatalf("%s pick %d: %s was already picked in this draw", seg.ID, k, p.Participant)
			}
			j, err := Choose(key, seg.ID, fp, bin, k, picked)
			if err != nil || bin[j].Ticket != p.Ticket || bin[j].Participant != p.Participant {
				t.Fatalf("%s pick %d: %s/%s, re-derived %v %v", seg.ID, k, p.Ticket, p.Participant, bin[j], err)
			}
			picked[p.Participant] = true
		}
		// the segment ends with its winners, or short with the pool empty
		w := winnersOf(s)
		if s.Ended != nil {
			if _, err := Choose(key, seg.ID, fp, bin, len(s.Picks), picked); !errors.Is(err, ErrEmptyPool) || len(w) >= seg.Winners || s.Ended.Winners != len(w) {
				t.Fatalf("%s ended with %+v, %d winners", seg.ID, s.Ended, len(w))
			}
		} else if len(w) != seg.Winners {
			t.Fatalf("%s: %d winners, want %d", seg.ID, len(w), seg.Winners)
		}
		// prizes go in winner order
		var prizes []string
		for _, p := range s.Picks {
			if p.Outcome.Wins() {
				prizes = append(prizes, p.Prize)
			}
		}
		if !slices.Equal(prizes, seg.Prizes[:len(w)]) {
			t.Fatalf("%s: prizes %q, want %q", seg.ID, prizes, seg.Prizes[:len(w)])
		}
	}
}

func eventLines(t *testing.T, evs []Event) []string {
	out := make([]string, len(evs))
	for i, e := range evs {
		b, err := e.MarshalLine()
		if err != nil {
			t.Fatal(err)
		}
		out[i] = string(b)
	}
	return out
}

func TestPropertyRandomShows(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 60
	}
	var picks, redraws, scoped, ended, differ int
	for i := range n {
		rs := randomShow(rand.New(rand.NewPCG(uint64(i), 1)))
		seed := seedOf(uint64(1000 + i))
		r := playRandom(t, rs, seed, rand.New(rand.NewPCG(uint64(i), 2)))
		checkShow(t, rs, r)

		// the same seed and the same host decisions give the same show
		again := playRandom(t, rs, seed, rand.New(rand.NewPCG(uint64(i), 2)))
		if a, b := eventLines(t, r.evs), eventLines(t, again.evs); !slices.Equal(a, b) {
			t.Fatalf("show %d: two runs with the same seed differ", i)
		}
		// state = fold(events)
		fresh := NewEngine(rs.sh, rs.src, func() time.Time { return r.now })
		if err := fresh.Replay(journal(t, r.evs)); err != nil {
			t.Fatalf("show %d: %v", i, err)
		}
		if stateJSON(t, fresh.State()) != stateJSON(t, r.eng.State()) {
			t.Fatalf("show %d: the replayed state differs", i)
		}
		// another seed draws differently (checked over all shows below)
		other := newRig(t, rs.sh, rs.src, seedOf(uint64(5000+i)))
		other.eng.SetExclusions(rs.excluded)
		other.do(Command{Op: OpDraw, Early: true})
		if p := other.cur().Last(); p != nil && p.Participant != r.eng.State().Segs[0].Picks[0].Participant {
			differ++
		}

		for _, s := range r.eng.State().Segs {
			picks += len(s.Picks)
			redraws += len(s.Picks) - s.Winners()
			if s.Ended != nil {
				ended++
			}
			if len(s.Frozen.Barred) > 0 {
				scoped++
			}
		}
	}
	t.Logf("%d shows: %d picks, %d redraws, %d bins with barred winners, %d segments ended short, %d first picks differ under another seed",
		n, picks, redraws, scoped, ended, differ)
	// the generator must actually exercise the rules
	if redraws < n || scoped < n/10 || ended < n/20 || differ < n/3 {
		t.Fatalf("weak coverage: %d redraws, %d barred bins, %d short segments, %d differing seeds", redraws, scoped, ended, differ)
	}
}
