package main

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"drawshow/data/entries"
	"drawshow/data/record"
	"drawshow/show"
)

const examplesDir = "../../examples"

// exampleRun is an example show run to its close and exported.
type exampleRun struct {
	sh      *show.Show
	db      string
	journal []*journalRow
	files   map[string][]byte // the export, by slash path
	rec     record.Record
}

// draw is the record's draw of segment id.
func (ex *exampleRun) draw(t *testing.T, id string) record.RecordDraw {
	t.Helper()
	for _, d := range ex.rec.Draws {
		if d.Segment == id {
			return d
		}
	}
	t.Fatalf("record.json has no draw of segment %s", id)
	return record.RecordDraw{}
}

// bin reads the exported bin file of d: ticket, participant, weight.
func (ex *exampleRun) bin(t *testing.T, d record.RecordDraw) []show.Entry {
	t.Helper()
	b := ex.files[d.Bin]
	if b == nil {
		t.Fatalf("the export has no %s", d.Bin)
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	if strings.Contains(lines[0], "REHEARSAL") {
		lines = lines[1:] // a rehearsal's bin says so above its header
	}
	if lines[0] != "ticket,participant,weight" {
		t.Fatalf("%s: header %q", d.Bin, lines[0])
	}
	var es []show.Entry
	for _, l := range lines[1:] {
		f := strings.Split(l, ",")
		w, err := strconv.ParseUint(f[len(f)-1], 10, 64)
		if len(f) != 3 || err != nil {
			t.Fatalf("%s: bad line %q", d.Bin, l)
		}
		es = append(es, show.Entry{Ticket: f[0], Participant: f[1], Weight: w})
	}
	return es
}

// frozen is the bin-frozen payload of segment id in the journal.
func (ex *exampleRun) frozen(t *testing.T, id string) *show.Frozen {
	t.Helper()
	for _, r := range ex.journal {
		if r.kind != string(show.BinFrozen) {
			continue
		}
		var e show.Event
		if err := json.Unmarshal([]byte(r.payload), &e); err != nil {
			t.Fatal(err)
		}
		if e.Segment == id {
			return e.Frozen
		}
	}
	t.Fatalf("the journal has no bin-frozen of segment %s", id)
	return nil
}

// entryRows reads the rows of seg's entry file as the import does.
func entryRows(t *testing.T, seg *show.Segment) []entries.Row {
	t.Helper()
	var rows []entries.Row
	_, err := entries.Read(seg.Entries, seg.Sheet, entries.Columns(seg.Columns), entries.NeedOf(seg), func(r entries.Row) error {
		rows = append(rows, r)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// exampleClock is the show clock an example's action script is written
// for: its first segment's scheduled time.
func exampleClock(sh *show.Show) string {
	return sh.Segments[0].At.In(sh.Location).Format("2006-01-02T15:04")
}

// shortRuns are the example segments whose action script stops short of
// the segment's winners on purpose, with skip: a bonus jackpot's night has
// thirty, its rehearsal six.
var shortRuns = map[string]bool{"bonus-jackpot/bonus-jackpot": true}

// runExample checks the example show file, runs its action script with the
// test's rehearsal seed to the show's close, and exports and verifies the
// record.
func runExample(t *testing.T, name, showFile string) *exampleRun {
	t.Helper()
	sh, err := show.Load(showFile)
	if err != nil {
		t.Fatal(err)
	}
	ex := &exampleRun{sh: sh}

	stdout, stderr, err := drawshow(t, "", "check", showFile)
	if err != nil {
		t.Fatalf("check: %v\n%s%s", err, stdout, stderr)
	}
	t.Logf("check %s:\n%s", showFile, stdout)
	counts := checkTable(t, stdout)
	// every segment that draws freezes a bin and is a draw of the record;
	// check counts those with an entry file (a manual bin, a wild card's
	// draws take theirs from earlier segments at the show)
	var drawn []*show.Segment
	withFile := 0
	for i := range sh.Segments {
		if g := &sh.Segments[i]; g.Draws() {
			drawn = append(drawn, g)
			if g.Entries != "" {
				withFile++
			}
		}
	}
	if len(counts) != withFile {
		t.Errorf("check listed %d draws with an entry file, the show has %d", len(counts), withFile)
	}
	if sh.Segments[0].At.IsZero() {
		t.Fatalf("the first segment has no time: the example has no clock to run at")
	}

	ex.db = filepath.Join(t.TempDir(), "campaign.db")
	args := runArgs(showFile, ex.db, filepath.Join(filepath.Dir(showFile), "actions.txt"))
	args[slices.Index(args, testClock)] = exampleClock(sh)
	start := time.Now()
	_, stderr, err = drawshow(t, "", args...)
	if err != nil || strings.Contains(stderr, "refused") {
		t.Fatalf("run %s: %v\n%s", strings.Join(args, " "), err, stderr)
	}
	ran := time.Since(start)
	ex.journal = readJournal(t, ex.db)
	if last := ex.journal[len(ex.journal)-1]; last.kind != string(show.ShowClosed) || !strings.Contains(last.payload, `"seed":"`+testSeed+`"`) {
		t.Fatalf("the last event is %s %s, want show-closed revealing the seed", last.kind, last.payload)
	}

	start = time.Now()
	ex.files = exportRecord(t, ex.db) // export, verify DIR and verify --db
	t.Logf("%s: headless run %v (%d events), export and verify %v", name, ran.Round(time.Millisecond), len(ex.journal), time.Since(start).Round(time.Millisecond))
	if err := json.Unmarshal(ex.files["record.json"], &ex.rec); err != nil {
		t.Fatal(err)
	}
	if len(ex.rec.Draws) != len(drawn) {
		t.Errorf("record.json has %d draws, the show %d", len(ex.rec.Draws), len(drawn))
	}
	for _, seg := range drawn {
		d := ex.draw(t, seg.ID)
		short := shortRuns[name+"/"+seg.ID] && strings.Contains(d.EndedShort, "skipped by the host")
		if (d.Winners != seg.Winners || d.EndedShort != "") && !short {
			t.Errorf("%s: %d of %d winners (%s): the action script does not finish the draw", seg.ID, d.Winners, seg.Winners, d.EndedShort)
		}
		if seg.Entries == "" {
			continue
		}
		// check's counts are those of the frozen bin, but for the earlier
		// winners a win-once rule bars at the freeze
		c, f := counts[seg.ID], ex.frozen(t, seg.ID)
		if c.rows != f.Rows || c.excluded != len(f.Excluded) || c.eligible != f.Participants+len(f.Barred) ||
			(len(f.Barred) == 0 && c.tickets != f.TotalWeight) || c.winners != seg.Winners {
			t.Errorf("%s: check says %+v, the frozen bin has %d rows, %d excluded, %d participants, %d barred, %d tickets",
				seg.ID, c, f.Rows, len(f.Excluded), f.Participants, len(f.Barred), f.TotalWeight)
		}
	}
	return ex
}

// events are the run's journal events, decoded.
func (ex *exampleRun) events(t *testing.T) []show.Event {
	t.Helper()
	var out []show.Event
	for _, r := range ex.journal {
		at, err := time.Parse(time.RFC3339Nano, r.at)
		if err != nil {
			t.Fatalf("journal seq %d: at %q: %v", r.seq, r.at, err)
		}
		e, err := show.DecodeEvent(r.seq, at, r.kind, []byte(r.payload))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, e)
	}
	return out
}

// eventsOf are the run's events of kind k for segment seg, in order.
func (ex *exampleRun) eventsOf(t *testing.T, k show.EventKind, seg string) []show.Event {
	t.Helper()
	var out []show.Event
	for _, e := range ex.events(t) {
		if e.Kind == k && e.Segment == seg {
			out = append(out, e)
		}
	}
	return out
}

// choices are the prize-chosen payloads of segment seg, in order.
func (ex *exampleRun) choices(t *testing.T, seg string) []*show.Choice {
	t.Helper()
	var out []*show.Choice
	for _, e := range ex.eventsOf(t, show.PrizeChosen, seg) {
		out = append(out, e.Choice)
	}
	return out
}

// smallDraw requires record.json to list the small draw id (SEGMENT/cards,
// SEGMENT/chest, SEGMENT/prizes/PICK) so that verify re-derives it.
func (ex *exampleRun) smallDraw(t *testing.T, id string) {
	t.Helper()
	if !slices.ContainsFunc(ex.rec.SmallDraws, func(d record.RecordSmallDraw) bool { return d.ID == id }) {
		t.Errorf("record.json does not list the draw %s among its small draws", id)
	}
}

// exampleKey is the key K of the examples' rehearsal runs: the test's seed,
// no witness.
func exampleKey(t *testing.T) [32]byte {
	t.Helper()
	seed, err := hex.DecodeString(testSeed)
	if err != nil {
		t.Fatal(err)
	}
	return show.Key(seed, "")
}

// outcomes counts the outcomes of a record draw's picks.
func outcomes(d record.RecordDraw) map[show.Outcome]int {
	out := map[show.Outcome]int{}
	for _, p := range d.Picks {
		out[show.Outcome(p.Outcome)]++
	}
	return out
}

// segOfKind is the example's only segment of kind k.
func segOfKind(t *testing.T, sh *show.Show, k show.SegmentKind) *show.Segment {
	t.Helper()
	var out *show.Segment
	for i := range sh.Segments {
		if sh.Segments[i].Kind == k {
			if out != nil {
				t.Fatalf("two %s segments: %s and %s", k, out.ID, sh.Segments[i].ID)
			}
			out = &sh.Segments[i]
		}
	}
	if out == nil {
		t.Fatalf("no %s segment", k)
	}
	return out
}

// TestExamples runs every example show under examples/: check accepts it,
// its action script runs it to its close with the rehearsal seed and no
// refused action, and verify accepts the export and the journal.
func TestExamples(t *testing.T) {
	t.Parallel()
	shows, err := filepath.Glob(filepath.Join(examplesDir, "*", "show.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	names := make([]string, len(shows))
	for i, s := range shows {
		names[i] = filepath.Base(filepath.Dir(s))
	}
	for name := range exampleChecks {
		if !slices.Contains(names, name) {
			t.Errorf("no examples/%s/show.yaml", name)
		}
	}
	for i, showFile := range shows {
		t.Run(names[i], func(t *testing.T) {
			t.Parallel()
			ex := runExample(t, names[i], showFile)
			if more := exampleChecks[names[i]]; more != nil {
				more(t, ex)
			}
		})
	}
}

// exampleChecks are each example's own assertions, on top of runExample's.
var exampleChecks = map[string]func(t *testing.T, ex *exampleRun){
	"saturday":                 nil,
	"royal-flush-month-end":    checkMonthEnd,
	"grand-finale":             checkGrandFinale,
	"jackpot-chest":            checkChest,
	"jackpot-chest-guaranteed": checkGuaranteed,
	"bonus-jackpot":            checkBonus,
	// 4.1, 4.4: Ace and King only, 1 000 and 500 tickets.
	"friday-prive": func(t *testing.T, ex *exampleRun) {
		seg := &ex.sh.Segments[0]
		tier := map[string]show.Tier{}
		others := 0
		for _, r := range entryRows(t, seg) {
			tier[r.Card] = r.Tier
			if r.Tier != show.Ace && r.Tier != show.King {
				others++
			}
		}
		d := ex.draw(t, seg.ID)
		if others == 0 || d.OutOfTier != others {
			t.Errorf("the entry file has %d rows of other tiers, the record %d out of tier: want some, all kept out", others, d.OutOfTier)
		}
		per := map[show.Tier]int{}
		for _, e := range ex.bin(t, d) {
			want := map[show.Tier]uint64{show.Ace: 1000, show.King: 500}[tier[e.Participant]]
			if want == 0 || e.Weight != want || e.Ticket != e.Participant {
				t.Errorf("bin entry %+v of a %s: want ace 1000 or king 500 tickets, the card as the ticket", e, tier[e.Participant])
			}
			per[tier[e.Participant]]++
		}
		if per[show.Ace] == 0 || per[show.King] == 0 {
			t.Errorf("the bin has %d Ace and %d King cardholders: want both", per[show.Ace], per[show.King])
		}
		for _, p := range d.Picks {
			if o := show.Outcome(p.Outcome); o.Wins() && o != show.Claimed {
				t.Errorf("pick %d: %s in an attendance draw without lists", p.K, o)
			}
		}
	},
	// 7.2: one ticket per member with a gaming visit in the two years
	// before the draw; the freeze counts who qualify keeps out.
	"day-of-reconciliation": func(t *testing.T, ex *exampleRun) {
		seg := &ex.sh.Segments[0]
		d, f := ex.draw(t, seg.ID), ex.frozen(t, seg.ID)
		bin := ex.bin(t, d)
		visit := map[string]string{}
		old := 0
		for _, r := range entryRows(t, seg) {
			visit[r.Card] = r.Visit
			if r.Visit < "2022-12-16" && !slices.Contains(f.Excluded, r.Card) {
				old++
			}
		}
		for _, e := range bin {
			if e.Weight != 1 || visit[e.Participant] < "2022-12-16" {
				t.Errorf("bin entry %+v (last visit %s): want one ticket a member with a visit from 16 December 2022", e, visit[e.Participant])
			}
		}
		if old == 0 || f.NoVisit != old || len(bin) != d.Rows-d.Excluded-old || d.TotalWeight != uint64(len(bin)) {
			t.Errorf("%d entries, %d tickets from %d rows with %d excluded and %d without a visit (the freeze says %d)", len(bin), d.TotalWeight, d.Rows, d.Excluded, old, f.NoVisit)
		}
	},
	// 8.3, 8.6, 8.7: one entry a person; winners to be contacted, 15 days
	// to collect.
	"nye-prive": func(t *testing.T, ex *exampleRun) {
		d := ex.draw(t, ex.sh.Segments[0].ID)
		seen := map[string]bool{}
		for _, e := range ex.bin(t, d) {
			if seen[e.Participant] || e.Weight != 1 {
				t.Errorf("bin entry %+v: a second entry of the person, or a weight other than 1", e)
			}
			seen[e.Participant] = true
		}
		if d.Capped == 0 {
			t.Errorf("no second ticket was capped: the example shows no reprint")
		}
		collection := string(ex.files[record.CollectionFile])
		for _, p := range d.Picks {
			drawn, err := time.Parse(time.RFC3339Nano, p.DrawnAt)
			if err != nil {
				t.Fatal(err)
			}
			want := drawn.In(ex.sh.Location).AddDate(0, 0, 15).Format(time.DateOnly)
			if p.Outcome != string(show.ToContact) || p.CollectBy != want {
				t.Errorf("pick %d: %s, collect by %q; want to-contact, collect by %s", p.K, p.Outcome, p.CollectBy, want)
			}
			if !strings.Contains(collection, ","+p.Participant+",") || !strings.Contains(collection, want) {
				t.Errorf("%s does not list pick %d (%s) to collect by %s:\n%s", record.CollectionFile, p.K, p.Participant, want, collection)
			}
		}
		if len(d.Picks) != d.Wanted {
			t.Errorf("%d picks for %d winners: every pick should be a winner", len(d.Picks), d.Wanted)
		}
	},
	// 34: 300 points an entry, the bonus entries as points; 36: once a
	// promotional day, so the late draw bars the 21:30 draw's winners.
	"saturday-cash": func(t *testing.T, ex *exampleRun) {
		first, late := &ex.sh.Segments[0], &ex.sh.Segments[1]
		if first.WinOnce != show.OncePerDay || late.WinOnce != show.OncePerDay || !sameDay(first.At, late.At) {
			t.Fatalf("segments %s (%s, %v) and %s (%s, %v): want two win-once-a-day draws on one day", first.ID, first.WinOnce, first.At, late.ID, late.WinOnce, late.At)
		}
		points := map[string]uint64{}
		bonus := 0
		for _, r := range entryRows(t, first) {
			play, _ := strconv.ParseUint(r.Extra["Play Points"], 10, 64)
			wins, _ := strconv.ParseUint(r.Extra["Bonus Jackpot Wins"], 10, 64)
			if r.Points < play || (wins == 0) != (r.Points == play) {
				t.Errorf("row %d: %d entry points for %d play points and %d bonus wins", r.Line, r.Points, play, wins)
			}
			if wins > 0 {
				bonus++
			}
			points[r.Card] = r.Points
		}
		if bonus == 0 {
			t.Errorf("no bonus-jackpot winner in the entry file")
		}
		d1 := ex.draw(t, first.ID)
		for _, e := range ex.bin(t, d1) {
			if e.Weight != points[e.Participant]/300 {
				t.Errorf("bin entry %+v: %d points, want %d tickets", e, points[e.Participant], points[e.Participant]/300)
			}
		}
		var winners, others []string
		outcomes := map[show.Outcome]int{}
		for _, p := range d1.Picks {
			o := show.Outcome(p.Outcome)
			outcomes[o]++
			if o.Wins() {
				winners = append(winners, p.Participant)
			} else {
				others = append(others, p.Participant)
			}
		}
		for _, o := range []show.Outcome{show.Claimed, show.ByProxy, show.Declined, show.NoShow, show.Forfeit} {
			if outcomes[o] == 0 {
				t.Errorf("no %s in the 21:30 draw (outcomes %v): the action script no longer shows it", o, outcomes)
			}
		}
		barred := ex.frozen(t, late.ID).Barred
		for _, w := range winners {
			if !slices.Contains(barred, w) {
				t.Errorf("%s won at 21:30 but is not barred from the late draw (barred %v)", w, barred)
			}
		}
		for _, o := range others {
			if slices.Contains(barred, o) {
				t.Errorf("%s did not win at 21:30 but is barred from the late draw", o)
			}
		}
		if len(barred) != len(winners) {
			t.Errorf("the late draw bars %v, the 21:30 draw's winners are %v", barred, winners)
		}
		for _, e := range ex.bin(t, ex.draw(t, late.ID)) {
			if slices.Contains(winners, e.Participant) {
				t.Errorf("the late draw's bin holds %s, a winner at 21:30", e.Participant)
			}
		}
	},
}

func sameDay(a, b time.Time) bool {
	return a.Format(time.DateOnly) == b.Format(time.DateOnly)
}

// TestExamplesGenerated runs the examples' generator into a temporary
// folder and requires what it writes to be the files under examples/, byte
// for byte.
func TestExamplesGenerated(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the generator")
	}
	t.Parallel()
	out := t.TempDir()
	cmd := exec.Command("go", "run", "./examples/gen", "-out", out)
	cmd.Dir = filepath.Join(examplesDir, "..")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run ./examples/gen: %v\n%s", err, b)
	}
	n := 0
	err := filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(out, p)
		got, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		want, err := os.ReadFile(filepath.Join(examplesDir, rel))
		switch {
		case err != nil:
			t.Errorf("the generator writes %s, which is not in examples/: %v", rel, err)
		case !bytes.Equal(got, want):
			t.Errorf("examples/%s is not what the generator writes: run go run ./examples/gen", filepath.ToSlash(rel))
		}
		n++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatal("the generator wrote nothing")
	}
	t.Logf("compared %d files", n)
}

// checkMonthEnd: Royal Flush 48-69. Five bins at 14:00 to 18:00, three
// winners each, 300 points an entry with no cap, once per bin; a bin holds
// the members who printed before its draw; the 15 winners' receipts make
// the manual bin, from which the host types one; the wild card's numbers,
// typed by hand, choose the bins of two more finalists, the finalist
// already drawn passed over; and the three finalists are Gold Reef City's
// in the Grand Finale example.
func checkMonthEnd(t *testing.T, ex *exampleRun) {
	var bins []*show.Segment
	for i := range ex.sh.Segments {
		if g := &ex.sh.Segments[i]; g.Kind == show.KindMonthEnd {
			bins = append(bins, g)
		}
	}
	if len(bins) != 5 {
		t.Fatalf("%d month-end bins, want 5", len(bins))
	}
	var prev map[string]bool
	var receipts []string
	binCards := map[string]map[string]bool{}
	noShows, proxies := 0, 0
	for i, b := range bins {
		if h := b.At.In(ex.sh.Location).Hour(); h != 14+i || b.Winners != 3 || b.Tickets != show.Points || b.PointsPerTicket != 300 || len(b.Cap) != 0 || b.WinOnce != show.OncePerDraw {
			t.Errorf("bin %s: at %d:00, %d winners, %s tickets of %d points, cap %v, win once a %s; want %d:00, 3, points of 300, no cap, once a draw",
				b.ID, h, b.Winners, b.Tickets, b.PointsPerTicket, b.Cap, b.WinOnce, 14+i)
		}
		cards, points := map[string]bool{}, map[string]uint64{}
		for _, r := range entryRows(t, b) {
			cards[r.Card], points[r.Card] = true, r.Points
			at, err := time.ParseInLocation("2006-01-02 15:04:05", r.Extra["Printed At"], ex.sh.Location)
			if err != nil || !at.Before(b.At) {
				t.Errorf("%s row %d: printed at %q, not before the draw at %v", b.Entries, r.Line, r.Extra["Printed At"], b.At)
			}
		}
		for c := range prev {
			if !cards[c] {
				t.Errorf("%s is in the bin before %s but not in it: a receipt counts for the day's later draws", c, b.ID)
			}
		}
		prev, binCards[b.ID] = cards, cards
		d := ex.draw(t, b.ID)
		for _, e := range ex.bin(t, d) {
			if e.Weight != points[e.Participant]/300 {
				t.Errorf("%s: %s has %d tickets for %d points; want one a 300, no cap", b.ID, e.Participant, e.Weight, points[e.Participant])
			}
		}
		won := map[string]bool{}
		for _, p := range d.Picks {
			if o := show.Outcome(p.Outcome); o.Wins() {
				if won[p.Participant] {
					t.Errorf("%s: %s wins twice in one bin", b.ID, p.Participant)
				}
				won[p.Participant] = true
				receipts = append(receipts, b.ID+"/"+p.Ticket)
			}
		}
		o := outcomes(d)
		noShows, proxies = noShows+o[show.NoShow], proxies+o[show.ByProxy]
		if drawn, _ := time.Parse(time.RFC3339Nano, d.Picks[0].DrawnAt); drawn.Before(b.At) {
			t.Errorf("%s: first pick at %v, before the bin's time %v", b.ID, drawn, b.At)
		}
	}
	if len(receipts) != 15 || noShows == 0 || proxies == 0 {
		t.Errorf("%d winners' receipts, %d no-shows, %d proxies: want 15, and a redraw and a proxy shown", len(receipts), noShows, proxies)
	}

	// 56: the manual bin
	fin := segOfKind(t, ex.sh, show.KindManualBin)
	d := ex.draw(t, fin.ID)
	var tickets []string
	for _, e := range ex.bin(t, d) {
		tickets = append(tickets, e.Ticket)
	}
	slices.Sort(tickets)
	slices.Sort(receipts)
	if !slices.Equal(tickets, receipts) {
		t.Errorf("the manual bin holds %v; want the 15 winners' receipts %v", tickets, receipts)
	}
	drawnBy := ex.eventsOf(t, show.PickDrawn, fin.ID)
	if !fin.Manual || len(drawnBy) != 1 || drawnBy[0].Pick.By != "manual" {
		t.Errorf("the manual bin's picks %+v: want one, typed by the host", drawnBy)
	}
	finalists := []string{d.Picks[0].Participant}

	// 66-68: the wild card
	wild := segOfKind(t, ex.sh, show.KindWildCard)
	nums := ex.eventsOf(t, show.NumbersChosen, wild.ID)
	if len(nums) != 1 || nums[0].Numbers.By != "host" || nums[0].Numbers.Name == "" || !slices.Equal(nums[0].Numbers.Numbers, []int{2, 5}) {
		t.Fatalf("the wild card's numbers %+v: want 2 and 5, typed by the host, with the host's name", nums)
	}
	for i, n := range nums[0].Numbers.Numbers {
		id := fmt.Sprintf("%s-%d", wild.ID, i+1)
		f, src := ex.frozen(t, id), fmt.Sprintf("%s-%d", wild.From[0], n)
		if f.From != src {
			t.Errorf("%s froze from %q, want bin %s", id, f.From, src)
		}
		for _, c := range finalists {
			if binCards[src][c] != slices.Contains(f.Barred, c) {
				t.Errorf("%s: finalist %s in bin %s: %v, barred: %v; a finalist already must be passed over", id, c, src, binCards[src][c], f.Barred)
			}
		}
		w := ex.draw(t, id)
		p := w.Picks[len(w.Picks)-1]
		if !binCards[src][p.Participant] || slices.Contains(finalists, p.Participant) {
			t.Errorf("%s: finalist %s is not from bin %s, or a finalist already", id, p.Participant, src)
		}
		finalists = append(finalists, p.Participant)
	}

	// the Grand Finale example's Gold Reef City finalists
	recs := readCSV(t, filepath.Join(examplesDir, "grand-finale", "finalists.csv"))
	grc := map[string]bool{}
	for _, r := range recs[1:] {
		if r[3] == "Gold Reef City" {
			grc[r[0]] = true
		}
	}
	for _, c := range finalists {
		if !grc[c] {
			t.Errorf("finalist %s is not among Gold Reef City's in grand-finale/finalists.csv: run go run ./examples/gen after pinning the month-end results", c)
		}
	}
}

// checkGrandFinale: Royal Flush 70. Five finalists from each property,
// five winners (with a no-show redrawn and a proxy), then each winner in
// the order drawn chooses a card, which turns over to the prize the
// SEGMENT/cards draw put behind it; every prize is won once.
func checkGrandFinale(t *testing.T, ex *exampleRun) {
	seg := segOfKind(t, ex.sh, show.KindRoyalFlush)
	recs := readCSV(t, seg.Entries)
	per := map[string]int{}
	for _, r := range recs[1:] {
		per[r[slices.Index(recs[0], "Property")]]++
	}
	for p, n := range per {
		if n != 5 {
			t.Errorf("%s has %d finalists, want 5 (66)", p, n)
		}
	}
	if len(per) < 4 || per["Gold Reef City"] != 5 {
		t.Errorf("finalists by property %v: want several properties, Gold Reef City among them", per)
	}
	d := ex.draw(t, seg.ID)
	if o := outcomes(d); o[show.NoShow] == 0 || o[show.ByProxy] == 0 {
		t.Errorf("outcomes %v: want a no-show redrawn and a proxy", o)
	}
	var order []int
	for _, p := range d.Picks {
		if show.Outcome(p.Outcome).Wins() {
			order = append(order, p.K)
		}
	}
	key := exampleKey(t)
	cs := ex.choices(t, seg.ID)
	if len(cs) != 5 {
		t.Fatalf("%d cards chosen, want 5", len(cs))
	}
	var items, prizes []string
	for i, c := range cs {
		if c.K != order[i] || c.By != "host" {
			t.Errorf("choice %d by pick %d (%s); want the winners in the order drawn, pick %d", i, c.K, c.By, order[i])
		}
		idx := slices.Index(show.Cards, c.Item)
		if idx < 0 {
			t.Fatalf("choice %d: %q is not a card", i, c.Item)
		}
		if want := seg.Prizes[show.CardPrize(key, seg.ID, idx)]; c.Prize != want {
			t.Errorf("card %s turned over to %s; SEGMENT/cards puts %s behind it", c.Item, c.Prize, want)
		}
		items, prizes = append(items, c.Item), append(prizes, c.Prize)
	}
	slices.Sort(prizes)
	want := slices.Sorted(slices.Values(seg.Prizes))
	if len(slices.Compact(slices.Clone(items))) != 5 || !slices.Equal(prizes, want) {
		t.Errorf("cards %v turned over to %v: want each card once, each prize once", items, prizes)
	}
	ex.smallDraw(t, seg.ID+"/cards")
}

// checkChest: Summer Festivo 5. 100 points a ticket capped per tier, five
// winners with a no-show redrawn, balls chosen in seat order among 20, the
// jackpot at its base this first Sunday; nobody finds it, so it grows.
func checkChest(t *testing.T, ex *exampleRun) {
	seg := segOfKind(t, ex.sh, show.KindChest)
	j := seg.Jackpot
	if j.Balls != 20 || j.Guaranteed || seg.PointsPerTicket != 100 || seg.Manual {
		t.Fatalf("jackpot %+v, %d points a ticket, manual %v: want 20 balls, 100 points, drawn electronically", j, seg.PointsPerTicket, seg.Manual)
	}
	caps := map[show.Tier]uint64{show.Ace: 4, show.King: 4, show.Queen: 3, show.Jack: 1, show.Ten: 1}
	if !maps.Equal(seg.Cap, caps) {
		t.Errorf("cap %v, want %v (5.4)", seg.Cap, caps)
	}
	points, tier := map[string]uint64{}, map[string]show.Tier{}
	for _, r := range entryRows(t, seg) {
		points[r.Card], tier[r.Card] = r.Points, r.Tier
	}
	d := ex.draw(t, seg.ID)
	for _, e := range ex.bin(t, d) {
		if want := min(points[e.Participant]/100, caps[tier[e.Participant]]); e.Weight != want {
			t.Errorf("%s (%s, %d points): %d tickets, want %d", e.Participant, tier[e.Participant], points[e.Participant], e.Weight, want)
		}
	}
	if d.Capped == 0 || d.ZeroTickets == 0 {
		t.Errorf("%d tickets capped, %d members with none: the example shows neither", d.Capped, d.ZeroTickets)
	}
	if o := outcomes(d); o[show.NoShow] == 0 {
		t.Errorf("outcomes %v: want a no-show redrawn", o)
	}
	ball := show.JackpotBall(exampleKey(t), seg.ID, j.Balls)
	cs := ex.choices(t, seg.ID)
	var balls []string
	for _, c := range cs {
		if c.Item == ball || c.Jackpot || c.Amount != j.Consolation || c.By != "host" {
			t.Errorf("choice %+v: the script chooses around the jackpot ball %s; want a consolation of %d", c, ball, j.Consolation)
		}
		balls = append(balls, c.Item)
	}
	if len(cs) != 5 || len(slices.Compact(slices.Sorted(slices.Values(balls)))) != 5 {
		t.Errorf("balls chosen %v: want five, each once", balls)
	}
	if f := ex.frozen(t, seg.ID); f.Jackpot != j.Base {
		t.Errorf("the jackpot froze at %d, want the base %d on the campaign's first Sunday", f.Jackpot, j.Base)
	}
	st := ex.eventsOf(t, show.JackpotPaid, seg.ID)
	if len(st) != 1 || *st[0].Settled != (show.Settled{Name: j.Name, Value: j.Base, Won: false, Next: j.Base + j.Step}) {
		t.Errorf("settled %+v: want not won, %d next week", st, j.Base+j.Step)
	}
	ex.smallDraw(t, seg.ID+"/chest")
}

// checkGuaranteed: Summer Festivo 5.10, 5.22. Tickets typed by hand from
// the entry bin; five balls, so the jackpot is won; after it the others
// are paid the consolation without choosing.
func checkGuaranteed(t *testing.T, ex *exampleRun) {
	seg := segOfKind(t, ex.sh, show.KindChest)
	j := seg.Jackpot
	if !j.Guaranteed || j.Balls != 5 || !seg.Manual {
		t.Fatalf("jackpot %+v, manual %v: want a guaranteed week of 5 balls, typed tickets", j, seg.Manual)
	}
	for _, e := range ex.eventsOf(t, show.PickDrawn, seg.ID) {
		if e.Pick.By != "manual" {
			t.Errorf("pick %d drawn by %q, want typed by the host", e.Pick.K, e.Pick.By)
		}
	}
	if o := outcomes(ex.draw(t, seg.ID)); o[show.NoShow] == 0 {
		t.Errorf("outcomes %v: want a no-show and another ticket", o)
	}
	value := ex.frozen(t, seg.ID).Jackpot
	ball := show.JackpotBall(exampleKey(t), seg.ID, j.Balls)
	cs := ex.choices(t, seg.ID)
	won := false
	for _, c := range cs {
		switch {
		case c.Jackpot:
			if won || c.Item != ball || c.Amount != value {
				t.Errorf("choice %+v: want the one jackpot, ball %s, %d", c, ball, value)
			}
			won = true
		case won && (c.Item != "" || c.By != "engine" || c.Amount != j.Consolation):
			t.Errorf("choice %+v after the jackpot: want the consolation, paid without choosing", c)
		case !won && (c.Item == "" || c.Item == ball || c.Amount != j.Consolation):
			t.Errorf("choice %+v before the jackpot: want a consolation ball", c)
		}
	}
	if !won || len(cs) != 5 || cs[len(cs)-1].Item != "" {
		t.Errorf("choices %+v: want five, the jackpot won before the last", cs)
	}
	st := ex.eventsOf(t, show.JackpotPaid, seg.ID)
	if len(st) != 1 || !st[0].Settled.Won || st[0].Settled.Next != j.Base {
		t.Errorf("settled %+v: want won, back to the base", st)
	}
}

// checkBonus: Royal Flush 4-18. Ace, King and Queen at a device outside the
// excluded ones and areas, with the tier's minimum spend; picks only in the
// sessions, both of them; a forfeit and a no-show reselected; each winner
// chooses a prize card at once, its value the SEGMENT/prizes/PICK draw's.
func checkBonus(t *testing.T, ex *exampleRun) {
	seg := segOfKind(t, ex.sh, show.KindBonus)
	b := seg.Bonus
	if b.PerHour != 15 || len(b.Windows) != 2 || seg.Winners != 30 {
		t.Errorf("%d an hour over %d sessions, %d winners: want 15, 2, 30 (5, 6)", b.PerHour, len(b.Windows), seg.Winners)
	}
	rows := map[string]entries.Row{}
	for _, r := range entryRows(t, seg) {
		rows[r.Ticket] = r
	}
	d := ex.draw(t, seg.ID)
	for _, e := range ex.bin(t, d) {
		r := rows[e.Ticket]
		if r.Card != e.Participant || !seg.Allows(r.Tier) || r.Spend < b.MinSpend[r.Tier] || slices.Contains(b.NoDevices, r.Ticket) || slices.Contains(b.NoAreas, r.Area) {
			t.Errorf("device %s in the bin: %+v", e.Ticket, r)
		}
	}
	if d.Filtered == 0 || d.OutOfTier == 0 {
		t.Errorf("%d rows filtered, %d out of tier: the example shows neither", d.Filtered, d.OutOfTier)
	}
	if o := outcomes(d); o[show.Forfeit] == 0 || o[show.NoShow] == 0 {
		t.Errorf("outcomes %v: want a forfeit and a no-show reselected", o)
	}
	inSession := map[int]int{}
	for _, e := range ex.eventsOf(t, show.PickDrawn, seg.ID) {
		i := slices.IndexFunc(b.Windows, func(w show.Window) bool { return !e.At.Before(w.From) && e.At.Before(w.To) })
		if i < 0 {
			t.Errorf("pick %d drawn at %v, outside the sessions", e.Pick.K, e.At)
		}
		inSession[i]++
	}
	if inSession[0] == 0 || inSession[1] == 0 {
		t.Errorf("picks by session %v: want some in each", inSession)
	}
	key := exampleKey(t)
	cs := ex.choices(t, seg.ID)
	if len(cs) != d.Winners {
		t.Errorf("%d prize cards chosen for %d winners", len(cs), d.Winners)
	}
	items := seg.Items()
	for _, c := range cs {
		i := slices.Index(items, c.Item)
		if i < 0 {
			t.Fatalf("choice %+v: not one of %v", c, items)
		}
		if want := b.Envelopes[show.EnvelopePrize(key, seg.ID, c.K, len(items), i)]; c.Prize != want {
			t.Errorf("pick %d's card %s turned over to %s; SEGMENT/prizes/%d says %s", c.K, c.Item, c.Prize, c.K, want)
		}
		ex.smallDraw(t, fmt.Sprintf("%s/prizes/%d", seg.ID, c.K))
	}
}

// TestExamplesJackpotLedger runs the two Jackpot Chest examples into one
// campaign database as a rehearsal campaign (a rehearsal reads the
// rehearsals' ledger; an official show runs on the machine's clock, on
// its own night, so a campaign of 2024 is rehearsed): the guaranteed
// Sunday's jackpot is what the first Sunday left it at, it is won, and it
// goes back to the base. Each rehearsal draws its own seed (no --seed),
// so the host here chooses balls one at a time, as on stage, until the
// jackpot is settled; the run resumes at each new line.
func TestExamplesJackpotLedger(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "campaign.db")
	var settled []show.Settled
	for _, name := range []string{"jackpot-chest", "jackpot-chest-guaranteed"} {
		showFile := filepath.Join(examplesDir, name, "show.yaml")
		sh, err := show.Load(showFile)
		if err != nil {
			t.Fatal(err)
		}
		script, err := os.ReadFile(filepath.Join(examplesDir, name, "actions.txt"))
		if err != nil {
			t.Fatal(err)
		}
		// the script up to its choices: who is drawn does not change it
		var lines []string
		for _, l := range strings.Split(string(script), "\n") {
			if strings.HasPrefix(l, "choose") {
				break
			}
			lines = append(lines, l)
		}
		actions := filepath.Join(dir, name+".txt")
		run := func() {
			t.Helper()
			writeFile(t, dir, name+".txt", strings.Join(lines, "\n")+"\n")
			args := []string{"run", showFile, "--db", db, "--headless", "--actions", actions, "--rehearsal", "--clock", exampleClock(sh)}
			if _, stderr, err := drawshow(t, "", args...); err != nil || strings.Contains(stderr, "refused") {
				t.Fatalf("run %s: %v\n%s", name, err, stderr)
			}
		}
		run()
		for ball := 1; len(settled) < 2 && ball <= sh.Segments[0].Jackpot.Balls; ball++ {
			n := len(settled)
			lines = append(lines, fmt.Sprintf("choose %02d", ball))
			run()
			settled = nil
			for _, r := range readJournal(t, db) {
				if r.kind == string(show.JackpotPaid) {
					var e show.Event
					if err := json.Unmarshal([]byte(r.payload), &e); err != nil {
						t.Fatal(err)
					}
					settled = append(settled, *e.Settled)
				}
			}
			if len(settled) > n {
				break
			}
		}
		lines = append(lines, "close")
		run()
	}
	if len(settled) != 2 {
		t.Fatalf("settlements %+v: want one a Sunday", settled)
	}
	first, second := settled[0], settled[1]
	const name = "summer-festivo-jackpot-chest"
	if want := (show.Settled{Name: name, Value: 20000, Won: first.Won, Next: map[bool]int64{false: 40000, true: 20000}[first.Won]}); first != want {
		t.Errorf("8 December settled %+v, want %+v", first, want)
	}
	if want := (show.Settled{Name: name, Value: first.Next, Won: true, Next: 20000}); second != want {
		t.Errorf("the guaranteed Sunday settled %+v, want %+v: the jackpot the first Sunday left, won", second, want)
	}
	t.Logf("8 December: %+v; 29 December: %+v", first, second)
	files := exportRecord(t, db) // the guaranteed Sunday, the latest show; verify --db checks the ledger
	if paid := show.Money("ZAR", second.Value); !bytes.Contains(files[record.WinnersCSV], []byte(paid)) {
		t.Errorf("%s of the guaranteed Sunday does not pay %s:\n%s", record.WinnersCSV, paid, files[record.WinnersCSV])
	}
}

// TestCheckFinaleExamples: check says where a bin made at the show comes
// from, what the finale segments set, and warns of an excluded device no
// row of the list has.
func TestCheckFinaleExamples(t *testing.T) {
	t.Parallel()
	for name, want := range map[string][]string{
		"royal-flush-month-end": {"(the receipts of the 15 winner(s) of month-end)", "(2 number(s) from 1 to 5: bins of month-end)", "month-end-3: bin 3 of month-end, at 16:00 Sun 24 Nov", "finalist: drawn by hand"},
		"grand-finale":          {"finalists by property: Montecasino 5, Gold Reef City 5, Silverstar 5, Suncoast 5, Golden Horse 5, Emnotweni 5", "R250 000, R100 000, R50 000, R25 000, R10 000"},
		"jackpot-chest":         {"base R20\u202f000, R20\u202f000 more after each draw it is not won, consolation R2\u202f000; 20 balls"},
		"bonus-jackpot":         {"sessions Wed 20 Nov 18:00-19:00, Wed 20 Nov 20:00-21:00; 15 winners an hour, 30 in all", "minimum spend ace R600, king R600, queen R200", "active players by area: "},
	} {
		stdout, stderr, err := drawshow(t, "", "check", filepath.Join(examplesDir, name, "show.yaml"))
		if err != nil {
			t.Fatalf("check %s: %v\n%s", name, err, stderr)
		}
		for _, w := range want {
			if !strings.Contains(stdout, w) {
				t.Errorf("check %s does not say %q:\n%s", name, w, stdout)
			}
		}
		if strings.Contains(stdout, "WARNING") {
			t.Errorf("check %s warns:\n%s", name, stdout)
		}
	}
	dir := t.TempDir()
	b, err := os.ReadFile(filepath.Join(examplesDir, "bonus-jackpot", "show.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	showFile := writeFile(t, dir, "show.yaml", strings.Replace(string(b), "S3017]", "S3O17]", 1))
	for _, f := range []string{"exclusions.csv", "entries/raps-2024-11-20.csv"} {
		b, err := os.ReadFile(filepath.Join(examplesDir, "bonus-jackpot", f))
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, dir, f, string(b))
	}
	stdout, _, err := drawshow(t, "", "check", showFile)
	if err != nil || !strings.Contains(stdout, `WARNING: excluded device "S3O17" is on no row`) {
		t.Errorf("check of a misspelt excluded device: %v, no warning:\n%s", err, stdout)
	}
}
