package record

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"

	"drawshow/data/internal/table"
	"drawshow/show"
)

// RecordFormat names the layout of record.json.
const RecordFormat = "drawshow-record/5"

// Record is record.json: everything an auditor needs, with the bin files,
// to re-derive every pick.
type Record struct {
	Format     string       `json:"format"`
	Algorithm  string       `json:"algorithm"`
	Rules      int          `json:"rules,omitempty"` // the edition of the host's rules (show.Rules); absent before editions
	Show       RecordShow   `json:"show"`
	Commitment string       `json:"commitment"`
	Seed       string       `json:"seed"`
	Witness    string       `json:"witness"`
	Draws      []RecordDraw `json:"draws"`
	// WildCards are the wild cards whose numbers are chosen; SmallDraws
	// the draws over a few labels that a finale also makes (cards, the
	// chest's jackpot ball, envelopes, numbers), listed once the seed is
	// revealed. Both are absent from a show without finale segments.
	WildCards  []RecordWildCard  `json:"wild_cards,omitempty"`
	SmallDraws []RecordSmallDraw `json:"small_draws,omitempty"`
	Journal    RecordChain       `json:"journal"`
	// Restarts are the starts of the program on the open show, each with
	// the time it was down since the record's last event.
	Restarts []RecordRestart `json:"restarts,omitempty"`
	// Carried are the earlier shows of the campaign database the show
	// carries anything from (barred cards, bonus entries, a jackpot's
	// ledger), each with its anchors: from rules edition 2.
	Carried []Source `json:"carried,omitempty"`
	// Totals adds up the prizes of the show's winners (each draw's are
	// on the draw).
	Totals Totals `json:"totals"`
}

// RecordUndone is a voided pick's decision before its void.
type RecordUndone struct {
	Outcome   string `json:"outcome"`
	By        string `json:"by"`
	DecidedAt string `json:"decided_at"`
}

// RecordRestart is a start of the program on the open show: from the
// record's last event to the start, in seconds down, and how it ran.
type RecordRestart struct {
	From string    `json:"from"`
	To   string    `json:"to"`
	Down float64   `json:"down_seconds"`
	Mode show.Mode `json:"mode"`
}

// RecordShow identifies the show.
type RecordShow struct {
	ID        string `json:"id"`
	Promotion string `json:"promotion"`
	Property  string `json:"property"`
	Rehearsal bool   `json:"rehearsal"`
	Timezone  string `json:"timezone,omitempty"`
	Currency  string `json:"currency,omitempty"` // of every amount
	OpenedAt  string `json:"opened_at"`
	ClosedAt  string `json:"closed_at"`
	// SeedSource says where the seed came from: crypto/rand, or for a
	// rehearsal that fixed it, fixed.
	SeedSource string `json:"seed_source"`
	// WitnessMode is each-draw when every segment's draws are keyed by a
	// draw witness too; absent for the one witness at open.
	WitnessMode string `json:"witness_mode,omitempty"`
	// From rules edition 2: the show's advertised time (its first
	// scheduled segment's), the night it was postponed from and why, the
	// machine's own clock when it opened, the mode it opened in (stage or
	// headless) and its clock's source (wall: the machine's; set: a
	// rehearsal's --clock).
	Advertised  string           `json:"advertised,omitempty"`
	Postponed   *RecordPostponed `json:"postponed,omitempty"`
	WallClock   string           `json:"wall_clock,omitempty"`
	Mode        string           `json:"mode,omitempty"`
	ClockSource string           `json:"clock_source,omitempty"`
}

// RecordPostponed is a show moved to another night (rule 84).
type RecordPostponed struct {
	From   string `json:"from"`
	Reason string `json:"reason"`
}

// RecordDraw is one frozen bin and its picks.
type RecordDraw struct {
	ID           string       `json:"id"`
	Segment      string       `json:"segment"`
	Title        string       `json:"title"`
	Bin          string       `json:"bin"`
	Fingerprint  string       `json:"fingerprint"`
	Entries      int          `json:"entries"`
	TotalWeight  uint64       `json:"total_weight"`
	Participants int          `json:"participants"`
	Rows         int          `json:"rows"`
	Excluded     int          `json:"excluded"`
	Barred       int          `json:"barred"`
	OutOfTier    int          `json:"out_of_tier"`
	Capped       uint64       `json:"capped"`
	ZeroTickets  int          `json:"zero_tickets"`
	ScheduledAt  string       `json:"scheduled_at,omitempty"`
	Attendance   string       `json:"attendance,omitempty"`
	FrozenAt     string       `json:"frozen_at"`
	Winners      int          `json:"winners"`
	Wanted       int          `json:"wanted"`
	EndedShort   string       `json:"ended_short,omitempty"`
	DrawWitness  *string      `json:"draw_witness,omitempty"` // W_d, typed after the freeze (witness each-draw)
	Picks        []RecordPick `json:"picks"`
	// BonusNoEntry are the winners whose bonus-jackpot wins earned no
	// bonus entry, having no entry in the draw that day, and
	// BonusWinsNoEntry those wins (bonus_entries, rules edition 3 on)
	BonusNoEntry     []string `json:"bonus_no_entry,omitempty"`
	BonusWinsNoEntry int      `json:"bonus_wins_no_entry,omitempty"`
	// PrintedUntil is the last moment a ticket could print for the draw
	// (printed_until, the show's time), and PrintedLate the rows printed
	// after it, kept out
	PrintedUntil string `json:"printed_until,omitempty"`
	PrintedLate  int    `json:"printed_late,omitempty"`
	Totals       Totals `json:"totals"` // the prizes of its winners
	// Redraws are why picks were sent back, and Marked a draw with more
	// than show.MaxRedraws of them (records of rules edition 1 on).
	Redraws []Redraw `json:"redraws,omitempty"`
	Marked  bool     `json:"marked,omitempty"`
	// Selection is the file of another system's choice the picks were
	// taken from in order, not derived (rules edition 1 on).
	Selection       string `json:"selection,omitempty"`
	SelectionSHA256 string `json:"selection_sha256,omitempty"`
	// SelectionPassed are the places of the selection passed over, with
	// the host's reasons; SelectionVersions the corrected files loaded
	// during the draw, each with the place it took effect from.
	SelectionPassed   []show.Passed     `json:"selection_passed,omitempty"`
	SelectionVersions []RecordSelection `json:"selection_versions,omitempty"`

	// Finale segments only; a plain draw has none of these.
	Kind        string         `json:"kind,omitempty"`         // the segment's kind, when not a plain draw
	Manual      bool           `json:"manual,omitempty"`       // every ticket typed by hand from a physical bin
	From        string         `json:"from,omitempty"`         // wild-card draw: the month-end bin whose rows it draws from
	Sources     []string       `json:"sources,omitempty"`      // manual bin, Royal Flush: the draws whose winners' receipts go in
	BarredCards []string       `json:"barred_cards,omitempty"` // the earlier winners the bin was frozen without
	Filtered    int            `json:"filtered,omitempty"`     // bonus jackpot: rows its spend, device and area rules keep out
	Choice      string         `json:"choice,omitempty"`       // what winners choose: cards, balls or envelopes
	Prizes      []string       `json:"prizes,omitempty"`       // Royal Flush: prizes p1..p5; bonus jackpot: the envelopes' values p1..pN
	Jackpot     *RecordJackpot `json:"jackpot,omitempty"`      // jackpot chest
}

// RecordJackpot is a jackpot chest's progressive jackpot this week, and
// how it was settled.
type RecordJackpot struct {
	Name        string `json:"name"`
	Currency    string `json:"currency"`
	Base        int64  `json:"base"`
	Step        int64  `json:"step"`
	Consolation int64  `json:"consolation"`
	Balls       int    `json:"balls"`
	Guaranteed  bool   `json:"guaranteed,omitempty"`
	Value       int64  `json:"value"`          // this week's jackpot, fixed when the bin froze
	Settled     bool   `json:"settled"`        // every winner chose: won, or grown for next week
	Won         bool   `json:"won,omitempty"`  // a winner chose the jackpot ball
	Next        int64  `json:"next,omitempty"` // next week's jackpot: base if won, else value + step
	// History is how the jackpot built up: the weeks of the campaign's
	// official shows before this one, oldest first (see SetLedger).
	History []RecordWeek `json:"history,omitempty"`
}

// RecordChoice is what a winner chose and what it turned over to.
type RecordChoice struct {
	Item    string `json:"item,omitempty"` // empty: nothing left to choose, the jackpot was won
	Prize   string `json:"prize"`
	Amount  int64  `json:"amount,omitempty"`
	Jackpot bool   `json:"jackpot,omitempty"`
	By      string `json:"by"` // host, or engine for a consolation paid without choosing
	// Witness is the choice witness typed after the choice (witness:
	// each-draw): what the item hid was derived from it under K_c.
	Witness string `json:"witness,omitempty"`
}

// RecordWildCard is a wild card: the numbers choosing which month-end bins
// its finalists come from, and who chose them.
type RecordWildCard struct {
	Segment string   `json:"segment"`
	Title   string   `json:"title"`
	From    string   `json:"from"`           // the month-end draw
	Bins    []string `json:"bins"`           // its bins' draws, by number from 1
	Numbers []int    `json:"numbers"`        // one per finalist, in draw order
	By      string   `json:"by"`             // host: typed from a physical draw; engine: drawn under SEGMENT/numbers
	Name    string   `json:"name,omitempty"` // who typed them
	Draws   []string `json:"draws"`          // its finalist draws, one per number
}

// RecordSmallDraw is a draw over a small bin of labels, each its own
// participant of weight 1, made by drawshow-v1 with its own draw id:
// SEGMENT/cards, SEGMENT/chest, SEGMENT/prizes/PICK or SEGMENT/numbers.
type RecordSmallDraw struct {
	ID          string   `json:"id"` // the draw id
	Segment     string   `json:"segment"`
	Of          string   `json:"of"`     // cards, chest, envelopes or numbers
	Labels      []string `json:"labels"` // the bin, in canonical order
	Fingerprint string   `json:"fingerprint"`
	Picks       []string `json:"picks"` // labels, in pick order from pick 0
	// Result is what the picks mean: the prizes behind A, K, Q, J, 10;
	// the jackpot ball; the prizes in envelopes 1..N; the bin numbers.
	Result []string `json:"result"`
}

// RecordSelection is a corrected selection file loaded during a draw.
type RecordSelection struct {
	File      string `json:"file"`
	SHA256    string `json:"sha256"`
	FromPlace int    `json:"from_place"` // the first place read from it, from 1
	At        string `json:"at"`
}

// RecordPick is one pick of a draw.
type RecordPick struct {
	K           int    `json:"k"`
	Ticket      string `json:"ticket"`
	Participant string `json:"participant"`
	Outcome     string `json:"outcome"`
	Prize       string `json:"prize"`
	DrawnAt     string `json:"drawn_at"`
	DecidedAt   string `json:"decided_at"`
	Proxy       string `json:"proxy,omitempty"`
	ProxyID     string `json:"proxy_id,omitempty"`
	CollectBy   string `json:"collect_by,omitempty"`
	Reason      string `json:"reason,omitempty"` // a void's, a forfeit's, a no-show's; an attested decline's note
	// Attested marks a decline the host attested from a paper register
	// (Reason says where it is signed), not a register the record holds.
	Attested bool `json:"attested,omitempty"`
	// AfterRestart marks a decision the host took on a countdown that
	// ended while the program was down.
	AfterRestart bool `json:"after_restart,omitempty"`
	// Undone is the decision a void undid, from rules edition 1 on.
	Undone *RecordUndone `json:"undone,omitempty"`
	By     string        `json:"by,omitempty"`     // manual: the ticket was typed by hand from the physical bin
	Choice *RecordChoice `json:"choice,omitempty"` // the card, ball or envelope the winner chose
	// Amount is the sum the prize states, in whole units of the show's
	// currency (see show.ParsePrize); PaidAs says cash or in kind.
	Amount int64  `json:"amount,omitempty"`
	PaidAs string `json:"paid_as,omitempty"`
	// Device is a bonus winner's device (the pick's ticket); Area the
	// device's area and Property a finalist's casino, as the entry file
	// gave them (people.json).
	Device   string `json:"device,omitempty"`
	Area     string `json:"area,omitempty"`
	Property string `json:"property,omitempty"`
}

// RecordChain is the show's place in the journal.
type RecordChain struct {
	Events  int    `json:"events"`
	Head    string `json:"head"`
	HeadSeq int64  `json:"head_seq"` // the seq of the show's last row: with Head, the anchor printed at close
}

// Anchor is a journal row as printed on paper to be checked with verify
// --anchor: "record SEQ · hhhh hhhh hhhh hhhh", the first 16 hex digits
// of its hash in groups of four.
func Anchor(seq int64, hash string) string {
	h := hash[:min(16, len(hash))]
	var g []string
	for i := 0; i < len(h); i += 4 {
		g = append(g, h[i:min(i+4, len(h))])
	}
	return fmt.Sprintf("record %d · %s", seq, strings.Join(g, " "))
}

// The files an archive adds to the export.
const (
	ArchiveDB = "campaign.db" // the consistent copy of the campaign database
	SumsFile  = "SHA256SUMS"  // sha256sum's format, over every other file
)

// The files of an export besides the bins.
const (
	RecordFile     = "record.json"
	ShowFile       = "show.yaml"     // the show file as the record stores it
	JournalFile    = "journal.jsonl" // the show's journal rows, see Row
	PeopleFile     = "people.json"   // see People
	WinnersCSV     = "winners.csv"
	WinnersXLSX    = "winners.xlsx"
	ReportPDF      = "report.pdf"
	CollectionFile = "collection.csv"
	// StandingsFile: the leaderboards' final standings, in an export of a
	// show that recorded any
	StandingsFile = "standings.csv"
)

// OpenTheWorkbook says, where an export is written, which file a person
// opens: a spreadsheet's default import of a CSV (a double-click) reads
// it in the system's code page and takes a card or ticket of digits for
// a number (0000000042 becomes 42, a sixteenth digit is lost), so the
// CSV lists are for machines and winners.xlsx, whose cells are text,
// is for people.
const OpenTheWorkbook = "for people: open " + WinnersXLSX + " (winners, collection, contacts and standings, every card and ticket as written); the .csv files are for machines: a spreadsheet opening one changes names, cards and tickets"

// New is record.json of a show's state.
func New(sh *show.Show, st *show.State) *Record {
	rec := &Record{
		Format: RecordFormat, Algorithm: st.Opened.Algorithm, Rules: st.Opened.Rules,
		Show: RecordShow{
			ID: st.ID, Promotion: st.Opened.Promotion, Property: st.Opened.Property, Rehearsal: st.Opened.Rehearsal,
			Timezone: sh.Timezone, Currency: sh.Currency, OpenedAt: table.Stamp(st.OpenedAt), ClosedAt: table.Stamp(st.ClosedAt), SeedSource: "crypto/rand",
		},
		Commitment: st.Opened.Commitment, Seed: st.Seed, Witness: st.Witness(),
		Draws: []RecordDraw{},
	}
	for _, d := range st.Restarts {
		rec.Restarts = append(rec.Restarts, RecordRestart{From: table.Stamp(d.From), To: table.Stamp(d.To), Down: d.To.Sub(d.From).Seconds(), Mode: d.Mode})
	}
	if st.Opened.FixedSeed {
		rec.Show.SeedSource = "fixed (rehearsal)"
	}
	if o := st.Opened; o.Rules >= 2 {
		rec.Show.Advertised, rec.Show.WallClock = table.Stamp(sh.Advertised()), table.Stamp(o.WallClock)
		rec.Show.Mode, rec.Show.ClockSource = string(o.Mode), string(o.ClockSource)
		if p := sh.Postponed; p != nil {
			rec.Show.Postponed = &RecordPostponed{From: table.Stamp(p.From), Reason: p.Reason}
		}
	}
	if sh.Witness == show.WitnessEachDraw {
		rec.Show.WitnessMode = string(show.WitnessEachDraw)
	}
	for _, s := range st.Segs {
		if s.Frozen == nil {
			continue
		}
		f := s.Frozen
		d := RecordDraw{
			ID: s.Seg.ID, Segment: s.Seg.ID, Title: s.Seg.Title, Bin: "bins/" + s.Seg.ID + ".csv",
			Fingerprint: f.Fingerprint, Entries: f.Entries, TotalWeight: f.TotalWeight,
			Participants: f.Participants, Rows: f.Rows, Excluded: len(f.Excluded), Barred: len(f.Barred),
			OutOfTier: f.OutOfTier, Capped: f.Capped, ZeroTickets: f.Zero,
			ScheduledAt: table.Stamp(s.Seg.At), Attendance: string(s.Seg.Attendance),
			FrozenAt: table.Stamp(s.FrozenAt), Winners: s.Winners(), Wanted: s.Seg.Winners, Picks: []RecordPick{},
		}
		if s.Ended != nil {
			d.EndedShort = s.Ended.Reason
		}
		d.DrawWitness = s.DrawWitness
		d.BonusNoEntry = f.NoEntry
		d.BonusWinsNoEntry = NoEntryWins(f)
		d.PrintedUntil, d.PrintedLate = f.PrintedUntil, f.Late
		if st.Opened.Rules >= 1 {
			d.Redraws, d.Marked = RedrawsOf(s), s.Marked()
			if l := s.Lists; l != nil && l.SelectedFile != "" {
				d.Selection, d.SelectionSHA256 = l.SelectedFile, l.SelectedSHA256
			}
			if len(s.Selections) > 0 {
				d.Selection, d.SelectionSHA256 = s.Selections[0].File, s.Selections[0].SHA256
			}
			d.SelectionPassed = s.Passed
			for _, v := range s.Selections[min(1, len(s.Selections)):] {
				d.SelectionVersions = append(d.SelectionVersions, RecordSelection{File: v.File, SHA256: v.SHA256, FromPlace: v.From, At: table.Stamp(v.At)})
			}
		}
		finaleDraw(sh, s, &d)
		for _, p := range s.Picks {
			rp := RecordPick{
				K: p.K, Ticket: p.Ticket, Participant: p.Participant, Outcome: outcomeName(p.Outcome), Prize: p.Won(),
				DrawnAt: table.Stamp(p.DrawnAt), DecidedAt: table.Stamp(p.DecidedAt), Proxy: p.Proxy, ProxyID: p.ProxyID,
				CollectBy: p.CollectBy, Reason: p.Reason,
			}
			if s.Seg.Manual {
				rp.By = "manual"
			}
			rp.Attested, rp.AfterRestart = Attested(&p), p.AfterRestart
			if u := p.Undone; u != nil && st.Opened.Rules >= 1 {
				rp.Undone = &RecordUndone{Outcome: string(u.Outcome), By: u.By, DecidedAt: table.Stamp(u.At)}
			}
			if c := p.Choice; c != nil {
				rp.Choice = &RecordChoice{Item: c.Item, Prize: c.Prize, Amount: c.Amount, Jackpot: c.Jackpot, By: c.By, Witness: c.Witness}
			}
			pr := PrizeOf(sh.Currency, &p)
			rp.Amount, rp.PaidAs = pr.Amount, PaidAs(pr)
			if s.Seg.Floor() {
				rp.Device = p.Ticket
			}
			d.Picks = append(d.Picks, rp)
		}
		d.Totals = SegTotals(sh.Currency, s)
		rec.Totals.Plus(d.Totals)
		rec.Draws = append(rec.Draws, d)
	}
	rec.WildCards = wildCards(sh, st)
	rec.SmallDraws = smallDraws(sh, st)
	return rec
}

// winnersTable lists the winners with the names and tiers the entry
// files gave: the export keeps them whole.
func (x *Set) winnersTable() Table {
	t := Table{File: WinnersCSV, Heads: winnersCSV.Heads()}
	for _, s := range x.st.Segs {
		for i := range s.Picks {
			if p := &s.Picks[i]; p.Outcome.Wins() {
				t.Rows = append(t.Rows, Line{rowName(s.Seg.ID, p.K), winnersCSV.Texts(x.pickRow(s, p))})
			}
		}
	}
	return t
}

// Person is what an entry file said of a participant.
type Person struct {
	Name     string
	Tier     show.Tier
	Area     string // bonus jackpot: the device's area
	Property string // finalists: their casino
	Extra    map[string]string
}

// outcomeName is an outcome as the exports write it.
func outcomeName(o show.Outcome) string {
	if o == show.Pending {
		return "pending"
	}
	return string(o)
}

// writeRecord writes record.json.
func (x *Set) writeRecord(path string) error {
	b, err := json.MarshalIndent(x.rec, "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

// FormatNumber is the number of a record format: 3 for drawshow-record/3.
func FormatNumber(format string) (int, bool) {
	n, err := strconv.Atoi(strings.TrimPrefix(format, "drawshow-record/"))
	return n, err == nil && strings.HasPrefix(format, "drawshow-record/") && n > 0
}

// Since names what each record format added to the export, by the
// format that first wrote it: a field of record.json by its path, the
// elements of a list under the list's name ("record.json draws.picks.
// undone"), or a list's column ("winners.csv prize"). verify does not
// ask an export of an earlier format for it. Everything not named here
// is in every format from drawshow-record/3, the first verify reads.
var Since = map[string]int{
	ContactsFile:                            4, // the winners not present's numbers for an SMS upload
	WinnersXLSX + " sheet " + ContactsSheet: 4, // the same, for a person
	// collection.csv and standings.csv for a person, every cell text
	WinnersXLSX + " sheet " + CollectionSheet: 5,
	WinnersXLSX + " sheet " + StandingsSheet:  5,
}

// Added reports whether what names (a key of Since) came after format.
func Added(what string, format int) bool { return Since[what] > format }
