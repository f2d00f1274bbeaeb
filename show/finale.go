package show

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Chooser is the winning pick whose turn it is to choose a card, a ball
// or an envelope, or nil. Royal Flush and chest winners choose in the order
// drawn once every winner is decided; a bonus-jackpot winner chooses at
// once, before the next pick.
func (s *SegState) Chooser() *Pick {
	switch c := choiceOf(s.Seg); {
	case c == nil:
		return nil
	case c.atOnce():
		// a draw ended short with nothing left to choose has no chooser
		if l := s.Last(); l != nil && l.Outcome.Wins() && l.Choice == nil && (s.Ended == nil || len(s.InPlay()) > 0) {
			return l
		}
		return nil
	}
	if !s.Drawn() {
		return nil
	}
	for i := range s.Picks {
		if p := &s.Picks[i]; p.Outcome.Wins() && p.Choice == nil {
			return p
		}
	}
	return nil
}

// Taken lists the items chosen so far: cards and balls leave play, and
// the envelopes of a session's deck.
func (s *SegState) Taken() []string {
	if c := choiceOf(s.Seg); c == nil || !c.leave() {
		return nil
	}
	var out []string
	for _, p := range s.Picks {
		if p.Choice != nil && p.Choice.Item != "" {
			out = append(out, p.Choice.Item)
		}
	}
	return out
}

// SetJackpot gives the engine a jackpot's value before tonight, as the
// campaign's record folds its settlements; a jackpot with none yet is
// given no value, and opens at its start or its base.
func (e *Engine) SetJackpot(name string, value int64) {
	if e.st.ledger == nil {
		e.st.ledger = map[string]int64{}
	}
	e.st.ledger[name] = value
}

// JackpotBefore is j's value now, before its next draw: the campaign's
// ledger before tonight, then tonight's chests of the same jackpot.
func (st *State) JackpotBefore(j *Jackpot) int64 {
	v, ok := st.ledger[j.Name]
	if !ok {
		v = j.opening()
	}
	for _, s := range st.Segs {
		if s.Settled != nil && s.Settled.Name == j.Name {
			v = s.Settled.Next
		}
	}
	return v
}

// Jackpot is the chest's jackpot as the big screen shows it: the value
// frozen for its draw, and before the freeze the value it will start from.
// Next week's value is in its settlement.
func (st *State) Jackpot(s *SegState) int64 {
	if s.Frozen != nil {
		return s.Frozen.Jackpot
	}
	return st.JackpotBefore(s.Seg.Jackpot)
}

// NextJackpot folds a jackpot's ledger: each week's settlement in order.
// With no settlement yet the jackpot opens at its start, if it has one.
func NextJackpot(j *Jackpot, ledger []Settled) int64 {
	v := j.opening()
	for _, s := range ledger {
		v = s.Next
	}
	return v
}

// opening is the jackpot's value before its first settlement.
func (j *Jackpot) opening() int64 {
	if j.Start > 0 {
		return j.Start
	}
	return j.Base
}

// opens reports whether a chest's freeze opens its jackpot's ledger at
// the show file's start: no settlement of it before, in the campaign or
// tonight.
func (st *State) opens(j *Jackpot) bool {
	if _, ok := st.ledger[j.Name]; ok || j.Start == 0 {
		return false
	}
	for _, s := range st.Segs {
		if s.Settled != nil && s.Settled.Name == j.Name {
			return false
		}
	}
	return true
}

// numbers records a wild card's bin numbers: typed from a physical draw,
// or drawn under SEGMENT/numbers.
func (d *decider) numbers(seg *SegState, c Command) error {
	bins := d.e.Show.Bins(seg.Seg.From[0])
	if seg.Numbers != nil {
		return refuse("%s: the numbers are chosen already (%v)", seg.Seg.ID, seg.Numbers.Numbers)
	}
	n := &Numbers{By: "host", Name: strings.TrimSpace(c.Text), Numbers: c.Numbers}
	if c.Op == OpDraw {
		n.By, n.Name, n.Numbers = "engine", "", nil
		switch r := d.recorded(NumbersChosen); {
		case d.e.seed != nil:
			key, err := d.key(seg)
			if err != nil {
				return err
			}
			for _, l := range Shuffle(key, seg.Seg.ID+"/numbers", Numbered(bins, 1))[:seg.Seg.Winners] {
				v, _ := strconv.Atoi(l)
				n.Numbers = append(n.Numbers, v)
			}
		case r != nil:
			n.Numbers = r.Numbers.Numbers // checked below as typed numbers are
			d.e.underived++
		default:
			return errors.New("the engine has no seed")
		}
	}
	switch {
	case len(n.Numbers) != seg.Seg.Winners:
		return refuse("%s: %d numbers given, the wild card has %d finalists", seg.Seg.ID, len(n.Numbers), seg.Seg.Winners)
	case n.By == "host" && n.Name == "":
		return refuse("%s: numbers drawn by hand need the name of who typed them", seg.Seg.ID)
	}
	for i, v := range n.Numbers {
		if v < 1 || v > bins {
			return refuse("%s: number %d is not a bin of %s (1 to %d)", seg.Seg.ID, v, seg.Seg.From[0], bins)
		}
		if slices.Contains(n.Numbers[:i], v) {
			return refuse("%s: number %d is given twice; each finalist comes from another bin", seg.Seg.ID, v)
		}
	}
	return d.emit(Event{Kind: NumbersChosen, Segment: seg.Seg.ID, Numbers: n})
}

// WildBin is the month-end bin a wild-card draw takes its finalist from,
// as the wild card's numbers chose it; nil while they are not chosen.
func (st *State) WildBin(sh *Show, seg *SegState) *Segment {
	parent := st.Seg(seg.Seg.Group)
	if parent == nil || parent.Numbers == nil || len(parent.Seg.From) != 1 || seg.Seg.Bin > len(parent.Numbers.Numbers) {
		return nil
	}
	return sh.MonthEndBin(parent.Seg.From[0], parent.Numbers.Numbers[seg.Seg.Bin-1])
}

// wildSource is the state of the month-end bin a wild-card draw takes its
// finalist from, which must have its entry file imported.
func (st *State) wildSource(sh *Show, seg *SegState) (*SegState, error) {
	src := st.WildBin(sh, seg)
	if src == nil {
		return nil, refuse("%s: the wild card's numbers are not chosen yet", seg.Seg.ID)
	}
	s := st.Seg(src.ID)
	if s.Loaded == nil {
		return nil, refuse("%s: bin %d (%s) has no entry file imported", seg.Seg.ID, src.Bin, src.ID)
	}
	return s, nil
}

// finalists are the winners of the show's finalist draws (manual bins and
// wild-card draws) other than seg: a wild card passes over them.
func (st *State) finalists(seg *SegState) map[string]bool {
	out := map[string]bool{}
	for _, o := range st.Segs {
		if o == seg || (o.Seg.Kind != KindManualBin && o.Seg.Kind != KindWildDraw) {
			continue
		}
		for _, p := range o.Picks {
			if p.Outcome.Wins() {
				out[p.Participant] = true
			}
		}
	}
	return out
}

// receipts are the winning tickets of the segments seg takes from, in
// run-sheet and pick order: a manual bin's receipts, a finale's finalists.
// A receipt is named SEGMENT/TICKET: one person may win in two bins, and
// then has two receipts in the manual bin.
func (st *State) receipts(sh *Show, seg *Segment) []Row {
	var out []Row
	for _, src := range sh.Sources(seg.From) {
		for _, p := range st.Seg(src.ID).Picks {
			if p.Outcome.Wins() {
				out = append(out, Row{Ticket: Receipt(src.ID, p.Ticket), Card: p.Participant})
			}
		}
	}
	return out
}

// Receipt names a winning ticket in a bin of receipts: SEGMENT/TICKET.
func Receipt(segment, ticket string) string { return segment + "/" + ticket }

// findTyped finds the entry a host typed: its ticket, or for a manual
// bin's receipts also the ticket printed on it without the segment.
func findTyped(b *Bin, typed string) (int, error) {
	if i := find(b, typed); i >= 0 {
		return i, nil
	}
	var hits []int
	for i, e := range b.Entries {
		if _, t, ok := strings.Cut(e.Ticket, "/"); ok && t == typed {
			hits = append(hits, i)
		}
	}
	switch len(hits) {
	case 0:
		return -1, nil
	case 1:
		return hits[0], nil
	}
	var names []string
	for _, i := range hits {
		names = append(names, b.Entries[i].Ticket)
	}
	return -1, refuse("ticket %q is on %d receipts (%s): type the one drawn in full", typed, len(hits), strings.Join(names, ", "))
}

// ticket records a ticket drawn by hand from the physical bin: it must be
// in the frozen bin, and not drawn before.
func (d *decider) ticket(seg *SegState, t string) error {
	if !seg.Seg.Manual {
		return refuse("%s is drawn electronically: draw, not ticket", seg.Seg.ID)
	}
	if seg.Frozen == nil {
		if err := d.freeze(seg); err != nil {
			return err
		}
	}
	switch l := seg.Last(); {
	case l != nil && l.Outcome == Pending:
		return d.undecided(seg, l)
	case seg.Ended != nil:
		return refuse("%s has ended: %s; next goes on", seg.Seg.ID, seg.Ended.Reason)
	case seg.Drawn():
		return refuse("%s: all %d winners are decided; go to the next segment", seg.Seg.ID, seg.Seg.Winners)
	}
	i, err := findTyped(seg.Bin, t)
	if err != nil {
		return err
	}
	if i < 0 {
		return d.notInBin(seg, t)
	}
	en := seg.Bin.Entries[i]
	for _, p := range seg.Picks {
		if p.Participant == en.Participant {
			return refuse("%s: ticket %q was drawn already (pick %d, %s); it is out of the bin", seg.Seg.ID, t, p.K+1, p.Ticket)
		}
	}
	k := len(seg.Picks)
	if err := d.emit(Event{Kind: PickDrawn, Segment: seg.Seg.ID, Pick: &PickRef{
		K: k, Ticket: en.Ticket, Participant: en.Participant, Prize: d.prizeAtPick(seg), By: "manual",
	}}); err != nil {
		return err
	}
	return d.announce(seg)
}

// notInBin is the refusal of ticket t, typed from seg's physical bin,
// which its frozen bin does not hold: why, when its row says (excluded,
// barred, over its tier's cap, a tier or rule that keeps it out), so that
// the host can tell a ticket rightly kept out from a number misread.
func (d *decider) notInBin(seg *SegState, t string) error {
	id, f := seg.Seg.ID, seg.Frozen
	var row *Row
	var rows []Row // of row's card
	look := func(r Row) error {
		if row == nil && (r.Ticket == t || seg.Seg.traits().receipts && strings.HasSuffix(r.Ticket, "/"+t)) {
			row = &r
		}
		return nil
	}
	ofCard := func(r Row) error {
		if row != nil && r.Card == row.Card {
			rows = append(rows, r)
		}
		return nil
	}
	from := "its entry file"
	if seg.Seg.traits().receipts {
		from = "the receipts of " + strings.Join(seg.Seg.From, ", ")
		for _, r := range d.st.receipts(d.e.Show, seg.Seg) {
			look(r)
			ofCard(r)
		}
	} else if seg.Loaded != nil && d.e.src != nil {
		if err := d.e.src.Rows(seg.Seg, look); err != nil {
			return err
		}
		if row != nil {
			if err := d.e.src.Rows(seg.Seg, ofCard); err != nil {
				return err
			}
		}
	}
	if row == nil {
		return refuse("%s: ticket %q is not in the frozen bin (%d entries), nor in %s: check the number read out", id, t, len(seg.Bin.Entries), from)
	}
	whose := fmt.Sprintf("%s: ticket %q is card %s's", id, t, row.Card)
	inBin := 0
	for _, e := range seg.Bin.Entries {
		if e.Participant == row.Card {
			inBin++
		}
	}
	why := ""
	switch {
	case !seg.Seg.Allows(row.Tier):
		why = fmt.Sprintf("whose tier %s does not enter this draw", or(row.Tier.String(), "(none)"))
	case f != nil && slices.Contains(f.Excluded, row.Card):
		list := "the exclusions list"
		if l := d.st.Lists; l != nil && len(l.ExclusionFiles()) > 0 {
			list += " (" + strings.Join(l.ExclusionFiles(), ", ") + ")"
		}
		why = "on " + list + ": kept out of the bin at its freeze"
	case f != nil && slices.Contains(f.Barred, row.Card):
		why = fmt.Sprintf("a winner earlier tonight: win_once: %s keeps them out of this draw", seg.Seg.WinOnce)
	case f != nil && slices.Contains(f.PastWinners, row.Card):
		why = "a winner of an earlier show: exclude_winners keeps them out of this draw"
	case seg.Seg.Qualify != nil && f != nil && seg.Seg.Qualify.Unqualified(*row, f.Day, d.e.Show.Currency) != "":
		why = "not qualified: " + seg.Seg.Qualify.Unqualified(*row, f.Day, d.e.Show.Currency)
	case seg.Seg.Tickets != Points && seg.Seg.Cap[row.Tier] > 0 && inBin > 0 && len(rows) > inBin:
		why = fmt.Sprintf("over the %s tier's cap: %d of its %d tickets are in the bin, and not this one", row.Tier, inBin, len(rows))
	default:
		return refuse("%s, but is not in the frozen bin (%d entries): check the number read out", whose, len(seg.Bin.Entries))
	}
	return refuse("%s, %s", whose, why)
}

// prizeAtPick is the prize a pick is drawn for; a winner who chooses a
// card, ball or envelope learns it only then.
func (d *decider) prizeAtPick(seg *SegState) string {
	if seg.Seg.Chooses() != "" {
		return ""
	}
	return seg.Seg.Prize(seg.Winners())
}

// choose turns over the card, ball or envelope the current chooser picks.
func (d *decider) choose(seg *SegState, item, prize string) error {
	p := seg.Chooser()
	if p == nil {
		return refuse("%s: no winner is waiting to choose; draw picks the next winner", seg.Seg.ID)
	}
	if c := seg.Pending; c != nil {
		return refuse("%s: %s is chosen; what it hides waits for the choice witness (witness TEXT)", seg.Seg.ID, c.Item)
	}
	// under each-draw the outcome waits for the witness typed after the
	// choice: nothing is derived now, with or without the seed
	after := d.st.mode == WitnessEachDraw && seg.Seg.Cards != CardsPhysical
	if d.e.seed == nil && d.recorded(PrizeChosen) == nil && seg.Seg.Cards != CardsPhysical && !after {
		return errors.New("the engine has no seed")
	}
	items := seg.Seg.Items()
	it, ok := itemOf(items, item)
	if !ok {
		return refuse("%s: %q is not one of the %s (%s)", seg.Seg.ID, item, seg.Seg.Chooses(), strings.Join(items, ", "))
	}
	if slices.Contains(seg.Taken(), it) {
		return refuse("%s: %s was chosen already and is out of play; choose one of %s", seg.Seg.ID, it, strings.Join(seg.InPlay(), ", "))
	}
	c := &Choice{K: p.K, Item: it, By: "host"}
	if seg.Seg.Cards == CardsPhysical {
		return d.turnedOver(seg, c, prize)
	}
	if prize != "" {
		return refuse("%s: the cards are electronic: the key decides the prize behind %s, not the host (%q)", seg.Seg.ID, it, prize)
	}
	if after {
		if d.st.AwaitsDrawWitness(seg) {
			return refuse("%s: the draw witness is awaited: the auditor types it now that the bin is frozen (witness TEXT)", seg.Seg.ID)
		}
		return d.chooseFirst(seg, c) // K_c is derived under K_d once the witness after the choice is typed
	}
	if d.e.seed == nil {
		if err := d.underivedChoice(seg, c); err != nil {
			return err
		}
		return d.chosen(seg, c)
	}
	key, err := d.key(seg)
	if err != nil {
		return err
	}
	t := d.e.Show.choosingOf(seg).turn(key, p, it)
	c.Prize, c.Amount, c.Jackpot = t.Prize, t.Amount, t.Jackpot
	return d.chosen(seg, c)
}

// chosen records a choice and, when it won the jackpot, the consolation
// of every winner still to choose.
func (d *decider) chosen(seg *SegState, c *Choice) error {
	if err := d.emit(Event{Kind: PrizeChosen, Segment: seg.Seg.ID, Choice: c}); err != nil {
		return err
	}
	if c.Jackpot {
		// the jackpot is won: the rest are paid the consolation without choosing
		for q := seg.Chooser(); q != nil; q = seg.Chooser() {
			c := balls{seg, d.e.Show.Currency}.consolation()
			c.K, c.By = q.K, "engine"
			if err := d.emit(Event{Kind: PrizeChosen, Segment: seg.Seg.ID, Choice: &c}); err != nil {
				return err
			}
		}
	}
	return nil
}

// emptied ends a bin drawn by hand once every participant in it has been
// drawn and the segment still lacks winners: no ticket is left to type.
// (An electronic draw finds out at its next pick.)
func (d *decider) emptied(seg *SegState) error {
	l := seg.Last()
	if !seg.Seg.Manual || seg.Frozen == nil || seg.Drawn() || l == nil || l.Outcome == Pending || len(seg.Picks) < seg.Bin.Participants {
		return nil
	}
	w := seg.Winners()
	return d.emit(Event{Kind: SegmentEnded, Segment: seg.Seg.ID, Ended: &Ended{
		Winners: w, Wanted: seg.Seg.Winners,
		Reason: fmt.Sprintf("every ticket in the bin has been drawn: %d of %d winners after %d picks", w, seg.Seg.Winners, len(seg.Picks)),
	}})
}

// settle records a chest's jackpot once every winner has chosen: won, or
// grown by its step for next week.
func (d *decider) settle(seg *SegState) error {
	j := seg.Seg.Jackpot
	if j == nil || seg.Settled != nil || seg.Frozen == nil || !seg.Drawn() || seg.Chooser() != nil {
		return nil
	}
	s := &Settled{Name: j.Name, Value: seg.Frozen.Jackpot, Next: seg.Frozen.Jackpot + j.Step}
	for _, p := range seg.Picks {
		if p.Choice != nil && p.Choice.Jackpot {
			s.Won, s.Next = true, j.Base
		}
	}
	return d.emit(Event{Kind: JackpotPaid, Segment: seg.Seg.ID, Settled: s})
}

// itemOf reads what the host typed as one of items: a card by letter or
// name, a ball or an envelope by its number; cards also by place 1..5.
func itemOf(items []string, s string) (string, bool) {
	s = strings.ToUpper(strings.TrimSpace(s))
	names := map[string]string{"ACE": "A", "KING": "K", "QUEEN": "Q", "JACK": "J", "TEN": "10"}
	if v, ok := names[s]; ok {
		s = v
	}
	if slices.Contains(items, s) {
		return s, true
	}
	if n, err := strconv.Atoi(s); err == nil && n >= 1 && n <= len(items) {
		return items[n-1], true
	}
	return "", false
}

// CardPrize is the index of the prize behind card i of the Royal Flush
// (A, K, Q, J, 10): picks 0..4 of SEGMENT/cards over p1..p5.
func CardPrize(key [32]byte, segment string, i int) int {
	return prizeOf(Shuffle(key, segment+"/cards", PrizeLabels(len(Cards)))[i])
}

// EnvelopePrize is the index of the prize in envelope i of n offered to
// the winner of pick k: picks of SEGMENT/prizes/k over p1..pn.
func EnvelopePrize(key [32]byte, segment string, k, n, i int) int {
	return prizeOf(Shuffle(key, fmt.Sprintf("%s/prizes/%d", segment, k), PrizeLabels(n))[i])
}

// DeckPrize is the index of the prize on card i of a bonus jackpot's
// session deck of n: picks of SEGMENT/deck over p1..pn, dealt once for
// the whole session, so every winner takes a card out of the same set.
func DeckPrize(key [32]byte, segment string, n, i int) int {
	return prizeOf(Shuffle(key, segment+"/deck", PrizeLabels(n))[i])
}

// JackpotBall is the jackpot ball's position among balls 01..n: pick 0 of
// SEGMENT/chest. It is fixed by the key before anyone chooses.
func JackpotBall(key [32]byte, segment string, n int) string {
	bin := SmallBin(Numbered(n, 2))
	i, _ := Choose(key, segment+"/chest", Fingerprint(bin), bin, 0, nil)
	return bin[i].Ticket
}

// PrizeLabels are the prizes of a small draw as its tickets: p1..pn.
func PrizeLabels(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("p%d", i+1)
	}
	return out
}

func prizeOf(label string) int {
	n, _ := strconv.Atoi(label[1:])
	return n - 1
}

// inWindow refuses a bonus-jackpot pick outside its sessions.
func (d *decider) inWindow(seg *SegState) error {
	ws := seg.Seg.Bonus.sessions()
	if !seg.Seg.traits().sessions || len(ws) == 0 {
		return nil
	}
	for _, w := range ws {
		if !d.at.Before(w.From) && d.at.Before(w.To) {
			return nil
		}
	}
	loc := d.e.Show.Location
	for _, w := range ws {
		if d.at.Before(w.From) {
			return refuse("%s: no session now; the next is %s %s-%s", seg.Seg.ID, w.From.In(loc).Format("Mon 2 Jan"), w.From.In(loc).Format("15:04"), w.To.In(loc).Format("15:04"))
		}
	}
	return refuse("%s: its last session ended at %s; next goes on (the draw ends short with its winners so far), or skip REASON", seg.Seg.ID, ws[len(ws)-1].To.In(loc).Format("15:04 Mon 2 Jan"))
}

// Hour is a bonus jackpot's progress in the current hour of its sessions
// at t: the winners decided in that hour and the target per hour. ok is
// false outside the sessions.
func (s *SegState) Hour(t time.Time) (won, target int, ok bool) {
	for _, w := range s.Seg.Bonus.sessions() {
		if t.Before(w.From) || !t.Before(w.To) {
			continue
		}
		from := w.From.Add(t.Sub(w.From).Truncate(time.Hour))
		for _, p := range s.Picks {
			if p.Outcome.Wins() && !p.DecidedAt.Before(from) && p.DecidedAt.Before(from.Add(time.Hour)) {
				won++
			}
		}
		return won, s.Seg.Bonus.perHour(), true
	}
	return 0, s.Seg.Bonus.perHour(), false
}

// underivedChoice takes a recorded choice's prize when the seed is not
// revealed, once it is one the item could hide: a prize no other card
// has shown, an envelope's value, the consolation or this week's jackpot.
func (d *decider) underivedChoice(seg *SegState, c *Choice) error {
	r := d.recorded(PrizeChosen).Choice
	c.Prize, c.Amount, c.Jackpot = r.Prize, r.Amount, r.Jackpot
	d.e.underived++
	return d.e.Show.choosingOf(seg).held(c)
}
