//go:build unix

package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"drawshow/data/store"
	"drawshow/flightlog"
)

// program is a drawshow process the test started: the test binary as
// drawshow (see TestMain), in its own process group.
type program struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stderr lockedBuffer
	lines  chan string // its standard output, a line at a time
	done   chan error
}

// lockedBuffer is a buffer the program's output goroutine writes while
// the test reads it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// stageDir holds the stage the tests built; TestMain removes it.
var stageDir string

// stageProgramForTests is drawshow-stage, built once, for the tests that
// run drawshow's stage commands: drawshow hands them over to it.
var stageProgramForTests = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "drawshow-stage-")
	if err != nil {
		return "", err
	}
	stageDir = dir
	p := filepath.Join(dir, "drawshow-stage")
	if b, err := exec.Command("go", "build", "-o", p, "drawshow/cmd/drawshow-stage").CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build drawshow-stage: %v\n%s", err, b)
	}
	return p, nil
})

func startProgram(t *testing.T, args ...string) *program {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	p := &program{lines: make(chan string, 1000), done: make(chan error, 1)}
	p.cmd = exec.Command(exe, args...)
	p.cmd.Env = append(os.Environ(), childEnv+"=1", "DRAWSHOW_AUDIO=null",
		"GORACE="+strings.TrimSpace(os.Getenv("GORACE")+" atexit_sleep_ms=0"))
	if args[0] == "run" && !slices.Contains(args, "--headless") {
		stage, err := stageProgramForTests()
		if err != nil {
			t.Fatal(err)
		}
		p.cmd.Env = append(p.cmd.Env, stageEnv+"="+stage)
	}
	p.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	p.cmd.Stderr = &p.stderr
	if p.stdin, err = p.cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	out, err := p.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
		close(p.lines)
		p.done <- p.cmd.Wait()
	}()
	t.Cleanup(p.kill)
	return p
}

// kill ends the program and its group with SIGKILL, as a crash would.
func (p *program) kill() {
	syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
	for range p.lines {
	}
}

// wait waits for the program to end by itself.
func (p *program) wait(t *testing.T) error {
	t.Helper()
	for range p.lines {
	}
	select {
	case err := <-p.done:
		p.done <- err
		return err
	case <-time.After(3 * time.Minute):
		t.Fatalf("pid %d did not end\n%s", p.cmd.Process.Pid, p.stderr.String())
	}
	return nil
}

// waitHolder waits until the lock file of db names the program: it holds
// the database.
func waitHolder(t *testing.T, db string, p *program) {
	t.Helper()
	deadline := time.Now().Add(3 * time.Minute)
	for {
		var h store.Holder
		if b, err := os.ReadFile(db + store.LockSuffix); err == nil && json.Unmarshal(b, &h) == nil && h.PID == p.cmd.Process.Pid {
			return
		}
		select {
		case err := <-p.done:
			t.Fatalf("pid %d ended (%v) before it held %s\n%s", p.cmd.Process.Pid, err, db, p.stderr.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("pid %d never held %s\n%s", p.cmd.Process.Pid, db, p.stderr.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// waitProgress waits until the headless run p has done the first n
// action lines of its show: it is idle, waiting for the next.
func waitProgress(t *testing.T, path string, n int, p *program) {
	t.Helper()
	deadline := time.Now().Add(3 * time.Minute)
	for {
		db, err := store.OpenExisting(path)
		if err == nil {
			var id string
			var pr store.Progress
			if id, err = db.LatestShow(); err == nil {
				pr, _, err = db.Progress(id)
			}
			db.Close()
			if err == nil && pr.Actions >= n {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("pid %d did not get through %d action lines (%v)\n%s", p.cmd.Process.Pid, n, err, p.stderr.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// inUse is the refusal of a writer while pid holds db.
func inUse(db, command string, pid int) *regexp.Regexp {
	host, _ := os.Hostname()
	return regexp.MustCompile(`^` + regexp.QuoteMeta(db) + ` is in use by \S*` + regexp.QuoteMeta(command) +
		` \(pid ` + fmt.Sprint(pid) + ` on ` + regexp.QuoteMeta(host) + ` since \d\d:\d\d\); close it first$`)
}

// TestSecondWriterRefused: while a headless run holds the campaign
// database, a second headless run, and a stage, are refused at once with
// the holder named, and the record is untouched; export, archive,
// statement and verify --db read it meanwhile. Once the holder ends, the
// next run goes on.
func TestSecondWriterRefused(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "campaign.db")
	holder := startProgram(t, runArgs(crashShow, db, "-")...)
	// the first lines of the actions the next run reads from the file:
	// the first pick drawn and claimed
	b, err := os.ReadFile(crashActions)
	if err != nil {
		t.Fatal(err)
	}
	const fed = 5
	io.WriteString(holder.stdin, strings.Join(strings.SplitAfter(string(b), "\n")[:fed], ""))
	waitHolder(t, db, holder)
	waitProgress(t, db, fed, holder)
	before := readJournal(t, db)

	// refused by the lock, whose message comes before SQLite is opened:
	// at once, not after a busy timeout (no clock: CI may be slow)
	_, stderr, err := drawshow(t, "", runArgs(crashShow, db, crashActions)...)
	if err == nil || !inUse(db, " run", holder.cmd.Process.Pid).MatchString(err.Error()) {
		t.Fatalf("a second headless run: %v\n%s", err, stderr)
	}
	sameJournal(t, readJournal(t, db), before)

	// the readers read it while it is held
	out := t.TempDir()
	for _, args := range [][]string{
		{"verify", "--db", db},
		{"export", "--db", db, "--out", filepath.Join(out, "export")},
		{"archive", "--db", db, "--out", filepath.Join(out, "show.zip")},
		{"statement", "--db", db, "--card", "6001000347712782"},
	} {
		if stdout, stderr, err := drawshow(t, "", args...); err != nil {
			t.Errorf("%s beside the running show: %v\n%s%s", args[0], err, stdout, stderr)
		}
	}

	if os.Getenv("DISPLAY") != "" {
		stage := startProgram(t, "run", crashShow, "--db", db, "--rehearsal", "--windowed", "--exit-after", "5m", "--no-browser")
		err := stage.wait(t)
		if err == nil || !inUse(db, " run", holder.cmd.Process.Pid).MatchString(strings.TrimPrefix(lastLine(stage.stderr.String()), "drawshow: ")) {
			t.Errorf("the stage beside the running show: %v\n%s", err, stage.stderr.String())
		}
		sameJournal(t, readJournal(t, db), before)
	}

	holder.stdin.Close()
	if err := holder.wait(t); err != nil {
		t.Fatalf("the holder: %v\n%s", err, holder.stderr.String())
	}
	if _, stderr, err := drawshow(t, "", runArgs(crashShow, db, crashActions)...); err != nil {
		t.Fatalf("the next run once the holder ended: %v\n%s", err, stderr)
	}
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

// TestStageHoldsTheDatabase: the stage holds the database as long as it
// runs: a headless run beside it is refused and writes nothing, and after
// the stage is killed (a crash) the lock is free again.
func TestStageHoldsTheDatabase(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		t.Skip("no X display: the stage needs one (run under xvfb-run -a -s \"-screen 0 1920x1080x24\"; make test does)")
	}
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "campaign.db")
	stage := startProgram(t, "run", crashShow, "--db", db, "--rehearsal", "--windowed", "--exit-after", "10m", "--no-browser")
	waitHolder(t, db, stage)
	// the stage has opened the show once its commitment is printed
	deadline := time.Now().Add(3 * time.Minute)
	for !strings.Contains(stage.stderr.String(), "commitment") {
		if time.Now().After(deadline) {
			t.Fatalf("the stage never opened its show:\n%s", stage.stderr.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	before := readJournal(t, db)
	_, stderr, err := drawshow(t, "draw\n", runArgs(crashShow, db, "-")...)
	if err == nil || !inUse(db, " run", stage.cmd.Process.Pid).MatchString(err.Error()) {
		t.Fatalf("a headless run beside the stage: %v\n%s", err, stderr)
	}
	sameJournal(t, readJournal(t, db), before)
	if stdout, stderr, err := drawshow(t, "", "verify", "--db", db); err != nil {
		t.Errorf("verify --db beside the stage: %v\n%s%s", err, stdout, stderr)
	}
	stage.kill()
	// the stage's rehearsal drew its own seed
	if _, stderr, err := drawshow(t, "draw\n", "run", crashShow, "--db", db, "--headless", "--actions", "-", "--rehearsal"); err != nil {
		t.Fatalf("a headless run after the stage was killed: %v\n%s", err, stderr)
	}
}

// TestReadersOnAReadOnlyMount: verify --db, export and archive read a
// campaign database on a read-only mount (a bind mount in a mount
// namespace of the child's own), and nothing is made beside it.
func TestReadersOnAReadOnlyMount(t *testing.T) {
	t.Parallel()
	unshare, err := exec.LookPath("unshare")
	if err != nil {
		t.Skip("no unshare: a read-only mount cannot be made")
	}
	dir := t.TempDir()
	db := filepath.Join(dir, "campaign.db")
	if _, stderr, err := drawshow(t, "", runArgs(exampleShow, db, exampleActs)...); err != nil {
		t.Fatalf("run: %v\n%s", err, stderr)
	}
	before := listDir(t, dir)
	out := t.TempDir()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	ns := []string{"-m"}
	if os.Geteuid() != 0 {
		ns = []string{"-r", "-m"}
	}
	script := `mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" || exit 99
touch "$1/probe" 2>/dev/null && { echo "the mount is writable"; exit 98; }
"$2" verify --db "$1/campaign.db" && "$2" export --db "$1/campaign.db" --out "$3/export" && "$2" archive --db "$1/campaign.db" --out "$3/show.zip"`
	cmd := exec.CommandContext(context.Background(), unshare, append(ns, "sh", "-c", script, "sh", dir, exe, out)...)
	cmd.Env = append(os.Environ(), childEnv+"=1", "GORACE="+strings.TrimSpace(os.Getenv("GORACE")+" atexit_sleep_ms=0"))
	b, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	if errors.As(err, &ee) && ee.ExitCode() == 99 || err != nil && strings.Contains(string(b), "unshare failed") {
		t.Skipf("no read-only mount here: %s", b)
	}
	if err != nil {
		t.Fatalf("readers on the read-only mount: %v\n%s", err, b)
	}
	if !strings.Contains(string(b), "journal OK") {
		t.Errorf("verify --db said:\n%s", b)
	}
	if after := listDir(t, dir); !slices.Equal(after, before) {
		t.Errorf("the folder changed:\n%s\nwas\n%s", strings.Join(after, "\n"), strings.Join(before, "\n"))
	}
	if stdout, stderr, err := drawshow(t, "", "verify", filepath.Join(out, "export")); err != nil {
		t.Errorf("the export made from the read-only mount: %v\n%s%s", err, stdout, stderr)
	}
}

// listDir is a folder's files with their sizes and times.
func listDir(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range es {
		fi, err := e.Info()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, fmt.Sprintf("%s %d %s", e.Name(), fi.Size(), fi.ModTime().Format(time.RFC3339Nano)))
	}
	return out
}

// TestDBNamesAreFileNames: the program writes the show to the file --db
// names, whatever it holds, and reads it back from that name.
func TestDBNamesAreFileNames(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"draw#3.db", "mem?mode=memory#.db", "100%.db", "the campaign.db", "Zoë 抽選.db"} {
		dir := t.TempDir()
		db := filepath.Join(dir, name)
		if _, stderr, err := drawshow(t, "draw\nclaim\n", runArgs(crashShow, db, "-")...); err != nil {
			t.Fatalf("%s: run: %v\n%s", name, err, stderr)
		}
		var got []string
		es, _ := os.ReadDir(dir)
		for _, e := range es {
			got = append(got, e.Name())
		}
		if want := []string{name, name + store.LockSuffix, name + flightlog.Suffix}; !slices.Equal(got, want) {
			t.Errorf("%s: the folder holds %q, want %q", name, got, want)
		}
		stdout, stderr, err := drawshow(t, "", "verify", "--db", db)
		if err != nil || !strings.Contains(stdout, "journal OK") {
			t.Errorf("%s: verify --db: %v\n%s%s", name, err, stdout, stderr)
		}
		if n := journalEvents(t, db); n < 4 {
			t.Errorf("%s holds %d journal rows", name, n)
		}
	}
}

// journalEvents counts the journal rows of the file at path, read
// through the data package's reader.
func journalEvents(t *testing.T, path string) int {
	t.Helper()
	db, err := store.OpenExisting(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	r, err := db.VerifyChain()
	if err != nil {
		t.Fatal(err)
	}
	return r.Events
}
