package record

import (
	"strconv"
	"time"

	"drawshow/data/internal/table"
	"drawshow/show"
)

// The lists' tables (see table.Column): a new column of a list is one
// entry in its table here, and the writers read the headers, the widths
// and the values from it. Archives of the formats released before it lack
// it: RecordFormat moves on, and Since names the column with the format
// that first wrote it, so that verify does not ask the older archives for
// it.

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
	r.property, r.device, r.area = Where(seg.Seg, p, who)
	return r
}

// collect is the date by which a winner not present collects; "" for a
// winner who was there.
func (r pickRow) collect() string {
	if NotPresent(r.p.Outcome) {
		return r.x.CollectBy(r.p)
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
func pickAmountCell(r pickRow) any { return table.Amount(r.prize.Amount) }

// winnersCSV is winners.csv: one row a winner. pick counts from 1; the
// times are in the show's timezone with its offset; amount is the sum the
// prize states, paid_as cash or in kind.
var winnersCSV = table.Columns[pickRow]{
	{Head: "segment", Value: pickSegment}, {Head: "title", Value: pickTitle}, {Head: "pick", Value: pickNumber}, {Head: "ticket", Value: pickTicket},
	{Head: "card", Value: pickCard}, {Head: "name", Value: pickName}, {Head: "tier", Value: pickTier}, {Head: "property", Value: pickProperty},
	{Head: "device", Value: pickDevice}, {Head: "area", Value: pickArea}, {Head: "prize", Value: pickPrize},
	{Head: "currency", Value: pickCurrency}, {Head: "amount", Value: pickAmountText},
	{Head: "paid_as", Value: pickPaidAs}, {Head: "outcome", Value: pickOutcome},
	{Head: "proxy", Value: pickProxy}, {Head: "proxy_id", Value: pickProxyID},
	{Head: "drawn_at", Value: func(r pickRow) any { return r.x.zoned(r.p.DrawnAt) }},
	{Head: "decided_at", Value: func(r pickRow) any { return r.x.zoned(r.p.DecidedAt) }},
	{Head: "collect_by", Value: pickCollect}, {Head: "chosen", Value: pickChosen},
}

// collectionCSV is collection.csv's fixed columns, one row a winner not
// present; the contact columns of the entry files follow them.
var collectionCSV = table.Columns[pickRow]{
	{Head: "show", Value: func(r pickRow) any { return r.x.st.ID }}, {Head: "segment", Value: pickSegment}, {Head: "title", Value: pickTitle},
	{Head: "draw_date", Value: func(r pickRow) any { return r.p.DrawnAt.In(r.x.sh.Location).Format("2006-01-02") }},
	{Head: "pick", Value: pickNumber}, {Head: "ticket", Value: pickTicket}, {Head: "card", Value: pickCard}, {Head: "name", Value: pickName},
	{Head: "tier", Value: pickTier}, {Head: "property", Value: pickProperty}, {Head: "device", Value: pickDevice}, {Head: "area", Value: pickArea},
	{Head: "prize", Value: pickPrize}, {Head: "currency", Value: pickCurrency},
	{Head: "amount", Value: pickAmountText}, {Head: "paid_as", Value: pickPaidAs},
	{Head: "outcome", Value: pickOutcome},
	{Head: "why", Value: func(r pickRow) any { return Status(r.p) }}, {Head: "proxy", Value: pickProxy}, {Head: "proxy_id", Value: pickProxyID},
	{Head: "collect_by", Value: func(r pickRow) any { return r.x.CollectBy(r.p) }}, {Head: "chosen", Value: pickChosen},
}

// pickSheet is a segment's sheet of winners.xlsx: every pick, in the
// order drawn.
var pickSheet = table.Columns[pickRow]{
	{Head: "Pick", Width: 6, Value: pickNumber}, {Head: "Ticket", Width: 14, Value: pickTicket}, {Head: "Card", Width: 19, Value: pickCard}, {Head: "Name", Width: 28, Value: pickName},
	{Head: "Tier", Width: 8, Value: pickTier}, {Head: "Property", Width: 18, Value: pickProperty}, {Head: "Device", Width: 12, Value: pickDevice}, {Head: "Area", Width: 14, Value: pickArea},
	{Head: "Prize", Width: 14, Value: pickPrize}, {Head: "Amount", Width: 12, Value: pickAmountCell}, {Head: "Paid as", Width: 9, Value: pickPaidAs},
	{Head: "Outcome", Width: 12, Value: func(r pickRow) any { return outcomeName(r.p.Outcome) }},
	{Head: "Winner", Width: 8, Value: func(r pickRow) any {
		if r.p.Outcome.Wins() {
			return "yes"
		}
		return "no"
	}},
	{Head: "Drawn at", Width: 26, Value: func(r pickRow) any { return r.x.local(r.p.DrawnAt) }},
	{Head: "Decided at", Width: 26, Value: func(r pickRow) any { return r.x.local(r.p.DecidedAt) }},
	{Head: "Proxy", Width: 22, Value: pickProxy}, {Head: "Proxy ID", Width: 16, Value: pickProxyID}, {Head: "Collect by", Width: 12, Value: pickCollect},
	{Head: "Note", Width: 40, Value: func(r pickRow) any {
		switch {
		case r.p.Outcome == show.Void:
			return "void: " + r.p.Reason
		case r.p.Outcome == show.Declined && r.p.By == "register":
			return "on the decline register"
		}
		return ""
	}},
	{Head: "Chosen", Width: 22, Value: pickChosen},
}

// summaryWinners is the summary sheet's table of winners; the sheet's
// widths are its table of draws'.
var summaryWinners = table.Columns[pickRow]{
	{Head: "Segment", Value: pickSegment}, {Head: "Pick", Value: pickNumber}, {Head: "Ticket", Value: pickTicket}, {Head: "Card", Value: pickCard},
	{Head: "Name", Value: pickName}, {Head: "Property", Value: pickProperty}, {Head: "Device", Value: pickDevice}, {Head: "Area", Value: pickArea},
	{Head: "Prize", Value: pickPrize}, {Head: "Amount", Value: pickAmountCell}, {Head: "Paid as", Value: pickPaidAs},
	{Head: "Outcome", Value: pickOutcome}, {Head: "Proxy", Value: pickProxy},
	{Head: "Collect by", Value: pickCollect}, {Head: "Chosen", Value: pickChosen},
}

// drawRow is one draw as the summary's table of draws reads it.
type drawRow struct {
	x   *Set
	d   *RecordDraw
	seg *show.SegState
}

// summaryDraws is the summary sheet's table of draws, whose widths are
// the sheet's; its totals row adds up Winners and the prizes.
var summaryDraws = table.Columns[drawRow]{
	{Head: "Segment", Width: 22, Value: func(r drawRow) any { return r.d.Segment }},
	{Head: "Title", Width: 40, Value: func(r drawRow) any { return r.d.Title }},
	{Head: "Scheduled", Width: 16, Value: func(r drawRow) any { return r.x.localMinute(r.seg.Seg.At) }},
	{Head: "Bin frozen", Width: 19, Value: func(r drawRow) any { return r.x.local(r.seg.FrozenAt) }},
	{Head: "Rows", Width: 10, Value: func(r drawRow) any { return r.d.Rows }},
	{Head: "Participants", Width: 12, Value: func(r drawRow) any { return r.d.Participants }},
	{Head: "Tickets", Width: 12, Value: func(r drawRow) any { return r.d.TotalWeight }},
	{Head: "Exclusions removed", Width: 10, Value: func(r drawRow) any { return r.d.Excluded }},
	{Head: "Barred (won earlier)", Width: 10, Value: func(r drawRow) any { return r.d.Barred }},
	{Head: "Picks", Width: 8, Value: func(r drawRow) any { return len(r.d.Picks) }},
	{Head: "Winners", Width: 8, Value: func(r drawRow) any { return r.d.Winners }},
	{Head: "Wanted", Width: 8, Value: func(r drawRow) any { return r.d.Wanted }},
	{Head: "Fingerprint", Width: 66, Value: func(r drawRow) any { return r.d.Fingerprint }},
	{Head: "Ended short", Width: 30, Value: func(r drawRow) any { return r.d.EndedShort }},
	{Head: "Cash", Width: 12, Value: func(r drawRow) any { return r.d.Totals.Cash }},
	{Head: "Prizes in kind", Width: 12, Value: func(r drawRow) any { return r.d.Totals.InKind }},
	{Head: "Stated value in kind", Width: 14, Value: func(r drawRow) any { return r.d.Totals.InKindValue }},
}

// reportPicks is a draw's table of picks in report.pdf, widths in
// millimetres. A bonus jackpot's ticket is the device and its place the
// device's area (pdfCols names them so); a finalist's place is the
// property. Times are of the draw's day, with the date when another.
var reportPicks = table.Columns[pickRow]{
	{Head: "#", Width: 7, Align: "R", Value: func(r pickRow) any { return strconv.Itoa(r.p.K + 1) }},
	{Head: "Ticket", Width: 25, Align: "L", Value: pickTicket}, {Head: "Card", Width: 28.5, Align: "L", Value: pickCard}, {Head: "Name", Width: 31, Align: "L", Value: pickName},
	{Head: "Property", Width: 19, Align: "L", Value: func(r pickRow) any {
		if r.seg.Seg.Floor() {
			return r.area
		}
		return r.property
	}},
	{Head: "Prize", Width: 22, Align: "L", Value: pickPrize}, {Head: "Outcome", Width: 17.5, Align: "L", Value: func(r pickRow) any { return outcomeName(r.p.Outcome) }},
	{Head: "Drawn", Width: 15, Align: "L", Value: func(r pickRow) any { return r.clock(r.p.DrawnAt) }},
	{Head: "Decided", Width: 15, Align: "L", Value: func(r pickRow) any { return r.clock(r.p.DecidedAt) }},
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
