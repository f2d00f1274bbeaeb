package data

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"drawshow/show"
)

// RecordFormat names the layout of record.json.
const RecordFormat = "drawshow-record/1"

// Record is record.json: everything an auditor needs, with the bin files,
// to re-derive every pick.
type Record struct {
	Format     string       `json:"format"`
	Algorithm  string       `json:"algorithm"`
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
}

// RecordShow identifies the show.
type RecordShow struct {
	ID        string `json:"id"`
	Promotion string `json:"promotion"`
	Property  string `json:"property"`
	Rehearsal bool   `json:"rehearsal"`
	Timezone  string `json:"timezone,omitempty"`
	OpenedAt  string `json:"opened_at"`
	ClosedAt  string `json:"closed_at"`
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
	Picks        []RecordPick `json:"picks"`

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
}

// RecordChoice is what a winner chose and what it turned over to.
type RecordChoice struct {
	Item    string `json:"item,omitempty"` // empty: nothing left to choose, the jackpot was won
	Prize   string `json:"prize"`
	Amount  int64  `json:"amount,omitempty"`
	Jackpot bool   `json:"jackpot,omitempty"`
	By      string `json:"by"` // host, or engine for a consolation paid without choosing
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

// RecordPick is one pick of a draw.
type RecordPick struct {
	K           int           `json:"k"`
	Ticket      string        `json:"ticket"`
	Participant string        `json:"participant"`
	Outcome     string        `json:"outcome"`
	Prize       string        `json:"prize"`
	DrawnAt     string        `json:"drawn_at"`
	DecidedAt   string        `json:"decided_at"`
	Proxy       string        `json:"proxy,omitempty"`
	ProxyID     string        `json:"proxy_id,omitempty"`
	CollectBy   string        `json:"collect_by,omitempty"`
	Reason      string        `json:"reason,omitempty"`
	By          string        `json:"by,omitempty"`     // manual: the ticket was typed by hand from the physical bin
	Choice      *RecordChoice `json:"choice,omitempty"` // the card, ball or envelope the winner chose
}

// RecordChain is the show's place in the journal.
type RecordChain struct {
	Events int    `json:"events"`
	Head   string `json:"head"`
}

// Fold replays a show's journal into an engine over the recorded rows.
func (db *DB) Fold(showID string) (*show.Engine, error) {
	row, err := db.Show(showID)
	if err != nil {
		return nil, err
	}
	evs, err := db.Events(showID)
	if err != nil {
		return nil, err
	}
	return db.fold(row, evs)
}

// fold replays evs, the journal of the show row, over its recorded rows.
// An engine that folded part of the journal may come with an error.
func (db *DB) fold(row *ShowRow, evs []show.Event) (*show.Engine, error) {
	sh, err := show.Parse(row.File, row.FileText)
	if err != nil {
		return nil, fmt.Errorf("show %s: the recorded show file no longer parses: %v", row.ID, err)
	}
	at := time.Time{}
	if len(evs) > 0 {
		at = evs[len(evs)-1].At
	}
	eng, err := db.replay(row, sh, evs, func() time.Time { return at })
	if err != nil {
		return eng, fmt.Errorf("show %s: %v", row.ID, err)
	}
	return eng, nil
}

// LatestShow is the id of the most recently opened show.
func (db *DB) LatestShow() (string, error) {
	all, err := db.Shows()
	if err != nil {
		return "", err
	}
	if len(all) == 0 {
		return "", fmt.Errorf("%s holds no show", db.path)
	}
	return all[len(all)-1].ID, nil
}

func stamp(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// The files of an export besides the bins.
const (
	RecordFile     = "record.json"
	WinnersCSV     = "winners.csv"
	WinnersXLSX    = "winners.xlsx"
	ReportPDF      = "report.pdf"
	CollectionFile = "collection.csv"
)

// Export writes every file of a show's export to dir: see ExportAll.
func (db *DB) Export(showID, dir string) (*Record, error) {
	return db.ExportAll(showID, dir, nil)
}

// ExportAll writes a show's export to dir: the frozen bins (bins/ID.csv),
// winners.csv, winners.xlsx, report.pdf, collection.csv and, last,
// record.json. progress, if not nil, is called before each step with the
// step's name, the steps done and the steps in all, and once more at the
// end with done = total and the step "done"; the presenter shows it while
// the show closes.
func (db *DB) ExportAll(showID, dir string, progress func(step string, done, total int)) (*Record, error) {
	if progress == nil {
		progress = func(string, int, int) {}
	}
	x, err := db.exportSet(showID, func(bins int) { progress("reading the record", 0, bins+exportSteps) })
	if err != nil {
		return nil, err
	}
	total := len(x.rec.Draws) + exportSteps
	done := 0
	step := func(name string, write func(path string) error) error {
		done++
		progress(name, done, total)
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := write(path); err != nil {
			return fmt.Errorf("%s: %v", path, err)
		}
		return nil
	}
	if err := os.MkdirAll(filepath.Join(dir, "bins"), 0o755); err != nil {
		return nil, err
	}
	for _, d := range x.rec.Draws {
		es := x.st.Seg(d.Segment).Bin.Entries
		if err := step(d.Bin, func(p string) error { return writeBin(p, es) }); err != nil {
			return nil, err
		}
	}
	for _, f := range []struct {
		name  string
		write func(string) error
	}{
		{WinnersCSV, x.writeWinners},
		{WinnersXLSX, x.writeXLSX},
		{ReportPDF, x.writePDF},
		{CollectionFile, x.writeCollection},
		{RecordFile, x.writeRecord},
	} {
		if err := step(f.name, f.write); err != nil {
			return nil, err
		}
	}
	progress("done", total, total)
	return x.rec, nil
}

// exportSteps counts the steps of an export besides its bins: reading the
// record, then each file other than a bin.
const exportSteps = 6

// exportSet is what every file of an export is made from: the show as the
// fold of its journal, its record, and what the entry files said of every
// picked participant.
type exportSet struct {
	sh  *show.Show
	st  *show.State
	rec *Record
	who map[string]map[string]Person // segment id → card → person, for each picked participant
}

// exportSet folds a show and looks up its picked participants. started is
// told the number of frozen bins before the fold rebuilds them.
func (db *DB) exportSet(showID string, started func(bins int)) (*exportSet, error) {
	row, err := db.Show(showID)
	if err != nil {
		return nil, err
	}
	evs, err := db.Events(showID)
	if err != nil {
		return nil, err
	}
	bins := 0
	for _, e := range evs {
		if e.Kind == show.BinFrozen {
			bins++
		}
	}
	started(bins)
	eng, err := db.fold(row, evs)
	if err != nil {
		return nil, err
	}
	st := eng.State()
	if st.Opened == nil {
		return nil, fmt.Errorf("show %s: the journal has no show-opened event", showID)
	}
	x := &exportSet{sh: eng.Show, st: st, rec: newRecord(eng.Show, st), who: map[string]map[string]Person{}}
	if x.rec.Journal, err = db.showHead(showID); err != nil {
		return nil, err
	}
	for _, s := range st.Segs {
		if len(s.Picks) == 0 {
			continue
		}
		if x.who[s.Seg.ID], err = x.lookup(db, s); err != nil {
			return nil, err
		}
	}
	return x, nil
}

// lookup reads what the entry files said of a segment's picked
// participants: its own file's rows, a wild-card draw's month-end bin's,
// and for the winners of earlier draws in a manual bin or a Royal Flush,
// what those draws' files said of them.
func (x *exportSet) lookup(db *DB, s *show.SegState) (map[string]Person, error) {
	cards := make([]string, len(s.Picks))
	ticket := make(map[string]string, len(s.Picks))
	for i, p := range s.Picks {
		cards[i], ticket[p.Participant] = p.Participant, p.Ticket
	}
	rowsOf := ""
	switch {
	case s.Loaded != nil:
		rowsOf = s.Seg.ID
	case s.Frozen != nil && s.Frozen.From != "":
		rowsOf = s.Frozen.From
	}
	who := map[string]Person{}
	if rowsOf != "" {
		var err error
		if who, err = db.peopleOf(x.st.ID, rowsOf, cards, ticket); err != nil {
			return nil, err
		}
	}
	if len(s.Seg.From) == 0 || s.Seg.Kind == show.KindWildDraw {
		return who, nil
	}
	for _, src := range x.sh.Sources(s.Seg.From) {
		for card, p := range x.who[src.ID] {
			if _, ok := who[card]; !ok && slices.Contains(cards, card) {
				who[card] = p
			}
		}
	}
	return who, nil
}

// newRecord is record.json of a show's state.
func newRecord(sh *show.Show, st *show.State) *Record {
	rec := &Record{
		Format: RecordFormat, Algorithm: st.Opened.Algorithm,
		Show: RecordShow{
			ID: st.ID, Promotion: st.Opened.Promotion, Property: st.Opened.Property, Rehearsal: st.Opened.Rehearsal,
			Timezone: sh.Timezone, OpenedAt: stamp(st.OpenedAt), ClosedAt: stamp(st.ClosedAt),
		},
		Commitment: st.Opened.Commitment, Seed: st.Seed, Witness: st.Witness(),
		Draws: []RecordDraw{},
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
			ScheduledAt: stamp(s.Seg.At), Attendance: s.Seg.Attendance,
			FrozenAt: stamp(s.FrozenAt), Winners: s.Winners(), Wanted: s.Seg.Winners, Picks: []RecordPick{},
		}
		if s.Ended != nil {
			d.EndedShort = s.Ended.Reason
		}
		finaleDraw(sh, s, &d)
		for _, p := range s.Picks {
			rp := RecordPick{
				K: p.K, Ticket: p.Ticket, Participant: p.Participant, Outcome: outcomeName(p.Outcome), Prize: p.Won(),
				DrawnAt: stamp(p.DrawnAt), DecidedAt: stamp(p.DecidedAt), Proxy: p.Proxy, ProxyID: p.ProxyID,
				CollectBy: p.CollectBy, Reason: p.Reason,
			}
			if s.Seg.Manual {
				rp.By = "manual"
			}
			if c := p.Choice; c != nil {
				rp.Choice = &RecordChoice{Item: c.Item, Prize: c.Prize, Amount: c.Amount, Jackpot: c.Jackpot, By: c.By}
			}
			d.Picks = append(d.Picks, rp)
		}
		rec.Draws = append(rec.Draws, d)
	}
	rec.WildCards = wildCards(sh, st)
	rec.SmallDraws = smallDraws(sh, st)
	return rec
}

// outcomeName is an outcome as the exports write it.
func outcomeName(o show.Outcome) string {
	if o == show.Pending {
		return "pending"
	}
	return string(o)
}

func (x *exportSet) writeRecord(path string) error {
	b, err := json.MarshalIndent(x.rec, "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

func (db *DB) showHead(showID string) (RecordChain, error) {
	var c RecordChain
	var h []byte
	err := db.sql.QueryRow(`SELECT COUNT(*), (SELECT hash FROM journal WHERE show = ? ORDER BY seq DESC LIMIT 1) FROM journal WHERE show = ?`, showID, showID).Scan(&c.Events, &h)
	c.Head = fmt.Sprintf("%x", h)
	return c, err
}

// writeBin writes a bin file: header ticket,participant,weight, canonical order.
func writeBin(path string, es []show.Entry) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(f, 1<<16)
	w := csv.NewWriter(bw)
	w.Write([]string{"ticket", "participant", "weight"})
	rec := make([]string, 3)
	for _, e := range es {
		rec[0], rec[1], rec[2] = e.Ticket, e.Participant, strconv.FormatUint(e.Weight, 10)
		w.Write(rec)
	}
	w.Flush()
	if err := w.Error(); err != nil {
		f.Close()
		return err
	}
	if err := bw.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// writeWinners lists the winners with the names and tiers the entry files
// gave: the export keeps them whole.
func (x *exportSet) writeWinners(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := csv.NewWriter(f)
	w.Write([]string{"segment", "title", "k", "ticket", "card", "name", "tier", "prize", "outcome", "proxy", "proxy_id", "drawn_at", "decided_at", "collect_by", "chosen", "amount"})
	for _, s := range x.st.Segs {
		for _, p := range s.Picks {
			if !p.Outcome.Wins() {
				continue
			}
			pp := x.who[s.Seg.ID][p.Participant]
			w.Write([]string{s.Seg.ID, s.Seg.Title, strconv.Itoa(p.K), p.Ticket, p.Participant, pp.Name, pp.Tier.String(), p.Won(),
				string(p.Outcome), p.Proxy, p.ProxyID, stamp(p.DrawnAt), stamp(p.DecidedAt), p.CollectBy, chosen(s.Seg, &p), amount(&p)})
		}
	}
	w.Flush()
	if err := w.Error(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// Person is what an entry file said of a participant.
type Person struct {
	Name     string
	Tier     show.Tier
	Area     string // bonus jackpot: the device's area
	Property string // finalists: their casino
	Extra    map[string]string
}

// people looks up cards in a segment's imported rows: each card's first row.
func (db *DB) people(showID, segment string, cards []string) (map[string]Person, error) {
	return db.peopleOf(showID, segment, cards, nil)
}

// peopleOf reads what a segment's entry file said of cards: see lookup.
func (db *DB) peopleOf(showID, segment string, cards []string, prefer map[string]string) (map[string]Person, error) {
	im := importRange{segment: segment}
	if err := db.sql.QueryRow(`SELECT first, last FROM imports WHERE show = ? AND segment = ?`, showID, segment).Scan(&im.first, &im.last); err != nil {
		return nil, fmt.Errorf("segment %s: the imported entry file: %v", segment, err)
	}
	return db.lookup(im, cards, prefer)
}

// lookupBatch cards go in one query.
const lookupBatch = 256

// lookup reads what one imported entry file said of cards: the row of the
// ticket prefer names for the card (the picked ticket), else the card's
// first row. SQLite filters the file's rows, so a million-row file costs
// one scan in C per batch of cards rather than a million rows through Go.
func (db *DB) lookup(im importRange, cards []string, prefer map[string]string) (map[string]Person, error) {
	out := map[string]Person{}
	cards = slices.Compact(slices.Sorted(slices.Values(cards)))
	exact := map[string]bool{}
	for len(cards) > 0 {
		batch := cards[:min(len(cards), lookupBatch)]
		cards = cards[len(batch):]
		args := []any{im.first, im.last}
		for _, c := range batch {
			args = append(args, c)
		}
		rows, err := db.sql.Query(`SELECT ticket, card, name, tier, area, property, extra FROM entries WHERE rowid BETWEEN ? AND ? AND card IN (?`+
			strings.Repeat(`, ?`, len(batch)-1)+`) ORDER BY rowid`, args...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var tk, card string
			var p Person
			var tier int
			var extra *string
			if err := rows.Scan(&tk, &card, &p.Name, &tier, &p.Area, &p.Property, &extra); err != nil {
				rows.Close()
				return nil, err
			}
			want, hasWant := prefer[card]
			if _, seen := out[card]; exact[card] || seen && (!hasWant || tk != want) {
				continue
			}
			p.Tier = show.Tier(tier)
			if extra != nil {
				if err := json.Unmarshal([]byte(*extra), &p.Extra); err != nil {
					rows.Close()
					return nil, fmt.Errorf("segment %s card %s: extra columns: %v", im.segment, card, err)
				}
			}
			out[card] = p
			exact[card] = hasWant && tk == want
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}
