package show

import (
	"fmt"
	"slices"

	"go.yaml.in/yaml/v3"
)

// KindChest is the jackpot chest: winners drawn, who then each choose a
// ball, one the progressive jackpot's, the rest a consolation.
const KindChest SegmentKind = "jackpot-chest"

// Jackpot is a jackpot chest's progressive jackpot: it starts at Base,
// grows by Step after each draw where it is not won and goes back to Base
// when won. The ledger is kept by Name across the weeks of a campaign.
type Jackpot struct {
	Name        string
	Base        int64
	Step        int64
	Consolation int64
	Guaranteed  bool // the jackpot ball is among few: Balls is 5
	Balls       int  // in the device: one jackpot ball, the rest consolation
	// Start, when not zero, is the jackpot's value before its first
	// settlement in the campaign database: a campaign that moves to
	// drawshow mid-season starts where the old system left it.
	Start int64
}

type jackpotYAML struct {
	Name        string `yaml:"name"`
	Base        *int64 `yaml:"base"`
	Step        *int64 `yaml:"step"`
	Consolation *int64 `yaml:"consolation"`
	Guaranteed  bool   `yaml:"guaranteed"`
	Balls       int    `yaml:"balls"`
	Start       *int64 `yaml:"start"`
}

var jackpotKeys = keysOf(jackpotYAML{})

// A jackpot's limits: its sums (base, step, consolation, start) and the
// balls in the device (0 for the usual number).
const (
	maxJackpot = 1_000_000_000_000
	minBalls   = 2
	maxBalls   = 99
)

func init() { register(KindChest, chest{}) }

type chest struct{ plain }

func (chest) traits() traits { return traits{listed: 8, draws: true, finale: true} }
func (chest) keys() []string { return append(slices.Clone(drawKeys), "jackpot", "balls") }

// chestYAML are a jackpot chest's own keys.
type chestYAML struct {
	Jackpot *jackpotYAML `yaml:"jackpot"`
	Balls   string       `yaml:"balls"`
}

func (chest) own() any { return new(chestYAML) }

func (chest) parse(c *parsing, seg Segment) []Segment {
	var r chestYAML
	c.decode(&r)
	seg.Jackpot = jackpot(c.p, c.at("jackpot"), seg.ID, r.Jackpot)
	// balls: physical is a chest on the stage: the host records what each
	// ball showed, as cards: physical records what each card turned over
	seg.Cards = CardsMode(or(r.Balls, string(CardsElectronic)))
	if seg.Cards != CardsElectronic && seg.Cards != CardsPhysical {
		c.p.add(c.at("balls"), "segment %s: balls %q is unknown (valid: electronic, physical)", seg.ID, r.Balls)
	}
	return []Segment{seg}
}

func (chest) choose(s *SegState, currency string) choosing { return balls{s, currency} }

func jackpot(p *problems, n *yaml.Node, seg string, r *jackpotYAML) *Jackpot {
	if r == nil {
		p.add(n, "segment %s: a jackpot chest needs jackpot (name, base, step, consolation)", seg)
		return &Jackpot{Balls: 20}
	}
	checkKeys(p, n, jackpotKeys, "jackpot")
	j := &Jackpot{Name: r.Name, Base: 20000, Step: 20000, Consolation: 2000, Guaranteed: r.Guaranteed, Balls: r.Balls}
	for _, v := range []struct {
		key string
		src *int64
		dst *int64
	}{{"base", r.Base, &j.Base}, {"step", r.Step, &j.Step}, {"consolation", r.Consolation, &j.Consolation}, {"start", r.Start, &j.Start}} {
		if v.src == nil {
			continue
		}
		*v.dst = *v.src
		if *v.src < 0 || *v.src > maxJackpot {
			p.add(n, "segment %s: jackpot %s %d is out of range 0..%d", seg, v.key, *v.src, maxJackpot)
		}
	}
	if r.Start != nil && *r.Start < 1 {
		p.add(n, "segment %s: jackpot start %d: give the value the old system left (at least 1), or leave start out to begin at base", seg, *r.Start)
	}
	if j.Name == "" || !idPattern.MatchString(j.Name) {
		p.add(n, "segment %s: jackpot name %q must be set, in lower-case letters, digits and dashes: it keys the ledger across weeks", seg, j.Name)
	}
	if j.Balls == 0 {
		j.Balls = 20
		if j.Guaranteed {
			j.Balls = 5
		}
	}
	if j.Balls < minBalls || j.Balls > maxBalls {
		p.add(n, "segment %s: jackpot balls %d is out of range %d..%d", seg, j.Balls, minBalls, maxBalls)
		j.Balls = 20
	}
	return j
}

// balls are a jackpot chest's 01..N: one the jackpot ball (SEGMENT/chest,
// fixed by the key before anyone chooses), the rest the consolation.
type balls struct {
	s        *SegState
	currency string
}

func (balls) name() Choosable   { return ChooseBalls }
func (balls) one() string       { return "a ball" }
func (balls) atOnce() bool      { return false }
func (b balls) items() []string { return Numbered(b.s.Seg.Jackpot.Balls, 2) }

func (balls) words(c *Choice) string {
	if c.Jackpot {
		return "ball " + c.Item + ": JACKPOT"
	}
	return "ball " + c.Item + ": consolation"
}

func (balls) leave() bool { return true }

func (b balls) turn(key [32]byte, _ *Pick, item string) Choice {
	j := b.s.Seg.Jackpot
	if item == JackpotBall(key, b.s.Seg.ID, j.Balls) {
		return b.jackpot()
	}
	return b.consolation()
}

// after: the jackpot ball is among the balls not yet chosen, each
// equally likely; the chosen ball is the jackpot when it is that one.
func (b balls) after(kc [32]byte, p *Pick, item string) Choice {
	var in []string
	for _, x := range b.items() {
		if !slices.Contains(b.s.Taken(), x) {
			in = append(in, x)
		}
	}
	if in[Uniform(kc, ChoiceLabel(b.s.Seg.ID, p.K, item), len(in))] == item {
		return b.jackpot()
	}
	return b.consolation()
}

func (b balls) jackpot() Choice {
	v := b.s.Frozen.Jackpot
	return Choice{Prize: Money(b.currency, v), Amount: v, Jackpot: true}
}

func (b balls) consolation() Choice {
	v := b.s.Seg.Jackpot.Consolation
	return Choice{Prize: Money(b.currency, v), Amount: v}
}

func (b balls) held(c *Choice) error {
	want := b.consolation()
	if c.Jackpot {
		want = b.jackpot()
	}
	if !SameText(c.Prize, want.Prize) || c.Amount != want.Amount {
		return fmt.Errorf("%s: ball %s paid %s (%d), not %s", b.s.Seg.ID, c.Item, c.Prize, c.Amount, want.Prize)
	}
	return nil
}

func (chest) report(sh *Show, s *SegState, key [32]byte, revealed bool, add func(string, string)) {
	seg, f := s.Seg, s.Frozen
	j := seg.Jackpot
	if f == nil {
		return
	}
	money := func(v int64) string { return Money(sh.Currency, v) }
	desc := fmt.Sprintf("%s this week (%s: base %s, grows %s a week not won; consolation %s)", money(f.Jackpot), j.Name, money(j.Base), money(j.Step), money(j.Consolation))
	add("Jackpot", desc)
	balls := fmt.Sprintf("%d: one jackpot ball, %d consolation", j.Balls, j.Balls-1)
	if j.Guaranteed {
		balls += " (guaranteed week)"
	}
	add("Balls", balls)
	switch {
	case seg.Cards == CardsPhysical:
		add("Jackpot ball", "a physical chest: the host recorded what each ball showed")
	case sh.decidedAfter(seg):
		add("Jackpot ball", afterWords(seg))
	case revealed:
		add("Jackpot ball", JackpotBall(key, seg.ID, j.Balls)+" (pick 0 of "+seg.ID+"/chest)")
	default:
		add("Jackpot ball", "fixed at the freeze by "+seg.ID+"/chest; revealed with the seed at close")
	}
	add("Settlement", sh.Settlement(s))
}

// Settlement says how a chest's jackpot was settled.
func (sh *Show) Settlement(s *SegState) string {
	st := s.Settled
	if st == nil {
		return "not settled: not every winner has chosen"
	}
	money := func(v int64) string { return Money(sh.Currency, v) }
	if st.Won {
		for _, p := range s.Picks {
			if p.Choice != nil && p.Choice.Jackpot {
				return fmt.Sprintf("won by pick %d (card %s, ball %s): %s paid; back to %s next week", p.K+1, p.Participant, p.Choice.Item, money(st.Value), money(st.Next))
			}
		}
		return fmt.Sprintf("won: %s paid; back to %s next week", money(st.Value), money(st.Next))
	}
	return fmt.Sprintf("not won: %s next week", money(st.Next))
}

// smallDraws: SEGMENT/chest, whose pick 0 is the jackpot ball.
func (chest) smallDraws(sh *Show, s *SegState, key [32]byte) []SmallDraw {
	if s.Frozen == nil || s.Seg.Cards == CardsPhysical || sh.decidedAfter(s.Seg) {
		return nil // the host recorded each ball, or each choice's witness decided it
	}
	balls := s.Seg.Jackpot.Balls
	return []SmallDraw{{Suffix: "chest", Of: "chest", Labels: Numbered(balls, 2), N: 1, Result: []string{JackpotBall(key, s.Seg.ID, balls)}}}
}

func (chest) notes(sh *Show, seg *Segment, _ *Found, note func(string, ...any)) {
	j := seg.Jackpot
	balls := fmt.Sprintf("%d balls, one the jackpot", j.Balls)
	if j.Guaranteed {
		balls += ": a guaranteed week"
	}
	note("jackpot %s: base %s, %s more after each draw it is not won, consolation %s; %s; tonight's value is the campaign database's",
		j.Name, Money(sh.Currency, j.Base), Money(sh.Currency, j.Step), Money(sh.Currency, j.Consolation), balls)
	if j.Start > 0 {
		note("jackpot %s opens at %s, where the old system left it, while the campaign database holds no settlement of it", j.Name, Money(sh.Currency, j.Start))
	}
}

// A jackpot chest needs its jackpot.
func (chest) schema() obj { return obj{"required": []string{"jackpot"}} }
