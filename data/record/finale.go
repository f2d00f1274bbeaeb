package record

import (
	"encoding/hex"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"drawshow/show"
)

// What record.json, the exports and verify add for the finale segments:
// month-end bins, manual bins, wild cards, the Royal Flush, the jackpot
// chest and the bonus jackpot.

// Chosen says in a few words what a pick's winner chose: "card Q",
// "ball 07: JACKPOT", "envelope 2", or the consolation paid without
// choosing once the jackpot was won; "" when the pick chose nothing.
func Chosen(seg *show.Segment, p *show.Pick) string {
	c := p.Choice
	if c == nil {
		return ""
	}
	if c.Item == "" {
		return "no choice: the jackpot was won before, consolation paid"
	}
	switch seg.Chooses() {
	case show.ChooseCards:
		return "card " + c.Item
	case show.ChooseBalls:
		if c.Jackpot {
			return "ball " + c.Item + ": JACKPOT"
		}
		return "ball " + c.Item + ": consolation"
	case show.ChooseEnvelopes:
		return "envelope " + c.Item
	}
	return c.Item
}

// finaleDraw fills in what a finale segment adds to its draw in record.json.
func finaleDraw(sh *show.Show, s *show.SegState, d *RecordDraw) {
	seg, f := s.Seg, s.Frozen
	if seg.Kind == show.KindDraw {
		return
	}
	d.Kind, d.Manual, d.From, d.Filtered, d.Choice = string(seg.Kind), seg.Manual, f.From, f.Filtered, string(seg.Chooses())
	d.BarredCards = slices.Clone(f.Barred)
	if (seg.Kind == show.KindManualBin || seg.Kind == show.KindRoyalFlush) && len(seg.From) > 0 {
		for _, src := range sh.Sources(seg.From) {
			d.Sources = append(d.Sources, src.ID)
		}
	}
	switch seg.Kind {
	case show.KindRoyalFlush:
		d.Prizes = slices.Clone(seg.Prizes)
	case show.KindBonus:
		d.Prizes = slices.Clone(seg.Envelopes)
	case show.KindChest:
		j := seg.Jackpot
		rj := &RecordJackpot{Name: j.Name, Currency: sh.Currency, Base: j.Base, Step: j.Step, Consolation: j.Consolation,
			Balls: j.Balls, Guaranteed: j.Guaranteed, Value: f.Jackpot}
		if st := s.Settled; st != nil {
			rj.Settled, rj.Won, rj.Next = true, st.Won, st.Next
		}
		d.Jackpot = rj
	}
}

// wildCards lists the wild cards whose numbers are chosen.
func wildCards(sh *show.Show, st *show.State) []RecordWildCard {
	var out []RecordWildCard
	for _, s := range st.Segs {
		if s.Seg.Kind != show.KindWildCard || s.Numbers == nil || len(s.Seg.From) != 1 {
			continue
		}
		w := RecordWildCard{Segment: s.Seg.ID, Title: s.Seg.Title, From: s.Seg.From[0],
			Numbers: slices.Clone(s.Numbers.Numbers), By: s.Numbers.By, Name: s.Numbers.Name}
		for n := 1; n <= sh.Bins(w.From); n++ {
			w.Bins = append(w.Bins, sh.MonthEndBin(w.From, n).ID)
		}
		for _, o := range st.Segs {
			if o.Seg.Kind == show.KindWildDraw && o.Seg.Group == s.Seg.ID {
				w.Draws = append(w.Draws, o.Seg.ID)
			}
		}
		out = append(out, w)
	}
	return out
}

// smallDraws lists the show's draws over small bins once the seed is
// revealed: before the close they would tell which card hides which
// prize and where the jackpot ball is.
func smallDraws(sh *show.Show, st *show.State) []RecordSmallDraw {
	seed, err := hex.DecodeString(st.Seed)
	if st.Seed == "" || err != nil {
		return nil
	}
	var out []RecordSmallDraw
	for _, s := range st.Segs {
		seg := s.Seg
		key, ok := st.KeyFor(seed, s)
		switch {
		case !ok: // its draw witness never came: nothing was derived
		case seg.Kind == show.KindWildCard && s.Numbers != nil && s.Numbers.By == "engine":
			out = append(out, numbersDraw(key, seg.ID, sh.Bins(seg.From[0]), s.Numbers.Numbers))
		case s.Frozen == nil:
		case seg.Kind == show.KindRoyalFlush && seg.Cards == show.CardsPhysical:
			// cards on a table: the key maps no prize; the host recorded each
		case seg.Kind == show.KindRoyalFlush:
			out = append(out, cardsDraw(key, seg.ID, seg.Prizes))
		case seg.Kind == show.KindBonus && seg.Deck == show.DeckSession:
			out = append(out, deckDraw(key, seg.ID, seg.Envelopes))
		case seg.Kind == show.KindChest:
			out = append(out, chestDraw(key, seg.ID, seg.Jackpot.Balls))
		case seg.Kind == show.KindBonus:
			for _, p := range s.Picks {
				if p.Choice != nil && p.Choice.Item != "" {
					out = append(out, envelopeDraw(key, seg.ID, p.K, seg.Envelopes))
				}
			}
		}
	}
	return out
}

// numbersDraw is a wild card's numbers drawn by the engine: the first
// picks of SEGMENT/numbers over its bins 1..bins.
func numbersDraw(key [32]byte, segment string, bins int, numbers []int) RecordSmallDraw {
	d := smallDraw(key, segment, "numbers", "numbers", show.Numbered(bins, 1), min(len(numbers), bins))
	for _, n := range numbers {
		d.Result = append(d.Result, strconv.Itoa(n))
	}
	return d
}

// cardsDraw is a Royal Flush's SEGMENT/cards: the prizes behind A, K, Q, J, 10.
func cardsDraw(key [32]byte, segment string, prizes []string) RecordSmallDraw {
	d := smallDraw(key, segment, "cards", "cards", show.PrizeLabels(len(show.Cards)), len(show.Cards))
	for i := range show.Cards {
		if k := show.CardPrize(key, segment, i); k < len(prizes) {
			d.Result = append(d.Result, prizes[k])
		}
	}
	return d
}

// chestDraw is a chest's SEGMENT/chest: pick 0 is the jackpot ball.
func chestDraw(key [32]byte, segment string, balls int) RecordSmallDraw {
	d := smallDraw(key, segment, "chest", "chest", show.Numbered(balls, 2), 1)
	d.Result = []string{show.JackpotBall(key, segment, balls)}
	return d
}

// envelopeDraw is SEGMENT/prizes/K, the envelopes offered to the winner of
// pick k: the prizes in envelopes 1..N.
func envelopeDraw(key [32]byte, segment string, k int, prizes []string) RecordSmallDraw {
	n := len(prizes)
	d := smallDraw(key, segment, "prizes/"+strconv.Itoa(k), "envelopes", show.PrizeLabels(n), n)
	for i := range n {
		d.Result = append(d.Result, prizes[show.EnvelopePrize(key, segment, k, n, i)])
	}
	return d
}

// deckDraw is a bonus jackpot's SEGMENT/deck, dealt once for the session:
// the prizes on cards 1..N.
func deckDraw(key [32]byte, segment string, prizes []string) RecordSmallDraw {
	n := len(prizes)
	d := smallDraw(key, segment, "deck", "envelopes", show.PrizeLabels(n), n)
	for i := range n {
		d.Result = append(d.Result, prizes[show.DeckPrize(key, segment, n, i)])
	}
	return d
}

// smallDraw makes the first n picks of SEGMENT/suffix over labels.
func smallDraw(key [32]byte, segment, suffix, of string, labels []string, n int) RecordSmallDraw {
	bin := show.SmallBin(labels)
	fp := show.Fingerprint(bin)
	d := RecordSmallDraw{ID: segment + "/" + suffix, Segment: segment, Of: of, Fingerprint: hex.EncodeToString(fp[:])}
	for _, e := range bin {
		d.Labels = append(d.Labels, e.Ticket)
	}
	d.Picks = show.Shuffle(key, d.ID, labels)[:n]
	return d
}

// key is the key of a segment's draws once the seed is revealed; ok is
// false before, and while its draw witness is awaited.
func (x *Set) key(s *show.SegState) (key [32]byte, ok bool) {
	seed, err := hex.DecodeString(x.st.Seed)
	if x.st.Seed == "" || err != nil {
		return key, false
	}
	return x.st.KeyFor(seed, s)
}

// finaleLines say what a finale segment adds to its page of the report
// and its sheet: where its bin came from, how it was drawn, the wild
// card's numbers, the cards, the jackpot, the envelopes.
func (x *Set) finaleLines(s *show.SegState) [][2]string {
	seg, f := s.Seg, s.Frozen
	var out [][2]string
	add := func(k, v string) { out = append(out, [2]string{k, v}) }
	key, revealed := x.key(s)
	money := func(v int64) string { return show.Money(x.sh.Currency, v) }
	switch seg.Kind {
	case show.KindMonthEnd:
		add("Bin", fmt.Sprintf("bin %d of %d of the month-end draw %s", seg.Bin, x.sh.Bins(seg.Group), seg.Group))
	case show.KindWildCard:
		if s.Numbers == nil {
			add("Numbers", "not chosen")
			break
		}
		var nums, bins []string
		for _, n := range s.Numbers.Numbers {
			nums = append(nums, strconv.Itoa(n))
			if b := x.sh.MonthEndBin(seg.From[0], n); b != nil {
				bins = append(bins, b.ID)
			}
		}
		how := "drawn electronically under " + seg.ID + "/numbers"
		if s.Numbers.By == "host" {
			how = "typed by " + s.Numbers.Name + " from a physical draw"
		}
		add("Numbers", strings.Join(nums, ", ")+": "+how)
		add("Bins chosen", strings.Join(bins, ", ")+" of "+seg.From[0]+", one finalist each, finalists drawn before left out")
	case show.KindWildDraw:
		if f != nil && f.From != "" {
			add("Drawn from", fmt.Sprintf("the rows of bin %s, chosen by number %d of the wild card %s; %d card(s) barred (finalists and earlier winners)",
				f.From, x.binNumber(f.From), seg.Group, len(f.Barred)))
		}
	case show.KindRoyalFlush:
		if len(seg.From) > 0 {
			var ids []string
			for _, src := range x.sh.Sources(seg.From) {
				ids = append(ids, src.ID)
			}
			from := "the winners of " + strings.Join(ids, ", ")
			if seg.Entries != "" {
				from = "the finalists file and " + from
			}
			add("Finalists", from+", one ticket each")
		}
		if f == nil {
			break
		}
		if seg.Cards == show.CardsPhysical {
			add("Cards", "physical cards on a table: the host recorded the prize each one turned over")
			break
		}
		if !revealed {
			add("Cards", "the prize behind each card was fixed at the freeze by "+seg.ID+"/cards; revealed with the seed at close")
			break
		}
		var cards []string
		for i, c := range show.Cards {
			cards = append(cards, c+": "+seg.Prize(show.CardPrize(key, seg.ID, i)))
		}
		add("Cards", strings.Join(cards, "; ")+" (picks 0..4 of "+seg.ID+"/cards)")
	case show.KindChest:
		j := seg.Jackpot
		if f == nil {
			break
		}
		desc := fmt.Sprintf("%s this week (%s: base %s, grows %s a week not won; consolation %s)", money(f.Jackpot), j.Name, money(j.Base), money(j.Step), money(j.Consolation))
		add("Jackpot", desc)
		balls := fmt.Sprintf("%d: one jackpot ball, %d consolation", j.Balls, j.Balls-1)
		if j.Guaranteed {
			balls += " (guaranteed week)"
		}
		add("Balls", balls)
		if revealed {
			add("Jackpot ball", show.JackpotBall(key, seg.ID, j.Balls)+" (pick 0 of "+seg.ID+"/chest)")
		} else {
			add("Jackpot ball", "fixed at the freeze by "+seg.ID+"/chest; revealed with the seed at close")
		}
		add("Settlement", x.settlement(s))
	case show.KindBonus:
		if seg.Deck == show.DeckSession {
			add("Envelopes", strings.Join(seg.Envelopes, ", ")+" (one deck for the session, dealt under "+seg.ID+"/deck; a card taken is out)")
		} else {
			add("Envelopes", strings.Join(seg.Envelopes, ", ")+" (each winner's own order under "+seg.ID+"/prizes/PICK)")
		}
		if f != nil && f.Filtered > 0 {
			add("Not qualified", fmt.Sprintf("%s row(s) kept out by the minimum spend, excluded devices and areas", show.Thousands(f.Filtered)))
		}
		if seg.PerHour > 0 {
			add("Target", fmt.Sprintf("%d winners an hour", seg.PerHour))
		}
	}
	if seg.Kind == show.KindManualBin && len(seg.From) > 0 {
		var ids []string
		for _, src := range x.sh.Sources(seg.From) {
			ids = append(ids, src.ID)
		}
		add("Bin from", "the receipts of the winners of "+strings.Join(ids, ", "))
	}
	if seg.Manual {
		add("Drawn", "by hand: each ticket drawn from the physical bin and typed by the host, checked against the frozen bin")
	}
	return out
}

// binNumber is the number of a month-end bin segment in its group.
func (x *Set) binNumber(id string) int {
	for i := range x.sh.Segments {
		if s := &x.sh.Segments[i]; s.ID == id {
			return s.Bin
		}
	}
	return 0
}

// settlement says how a chest's jackpot was settled.
func (x *Set) settlement(s *show.SegState) string {
	st := s.Settled
	if st == nil {
		return "not settled: not every winner has chosen"
	}
	money := func(v int64) string { return show.Money(x.sh.Currency, v) }
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

// rowsWords says where a frozen bin's rows came from: its entry file, the
// month-end bin's a wild-card draw drew from, earlier winners' receipts.
func (x *Set) rowsWords(s *show.SegState) string {
	f := s.Frozen
	switch {
	case f.From != "":
		return show.Thousands(f.Rows) + " in the entry file of " + f.From
	case len(s.Seg.From) > 0 && s.Seg.Kind != show.KindWildDraw:
		file := 0
		if s.Loaded != nil {
			file = s.Loaded.Rows
		}
		if file == 0 {
			return show.Thousands(f.Rows) + " receipt(s) of earlier winners"
		}
		return fmt.Sprintf("%s: %s in the entry file and %s receipt(s) of earlier winners", show.Thousands(f.Rows), show.Thousands(file), show.Thousands(f.Rows-file))
	}
	return show.Thousands(f.Rows) + " in the entry file"
}

// finale reports whether the show has finale segments or manual draws.
func (x *Set) finale() bool {
	for i := range x.sh.Segments {
		switch s := &x.sh.Segments[i]; {
		case s.Manual:
			return true
		case s.Kind != show.KindDraw && s.Kind != show.KindSlide && s.Kind != show.KindLeaderboard:
			return true
		}
	}
	return false
}
