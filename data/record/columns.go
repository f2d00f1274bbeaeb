package record

import (
	"strconv"
	"time"

	"drawshow/show"
)

// A column is one column of a list the exports write: its header, its
// width where the file has widths (the workbook's characters), and its
// value in a row of R. A new column of a list is one entry in its table
// here: the writers read the headers, the widths and the values from it.
// Archives of the formats released before it lack it: RecordFormat moves
// on, and Since names the column with the format that first wrote it, so
// that verify does not ask the older archives for it.
type column[R any] struct {
	Head  string
	Width float64 // the workbook's characters, the PDF's millimetres
	Align string  // the PDF's: "L" (or "") or "R"
	Value func(R) any
}

// columns is one list's table, in the order the file lays them out.
type columns[R any] []column[R]

// Heads are the headers, in order.
func (cs columns[R]) Heads() []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Head
	}
	return out
}

func (cs columns[R]) widths() []float64 {
	out := make([]float64, len(cs))
	for i, c := range cs {
		out[i] = c.Width
	}
	return out
}

// cells are r's values, as a workbook takes them: numbers stay numbers.
func (cs columns[R]) cells(r R) []any {
	out := make([]any, len(cs))
	for i, c := range cs {
		out[i] = c.Value(r)
	}
	return out
}

// texts are r's values as a CSV writes them.
func (cs columns[R]) texts(r R) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		switch v := c.Value(r).(type) {
		case string:
			out[i] = v
		case int:
			out[i] = strconv.Itoa(v)
		case int64:
			out[i] = strconv.FormatInt(v, 10)
		default:
			panic("record: a CSV column's value is a string or a whole number")
		}
	}
	return out
}

// pickRow is one pick as the lists of picks read it: its segment, what
// the entry file said of its participant, the prize it won and where.
type pickRow struct {
	x                      *Set
	seg                    *show.SegState
	p                      *show.Pick
	who                    Person
	prize                  show.Prize
	property, device, area string
}

func (x *Set) pickRow(seg *show.SegState, p *show.Pick) pickRow {
	who := x.who[seg.Seg.ID][p.Participant]
	r := pickRow{x: x, seg: seg, p: p, who: who, prize: PrizeOf(x.sh.Currency, p)}
	r.property, r.device, r.area = where(seg.Seg, p, who)
	return r
}

// collect is the date by which a winner not present collects; "" for a
// winner who was there.
func (r pickRow) collect() string {
	if notPresent(r.p.Outcome) {
		return r.x.collectBy(r.p)
	}
	return ""
}

// The values the lists share.
func pickSegment(r pickRow) any  { return r.seg.Seg.ID }
func pickTitle(r pickRow) any    { return r.seg.Seg.Title }
func pickNumber(r pickRow) any   { return r.p.K + 1 } // the algorithm's k is pick - 1
func pickTicket(r pickRow) any   { return r.p.Ticket }
func pickCard(r pickRow) any     { return r.p.Participant }
func pickName(r pickRow) any     { return r.who.Name }
func pickTier(r pickRow) any     { return r.who.Tier.String() }
func pickProperty(r pickRow) any { return r.property }
func pickDevice(r pickRow) any   { return r.device }
func pickArea(r pickRow) any     { return r.area }
func pickPrize(r pickRow) any    { return r.p.Won() }
func pickPaidAs(r pickRow) any   { return PaidAs(r.prize) }
func pickProxy(r pickRow) any    { return r.p.Proxy }
func pickProxyID(r pickRow) any  { return r.p.ProxyID }
func pickCollect(r pickRow) any  { return r.collect() }
func pickChosen(r pickRow) any   { return Chosen(r.seg.Seg, r.p) }
func pickCurrency(r pickRow) any { return r.x.sh.Currency }
func pickOutcome(r pickRow) any  { return string(r.p.Outcome) }

// pickAmountText and pickAmountCell are the sum the prize states: text in a CSV, a number in a
// workbook (empty when it states none).
func pickAmountText(r pickRow) any { return amountText(r.prize) }
func pickAmountCell(r pickRow) any { return amountCell(r.prize) }

// winnersCSV is winners.csv: one row a winner. pick counts from 1; the
// times are in the show's timezone with its offset; amount is the sum the
// prize states, paid_as cash or in kind.
var winnersCSV = columns[pickRow]{
	{"segment", 0, "", pickSegment}, {"title", 0, "", pickTitle}, {"pick", 0, "", pickNumber}, {"ticket", 0, "", pickTicket},
	{"card", 0, "", pickCard}, {"name", 0, "", pickName}, {"tier", 0, "", pickTier}, {"property", 0, "", pickProperty},
	{"device", 0, "", pickDevice}, {"area", 0, "", pickArea}, {"prize", 0, "", pickPrize},
	{"currency", 0, "", pickCurrency}, {"amount", 0, "", pickAmountText},
	{"paid_as", 0, "", pickPaidAs}, {"outcome", 0, "", pickOutcome},
	{"proxy", 0, "", pickProxy}, {"proxy_id", 0, "", pickProxyID},
	{"drawn_at", 0, "", func(r pickRow) any { return r.x.zoned(r.p.DrawnAt) }},
	{"decided_at", 0, "", func(r pickRow) any { return r.x.zoned(r.p.DecidedAt) }},
	{"collect_by", 0, "", pickCollect}, {"chosen", 0, "", pickChosen},
}

// collectionCSV is collection.csv's fixed columns, one row a winner not
// present; the contact columns of the entry files follow them.
var collectionCSV = columns[pickRow]{
	{"show", 0, "", func(r pickRow) any { return r.x.st.ID }}, {"segment", 0, "", pickSegment}, {"title", 0, "", pickTitle},
	{"draw_date", 0, "", func(r pickRow) any { return r.p.DrawnAt.In(r.x.sh.Location).Format("2006-01-02") }},
	{"pick", 0, "", pickNumber}, {"ticket", 0, "", pickTicket}, {"card", 0, "", pickCard}, {"name", 0, "", pickName},
	{"tier", 0, "", pickTier}, {"property", 0, "", pickProperty}, {"device", 0, "", pickDevice}, {"area", 0, "", pickArea},
	{"prize", 0, "", pickPrize}, {"currency", 0, "", pickCurrency},
	{"amount", 0, "", pickAmountText}, {"paid_as", 0, "", pickPaidAs},
	{"outcome", 0, "", pickOutcome},
	{"why", 0, "", func(r pickRow) any { return Status(r.p) }}, {"proxy", 0, "", pickProxy}, {"proxy_id", 0, "", pickProxyID},
	{"collect_by", 0, "", func(r pickRow) any { return r.x.collectBy(r.p) }}, {"chosen", 0, "", pickChosen},
}

// pickSheet is a segment's sheet of winners.xlsx: every pick, in the
// order drawn.
var pickSheet = columns[pickRow]{
	{"Pick", 6, "", pickNumber}, {"Ticket", 14, "", pickTicket}, {"Card", 19, "", pickCard}, {"Name", 28, "", pickName},
	{"Tier", 8, "", pickTier}, {"Property", 18, "", pickProperty}, {"Device", 12, "", pickDevice}, {"Area", 14, "", pickArea},
	{"Prize", 14, "", pickPrize}, {"Amount", 12, "", pickAmountCell}, {"Paid as", 9, "", pickPaidAs},
	{"Outcome", 12, "", func(r pickRow) any { return outcomeName(r.p.Outcome) }},
	{"Winner", 8, "", func(r pickRow) any {
		if r.p.Outcome.Wins() {
			return "yes"
		}
		return "no"
	}},
	{"Drawn at", 26, "", func(r pickRow) any { return r.x.local(r.p.DrawnAt) }},
	{"Decided at", 26, "", func(r pickRow) any { return r.x.local(r.p.DecidedAt) }},
	{"Proxy", 22, "", pickProxy}, {"Proxy ID", 16, "", pickProxyID}, {"Collect by", 12, "", pickCollect},
	{"Note", 40, "", func(r pickRow) any {
		switch {
		case r.p.Outcome == show.Void:
			return "void: " + r.p.Reason
		case r.p.Outcome == show.Declined && r.p.By == "register":
			return "on the decline register"
		}
		return ""
	}},
	{"Chosen", 22, "", pickChosen},
}

// summaryWinners is the summary sheet's table of winners; the sheet's
// widths are its table of draws'.
var summaryWinners = columns[pickRow]{
	{"Segment", 0, "", pickSegment}, {"Pick", 0, "", pickNumber}, {"Ticket", 0, "", pickTicket}, {"Card", 0, "", pickCard},
	{"Name", 0, "", pickName}, {"Property", 0, "", pickProperty}, {"Device", 0, "", pickDevice}, {"Area", 0, "", pickArea},
	{"Prize", 0, "", pickPrize}, {"Amount", 0, "", pickAmountCell}, {"Paid as", 0, "", pickPaidAs},
	{"Outcome", 0, "", pickOutcome}, {"Proxy", 0, "", pickProxy},
	{"Collect by", 0, "", pickCollect}, {"Chosen", 0, "", pickChosen},
}

// drawRow is one draw as the summary's table of draws reads it.
type drawRow struct {
	x   *Set
	d   *RecordDraw
	seg *show.SegState
}

// summaryDraws is the summary sheet's table of draws, whose widths are
// the sheet's; its totals row adds up Winners and the prizes.
var summaryDraws = columns[drawRow]{
	{"Segment", 22, "", func(r drawRow) any { return r.d.Segment }},
	{"Title", 40, "", func(r drawRow) any { return r.d.Title }},
	{"Scheduled", 16, "", func(r drawRow) any { return r.x.localMinute(r.seg.Seg.At) }},
	{"Bin frozen", 19, "", func(r drawRow) any { return r.x.local(r.seg.FrozenAt) }},
	{"Rows", 10, "", func(r drawRow) any { return r.d.Rows }},
	{"Participants", 12, "", func(r drawRow) any { return r.d.Participants }},
	{"Tickets", 12, "", func(r drawRow) any { return r.d.TotalWeight }},
	{"Exclusions removed", 10, "", func(r drawRow) any { return r.d.Excluded }},
	{"Barred (won earlier)", 10, "", func(r drawRow) any { return r.d.Barred }},
	{"Picks", 8, "", func(r drawRow) any { return len(r.d.Picks) }},
	{"Winners", 8, "", func(r drawRow) any { return r.d.Winners }},
	{"Wanted", 8, "", func(r drawRow) any { return r.d.Wanted }},
	{"Fingerprint", 66, "", func(r drawRow) any { return r.d.Fingerprint }},
	{"Ended short", 30, "", func(r drawRow) any { return r.d.EndedShort }},
	{"Cash", 12, "", func(r drawRow) any { return r.d.Totals.Cash }},
	{"Prizes in kind", 12, "", func(r drawRow) any { return r.d.Totals.InKind }},
	{"Stated value in kind", 14, "", func(r drawRow) any { return r.d.Totals.InKindValue }},
}

// reportPicks is a draw's table of picks in report.pdf, widths in
// millimetres. A bonus jackpot's ticket is the device and its place the
// device's area (pdfCols names them so); a finalist's place is the
// property. Times are of the draw's day, with the date when another.
var reportPicks = columns[pickRow]{
	{"#", 7, "R", func(r pickRow) any { return strconv.Itoa(r.p.K + 1) }},
	{"Ticket", 25, "L", pickTicket}, {"Card", 28.5, "L", pickCard}, {"Name", 31, "L", pickName},
	{"Property", 19, "L", func(r pickRow) any {
		if r.seg.Seg.Floor() {
			return r.area
		}
		return r.property
	}},
	{"Prize", 22, "L", pickPrize}, {"Outcome", 17.5, "L", func(r pickRow) any { return outcomeName(r.p.Outcome) }},
	{"Drawn", 15, "L", func(r pickRow) any { return r.clock(r.p.DrawnAt) }},
	{"Decided", 15, "L", func(r pickRow) any { return r.clock(r.p.DecidedAt) }},
}

// clock is a time of the pick's draw as the report's table gives it: the
// time of day, with the date when it is not the day the bin froze.
func (r pickRow) clock(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	loc := r.x.sh.Location
	t = t.In(loc)
	if t.Format(time.DateOnly) != r.seg.FrozenAt.In(loc).Format(time.DateOnly) {
		return t.Format("Jan 2 15:04")
	}
	return t.Format(time.TimeOnly)
}

// The headers of the lists, for those who read the files back.
var (
	// WinnersCSVColumns is the header of winners.csv.
	WinnersCSVColumns = winnersCSV.Heads()
	// CollectionColumns are the fixed columns of collection.csv.
	CollectionColumns = collectionCSV.Heads()
	// PickColumns are the headers of a segment sheet.
	PickColumns = pickSheet.Heads()
	// DrawColumns are the headers of the summary's table of draws.
	DrawColumns = summaryDraws.Heads()
	// SummaryColumns are the headers of the summary's table of winners.
	SummaryColumns = summaryWinners.Heads()
)
