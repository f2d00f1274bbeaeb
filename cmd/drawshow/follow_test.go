//go:build unix

package main

import (
	"bufio"
	"crypto/rand"
	"drawshow/data/verify"
	"drawshow/data/witness"
	"drawshow/show"
	"drawshow/show/keys"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// feedRun is a headless run that serves its witness feed, fed its
// action lines as the test writes them.
type feedRun struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stderr strings.Builder
	link   string
	done   chan error
}

// startFeedRun starts a headless rehearsal of the crash show on db, its
// clock at clock, with --feed addr, and waits for its feed's link. (The
// crash night's actions are written for the test seed.)
func startFeedRun(t *testing.T, db, clock, addr string) *feedRun {
	t.Helper()
	return startFeedRunOf(t, crashShow, db, clock, addr)
}

// startFeedRunOf is startFeedRun of the show file at showFile.
func startFeedRunOf(t *testing.T, showFile, db, clock, addr string) *feedRun {
	t.Helper()
	r := &feedRun{done: make(chan error, 1)}
	r.cmd = programCmd(t, "run", showFile, "--db", db, "--headless", "--actions", "-", "--rehearsal", "--seed", testSeed, "--clock", clock, "--feed", addr)
	var err error
	if r.stdin, err = r.cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	pr, pw := io.Pipe()
	r.cmd.Stderr = pw
	if err := r.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.cmd.Process.Kill() })
	linked := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			r.stderr.WriteString(sc.Text() + "\n") // read only after done
			if l, ok := strings.CutPrefix(sc.Text(), "witness feed: "); ok {
				linked <- l
			}
		}
	}()
	go func() {
		r.done <- r.cmd.Wait()
		pw.Close()
	}()
	select {
	case r.link = <-linked:
	case err := <-r.done:
		t.Fatalf("the run ended before it served its feed: %v\n%s", err, r.stderr.String())
	case <-time.After(2 * time.Minute):
		t.Fatal("no witness feed link in two minutes")
	}
	return r
}

func (r *feedRun) send(t *testing.T, lines ...string) {
	t.Helper()
	if _, err := io.WriteString(r.stdin, strings.Join(lines, "\n")+"\n"); err != nil {
		t.Fatal(err)
	}
}

// waitFor waits until the witness file at path holds a row of kind.
func waitFor(t *testing.T, path, kind string) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		b, _ := os.ReadFile(path)
		if strings.Contains(string(b), `"kind":"`+kind+`"`) {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("%s never held a %s row", path, kind)
}

// startFollower starts drawshow follow as its own process.
func startFollower(t *testing.T, link, out string) (done chan int, stderr *strings.Builder) {
	t.Helper()
	cmd := programCmd(t, "follow", link, "--out", out)
	stderr = new(strings.Builder)
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	done = make(chan int, 1)
	go func() {
		cmd.Wait()
		done <- cmd.ProcessState.ExitCode()
	}()
	return done, stderr
}

func waitExit(t *testing.T, done chan int, what string) int {
	t.Helper()
	select {
	case code := <-done:
		return code
	case <-time.After(3 * time.Minute):
		t.Fatalf("%s did not end", what)
		return 0
	}
}

// officialActions are the crash night's action lines.
func officialActions(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile(crashActions)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimRight(string(b), "\n"), "\n")
}

// TestFollowerWitnessesAHonestNight: a follower in its own process holds
// the whole journal of a night by the time the run ends, and
// verify holds the database and the export to it.
func TestFollowerWitnessesAHonestNight(t *testing.T) {
	dir := t.TempDir()
	db, out := filepath.Join(dir, "c.db"), filepath.Join(dir, "witness.jsonl")
	run := startFeedRun(t, db, testClock, "127.0.0.1:0")
	followed, fstderr := startFollower(t, run.link, out)
	lines := officialActions(t)
	run.send(t, lines[:4]...)
	waitFor(t, out, "show-opened")
	run.send(t, lines[4:]...)
	run.stdin.Close()
	if err := <-run.done; err != nil {
		t.Fatalf("run: %v\n%s", err, run.stderr.String())
	}
	if code := waitExit(t, followed, "follow"); code != 0 {
		t.Fatalf("follow exited %d:\n%s", code, fstderr.String())
	}
	wantRun(t, 0, []string{"witness OK: the record holds all"}, "verify", "--db", db, "--witness", out)
	exp := filepath.Join(dir, "export")
	wantRun(t, 0, nil, "export", "--db", db, "--out", exp)
	wantRun(t, 0, []string{"witness OK"}, "verify", exp, "--witness", out)
	if fi, err := os.Stat(db + ".key"); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("the feed's key file: %v, %v", fi, err)
	}
}

// TestFollowerCatchesAKilledRunRolledBack is the insider's rollback: a
// pick goes on air and the follower holds it; the run is killed (kill -9)
// and the database's write-ahead log deleted, putting the journal back;
// the show is run again. The follower, on the same link, names the
// rollback at once, and verify --witness refuses the record.
func TestFollowerCatchesAKilledRunRolledBack(t *testing.T) {
	dir := t.TempDir()
	db, out := filepath.Join(dir, "c.db"), filepath.Join(dir, "witness.jsonl")
	run := startFeedRun(t, db, testClock, "127.0.0.1:0")
	followed, fstderr := startFollower(t, run.link, out)
	lines := officialActions(t)
	run.send(t, "draw")
	waitFor(t, out, "pick-drawn")
	run.cmd.Process.Kill()
	<-run.done
	for _, p := range []string{db + "-wal", db + "-shm"} {
		if err := os.Remove(p); err != nil {
			t.Fatal(err)
		}
	}
	addr := strings.TrimPrefix(strings.Split(run.link, "/feed")[0], "http://")
	again := startFeedRun(t, db, "2024-11-30T21:31", addr) // drawn again a minute on
	if again.link != run.link {
		t.Errorf("the feed's link changed across the restart:\n%s\n%s", run.link, again.link)
	}
	// the follower comes back within its second and names the rollback
	// before anything is drawn again
	waitFor(t, out, "rollback")
	again.send(t, lines...)
	again.stdin.Close()
	if err := <-again.done; err != nil {
		t.Fatalf("run: %v\n%s", err, again.stderr.String())
	}
	var code int
	select {
	case code = <-followed:
	case <-time.After(time.Minute):
		b, _ := os.ReadFile(out)
		t.Fatalf("follow did not end; it said:\n%s\nthe run said:\n%s\nthe witness holds:\n%s", fstderr.String(), again.stderr.String(), b)
	}
	said := fstderr.String()
	if code == 0 || !strings.Contains(said, "ALARM:") {
		t.Fatalf("follow exited %d and said:\n%s", code, said)
	}
	t.Logf("the follower said:\n%s", said)
	var mism []string
	stdout, _, vcode := runProgram(t, programCmd(t, "verify", "--db", db, "--witness", out))
	for _, l := range strings.Split(stdout, "\n") {
		if strings.HasPrefix(l, "MISMATCH:") {
			mism = append(mism, l)
		}
	}
	if vcode == 0 || !strings.Contains(stdout, "after the witness saw it") {
		t.Fatalf("verify --witness of the rolled-back record exited %d:\n%s", vcode, stdout)
	}
	t.Logf("verify said:\n%s", strings.Join(mism, "\n"))
}

// TestFollowerCatchesARollbackUnderEachDraw is the same rollback under
// witness: each-draw: the dice rolled in public after the freeze, a pick
// on air and held by the follower; the run killed, its write-ahead log
// deleted, the show run again with other dice. The follower names the
// rollback, and verify --witness refuses the record.
func TestFollowerCatchesARollbackUnderEachDraw(t *testing.T) {
	dir := t.TempDir()
	var e strings.Builder
	e.WriteString("Ticket No,Card,Name\n")
	for i := 1; i <= 30; i++ {
		fmt.Fprintf(&e, "%d,60010001%08d,Player %d\n", 100000+i, i%10, i)
	}
	writeFile(t, dir, "entries.csv", e.String())
	showFile := writeFile(t, dir, "show.yaml", strings.Replace(strictShow, "timezone: Africa/Johannesburg\n", "timezone: Africa/Johannesburg\nwitness: each-draw\n", 1))
	db, out := filepath.Join(dir, "c.db"), filepath.Join(dir, "witness.jsonl")
	run := startFeedRunOf(t, showFile, db, testClock, "127.0.0.1:0")
	followed, fstderr := startFollower(t, run.link, out)
	run.send(t, "draw", "witness 3 4", "draw")
	waitFor(t, out, "pick-drawn")
	run.cmd.Process.Kill()
	<-run.done
	for _, p := range []string{db + "-wal", db + "-shm"} {
		if err := os.Remove(p); err != nil {
			t.Fatal(err)
		}
	}
	addr := strings.TrimPrefix(strings.Split(run.link, "/feed")[0], "http://")
	again := startFeedRunOf(t, showFile, db, "2024-11-30T21:31", addr)
	waitFor(t, out, "rollback")
	again.send(t, "draw", "witness 6 6", "draw", "claim", "draw", "claim", "close")
	again.stdin.Close()
	if err := <-again.done; err != nil {
		t.Fatalf("run: %v\n%s", err, again.stderr.String())
	}
	if code := waitExit(t, followed, "follow"); code == 0 || !strings.Contains(fstderr.String(), "ALARM: rollback") {
		t.Fatalf("follow exited %d and said:\n%s", code, fstderr.String())
	}
	stdout, _, code := runProgram(t, programCmd(t, "verify", "--db", db, "--witness", out))
	if code == 0 || !strings.Contains(stdout, "after the witness saw it") {
		t.Fatalf("verify --witness of the rolled-back record exited %d:\n%s", code, stdout)
	}
}

// TestFollowerCountersigns: a show whose file names the auditor's key
// signs its checkpoints; the follower, in its own process with the
// auditor's key file, countersigns them, and its witness file holds
// notes that open with the show's key and the auditor's, up to the
// close.
func TestFollowerCountersigns(t *testing.T) {
	dir := t.TempDir()
	keyFile := filepath.Join(dir, "auditor.key")
	pub := strings.TrimPrefix(strings.TrimSpace(wantRun(t, 0, []string{"public key: "}, "key", "--out", keyFile, "--name", "auditor")), "public key: ")
	showFile := copyCrashShow(t, "auditor_key: "+pub+"\n")
	db, out := filepath.Join(dir, "c.db"), filepath.Join(dir, "witness.jsonl")
	run := startFeedRunOf(t, showFile, db, testClock, "127.0.0.1:0")
	cmd := programCmd(t, "follow", run.link, "--out", out, "--key", keyFile)
	var fstderr strings.Builder
	cmd.Stderr = &fstderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	lines := officialActions(t)
	run.send(t, lines[:4]...)
	waitFor(t, out, "show-opened")
	run.send(t, lines[4:]...)
	run.stdin.Close()
	if err := <-run.done; err != nil {
		t.Fatalf("run: %v\n%s", err, run.stderr.String())
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("follow: %v\n%s", err, fstderr.String())
	}
	auditor, err := keys.ParsePublic(pub)
	if err != nil {
		t.Fatal(err)
	}
	held, err := witness.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var showKey keys.Public
	var last show.Cosigned
	n := 0
	for _, l := range held {
		switch {
		case l.Head != nil && l.Head.Key != "":
			if showKey, err = keys.ParsePublic(l.Head.Key); err != nil {
				t.Fatal(err)
			}
		case l.Cosigned != nil:
			c, err := show.OpenCosigned(l.Cosigned.Note, showKey, auditor)
			if err != nil {
				t.Fatalf("countersigned checkpoint %d: %v", l.Cosigned.Seq, err)
			}
			last, n = c, n+1
		}
	}
	_, end := witness.Held(held)
	if n == 0 || last.Seq != end {
		t.Fatalf("%d countersigned checkpoint(s), the last at row %d; the witness holds rows to %d\n%s", n, last.Seq, end, fstderr.String())
	}
	verifyCountersigned(t, db, out, pub)
}

// verifyCountersigned holds verify to a countersigned night: its
// database and its export, with the witness file out of a follower
// holding the auditor's key pub. verify names the key it holds the show
// to; the whole file verifies; a file with no countersignature, or cut
// before its last, and a key pinned that the show file does not name,
// are refused, naming the row and both keys (issue 43: each passed as
// "witness OK").
func verifyCountersigned(t *testing.T, db, out, pub string) {
	t.Helper()
	dir := t.TempDir()
	said := wantRun(t, 0, []string{"auditor's key: " + pub + ", as the show file names it (auditor_key)"}, "verify", "--db", db, "--witness", out)
	if !hasLine(said, "countersigned OK: ", " checkpoint(s) of "+out+" countersigned by the auditor's key, to row ") {
		t.Errorf("verify --db --witness of a countersigned night:\n%s", said)
	}
	t.Logf("verify --db --witness said:\n%s", said)
	exp := filepath.Join(dir, "export")
	wantRun(t, 0, nil, "export", "--db", db, "--out", exp)
	said = wantRun(t, 0, []string{"auditor's key: " + pub + ", as pinned with --auditor-key; the show file names the same"}, "verify", exp, "--witness", out, "--auditor-key", pub)
	t.Logf("verify DIR --witness --auditor-key said:\n%s", said)
	// the report tells the auditor how a drawshow-v2 pick is re-derived
	b, err := os.ReadFile(filepath.Join(exp, "report.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	txt, err := verify.ReadPDF(b)
	if err != nil {
		t.Fatal(err)
	}
	var all strings.Builder
	for _, pg := range txt.Pages {
		all.WriteString(strings.Join(pg, " "))
	}
	for _, want := range []string{"drawshow-v2", "Auditor's key", "Unwitnessed", "none: every pick was keyed by the auditor's witness", "VRF-r255"} {
		if !strings.Contains(all.String(), want) {
			t.Errorf("report.pdf does not say %q", want)
		}
	}

	other, err := keys.Generate("auditor", rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	wantVerify(t, 1, []string{"MISMATCH: the show file names the auditor's key " + pub + "; the auditor holds " + other.Public().String() + " (--auditor-key)"},
		"verify", "--db", db, "--auditor-key", other.Public().String())

	lines, err := witness.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	lastCosigned := -1
	for i, l := range lines {
		if l.Cosigned != nil {
			lastCosigned = i
		}
	}
	closed := lines[lastCosigned].Cosigned.Seq
	write := func(name string, lines []witness.Line) string {
		var b strings.Builder
		enc := json.NewEncoder(&b)
		for _, l := range lines {
			enc.Encode(l)
		}
		return writeFile(t, dir, name, b.String())
	}
	none := write("none.jsonl", slices.DeleteFunc(slices.Clone(lines), func(l witness.Line) bool { return l.Cosigned != nil }))
	wantVerify(t, 1, []string{"MISMATCH: the witness file holds no countersigned checkpoint: the show file names the auditor's key " + pub, fmt.Sprintf("to its show-closed at row %d", closed)},
		"verify", "--db", db, "--witness", none)
	cut := write("cut.jsonl", lines[:lastCosigned])
	wantVerify(t, 1, []string{"MISMATCH: the auditor's last countersigned checkpoint is of row ", fmt.Sprintf("the show goes on to its show-closed at row %d: the rows after it were not countersigned", closed)},
		"verify", exp, "--witness", cut)
}

// copyCrashShow copies the crash night's folder (copyDir), puts extra
// lines at the top of its show file, and returns the show file's path.
func copyCrashShow(t *testing.T, extra string) string {
	t.Helper()
	p := filepath.Join(copyDir(t, filepath.Dir(crashShow)), filepath.Base(crashShow))
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, append([]byte(extra), b...), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestUnwitnessedPicksAreNamed: a drawshow-v2 show with no follower.
// Its first draw freezes and stops, WITNESS NOT ANSWERING, and the run
// goes on; the host goes on with a reason, each pick keyed by the room's
// witness. verify names every such pick and fails, unless the auditor
// allows them, when it still names them. (The two seconds the draw waits
// for a witness that is not there decide nothing.)
func TestUnwitnessedPicksAreNamed(t *testing.T) {
	dir := t.TempDir()
	keyFile := filepath.Join(dir, "auditor.key")
	pub := strings.TrimPrefix(strings.TrimSpace(wantRun(t, 0, []string{"public key: "}, "key", "--out", keyFile)), "public key: ")
	showFile := copyCrashShow(t, "auditor_key: "+pub+"\n")
	actions := filepath.Join(dir, "actions.txt")
	if err := os.WriteFile(actions, []byte("draw\nunwitnessed router restarted\nwitness 3 5\ndraw\nclaim\nwitness 2 2\ndraw\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "c.db")
	wantRun(t, 1, []string{"line 1: WITNESS NOT ANSWERING: pick 1 of sat-cash"}, "run", showFile, "--db", db, "--headless", "--actions", actions, "--rehearsal", "--seed", testSeed, "--clock", testClock)
	for _, n := range []string{"1", "2"} {
		stdout, _, code := runProgram(t, programCmd(t, "verify", "--db", db, "--open"))
		if code != 1 || !hasLine(stdout, "MISMATCH: sat-cash pick "+n+": drawn unwitnessed at 21:30:00", `reason "router restarted"`) {
			t.Fatalf("verify of the unwitnessed picks: exit %d\n%s", code, stdout)
		}
		wantRun(t, 0, []string{"unwitnessed: sat-cash pick " + n + ": drawn unwitnessed"}, "verify", "--db", db, "--open", "--allow-unwitnessed")
	}
}
