package main

import (
	"bufio"
	"bytes"
	"database/sql"
	"encoding/csv"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"drawshow/cmd/internal/cli"
	"drawshow/data/record"
	"drawshow/show"

	_ "github.com/mattn/go-sqlite3"
	"github.com/xuri/excelize/v2"
)

const (
	crashShow    = "testdata/crash/show.yaml"
	crashActions = "testdata/crash/actions.txt"
	exampleShow  = "../../examples/saturday/show.yaml"
	exampleActs  = "../../examples/saturday/actions.txt"
	testSeed     = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
	testClock    = "2024-11-30T21:30"
)

// journalRow is one row of the journal as the database holds it.
type journalRow struct {
	seq               int64
	at, kind, payload string
	prevHash, hash    []byte
	show              string
	asLine            map[string]any // the row as the runner prints it
	printedBy         int            // which run printed it, 0 if none
}

// readJournal reads the raw journal rows, bypassing the data package.
func readJournal(t *testing.T, path string) []*journalRow {
	t.Helper()
	db, err := sql.Open("sqlite3", "file:"+path+"?_busy_timeout=10000")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query(`SELECT seq, at, kind, payload, prev_hash, hash, show FROM journal ORDER BY seq`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []*journalRow
	for rows.Next() {
		r := &journalRow{}
		if err := rows.Scan(&r.seq, &r.at, &r.kind, &r.payload, &r.prevHash, &r.hash, &r.show); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal([]byte(r.payload), &r.asLine); err != nil {
			t.Fatalf("journal seq %d: payload is not JSON: %v", r.seq, err)
		}
		r.asLine["seq"], r.asLine["at"], r.asLine["kind"] = float64(r.seq), r.at, r.kind
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// printedLines splits a child's standard output into its complete lines and
// the fragment of a line it was writing when it died.
func printedLines(out []byte) (lines []string, partial string) {
	s := string(out)
	if i := strings.LastIndexByte(s, '\n'); i < len(s)-1 {
		partial, s = s[i+1:], s[:i+1]
	}
	sc := bufio.NewScanner(strings.NewReader(s))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	return lines, partial
}

// checkShown checks that every event line a run printed is in the journal,
// identical, and that no event was printed by two runs: nothing shown is
// lost and nothing is shown twice. printed holds the events earlier runs
// on the same database printed, and gets this run's. It returns how many
// lines the run printed.
func checkShown(t *testing.T, run int, out []byte, journal []*journalRow, printed map[int64]int) int {
	t.Helper()
	for _, r := range journal {
		r.printedBy = printed[r.seq]
	}
	lines, partial := printedLines(out)
	last := int64(0)
	for _, l := range lines {
		var got map[string]any
		if err := json.Unmarshal([]byte(l), &got); err != nil {
			t.Errorf("run %d printed a line that is not JSON: %q", run, l)
			continue
		}
		seq, _ := got["seq"].(float64)
		if seq < 1 || int(seq) > len(journal) {
			t.Errorf("run %d printed event seq %v, but the journal holds %d events after it died: a shown event was lost\n%s", run, got["seq"], len(journal), l)
			continue
		}
		r := journal[int(seq)-1]
		// the same fields and values, and the payload byte for byte
		if !reflect.DeepEqual(got, r.asLine) || !strings.HasSuffix(l, ","+r.payload[1:]) {
			t.Errorf("run %d printed event %d as\n%s\nbut the journal holds\nseq %d at %s kind %s payload %s", run, r.seq, l, r.seq, r.at, r.kind, r.payload)
		}
		if r.printedBy != 0 {
			t.Errorf("event %d was printed by run %d and again by run %d", r.seq, r.printedBy, run)
		}
		if r.seq <= last {
			t.Errorf("run %d printed event %d after event %d", run, r.seq, last)
		}
		r.printedBy, last = run, r.seq
		printed[r.seq] = run
	}
	if partial != "" {
		// a line cut by the kill is on its way out, so it was committed
		next := last + 1
		if next > int64(len(journal)) {
			t.Errorf("run %d died writing %q, which is beyond the journal's %d events", run, partial, len(journal))
		}
	}
	return len(lines)
}

// exportRecord exports the latest show of db and returns its files by path.
func exportRecord(t *testing.T, db string) map[string][]byte {
	t.Helper()
	out := filepath.Join(t.TempDir(), "export")
	var stdout, stderr bytes.Buffer
	if err := run([]string{"export", "--db", db, "--out", out}, nil, &stdout, &stderr); err != nil {
		t.Fatalf("export: %v\n%s", err, stderr.String())
	}
	stdout.Reset()
	if err := run([]string{"verify", out}, nil, &stdout, &stderr); err != nil {
		t.Fatalf("verify %s: %v\n%s%s", out, err, stdout.String(), stderr.String())
	}
	stdout.Reset()
	if err := run([]string{"verify", "--db", db}, nil, &stdout, &stderr); err != nil {
		t.Fatalf("verify --db %s: %v\n%s%s", db, err, stdout.String(), stderr.String())
	}
	files := map[string][]byte{}
	err := filepath.WalkDir(out, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(out, p)
		files[filepath.ToSlash(rel)] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"record.json", "winners.csv"} {
		if files[want] == nil {
			t.Fatalf("export wrote no %s (files: %v)", want, slices.Sorted(maps.Keys(files)))
		}
	}
	return files
}

// compareRecords requires an export after crashes to be an uninterrupted
// run's but for the restarts it records: the journal the same event for
// event once its show-resumed events are left out, record.json the same
// but for the journal's head and the restarts, the workbook's cells the
// same but for its journal line, and every other file byte for byte.
// report.pdf prints the restarts and the journal's head; it is written
// from the state record.json is, and verify holds it to that.
func compareRecords(t *testing.T, a, b map[string][]byte) {
	t.Helper()
	if ka, kb := slices.Sorted(maps.Keys(a)), slices.Sorted(maps.Keys(b)); !slices.Equal(ka, kb) {
		t.Errorf("the export after crashes has files %v, the uninterrupted one %v", kb, ka)
	}
	for name, want := range a {
		got, ok := b[name]
		if !ok || bytes.Equal(got, want) {
			continue
		}
		switch name {
		case record.ReportPDF:
			continue
		case record.JournalFile:
			got, want = withoutRestarts(t, got), withoutRestarts(t, want)
		case record.RecordFile:
			got, want = recordWithoutRestarts(t, got), recordWithoutRestarts(t, want)
		case record.WinnersXLSX:
			got, want = xlsxText(t, got), xlsxText(t, want)
		}
		gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
		for i := range max(len(gl), len(wl)) {
			g, w := "", ""
			if i < len(gl) {
				g = gl[i]
			}
			if i < len(wl) {
				w = wl[i]
			}
			if g != w {
				t.Errorf("%s differs from the uninterrupted run's at line %d:\n got %s\nwant %s", name, i+1, g, w)
				break
			}
		}
	}
}

// withoutRestarts is journal.jsonl's events as time, kind and payload,
// one a line, without the show-resumed ones.
func withoutRestarts(t *testing.T, b []byte) []byte {
	t.Helper()
	var out bytes.Buffer
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var e struct{ At, Kind, Payload string }
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			t.Fatalf("journal.jsonl: %v: %s", err, line)
		}
		if e.Kind != string(show.Resumed) {
			fmt.Fprintf(&out, "%s %s %s\n", e.At, e.Kind, e.Payload)
		}
	}
	return out.Bytes()
}

// recordWithoutRestarts is record.json without its journal and restarts.
func recordWithoutRestarts(t *testing.T, b []byte) []byte {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	delete(m, "journal")
	delete(m, "restarts")
	out, err := json.MarshalIndent(m, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// xlsxText is a workbook's cells, a sheet's rows a line each, without the
// summary's journal line.
func xlsxText(t *testing.T, b []byte) []byte {
	t.Helper()
	f, err := excelize.OpenReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out bytes.Buffer
	for _, sheet := range f.GetSheetList() {
		rows, err := f.GetRows(sheet)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rows {
			if len(r) > 0 && r[0] == "Journal" {
				continue
			}
			fmt.Fprintf(&out, "%s: %q\n", sheet, r)
		}
	}
	return out.Bytes()
}

// cli runs the drawshow command in this process.
func drawshow(t *testing.T, stdin string, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	var o, e bytes.Buffer
	err = run(args, strings.NewReader(stdin), &o, &e)
	return o.String(), e.String(), err
}

// runArgs are the arguments of a rehearsal run of showFile on db with the
// test's seed and clock.
func runArgs(showFile, db, actions string) []string {
	return []string{"run", showFile, "--db", db, "--headless", "--actions", actions,
		"--rehearsal", "--seed", testSeed, "--clock", testClock}
}

// writeFile writes text to name in dir and returns its path.
func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// sameJournal requires two databases to hold the same journal, row for row.
func sameJournal(t *testing.T, got, want []*journalRow) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("journal holds %d events, want %d", len(got), len(want))
	}
	for i := range min(len(got), len(want)) {
		g, w := got[i], want[i]
		if g.seq != w.seq || g.at != w.at || g.kind != w.kind || g.payload != w.payload || g.show != w.show ||
			!bytes.Equal(g.prevHash, w.prevHash) || !bytes.Equal(g.hash, w.hash) {
			t.Errorf("journal row %d differs:\n got %d %s %s %s\nwant %d %s %s %s", i+1, g.seq, g.at, g.kind, g.payload, w.seq, w.at, w.kind, w.payload)
			return
		}
	}
}

// sameEvents requires got to be want's events, at the same times and
// with the same payloads, once got's restarts are left out: their seqs
// and hashes move on by each restart.
func sameEvents(t *testing.T, got, want []*journalRow) {
	t.Helper()
	got = slices.DeleteFunc(slices.Clone(got), func(r *journalRow) bool { return r.kind == string(show.Resumed) })
	if len(got) != len(want) {
		t.Errorf("journal holds %d events but its restarts, want %d", len(got), len(want))
	}
	for i := range min(len(got), len(want)) {
		if g, w := got[i], want[i]; g.at != w.at || g.kind != w.kind || g.payload != w.payload || g.show != w.show {
			t.Errorf("event %d differs:\n got %s %s %s\nwant %s %s %s", i+1, g.at, g.kind, g.payload, w.at, w.kind, w.payload)
			return
		}
	}
}

// printedEvents are the events a run printed, without their seqs and
// without the restarts.
func printedEvents(t *testing.T, out string) []string {
	t.Helper()
	var evs []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if line == "" || strings.Contains(line, `"kind":"show-resumed"`) {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		delete(m, "seq")
		b, _ := json.Marshal(m)
		evs = append(evs, string(b))
	}
	return evs
}

// headOf is the hash of a journal's last row, as verify prints it.
func headOf(j []*journalRow) string {
	if len(j) == 0 {
		return ""
	}
	return hex.EncodeToString(j[len(j)-1].hash)
}

func TestRunExampleToClose(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "campaign.db")
	stdout, stderr, err := drawshow(t, "", runArgs(exampleShow, db, exampleActs)...)
	if err != nil {
		t.Fatalf("run: %v\n%s", err, stderr)
	}
	seed, _ := hex.DecodeString(testSeed)
	commitment := show.Commitment(seed)
	if want := "opened show royal-flush-2024-11-30; commitment " + commitment; !strings.Contains(stderr, want) {
		t.Errorf("stderr %q does not say %q", stderr, want)
	}
	if strings.Contains(stderr, "refused") {
		t.Errorf("the example refused an action:\n%s", stderr)
	}
	journal := readJournal(t, db)
	if n := checkShown(t, 1, []byte(stdout), journal, map[int64]int{}); n != len(journal) {
		t.Errorf("printed %d events, the journal holds %d", n, len(journal))
	}
	last := journal[len(journal)-1]
	if last.kind != "show-closed" || !strings.Contains(last.payload, `"seed":"`+testSeed+`"`) {
		t.Errorf("the last event is %s %s, want show-closed revealing the seed", last.kind, last.payload)
	}
	wins, picks, draws := 0, 0, 0
	for _, r := range journal {
		switch {
		case r.kind == "pick-drawn":
			picks++
		case r.kind == "bin-frozen":
			draws++
		}
	}

	out := filepath.Join(dir, "export")
	stdout, stderr, err = drawshow(t, "", "export", "--db", db, "--out", out)
	if err != nil {
		t.Fatalf("export: %v\n%s", err, stderr)
	}
	if want := fmt.Sprintf("exported show royal-flush-2024-11-30: %d draw(s), %d pick(s), %d journal events to %s", draws, picks, len(journal), out); !strings.Contains(stdout, want) {
		t.Errorf("export said %q, want %q", stdout, want)
	}
	var rec record.Record
	b, err := os.ReadFile(filepath.Join(out, "record.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &rec); err != nil {
		t.Fatal(err)
	}
	if rec.Seed != testSeed || rec.Commitment != commitment || !rec.Show.Rehearsal || rec.Show.ClosedAt == "" ||
		rec.Journal.Events != len(journal) || rec.Journal.Head != headOf(journal) {
		t.Errorf("record.json: seed %q commitment %q rehearsal %v closed %q journal %+v; want the test seed, its commitment, a closed rehearsal and %d events up to %s",
			rec.Seed, rec.Commitment, rec.Show.Rehearsal, rec.Show.ClosedAt, rec.Journal, len(journal), headOf(journal))
	}
	for _, d := range rec.Draws {
		bin, err := os.ReadFile(filepath.Join(out, d.Bin))
		if err != nil {
			t.Errorf("draw %s: %v", d.ID, err)
			continue
		}
		// a rehearsal's bin says so above its header
		rows := strings.Split(strings.TrimSuffix(string(bin), "\n"), "\n")
		if len(rows) > 0 && strings.Contains(rows[0], "REHEARSAL") {
			rows = rows[1:]
		}
		if rows[0] != "ticket,participant,weight" || len(rows)-1 != d.Entries {
			t.Errorf("%s: header %q and %d rows, want ticket,participant,weight and %d", d.Bin, rows[0], len(rows)-1, d.Entries)
		}
		for _, p := range d.Picks {
			if p.Outcome == "claimed" || p.Outcome == "proxy" || p.Outcome == "declined" || p.Outcome == "to-contact" {
				wins++
			}
		}
	}
	w, err := os.ReadFile(filepath.Join(out, "winners.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(w), "\n") - 2; n != wins || wins == 0 { // the banner and the header
		t.Errorf("winners.csv has %d rows, record.json %d winning picks", n, wins)
	}

	stdout, stderr, err = drawshow(t, "", "verify", out)
	if err != nil || !strings.Contains(stdout, fmt.Sprintf("record OK: %d draw(s), %d pick(s) re-derived", draws, picks)) {
		t.Errorf("verify %s: %v\n%s%s", out, err, stdout, stderr)
	}
	stdout, stderr, err = drawshow(t, "", "verify", "--db", db)
	if want := fmt.Sprintf("journal OK: %d events, head %s", len(journal), headOf(journal)); err != nil || !strings.Contains(stdout, want) {
		t.Errorf("verify --db: %v\n%s%s\nwant %q", err, stdout, stderr, want)
	}
}

func TestRunRefusedActions(t *testing.T) {
	t.Parallel()
	// The crash show with the test's seed; refusal says why a line is
	// refused, or is empty for a line that goes through.
	script := []struct{ line, refusal string }{
		{"claim", "sat-cash: no pick is waiting for a claim"},
		{"next", "sat-cash: 0 of 5 winners decided; draw again"},
		{"dance", `unknown action "dance" (valid: draw, draw early, witness TEXT, no-witness, claim, `},
		{"draw", ""},
		{"draw", "sat-cash: pick 1 is still undecided"},
		{"next", "sat-cash: pick 1 is still undecided"},
		{"close", "sat-cash: pick 1 is still undecided"},
		{"draw now", `draw takes no argument but early, to draw before the segment's time (got "now")`},
		{"claim", ""},
		{"claim", "sat-cash: no pick is waiting for a claim"},
		{"next", "sat-cash: 1 of 5 winners decided; draw again"},
		{"void", "void needs a reason"},
		{"wait soon", `wait needs a duration from 0s to 24h such as 90s or 2m (got "soon")`},
		{"wait -5s", `wait needs a duration`},
		{"draw", ""},
		{"wait 90s", ""},
		{"claim", "sat-cash: no pick is waiting for a claim"}, // the no-show stands
		{"draw", ""},
		{"proxy", "sat-cash: proxy needs the nominee's name"},
		{"proxy Lindiwe Dube", ""},
		{"draw", ""},
		{"proxy Lindiwe  DUBE", "sat-cash: Lindiwe  DUBE already stood for another participant tonight; a nominee may stand for one participant only"},
		{"claim", ""},
		{"close", "the show cannot close with winners missing: sat-cash (3 of 5 winners), points-draw (0 of 3 winners), late-cash (0 of 4 winners), not-present (0 of 2 winners)"},
		{"skip the prize budget is spent", ""},
		{"next", ""},
		{"skip not tonight", ""},
		{"next", ""},
		{"skip not tonight", ""},
		{"next", ""},
		{"close", "the show cannot close with winners missing: not-present (0 of 2 winners); draw them, or end each draw short with skip REASON"},
		{"skip not tonight", ""},
		{"close", ""},
		{"draw", "the show is closed"},
	}
	var all, clean strings.Builder
	refused := 0
	for _, s := range script {
		fmt.Fprintln(&all, s.line)
		if s.refusal == "" {
			fmt.Fprintln(&clean, s.line)
		} else {
			refused++
		}
	}
	dir := t.TempDir()
	dbClean, dbAll := filepath.Join(dir, "clean.db"), filepath.Join(dir, "all.db")
	wantOut, stderr, err := drawshow(t, clean.String(), runArgs(crashShow, dbClean, "-")...)
	if err != nil {
		t.Fatalf("the run without the refused lines: %v\n%s", err, stderr)
	}
	actions := writeFile(t, dir, "actions.txt", all.String())
	stdout, stderr, err := drawshow(t, "", runArgs(crashShow, dbAll, actions)...)
	if err != cli.ErrQuiet {
		t.Errorf("a run with refused actions ended with %v, want the quiet error (exit 1)", err)
	}
	for i, s := range script {
		prefix := fmt.Sprintf("%s line %d: refused: ", actions, i+1)
		switch {
		case s.refusal != "" && !strings.Contains(stderr, prefix+s.refusal):
			t.Errorf("line %d %q: stderr does not say %q", i+1, s.line, prefix+s.refusal)
		case s.refusal == "" && strings.Contains(stderr, prefix):
			t.Errorf("line %d %q was refused", i+1, s.line)
		}
	}
	if want := fmt.Sprintf("%d action(s) refused", refused); !strings.Contains(stderr, want) {
		t.Errorf("stderr does not end with %q:\n%s", want, stderr)
	}
	if t.Failed() {
		t.Logf("stderr:\n%s", stderr)
	}
	// a refused line changes nothing: the journal and what was printed are
	// those of the same run without it
	if stdout != wantOut {
		t.Errorf("printed\n%s\nwant\n%s", stdout, wantOut)
	}
	sameJournal(t, readJournal(t, dbAll), readJournal(t, dbClean))
}

func TestRunResumesWhereItStopped(t *testing.T) {
	t.Parallel()
	text, err := os.ReadFile(crashActions)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(text), "\n")
	db := filepath.Join(t.TempDir(), "one.db")
	wholeOut, stderr, err := drawshow(t, "", runArgs(crashShow, db, crashActions)...)
	if err != nil {
		t.Fatalf("one run: %v\n%s", err, stderr)
	}
	whole := readJournal(t, db)
	for _, stop := range []int{0, 1, 2, 9, 26, 27, 40, len(lines) - 2, len(lines)} {
		t.Run(fmt.Sprintf("stop after line %d", stop), func(t *testing.T) {
			t.Parallel()
			db := filepath.Join(t.TempDir(), "two.db")
			first, stderr, err := drawshow(t, strings.Join(lines[:stop], ""), runArgs(crashShow, db, "-")...)
			if err != nil {
				t.Fatalf("first run: %v\n%s", err, stderr)
			}
			second, stderr, err := drawshow(t, "", runArgs(crashShow, db, crashActions)...)
			if err != nil {
				t.Fatalf("second run: %v\n%s", err, stderr)
			}
			if want := "resumed show royal-flush-2024-11-30 at action line "; !strings.Contains(stderr, want) {
				t.Errorf("the second run does not say it resumed: %s", stderr)
			}
			// the same events but for the second run's restart, which it
			// records before its first action
			if got, want := printedEvents(t, first+second), printedEvents(t, wholeOut); !slices.Equal(got, want) {
				t.Errorf("the two runs printed\n%s---\n%s\nwant what one run printed\n%s", first, second, wholeOut)
			}
			restarts := 0 // a run with no line left to do records no start
			if strings.TrimSpace(strings.Join(lines[stop:], "")) != "" {
				restarts = 1
			}
			if n := strings.Count(second, `"kind":"show-resumed"`); n != restarts {
				t.Errorf("the second run printed %d restarts, want %d:\n%s", n, restarts, second)
			}
			resumed := readJournal(t, db)
			sameEvents(t, resumed, whole)
			// a third run has nothing left to do
			third, stderr, err := drawshow(t, "", runArgs(crashShow, db, crashActions)...)
			if err != nil || third != "" {
				t.Errorf("third run: %v, printed %q\n%s", err, third, stderr)
			}
			sameJournal(t, readJournal(t, db), resumed)
		})
	}
}

func TestRunArguments(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"seed without rehearsal", []string{"run", crashShow, "--db", "{db}", "--headless", "--actions", "-", "--seed", testSeed}, "--seed is allowed only with --rehearsal"},
		{"short seed", []string{"run", crashShow, "--db", "{db}", "--headless", "--actions", "-", "--rehearsal", "--seed", "abcd"}, `--seed needs 64 hex digits (32 bytes), got "abcd"`},
		{"seed not hex", []string{"run", crashShow, "--db", "{db}", "--headless", "--actions", "-", "--rehearsal", "--seed", strings.Repeat("zz", 32)}, "--seed needs 64 hex digits"},
		{"no db", []string{"run", crashShow, "--headless", "--actions", "-"}, "run needs --db FILE"},
		{"actions without headless", []string{"run", crashShow, "--db", "{db}", "--actions", "-"}, "--actions and --seed are for --headless runs"},
		{"stage clock without rehearsal", []string{"run", crashShow, "--db", "{db}", "--clock", "2024-11-30T21:00"}, "--clock is for rehearsals: an official show runs on the machine's clock (add --rehearsal)"},
		// issue 24: an official headless show took --clock, and wait 90s
		// recorded two no-shows in a third of a second
		{"headless clock without rehearsal", []string{"run", crashShow, "--db", "{db}", "--headless", "--actions", "-", "--clock", testClock}, "--clock is for rehearsals: an official show runs on the machine's clock (add --rehearsal)"},
		// issue 25: the backdated October show; without --clock, on the
		// machine's clock, it is not its night
		{"official show not on its night", []string{"run", crashShow, "--db", "{db}", "--headless", "--actions", "-"}, "the show was advertised for 2024-11-30 21:30 SAST: an official show opens at most 24h0m0s after its advertised time"},
		{"no actions", []string{"run", crashShow, "--db", "{db}", "--headless"}, "run --headless needs --actions FILE"},
		{"no show", []string{"run", "--db", "{db}", "--headless", "--actions", "-"}, "run needs one show file"},
		{"bad clock", []string{"run", crashShow, "--db", "{db}", "--headless", "--actions", "-", "--rehearsal", "--clock", "tonight"}, `--clock "tonight"`},
		{"unknown command", []string{"dance"}, `unknown command "dance"`},
		{"export without out", []string{"export", "--db", "{db}"}, "export needs --db FILE and --out DIR"},
		{"verify without what", []string{"verify"}, "verify needs an export DIR, or --db FILE"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			db := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-")+".db")
			args := slices.Clone(tc.args)
			for i := range args {
				args[i] = strings.ReplaceAll(args[i], "{db}", db)
			}
			_, stderr, err := drawshow(t, "draw\n", args...)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%v: got %v (stderr %q), want an error saying %q", args, err, stderr, tc.want)
			}
			if _, err := os.Stat(db); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("a refused command left a database behind (%v)", err)
			}
		})
	}
	t.Run("usage", func(t *testing.T) {
		// no arguments, an unknown flag: a usage error, exit status 2 (issue 40)
		if _, stderr, err := drawshow(t, ""); err != cli.ErrUsage || !strings.Contains(stderr, "Usage:") {
			t.Errorf("no arguments: %v, stderr %q", err, stderr)
		}
		if _, stderr, err := drawshow(t, "", "check", "--no-such-flag"); err != cli.ErrUsage || !strings.Contains(stderr, "flag provided but not defined") {
			t.Errorf("an unknown flag: %v, stderr %q", err, stderr)
		}
		if stdout, _, err := drawshow(t, "", "help"); err != nil || !strings.Contains(stdout, "drawshow run SHOW.yaml") {
			t.Errorf("help: %v, stdout %q", err, stdout)
		}
	})
	t.Run("another seed on resume", func(t *testing.T) {
		db := filepath.Join(dir, "resume.db")
		if _, stderr, err := drawshow(t, "draw\n", runArgs(crashShow, db, "-")...); err != nil {
			t.Fatalf("%v\n%s", err, stderr)
		}
		args := runArgs(crashShow, db, "-")
		args[slices.Index(args, testSeed)] = strings.Repeat("ab", 32)
		if _, _, err := drawshow(t, "claim\n", args...); err == nil || !strings.Contains(err.Error(), "was opened with another seed") {
			t.Errorf("resuming with another seed: %v", err)
		}
	})
	t.Run("official shows draw their own seed", func(t *testing.T) {
		var commitments []string
		for i := range 2 {
			db := filepath.Join(dir, fmt.Sprintf("official%d.db", i))
			showFile := filepath.Join(copyDir(t, filepath.Dir(crashShow)), "show.yaml")
			tonight(t, showFile, "2024-11-30")
			_, stderr, err := drawshow(t, "", "run", showFile, "--db", db, "--headless", "--actions", "-")
			if err != nil {
				t.Fatalf("%v\n%s", err, stderr)
			}
			_, c, _ := strings.Cut(stderr, "commitment ")
			commitments = append(commitments, strings.TrimSpace(c))
		}
		if commitments[0] == "" || commitments[0] == commitments[1] {
			t.Errorf("two official shows have commitments %q", commitments)
		}
	})
}

// segmentCounts is one line of check's table.
type segmentCounts struct {
	rows, participants, excluded, eligible int
	tickets                                uint64
	winners                                int
}

// checkTable reads the per-segment table check prints.
func checkTable(t *testing.T, stdout string) map[string]segmentCounts {
	t.Helper()
	out := map[string]segmentCounts{}
	sc := bufio.NewScanner(strings.NewReader(stdout))
	header := false
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) > 0 && f[0] == "segment" {
			header = slices.Equal(f, []string{"segment", "rows", "participants", "excluded", "eligible", "tickets", "winners"})
			continue
		}
		if !header || len(f) != 7 || strings.HasPrefix(f[1], "(") {
			continue // not a row of counts: a slide, a bin made at the show
		}
		var c segmentCounts
		if _, err := fmt.Sscan(strings.Join(f[1:], " "), &c.rows, &c.participants, &c.excluded, &c.eligible, &c.tickets, &c.winners); err != nil {
			t.Errorf("check printed %q: %v", sc.Text(), err)
		}
		out[f[0]] = c
	}
	if !header {
		t.Errorf("check printed no table with the header segment rows participants excluded eligible tickets winners:\n%s", stdout)
	}
	return out
}

// readCSV reads a small CSV file, header first; its separator is the first
// of semicolon, tab and comma its first line has.
func readCSV(t *testing.T, path string) [][]string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b = bytes.TrimPrefix(b, []byte("\uFEFF"))
	first, _, _ := bytes.Cut(b, []byte("\n"))
	r := csv.NewReader(bytes.NewReader(b))
	for _, sep := range []rune{';', '\t', ','} {
		if bytes.ContainsRune(first, sep) {
			r.Comma = sep
			break
		}
	}
	recs, err := r.ReadAll()
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return recs
}

// expectedCounts works out a segment's counts from its entry file
// directly, as the issue defines them.
func expectedCounts(t *testing.T, seg *show.Segment, excluded map[string]bool) segmentCounts {
	t.Helper()
	recs := readCSV(t, seg.Entries)
	col := map[string]int{}
	for i, h := range recs[0] {
		col[strings.ToLower(h)] = i
	}
	c := segmentCounts{rows: len(recs) - 1, winners: seg.Winners}
	tickets := map[string]uint64{}
	var cards []string
	for _, r := range recs[1:] {
		card := r[col["card"]]
		if _, seen := tickets[card]; !seen {
			cards = append(cards, card)
			tickets[card] = 0
		}
		if excluded[card] {
			continue
		}
		if seg.Tickets == show.PerRow {
			tickets[card]++
			continue
		}
		tier, err := show.ParseTier(r[col["tier"]])
		if err != nil {
			t.Fatal(err)
		}
		w := seg.Fixed[tier]
		if w == 0 {
			var points uint64
			fmt.Sscan(r[col["points"]], &points)
			w = points / seg.PointsPerTicket
		}
		if cp := seg.Cap[tier]; cp > 0 && w > cp {
			w = cp
		}
		tickets[card] = w
	}
	c.participants = len(cards)
	for _, card := range cards {
		switch {
		case excluded[card]:
			c.excluded++
		case tickets[card] > 0:
			c.eligible++
			c.tickets += tickets[card]
		}
	}
	return c
}

func TestCheckExample(t *testing.T) {
	t.Parallel()
	stdout, stderr, err := drawshow(t, "", "check", exampleShow)
	if err != nil {
		t.Fatalf("check: %v\n%s", err, stderr)
	}
	sh, err := show.Load(exampleShow)
	if err != nil {
		t.Fatal(err)
	}
	excluded := map[string]bool{}
	for _, r := range readCSV(t, sh.Exclusions[0])[1:] {
		excluded[r[0]] = true
	}
	register := len(readCSV(t, sh.Register)) - 1
	proxies := len(readCSV(t, sh.Proxies)) - 1
	if want := fmt.Sprintf("%s — Royal Flush, Gold Reef City: %d segment(s); %d card(s) excluded, %d on the decline register, %d proxy nomination(s)",
		exampleShow, len(sh.Segments), len(excluded), register, proxies); !strings.Contains(stdout, want) {
		t.Errorf("check does not say %q:\n%s", want, stdout)
	}
	got := checkTable(t, stdout)
	if len(got) != len(sh.Segments) {
		t.Errorf("check listed %d segments, the show has %d:\n%s", len(got), len(sh.Segments), stdout)
	}
	for i := range sh.Segments {
		seg := &sh.Segments[i]
		if want := expectedCounts(t, seg, excluded); got[seg.ID] != want {
			t.Errorf("segment %s: check says %+v, the file gives %+v", seg.ID, got[seg.ID], want)
		}
	}
}

func TestCheckBrokenEntries(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFile(t, dir, "show.yaml", `promotion: Broken Night
property: Gold Reef City
exclusions: exclusions.csv
segments:
  - id: bad
    title: Every kind of bad row
    entries: entries/bad.csv
    winners: 1
  - id: renamed
    title: A renamed card column
    entries: entries/renamed.csv
    winners: 1
  - id: named
    title: The column the show file names is not there
    entries: entries/named.csv
    tickets: points
    points_per_ticket: 100
    columns: {points: Balance}
    winners: 1
  - id: many
    title: More than fifty bad rows
    entries: entries/many.csv
    winners: 1
  - id: semi
    title: Semicolons, a BOM and CRLF are fine
    entries: entries/semi.csv
    tickets: points
    points_per_ticket: 100
    cap: {ace: 8}
    winners: 1
`)
	writeFile(t, dir, "exclusions.csv", "Card\n6002\n")
	bad := writeFile(t, dir, "entries/bad.csv", "Ticket No,Card,Name,Tier,Points\n"+
		"T1,6001,Zoë Dlamini,Ace,10\n"+ // row 2
		"T1,6002,Sipho Nkosi,King,20\n"+ // row 3: the ticket again
		"T2,,Thandi Botha,Queen,5\n"+ // row 4: no card
		"T3,6003,Émile Khumalo,Emperor,5\n"+ // row 5: no such tier
		"T4,6004,Naledi Smith,Ten,lots\n") // row 6: points not a number
	renamed := writeFile(t, dir, "entries/renamed.csv", "Ticket No,Kard,Name,Tier\nT1,6001,Zoë Dlamini,Ace\n")
	named := writeFile(t, dir, "entries/named.csv", "Card,Name,Tier,Points\n6001,Zoë Dlamini,Ace,100\n")
	var many strings.Builder
	many.WriteString("Ticket,Card,Tier\n")
	for i := range 60 {
		fmt.Fprintf(&many, "T%02d,60%02d,Joker\n", i, i)
	}
	manyPath := writeFile(t, dir, "entries/many.csv", many.String())
	writeFile(t, dir, "entries/semi.csv", "\uFEFFCard;Name;Tier;Points\r\n"+
		"6001;\"Dlamini; Zoë\";Ace;1000\r\n"+
		"6002;Sipho Nkosi;King;900\r\n"+ // excluded
		"6003;Émile Khumalo 🎰;Queen;350\r\n"+
		"6004;Naledi Smith;Ten;50\r\n") // no ticket

	stdout, stderr, err := drawshow(t, "", "check", filepath.Join(dir, "show.yaml"))
	if !errors.Is(err, cli.ErrQuiet) { // refused, the reasons on stderr: each is checked below
		t.Errorf("check of broken entry files: %v, want a failure told on stderr\n%s%s", err, stdout, stderr)
	}
	for _, want := range []string{
		bad + ` row 3, column "Ticket No": ticket "T1" is already on row 2`,
		bad + ` row 4, column "Card": the card number is empty`,
		bad + ` row 5, column "Tier": unknown tier "Emperor"`,
		bad + ` row 6, column "Points": points "lots" is not a whole number`,
		renamed + ` row 1: no card column`,
		`"Ticket No", "Kard", "Name", "Tier"`,
		named + ` row 1`,
		`Balance`,
		manyPath + ` row 2, column "Tier": unknown tier "Joker"`,
		manyPath + ` row 51, column "Tier": unknown tier "Joker"`,
		"… and 10 more errors (60 in all)",
		"4 file(s) with problems: nothing was imported",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("check's errors do not say %q", want)
		}
	}
	if strings.Contains(stderr, manyPath+` row 52,`) {
		t.Errorf("check listed more than 50 errors of one file")
	}
	if strings.Contains(stderr, "semi.csv") {
		t.Errorf("check found fault with the semicolon file")
	}
	got := checkTable(t, stdout)
	if want := (segmentCounts{rows: 4, participants: 4, excluded: 1, eligible: 2, tickets: 8 + 3, winners: 1}); got["semi"] != want {
		t.Errorf("semi: check says %+v, want %+v", got["semi"], want)
	}
	for _, id := range []string{"bad", "renamed", "named", "many"} {
		if _, ok := got[id]; ok {
			t.Errorf("check counted the broken segment %s", id)
		}
	}
	if t.Failed() {
		t.Logf("stdout:\n%s\nstderr:\n%s", stdout, stderr)
	}
}

// closedExport runs the crash show to its close on a new database and
// exports it; it returns the database and the export's folder.
func closedExport(t *testing.T) (db, out string) {
	t.Helper()
	dir := t.TempDir()
	db, out = filepath.Join(dir, "campaign.db"), filepath.Join(dir, "export")
	if _, stderr, err := drawshow(t, "", runArgs(crashShow, db, crashActions)...); err != nil {
		t.Fatalf("run: %v\n%s", err, stderr)
	}
	if _, stderr, err := drawshow(t, "", "export", "--db", db, "--out", out); err != nil {
		t.Fatalf("export: %v\n%s", err, stderr)
	}
	return db, out
}

// copyDir copies an export to a new folder.
func copyDir(t *testing.T, from string) string {
	t.Helper()
	to := t.TempDir()
	if err := os.CopyFS(to, os.DirFS(from)); err != nil {
		t.Fatal(err)
	}
	return to
}

// tonight moves the show file at path, a copy, to tonight: each at time
// of day keeps its hour on today's date in Johannesburg. An official show
// opens only on its own night, by the machine's clock (issue 25).
func tonight(t *testing.T, path, day string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	jhb, err := time.LoadLocation("Africa/Johannesburg")
	if err != nil {
		t.Fatal(err)
	}
	today := time.Now().In(jhb).Format(time.DateOnly)
	if err := os.WriteFile(path, bytes.ReplaceAll(b, []byte(day), []byte(today)), 0o644); err != nil {
		t.Fatal(err)
	}
}

// today is the date an official show opened tonight has, in Johannesburg.
func today(t *testing.T) string {
	t.Helper()
	jhb, err := time.LoadLocation("Africa/Johannesburg")
	if err != nil {
		t.Fatal(err)
	}
	return time.Now().In(jhb).Format(time.DateOnly)
}

// editRecord changes record.json in dir through edit.
func editRecord(t *testing.T, dir string, edit func(rec map[string]any)) {
	t.Helper()
	p := filepath.Join(dir, "record.json")
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	var rec map[string]any
	if err := json.Unmarshal(b, &rec); err != nil {
		t.Fatal(err)
	}
	edit(rec)
	if b, err = json.MarshalIndent(rec, "", " "); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// wantMismatches runs verify with args and requires it to fail, naming
// each of want on a MISMATCH line.
func wantMismatches(t *testing.T, args []string, want ...string) {
	t.Helper()
	stdout, stderr, err := drawshow(t, "", args...)
	if err != cli.ErrQuiet {
		t.Errorf("%v: got %v, want a failure (exit 1)\n%s%s", args, err, stdout, stderr)
	}
	if !strings.Contains(stderr, "verify failed: ") {
		t.Errorf("stderr does not say verify failed: %q", stderr)
	}
	var lines []string
	for l := range strings.Lines(stdout) {
		if strings.HasPrefix(l, "MISMATCH: ") {
			lines = append(lines, l)
		}
	}
	for _, w := range want {
		found := false
		for _, l := range lines {
			found = found || strings.Contains(l, w)
		}
		if !found {
			t.Errorf("no MISMATCH line says %q:\n%s", w, stdout)
		}
	}
}

func TestVerifyTamperedExport(t *testing.T) {
	t.Parallel()
	_, out := closedExport(t)
	var rec record.Record
	b, err := os.ReadFile(filepath.Join(out, "record.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &rec); err != nil {
		t.Fatal(err)
	}
	d := rec.Draws[0]
	pick := d.Picks[1]
	bin, _, err := record.ReadBin(filepath.Join(out, d.Bin))
	if err != nil {
		t.Fatal(err)
	}
	// another entry of the bin, of someone not picked in the draw
	var other []string
	for _, e := range bin {
		if !slices.ContainsFunc(d.Picks, func(p record.RecordPick) bool { return p.Participant == e.Participant }) {
			other = []string{e.Ticket, e.Participant}
			break
		}
	}

	t.Run("edited pick", func(t *testing.T) {
		t.Parallel()
		dir := copyDir(t, out)
		editRecord(t, dir, func(rec map[string]any) {
			p := rec["draws"].([]any)[0].(map[string]any)["picks"].([]any)[1].(map[string]any)
			p["ticket"], p["participant"] = other[0], other[1]
		})
		wantMismatches(t, []string{"verify", dir}, fmt.Sprintf("record.json: draw sat-cash, pick 2, participant: %q in the export, %q in the record", other[1], pick.Participant),
			fmt.Sprintf("record.json: draw sat-cash, pick 2, ticket: %q in the export, %q in the record", other[0], pick.Ticket))
	})
	t.Run("edited bin row", func(t *testing.T) {
		t.Parallel()
		dir := copyDir(t, out)
		p := filepath.Join(dir, d.Bin)
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		row := other[0] + "," + other[1] + ",1\n"
		if !bytes.Contains(b, []byte(row)) {
			t.Fatalf("%s has no row %q", d.Bin, row)
		}
		if err := os.WriteFile(p, bytes.Replace(b, []byte(row), []byte(other[0]+","+other[1]+",2\n"), 1), 0o644); err != nil {
			t.Fatal(err)
		}
		wantMismatches(t, []string{"verify", dir}, fmt.Sprintf("%s: the bin file has fingerprint ", d.ID),
			fmt.Sprintf("the journal says %s: the bin file was changed", d.Fingerprint))
	})
	t.Run("changed seed", func(t *testing.T) {
		t.Parallel()
		dir := copyDir(t, out)
		seed := strings.Repeat("5a", 32)
		editRecord(t, dir, func(rec map[string]any) { rec["seed"] = seed })
		wantMismatches(t, []string{"verify", dir}, fmt.Sprintf("record.json: seed: %q in the export, %q in the record", seed, rec.Seed))
	})
	t.Run("changed commitment", func(t *testing.T) {
		t.Parallel()
		dir := copyDir(t, out)
		editRecord(t, dir, func(rec map[string]any) { rec["commitment"] = strings.Repeat("0", 64) })
		wantMismatches(t, []string{"verify", dir}, fmt.Sprintf("record.json: commitment: %q in the export, %q in the record", strings.Repeat("0", 64), rec.Commitment))
	})
	t.Run("bin file missing", func(t *testing.T) {
		t.Parallel()
		dir := copyDir(t, out)
		if err := os.Remove(filepath.Join(dir, d.Bin)); err != nil {
			t.Fatal(err)
		}
		wantMismatches(t, []string{"verify", dir}, d.Bin+" is missing from the export")
	})
	t.Run("untouched", func(t *testing.T) {
		t.Parallel()
		dir := copyDir(t, out)
		if stdout, stderr, err := drawshow(t, "", "verify", dir); err != nil {
			t.Errorf("verify of an untouched copy: %v\n%s%s", err, stdout, stderr)
		}
	})
}

// editJournal opens the database file directly, as someone with the file
// might, and runs the statements.
func editJournal(t *testing.T, path string, stmts ...string) error {
	t.Helper()
	db, err := sql.Open("sqlite3", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, s := range stmts {
		if _, err := db.Exec(s); err != nil {
			return fmt.Errorf("%s: %w", s, err)
		}
	}
	return nil
}

// copyDB copies a closed database file, with its write-ahead log if it has
// one, to a new folder.
func copyDB(t *testing.T, from string) string {
	t.Helper()
	to := filepath.Join(t.TempDir(), filepath.Base(from))
	for _, ext := range []string{"", "-wal"} {
		b, err := os.ReadFile(from + ext)
		if ext != "" && errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(to+ext, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return to
}

func TestVerifyDBEditedJournal(t *testing.T) {
	t.Parallel()
	db, _ := closedExport(t)
	journal := readJournal(t, db)
	var drawn *journalRow
	for _, r := range journal {
		if r.kind == "pick-drawn" {
			drawn = r
			break
		}
	}
	var p struct {
		Pick struct{ Ticket string }
	}
	if err := json.Unmarshal([]byte(drawn.payload), &p); err != nil {
		t.Fatal(err)
	}
	edit := fmt.Sprintf(`UPDATE journal SET payload = replace(payload, '"ticket":"%s"', '"ticket":"999999"') WHERE seq = %d`, p.Pick.Ticket, drawn.seq)

	t.Run("append-only", func(t *testing.T) {
		t.Parallel()
		db := copyDB(t, db)
		if err := editJournal(t, db, edit); err == nil || !strings.Contains(err.Error(), "append-only") {
			t.Errorf("editing a journal row with its trigger in place: %v, want the append-only refusal", err)
		}
		if err := editJournal(t, db, `DELETE FROM journal WHERE seq = 3`); err == nil || !strings.Contains(err.Error(), "append-only") {
			t.Errorf("deleting a journal row with its trigger in place: %v, want the append-only refusal", err)
		}
		if stdout, stderr, err := drawshow(t, "", "verify", "--db", db); err != nil {
			t.Errorf("verify --db after refused edits: %v\n%s%s", err, stdout, stderr)
		}
	})
	t.Run("edited row", func(t *testing.T) {
		t.Parallel()
		db := copyDB(t, db)
		if err := editJournal(t, db, `DROP TRIGGER journal_no_update`, edit); err != nil {
			t.Fatal(err)
		}
		if got := readJournal(t, db)[drawn.seq-1].payload; !strings.Contains(got, `"ticket":"999999"`) {
			t.Fatalf("the edit did not take: %s", got)
		}
		wantMismatches(t, []string{"verify", "--db", db}, fmt.Sprintf("seq %d (pick-drawn): content does not match its hash: the row was edited", drawn.seq))
	})
	t.Run("deleted row", func(t *testing.T) {
		t.Parallel()
		db := copyDB(t, db)
		if err := editJournal(t, db, `DROP TRIGGER journal_no_delete`, `DELETE FROM journal WHERE seq = 3`); err != nil {
			t.Fatal(err)
		}
		wantMismatches(t, []string{"verify", "--db", db}, "seq 4: expected seq 3: rows are missing", "seq 4: prev_hash ")
	})
}

func TestExportOpenShow(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db, out := filepath.Join(dir, "campaign.db"), filepath.Join(dir, "export")
	// the first pick is drawn and waits for its claim
	if _, stderr, err := drawshow(t, "draw\nclaim\ndraw\n", runArgs(crashShow, db, "-")...); err != nil {
		t.Fatalf("run: %v\n%s", err, stderr)
	}
	stdout, stderr, err := drawshow(t, "", "export", "--db", db, "--out", out)
	if err != nil {
		t.Fatalf("export: %v\n%s", err, stderr)
	}
	if want := "the show is not closed: the seed stays secret and the picks cannot be verified until it is"; !strings.Contains(stdout, want) {
		t.Errorf("export of an open show does not say %q:\n%s", want, stdout)
	}
	b, err := os.ReadFile(filepath.Join(out, "record.json"))
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(b, []byte(testSeed)) {
		t.Errorf("record.json of an open show holds the seed:\n%s", b)
	}
	var rec record.Record
	if err := json.Unmarshal(b, &rec); err != nil {
		t.Fatal(err)
	}
	seed, _ := hex.DecodeString(testSeed)
	if rec.Seed != "" || rec.Show.ClosedAt != "" || rec.Commitment != show.Commitment(seed) {
		t.Errorf("record.json: seed %q, closed_at %q, commitment %q; want no seed, not closed, the commitment %s", rec.Seed, rec.Show.ClosedAt, rec.Commitment, show.Commitment(seed))
	}
	if len(rec.Draws) != 1 || len(rec.Draws[0].Picks) != 2 || rec.Draws[0].Picks[0].Outcome != "claimed" || rec.Draws[0].Picks[1].Outcome != "pending" {
		t.Errorf("record.json draws %+v, want one draw with a claimed pick and a pending one", rec.Draws)
	}
	wantMismatches(t, []string{"verify", out}, "the seed is not revealed: the show royal-flush-2024-11-30 is not closed, so its picks cannot be re-derived yet")
	// its journal is sound all the same
	if stdout, stderr, err := drawshow(t, "", "verify", "--db", db); err != nil {
		t.Errorf("verify --db of an open show: %v\n%s%s", err, stdout, stderr)
	}
}

// TestCheckListMatches: check says how many of the exclusions list's
// cards matched an entry, and warns of a list that matches none of a
// bin that is not empty: a compliance list whose cards Excel had typed as
// numbers (leading zeros gone) matched 0 of 45, and check said "45
// card(s) excluded" while 18 listed members sat in the bin.
func TestCheckListMatches(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, list, out, warn string
	}{
		{"some", "Card\n0012345\n99999\n", "exclusions: 1 of 2 card(s) matched an entry", ""},
		// typed as numbers in Excel, the zeros gone: matched all the same
		{"zeros lost", "Card\n12345\n54321\n", "exclusions: 2 of 2 card(s) matched an entry", ""},
		{"none", "Card\n99999\n", "exclusions: 0 of 1 card(s) matched an entry",
			"exclusions.csv: none of its 1 card(s) matched an entry: check its card numbers (Excel drops the leading zeros of a number cell); an official show will not open with it unless the show file says {file: exclusions.csv, expect_unmatched: true}"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFile(t, dir, "show.yaml", `promotion: Royal Flush
property: Gold Reef City
exclusions: exclusions.csv
segments:
  - id: sat
    at: "2024-11-30T21:30"
    entries: entries.csv
    winners: 1
`)
			writeFile(t, dir, "entries.csv", "Ticket,Card,Name\nT1,0012345,Sipho Dlamini\nT2,0054321,Zoë Botha\n")
			writeFile(t, dir, "exclusions.csv", c.list)
			stdout, stderr, err := drawshow(t, "", "check", filepath.Join(dir, "show.yaml"))
			if err != nil {
				t.Fatalf("check: %v\n%s", err, stderr)
			}
			if !strings.Contains(stdout, c.out) {
				t.Errorf("check does not say %q:\n%s", c.out, stdout)
			}
			if strings.TrimSpace(stderr) != c.warn {
				t.Errorf("check warned %q, want %q", stderr, c.warn)
			}
		})
	}
}

// TestCheckDropsTrailingTotal: the TOTAL row the Rewards system ends its
// export on is not an entry: check names it as dropped, and the bin
// holds the members alone (issue 26).
func TestCheckDropsTrailingTotal(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFile(t, dir, "show.yaml", `promotion: Royal Flush
property: Gold Reef City
segments:
  - id: sat
    at: "2024-11-30T21:30"
    entries: entries.csv
    winners: 1
`)
	writeFile(t, dir, "entries.csv", "Ticket,Card,Name\nT1,0012345,Sipho Dlamini\nT2,0054321,Zoë Botha\n,TOTAL,2 members\n")
	stdout, stderr, err := drawshow(t, "", "check", filepath.Join(dir, "show.yaml"))
	if err != nil {
		t.Fatalf("check: %v\n%s", err, stderr)
	}
	if want := `sat: entries.csv row 4: the summary row "TOTAL" at the end of the file is not an entry: dropped`; !strings.Contains(stdout, want) {
		t.Errorf("check does not say %q:\n%s", want, stdout)
	}
}

// TestOfficialHeadlessRunsOnTheMachinesClock (issue 24): an official
// headless run took --clock, and wait 90s recorded two no-shows in a
// third of a second. Now --clock is refused (TestRunArguments), the show
// clock is the machine's, a wait takes real time, and the record says
// how the show ran.
func TestOfficialHeadlessRunsOnTheMachinesClock(t *testing.T) {
	t.Parallel()
	showFile := filepath.Join(copyDir(t, filepath.Dir(crashShow)), "show.yaml")
	tonight(t, showFile, "2024-11-30")
	db := filepath.Join(t.TempDir(), "campaign.db")
	start := time.Now()
	if _, stderr, err := drawshow(t, "wait 2s\n", "run", showFile, "--db", db, "--headless", "--actions", "-"); err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	if took := time.Since(start); took < 2*time.Second {
		t.Errorf("wait 2s took %v of real time", took)
	}
	j := readJournal(t, db)
	e, err := show.DecodeEvent(j[0].seq, time.Time{}, j[0].kind, []byte(j[0].payload))
	if err != nil {
		t.Fatal(err)
	}
	if o := e.Opened; o == nil || o.Rehearsal || o.Mode != show.ModeHeadless || o.ClockSource != show.ClockWall || time.Since(o.WallClock) > time.Minute {
		t.Errorf("opened %+v", e.Opened)
	}
}
