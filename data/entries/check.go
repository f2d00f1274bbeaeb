package entries

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"drawshow/data/internal/pdfpage"
	"drawshow/show"
)

// SegmentCheck is what check learns of a segment's entry file.
type SegmentCheck struct {
	Bin    *show.Bin
	People int  // distinct cards in the file
	Made   bool // no entry file: the bin is made at the show from earlier results
	// Properties counts a finalists file's rows by property, in file order
	// ("" for rows without one); nil when the file has no property column.
	Properties []Count
	// Areas counts a bonus list's rows by area, in file order.
	Areas []Count
	// Dropped are the summary rows the entry file ends on (a TOTAL, a
	// count), which are not entries.
	Dropped []Dropped
	// Unprintable are the first rows (MaxUnprintable) whose name has a
	// character that no font of the PDFs has, and UnprintableRows all of
	// them: the report and the letters print the rest of the name.
	Unprintable     []Unprintable
	UnprintableRows int
	// Warnings are what may be a mistake without being an error: an
	// excluded device or area that no row has (a misspelling keeps nothing
	// out), finalists files whose properties differ in number.
	Warnings []string
}

// Unprintable is a name the PDFs cannot print in full: its row and
// column, the name, and the characters no font of theirs has.
type Unprintable struct {
	Row           int
	Column, Value string
	Chars         string
}

// MaxUnprintable is the most rows with a name the PDFs cannot print in
// full that check names; it counts the others.
const MaxUnprintable = 10

// Count is how many rows have one value.
type Count struct {
	Name string
	N    int
}

// Check reads seg's entry file as an import would and builds the bin it
// would freeze now with these exclusions, with what the finale kinds add:
// the finalists by property, a bonus list's devices by area, and warnings.
// Win-once bars are left out: they depend on the night's winners. A
// segment with no entry file of its own (a manual bin, a wild card and its
// draws, a Royal Flush of earlier winners) gives an empty bin: its bin is
// made at the show.
func Check(seg *show.Segment, excluded map[string]bool, opts ...Option) (*SegmentCheck, error) {
	return CheckPast(seg, excluded, nil, opts...)
}

// CheckPast is Check with the winners of earlier shows that the segment's
// exclude_winners bars (check --db).
func CheckPast(seg *show.Segment, excluded, past map[string]bool, opts ...Option) (*SegmentCheck, error) {
	return checkFile(seg, excluded, past, nil, true, optionsOf(opts))
}

// CheckCards is CheckPast that calls each with every card of the file,
// once a card, as the bin is built (check matches the lists to them; the
// string holds on to its row), and that keeps of the bin its figures
// only, as DropEntries leaves them: a file of 5 000 000 rows is checked
// in about 40 bytes a row (the tally's entry, and the log of its card
// from which the cards are numbered once the file is read), where its
// entries would take 50 more.
func CheckCards(seg *show.Segment, excluded, past map[string]bool, each func(card string), opts ...Option) (*SegmentCheck, error) {
	return checkFile(seg, excluded, past, each, false, optionsOf(opts))
}

// checkFile is CheckCards, keeping the bin's entries when entries is set,
// reading as o says.
//
// The file is read once, and the bin built as its rows are: when a row
// has a problem the bin is thrown away, as an import rolls back. Without
// the entries, the tally's sort finds a ticket twice, where an import
// logs every ticket and sorts them again (0.3 s of 5 000 000 rows); a
// file with a problem is read a second time, as an import reads it, to
// list every problem with its rows.
func checkFile(seg *show.Segment, excluded, past map[string]bool, each func(card string), entries bool, o options) (*SegmentCheck, error) {
	c, err := checkRead(seg, excluded, past, each, entries, entries, o)
	var twice *show.TwiceError
	var fe *FileError
	if !entries && (errors.As(err, &twice) || errors.As(err, &fe) || errors.Is(err, errTwins)) {
		return checkRead(seg, excluded, past, each, false, true, o)
	}
	return c, err
}

// checkRead is checkFile's read of the file, which looks for rows that
// give a ticket twice when twice is set.
func checkRead(seg *show.Segment, excluded, past map[string]bool, each func(card string), entries, twice bool, o options) (*SegmentCheck, error) {
	if seg.Entries == "" {
		return &SegmentCheck{Bin: &show.Bin{}, Made: true}, nil
	}
	need, cols := NeedOf(seg), Columns(seg.Columns)
	t, err := openTable(seg.Entries, seg.Sheet, o)
	if err != nil {
		return nil, err
	}
	defer t.Close()
	listed := show.KeySet(excluded) // matched as the freeze matches them
	b := show.NewBinBuilder(seg, func(card string) (bool, bool) { return listed.Has(card), false })
	b.BarPast(past)
	day := time.Now()
	if !seg.At.IsZero() {
		day = seg.At
	}
	b.VisitsSince(day.Format(time.DateOnly))
	b.PrintedBy(seg.PrintCutoff(day.Format(time.DateOnly), day, day.Location())) // "draw": its scheduled time
	ids := newCardIDs()
	// The bin keeps each row's ticket and card: copies of their own, each
	// card once, rather than the strings the reader gives, which hold on
	// to the whole row (60 bytes and more a row, 120 MB of 2 000 000).
	// Its figures alone need the cards' numbers, no string at all.
	var cards []string // by number, when the entries are kept
	var tally *show.Tally
	if !entries {
		tally = b.Tally(ids.appendCard, ids.warmCards)
	}
	// The first read numbers the cards after it (numberLater): a row is
	// added to the tally under its place, and the cards are counted,
	// measured and given to each once they are numbered.
	later := tally != nil && !twice
	if later {
		ids.numberLater()
	}
	var seen []uint64 // the cards given to each, by number: a bit each
	people := 0
	facts := rowFacts{need: need, devices: map[string]bool{}}
	var lengths cardLengths
	rows := 0
	st, err := readRows(t, cols, need, ids, twice, func(r Row, id int32) error {
		if rows++; reserveAt(rows) > 0 {
			n := min(t.EstimateRows(rows)*21/20, reserveAt(rows))
			if tally != nil {
				tally.Grow(max(n-rows, 0))
			} else {
				b.Grow(max(n-rows, 0))
			}
		}
		switch {
		case later:
			lengths.see(r.Card, r.Line)
		case !setBit(&seen, id):
			people++
			lengths.add(r.Card, r.Line)
			if each != nil {
				each(r.Card)
			}
		}
		facts.see(&r)
		if tally != nil {
			tally.Add(r.Row, id)
			return nil
		}
		if int(id) >= len(cards) {
			cards = append(cards, make([]string, int(id)+1-len(cards))...)
		}
		if cards[id] == "" {
			cards[id] = strings.Clone(r.Card)
		}
		r.Card = cards[id]
		if r.Ticket != "" {
			r.Ticket = strings.Clone(r.Ticket)
		}
		b.Add(r.Row)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if later {
		if people, err = settle(ids, tally, &lengths, each); err != nil {
			return nil, err
		}
	}
	var bin *show.Bin
	if tally != nil {
		bin, err = tally.Bin()
	} else {
		b.Fit()
		bin, err = b.Bin()
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", seg.Entries, err)
	}
	c := &SegmentCheck{Bin: bin, People: people, Dropped: st.Dropped}
	facts.tell(c, seg, st.NameColumn, lengths.warning())
	return c, nil
}

// rowFacts are what check tells of a file's rows beside its bin: the
// names the PDFs cannot print, the finalists by property, the players by
// area and the devices they play.
type rowFacts struct {
	need            Need
	unprintable     []Unprintable
	unprintableRows int
	props, areas    counter
	devices         map[string]bool
}

// see notes the row r.
func (f *rowFacts) see(r *Row) {
	if u := pdfpage.Unprintable(r.Name); u != "" {
		if f.unprintableRows++; len(f.unprintable) < MaxUnprintable {
			f.unprintable = append(f.unprintable, Unprintable{Row: r.Line, Value: strings.Clone(r.Name), Chars: u})
		}
	}
	if f.need.Property != Ignore {
		f.props.add(r.Property)
	}
	if f.need.Area != Ignore {
		f.areas.add(r.Area)
		if !f.devices[r.Ticket] {
			f.devices[strings.Clone(r.Ticket)] = true
		}
	}
}

// tell puts what the rows told into c: the names that will not print
// (in the column nameColumn), the properties and areas, and warnings,
// the cards' lengths' (lengths, if any) among them.
func (f *rowFacts) tell(c *SegmentCheck, seg *show.Segment, nameColumn, lengths string) {
	c.Unprintable, c.UnprintableRows = f.unprintable, f.unprintableRows
	for i := range c.Unprintable {
		c.Unprintable[i].Column = nameColumn
	}
	if slices.ContainsFunc(f.props.counts, func(n Count) bool { return n.Name != "" }) {
		c.Properties = f.props.counts
		if n := f.props.counts; slices.ContainsFunc(n, func(x Count) bool { return x.N != n[0].N }) {
			c.Warnings = append(c.Warnings, fmt.Sprintf("the properties have different numbers of finalists (%s)", f.props.String()))
		}
	}
	if lengths != "" {
		c.Warnings = append(c.Warnings, lengths)
	}
	if seg.Floor() {
		c.Areas = f.areas.counts
	}
	if b := seg.Bonus; b != nil && seg.Floor() {
		for _, d := range b.NoDevices {
			if !f.devices[d] {
				c.Warnings = append(c.Warnings, fmt.Sprintf("excluded device %q is on no row of the list: it keeps nothing out (is it spelt as the list spells it?)", d))
			}
		}
		for _, a := range b.NoAreas {
			if !f.areas.has(a) {
				c.Warnings = append(c.Warnings, fmt.Sprintf("excluded area %q is on no row of the list: it keeps nothing out (the areas are %s)", a, f.areas.String()))
			}
		}
	}
}

// settle numbers the cards of ids, logged by the read, and renumbers the
// tally's rows (see numberLater); it counts the cards by length, gives
// each to each, and returns how many there are.
func settle(ids *cardIDs, tally *show.Tally, lengths *cardLengths, each func(card string)) (int, error) {
	number, err := ids.settle()
	if err != nil {
		return 0, err
	}
	tally.Renumber(number)
	var buf []byte
	for id := range int32(ids.n()) {
		if n, digits := ids.cardLen(id); digits && n <= show.MaxCardLength {
			lengths.n[n]++
		}
		if each != nil {
			buf = ids.appendCard(buf[:0], id)
			each(string(buf))
		}
	}
	return ids.n(), nil
}

// setBit sets bit i of *s, and reports whether it was set already.
func setBit(s *[]uint64, i int32) bool {
	if int(i/64) >= len(*s) {
		*s = append(*s, make([]uint64, int(i/64)+1-len(*s))...)
	}
	w, m := &(*s)[i/64], uint64(1)<<(i%64)
	was := *w&m != 0
	*w |= m
	return was
}

// DropEntries keeps of c's bin its figures only (rows, participants,
// tickets, fingerprint and what was taken out), not its entries: a show
// whose segments each have a bin of 2 000 000 entries is checked in the
// memory of one. A nil c is left as it is.
func (c *SegmentCheck) DropEntries() {
	if c == nil || c.Bin == nil {
		return
	}
	b := c.Bin
	c.Bin = &show.Bin{Fingerprint: b.Fingerprint, Total: b.Total, Rows: b.Rows, Participants: b.Participants,
		Excluded: b.Excluded, Barred: b.Barred, OutOfTier: b.OutOfTier, Capped: b.Capped, Zero: b.Zero, Filtered: b.Filtered,
		PastWinners: b.PastWinners, BelowSpend: b.BelowSpend, NoVisit: b.NoVisit, Late: b.Late}
}

// cardLengths counts the cards of digits alone by their length, with the
// first row of each: a card column Excel kept as numbers has lost the
// leading zeros of some cards, which are then shorter than the others.
type cardLengths struct {
	n     [show.MaxCardLength + 1]int // by length; a card of more digits is not counted
	first [show.MaxCardLength + 1]cardAt
}

type cardAt struct {
	card string
	row  int
}

func (l *cardLengths) add(card string, row int) {
	if len(card) > show.MaxCardLength || !show.Digits(card) {
		return
	}
	l.n[len(card)]++
	l.see(card, row)
}

// see notes card, on row, as the first of its length when it is: a card
// first seen on a later row is not.
func (l *cardLengths) see(card string, row int) {
	if n := len(card); n <= show.MaxCardLength && l.first[n].row == 0 && show.Digits(card) {
		l.first[n] = cardAt{strings.Clone(card), row}
	}
}

// warning says when most cards have one length and some have fewer
// digits: their leading zeros dropped ("" when none).
func (l *cardLengths) warning() string {
	all, most, at := 0, 0, 0
	for k, n := range l.n {
		all += n
		if n > most {
			most, at = n, k
		}
	}
	if most*2 <= all {
		return ""
	}
	short, shortest := 0, at
	for k, n := range l.n {
		if k < at && n > 0 {
			short += n
			shortest = min(shortest, k)
		}
	}
	if short == 0 {
		return ""
	}
	f := l.first[shortest]
	return fmt.Sprintf("%d card(s) have fewer digits than the file's %d-digit cards (%s on row %d): a card column kept as numbers drops their leading zeros, and the record, the exports and the desk would have them so; format the column as Text in Excel and export again, or check them",
		short, at, f.card, f.row)
}

// counter counts values in the order first seen.
type counter struct {
	counts []Count
	at     map[string]int
}

func (c *counter) add(v string) {
	if c.at == nil {
		c.at = map[string]int{}
	}
	i, ok := c.at[v]
	if !ok {
		i = len(c.counts)
		c.at[v] = i
		c.counts = append(c.counts, Count{Name: strings.Clone(v)})
	}
	c.counts[i].N++
}

func (c *counter) has(v string) bool { _, ok := c.at[v]; return ok }

func (c *counter) String() string { return FormatCounts(c.counts) }

// FormatCounts writes counted values: "Montecasino 5, Gold Reef City 5",
// "(none)" for rows without a value.
func FormatCounts(cs []Count) string {
	parts := make([]string, len(cs))
	for i, n := range cs {
		name := n.Name
		if name == "" {
			name = "(none)"
		}
		parts[i] = fmt.Sprintf("%s %d", name, n.N)
	}
	return strings.Join(parts, ", ")
}
