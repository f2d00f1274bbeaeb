//go:build unix

package main

import (
	"database/sql"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestRunKilledIsNamed: a headless run killed mid-show (kill -9) leaves
// no stop record; the next run on the database names it on its terminal
// and in the flight log, once, and drawshow log names it at its end.
func TestRunKilledIsNamed(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "c.db")
	cmd := programCmd(t, "run", crashShow, "--db", db, "--headless", "--actions", "-", "--rehearsal", "--seed", testSeed, "--clock", testClock)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	io.WriteString(in, "draw\n")
	// the pick is on the record: then the power goes
	deadline := time.Now().Add(2 * time.Minute)
	for {
		s, err := sql.Open("sqlite3", "file:"+db+"?mode=ro")
		n := 0
		if err == nil {
			s.QueryRow(`SELECT COUNT(*) FROM journal WHERE kind = 'pick-drawn'`).Scan(&n)
			s.Close()
		}
		if n > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the run never drew")
		}
		time.Sleep(20 * time.Millisecond)
	}
	pid := cmd.Process.Pid
	cmd.Process.Kill()
	cmd.Wait()

	acts := writeFile(t, dir, "actions.txt", "draw\n")
	_, stderr, code := runProgram(t, programCmd(t, runArgs(crashShow, db, acts)...))
	want := "pid " + strconv.Itoa(pid) + ", run "
	if code != 0 || !strings.Contains(stderr, want) || !strings.Contains(stderr, "ended without stopping: crash or power cut") {
		t.Fatalf("the next run (exit %d) said:\n%s", code, stderr)
	}
	_, stderr, _ = runProgram(t, programCmd(t, runArgs(crashShow, db, acts)...))
	if strings.Contains(stderr, "ended without stopping") {
		t.Fatalf("the crash was named again:\n%s", stderr)
	}
	out := wantRun(t, 0, nil, "log", "--db", db)
	if !hasLine(out, want, "ended without stopping") || !hasLine(out, "a run ended without stopping", "crashed_pid="+strconv.Itoa(pid)) {
		t.Fatalf("drawshow log does not name the killed run:\n%s", out)
	}
}
