package show

import (
	"fmt"
	"slices"
	"strings"
)

// KindRoyalFlush is the Royal Flush: finalists drawn, one ticket each;
// the winners then choose a face-down card, A, K, Q, J or 10, each hiding
// one of the five prizes.
const KindRoyalFlush SegmentKind = "royal-flush"

// CardsMode is how a Royal Flush's cards hide its prizes.
type CardsMode string

// Card modes.
const (
	CardsElectronic CardsMode = "electronic" // the key maps the prizes to the cards (SEGMENT/cards)
	CardsPhysical   CardsMode = "physical"   // cards on a table: the host records what each one turned over
)

// Cards are the Royal Flush, in the order the cards draw gives them prizes.
var Cards = []string{"A", "K", "Q", "J", "10"}

func init() { register(KindRoyalFlush, royalFlush{}) }

type royalFlush struct{ plain }

func (royalFlush) traits() traits {
	return traits{listed: 7, draws: true, receipts: true, tickets: One, finale: true, properties: true, byPrize: true}
}

func (royalFlush) keys() []string {
	return []string{"id", "kind", "title", "at", "entries", "sheet", "columns", "from", "winners", "prizes", "attendance", "register", "proxies", "manual", "selected", "exclude_winners", "qualify", "cards"}
}

// needsEntries: its finalists are the finalists file's, or the winners from.
func (royalFlush) needsEntries(r *segmentYAML) bool { return len(r.From) == 0 }

// royalFlushYAML are the Royal Flush's own keys.
type royalFlushYAML struct {
	Cards string `yaml:"cards"`
}

func (royalFlush) own() any { return new(royalFlushYAML) }

func (royalFlush) parse(c *parsing, seg Segment) []Segment {
	if len(seg.Prizes) != len(Cards) || seg.Winners != len(Cards) {
		c.p.add(c.at("prizes"), "segment %s: a Royal Flush has 5 winners and 5 prizes, one behind each card (A, K, Q, J, 10)", seg.ID)
	}
	var r royalFlushYAML
	c.decode(&r)
	seg.Cards = CardsMode(or(r.Cards, string(CardsElectronic)))
	if seg.Cards != CardsElectronic && seg.Cards != CardsPhysical {
		c.p.add(c.at("cards"), "segment %s: cards %q is unknown (valid: electronic, physical)", seg.ID, r.Cards)
	}
	return []Segment{seg}
}

func (royalFlush) choose(s *SegState, _ string) choosing { return cards{s} }

// cards are a Royal Flush's: A, K, Q, J, 10, each hiding one of the five
// prizes, by the key (SEGMENT/cards) or, with cards: physical, as the
// host records what each turned over (physical.go).
type cards struct{ s *SegState }

func (cards) name() Choosable        { return ChooseCards }
func (cards) one() string            { return "a card" }
func (cards) atOnce() bool           { return false }
func (cards) words(c *Choice) string { return "card " + c.Item }
func (cards) items() []string        { return Cards }
func (cards) leave() bool            { return true }

func (c cards) turn(key [32]byte, _ *Pick, item string) Choice {
	return Choice{Prize: c.s.Seg.Prizes[CardPrize(key, c.s.Seg.ID, slices.Index(Cards, item))]}
}

func (c cards) after(kc [32]byte, p *Pick, item string) Choice {
	left := c.s.PrizesLeft()
	return Choice{Prize: left[Uniform(kc, ChoiceLabel(c.s.Seg.ID, p.K, item), len(left))]}
}

func (c cards) held(ch *Choice) error {
	if !slices.Contains(c.s.PrizesLeft(), ch.Prize) {
		return fmt.Errorf("%s: no card left hides %q", c.s.Seg.ID, ch.Prize)
	}
	return nil
}

func (royalFlush) ladder(s *Segment) []string { return s.Prizes }

func (royalFlush) report(sh *Show, s *SegState, key [32]byte, revealed bool, add func(string, string)) {
	seg, f := s.Seg, s.Frozen
	if len(seg.From) > 0 {
		from := "the winners of " + strings.Join(sh.sourceIDs(seg.From), ", ")
		if seg.Entries != "" {
			from = "the finalists file and " + from
		}
		add("Finalists", from+", one ticket each")
	}
	switch {
	case f == nil:
	case seg.Cards == CardsPhysical:
		add("Cards", "physical cards on a table: the host recorded the prize each one turned over")
	case sh.decidedAfter(seg):
		add("Cards", afterWords(seg))
	case !revealed:
		add("Cards", "the prize behind each card was fixed at the freeze by "+seg.ID+"/cards; revealed with the seed at close")
	default:
		var cards []string
		for i, c := range Cards {
			cards = append(cards, c+": "+seg.Prize(CardPrize(key, seg.ID, i)))
		}
		add("Cards", strings.Join(cards, "; ")+" (picks 0..4 of "+seg.ID+"/cards)")
	}
}

// smallDraws: SEGMENT/cards, the prizes behind A, K, Q, J, 10; none with
// cards on a table, where the host recorded each.
func (royalFlush) smallDraws(sh *Show, s *SegState, key [32]byte) []SmallDraw {
	seg := s.Seg
	if s.Frozen == nil || seg.Cards == CardsPhysical || sh.decidedAfter(seg) {
		return nil
	}
	d := SmallDraw{Suffix: "cards", Of: "cards", Labels: PrizeLabels(len(Cards)), N: len(Cards)}
	for i := range Cards {
		if k := CardPrize(key, seg.ID, i); k < len(seg.Prizes) {
			d.Result = append(d.Result, seg.Prizes[k])
		}
	}
	return []SmallDraw{d}
}

func (royalFlush) madeFrom(sh *Show, seg *Segment) string {
	return fmt.Sprintf("the finalists: %s", sh.WinnersOf(seg.From))
}

func (royalFlush) notes(sh *Show, seg *Segment, f *Found, note func(string, ...any)) {
	if seg.Entries != "" && len(seg.From) > 0 {
		note("and the finalists from %s", sh.WinnersOf(seg.From))
	}
	if f.Properties != "" {
		note("finalists by property: %s", f.Properties)
	}
	note("the prizes behind the cards %s, in an order no one knows until each card turns (drawn under %s/cards from the key fixed at open): %s", strings.Join(Cards, ", "), seg.ID, strings.Join(seg.Prizes, ", "))
}

// A Royal Flush has a winner and a prize for each card: the prizes one
// per card, or one for all with the winners given.
func (royalFlush) schema() obj {
	n := len(Cards)
	return obj{
		"required":   []string{"prizes"},
		"properties": obj{"winners": obj{"const": n}},
		"anyOf": []any{
			obj{"properties": obj{"prizes": obj{"minItems": n, "maxItems": n}}},
			obj{"required": []string{"winners"}, "properties": obj{"prizes": obj{"maxItems": 1}}},
		},
	}
}
