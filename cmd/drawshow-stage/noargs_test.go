//go:build unix

package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestNoArgumentsIsTheDemo: drawshow-stage started with no arguments, as
// a double-click in Windows Explorer starts it, plays the demo (a
// rehearsal on a temporary database, its console opened) rather than
// failing with its usage.
func TestNoArgumentsIsTheDemo(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: starts the stage")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// a browser that opens nothing, ahead of the real one on PATH
	bin := t.TempDir()
	if err := os.WriteFile(filepath.Join(bin, "xdg-open"), []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), childEnv+"=1", "DRAWSHOW_AUDIO=null", "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	errs, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL); cmd.Wait() })
	said := make(chan string)
	go func() {
		var all strings.Builder
		sc := bufio.NewScanner(errs)
		for sc.Scan() {
			all.WriteString(sc.Text() + "\n")
			if consoleURL.MatchString(sc.Text()) {
				said <- ""
				return
			}
		}
		said <- all.String()
	}()
	select {
	case out := <-said:
		if out != "" {
			t.Fatalf("drawshow-stage with no arguments ended without a stage:\n%s", out)
		}
	case <-time.After(2 * time.Minute):
		t.Fatal("drawshow-stage with no arguments started no console in 2 minutes")
	}
}
