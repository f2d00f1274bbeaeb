package paper

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"time"

	"drawshow/data/entries"
	"drawshow/data/record"
	"drawshow/data/store"
	"drawshow/show"
)

// Statement is the Guest Relations desk's answer to a player who asks how
// many entries they had: every bin of the campaign database whose entry
// file had the card, official shows and rehearsals apart.
type Statement struct {
	Card       string
	Name       string // as the latest entry file with the card gave it
	Shows      int    // shows in the database
	Official   []StatementDraw
	Rehearsals []StatementDraw
}

// StatementDraw is one draw whose entry file had the card.
type StatementDraw struct {
	ShowID    string
	Promotion string
	Property  string
	Rehearsal bool
	Location  *time.Location
	Segment   string
	Title     string
	Kind      show.SegmentKind // the segment's kind
	Floor     bool             // its picks are players on the floor: a ticket is a device
	Scheduled time.Time        // zero when not scheduled

	Frozen      bool // false: the file was imported but the draw had not started
	FrozenAt    time.Time
	Fingerprint string // of the frozen bin
	BinTickets  uint64 // total weight of the frozen bin
	Rows        int    // the card's rows in the entry file
	Points      uint64 // the card's points, when tickets come from points
	Tickets     uint64 // the card's weight in the frozen bin; 0 when not eligible
	// Bonus is the part of Tickets that is bonus entries (bonus_entries:
	// the card's bonus-jackpot wins), BonusWins the wins they are for
	Bonus       uint64
	BonusWins   int
	TicketNos   []string // the card's tickets in the bin, when a row is a ticket
	NotEligible string   // why a card in the file is not in the bin

	Picked  bool
	Pick    show.Pick // when Picked
	Outcome string    // the pick's outcome in words
	Chosen  string    // what the winner chose, in words: a card, a ball, an envelope

	// Finale segments.
	From     string        // where the card's tickets came from, when not this draw's own entry file
	Currency string        // the show's, for the jackpot
	Jackpot  *show.Jackpot // a chest's jackpot
	Value    int64         // its value this week, fixed when the bin froze
	Settled  *show.Settled // how it was settled; nil until every winner chose
	Numbers  *show.Numbers // a wild-card draw: its wild card's numbers
	Number   int           // the number that chose this draw's bin
}

// StatementOf finds every bin the card was in, across all the shows of the
// database, matching cards as the lists do (show.CardKey: leading zeros
// aside, which Excel drops from one export and keeps in another). When the
// number as typed is in no entry file it is looked for as NormCard gives
// it (spaces, dashes and dots ignored, fullwidth digits read as digits),
// as entry files are read. The statement names the card as the files
// spell it with the most digits: the form that kept its zeros.
func StatementOf(db *store.DB, card string) (*Statement, error) {
	card = strings.TrimSpace(card)
	shows, err := db.Shows()
	if err != nil {
		return nil, err
	}
	rows, err := db.CardRows(card)
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		if bare, err := entries.NormCard(card); err == nil && bare != card {
			card = bare
			if rows, err = db.CardRows(card); err != nil {
				return nil, err
			}
		}
	}
	st := &Statement{Card: card, Shows: len(shows)}
	// shows whose freezes name winners with no entry that day: the card
	// may be one, with no row in the show
	noEntry, err := db.NoEntryShows()
	if err != nil {
		return nil, err
	}
	bySeg := map[[2]string][]store.CardRow{}
	for _, r := range rows {
		k := [2]string{r.Show, r.Segment}
		bySeg[k] = append(bySeg[k], r)
		st.Name = r.Name
		if len(r.Card) > len(st.Card) {
			st.Card = r.Card
		}
	}
	for i := range shows {
		s := &shows[i]
		var segs []string
		for k := range bySeg {
			if k[0] == s.ID {
				segs = append(segs, k[1])
			}
		}
		if len(segs) == 0 && !noEntry[s.ID] {
			continue
		}
		draws, err := statementDraws(db, s, card, bySeg)
		if err != nil {
			return nil, err
		}
		if s.Rehearsal {
			st.Rehearsals = append(st.Rehearsals, draws...)
		} else {
			st.Official = append(st.Official, draws...)
		}
	}
	return st, nil
}

// statementDraws makes the statement's lines of one show: its segments
// whose entry files had the card, and those whose bonus entries passed
// the card over for want of an entry that day, in run-sheet order.
func statementDraws(db *store.DB, s *store.ShowRow, card string, bySeg map[[2]string][]store.CardRow) ([]StatementDraw, error) {
	// the statement reads the show as the engine's rules fold it
	eng, err := db.Fold(s.ID)
	if err != nil {
		return nil, err
	}
	sh, st := eng.Show, eng.State()
	opened := st.Opened
	key := show.CardKey(card) // each of the show's files may spell it its own way
	its := func(c string) bool { return show.CardKey(c) == key }
	// the show's exclusions list: a bin lists only the excluded cards its
	// other rules let as far as the list, and a self-excluded member is
	// excluded whatever else keeps them out
	excl, err := db.Exclusions(s.ID)
	if err != nil {
		return nil, err
	}
	excluded := show.NewCardSet(excl).Has(card)
	// the lists that hold the card are read again from disk only for a
	// draw that names them
	lists := sync.OnceValue(func() string {
		if l := st.Lists; l != nil && len(l.ExclusionLists) > 0 {
			return listsOf(sh, l, key)
		}
		return "the show's exclusions list"
	})
	var out []StatementDraw
	for i := range sh.Segments {
		seg := &sh.Segments[i]
		f := st.Seg(seg.ID)
		rows, rules, from := bySeg[[2]string{s.ID, seg.ID}], seg, ""
		switch {
		case seg.FromBin():
			// a wild-card draw's tickets are the rows of the month-end bin
			// its number chose, under that bin's rules
			if f.Frozen == nil || f.Frozen.From == "" {
				continue
			}
			if rows = bySeg[[2]string{s.ID, f.Frozen.From}]; len(rows) == 0 {
				continue
			}
			for j := range sh.Segments {
				if src := sh.Segments[j]; src.ID == f.Frozen.From {
					src.ID = seg.ID
					rules = &src
				}
			}
			from = "the entry file of " + f.Frozen.From
		case seg.Receipts() && len(seg.From) > 0:
			// a manual bin's or a Royal Flush's: the receipts of the card's wins
			var won []string
			for _, src := range sh.Sources(seg.From) {
				if sf := st.Seg(src.ID); sf != nil {
					for _, p := range sf.Picks {
						if its(p.Participant) && p.Outcome.Wins() {
							rows = append(rows, store.CardRow{Row: show.Row{Ticket: show.Receipt(src.ID, p.Ticket), Card: p.Participant}, Show: s.ID, Segment: seg.ID})
							won = append(won, src.ID)
						}
					}
				}
			}
			if len(won) > 0 {
				from = "the receipts of the card's wins in " + strings.Join(won, ", ")
			}
		}
		noEntry := f.Frozen != nil && show.NewCardSet(f.Frozen.NoEntry).Has(card)
		if len(rows) == 0 && !noEntry {
			continue
		}
		d := StatementDraw{
			ShowID: s.ID, Promotion: opened.Promotion, Property: opened.Property, Rehearsal: s.Rehearsal,
			Location: sh.Location, Segment: seg.ID, Title: seg.Title, Kind: seg.Kind, Floor: seg.Floor(), Scheduled: seg.At, Rows: len(rows), From: from,
			Currency: sh.Currency, Jackpot: seg.Jackpot,
		}
		if seg.FromBin() {
			if w := st.Seg(seg.Group); w != nil && w.Numbers != nil && seg.Bin <= len(w.Numbers.Numbers) {
				d.Numbers, d.Number = w.Numbers, w.Numbers.Numbers[seg.Bin-1]
			}
		}
		if f.Frozen == nil {
			out = append(out, d)
			continue
		}
		d.Frozen, d.FrozenAt, d.Fingerprint, d.BinTickets = true, f.FrozenAt, f.Frozen.Fingerprint, f.Frozen.TotalWeight
		if len(rows) == 0 {
			d.NotEligible = fmt.Sprintf("no entry in this draw that day, so its %d bonus-jackpot win(s) earned no bonus entry (a bonus entry needs a ticket printed that day)", winsOf(eng, seg, card))
			out = append(out, d)
			continue
		}
		d.Value, d.Settled = f.Frozen.Jackpot, f.Settled
		if err := d.weigh(rules, f.Frozen, rows, excluded, lists); err != nil {
			return nil, fmt.Errorf("show %s segment %s: %v", s.ID, seg.ID, err)
		}
		if f.Bin != nil {
			// the card's bonus entries are in the bin from the record, not
			// from its rows: counted beside them
			for _, e := range f.Bin.Entries {
				if show.IsEarned(e.Ticket) && its(e.Participant) {
					d.Bonus += e.Weight
					d.BonusWins++
				}
			}
			if d.Bonus > 0 {
				d.Tickets += d.Bonus
				d.NotEligible = ""
			}
		}
		if seg.FromBin() && strings.HasPrefix(d.NotEligible, "barred") {
			d.NotEligible = "barred (a finalist already, or an earlier winner: the wild card passes over them)"
		}
		for _, p := range f.Picks {
			if its(p.Participant) {
				d.Picked, d.Pick = true, p
				d.Outcome, d.Chosen = record.Status(&p), record.Chosen(seg, &p)
			}
		}
		out = append(out, d)
	}
	return out, nil
}

// weigh rebuilds the card's part of the frozen bin from its rows alone:
// the bin's rules (tiers, points, caps, a bonus jackpot's spend, devices
// and areas) act on each participant's rows apart, with the cards the
// freeze took out; excluded says the card is on the show's exclusions
// list, which lists names when asked.
func (d *StatementDraw) weigh(seg *show.Segment, f *show.Frozen, rows []store.CardRow, excluded bool, lists func() string) error {
	card := rows[0].Card
	ex, bar := excluded || show.NewCardSet(f.Excluded).Has(card), show.NewCardSet(f.Barred).Has(card)
	b := show.NewBinBuilder(seg, func(string) (bool, bool) { return ex, bar })
	for i := range rows {
		if err := rows[i].ReadStored(seg); err != nil {
			return err
		}
	}
	past := show.NewCardSet(f.PastWinners).Has(card)
	b.BarPast(map[string]bool{card: past})
	b.VisitsSince(f.Day)
	b.PrintedBy(f.PrintedUntil)
	for _, r := range rows {
		b.Add(r.Row)
	}
	bin, err := b.Bin()
	if err != nil {
		return err
	}
	d.Tickets = bin.Total
	if seg.Tickets == show.Points && seg.PointsPerTicket > 0 && seg.Fixed[rows[0].Tier] == 0 {
		d.Points = rows[0].Points
	}
	if seg.Tickets != show.Points {
		for _, e := range bin.Entries {
			d.TicketNos = append(d.TicketNos, e.Ticket)
		}
	}
	if bin.Total > 0 {
		return nil
	}
	last := rows[len(rows)-1].Row
	switch {
	case bin.Late == len(rows):
		d.NotEligible = "printed late (every ticket of the card printed after " + f.PrintedUntil + ", the last moment one could print for this draw)"
	case ex || len(bin.Excluded) > 0:
		d.NotEligible = "excluded (the card is on " + lists() + ")"
	case len(bin.Barred) > 0:
		d.NotEligible = "barred (the card had already won in this show: " + record.WinOnceWords(seg.WinOnce) + ")"
	case past:
		d.NotEligible = "barred (a winner of an earlier show of the campaign, whom this draw's exclude_winners keeps out)"
	case bin.OutOfTier == len(rows):
		d.NotEligible = fmt.Sprintf("out of tier (the card's tier, %s, may not enter this draw)", last.Tier)
	case bin.Filtered > 0:
		d.NotEligible = "not qualified (" + filteredWhy(seg, last, d.Currency) + ")"
	case bin.BelowSpend > 0 || bin.NoVisit > 0:
		d.NotEligible = "not eligible: " + seg.Qualify.Unqualified(last, f.Day, d.Currency)
	case bin.Zero > 0:
		d.NotEligible = "zero tickets (" + zeroWhy(seg, last) + ")"
	default:
		d.NotEligible = "no ticket in the bin"
	}
	return nil
}

// filteredWhy says which of a bonus jackpot's rules kept a row out.
func filteredWhy(seg *show.Segment, r show.Row, currency string) string {
	b := seg.Bonus
	switch {
	case b == nil: // no bonus jackpot: none of its rules
	case slices.Contains(b.NoDevices, r.Ticket):
		return "the device " + r.Ticket + " is excluded from bonusing"
	case slices.Contains(b.NoAreas, r.Area):
		return "the device's area, " + r.Area + ", is excluded from bonusing"
	case r.Spend < b.MinSpend[r.Tier]:
		return fmt.Sprintf("spend %s below the %s a %s needs", show.Money(currency, int64(r.Spend)), show.Money(currency, int64(b.MinSpend[r.Tier])), r.Tier)
	}
	return "the draw's rules keep the row out"
}

func zeroWhy(seg *show.Segment, r show.Row) string {
	if seg.PointsPerTicket > 0 && seg.Fixed[r.Tier] == 0 {
		return fmt.Sprintf("%s points, %d points per ticket", show.Thousands(r.Points), seg.PointsPerTicket)
	}
	return "no ticket for this tier"
}

// WriteText writes the statement as plain text for the desk to read out or
// print; dbName names the database searched.
func (st *Statement) WriteText(w io.Writer, dbName string) error {
	var b strings.Builder
	head := "Entry statement for card " + st.Card
	if st.Name != "" {
		head += ", " + st.Name
	}
	fmt.Fprintln(&b, head)
	fmt.Fprintf(&b, "Campaign database %s: %d show(s) searched.\n\n", dbName, st.Shows)
	fmt.Fprintln(&b, "OFFICIAL DRAWS")
	if len(st.Official) == 0 {
		fmt.Fprintln(&b, "  None: the card is in no entry file of an official show in this database.")
	}
	writeDraws(&b, st.Official)
	if len(st.Official) > 0 {
		var tickets uint64
		draws, wins := 0, 0
		for _, d := range st.Official {
			if d.Frozen {
				draws++
				tickets += d.Tickets
			}
			if d.Picked && d.Pick.Outcome.Wins() {
				wins++
			}
		}
		fmt.Fprintf(&b, "\n  In all: %s ticket(s) in %d official draw(s); %d prize(s) won.\n", show.Thousands(tickets), draws, wins)
	}
	if len(st.Rehearsals) > 0 {
		fmt.Fprintln(&b)
		fmt.Fprintln(&b, "REHEARSALS - not official results: training and testing only, never a prize")
		writeDraws(&b, st.Rehearsals)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func writeDraws(b *strings.Builder, ds []StatementDraw) {
	last := ""
	for _, d := range ds {
		if d.ShowID != last {
			last = d.ShowID
			mark := ""
			if d.Rehearsal {
				mark = "REHEARSAL "
			}
			fmt.Fprintf(b, "\n  %s%s, %s: show %s\n", mark, d.Promotion, d.Property, d.ShowID)
		}
		when := "not scheduled"
		if !d.Scheduled.IsZero() {
			when = "scheduled " + d.Scheduled.In(d.Location).Format("2006-01-02 15:04")
		}
		fmt.Fprintf(b, "    %s (%s), %s\n", d.Title, d.Segment, when)
		if d.From != "" {
			fmt.Fprintf(b, "      From:        %s\n", d.From)
		}
		if d.Numbers != nil {
			how := "drawn electronically"
			if d.Numbers.By == "host" {
				how = "typed by " + d.Numbers.Name + " from a physical draw"
			}
			fmt.Fprintf(b, "      Wild card:   this bin chosen by number %d of the numbers %s, %s\n", d.Number, joinInts(d.Numbers.Numbers), how)
		}
		if !d.Frozen {
			fmt.Fprintf(b, "      Tickets:     not known yet: the entry file is loaded (%d row(s) with the card) but the draw has not started\n", d.Rows)
			continue
		}
		if d.NotEligible != "" {
			fmt.Fprintf(b, "      Tickets:     not eligible: %s; %d row(s) in the entry file\n", d.NotEligible, d.Rows)
		} else {
			line := fmt.Sprintf("%s of %s in the draw", show.Thousands(d.Tickets), show.Thousands(d.BinTickets))
			if d.Bonus > 0 {
				line += fmt.Sprintf(" (%s from the entry file and %s bonus entries for %d bonus-jackpot win(s))", show.Thousands(d.Tickets-d.Bonus), show.Thousands(d.Bonus), d.BonusWins)
			}
			if d.Points > 0 {
				line += fmt.Sprintf(" (from %s points)", show.Thousands(d.Points))
			}
			if n := len(d.TicketNos); n > 0 {
				shown := d.TicketNos[:min(n, 20)]
				what := "ticket numbers "
				if d.Floor {
					what = map[bool]string{true: "device ", false: "devices "}[n == 1]
				}
				line += " (" + what + strings.Join(shown, ", ")
				if n > len(shown) {
					line += fmt.Sprintf(" and %d more", n-len(shown))
				}
				line += ")"
			}
			if uint64(d.Rows) != d.Tickets && len(d.TicketNos) > 0 {
				line += fmt.Sprintf("; %d row(s) in the entry file, the rest over the cap", d.Rows)
			}
			fmt.Fprintf(b, "      Tickets:     %s\n", line)
		}
		fmt.Fprintf(b, "      Fingerprint: %s (bin frozen %s)\n", d.Fingerprint, d.FrozenAt.In(d.Location).Format(record.LocalLayout))
		if d.Picked {
			p := d.Pick
			ticket := "ticket"
			if d.Floor {
				ticket = "device"
			}
			fmt.Fprintf(b, "      Result:      picked as pick %d at %s, %s %s: %s", p.K+1, p.DrawnAt.In(d.Location).Format(time.TimeOnly), ticket, p.Ticket, d.Outcome)
			if pz := p.Won(); pz != "" && p.Outcome.Wins() {
				fmt.Fprintf(b, "; prize %s", pz)
			}
			if d.Chosen != "" {
				fmt.Fprintf(b, " (%s)", d.Chosen)
			}
			fmt.Fprintln(b)
		} else {
			fmt.Fprintln(b, "      Result:      not picked")
		}
		if d.Jackpot != nil {
			money := func(v int64) string { return show.Money(d.Currency, v) }
			line := fmt.Sprintf("%s this week (jackpot %s)", money(d.Value), d.Jackpot.Name)
			switch st := d.Settled; {
			case st == nil:
				line += "; not settled yet"
			case st.Won:
				line += fmt.Sprintf("; won, back to %s next week", money(st.Next))
			default:
				line += fmt.Sprintf("; not won, %s next week", money(st.Next))
			}
			fmt.Fprintf(b, "      Jackpot:     %s\n", line)
		}
	}
}

func joinInts(ns []int) string {
	ss := make([]string, len(ns))
	for i, n := range ns {
		ss[i] = fmt.Sprint(n)
	}
	return strings.Join(ss, ", ")
}

// winsOf counts the card's wins that seg's bonus_entries take: the
// campaign's earlier shows' and the show's own.
func winsOf(eng *show.Engine, seg *show.Segment, card string) int {
	be, st := seg.BonusEntries, eng.State()
	n := 0
	for _, w := range eng.Campaign() {
		if show.CardKey(w.Participant) == show.CardKey(card) && be.Counts([]show.PastWin{w}) != nil {
			n++
		}
	}
	for _, o := range st.Segs {
		if o.Frozen == nil || o.Seg == seg || !slices.Contains(be.From, o.Seg.ID) && (o.Seg.Group == "" || !slices.Contains(be.From, o.Seg.Group)) {
			continue
		}
		for _, p := range o.Picks {
			if p.Outcome.Wins() && show.CardKey(p.Participant) == show.CardKey(card) {
				n++
			}
		}
	}
	return n
}

// listsOf names the exclusions lists of a show that hold the card of key,
// read again from where the show read them; a list no longer there as
// the record read it (its SHA-256) is named as not looked in.
func listsOf(sh *show.Show, l *show.Lists, key string) string {
	var on, unread []string
	for _, lf := range l.ExclusionLists {
		i := slices.IndexFunc(sh.Exclusions, func(p string) bool { return sh.Rel(p) == lf.File })
		if i < 0 {
			unread = append(unread, lf.File)
			continue
		}
		cards, sum, err := entries.ExclusionCards(sh, sh.Exclusions[i])
		if err != nil || sum != lf.SHA256 {
			unread = append(unread, lf.File)
			continue
		}
		if slices.ContainsFunc(cards, func(c string) bool { return show.CardKey(c) == key }) {
			on = append(on, lf.File)
		}
	}
	out := "one of the show's exclusions lists: " + strings.Join(l.ExclusionFiles(), ", ")
	switch len(on) {
	case 0:
	case 1:
		out = "the show's exclusions list " + on[0]
	default:
		out = "the show's exclusions lists " + strings.Join(on[:len(on)-1], ", ") + " and " + on[len(on)-1]
	}
	if len(unread) > 0 {
		out += " (" + strings.Join(unread, ", ") + " not looked in: not where the show read it, or changed since)"
	}
	return out
}
