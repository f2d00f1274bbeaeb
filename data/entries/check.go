package entries

import (
	"encoding/binary"
	"fmt"
	"hash/maphash"
	"slices"
	"strings"
	"time"

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
	// Warnings are what may be a mistake without being an error: an
	// excluded device or area that no row has (a misspelling keeps nothing
	// out), finalists files whose properties differ in number.
	Warnings []string
}

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
func Check(seg *show.Segment, excluded map[string]bool) (*SegmentCheck, error) {
	return CheckPast(seg, excluded, nil)
}

// CheckPast is Check with the winners of earlier shows that the segment's
// exclude_winners bars (check --db).
func CheckPast(seg *show.Segment, excluded, past map[string]bool) (*SegmentCheck, error) {
	return CheckCards(seg, excluded, past, nil)
}

// CheckCards is CheckPast that calls each with every card of the file,
// once a card, as the bin is built: check matches the lists to them.
func CheckCards(seg *show.Segment, excluded, past map[string]bool, each func(card string)) (*SegmentCheck, error) {
	if seg.Entries == "" {
		return &SegmentCheck{Bin: &show.Bin{}, Made: true}, nil
	}
	// The file is read twice, so that the key log of the first read and
	// the bin of the second are not held at once (2 000 000 rows: 40 and
	// 120 MB): first every check, duplicates included, holding no row;
	// then the bin, of the rows now known, which must be the same rows.
	need, cols := NeedOf(seg), Columns(seg.Columns)
	seed := maphash.MakeSeed()
	first := newRowDigest(seed)
	st, err := Read(seg.Entries, seg.Sheet, cols, need, first.add)
	if err != nil {
		return nil, err
	}
	if betweenReads != nil {
		betweenReads()
	}
	t, err := openTable(seg.Entries, seg.Sheet)
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
	b.Grow(first.rows)
	// The bin keeps each row's ticket and card: copies of their own, each
	// card once, rather than the strings the reader gives, which hold on
	// to the whole row (60 bytes and more a row, 120 MB of 2 000 000).
	cards := map[string]string{}
	var props, areas counter
	devices := map[string]bool{}
	second := newRowDigest(seed)
	_, err = readRows(t, cols, need, false, func(r Row) error {
		second.add(r)
		card, ok := cards[r.Card]
		if !ok {
			card = strings.Clone(r.Card)
			cards[card] = card
			if each != nil {
				each(card)
			}
		}
		r.Card = card
		if r.Ticket != "" {
			r.Ticket = strings.Clone(r.Ticket)
		}
		b.Add(r.Row)
		if need.Property != Ignore {
			props.add(r.Property)
		}
		if need.Area != Ignore {
			areas.add(r.Area)
			devices[r.Ticket] = true
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if second.rows != first.rows || second.h.Sum64() != first.h.Sum64() {
		return nil, fmt.Errorf("%s: the file changed while check read it: check it again once it is saved", seg.Entries)
	}
	people := len(cards) // and cards is garbage before the bin is sorted and numbered
	bin, err := b.Bin()
	if err != nil {
		return nil, fmt.Errorf("%s: %v", seg.Entries, err)
	}
	c := &SegmentCheck{Bin: bin, People: people, Dropped: st.Dropped}
	if slices.ContainsFunc(props.counts, func(n Count) bool { return n.Name != "" }) {
		c.Properties = props.counts
		if n := props.counts; slices.ContainsFunc(n, func(x Count) bool { return x.N != n[0].N }) {
			c.Warnings = append(c.Warnings, fmt.Sprintf("the properties have different numbers of finalists (%s)", props.String()))
		}
	}
	if seg.Floor() {
		c.Areas = areas.counts
		for _, d := range seg.NoDevices {
			if !devices[d] {
				c.Warnings = append(c.Warnings, fmt.Sprintf("excluded device %q is on no row of the list: it keeps nothing out (is it spelt as the list spells it?)", d))
			}
		}
		for _, a := range seg.NoAreas {
			if !areas.has(a) {
				c.Warnings = append(c.Warnings, fmt.Sprintf("excluded area %q is on no row of the list: it keeps nothing out (the areas are %s)", a, areas.String()))
			}
		}
	}
	return c, nil
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
		PastWinners: b.PastWinners, BelowSpend: b.BelowSpend, NoVisit: b.NoVisit}
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

// betweenReads, when set, runs between Check's two reads of a file: a
// test changes the file there.
var betweenReads func()

// rowDigest hashes the rows of an entry file, as the bin and check read
// them, in order: two reads that give the same digest read the same rows.
type rowDigest struct {
	h    maphash.Hash
	rows int
}

func newRowDigest(seed maphash.Seed) *rowDigest {
	d := &rowDigest{}
	d.h.SetSeed(seed)
	return d
}

func (d *rowDigest) add(r Row) error {
	d.rows++
	var n [8 * 5]byte
	binary.LittleEndian.PutUint64(n[0:], uint64(r.Line))
	binary.LittleEndian.PutUint64(n[8:], uint64(r.Tier))
	binary.LittleEndian.PutUint64(n[16:], r.Points)
	binary.LittleEndian.PutUint64(n[24:], r.Spend)
	d.h.Write(n[:32])
	for _, s := range []string{r.Ticket, r.Card, r.Area, r.Property} {
		binary.LittleEndian.PutUint64(n[32:], uint64(len(s)))
		d.h.Write(n[32:])
		d.h.WriteString(s)
	}
	return nil
}
