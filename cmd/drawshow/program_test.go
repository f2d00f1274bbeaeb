//go:build unix

package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"drawshow/data/record"
	"drawshow/data/store"
	"drawshow/show"
)

// The program the end-to-end test runs as a separate process: by default
// this test binary as drawshow (TestMain); programEnv names another build
// of it, such as drawshow.exe, and runnerEnv the command it runs under,
// its words split at spaces ("wine"). make windows-test runs the test so,
// with the Windows program under Wine (the test itself is a Unix
// program there too).
const (
	programEnv = "DRAWSHOW_EXE"
	runnerEnv  = "DRAWSHOW_RUNNER"
)

// programCmd is a command line of the program under test.
func programCmd(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	exe, env := os.Getenv(programEnv), []string{"DRAWSHOW_AUDIO=null"}
	if exe == "" {
		var err error
		if exe, err = os.Executable(); err != nil {
			t.Fatal(err)
		}
		env = append(env, childEnv+"=1", "GORACE="+strings.TrimSpace(os.Getenv("GORACE")+" atexit_sleep_ms=0"))
	}
	argv := append(strings.Fields(os.Getenv(runnerEnv)), exe)
	cmd := exec.Command(argv[0], append(argv[1:], args...)...)
	cmd.Env = append(os.Environ(), env...)
	return cmd
}

// runProgram runs the program to its end and returns what it printed
// and its exit status.
func runProgram(t *testing.T, cmd *exec.Cmd) (stdout, stderr string, code int) {
	t.Helper()
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	if errors.As(err, new(*exec.ExitError)) {
		code = cmd.ProcessState.ExitCode()
	} else if err != nil {
		t.Fatalf("%s: %v", cmd, err)
	}
	return o.String(), e.String(), code
}

// wantRun runs the program with args and requires its exit status and a
// line of its standard output (of its standard error, for a failure)
// that holds each of want.
func wantRun(t *testing.T, code int, want []string, args ...string) (stdout string) {
	t.Helper()
	return wantCmd(t, programCmd(t, args...), code, want)
}

func wantCmd(t *testing.T, cmd *exec.Cmd, code int, want []string) (stdout string) {
	t.Helper()
	stdout, stderr, got := runProgram(t, cmd)
	said := stdout
	if code != 0 {
		said = stderr
	}
	if got != code || !hasLine(said, want...) {
		t.Fatalf("%s: exit status %d, want %d and a line saying %q\nstdout:\n%s\nstderr:\n%s", strings.Join(cmd.Args, " "), got, code, want, stdout, stderr)
	}
	return stdout
}

// hasLine reports whether a line of out holds every one of want.
func hasLine(out string, want ...string) bool {
	for line := range strings.Lines(out) {
		all := true
		for _, w := range want {
			all = all && strings.Contains(line, w)
		}
		if all {
			return true
		}
	}
	return false
}

// TestProgramEndToEnd runs the drawshow program as the team does, each
// command its own process: check of the Saturday example, its headless
// rehearsal, export, verify of the folder, an export again over the
// first (the folder swapped), archive and verify of the zip; then a
// second run refused while a first holds the database, and a stage
// command handed over to drawshow-stage. Under Wine (make windows-test)
// it holds the Windows-only code to a run: the folder swap and the files'
// sync, the check that a temporary folder's process has ended, the lock
// (LockFileEx) and the hand-over to a child.
func TestProgramEndToEnd(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "campaign.db")
	sh, err := show.Load(exampleShow)
	if err != nil {
		t.Fatal(err)
	}
	wantRun(t, 0, []string{fmt.Sprintf(" — %s, %s: %d segment(s); ", sh.Promotion, sh.Property, len(sh.Segments))}, "check", exampleShow)

	stdout := wantRun(t, 0, []string{`"kind":"show-closed"`}, runArgs(exampleShow, db, exampleActs)...)
	events := strings.Count(stdout, "\n")
	exported := []string{"exported show ", fmt.Sprintf(": %d draw(s), ", len(sh.Segments)), fmt.Sprintf(", %d journal events to ", events)}
	out := filepath.Join(dir, "export")
	wantRun(t, 0, exported, "export", "--db", db, "--out", out)
	var rec record.Record
	if b, err := os.ReadFile(filepath.Join(out, record.RecordFile)); err != nil || json.Unmarshal(b, &rec) != nil {
		t.Fatalf("the export's %s: %v", record.RecordFile, err)
	}
	picks := 0
	for _, d := range rec.Draws {
		picks += len(d.Picks)
	}
	rederived := fmt.Sprintf("record OK: %d draw(s), %d pick(s) re-derived", len(rec.Draws), picks)
	wantRun(t, 0, []string{rederived}, "verify", out)

	// again over the first: the folder is replaced whole, a file left in
	// the old one goes with it, and no temporary folder stays beside it,
	// not even one a process that has ended left (its pid names none)
	stale := filepath.Join(out, "left-from-before.txt")
	if err := os.WriteFile(stale, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, ".drawshow-tmp-2147483647-export-1", "bins"), 0o755); err != nil {
		t.Fatal(err)
	}
	wantRun(t, 0, exported, "export", "--db", db, "--out", out)
	if _, err := os.Stat(stale); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the export over an old one left %s in it (%v)", filepath.Base(stale), err)
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".drawshow-tmp-") {
			t.Errorf("the export left %s beside it", e.Name())
		}
	}
	wantRun(t, 0, []string{rederived}, "verify", out)

	zipPath := filepath.Join(dir, "saturday.zip")
	wantRun(t, 0, []string{fmt.Sprintf("archived show %s: %d draw(s), %d pick(s), the export, a copy of the database and SHA256SUMS to ", rec.Show.ID, len(rec.Draws), picks)},
		"archive", "--db", db, "--out", zipPath)
	stdout = wantRun(t, 0, []string{"archive OK: ", " file(s) match SHA256SUMS"}, "verify", zipPath)
	for _, want := range []string{rederived, fmt.Sprintf("database copy OK: journal of %d events, head ", events)} {
		if !hasLine(stdout, want) {
			t.Errorf("verify %s does not say %q:\n%s", zipPath, want, stdout)
		}
	}

	t.Run("SecondWriterRefused", programSecondWriterRefused)
	t.Run("HandOver", programHandOver)
}

// programHandOver: a stage command is handed to drawshow-stage, whose
// output and exit status are the command's: on Windows a child of
// drawshow.exe (runStageChild), found beside it. The stage needs a
// display: make windows-test gives Wine an Xvfb.
func programHandOver(t *testing.T) {
	var env []string
	if os.Getenv(programEnv) == "" {
		stage, err := stageProgramForTests()
		if err != nil {
			t.Fatal(err)
		}
		env = []string{stageEnv + "=" + stage}
	} else if os.Getenv("DISPLAY") == "" {
		t.Skip("the stage needs a display (DISPLAY) beside " + os.Getenv(programEnv))
	}
	monitors := programCmd(t, "monitors")
	monitors.Env = append(monitors.Env, env...)
	wantCmd(t, monitors, 0, []string{`0  "`, `"  `}) // 0  "NAME"  1920x1080
	refused := programCmd(t, "monitors", "--no-such-flag")
	refused.Env = append(refused.Env, env...)
	wantCmd(t, refused, 2, []string{"flag provided but not defined: -no-such-flag"})
}

// programSecondWriterRefused: while a headless run holds a database, a
// second is refused at once, naming the holder; once the first has ended
// the next run goes on. The holder reads its actions from standard input
// and waits for more after the first few.
func programSecondWriterRefused(t *testing.T) {
	db := filepath.Join(t.TempDir(), "campaign.db")
	holder := programCmd(t, runArgs(crashShow, db, "-")...)
	var stderr lockedBuffer
	holder.Stderr = &stderr
	stdin, err := holder.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := holder.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := holder.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	lines := make(chan string, 1000)
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
		done <- holder.Wait()
	}()
	t.Cleanup(func() {
		holder.Process.Kill()
		for range lines {
		}
	})
	b, err := os.ReadFile(crashActions)
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(stdin, strings.Join(strings.SplitAfter(string(b), "\n")[:5], ""))

	// held: its lock file names it (under Wine by its Windows pid), and
	// it has printed an event of the lines it was given
	deadline := time.After(3 * time.Minute)
	for held := false; !held; {
		var h store.Holder
		b, err := os.ReadFile(db + store.LockSuffix)
		held = err == nil && json.Unmarshal(b, &h) == nil && h.PID != 0
		select {
		case <-deadline:
			t.Fatalf("the first run never held %s\n%s", db, stderr.String())
		case <-time.After(10 * time.Millisecond):
		}
	}
	select {
	case line, ok := <-lines:
		if !ok {
			t.Fatalf("the first run ended before it printed an event: %v\n%s", <-done, stderr.String())
		}
		if !strings.Contains(line, `"kind":`) {
			t.Fatalf("the first run printed %q, not an event", line)
		}
	case <-deadline:
		t.Fatalf("the first run printed no event\n%s", stderr.String())
	}

	inUse := regexp.MustCompile(` is in use by \S+ run \(pid \d+ on \S+ since \d\d:\d\d\); close it first$`)
	_, errOut, code := runProgram(t, programCmd(t, runArgs(crashShow, db, crashActions)...))
	if code != 1 || !inUse.MatchString(lastLine(errOut)) {
		t.Fatalf("a second run beside the first: exit status %d, want 1 and a last line matching %s\n%s", code, inUse, errOut)
	}

	stdin.Close()
	for range lines {
	}
	if err := <-done; err != nil {
		t.Fatalf("the first run, its input closed: %v\n%s", err, stderr.String())
	}
	wantRun(t, 0, []string{`"kind":"show-closed"`}, runArgs(crashShow, db, crashActions)...)
}
