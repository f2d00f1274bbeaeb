//go:build unix

package main

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"drawshow/data/store"
	"drawshow/data/verifydb"
	"drawshow/show"

	_ "github.com/mattn/go-sqlite3"
)

// childEnv makes the test binary act as the drawshow command: the crash
// test re-executes itself instead of building the program a second time.
const childEnv = "DRAWSHOW_TEST_AS_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "1" {
		main()
		os.Exit(0)
	}
	code := m.Run()
	if stageDir != "" {
		os.RemoveAll(stageDir)
	}
	os.Exit(code)
}

const (
	// crashKills is how many times, at least, the crash test kills a child.
	crashKills = 50
	// crashWorkers run their own databases side by side.
	crashWorkers = 3
	// maxKillsPerDB: after this many kills the next run of that database is
	// left to finish.
	maxKillsPerDB = 8
	// feedGap is the pause the parent makes before each action line it has
	// not fed before, so that the child is slow enough to be hit mid-run
	// without any sleep in the program.
	feedGap = 3 * time.Millisecond
)

// crashCase is a show the crash test runs, killing it at random.
type crashCase struct {
	name, show, actions, clock string
	kills                      int // at least
}

var crashCases = []crashCase{
	{"saturday", crashShow, crashActions, testClock, crashKills},
	// the finale's bins made during the show: month-end bins, a manual bin
	// of their receipts typed by hand, a wild card's numbers and draws
	example("royal-flush-month-end", "2024-11-24T14:00", 24),
	// cards turned over; a chest's tickets typed by hand, its balls and
	// the jackpot's settlement
	example("grand-finale", "2024-12-01T16:00", 12),
	example("jackpot-chest-guaranteed", "2024-12-29T16:00", 12),
}

func example(name, clock string, kills int) crashCase {
	dir := filepath.Join(examplesDir, name)
	return crashCase{name, filepath.Join(dir, "show.yaml"), filepath.Join(dir, "actions.txt"), clock, kills}
}

// crashArgs are the arguments of every run of c on db: the actions come
// through standard input, fed by the test.
func crashArgs(c crashCase, db string) []string {
	return []string{"run", c.show, "--db", db, "--headless", "--actions", "-",
		"--rehearsal", "--seed", testSeed, "--clock", c.clock}
}

// childResult is what one run of a child did.
type childResult struct {
	killed   bool // ended by the test's SIGKILL
	err      error
	stdout   []byte
	stderr   []byte
	fed      int // action lines written to its standard input
	duration time.Duration
}

// runChild runs the test binary as drawshow with args, feeding lines on its
// standard input: lines up to skip at once (a resumed run skips them), the
// others each after feedGap. With kill > 0 the child's process group gets
// SIGKILL after that long, unless it has exited already.
func runChild(t *testing.T, args []string, lines []string, skip int, kill time.Duration) childResult {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	cmd := exec.CommandContext(ctx, exe, args...)
	// under -race a program sleeps a second before it exits, by default
	cmd.Env = append(os.Environ(), childEnv+"=1", "GORACE="+strings.TrimSpace(os.Getenv("GORACE")+" atexit_sleep_ms=0"))
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	killGroup := func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	// a test that fails or times out still takes its children with it
	cmd.Cancel = killGroup
	cmd.WaitDelay = 10 * time.Second
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var fed atomic.Int64
	stop := make(chan struct{})
	var feeding sync.WaitGroup
	feeding.Go(func() {
		defer stdin.Close()
		for i, l := range lines {
			if i >= skip {
				select {
				case <-stop:
					return
				case <-time.After(feedGap):
				}
			}
			if _, err := io.WriteString(stdin, l+"\n"); err != nil {
				return // the child is gone
			}
			fed.Add(1)
		}
	})
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	var res childResult
	var timer <-chan time.Time
	if kill > 0 {
		timer = time.After(kill)
	}
	select {
	case res.err = <-waited:
	case <-timer:
		select {
		case res.err = <-waited: // it ended just now: no kill
		default:
			if err := killGroup(); err != nil && !errors.Is(err, syscall.ESRCH) {
				t.Errorf("kill: %v", err)
			}
			res.err = <-waited
		}
	}
	res.duration = time.Since(start)
	close(stop)
	feeding.Wait()
	// the child started no process of its own that outlives it
	if err := syscall.Kill(-cmd.Process.Pid, 0); !errors.Is(err, syscall.ESRCH) {
		t.Errorf("process group %d still there after its leader ended (%v)", cmd.Process.Pid, err)
	}
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() && ws.Signal() == syscall.SIGKILL {
		res.killed = true
	}
	res.stdout, res.stderr, res.fed = stdout.Bytes(), stderr.Bytes(), int(fed.Load())
	return res
}

// crashStats is where the kills landed, across all workers.
type crashStats struct {
	mu       sync.Mutex
	kills    int
	phases   map[string]int
	dbs      int
	restarts int
	unshown  int // kills that left committed events not yet printed
	inFlight int // kills with an action line fed but not yet recorded as done
}

func (s *crashStats) add(phase string, unshown, inFlight bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.kills++
	s.phases[phase]++
	if unshown {
		s.unshown++
	}
	if inFlight {
		s.inFlight++
	}
}

// TestCrashResume kills a headless show with SIGKILL at many random points,
// restarting it each time with the same arguments, and checks after each
// kill that the journal's chain holds and that nothing the child printed is
// missing from it; the finished record must equal an uninterrupted run's.
func TestCrashResume(t *testing.T) {
	for _, c := range crashCases {
		t.Run(c.name, func(t *testing.T) { crashResume(t, c) })
	}
}

func crashResume(t *testing.T, c crashCase) {
	t.Parallel()
	text, err := os.ReadFile(c.actions)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(string(text), "\n"), "\n")
	actionLine := make([]bool, len(lines)) // lines that are actions, not comments
	actions := 0
	for i, l := range lines {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			actionLine[i] = true
			actions++
		}
	}
	if actions < 15 {
		t.Fatalf("%s has %d action lines; the crash test wants at least 15", c.actions, actions)
	}

	// Record A: one uninterrupted run, fed like the others.
	dirA := t.TempDir()
	dbA := filepath.Join(dirA, "campaign.db")
	ra := runChild(t, crashArgs(c, dbA), lines, 0, 0)
	if ra.err != nil || ra.killed {
		t.Fatalf("uninterrupted run: %v\n%s", ra.err, ra.stderr)
	}
	journalA := readJournal(t, dbA)
	if n := checkShown(t, 1, ra.stdout, journalA, map[int64]int{}); n != len(journalA) {
		t.Fatalf("uninterrupted run printed %d events, its journal holds %d", n, len(journalA))
	}
	if last := journalA[len(journalA)-1]; last.kind != "show-closed" {
		t.Fatalf("the uninterrupted run ended at %s, not show-closed", last.kind)
	}
	recA := exportRecord(t, dbA)
	full := ra.duration
	t.Logf("uninterrupted run: %d action lines, %d events, %v", actions, len(journalA), full.Round(time.Millisecond))

	stats := &crashStats{phases: map[string]int{}}
	quota := (c.kills + crashWorkers - 1) / crashWorkers
	t.Run("kills", func(t *testing.T) {
		for w := range crashWorkers {
			t.Run(fmt.Sprintf("worker%d", w), func(t *testing.T) {
				t.Parallel()
				rng := rand.New(rand.NewPCG(20241130, uint64(w)))
				for kills := 0; kills < quota && !t.Failed(); {
					kills += crashOneDB(t, c, rng, lines, actionLine, full, recA, len(journalA), stats)
				}
			})
		}
	})
	if stats.kills < c.kills && !t.Failed() {
		t.Errorf("only %d kills, want at least %d", stats.kills, c.kills)
	}
	var b strings.Builder
	for _, k := range slices.Sorted(maps.Keys(stats.phases)) {
		fmt.Fprintf(&b, "\n  %3d  %s", stats.phases[k], k)
	}
	t.Logf("%d kills over %d databases (%d runs in all); %d left committed events not yet printed, %d had an action line in flight; where they landed:%s",
		stats.kills, stats.dbs, stats.restarts, stats.unshown, stats.inFlight, b.String())
}

// crashOneDB runs the crash show on a fresh database, killing the child at
// random points until a run completes, and returns the number of kills.
func crashOneDB(t *testing.T, c crashCase, rng *rand.Rand, lines []string, actionLine []bool, full time.Duration, recA map[string][]byte, wantEvents int, stats *crashStats) int {
	t.Helper()
	db := filepath.Join(t.TempDir(), "campaign.db")
	args := crashArgs(c, db)
	printed := map[int64]int{} // event seq -> the run that printed it
	kills, done, events := 0, 0, 0
	for run := 1; ; run++ {
		var delay time.Duration
		if kills < maxKillsPerDB {
			// anywhere from the start to a little past a whole run: the
			// late ones let the run finish
			delay = 1 + time.Duration(rng.Int64N(int64(full)*11/10))
		}
		r := runChild(t, args, lines, done, delay)
		stats.mu.Lock()
		stats.restarts++
		stats.mu.Unlock()
		if bytes.Contains(r.stderr, []byte("DATA RACE")) || bytes.Contains(r.stderr, []byte("panic:")) {
			t.Fatalf("run %d: %s", run, r.stderr)
		}
		if !r.killed {
			if r.err != nil {
				t.Fatalf("run %d (after %d kills) failed: %v\n%s", run, kills, r.err, r.stderr)
			}
			if bytes.Contains(r.stderr, []byte("refused")) {
				t.Errorf("run %d refused an action:\n%s", run, r.stderr)
			}
			journal := readJournal(t, db)
			checkShown(t, run, r.stdout, journal, printed)
			if unshownTail(t, run, journal[events:]) {
				t.Errorf("run %d finished without printing every event it committed", run)
			}
			resumes := 0
			for _, e := range journal {
				if e.kind == string(show.Resumed) {
					resumes++
				}
			}
			if len(journal)-resumes != wantEvents || resumes > kills {
				t.Errorf("finished journal holds %d events (%d of them restarts, after %d kills), the uninterrupted one %d", len(journal), resumes, kills, wantEvents)
			}
			compareRecords(t, recA, exportRecord(t, db))
			stats.mu.Lock()
			stats.dbs++
			stats.mu.Unlock()
			return kills
		}
		kills++
		phase, unshown, now, total := afterKill(t, db, run, r, printed, events)
		events = total
		inFlight := false
		for i := now; i < r.fed; i++ {
			inFlight = inFlight || actionLine[i]
		}
		switch {
		case strings.HasPrefix(phase, "segment") && !strings.Contains(phase, "mid-draw") && inFlight:
			phase += ", an action line read or in flight"
		case strings.HasPrefix(phase, "segment") && !strings.Contains(phase, "mid-draw"):
			phase += ", waiting for the next action line"
		}
		if unshown {
			phase += ", with events committed but not yet printed"
		}
		stats.add(phase, unshown, inFlight)
		if t.Failed() {
			t.Fatalf("run %d killed after %v (%s)", run, r.duration.Round(time.Microsecond), phase)
		}
		if now < done {
			t.Fatalf("run %d: progress went back from line %d to %d", run, done, now)
		}
		done = now
	}
}

// afterKill reopens the database a killed child left and checks it. before
// is the number of events in the journal when the child started. It returns
// where the kill landed, whether the child had committed events it had not
// yet printed, the action lines recorded as done and the events in the
// journal.
func afterKill(t *testing.T, path string, run int, r childResult, printed map[int64]int, before int) (phase string, unshown bool, done, events int) {
	t.Helper()
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		if len(r.stdout) > 0 {
			t.Errorf("run %d printed %q but left no database", run, r.stdout)
		}
		return "starting up: no database yet", false, 0, 0
	}
	db, err := store.Open(path)
	if err != nil {
		t.Fatalf("run %d: reopening the database after the kill: %v", run, err)
	}
	defer db.Close()
	// the hash chain, and that every show still folds
	v, err := verifydb.Check(db)
	if err != nil {
		t.Fatalf("run %d: %v", run, err)
	}
	for _, p := range v.Problems {
		t.Errorf("run %d: verify --db after the kill: %s", run, p)
	}
	journal := readJournal(t, path)
	checkShown(t, run, r.stdout, journal, printed)
	unshown = unshownTail(t, run, journal[before:])
	events = len(journal)
	id, err := db.LatestShow()
	if err != nil {
		if len(journal) > 0 {
			t.Errorf("run %d: %d journal events but no show: %v", run, len(journal), err)
		}
		return "starting up: database created, no show yet", unshown, 0, events
	}
	p, ok, err := db.Progress(id)
	if err != nil {
		t.Fatal(err)
	}
	eng, err := db.Fold(id)
	if err != nil {
		t.Fatalf("run %d: show %s no longer folds: %v", run, id, err)
	}
	st := eng.State()
	if len(journal) == 0 {
		t.Fatalf("run %d: show %s has no events", run, id)
	}
	switch last := journal[len(journal)-1].kind; {
	case st.Closed:
		phase = "show closed, before the run exited"
	case !ok:
		phase = "show opened, before the first action"
	case last == "lists-loaded" || last == "entries-loaded":
		phase = fmt.Sprintf("segment %d (%s), mid-draw: lists or entries committed, the pick not yet", st.Cur+1, st.CurSeg().Seg.ID)
	case importedAhead(t, path, id, journal):
		phase = fmt.Sprintf("segment %d (%s), mid-draw: entry file or exclusions imported, their event not yet committed", st.Cur+1, st.CurSeg().Seg.ID)
	default:
		phase = fmt.Sprintf("segment %d (%s)", st.Cur+1, st.CurSeg().Seg.ID)
	}
	return phase, unshown, p.Actions, events
}

// unshownTail checks the events a run committed, in order: those it
// printed must come first, as the runner prints each commit's events once
// it is durable; those after are ones it died before printing. It reports
// whether there are any.
func unshownTail(t *testing.T, run int, committed []*journalRow) bool {
	t.Helper()
	for i, row := range committed {
		if row.printedBy != 0 {
			continue
		}
		for _, later := range committed[i+1:] {
			if later.printedBy != 0 {
				t.Errorf("run %d printed event %d but never event %d before it", run, later.seq, row.seq)
				break
			}
		}
		return true
	}
	return false
}

// importedAhead reports whether the child died between importing a file
// into the database and committing the event that records it.
func importedAhead(t *testing.T, path, show string, journal []*journalRow) bool {
	t.Helper()
	db, err := sql.Open("sqlite3", "file:"+path+"?_busy_timeout=10000")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var imports, exclusions int
	err = db.QueryRow(`SELECT (SELECT COUNT(*) FROM imports WHERE show = ?), (SELECT COUNT(*) FROM exclusions WHERE show = ?)`, show, show).Scan(&imports, &exclusions)
	if err != nil {
		t.Fatal(err)
	}
	loaded, lists := 0, 0
	for _, r := range journal {
		switch r.kind {
		case "entries-loaded":
			loaded++
		case "lists-loaded":
			lists++
		}
	}
	return imports > loaded || (exclusions > 0 && lists == 0)
}
