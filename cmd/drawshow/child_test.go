//go:build linux

package main

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"drawshow/cmd/internal/cli"
)

// handOverEnv makes the test binary one of the processes of a hand-over:
// "parent" hands over to the test binary as the stage (runStageChild, as on
// Windows), "stage" waits for Ctrl+C (SIGINT) and then ends its show with
// status 7, "exit N" ends at once with status N, "kill" kills itself.
const handOverEnv = "DRAWSHOW_TEST_HANDOVER"

func TestHandOverHelper(t *testing.T) {
	role := os.Getenv(handOverEnv)
	if role == "" {
		t.Skip("a process of the hand-over tests")
	}
	switch {
	case strings.HasPrefix(role, "parent "):
		os.Setenv(handOverEnv, strings.TrimPrefix(role, "parent "))
		cli.Exit(runStageChild(os.Args[0], []string{"-test.run=^TestHandOverHelper$"}))
	case role == "stage":
		c := make(chan os.Signal, 1)
		signal.Notify(c, os.Interrupt)
		fmt.Println("ready")
		<-c
		fmt.Println("stage: Ctrl+C, the show ends")
		os.Exit(7)
	case strings.HasPrefix(role, "exit "):
		n, _ := strconv.Atoi(strings.TrimPrefix(role, "exit "))
		os.Exit(n)
	case role == "kill":
		syscall.Kill(os.Getpid(), syscall.SIGKILL)
	}
	os.Exit(99)
}

// handOverProcess is the parent of a hand-over, in its own process
// group as a terminal's foreground job is.
func handOverProcess(stage string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^TestHandOverHelper$")
	cmd.Env = append(os.Environ(), handOverEnv+"=parent "+stage, "GORACE=atexit_sleep_ms=0")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Stderr = os.Stderr
	return cmd
}

func exitCode(t *testing.T, err error) int {
	t.Helper()
	var ee *exec.ExitError
	if err == nil {
		return 0
	}
	if !errors.As(err, &ee) {
		t.Fatal(err)
	}
	return ee.ExitCode()
}

// The stage's exit status is the hand-over's, a signal's as a shell
// gives it (128 + the signal).
func TestChildStatusPassedOn(t *testing.T) {
	t.Parallel()
	for stage, want := range map[string]int{"exit 0": 0, "exit 1": 1, "exit 3": 3, "kill": 128 + int(syscall.SIGKILL)} {
		out, err := handOverProcess(stage).Output()
		if got := exitCode(t, err); got != want {
			t.Errorf("a stage that ends by %q: the hand-over's status %d, want %d\n%s", stage, got, want, out)
		}
	}
}

// Ctrl+C at the terminal reaches the whole foreground group: the parent
// outlives it, the stage ends its show, and the stage's status is the
// parent's.
func TestChildCtrlC(t *testing.T) {
	t.Parallel()
	cmd := handOverProcess("stage")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	r := bufio.NewReader(out)
	if line, err := r.ReadString('\n'); line != "ready\n" {
		t.Fatalf("the stage said %q (%v)", line, err)
	}
	if err := syscall.Kill(-cmd.Process.Pid, syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	rest, _ := r.ReadString('\n')
	if got := exitCode(t, cmd.Wait()); got != 7 {
		t.Fatalf("after Ctrl+C the hand-over's status is %d, want the stage's 7 (the stage said %q)", got, rest)
	}
	if !strings.Contains(rest, "the show ends") {
		t.Fatalf("the stage did not end its show: %q", rest)
	}
}

// A stage that is not there is said plainly.
func TestChildNotThere(t *testing.T) {
	err := runStageChild("/nonexistent/drawshow-stage", nil)
	if err == nil || !strings.Contains(err.Error(), "start the stage /nonexistent/drawshow-stage") {
		t.Fatalf("a missing stage: %v", err)
	}
}
