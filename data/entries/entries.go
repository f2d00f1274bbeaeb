package entries

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/maphash"
	"iter"
	"math"
	"os"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"drawshow/data/internal/sheet"
	"drawshow/show"
	"drawshow/show/radix"
)

// Columns names the headers of an entry file, as the show file's columns:
// key does. An empty field means the column is found by its usual headers.
// Its fields match show.Columns, so Columns(seg.Columns) converts.
type Columns struct {
	Ticket, Card, Name, Tier, Points, Area, Spend, Property, Device, Visit, Printed string
	// Spends are qualify any's second and later spend columns: each is
	// read when named, and kept among the row's other columns too.
	Spends [show.MaxSpends - 1]string
}

// Need says which columns an entry file must have, and which of the finale
// kinds' columns to read. The card column is always required.
type Need struct {
	Ticket, Tier, Points bool
	// One: each row is a finalist (tickets: one), named: a card is on one
	// row, and the name column and every name are required.
	One bool
	// Device: the ticket is the device (or table seat) an active player is
	// at, as a bonus-jackpot list gives it; device headers find it too.
	Device bool
	// Area, Spend and Property are read only when asked for: other entry
	// files keep such columns among their extra columns, as they always did.
	Area, Spend, Property Use
	// Visit is a member's last visit, for a draw's qualify last_visit:
	// Required asks for the column; an empty cell is no visit on record.
	Visit Use
	// Printed asks for when each ticket printed, a date and a time, for
	// a draw's printed_until: the column is kept among the row's other
	// columns, where the record keeps it.
	Printed bool
	// CardLength is the digits of the casino's cards (the show file's
	// card_length): a card of digits alone given shorter has its leading
	// zeros put back; 0 reads cards as written.
	CardLength int
	// HeaderRow is the header's row (the show file's header_row); 0 finds
	// it (see findColumns).
	HeaderRow int
	// DateFormat is how the file writes a date it has not year-first (the
	// show file's date_format, one of show.DateFormats); "" when not
	// declared. See parseVisit.
	DateFormat string
}

// Use is whether a reader looks for a column, and whether it must be there.
type Use uint8

// How a column is used.
const (
	Ignore   Use = iota // not looked for: an extra column if present
	Optional            // read when present; an empty cell is allowed
	Required            // must be present, and no cell may be empty
)

// Row is one valid row of an entry file.
type Row struct {
	Line int // row number in the file, as a spreadsheet shows it
	show.Row
	Name  string
	Extra map[string]string // the file's other headed columns by header; nil when there are none
}

// Stats describes an entry file that Read has read.
type Stats struct {
	Rows   int    // non-blank rows below the header, but those dropped
	SHA256 string // of the file's bytes, in hex: those the rows were read from
	// Dropped are the summary rows the file ends on (see Read), which are
	// not entries: check names each.
	Dropped []Dropped
	// NameColumn is the header of the names' column; "" without one.
	NameColumn string
}

// Dropped is a summary row at the end of an entry file: its row, and its
// card cell or, when that is empty, its first cell that is not.
type Dropped struct {
	Row   int
	Value string
}

// maxDropped is the most summary rows a file may end on: more rows with
// no card below the last entry are entries whose cards are missing.
const maxDropped = 10

// msgNoEntries is the problem of an entry file with a header and no rows,
// which Read reports as a *FileError naming the file.
const msgNoEntries = "no entries: the file has a header and no rows"

// The problems found in a file: the sheet reader's, which every reader
// of the package reports.
type (
	CellError = sheet.CellError
	FileError = sheet.FileError
)

// The limits on what a file's rows may hold (see the sheet reader, which
// holds every file to them).
const (
	MaxName  = sheet.MaxName  // characters of a name (and of an area, a property)
	MaxField = sheet.MaxField // bytes of any cell
	MaxLine  = sheet.MaxLine  // bytes of a row, quoted line breaks and all
)

// tableReader is a sheet being read, and who is told how far its read
// has come (nil: nobody asks).
type tableReader struct {
	*sheet.Reader
	progressFn func(Progress)
}

// An Option changes how a reader of this package reads its files.
type Option func(*options)

// options are what a reader's Options set.
type options struct {
	open sheet.Opener // nil: os.Open
}

// OpenWith has a reader open each file it reads with open rather than
// os.Open. A test's opener serves each open different bytes, as a FIFO
// or a file saved between two reads can, and counts the opens; what it
// opens must still be a regular file.
func OpenWith(open func(path string) (*os.File, error)) Option {
	return func(o *options) { o.open = open }
}

// optionsOf gathers opts.
func optionsOf(opts []Option) options {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	return o
}

// openTable opens a sheet of path (see sheet.Open) as o says.
func openTable(path, name string, o options) (*tableReader, error) {
	r, err := sheet.OpenWith(path, name, o.open)
	if err != nil {
		return nil, err
	}
	return &tableReader{Reader: r}, nil
}

// takeErr adds the problems in the error that stopped t to fe, or returns
// that error when it is not about the rows.
func takeErr(t *tableReader, fe *FileError) error {
	var tfe *FileError
	if err := t.Err(); err != nil && !errors.As(err, &tfe) {
		return err
	}
	if tfe != nil {
		for _, c := range tfe.Errs {
			fe.Add(c)
		}
		fe.Total += tfe.Total - len(tfe.Errs)
	}
	return nil
}

// finish is takeErr, then fe if it holds a problem.
func finish(t *tableReader, fe *FileError) error {
	if err := takeErr(t, fe); err != nil {
		return err
	}
	if fe.Total > 0 {
		return fe
	}
	return nil
}

// Usual headers of the columns, in the form normHeader gives.
var (
	ticketHeaders = []string{"ticket", "ticket no", "ticket number", "ticket id", "receipt", "receipt no"}
	cardHeaders   = []string{"card", "card no", "card number", "rewards card", "member", "member no", "member number", "membership number"}
	nameHeaders   = []string{"name", "full name", "player name", "member name", "patron name", "guest name"}
	tierHeaders   = []string{"tier", "card tier", "level", "rewards tier"}
	pointsHeaders = []string{"points", "pts", "point balance"}
	spendHeaders  = []string{"spend", "total spend", "qualifying spend"}
	visitHeaders  = []string{"last visit", "last visit date", "last played", "last activity", "visit"}
	printHeaders  = []string{"printed", "printed at", "printed on", "print time", "print date", "time printed", "date printed", "issued", "issued at", "ticket time"}
	propHeaders   = []string{"property", "casino", "unit", "site"}
	deviceHeaders = []string{"device", "device id", "machine", "machine no", "asset", "asset no", "table", "position"}
)

// Read reads an entry file: CSV (.csv, .txt) or XLSX (.xlsx, the
// named sheet or else the first), whose first non-blank row is the header.
//
// cols names the headers to use; where a field is empty the column is found
// by its usual headers, compared ignoring case and treating runs of spaces,
// underscores, dots and dashes as one space:
//
//	ticket: Ticket, Ticket No, Ticket Number, Ticket ID, Receipt, Receipt No
//	card:   Card, Card No, Card Number, Rewards Card, Member, Member No,
//	        Member Number, Membership Number
//	name:   Name, Full Name, Player Name, Member Name, Patron Name, Guest Name
//	tier:   Tier, Card Tier, Level, Rewards Tier
//	points: Points, Pts, Point Balance
//
// and, only when need asks for them (or cols names them):
//
//	area:     Area, Floor, Zone, Section
//	spend:    Spend, Total Spend, Qualifying Spend
//	property: Property, Casino, Unit, Site
//
// With need.Device the ticket is the device an active player is at, found
// also by the headers Device, Device ID, Machine, Machine No, Asset,
// Asset No, Table and Position (cols.Device names it).
//
// The card column, the columns need asks for and those cols names must be
// present. Every row must have a card and, when need.Ticket, a ticket (or
// device) that no other row has; without need.Ticket (one row per
// participant) no card may appear twice instead. With need.One every row
// needs a name. A tier must be one show.ParseTier knows, and points and spend
// non-negative whole numbers (see parsePoints); each may be empty unless need
// asks for it. Cells are trimmed of surrounding white space and blank rows
// are skipped. Cards are read as NormCard gives them and tickets as
// NormTicket does, so that a look-alike spelling is the same card (or is
// refused); duplicates are found among what they give. A name, an area or a
// property holding a control character or a bidirectional control is an
// error.
//
// Read calls fn with each row that passes these checks, in file
// order, as the file streams. Row's strings may be kept, though each
// holds on to its whole row; Extra is a new map each time and leaves out
// columns without a header. Once a problem is found fn is no longer called, but
// reading goes on to find the others, and the result is a *FileError listing
// them. Duplicates are only known when the whole file has been read, so when
// Read returns an error fn may already have had rows of the file,
// duplicates included: a caller that stores the rows should do so in a
// transaction and roll it back on any error. If fn returns an error,
// Read stops and returns it.
//
// Stats.Rows counts the non-blank rows below the header, passed or not.
// A file with a header and no rows is an error, msgNoEntries naming the
// file: a bin with no one in it is a mistake in the export, never a draw.
func Read(path, sheet string, cols Columns, need Need, fn func(Row) error, opts ...Option) (Stats, error) {
	return ReadProgress(path, sheet, cols, need, fn, nil, opts...)
}

// Progress is how far a long read has come: the rows read, and the
// bytes of the file read and in all (zeros where the format cannot say,
// a workbook's). Finished says the import is over.
type Progress struct {
	Rows       int
	Read, Size int64
	Finished   bool
}

// Fraction is the part of the file read, 0 when it cannot be told.
func (p Progress) Fraction() float64 {
	if p.Size <= 0 {
		return 0
	}
	return min(1, float64(p.Read)/float64(p.Size))
}

// progressRows is how often a read reports its progress, in rows: about
// a tenth of a second of reading.
const progressRows = 1 << 16

// ReadProgress is Read, telling progress how far it has come every
// progressRows rows (nil: never).
func ReadProgress(path, sheet string, cols Columns, need Need, fn func(Row) error, progress func(Progress), opts ...Option) (Stats, error) {
	t, err := openTable(path, sheet, optionsOf(opts))
	if err != nil {
		return Stats{}, err
	}
	defer t.Close()
	t.progressFn = progress
	return entriesOf(t, cols, need, fn)
}

// entriesOf is Read of an open table.
func entriesOf(t *tableReader, cols Columns, need Need, fn func(Row) error) (Stats, error) {
	return readRows(t, cols, need, newCardIDs(), true, func(r Row, _ int32) error { return fn(r) })
}

// The columns readRows looks for, by their place in entryColumns.
const (
	iTicket = iota
	iCard
	iName
	iTier
	iPoints
	iArea
	iSpend
	iProperty
	iVisit
	iPrinted
	iSpends // and on, a column for each of cols.Spends
)

// entryColumns are the columns an entry file is read by, in the order
// of the i constants: the ticket (a device, for a floor's list), the
// card and the rest, each required or optional as need says.
func entryColumns(cols Columns, need Need) []column {
	ticket := column{role: "ticket", key: "ticket", name: cols.Ticket, aliases: ticketHeaders, need: need.Ticket}
	if need.Device {
		ticket = column{role: "device", key: "device", name: cols.Device, aliases: append(slices.Clip(deviceHeaders), ticketHeaders...), need: need.Ticket}
		if cols.Device == "" && cols.Ticket != "" {
			ticket.key, ticket.name = "ticket", cols.Ticket
		}
	}
	cs := []column{
		iTicket:   ticket,
		iCard:     {role: "card", key: "card", name: cols.Card, aliases: cardHeaders, need: true},
		iName:     {role: "name", key: "name", name: cols.Name, aliases: nameHeaders, need: need.One},
		iTier:     {role: "tier", key: "tier", name: cols.Tier, aliases: tierHeaders, need: need.Tier},
		iPoints:   {role: "points", key: "points", name: cols.Points, aliases: pointsHeaders, need: need.Points},
		iArea:     optional(need.Area, column{role: "area", key: "area", name: cols.Area, aliases: areaHeaders}),
		iSpend:    optional(need.Spend, column{role: "spend", key: "spend", name: cols.Spend, aliases: spendHeaders}),
		iProperty: optional(need.Property, column{role: "property", key: "property", name: cols.Property, aliases: propHeaders}),
		iVisit:    optional(need.Visit, column{role: "last visit", key: "visit", name: cols.Visit, aliases: visitHeaders}),
		iPrinted:  optional(use(need.Printed), column{role: "printing time", key: "printed", name: cols.Printed, aliases: printHeaders}),
	}
	for _, name := range cols.Spends {
		cs = append(cs, column{role: "spend", name: name}) // not looked for unless named
	}
	return cs
}

// rowReader reads an entry file's rows under its header: where each
// column is (idx, by the i constants), what the columns are called, and
// what need asks of them.
type rowReader struct {
	need       Need
	idx        []int
	header     []string
	ticketWord string // "ticket" or "device"
	colTicket  string // the headers of the ticket, card and name columns
	colCard    string
	colName    string
	extra      []int // the columns the record keeps beside the entry's
	tiers      tierCache
	keys       *keyLog // the tickets, or the cards when a row is a participant; nil unless read twice
	ids        *cardIDs
}

// label is the header of the column at i, "" for none.
func (rr *rowReader) label(i int) string {
	if i < 0 {
		return ""
	}
	return rr.header[i]
}

// read reads the row rec, whose problems c collects; the row is an entry
// when c.ok is still set after. id is its card's number.
func (rr *rowReader) read(c *rowCheck, rec []string) (r Row, id int32) {
	need, idx := &rr.need, rr.idx
	colCard, colName := rr.colCard, rr.colName
	r = Row{Line: c.line}
	r.Ticket = cell(rec, idx[iTicket])
	r.Card = cell(rec, idx[iCard])
	r.Name = cell(rec, idx[iName])

	if need.Ticket {
		r.Ticket = c.ticketID(rr.colTicket, rr.ticketWord, r.Ticket)
		if r.Ticket != "" {
			rr.keys.add(r.Ticket, c.line)
		}
	}
	r.Card = c.cardID(colCard, r.Card)
	if need.CardLength > 0 {
		r.Card = fullCard(r.Card, need.CardLength)
	}
	if !need.Ticket && r.Card != "" {
		rr.keys.add(r.Card, c.line)
	}
	id, other, row, twin := rr.ids.id(r.Card, c.line)
	if twin {
		c.bad(colCard, r.Card, twinMsg(r.Card, other, row))
	}
	if need.One && r.Name == "" {
		c.bad(colName, "", "the name is empty: a finalist is named on the big screen and in the record")
	}
	c.checkName(colName, "name", r.Name)
	rr.finale(c, rec, &r)
	c.checkBeyondHeader(rr.header, rec)
	if c.ok && len(rr.extra) > 0 {
		r.Extra = make(map[string]string, len(rr.extra))
		for _, i := range rr.extra {
			r.Extra[rr.header[i]] = cell(rec, i)
		}
	}
	return r, id
}

// finale reads the row's columns beyond its ticket, card and name: the
// tier and points, and the finale kinds' area, spends, printing time,
// last visit and property.
func (rr *rowReader) finale(c *rowCheck, rec []string, r *Row) {
	need, idx, header := &rr.need, rr.idx, rr.header
	if idx[iTier] >= 0 {
		v := cell(rec, idx[iTier])
		tier, err := rr.tiers.parse(v)
		switch {
		case err != nil:
			c.bad(rr.label(idx[iTier]), v, fmt.Sprintf("unknown tier %q (valid: %s)", v, validTiers))
		case v == "" && need.Tier:
			c.bad(rr.label(idx[iTier]), v, fmt.Sprintf("the tier is empty (valid: %s)", validTiers))
		}
		r.Tier = tier
	}
	if idx[iPoints] >= 0 {
		v := cell(rec, idx[iPoints])
		if v == "" {
			if need.Points {
				c.bad(rr.label(idx[iPoints]), v, "the points are empty")
			}
		} else if p, err := parsePoints(v); err != nil {
			c.bad(rr.label(idx[iPoints]), v, fmt.Sprintf("points %q %v", v, err))
		} else {
			r.Points = p
		}
	}
	if idx[iArea] >= 0 {
		r.Area = cell(rec, idx[iArea])
		c.checkName(rr.label(idx[iArea]), "area", r.Area)
		if r.Area == "" && need.Area == Required {
			c.bad(rr.label(idx[iArea]), "", "the area is empty: the host finds a winner's device by its area")
		}
	}
	if i := idx[iSpend]; i >= 0 {
		r.Spend = c.spend(header[i], cell(rec, i), need.Spend)
	}
	for j, i := range idx[iSpends:] {
		if i >= 0 {
			r.Spends[j] = c.spend(header[i], cell(rec, i), Required)
		}
	}
	if i := idx[iPrinted]; i >= 0 {
		v := cell(rec, i)
		if at, err := parsePrinted(v, need.DateFormat); err != nil {
			c.bad(header[i], v, fmt.Sprintf("printing time %q %v", v, err))
		} else {
			r.Printed = at
		}
	}
	if v := cell(rec, idx[iVisit]); v != "" {
		if d, err := parseVisit(v, need.DateFormat); err != nil {
			c.bad(rr.label(idx[iVisit]), v, fmt.Sprintf("last visit %q %v", v, err))
		} else {
			r.Visit = d
		}
	}
	r.Property = cell(rec, idx[iProperty])
	c.checkName(rr.label(idx[iProperty]), "property", r.Property)
}

// warmCards looks a batch's cards up together as the batch arrives,
// their cache misses overlapping, rather than one a row.
func warmCards(t *tableReader, ids *cardIDs, col int) {
	var values []uint64
	t.Ahead = func(rows iter.Seq[[]string]) {
		if ids.big.slots == nil {
			return // the cards are few enough to stay in the cache
		}
		values = values[:0]
		for rec := range rows {
			if v, ok := plainValue(cell(rec, col)); ok {
				values = append(values, v)
			}
		}
		ids.warm += ids.big.touch(values)
	}
}

// dupeErrors are the problems of the rows whose ticket (or card, when a
// row is a participant) an earlier row has, as many as a file's
// problems list, and how many there are.
func dupeErrors(keys *keyLog, need Need, colTicket, colCard string) ([]CellError, int) {
	dupes := keys.dupes()
	listed := make([]CellError, 0, min(len(dupes), sheet.MaxListed))
	for _, d := range dupes[:cap(listed)] {
		key := keys.key(d.key)
		switch {
		case need.Ticket && need.Device:
			listed = append(listed, CellError{Row: int(d.line), Column: colTicket, Value: key,
				Msg: fmt.Sprintf("device %q is already on row %d; one active player a device (give each seat at a table its own id, e.g. BJ04-3)", key, d.first)})
		case need.Ticket:
			listed = append(listed, CellError{Row: int(d.line), Column: colTicket, Value: key,
				Msg: fmt.Sprintf("ticket %q is already on row %d", key, d.first)})
		case need.One:
			listed = append(listed, CellError{Row: int(d.line), Column: colCard, Value: key,
				Msg: fmt.Sprintf("card %q is already on row %d; a finalist has one row", key, d.first)})
		default:
			listed = append(listed, CellError{Row: int(d.line), Column: colCard, Value: key,
				Msg: fmt.Sprintf("card %q is already on row %d; with tickets: points each participant has one row", key, d.first)})
		}
	}
	return listed, len(dupes)
}

// readRows is entriesOf, numbering the cards in ids as it goes: it gives
// fn each row's card's number too. Unless twice is set it does not look
// for the rows whose ticket (or card) an earlier row has: check finds
// them in its tally's sort instead, and reads again to name them.
func readRows(t *tableReader, cols Columns, need Need, ids *cardIDs, twice bool, fn func(r Row, card int32) error) (Stats, error) {
	var st Stats
	t.HeaderRow = need.HeaderRow
	cs := entryColumns(cols, need)
	idx, fe := findColumns(t, cs)
	if fe != nil {
		return st, fe
	}
	rr := &rowReader{need: need, idx: idx, header: t.Header(), ticketWord: cs[iTicket].role, ids: ids}
	rr.colTicket, rr.colCard, rr.colName = rr.label(idx[iTicket]), rr.label(idx[iCard]), rr.label(idx[iName])
	colCard := rr.colCard
	st.NameColumn = rr.colName
	rr.extra = otherColumns(rr.header, idx)
	for _, i := range append([]int{idx[iPrinted]}, idx[iSpends:]...) {
		if i >= 0 {
			rr.extra = append(rr.extra, i) // the record keeps them there
		}
	}
	if col := idx[iCard]; ids != nil && col >= 0 {
		warmCards(t, ids, col)
		defer func() { t.Ahead = nil }()
	}
	fe = &FileError{File: t.Path}
	if twice {
		rr.keys = newKeyLog()
	}

	// Summary rows seen since the last entry: dropped if the file ends on
	// them, refused if an entry follows.
	var pending []Dropped
	refuse := func() {
		for _, d := range pending {
			st.Rows++
			c := rowCheck{fe: fe, line: d.Row}
			if v := d.Value; summaryRow.MatchString(v) {
				c.bad(colCard, v, summaryMsg(v))
			} else {
				c.bad(colCard, "", "the card number is empty")
			}
		}
		pending = pending[:0]
	}
	for t.Next() {
		rec := t.Record()
		if v, ok := summaryOf(rec, idx[iCard], idx[iTicket], idx[iTier]); ok {
			if len(pending) == maxDropped {
				refuse()
			}
			pending = append(pending, Dropped{Row: t.Line(), Value: strings.Clone(v)})
			continue
		}
		refuse()
		if st.Rows++; st.Rows%progressRows == 0 && t.progressFn != nil {
			read, size := t.Progress()
			t.progressFn(Progress{Rows: st.Rows, Read: read, Size: size})
		}
		if n := reserveAt(st.Rows); n > 0 {
			// Size the key log from the rows so far rather than by repeated
			// growth; the cap bounds a guess made from unusually short rows.
			n = min(t.EstimateRows(st.Rows)*21/20, n)
			rr.keys.reserve(n, rr.keys.keyLen())
			ids.reserve(n)
		}
		c := rowCheck{fe: fe, line: t.Line(), ok: fe.Total == 0}
		r, id := rr.read(&c, rec)
		if !c.ok {
			continue
		}
		if err := fn(r, id); err != nil {
			return st, err
		}
	}
	if err := takeErr(t, fe); err != nil {
		return st, err
	}
	if len(pending) > 0 {
		st.Dropped = pending
	}
	if st.Rows == 0 && fe.Total == 0 {
		fe.Add(CellError{Msg: msgNoEntries})
		return st, fe
	}
	fe.MergeRows(dupeErrors(rr.keys, need, rr.colTicket, colCard))
	if fe.Total > 0 {
		return st, fe
	}
	var err error
	st.SHA256, err = t.SHA256()
	return st, err
}

// reserveAt is the most rows to make room for once read rows are read:
// the rows are guessed once, from the first 65 536 (rows shorter at the
// top of the file than below it give too many), and room made for up to
// 67 108 864; 0 at any other count. Before that the log grows as it
// must; after it, only if the guess was short. Made once, the room is
// never copied to a larger one beside itself.
func reserveAt(read int) int {
	if read == 1<<16 {
		return 1 << 26
	}
	return 0
}

// rowCheck collects the problems of one row.
type rowCheck struct {
	fe   *FileError
	line int
	ok   bool // no problem so far, in this row or an earlier one
}

func (c *rowCheck) bad(col, value, msg string) {
	c.fe.Add(CellError{Row: c.line, Column: col, Value: value, Msg: msg})
	c.ok = false
}

// checkID reports an empty ticket or card number, or one that Excel has
// turned into a rounded number in scientific notation.
func (c *rowCheck) checkID(col, what, v string) bool {
	switch {
	case v == "":
		c.bad(col, v, fmt.Sprintf("the %s number is empty", what))
	case excelRounded(v):
		c.bad(col, v, fmt.Sprintf("%s %q is a number Excel has rounded; format the column as Text in Excel, correct the numbers and export again", what, v))
	default:
		return true
	}
	return false
}

// fullCard is card with the leading zeros a number cell dropped put
// back, to n digits: a card of digits alone, shorter; any other as it is.
func fullCard(card string, n int) string {
	if len(card) >= n || !show.Digits(card) {
		return card
	}
	return strings.Repeat("0", n-len(card)) + card
}

// summaryRow matches the card cell of a row that sums the others up, as
// the Rewards system's and Excel's exports end: TOTAL, Sub-total, Grand
// Total, Count. Letters are allowed in a card, so such a row would
// otherwise be a member holding every ticket it adds up.
var summaryRow = regexp.MustCompile(`(?i)^\s*(grand\s+|sub[\s-]?)?(totals?|count|sum)\b`)

// isSummary is summaryRow.MatchString(v), without the regular expression
// for a card that starts with a digit: nearly every card of a file.
func isSummary(v string) bool {
	if v != "" && v[0] >= '0' && v[0] <= '9' {
		return false
	}
	return summaryRow.MatchString(v)
}

// summaryMsg is the problem of a summary row v that is not at the end of
// the file, or is in a list.
func summaryMsg(v string) string {
	return fmt.Sprintf("%q is a summary row (a total or a count), not a member: take it out of the file", v)
}

// summaryOf reports whether rec, a row of an entry file whose card, ticket
// and tier are in the columns card, ticket and tier (-1 when it has none),
// sums the others up: its card, or with no card its ticket (a device of
// RAPS's list), reads as a summary (summaryRow), or it has no card,
// ticket or tier (a count of members under the names, a sum
// under the points). It returns the value that names it: the card, or
// else the row's first cell that is not empty.
func summaryOf(rec []string, card, ticket, tier int) (string, bool) {
	v := cell(rec, card)
	if v != "" {
		return v, isSummary(v)
	}
	if t := cell(rec, ticket); t != "" {
		return t, isSummary(t) // RAPS's TOTAL, under the devices
	}
	if cell(rec, tier) != "" {
		return "", false
	}
	for i := range rec {
		if v := cell(rec, i); v != "" {
			return v, true
		}
	}
	return "", true
}

// cardID is the card v as NormCard gives it, or "" when v is empty, a
// summary row's or not a card number, which it reports.
func (c *rowCheck) cardID(col, v string) string {
	if !c.checkID(col, "card", v) {
		return ""
	}
	if isSummary(v) {
		c.bad(col, v, summaryMsg(v))
		return ""
	}
	n, err := NormCard(v)
	if err != nil {
		c.bad(col, v, err.Error())
	}
	return n
}

// ticketID is the ticket (or device) v as NormTicket gives it, or "" when
// v is empty or unusable, which it reports.
func (c *rowCheck) ticketID(col, what, v string) string {
	if !c.checkID(col, what, v) {
		return ""
	}
	n, err := NormTicket(v)
	if err != nil {
		c.bad(col, v, fmt.Sprintf("%s %v", what, err))
	}
	return n
}

// checkBeyondHeader reports values in columns the header does not name,
// usually the tail of a value that holds the delimiter without quotes.
func (c *rowCheck) checkBeyondHeader(header, rec []string) {
	for i := len(header); i < len(rec); i++ {
		if v := strings.TrimSpace(rec[i]); v != "" {
			c.bad(sheet.ColumnName(i), v, fmt.Sprintf("value %q has no header above it: give the column a header, or put quotes around a value that holds the delimiter", v))
		}
	}
}

// optional is col looked for as use says: not at all when ignored,
// unless the show file names its header.
func optional(use Use, col column) column {
	switch {
	case use == Ignore && col.name == "":
		return column{role: col.role}
	case use == Required:
		col.need = true
	}
	return col
}

// cell returns the trimmed cell i of rec; "" when rec is too short or i < 0.
func cell(rec []string, i int) string {
	if i < 0 || i >= len(rec) {
		return ""
	}
	s := rec[i]
	if s == "" || s[0] > ' ' && s[0] < utf8.RuneSelf && s[len(s)-1] > ' ' && s[len(s)-1] < utf8.RuneSelf {
		return s // nearly every cell: nothing at either end to trim
	}
	return strings.TrimSpace(s)
}

// excelRounded reports whether s is a number in the scientific notation
// Excel writes to CSV for long numbers in a General column ("6.00123E+15",
// "6,00123E+15" where the decimal point is a comma), having dropped digits.
func excelRounded(s string) bool {
	e := strings.IndexByte(s, '+') - 1
	if e < 1 || s[e] != 'E' && s[e] != 'e' || !sheet.IsDigits(s[e+2:]) {
		return false
	}
	m := s[:e]
	return sheet.IsDigits(m) || (len(m) > 2 && (m[1] == '.' || m[1] == ',') && sheet.IsDigits(m[:1]) && sheet.IsDigits(m[2:]))
}

// otherColumns returns the indexes of header not in used, leaving out
// columns without a header.
func otherColumns(header []string, used []int) []int {
	var other []int
	for i, h := range header {
		taken := h == ""
		for _, u := range used {
			taken = taken || u == i
		}
		if !taken {
			other = append(other, i)
		}
	}
	return other
}

// column describes a column that a reader looks for in a header.
type column struct {
	role    string   // what it holds, for messages
	key     string   // its key under columns: in the show file; "" when it has none
	name    string   // the header to match; "" to match aliases
	aliases []string // the usual headers, normalized
	need    bool     // whether a missing column is an error
}

// maxTitleRows is how many non-blank rows below the first findColumns
// looks at for the header: a workbook's title, its date and notes, merged
// cells, above the columns.
const maxTitleRows = 20

// findColumns finds t's header and returns the index in it of each of
// cols, -1 for one that is absent. The header is the row t.HeaderRow names
// (the show file's header_row), or else the first row that holds the
// columns: the first non-blank row, or one of the maxTitleRows below it
// when a title, a date or notes (merged cells or not) stand above the
// columns. A required column that is absent, a column named in the show
// file that is absent, or a column that two headers could be, is
// reported as one problem on the header row: the first non-blank row's
// when no row holds the columns.
func findColumns(t *tableReader, cols []column) ([]int, *FileError) {
	if t.HeaderRow > 0 {
		if fe := t.SeekHeader(t.HeaderRow); fe != nil {
			return nil, fe
		}
		idx, fe := matchColumns(t, cols)
		if fe != nil {
			fe.Errs[0].Msg += fmt.Sprintf(" (the show file's header_row %d names this row)", t.HeaderRow)
		}
		return idx, fe
	}
	idx, first := matchColumns(t, cols)
	if first == nil {
		return idx, nil
	}
	for range maxTitleRows {
		if ok, err := t.TakeHeader(); err != nil || !ok {
			break
		}
		if idx, fe := matchColumns(t, cols); fe == nil {
			return idx, nil
		}
	}
	return nil, first
}

// matchColumns is findColumns of t's header as it is.
func matchColumns(t *tableReader, cols []column) ([]int, *FileError) {
	header := t.Header()
	norm := make([]string, len(header))
	for i, h := range header {
		norm[i] = normHeader(h)
	}
	idx := make([]int, len(cols))
	var problems, fixes []string
	for c, col := range cols {
		idx[c] = -1
		var found []int
		for i, h := range header {
			if col.name != "" && strings.EqualFold(h, strings.TrimSpace(col.name)) ||
				col.name == "" && h != "" && slices.Contains(col.aliases, norm[i]) {
				found = append(found, i)
			}
		}
		switch {
		case len(found) == 1:
			idx[c] = found[0]
		case len(found) > 1:
			names := make([]string, len(found))
			for j, i := range found {
				names[j] = header[i]
			}
			problems = append(problems, fmt.Sprintf("%s could each be the %s column", sheet.QuoteList(names), col.role))
			fixes = append(fixes, col.key)
		case col.name != "":
			problems = append(problems, fmt.Sprintf("no column %q, which the show file names as the %s column", strings.TrimSpace(col.name), col.role))
			fixes = append(fixes, col.key)
		case col.need:
			problems = append(problems, fmt.Sprintf("no %s column (looked for a header like %s)", col.role, titleList(col.aliases)))
			fixes = append(fixes, col.key)
		}
	}
	if len(problems) == 0 {
		return idx, nil
	}
	msg := strings.Join(problems, "; ") + "; the headers are " + sheet.QuoteList(header)
	if hint := columnsHint(fixes); hint != "" {
		msg += "; rename the column in the file, or set " + hint + " in the show file to the header this file uses"
	} else {
		msg += "; rename the column in the file"
	}
	return nil, &FileError{File: t.Path, Total: 1, Errs: []CellError{{Row: t.HeaderLine(), Msg: msg}}}
}

func columnsHint(keys []string) string {
	var parts []string
	for _, k := range keys {
		if k != "" {
			parts = append(parts, k+": ...")
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "columns: {" + strings.Join(parts, ", ") + "}"
}

// normHeader lowercases h and turns each run of white space, underscores,
// dots and dashes into one space, trimmed at both ends.
func normHeader(h string) string {
	var b strings.Builder
	space := false
	for _, r := range h {
		if unicode.IsSpace(r) || r == '_' || r == '.' || r == '-' {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// titleList writes normalized headers as a person would type them.
func titleList(aliases []string) string {
	out := make([]string, len(aliases))
	for i, a := range aliases {
		words := strings.Fields(a)
		for j, w := range words {
			if w == "id" {
				words[j] = "ID"
			} else {
				words[j] = strings.ToUpper(w[:1]) + w[1:]
			}
		}
		out[i] = strings.Join(words, " ")
	}
	return strings.Join(out, ", ")
}

var validTiers = func() string {
	names := make([]string, len(show.Tiers))
	for i, t := range show.Tiers {
		names[i] = t.String()
	}
	return strings.Join(names, ", ")
}()

// tierCache remembers show.ParseTier's answers for the few spellings a file
// uses, so the hot loop neither allocates nor lowercases.
type tierCache struct {
	spelling []string
	tier     []show.Tier
}

func (c *tierCache) parse(s string) (show.Tier, error) {
	for i, sp := range c.spelling {
		if sp == s {
			return c.tier[i], nil
		}
	}
	t, err := show.ParseTier(s)
	if err == nil && len(c.spelling) < 32 {
		c.spelling = append(c.spelling, strings.Clone(s))
		c.tier = append(c.tier, t)
	}
	return t, err
}

// keyLog finds the tickets, or cards, that a file lists more than once. It
// is built for millions of keys: add only appends, to a few slices that
// hold no pointers for the garbage collector to scan, and dupes sorts the
// keys' hashes once at the end, in place. Compared with a hash set this avoids a
// cache miss per row, which costs more than the rest of the row's checks.
// A key takes about 18 bytes (an 8-digit ticket): its hash and number, and
// in text its length, its row (as the step from the row before) and its
// bytes; every 64th key's place is marked, from which a key is found by
// reading on. It holds up to 4 GiB of keys, more than any entry file has.
// A nil keyLog logs nothing and finds no duplicates.
type keyLog struct {
	seed  maphash.Seed
	n     int      // keys added
	bytes int      // their bytes, for keyLen
	line  int      // the row of the last key
	text  []byte   // each key: uvarint length, uvarint rows since the last key's less one, the key
	marks []uint32 // key 64j starts at text[marks[j]]
	lines []int32  // and is on row lines[j]
	sums  []uint64 // the high 32 bits of key i's hash, then i
}

// keyMark is how many keys there are from one mark to the next.
const keyMark = 64

// dupe is a row whose key an earlier row has.
type dupe struct {
	line, first int32
	key         uint32
}

func newKeyLog() *keyLog { return &keyLog{seed: maphash.MakeSeed()} }

// reserve makes room for n keys of about keyLen bytes each.
func (k *keyLog) reserve(n, keyLen int) {
	if k != nil && n > k.n {
		// room made anew, not by slices.Grow, which clears it in one call
		// the collector cannot preempt (100 MB for 5 000 000 keys stalled
		// a read 0.4 s, the collector spinning on the other core): room
		// from make comes cleared from the system, a page as it is used
		k.sums = append(make([]uint64, 0, max(n, len(k.sums))), k.sums...)
		k.text = append(make([]byte, 0, max(n*(keyLen+2), len(k.text))), k.text...)
		k.marks = append(make([]uint32, 0, n/keyMark+1), k.marks...)
		k.lines = append(make([]int32, 0, n/keyMark+1), k.lines...)
	}
}

// keyLen is the mean length of the keys so far, rounded up.
func (k *keyLog) keyLen() int {
	if k == nil || k.n == 0 {
		return 0
	}
	return (k.bytes + k.n - 1) / k.n
}

// add logs key, on row line, after the rows of the keys added so far.
func (k *keyLog) add(key string, line int) {
	if k == nil {
		return
	}
	h := maphash.String(k.seed, key)
	k.sums = append(k.sums, h&^math.MaxUint32|uint64(k.n))
	if k.n%keyMark == 0 {
		k.marks = append(k.marks, uint32(len(k.text)))
		k.lines = append(k.lines, int32(line))
	}
	k.text = binary.AppendUvarint(k.text, uint64(len(key)))
	k.text = binary.AppendUvarint(k.text, uint64(line-k.line-1))
	k.text = append(k.text, key...)
	k.n++
	k.bytes += len(key)
	k.line = line
}

// at returns key i and its row.
func (k *keyLog) at(i uint32) (string, int32) {
	j := i / keyMark
	off, line := int(k.marks[j]), k.lines[j]
	for n := j * keyMark; ; n++ {
		size, w := binary.Uvarint(k.text[off:])
		off += w
		step, w := binary.Uvarint(k.text[off:])
		off += w
		if n > j*keyMark {
			line += int32(step) + 1
		}
		if n == i {
			return string(k.text[off : off+int(size)]), line
		}
		off += int(size)
	}
}

// key returns key i.
func (k *keyLog) key(i uint32) string {
	s, _ := k.at(i)
	return s
}

// dupes returns the rows whose key an earlier row has, in row order. It
// sorts the log's hashes in place: it is called once, at the end.
func (k *keyLog) dupes() []dupe {
	if k == nil {
		return nil
	}
	// Sorted whole, the hashes are in order of their high bits and, where
	// those are equal, of the keys' numbers: equal keys are in row order.
	a := k.sums
	radix.Uint64s(a)
	type firstOf struct {
		line int32
		key  uint32
	}
	var out []dupe
	var first map[string]firstOf
	for i := 0; i < len(a); {
		j := i + 1
		for j < len(a) && a[j]>>32 == a[i]>>32 {
			j++
		}
		if j-i > 1 {
			if first == nil {
				first = make(map[string]firstOf)
			}
			clear(first)
			for _, v := range a[i:j] {
				idx := uint32(v)
				key, line := k.at(idx)
				if f, ok := first[key]; ok {
					out = append(out, dupe{line: line, first: f.line, key: idx})
				} else {
					first[key] = firstOf{line, idx}
				}
			}
		}
		i = j
	}
	slices.SortFunc(out, func(x, y dupe) int { return int(x.line - y.line) })
	return out
}

// Errors of parsePoints, worded to follow the value.
var (
	errNegative = errors.New("is negative")
	errFraction = errors.New("is not a whole number")
	errTooLarge = errors.New("is too large")
	errNotPts   = errors.New("is not a whole number of points")
)

// parsePoints reads a points balance as casino systems and Excel write it:
// decimal digits, which may be grouped in threes by one of space, no-break
// space (U+00A0), narrow no-break space (U+202F), comma or apostrophe, the
// same throughout ("1 234 567", "12,345"), and may end in a decimal point, or
// a decimal comma when comma does not group, and zeros ("1234.00",
// "1 234,00"). Negative numbers, fractions ("12.5", "1,5"), values beyond
// the uint64 range and anything else are errors.
func parsePoints(s string) (uint64, error) {
	if n, ok := parseDigits(s); ok {
		return n, nil
	}
	num, neg := strings.CutPrefix(s, "-")
	whole, frac, hasFrac := strings.Cut(num, ".")
	if i := strings.LastIndexByte(num, ','); !hasFrac && i >= 0 && len(num)-i-1 != 3 {
		whole, frac, hasFrac = num[:i], num[i+1:], true
		if strings.Contains(whole, ",") {
			return 0, errNotPts
		}
	}
	digits, ok := ungroup(whole)
	if !ok || hasFrac && !sheet.IsDigits(frac) {
		return 0, errNotPts
	}
	switch n, ok := parseDigits(digits); {
	case neg:
		return 0, errNegative
	case hasFrac && strings.Trim(frac, "0") != "":
		return 0, errFraction
	case !ok:
		return 0, errTooLarge
	default:
		return n, nil
	}
}

// amountForms is what every refused amount says it should be: one
// wording, whatever was wrong.
const amountForms = "an amount is written like 1500, 1 500, 1 500.50, 1 500,50, R 1 500,50 or R1 500.50 (the currency R or ZAR may lead, groups of three may be set apart by spaces, and cents follow a point or a comma)"

// amountError is a refused amount: why, then amountForms.
type amountError string

func (e amountError) Error() string { return string(e) + "; " + amountForms }

// parseAmount reads a spend, in whole currency units and cents, as the
// Rewards system and Excel write it: "R 1 234,50", "R1 234.50", "1234.5", "1,234,567",
// "1.234,50". The currency (R or ZAR) may lead; the digits may be
// grouped in threes by spaces (or a no-break or narrow no-break space, or
// an apostrophe), or by the comma or point that is not the decimal one;
// cents follow a point or a comma, one or two digits. Where both a point
// and a comma appear, the last is the decimal one. A lone comma or point
// followed by three digits ("1,234", "12.345") could be a thousands
// separator or a decimal one, and is refused rather than guessed; so are
// more than two decimals, a negative amount and anything else.
func parseAmount(s string) (whole, cents uint64, err error) {
	if n, ok := parseDigits(s); ok {
		return n, 0, nil
	}
	v := strings.TrimSpace(s)
	for _, cur := range []string{"ZAR", "zar", "R", "r"} {
		if rest, ok := strings.CutPrefix(v, cur); ok {
			v = strings.TrimLeft(rest, " \u00a0\u202f")
			break
		}
	}
	if strings.HasPrefix(v, "-") {
		return 0, 0, amountError("is negative")
	}
	dots, commas := strings.Count(v, "."), strings.Count(v, ",")
	var dec byte // the decimal separator, 0 when none
	switch {
	case dots > 0 && commas > 0:
		dec = ','
		if strings.LastIndexByte(v, '.') > strings.LastIndexByte(v, ',') {
			dec = '.'
		}
		if strings.Count(v, string(dec)) > 1 {
			return 0, 0, amountError("is not an amount")
		}
	case dots == 1 || commas == 1:
		dec = '.'
		if commas == 1 {
			dec = ','
		}
		i := strings.IndexByte(v, dec)
		if after := len(v) - i - 1; after == 3 && sheet.IsDigits(v[i+1:]) {
			if w, ok := ungroupAmount(v[:i], 0); ok && len(w) <= 3 {
				return 0, 0, amountError(fmt.Sprintf("could be %s or %s.%s", w+v[i+1:], w, v[i+1:]))
			}
		}
	}
	units, frac := v, ""
	if dec != 0 {
		i := strings.LastIndexByte(v, dec)
		units, frac = v[:i], v[i+1:]
		if !sheet.IsDigits(frac) {
			return 0, 0, amountError("is not an amount")
		}
		if len(frac) > 2 {
			return 0, 0, amountError("has more than two decimals")
		}
	}
	digits, ok := ungroupAmount(units, dec)
	if !ok {
		return 0, 0, amountError("is not an amount")
	}
	n, ok := parseDigits(digits)
	if !ok {
		return 0, 0, amountError("is too large")
	}
	switch len(frac) {
	case 1:
		cents = uint64(frac[0]-'0') * 10
	case 2:
		cents = uint64(frac[0]-'0')*10 + uint64(frac[1]-'0')
	}
	return n, cents, nil
}

// ungroupAmount is the digits of the whole part of an amount whose
// decimal separator is dec (0 for none): plain digits, or digits grouped
// in threes by spaces (plain, no-break or narrow no-break), apostrophes or
// the one of comma and point that is not dec, one kind throughout.
func ungroupAmount(s string, dec byte) (string, bool) {
	if sheet.IsDigits(s) {
		return s, true
	}
	var sep string
	for _, c := range []string{" ", "\u00a0", "\u202f", "'", ",", "."} {
		if strings.Contains(s, c) && (len(c) > 1 || c[0] != dec) {
			if sep != "" {
				return "", false
			}
			sep = c
		}
	}
	if sep == "" {
		return "", false
	}
	groups := strings.Split(s, sep)
	if len(groups[0]) == 0 || len(groups[0]) > 3 || !sheet.IsDigits(groups[0]) {
		return "", false
	}
	for _, g := range groups[1:] {
		if len(g) != 3 || !sheet.IsDigits(g) {
			return "", false
		}
	}
	return strings.Join(groups, ""), true
}

// ungroup removes the thousands separators from s, which must be digits
// grouped strictly in threes by one separator used throughout, or plain
// digits.
func ungroup(s string) (string, bool) {
	if sheet.IsDigits(s) {
		return s, true
	}
	var sep string
	for _, c := range []string{" ", "\u00a0", "\u202f", ",", "'"} {
		if strings.Contains(s, c) {
			sep = c
			break
		}
	}
	if sep == "" {
		return "", false
	}
	groups := strings.Split(s, sep)
	if len(groups[0]) > 3 || !sheet.IsDigits(groups[0]) {
		return "", false
	}
	for _, g := range groups[1:] {
		if len(g) != 3 || !sheet.IsDigits(g) {
			return "", false
		}
	}
	return strings.Join(groups, ""), true
}

// NeedOf is what a segment's rules need of its entry file. A bonus
// jackpot's list is one row per active player at a device: the device is
// the ticket, and its area is needed to find the winner; the spend is
// needed when a minimum spend applies. A finalists file (tickets: one)
// names each finalist, and may give their property.
func NeedOf(seg *show.Segment) Need {
	minSpend := seg.Bonus != nil && len(seg.Bonus.MinSpend) > 0
	n := Need{
		HeaderRow:  seg.HeaderRow,
		DateFormat: seg.DateFormat,
		Ticket:     seg.Tickets == show.PerRow,
		Tier:       seg.Tiers != nil || len(seg.Cap) > 0 || len(seg.Fixed) > 0 || minSpend,
		Points:     seg.Tickets == show.Points && seg.PointsPerTicket > 0,
		One:        seg.Tickets == show.One,
	}
	if n.One {
		n.Property = Optional
	}
	n.Printed = seg.PrintedUntil != ""
	n.CardLength = seg.CardLength
	if seg.Floor() {
		n.Device, n.Area, n.Spend = true, Required, Optional
		if minSpend {
			n.Spend = Required
		}
	}
	if q := seg.Qualify; q != nil {
		if len(q.Spend) > 0 {
			n.Spend, n.Tier = Required, n.Tier || q.TiersNeeded()
		}
		if q.Visits() {
			n.Visit = Required
		}
	}
	return n
}
