package data

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"drawshow/show"
)

// What verify re-derives for the finale segments, from record.json and
// the bins alone: bins made from other draws' bins or winners, the
// choices winners made and what they turned over to, the jackpot's
// settlement, the wild cards' numbers, and the small draws behind them.

// maxBinDiffs bounds the differences named for one rebuilt bin; the rest
// are counted.
const maxBinDiffs = 8

// winning reports whether a recorded outcome makes the pick a winner.
func winning(outcome string) bool { return show.Outcome(outcome).Wins() }

// earlier is the draw named id among the record's draws before index i.
func (v *verifier) earlier(i int, id string) *RecordDraw {
	for j := range v.rec.Draws[:i] {
		if v.rec.Draws[j].ID == id {
			return &v.rec.Draws[j]
		}
	}
	return nil
}

// rebuilt checks a bin the engine made from other draws: a wild-card
// draw's from the month-end bin it drew (without the cards barred), a
// manual bin's and a Royal Flush's from the receipts of the winners of
// the draws they take.
func (v *verifier) rebuilt(i int, d *RecordDraw, bin []show.Entry) {
	switch {
	case d.Kind == show.KindWildDraw:
		v.wildBin(i, d, bin)
	case len(d.Sources) > 0 && (d.Kind == show.KindManualBin || d.Kind == show.KindRoyalFlush):
		v.receiptBin(i, d, bin)
	}
}

func (v *verifier) wildBin(i int, d *RecordDraw, bin []show.Entry) {
	r := v.r
	src := v.earlier(i, d.From)
	switch {
	case d.From == "":
		r.bad("draw %s: a wild-card draw that names no month-end bin to draw from", d.ID)
		return
	case src != nil && src.Kind != show.KindMonthEnd:
		r.bad("draw %s: draws from %s, which is not a month-end bin", d.ID, d.From)
		return
	}
	var rows []show.Entry
	if src != nil {
		var err error
		if rows, err = v.bin(src); err != nil {
			r.bad("draw %s: the bin it draws from: %v", d.ID, err)
			return
		}
	}
	barred := set(d.BarredCards)
	// the finalists drawn before are barred from a wild card: none is in
	// its bin, and each in the month-end bin is named as barred
	for j := range v.rec.Draws[:i] {
		o := &v.rec.Draws[j]
		if o.Kind != show.KindManualBin && o.Kind != show.KindWildDraw {
			continue
		}
		for _, p := range o.Picks {
			if !winning(p.Outcome) {
				continue
			}
			in := func(e show.Entry) bool { return e.Participant == p.Participant }
			switch {
			case slices.ContainsFunc(bin, in):
				r.bad("draw %s: %s, a finalist of %s, is in the wild card's bin: a wild card passes over finalists", d.ID, p.Participant, o.ID)
			case !barred[p.Participant] && slices.ContainsFunc(rows, in):
				r.bad("draw %s: %s, a finalist of %s, is in bin %s but was not barred from the wild card", d.ID, p.Participant, o.ID, src.ID)
			}
		}
	}
	if src == nil {
		// a month-end bin never drawn (skipped): the record has no bin of
		// its rows to rebuild this one from; verify --db rebuilds it from
		// the recorded rows
		return
	}
	srcBarred := set(src.BarredCards)
	var want []show.Entry
	for _, e := range rows {
		if !barred[e.Participant] {
			want = append(want, e)
		}
	}
	v.diffBins(d, bin, want, src.ID, func(e show.Entry) bool {
		// barred from the month-end bin at its freeze, not from this draw:
		// its rows are in this bin and not in the month-end bin's file
		return srcBarred[e.Participant] && !barred[e.Participant]
	})
}

func (v *verifier) receiptBin(i int, d *RecordDraw, bin []show.Entry) {
	r := v.r
	barred := set(d.BarredCards)
	var want []show.Entry
	seen, rows := map[string]bool{}, 0
	for _, id := range d.Sources {
		src := v.earlier(i, id)
		if src == nil {
			continue // never drawn (skipped): no winners
		}
		for _, p := range src.Picks {
			if !winning(p.Outcome) {
				continue
			}
			rows++
			if barred[p.Participant] {
				continue
			}
			e := show.Entry{Ticket: show.Receipt(src.ID, p.Ticket), Participant: p.Participant, Weight: 1} // a receipt
			if d.Kind == show.KindRoyalFlush {
				e.Ticket = p.Participant // a finalist: one ticket each
				if seen[e.Ticket] {
					continue
				}
				seen[e.Ticket] = true
			}
			want = append(want, e)
		}
	}
	show.SortEntries(want)
	if d.Kind == show.KindRoyalFlush && d.Rows != rows {
		// finalists from a file too: each earlier winner must be in the bin
		for _, e := range want {
			j, found := slices.BinarySearchFunc(bin, e.Ticket, func(b show.Entry, t string) int { return strings.Compare(b.Ticket, t) })
			if !found || bin[j] != e {
				r.bad("draw %s: finalist %s, a winner of %s, is not in the bin", d.ID, e.Participant, strings.Join(d.Sources, ", "))
			}
		}
		return
	}
	v.diffBins(d, bin, want, "the winners of "+strings.Join(d.Sources, ", "), nil)
}

// diffBins names the differences between a bin and the bin it must be,
// made from what: entries only in the bin pass when extra says so.
func (v *verifier) diffBins(d *RecordDraw, got, want []show.Entry, what string, extra func(show.Entry) bool) {
	var diffs []string
	i, j := 0, 0
	for i < len(got) || j < len(want) {
		switch {
		case j == len(want) || i < len(got) && got[i].Ticket < want[j].Ticket:
			if extra == nil || !extra(got[i]) {
				diffs = append(diffs, fmt.Sprintf("ticket %s (participant %s) is in the bin but not in %s", got[i].Ticket, got[i].Participant, what))
			}
			i++
		case i == len(got) || want[j].Ticket < got[i].Ticket:
			diffs = append(diffs, fmt.Sprintf("ticket %s (participant %s) of %s is missing from the bin, yet its participant is not barred", want[j].Ticket, want[j].Participant, what))
			j++
		default:
			if got[i] != want[j] {
				diffs = append(diffs, fmt.Sprintf("ticket %s is %s of weight %d in the bin but %s of weight %d in %s", got[i].Ticket, got[i].Participant, got[i].Weight, want[j].Participant, want[j].Weight, what))
			}
			i++
			j++
		}
	}
	for k, s := range diffs {
		if k == maxBinDiffs {
			v.r.bad("draw %s: %d more difference(s) from %s", d.ID, len(diffs)-k, what)
			break
		}
		v.r.bad("draw %s: %s", d.ID, s)
	}
}

// choices checks each card, ball and envelope chosen against the draw
// under its own draw id, and a chest's settlement.
func (v *verifier) choices(d *RecordDraw) {
	r := v.r
	if d.Choice == "" {
		for _, p := range d.Picks {
			if p.Choice != nil {
				r.bad("draw %s pick %d: a choice (%s, %q) in a draw whose winners choose nothing", d.ID, p.K, p.Choice.Item, p.Choice.Prize)
			}
		}
		return
	}
	want := map[string]string{"royal-flush": "cards", "jackpot-chest": "balls", "bonus-jackpot": "envelopes"}[d.Kind]
	if d.Choice != want {
		r.bad("draw %s: a %s whose winners choose %q, want %q", d.ID, d.Kind, d.Choice, want)
		return
	}
	waiting := -1 // the first winner who has not chosen: cards and balls go in the order drawn
	taken := map[string]int{}
	jackpot := -1 // the pick that chose the jackpot ball
	for _, p := range d.Picks {
		c := p.Choice
		switch {
		case c == nil:
			if winning(p.Outcome) && waiting < 0 {
				waiting = p.K
			}
			continue
		case !winning(p.Outcome):
			r.bad("draw %s pick %d: chose %s, but the pick is %s, not a winner", d.ID, p.K, c.Item, p.Outcome)
		case waiting >= 0 && d.Kind != show.KindBonus:
			r.bad("draw %s pick %d: chose %s before pick %d, who was drawn first and had not chosen", d.ID, p.K, c.Item, waiting)
		}
		v.r.Choices++
		if p.Prize != c.Prize {
			r.bad("draw %s pick %d: the prize %q is not what the winner's choice turned over (%q)", d.ID, p.K, p.Prize, c.Prize)
		}
		if c.Item != "" && d.Kind != show.KindBonus {
			if k, ok := taken[c.Item]; ok {
				r.bad("draw %s pick %d: %s was chosen by pick %d already and was out of play", d.ID, p.K, c.Item, k)
			}
			taken[c.Item] = p.K
		}
		switch d.Kind {
		case show.KindRoyalFlush:
			v.card(d, p)
		case show.KindBonus:
			v.envelope(d, p)
		case show.KindChest:
			if d.Jackpot == nil {
				r.bad("draw %s: a jackpot chest without its jackpot", d.ID)
				return
			}
			v.ball(d, p, jackpot >= 0)
			if c.Jackpot && jackpot < 0 {
				jackpot = p.K
			}
		}
	}
	if d.Kind == show.KindChest && d.Jackpot != nil {
		v.settled(d, waiting < 0 && (d.Winners >= d.Wanted || d.EndedShort != ""), jackpot)
	}
}

func (v *verifier) card(d *RecordDraw, p RecordPick) {
	c := p.Choice
	i := slices.Index(show.Cards, c.Item)
	switch {
	case len(d.Prizes) != len(show.Cards):
		v.r.bad("draw %s: a Royal Flush with %d prizes, want %d, one behind each card", d.ID, len(d.Prizes), len(show.Cards))
	case i < 0:
		v.r.bad("draw %s pick %d: %q is not a card (A, K, Q, J, 10)", d.ID, p.K, c.Item)
	case c.By != "host" || c.Amount != 0 || c.Jackpot:
		v.r.bad("draw %s pick %d: card %s chosen by %q with amount %d, jackpot %v: a card is chosen by the host for its winner, its prize as the show file writes it", d.ID, p.K, c.Item, c.By, c.Amount, c.Jackpot)
	default:
		if want := d.Prizes[show.CardPrize(v.key, d.Segment, i)]; c.Prize != want {
			v.r.bad("draw %s pick %d: card %s turned over to %q in the record, but %s/cards puts %q behind it", d.ID, p.K, c.Item, c.Prize, d.Segment, want)
		}
	}
}

func (v *verifier) envelope(d *RecordDraw, p RecordPick) {
	c := p.Choice
	n := len(d.Prizes)
	i, err := strconv.Atoi(c.Item)
	switch {
	case n < 2:
		v.r.bad("draw %s: a bonus jackpot with %d envelope prize(s), want at least two", d.ID, n)
	case err != nil || i < 1 || i > n || c.Item != strconv.Itoa(i):
		v.r.bad("draw %s pick %d: %q is not one of the envelopes 1 to %d", d.ID, p.K, c.Item, n)
	case c.By != "host" || c.Amount != 0 || c.Jackpot:
		v.r.bad("draw %s pick %d: envelope %s chosen by %q with amount %d, jackpot %v: an envelope is chosen by the host for its winner", d.ID, p.K, c.Item, c.By, c.Amount, c.Jackpot)
	default:
		if want := d.Prizes[show.EnvelopePrize(v.key, d.Segment, p.K, n, i-1)]; c.Prize != want {
			v.r.bad("draw %s pick %d: envelope %s turned over to %q in the record, but %s/prizes/%d puts %q in it", d.ID, p.K, c.Item, c.Prize, d.Segment, p.K, want)
		}
	}
}

// ball checks a chest winner's ball: the jackpot or the consolation, and
// once the jackpot is won, the consolation paid without choosing.
func (v *verifier) ball(d *RecordDraw, p RecordPick, wonBefore bool) {
	r, c, j := v.r, p.Choice, d.Jackpot
	amount, isJackpot := j.Consolation, false
	switch {
	case c.Item == "" && !wonBefore:
		r.bad("draw %s pick %d: paid %q without choosing a ball, but the jackpot was not won before", d.ID, p.K, c.Prize)
		return
	case c.Item == "" && c.By != "engine":
		r.bad("draw %s pick %d: the consolation paid after the jackpot was won is the engine's, not %q's", d.ID, p.K, c.By)
	case c.Item != "" && wonBefore:
		r.bad("draw %s pick %d: chose ball %s after the jackpot was won; the rest are paid the consolation without choosing", d.ID, p.K, c.Item)
		return
	case c.Item != "":
		if n, err := strconv.Atoi(c.Item); err != nil || n < 1 || n > j.Balls || c.Item != fmt.Sprintf("%02d", n) {
			r.bad("draw %s pick %d: %q is not one of the balls 01 to %02d", d.ID, p.K, c.Item, j.Balls)
			return
		}
		if c.By != "host" {
			r.bad("draw %s pick %d: ball %s chosen by %q, want the host", d.ID, p.K, c.Item, c.By)
		}
		if c.Item == show.JackpotBall(v.key, d.Segment, j.Balls) {
			amount, isJackpot = j.Value, true
		}
	}
	switch {
	case c.Jackpot != isJackpot && isJackpot:
		r.bad("draw %s pick %d: ball %s is the jackpot ball (pick 0 of %s/chest), but the record pays it as a consolation of %d", d.ID, p.K, c.Item, d.Segment, c.Amount)
	case c.Jackpot != isJackpot:
		r.bad("draw %s pick %d: the record pays ball %q as the jackpot, but pick 0 of %s/chest puts the jackpot in ball %s", d.ID, p.K, c.Item, d.Segment, show.JackpotBall(v.key, d.Segment, j.Balls))
	case c.Amount != amount:
		r.bad("draw %s pick %d: ball %s paid %d in the record, want %d (the %s)", d.ID, p.K, c.Item, c.Amount, amount, map[bool]string{true: "jackpot this week", false: "consolation"}[isJackpot])
	case c.Prize != show.Money(j.Currency, amount):
		r.bad("draw %s pick %d: the prize %q does not read as the amount %d (%s)", d.ID, p.K, c.Prize, amount, show.Money(j.Currency, amount))
	}
}

// settled checks a chest's settlement: won if and only if a winner chose
// the jackpot ball; next week's jackpot is the base if won, else this
// week's plus the step.
func (v *verifier) settled(d *RecordDraw, complete bool, wonBy int) {
	r, j := v.r, d.Jackpot
	switch {
	case !j.Settled && complete:
		r.bad("draw %s: every winner chose, but the jackpot %s was never settled", d.ID, j.Name)
		return
	case !j.Settled:
		return
	case !complete:
		r.bad("draw %s: the jackpot %s is settled before every winner chose", d.ID, j.Name)
	}
	won, next := wonBy >= 0, j.Value+j.Step
	if won {
		next = j.Base
	}
	switch {
	case j.Won != won && won:
		r.bad("draw %s: pick %d chose the jackpot ball, but the record settles the jackpot %s as not won", d.ID, wonBy, j.Name)
	case j.Won != won:
		r.bad("draw %s: the record settles the jackpot %s as won, but no winner chose the jackpot ball", d.ID, j.Name)
	case j.Next != next:
		r.bad("draw %s: next week's jackpot %s is %d in the record, want %d (%s)", d.ID, j.Name, j.Next, next,
			map[bool]string{true: "won: back to the base", false: fmt.Sprintf("not won: %d + the step %d", j.Value, j.Step)}[won])
	}
}

// wildCards checks each wild card's numbers, and that each of its draws
// drew from the bin its number chose.
func (v *verifier) wildCards() {
	r := v.r
	mine := map[string]bool{}
	for _, w := range v.rec.WildCards {
		bins := len(w.Bins)
		if len(w.Numbers) != len(w.Draws) {
			r.bad("wild card %s: %d numbers for %d finalist draws", w.Segment, len(w.Numbers), len(w.Draws))
		}
		for i, n := range w.Numbers {
			if n < 1 || n > bins {
				r.bad("wild card %s: number %d is not a bin of %s (1 to %d)", w.Segment, n, w.From, bins)
			} else if slices.Contains(w.Numbers[:i], n) {
				r.bad("wild card %s: number %d is chosen twice; each finalist comes from another bin", w.Segment, n)
			}
		}
		switch w.By {
		case "host":
			if strings.TrimSpace(w.Name) == "" {
				r.bad("wild card %s: numbers typed by hand without the name of who typed them", w.Segment)
			}
		case "engine":
			v.r.SmallDraws++
			got := show.Shuffle(v.key, w.Segment+"/numbers", show.Numbered(bins, 1))[:min(len(w.Numbers), bins)]
			var want []int
			for _, l := range got {
				n, _ := strconv.Atoi(l)
				want = append(want, n)
			}
			if !slices.Equal(want, w.Numbers) {
				r.bad("wild card %s: the record says the engine drew numbers %v, but %s/numbers gives %v", w.Segment, w.Numbers, w.Segment, want)
			}
		default:
			r.bad("wild card %s: numbers chosen by %q, want host or engine", w.Segment, w.By)
		}
		for i, id := range w.Draws {
			mine[id] = true
			d := v.named(id)
			if d == nil || i >= len(w.Numbers) || w.Numbers[i] < 1 || w.Numbers[i] > bins {
				continue // not drawn yet, or its number is wrong (said above)
			}
			if want := w.Bins[w.Numbers[i]-1]; d.From != want {
				r.bad("draw %s: drew from %s, but number %d of wild card %s chose bin %s", id, d.From, w.Numbers[i], w.Segment, want)
			}
		}
	}
	for _, d := range v.rec.Draws {
		if d.Kind == show.KindWildDraw && !mine[d.ID] {
			r.bad("draw %s: a wild-card draw that no wild card of the record lists", d.ID)
		}
	}
}

// named is the record's draw id, or nil.
func (v *verifier) named(id string) *RecordDraw {
	for i := range v.rec.Draws {
		if v.rec.Draws[i].ID == id {
			return &v.rec.Draws[i]
		}
	}
	return nil
}

// smallDraws checks the small draws the record lists against the ones its
// finale segments made, each re-derived from the key.
func (v *verifier) smallDraws() {
	r := v.r
	want := map[string]RecordSmallDraw{}
	var order []string
	add := func(d RecordSmallDraw) {
		want[d.ID] = d
		order = append(order, d.ID)
	}
	for _, w := range v.rec.WildCards {
		if w.By == "engine" {
			add(numbersDraw(v.key, w.Segment, len(w.Bins), w.Numbers))
		}
	}
	for _, dr := range v.rec.Draws {
		switch dr.Kind {
		case show.KindRoyalFlush:
			add(cardsDraw(v.key, dr.Segment, dr.Prizes))
		case show.KindChest:
			if dr.Jackpot != nil {
				add(chestDraw(v.key, dr.Segment, dr.Jackpot.Balls))
			}
		case show.KindBonus:
			for _, p := range dr.Picks {
				if p.Choice != nil && p.Choice.Item != "" && len(dr.Prizes) >= 2 {
					add(envelopeDraw(v.key, dr.Segment, p.K, dr.Prizes))
				}
			}
		}
	}
	got := map[string]bool{}
	for _, s := range v.rec.SmallDraws {
		got[s.ID] = true
		w, ok := want[s.ID]
		if !ok {
			r.bad("small draw %s: the record lists it, but no draw or wild card of the record makes it", s.ID)
			continue
		}
		if w.Of != "numbers" {
			r.SmallDraws++ // a wild card's numbers are counted with the wild card
		}
		switch {
		case s.Segment != w.Segment || s.Of != w.Of:
			r.bad("small draw %s: of %s in segment %s, want of %s in segment %s", s.ID, s.Of, s.Segment, w.Of, w.Segment)
		case !slices.Equal(s.Labels, w.Labels):
			r.bad("small draw %s: its bin is %v, want %v", s.ID, s.Labels, w.Labels)
		case s.Fingerprint != w.Fingerprint:
			r.bad("small draw %s: fingerprint %s, want %s", s.ID, s.Fingerprint, w.Fingerprint)
		case !slices.Equal(s.Picks, w.Picks):
			r.bad("small draw %s: picks %v in the record, re-derived %v", s.ID, s.Picks, w.Picks)
		case !slices.Equal(s.Result, w.Result):
			r.bad("small draw %s: the record says it gives %q, re-derived %q", s.ID, s.Result, w.Result)
		}
	}
	if v.rec.Seed == "" {
		return
	}
	for _, id := range order {
		if !got[id] {
			r.bad("record.json lists no small draw %s, which %s made", id, want[id].Segment)
		}
	}
}

func set(ss []string) map[string]bool {
	m := make(map[string]bool, len(ss))
	for _, s := range ss {
		m[s] = true
	}
	return m
}
