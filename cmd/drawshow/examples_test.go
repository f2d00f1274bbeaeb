package main

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"drawshow/data"
	"drawshow/show"
)

const examplesDir = "../../examples"

// exampleRun is an example show run to its close and exported.
type exampleRun struct {
	sh      *show.Show
	db      string
	journal []*journalRow
	files   map[string][]byte // the export, by slash path
	rec     data.Record
}

// draw is the record's draw of segment id.
func (ex *exampleRun) draw(t *testing.T, id string) data.RecordDraw {
	t.Helper()
	for _, d := range ex.rec.Draws {
		if d.Segment == id {
			return d
		}
	}
	t.Fatalf("record.json has no draw of segment %s", id)
	return data.RecordDraw{}
}

// bin reads the exported bin file of d: ticket, participant, weight.
func (ex *exampleRun) bin(t *testing.T, d data.RecordDraw) []show.Entry {
	t.Helper()
	b := ex.files[d.Bin]
	if b == nil {
		t.Fatalf("the export has no %s", d.Bin)
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
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

// entries reads the rows of seg's entry file as the import does.
func entries(t *testing.T, seg *show.Segment) []data.EntryRow {
	t.Helper()
	var rows []data.EntryRow
	_, err := data.ReadEntries(seg.Entries, seg.Sheet, data.Columns(seg.Columns), data.EntryNeed(seg), func(r data.EntryRow) error {
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

// runExample checks the example show file, runs its action script with the
// test's rehearsal seed to the show's close, and exports and verifies the
// record.
func runExample(t *testing.T, showFile string) *exampleRun {
	t.Helper()
	sh, err := show.Load(showFile)
	if err != nil {
		t.Fatal(err)
	}
	ex := &exampleRun{sh: sh}

	stdout, stderr, err := cli(t, "", "check", showFile)
	if err != nil {
		t.Fatalf("check: %v\n%s%s", err, stdout, stderr)
	}
	t.Logf("check %s:\n%s", showFile, stdout)
	counts := checkTable(t, stdout)
	draws := 0
	for _, g := range sh.Segments {
		if g.Kind == show.KindDraw {
			draws++
		}
	}
	if len(counts) != draws {
		t.Errorf("check listed %d draws, the show has %d", len(counts), draws)
	}
	if sh.Segments[0].At.IsZero() {
		t.Fatalf("the first segment has no time: the example has no clock to run at")
	}

	ex.db = filepath.Join(t.TempDir(), "campaign.db")
	args := runArgs(showFile, ex.db, filepath.Join(filepath.Dir(showFile), "actions.txt"))
	args[slices.Index(args, testClock)] = exampleClock(sh)
	_, stderr, err = cli(t, "", args...)
	if err != nil || strings.Contains(stderr, "refused") {
		t.Fatalf("run %s: %v\n%s", strings.Join(args, " "), err, stderr)
	}
	ex.journal = readJournal(t, ex.db)
	if last := ex.journal[len(ex.journal)-1]; last.kind != string(show.ShowClosed) || !strings.Contains(last.payload, `"seed":"`+testSeed+`"`) {
		t.Fatalf("the last event is %s %s, want show-closed revealing the seed", last.kind, last.payload)
	}

	ex.files = exportRecord(t, ex.db) // export, verify DIR and verify --db
	if err := json.Unmarshal(ex.files["record.json"], &ex.rec); err != nil {
		t.Fatal(err)
	}
	if len(ex.rec.Draws) != draws {
		t.Errorf("record.json has %d draws, the show %d", len(ex.rec.Draws), draws)
	}
	for i := range sh.Segments {
		seg := &sh.Segments[i]
		if seg.Kind != show.KindDraw {
			continue
		}
		d := ex.draw(t, seg.ID)
		if d.Winners != seg.Winners || d.EndedShort != "" {
			t.Errorf("%s: %d of %d winners (%s): the action script does not finish the draw", seg.ID, d.Winners, seg.Winners, d.EndedShort)
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
			ex := runExample(t, showFile)
			if more := exampleChecks[names[i]]; more != nil {
				more(t, ex)
			}
		})
	}
}

// exampleChecks are each example's own assertions, on top of runExample's.
var exampleChecks = map[string]func(t *testing.T, ex *exampleRun){
	"saturday": nil,
	// 4.1, 4.4: Ace and King only, 1 000 and 500 tickets.
	"friday-prive": func(t *testing.T, ex *exampleRun) {
		seg := &ex.sh.Segments[0]
		tier := map[string]show.Tier{}
		others := 0
		for _, r := range entries(t, seg) {
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
	// 7.2: one ticket per member.
	"day-of-reconciliation": func(t *testing.T, ex *exampleRun) {
		d := ex.draw(t, ex.sh.Segments[0].ID)
		bin := ex.bin(t, d)
		for _, e := range bin {
			if e.Weight != 1 {
				t.Errorf("bin entry %+v: want one ticket a member", e)
			}
		}
		if len(bin) != d.Rows-d.Excluded || d.TotalWeight != uint64(len(bin)) {
			t.Errorf("%d entries, %d tickets from %d rows with %d excluded", len(bin), d.TotalWeight, d.Rows, d.Excluded)
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
		collection := string(ex.files[data.CollectionFile])
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
				t.Errorf("%s does not list pick %d (%s) to collect by %s:\n%s", data.CollectionFile, p.K, p.Participant, want, collection)
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
		for _, r := range entries(t, first) {
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
