package record

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"drawshow/data/internal/pdfpage"
	"drawshow/data/internal/table"
	"drawshow/show"
)

// report lays out report.pdf.
type report struct {
	pdfpage.Page
	x *Set
}

// writePDF writes report.pdf, the auditor's report, printable on A4: on the
// first page the show, commitment, seed, witness, algorithm and how to
// verify; then per draw, each on its own page, its times, entry file,
// fingerprint, counts and every pick in order with its outcome and time,
// voids with their reasons; the jackpot ledger; and signature lines for the
// independent auditor and the promotions manager. Every page of a
// rehearsal's report says REHEARSAL in its header and across the page.
func (x *Set) writePDF(path string) error {
	at := x.st.ClosedAt
	if at.IsZero() {
		at = x.st.LastAt
	}
	o := x.st.Opened
	pg := pdfpage.New(fmt.Sprintf("%s, %s: draw report, show %s", o.Promotion, o.Property, x.st.ID), x.banner(), at)
	p := pg.P
	r := &report{Page: pg, x: x}
	p.SetHeaderFunc(r.header)
	p.SetFooterFunc(r.footer)

	p.AddPage()
	r.cover()
	for _, s := range x.st.Segs {
		r.segment(s)
	}
	r.jackpot()
	r.signatures()
	if err := p.Error(); err != nil {
		return err
	}
	return p.OutputFileAndClose(path)
}

func (r *report) header() {
	p, x := r.P, r.x
	p.SetXY(pdfpage.Margin, 8)
	r.Font("B", 10)
	if x.st.Opened.Rehearsal {
		p.SetFillColor(192, 0, 0)
		p.SetTextColor(255, 255, 255)
		r.Cell(pdfpage.BodyW, 7, "REHEARSAL - NOT AN OFFICIAL RESULT", "", 1, "C", true)
		// under the page's content; the line below may lose its first word
		// to pdftotext -nodiag
		r.Watermark("REHEARSAL")
	} else {
		p.SetTextColor(55, 86, 35)
		r.Cell(pdfpage.BodyW, 7, OfficialBanner, "", 1, "C", false)
	}
	o := x.st.Opened
	right := "show " + x.st.ID
	if o.Rules >= 2 {
		// every page says how the show was run and on what clock
		right += " (" + RunWords(o) + ")"
	}
	r.RunningHead(fmt.Sprintf("%s, %s", o.Promotion, o.Property), right)
}

// RunWords say how a show was run (rules edition 2 on): its mode and its
// clock's source, "headless, on the machine's clock".
func RunWords(o *show.Opened) string {
	clock := "machine's clock"
	if o.ClockSource == show.ClockSet {
		clock = "clock set by hand"
	}
	return string(o.Mode) + ", " + clock
}

// nightWords say when the show was advertised for, and postponed from.
func (x *Set) nightWords() string {
	at := x.sh.Advertised()
	w := "no time advertised: the show's date is the day it opened"
	if !at.IsZero() {
		w = x.local(at)
	}
	if p := x.sh.Postponed; p != nil {
		w += fmt.Sprintf("; postponed from %s (%s)", x.local(p.From), p.Reason)
	}
	return w
}

func (r *report) footer() {
	x := r.x
	r.RunningFoot(fmt.Sprintf("%s draw report, show %s", x.st.Opened.Algorithm, x.st.ID), 0.7, x.st.Opened.Rehearsal)
}

func (r *report) cover() {
	x, o := r.x, r.x.st.Opened
	r.H1("Draw report")
	r.Font("", 12)
	r.MultiCell(pdfpage.BodyW, 6, pdfpage.Clean(fmt.Sprintf("%s, %s", o.Promotion, o.Property)), "", "L", false)
	r.P.Ln(2)
	if o.Rehearsal {
		r.Font("B", 11)
		r.P.SetTextColor(192, 0, 0)
		r.MultiCell(pdfpage.BodyW, 5.5, "REHEARSAL: this show was a rehearsal. Its picks are for training and testing and are never an official result.", "", "L", false)
		r.P.SetTextColor(0, 0, 0)
		r.P.Ln(2)
	}
	closed := x.local(x.st.ClosedAt)
	if closed == "" {
		closed = "not closed"
	}
	r.KV("Show", x.st.ID, false)
	r.KV("Show file", o.File, false)
	r.KV("Show file SHA-256", o.FileSHA256, true)
	r.KV("Timezone", x.sh.Timezone+", "+x.offset(x.st.OpenedAt)+" (all times below)", false)
	r.KV("Currency", x.sh.Currency+" (every amount)", false)
	if o.Rules >= 2 {
		r.KV("Advertised", x.nightWords(), false)
		r.KV("Opened", x.local(x.st.OpenedAt)+" by the show clock; the machine's clock said "+x.local(o.WallClock), false)
		r.KV("Run", RunWords(o), false)
	} else {
		r.KV("Opened", x.local(x.st.OpenedAt), false)
	}
	r.KV("Closed", closed, false)
	r.KV("Draws", fmt.Sprintf("%d of %d segments drawn", len(x.rec.Draws), len(x.st.Segs)), false)
	r.KV("Journal", fmt.Sprintf("%d events of this show", x.rec.Journal.Events), false)
	r.KV("Journal head", x.rec.Journal.Head, true)
	if x.st.Closed {
		// the anchor on paper: verify --anchor SEQ:HEX holds a record to it
		r.KV("Chain head at close", Anchor(x.rec.Journal.HeadSeq, x.rec.Journal.Head), true)
	}

	if o.Rules >= 1 {
		r.KV("Rules", fmt.Sprintf("edition %d of the host's rules", o.Rules), false)
		r.KV("Redraws", redrawSummary(x.st), false)
	}
	if o.Rules >= 1 || len(x.st.Restarts) > 0 {
		r.KV("Restarts", x.restartWords(), false)
	}

	r.lists(x.st.Lists)
	r.totals()
	r.carried()

	r.H2("Commitment, seed and witness")
	r.KV("Algorithm", o.Algorithm, false)
	r.KV("Commitment C", o.Commitment, true)
	if x.st.Seed == "" {
		r.KV("Seed S", "not revealed: the show is not closed, so the picks cannot be re-derived yet", false)
	} else {
		r.KV("Seed S", x.st.Seed, true)
	}
	r.KV("Witness W", x.witness(), false)
	if x.sh.Witness == show.WitnessEachDraw {
		r.KV("Witness mode", "each-draw: every segment's draws are keyed by a draw witness typed after its bin froze (on each draw's page)", false)
	}
	if x.st.Witnessed() {
		r.KV("Auditor's key", x.sh.AuditorKey.String(), true)
		r.KV("Countersigned", fmt.Sprintf("%d checkpoint(s) of the journal countersigned by the auditor's witness", x.st.Cosigns), false)
		un := x.st.UnwitnessedPicks(x.sh.Location)
		if len(un) == 0 {
			un = []string{"none: every pick was keyed by the auditor's witness and shown once it countersigned it"}
		}
		r.KV("Unwitnessed", strings.Join(un, "; "), false)
	}

	r.H2("How to verify")
	steps := []string{
		"The commitment C was recorded and shown when the show opened, before any bin was frozen. Check that SHA-256 of the seed S (32 bytes, in hex above) is C.",
		"The key is K = SHA-256(S || W), with W the witness in UTF-8 (empty if none).",
	}
	if x.sh.Witness == show.WitnessEachDraw {
		steps = append(steps, "Each segment's draws use K_d = SHA-256(K || 0x00 || segment id || 0x00 || W_d) in place of K, with W_d the draw witness in UTF-8 printed on its page, typed after its bin was frozen.")
	}
	steps = append(steps, []string{
		"For each draw, recompute the fingerprint F from its bin file bins/ID.csv: SHA-256 of the lines ticket TAB participant TAB weight LF, without the header (and without the banner line above the header of a rehearsal's bin), in ascending ticket order by bytes. It must be the fingerprint printed below.",
		pickStep(x.st),
	}...)
	if x.finale() {
		steps = append(steps, "The cards of a Royal Flush, a chest's jackpot ball, a bonus winner's envelopes and a wild card's numbers drawn electronically are draws of the same kind over a small bin of labels, each its own participant of weight 1: p1..p5 under draw_id SEGMENT/cards (picks 0..4 are the prizes, in the show file's order, behind A, K, Q, J, 10); balls 01..N under SEGMENT/chest (pick 0 is the jackpot ball); p1..pN under SEGMENT/prizes/PICK (pick i is the prize in envelope i+1); bins 1..N under SEGMENT/numbers. record.json lists them under small_draws once the seed is revealed. A ticket drawn by hand from a physical bin is not re-derived: it must be in the frozen bin, its participant not drawn before in that draw, and it leaves the pool like any pick.")
	}
	steps = append(steps, "\"drawshow verify DIR\" re-derives every pick of this export and every choice, \"drawshow verify FILE.zip\" checks an archive, and \"drawshow verify --db FILE\" checks the journal's hash chain and re-derives every closed show in it; each names any mismatch.")
	for i, s := range steps {
		r.Text(fmt.Sprintf("%d. %s", i+1, s))
		r.P.Ln(1)
	}
}

func (r *report) segment(s *show.SegState) {
	x, p := r.x, r.P
	p.AddPage() // each draw starts a page
	r.H2(fmt.Sprintf("%s (%s)", s.Seg.Title, s.Seg.ID))
	sched := x.localMinute(s.Seg.At)
	if sched == "" {
		sched = "not scheduled"
	}
	r.KV("Scheduled", sched, false)
	if s.Seg.Numbers() {
		for _, kv := range x.finaleLines(s) {
			r.KV(kv[0], kv[1], false)
		}
		return
	}
	if s.Frozen == nil {
		r.KV("Actual", "not drawn: the bin was never frozen", false)
		return
	}
	f := s.Frozen
	actual := "bin frozen " + x.local(s.FrozenAt)
	if len(s.Picks) > 0 {
		actual += "; first pick " + x.local(s.Picks[0].DrawnAt)
		last := s.Picks[0].DrawnAt
		for _, pk := range s.Picks {
			last = later(last, pk.DecidedAt)
		}
		actual += "; last decision " + x.local(last)
	}
	r.KV("Actual", actual, false)
	switch {
	case s.DrawWitness != nil:
		r.KV("Draw witness W_d", fmt.Sprintf("%q, typed after the freeze", *s.DrawWitness), false)
	case x.sh.Witness == show.WitnessEachDraw:
		r.KV("Draw witness W_d", "not given: nothing of this segment was derived", false)
	}
	if s.Loaded != nil {
		r.KV("Entry file", fmt.Sprintf("%s, %s rows", s.Loaded.File, show.Thousands(s.Loaded.Rows)), false)
		r.KV("Entry file SHA-256", s.Loaded.SHA256, true)
	}
	r.lists(firstSelection(s))
	r.selection(s)
	rules := s.Seg
	if f.From != "" {
		if src := x.st.Seg(f.From); src != nil {
			rules = src.Seg // a wild-card draw: the month-end bin's rules over its rows
		}
	}
	r.KV("Rules", RulesOf(rules), false)
	for _, kv := range x.finaleLines(s) {
		r.KV(kv[0], kv[1], false)
	}
	r.KV("Fingerprint F", f.Fingerprint, true)
	r.KV("Rows", x.rowsWords(s), false)
	r.KV("Participants", show.Thousands(f.Participants)+" in the bin", false)
	r.KV("Tickets", fmt.Sprintf("%s (total weight), on %s bin lines", show.Thousands(f.TotalWeight), show.Thousands(f.Entries)), false)
	r.KV("Exclusions removed", fmt.Sprintf("%s card(s) on %s", show.Thousands(len(f.Excluded)), exclusionWords(r.x.st.Lists)), false)
	r.KV("Barred", fmt.Sprintf("%s earlier winner(s) of this show (win once)", show.Thousands(len(f.Barred))), false)
	if f.OutOfTier > 0 || f.Capped > 0 || f.Zero > 0 {
		r.KV("Also left out", fmt.Sprintf("%s row(s) of tiers not in this draw; %s ticket(s) over the cap; %s participant(s) with zero tickets",
			show.Thousands(f.OutOfTier), show.Thousands(f.Capped), show.Thousands(f.Zero)), false)
	}
	if f.PrintedUntil != "" {
		r.KV("Printed late", fmt.Sprintf("%s row(s) printed after %s, the last moment a ticket could print for this draw (printed_until %s): kept out",
			show.Thousands(f.Late), f.PrintedUntil, s.Seg.PrintedUntil), false)
	}
	if n := NoEntryWins(f); n > 0 {
		r.KV("Bonus entries", fmt.Sprintf("%d bonus-jackpot win(s) earned none, the winner having no entry in this draw that day: %s",
			n, strings.Join(f.NoEntry, ", ")), false)
	}
	won := fmt.Sprintf("%d of %d decided", s.Winners(), s.Seg.Winners)
	if s.Ended != nil {
		won += "; ended short: " + s.Ended.Reason
	}
	r.KV("Winners", won, false)
	if x.st.Opened.Rules >= 1 {
		r.KV("Redraws", RedrawWords(s), false)
	}
	r.KV("Prizes won", SegTotals(x.sh.Currency, s).Words(x.sh.Currency), false)
	p.Ln(2)
	r.picks(s)
}

func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

// pdfCols are a table's columns as the PDF lays them out. A bonus
// jackpot's ticket is its device, and its place the device's area.
func pdfCols[R any](cs table.Columns[R], seg *show.Segment) []pdfpage.Col {
	out := make([]pdfpage.Col, len(cs))
	for i, c := range cs {
		out[i] = pdfpage.Col{Title: c.Head, W: c.Width, Align: c.Align}
		if seg != nil && seg.Floor() {
			switch c.Head {
			case "Ticket":
				out[i].Title = "Device"
			case "Property":
				out[i].Title = "Area"
			}
		}
	}
	return out
}

func (r *report) picks(s *show.SegState) {
	x, p := r.x, r.P
	if len(s.Picks) == 0 {
		r.Text("No pick was drawn.")
		return
	}
	cols := pdfCols(reportPicks, s.Seg)
	r.Room(6 + 2*5.2)
	r.TableHeader(cols)
	won := slices.IndexFunc(reportPicks, func(c table.Column[pickRow]) bool { return c.Head == "Outcome" })
	for i := range s.Picks {
		pk := &s.Picks[i]
		r.TableRow(cols, reportPicks.Texts(x.pickRow(s, pk)), func(j int) bool { return j == won && pk.Outcome.Wins() })
	}
	p.Ln(1.5)
	var notes, voids []string
	for i := range s.Picks {
		pk := &s.Picks[i]
		if pk.Outcome == show.Void {
			v := fmt.Sprintf("Pick %d (ticket %s, card %s) voided at %s: %s", pk.K+1, pk.Ticket, pk.Participant, x.local(pk.DecidedAt), pk.Reason)
			if u := pk.Undone; u != nil && x.st.Opened.Rules >= 1 {
				v = fmt.Sprintf("Pick %d (ticket %s, card %s): %s by the %s at %s, voided at %s: %s",
					pk.K+1, pk.Ticket, pk.Participant, u.Outcome, u.By, x.local(u.At), x.local(pk.DecidedAt), pk.Reason)
			}
			voids = append(voids, v)
			continue
		}
		arrived := x.arrivedAt(s, pk)
		if n := x.note(pk); n != "" || pk.Outcome == show.Declined || pk.Outcome == show.ToContact || pk.Choice != nil || !arrived.IsZero() {
			line := fmt.Sprintf("Pick %d: %s", pk.K+1, Status(pk))
			if !arrived.IsZero() {
				line += "; the team reached device " + pk.Ticket + " at " + x.local(arrived) + ", its seconds ran from then"
			}
			if n != "" {
				line += "; " + n
			}
			if c := Chosen(s.Seg, pk); c != "" {
				line += "; " + c + ", prize " + pk.Won()
			}
			notes = append(notes, line)
		}
	}
	r.Font("I", 8.5)
	for _, n := range notes {
		r.Room(4.4)
		r.MultiCell(pdfpage.BodyW, 4.4, pdfpage.Clean(n), "", "L", false)
	}
	r.Room(4.4)
	if len(voids) == 0 {
		r.MultiCell(pdfpage.BodyW, 4.4, "Voids: none.", "", "L", false)
	}
	for _, v := range voids {
		r.Room(4.4)
		r.MultiCell(pdfpage.BodyW, 4.4, pdfpage.Clean("Void: "+v), "", "L", false)
	}
}

func (r *report) jackpot() {
	r.H2("Progressive jackpot ledger")
	x, n := r.x, 0
	for _, s := range x.st.Segs {
		if s.Seg.Jackpot == nil || s.Frozen == nil {
			continue
		}
		n++
		r.KV(s.Seg.Title, fmt.Sprintf("jackpot %s: %s this week; %s", s.Seg.Jackpot.Name, show.Money(x.sh.Currency, s.Frozen.Jackpot), x.settlement(s)), false)
		r.history(s)
	}
	if n == 0 {
		r.Text("No progressive jackpot in this show: there is no jackpot movement to report.")
	}
}

// carried lists the earlier shows the show carries anything from, with
// their anchors, as the auditor's list of official shows gives them
// (verify --db --anchors).
func (r *report) carried() {
	src := r.x.rec.Carried
	if len(src) == 0 {
		return
	}
	r.H2("Carried over from earlier shows")
	r.Text("What this show's draws took from earlier shows of the campaign database, and each show's anchors: its commitment and its closing chain head, as the auditor's list of official shows has them (drawshow verify --db FILE --anchors FILE).")
	for _, s := range src {
		r.Room(24)
		r.KV("Show", s.Show+" ("+s.Date+")", false)
		r.KV("Anchors", s.Anchor(), true)
		if !s.Closed {
			r.KV("", "not closed: its head is its last row so far", false)
		}
		r.KV("Gives", s.Gives(), false)
	}
}

// totals adds up the prizes won, draw by draw and for the night.
func (r *report) totals() {
	x := r.x
	r.H2("Prizes won")
	for _, d := range x.rec.Draws {
		r.KV(d.Segment, d.Totals.Words(x.sh.Currency), false)
	}
	r.Font("B", 9.5)
	r.KV("The night", x.rec.Totals.Words(x.sh.Currency), false)
}

// history is how a chest's jackpot built up, week by week: the official
// shows before this one, then this week.
func (r *report) history(s *show.SegState) {
	x, p := r.x, r.P
	j := s.Seg.Jackpot
	hist := x.ledger[j.Name]
	money := func(v int64) string { return show.Money(x.sh.Currency, v) }
	p.Ln(1)
	if len(hist) == 0 {
		r.Text(fmt.Sprintf("How it built up: the ledger of %s has no earlier week in this campaign database; this week starts it at %s.", j.Name, money(s.Frozen.Jackpot)))
		return
	}
	r.Text(fmt.Sprintf("How it built up: the weeks of %s before this show in the campaign database, each at its value when its bin froze.", j.Name))
	p.Ln(1)
	cols := []pdfpage.Col{{Title: "Week", W: 12, Align: "R"}, {Title: "Date", W: 22, Align: "L"}, {Title: "Show", W: 66, Align: "L"}, {Title: "Value", W: 24, Align: "R"}, {Title: "Result", W: 30, Align: "L"}, {Title: "Next", W: 24, Align: "R"}}
	r.TableHeader(cols)
	plain := func(int) bool { return false }
	for i, w := range hist {
		r.TableRow(cols, []string{fmt.Sprint(i + 1), w.Date, w.Show, money(w.Value), map[bool]string{true: "won", false: "not won"}[w.Won], money(w.Next)}, plain)
	}
	result, next := "not settled", ""
	if t := s.Settled; t != nil {
		result, next = map[bool]string{true: "won", false: "not won"}[t.Won], money(t.Next)
	}
	r.TableRow(cols, []string{fmt.Sprint(len(hist) + 1), s.FrozenAt.In(x.sh.Location).Format(time.DateOnly), x.st.ID + " (this show)", money(s.Frozen.Jackpot), result, next},
		func(int) bool { return true })
	p.Ln(2)
}

func (r *report) signatures() {
	r.SignatureLines(130, "Signed as a true record of the draws above.", "Host", "Independent auditor", "Promotions manager")
}

// firstSelection is s's lists as first loaded: a selection corrected
// during the draw is listed after it (selection).
func firstSelection(s *show.SegState) *show.Lists {
	if s.Lists == nil || len(s.Selections) < 2 {
		return s.Lists
	}
	l := *s.Lists
	l.SelectedFile, l.SelectedSHA256 = s.Selections[0].File, s.Selections[0].SHA256
	return &l
}

// selection prints the places of a selection passed over, with the
// host's reasons, and the corrected files loaded during the draw.
func (r *report) selection(s *show.SegState) {
	for _, p := range s.Passed {
		r.KV(fmt.Sprintf("Place %d passed over", p.Place), fmt.Sprintf("ticket %s: %s", p.Ticket, p.Reason), false)
	}
	loc := r.x.sh.Location
	for _, v := range s.Selections[min(1, len(s.Selections)):] {
		r.KV(fmt.Sprintf("Selection from place %d", v.From), fmt.Sprintf("%s corrected, loaded %s", v.File, v.At.In(loc).Format("15:04:05")), false)
		r.KV(fmt.Sprintf("Selection from place %d SHA-256", v.From), v.SHA256, true)
	}
}

// exclusionWords names the show's exclusions lists: "the exclusions
// list", or with several "the exclusions lists self-excluded.xlsx and
// staff.csv".
func exclusionWords(l *show.Lists) string {
	if l == nil || len(l.ExclusionLists) == 0 {
		return "the exclusions list"
	}
	fs := l.ExclusionFiles()
	return "the exclusions lists " + strings.Join(fs[:len(fs)-1], ", ") + " and " + fs[len(fs)-1]
}

// lists prints the files of the desk's lists a show or segment loaded,
// each with its SHA-256 as the pre-show sheet gives it.
func (r *report) lists(l *show.Lists) {
	if l == nil {
		return
	}
	files := []struct{ what, file, sum string }{{"Exclusions", l.ExclusionsFile, l.ExclusionsSHA256}}
	for _, x := range l.ExclusionLists {
		files = append(files, struct{ what, file, sum string }{"Exclusions", x.File + fmt.Sprintf(" (%d card(s))", x.Cards), x.SHA256})
	}
	for _, f := range append(files, []struct{ what, file, sum string }{
		{"Decline register", l.RegisterFile, l.RegisterSHA256},
		{"Proxies", l.ProxiesFile, l.ProxiesSHA256},
	}...) {
		if f.file == "" {
			continue
		}
		r.KV(f.what, f.file, false)
		if f.sum != "" {
			r.KV(f.what+" SHA-256", f.sum, true)
		}
	}
	if l.SelectedFile != "" && r.x.st.Opened.Rules >= 1 {
		r.KV("Selection", l.SelectedFile+": the casino system's choice; every pick taken in its order, checked against the frozen bin, not derived from the seed", false)
		r.KV("Selection SHA-256", l.SelectedSHA256, true)
	}
}

// pickStep is how to re-derive a pick, by the show's algorithm.
func pickStep(st *show.State) string {
	const selection = "With T the pool's total weight and limit = floor(2^64 / T) * T, take the first x below limit and r = x mod T: the winner is the first entry, in ticket order, whose running weight sum exceeds r."
	if !st.Witnessed() {
		return "Pick k (k = pick number - 1 in the tables below, redraws included) is made from the bin without every participant of picks 0 to k-1. The blocks B_j = HMAC-SHA256(K, \"drawshow-v1\" 0x00 draw_id 0x00 F uint32be(k) uint32be(j)), draw_id the segment id and F the 32 raw bytes, give four big-endian uint64 each. " + selection
	}
	return "Pick k (k = pick number - 1 in the tables below, redraws included) is made from the bin without every participant of picks 0 to k-1, by drawshow-v2: its key is K_k = SHA-256(K_d || 0x00 || \"witnessed\" || 0x00 || beta), beta the auditor's VRF-r255 output on the row that made the pick due (journal.jsonl's pick-drawn row holds it with its proof, which the auditor's key above verifies), or for a pick drawn unwitnessed SHA-256(K_d || 0x00 || \"unwitnessed\" || 0x00 || W_u), W_u the room's witness; K_d is K for a segment with no draw witness. The blocks B_j = HMAC-SHA256(K_k, \"drawshow-v2\" 0x00 draw_id 0x00 F uint32be(k) uint32be(j)), draw_id the segment id and F the 32 raw bytes, give four big-endian uint64 each. " + selection + " docs/algorithm.md gives each step, with vectors."
}
