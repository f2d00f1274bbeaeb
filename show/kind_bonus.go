package show

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// KindBonus is a bonus jackpot over RAPS's list: a random active player on
// the floor, picked at the device they play, who chooses an envelope.
const KindBonus SegmentKind = "bonus-jackpot"

// Deck is how a bonus jackpot deals its prize cards (envelopes).
type Deck string

// Decks.
const (
	DeckEachWinner Deck = "each-winner" // a fresh set for each winner: the night's total is not fixed
	DeckSession    Deck = "session"     // one set for the whole session, without replacement
)

func init() { register(KindBonus, bonus{}) }

type bonus struct{ plain }

// BonusJackpot is what a bonus jackpot segment carries of its own
// (Segment.Bonus).
type BonusJackpot struct {
	MinSpend  map[Tier]uint64 // the least a tier's player must have spent
	NoDevices []string        // devices excluded from bonusing
	NoAreas   []string        // areas excluded
	Windows   []Window        // its sessions
	PerHour   int             // the target of winners per hour of its windows
	Envelopes []string        // the prizes a winner chooses from, face down
	Deck      Deck            // a set of prize cards for each winner, or one for the session
}

// admits applies b's rules to a row of the entry file: the minimum spend
// of the row's tier, and devices and areas excluded from bonusing. A nil
// b, a segment of another kind's, admits every row.
func (b *BonusJackpot) admits(r Row) bool {
	return b == nil || r.Spend >= b.MinSpend[r.Tier] && !slices.Contains(b.NoDevices, r.Ticket) && !slices.Contains(b.NoAreas, r.Area)
}

// sessions are b's windows; none for a nil b.
func (b *BonusJackpot) sessions() []Window {
	if b == nil {
		return nil
	}
	return b.Windows
}

// perHour is b's target of winners an hour; 0 for a nil b.
func (b *BonusJackpot) perHour() int {
	if b == nil {
		return 0
	}
	return b.PerHour
}

func (bonus) traits() traits {
	return traits{listed: 9, draws: true, sessions: true, finale: true, floor: true}
}
func (bonus) keys() []string {
	return append(without(drawKeys, "bonus_entries"), "min_spend", "exclude_devices", "exclude_areas", "windows", "per_hour", "envelopes", "deck")
}

// bonusYAML are a bonus jackpot's own keys.
type bonusYAML struct {
	MinSpend  map[string]uint64 `yaml:"min_spend"`
	NoDevices []string          `yaml:"exclude_devices"`
	NoAreas   []string          `yaml:"exclude_areas"`
	Windows   []string          `yaml:"windows"`
	PerHour   int               `yaml:"per_hour"`
	Envelopes []string          `yaml:"envelopes"`
	Deck      string            `yaml:"deck"`
}

func (bonus) own() any { return new(bonusYAML) }

func (bonus) parse(c *parsing, seg Segment) []Segment {
	var r bonusYAML
	c.decode(&r)
	checkPrizes(c.p, c.at("envelopes"), seg.ID, "envelopes", c.currency, r.Envelopes)
	b := &BonusJackpot{
		MinSpend:  tierMap(c.p, c.at("min_spend"), seg.ID, "min_spend", r.MinSpend),
		NoDevices: r.NoDevices,
		NoAreas:   r.NoAreas,
		Windows:   windows(c.p, c.at("windows"), seg.ID, r.Windows, c.loc),
		PerHour:   r.PerHour,
		Envelopes: r.Envelopes,
		Deck:      Deck(or(r.Deck, string(DeckEachWinner))),
	}
	seg.Bonus = b
	if len(b.Envelopes) < 2 {
		c.p.add(c.at("envelopes"), "segment %s: a bonus jackpot needs envelopes: at least two prize values to choose from", seg.ID)
	}
	if b.PerHour < 0 || b.PerHour > maxWinners {
		c.p.add(c.at("per_hour"), "segment %s: per_hour %d is out of range 1..%d", seg.ID, b.PerHour, maxWinners)
	}
	if c.r.Winners == 0 && len(c.r.Prizes) == 0 && b.PerHour > 0 && len(b.Windows) > 0 {
		var h time.Duration
		for _, w := range b.Windows {
			h += w.To.Sub(w.From)
		}
		seg.Winners = max(1, min(maxWinners, int(h.Hours()*float64(b.PerHour))))
	}
	// the deck is held to the winners once they are known: per_hour
	// over the windows gives them above
	switch {
	case b.Deck != DeckEachWinner && b.Deck != DeckSession:
		c.p.add(c.at("deck"), "segment %s: deck %q is unknown (valid: each-winner, session)", seg.ID, r.Deck)
	case b.Deck == DeckSession && len(b.Envelopes) < seg.Winners:
		c.p.add(c.at("deck"), "segment %s: a session deck of %d prize cards for %d winners: each winner takes a card out, so the deck needs one a winner (add %d cards, or give fewer winners)",
			seg.ID, len(b.Envelopes), seg.Winners, seg.Winners-len(b.Envelopes))
	}
	return []Segment{seg}
}

func (bonus) choose(s *SegState, _ string) choosing { return envelopes{s} }

// envelopes are a bonus jackpot's 1..N: a fresh set for each winner, in
// that winner's own order (SEGMENT/prizes/PICK), or with deck: session one
// set for the whole session (SEGMENT/deck), a card taken out of play.
type envelopes struct{ s *SegState }

func (envelopes) name() Choosable        { return ChooseEnvelopes }
func (envelopes) one() string            { return "an envelope" }
func (envelopes) atOnce() bool           { return true }
func (envelopes) words(c *Choice) string { return "envelope " + c.Item }
func (e envelopes) items() []string      { return Numbered(len(e.s.Seg.Bonus.Envelopes), 1) }
func (e envelopes) leave() bool          { return e.s.Seg.Bonus.Deck == DeckSession }

func (e envelopes) turn(key [32]byte, p *Pick, item string) Choice {
	s := e.s.Seg
	n, i := len(s.Bonus.Envelopes), slices.Index(e.items(), item)
	if s.Bonus.Deck == DeckSession {
		return Choice{Prize: s.Bonus.Envelopes[DeckPrize(key, s.ID, n, i)]}
	}
	return Choice{Prize: s.Bonus.Envelopes[EnvelopePrize(key, s.ID, p.K, n, i)]}
}

// after: the prize among those still in play: the session deck's cards
// not yet turned, or all of a winner's own envelopes.
func (e envelopes) after(kc [32]byte, p *Pick, item string) Choice {
	left := e.s.Seg.Bonus.Envelopes
	if e.leave() {
		left = e.s.left(left)
	}
	return Choice{Prize: left[Uniform(kc, ChoiceLabel(e.s.Seg.ID, p.K, item), len(left))]}
}

func (e envelopes) held(c *Choice) error {
	left := e.s.Seg.Bonus.Envelopes
	if e.leave() {
		left = e.s.left(left)
	}
	if !slices.Contains(left, c.Prize) {
		if e.leave() {
			return fmt.Errorf("%s: no card left hides %q", e.s.Seg.ID, c.Prize)
		}
		return fmt.Errorf("%s: no envelope holds %q", e.s.Seg.ID, c.Prize)
	}
	return nil
}

func (bonus) ladder(s *Segment) []string { return s.Bonus.Envelopes }

func (bonus) report(sh *Show, s *SegState, _ [32]byte, _ bool, add func(string, string)) {
	seg, f := s.Seg, s.Frozen
	switch {
	case sh.decidedAfter(seg):
		add("Envelopes", strings.Join(seg.Bonus.Envelopes, ", ")+": "+afterWords(seg))
	case seg.Bonus.Deck == DeckSession:
		add("Envelopes", strings.Join(seg.Bonus.Envelopes, ", ")+" (one deck for the session, dealt under "+seg.ID+"/deck; a card taken is out)")
	default:
		add("Envelopes", strings.Join(seg.Bonus.Envelopes, ", ")+" (each winner's own order under "+seg.ID+"/prizes/PICK)")
	}
	if f != nil && f.Filtered > 0 {
		add("Not qualified", fmt.Sprintf("%s row(s) kept out by the minimum spend, excluded devices and areas", Thousands(f.Filtered)))
	}
	if seg.Bonus.PerHour > 0 {
		add("Target", fmt.Sprintf("%d winners an hour", seg.Bonus.PerHour))
	}
}

// smallDraws: a session's deck, SEGMENT/deck, dealt once: the prizes on
// cards 1..N; else SEGMENT/prizes/K, the envelopes offered to the winner
// of pick k, for each winner who chose.
func (bonus) smallDraws(sh *Show, s *SegState, key [32]byte) []SmallDraw {
	seg := s.Seg
	n := len(seg.Bonus.Envelopes)
	switch {
	case s.Frozen == nil, sh.decidedAfter(seg):
		return nil
	case seg.Bonus.Deck == DeckSession:
		d := SmallDraw{Suffix: "deck", Of: "envelopes", Labels: PrizeLabels(n), N: n}
		for i := range n {
			d.Result = append(d.Result, seg.Bonus.Envelopes[DeckPrize(key, seg.ID, n, i)])
		}
		return []SmallDraw{d}
	}
	var out []SmallDraw
	for _, p := range s.Picks {
		if p.Choice == nil || p.Choice.Item == "" {
			continue
		}
		d := SmallDraw{Suffix: "prizes/" + strconv.Itoa(p.K), Of: "envelopes", Labels: PrizeLabels(n), N: n}
		for i := range n {
			d.Result = append(d.Result, seg.Bonus.Envelopes[EnvelopePrize(key, seg.ID, p.K, n, i)])
		}
		out = append(out, d)
	}
	return out
}

func (bonus) notes(sh *Show, seg *Segment, f *Found, note func(string, ...any)) {
	var ws []string
	for _, w := range seg.Bonus.Windows {
		ws = append(ws, w.From.In(sh.Location).Format("Mon 2 Jan 15:04")+"-"+w.To.In(sh.Location).Format("15:04"))
	}
	note("sessions %s; %d winners an hour, %d in all", strings.Join(ws, ", "), seg.Bonus.PerHour, seg.Winners)
	if len(seg.Bonus.MinSpend) > 0 {
		var ms []string
		for _, t := range Tiers {
			if v, ok := seg.Bonus.MinSpend[t]; ok {
				ms = append(ms, fmt.Sprintf("%s %s", t, Money(sh.Currency, int64(v))))
			}
		}
		note("minimum spend %s; excluded devices %s; excluded areas %s", strings.Join(ms, ", "), noneOr(seg.Bonus.NoDevices), noneOr(seg.Bonus.NoAreas))
	}
	if !f.Made {
		note("active players by area: %s", f.Areas)
		note("%d row(s) kept out by the minimum spend, excluded devices or areas; %d out of tier", f.Filtered, f.OutOfTier)
	}
	note("prize cards %s", strings.Join(seg.Bonus.Envelopes, ", "))
}

// noneOr lists ss, or says none.
func noneOr(ss []string) string {
	if len(ss) == 0 {
		return "none"
	}
	return strings.Join(ss, ", ")
}

// A bonus jackpot's winners choose from two envelopes or more.
func (bonus) schema() obj {
	return obj{"required": []string{"envelopes"}, "properties": obj{"envelopes": obj{"minItems": 2}}}
}
