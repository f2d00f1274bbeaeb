package show

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

const finaleNight = `
  - id: wed
    kind: bonus-jackpot
    entries: raps.csv
    tiers: [ace, king, queen]
    min_spend: {queen: 200}
    windows: ["2024-11-30 18:30-23:59"]
    winners: 4
    envelopes: [R1 000, R2 000, R5 000, R10 000]
  - id: me
    kind: month-end
    winners: 2
    tickets: points
    points_per_ticket: 100
    bins: [{entries: b1.csv}, {entries: b2.csv}, {entries: b3.csv}]
  - {id: finalist, kind: manual-bin, from: [me], manual: true}
  - {id: wild, kind: wild-card, from: [me], winners: 2}
  - {id: finale, kind: royal-flush, entries: f.csv, from: [finalist, wild], prizes: [R250 000, R100 000, R50 000, R25 000, R10 000]}
  - id: chest
    kind: jackpot-chest
    entries: c.csv
    tickets: points
    points_per_ticket: 100
    cap: {ace: 4, king: 4, queen: 3, jack: 1, ten: 1}
    winners: 5
    jackpot: {name: summer-chest, guaranteed: %v}
`

// TestPropertyFinaleNights plays random finale nights with random host
// decisions and random choices, some of them refused, and checks the
// rules of every kind and that each journal folds back to the same state.
func TestPropertyFinaleNights(t *testing.T) {
	seen := map[string]int{}
	for n := range 30 {
		rng := rand.New(rand.NewPCG(uint64(n), 7))
		sh := finaleShow(t, fmt.Sprintf(finaleNight, n%3 == 0))
		src := memRows{"finale": oneEach(cardsN(4 + rng.IntN(8))...), "chest": pointsRows("c", 6+rng.IntN(30))}
		var raps []Row
		for i := range 5 + rng.IntN(40) {
			raps = append(raps, Row{Ticket: fmt.Sprintf("SL-%03d", i), Card: fmt.Sprintf("m%02d", i%25), Tier: Tiers[rng.IntN(5)], Spend: uint64(rng.IntN(400))})
		}
		src["wed"] = raps
		for b := 1; b <= 3; b++ {
			src[fmt.Sprintf("me-%d", b)] = pointsRows(fmt.Sprintf("b%d-", rng.IntN(2)), 3+rng.IntN(10)) // bins share people half the time
		}
		r := newRig(t, sh, src, seedOf(uint64(1000+n)))
		r.eng.SetJackpot("summer-chest", int64(20000*(1+rng.IntN(4))))
		r.now = r.now.Add(45 * time.Minute) // inside the bonus session
		playFinale(t, r, rng)
		checkFinale(t, r)
		r.replayed()
		for _, s := range r.eng.State().Segs {
			if s.Settled != nil && s.Settled.Won {
				seen["jackpot won"]++
			}
			if s.Settled != nil && !s.Settled.Won {
				seen["jackpot grown"]++
			}
			if s.Numbers != nil {
				seen["numbers by "+s.Numbers.By]++
			}
			for _, p := range s.Picks {
				if p.Choice != nil {
					seen[string(s.Seg.Chooses())]++
				}
				seen[string(p.Outcome)]++
			}
		}
	}
	for _, k := range []string{"jackpot won", "jackpot grown", "numbers by host", "numbers by engine", "cards", "balls", "envelopes", "no-show", "forfeit", "void", "declined"} {
		if seen[k] == 0 {
			t.Errorf("no night had %s: %v", k, seen)
		}
	}
}

func playFinale(t *testing.T, r *rig, rng *rand.Rand) {
	for {
		for seg := r.cur(); !seg.Done(); seg = r.cur() {
			r.now = r.now.Add(time.Duration(rng.IntN(60)) * time.Second)
			if p := seg.Chooser(); p != nil {
				items := seg.Seg.Items()
				item := items[rng.IntN(len(items))]
				if rng.IntN(5) == 0 {
					item = "x" + item
				}
				if _, err := r.try(Command{Op: OpChoose, Text: item}); err != nil {
					var ref *Refusal
					if !errors.As(err, &ref) {
						t.Fatal(err)
					}
				}
				continue
			}
			switch {
			case seg.Seg.Kind == KindWildCard:
				if rng.IntN(2) == 0 {
					r.do(Command{Op: OpDraw, Early: true})
				} else {
					nums := rng.Perm(3)[:2]
					r.do(Command{Op: OpNumbers, Numbers: []int{nums[0] + 1, nums[1] + 1}, Text: "Thandi"})
				}
				continue
			case seg.Seg.Manual:
				if seg.Frozen == nil {
					r.do(Command{Op: OpFreeze, Early: true})
					seg = r.cur()
				}
				if len(seg.Picks) == seg.Bin.Participants {
					r.do(Command{Op: OpSkip, Text: "every receipt drawn"})
					continue
				}
				e := seg.Bin.Entries[rng.IntN(len(seg.Bin.Entries))]
				if _, err := r.try(Command{Op: OpTicket, Text: e.Ticket}); err != nil {
					continue // drawn before: the host reads another receipt
				}
			default:
				r.do(Command{Op: OpDraw, Early: true})
			}
			if seg = r.cur(); seg.Ended != nil || seg.Last().Outcome != Pending {
				continue
			}
			if seg.Seg.Kind == KindBonus {
				// no no-show before the team reaches the device
				if evs := r.wait(10 * time.Minute); len(evs) != 0 {
					t.Fatalf("a bonus no-show before the team arrived: %v", evKinds(evs))
				}
				if rng.IntN(3) > 0 {
					r.do(Command{Op: OpArrived})
				}
			}
			switch rng.IntN(6) {
			case 0, 1, 2:
				r.do(Command{Op: OpClaim})
			case 3:
				if r.cur().Last().Deadline.IsZero() {
					r.do(Command{Op: OpArrived})
				}
				r.wait(90 * time.Second)
			case 4:
				r.do(Command{Op: OpForfeit})
			case 5:
				r.do(Command{Op: OpDecline, Text: paperNote})
				if rng.IntN(2) == 0 {
					r.do(Command{Op: OpVoid, Text: "not on the register"})
				}
			}
		}
		if r.eng.State().Cur == len(r.sh.Segments)-1 {
			break
		}
		r.do(Command{Op: OpNext})
	}
	r.do(Command{Op: OpClose})
}

func checkFinale(t *testing.T, r *rig) {
	st := r.eng.State()
	key := Key(r.seed, "")
	finalists := map[string]bool{}
	for _, s := range st.Segs {
		var chosen []string
		jackpots := 0
		for _, p := range s.Picks {
			if !p.Outcome.Wins() {
				if p.Choice != nil {
					t.Fatalf("%s: pick %d (%s) chose a prize", s.Seg.ID, p.K, p.Outcome)
				}
				continue
			}
			c := p.Choice
			if (c == nil) != (s.Seg.Chooses() == "") {
				t.Fatalf("%s: winner %d choice %+v", s.Seg.ID, p.K, c)
			}
			switch s.Seg.Kind {
			case KindRoyalFlush:
				if want := s.Seg.Prizes[CardPrize(key, s.Seg.ID, slices.Index(Cards, c.Item))]; c.Prize != want || slices.Contains(chosen, c.Item) {
					t.Fatalf("card %s: %q, want %q; chosen before %v", c.Item, c.Prize, want, chosen)
				}
				if !finalists[p.Participant] && !inRows(r.src["finale"], p.Participant) {
					t.Fatalf("royal flush winner %s is no finalist", p.Participant)
				}
			case KindBonus:
				i := slices.Index(s.Seg.Items(), c.Item)
				if want := s.Seg.Bonus.Envelopes[EnvelopePrize(key, s.Seg.ID, p.K, len(s.Seg.Bonus.Envelopes), i)]; c.Prize != want {
					t.Fatalf("envelope %s: %q, want %q", c.Item, c.Prize, want)
				}
			case KindChest:
				if c.Jackpot {
					jackpots++
					if c.Item != JackpotBall(key, s.Seg.ID, s.Seg.Jackpot.Balls) {
						t.Fatalf("ball %s paid the jackpot", c.Item)
					}
				} else if jackpots > 0 && c.Item != "" {
					t.Fatalf("ball %s chosen after the jackpot was won", c.Item)
				}
			case KindWildDraw, KindManualBin:
				if finalists[p.Participant] {
					t.Fatalf("%s: %s is a finalist twice", s.Seg.ID, p.Participant)
				}
				finalists[p.Participant] = true
				if s.Seg.Kind == KindWildDraw && !inRows(r.src[s.Frozen.From], p.Participant) {
					t.Fatalf("%s: %s is not in %s", s.Seg.ID, p.Participant, s.Frozen.From)
				}
			}
			if c != nil && c.Item != "" {
				chosen = append(chosen, c.Item)
			}
		}
		if s.Seg.Kind == KindChest {
			j := s.Seg.Jackpot
			switch {
			case s.Settled == nil || jackpots > 1 || s.Settled.Won != (jackpots == 1):
				t.Fatalf("chest: %d jackpots, settled %+v", jackpots, s.Settled)
			case j.Guaranteed && s.Winners() == j.Balls && !s.Settled.Won:
				t.Fatal("a guaranteed week with every ball chosen did not pay the jackpot")
			case s.Settled.Won && s.Settled.Next != j.Base, !s.Settled.Won && s.Settled.Next != s.Settled.Value+j.Step:
				t.Fatalf("settled %+v", s.Settled)
			}
		}
	}
}
