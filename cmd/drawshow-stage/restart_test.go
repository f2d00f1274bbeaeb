//go:build unix

package main

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"drawshow/console/browsertest"
	"drawshow/data/store"
	"drawshow/show"
)

// stageRun is a stage in a child process and what it said.
type stageRun struct {
	cmd *exec.Cmd
	mu  sync.Mutex
	log strings.Builder
}

func (r *stageRun) said() string { r.mu.Lock(); defer r.mu.Unlock(); return r.log.String() }

// kill ends the stage as a power cut would.
func (r *stageRun) kill() {
	syscall.Kill(-r.cmd.Process.Pid, syscall.SIGKILL)
	r.cmd.Wait()
}

// startStage starts the stage with args and waits for its console's link.
func startStage(t *testing.T, ctx context.Context, args ...string) (*stageRun, string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	r := &stageRun{cmd: exec.CommandContext(ctx, exe, args...)}
	r.cmd.Env = append(os.Environ(), childEnv+"=1", "DRAWSHOW_AUDIO=null", "GORACE="+strings.TrimSpace(os.Getenv("GORACE")+" atexit_sleep_ms=0"))
	r.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	r.cmd.Cancel = func() error { return syscall.Kill(-r.cmd.Process.Pid, syscall.SIGKILL) }
	r.cmd.WaitDelay = 10 * time.Second
	stderr, err := r.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := r.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.kill)
	urls := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			r.mu.Lock()
			r.log.WriteString(sc.Text() + "\n")
			r.mu.Unlock()
			if m := consoleURL.FindStringSubmatch(sc.Text()); m != nil {
				urls <- m[1]
			}
		}
	}()
	select {
	case url := <-urls:
		return r, url
	case <-ctx.Done():
		t.Fatalf("the stage never said where its console is:\n%s", r.said())
	}
	return nil, ""
}

// TestConsoleSurvivesARestart: the stage is killed with the console open
// in Chromium; the page says STAGE NOT RUNNING; the stage is started
// again on the same show, and the same tab, never reloaded, reconnects
// by itself (same address, same token) and drives the show: its click
// freezes the bin.
func TestConsoleSurvivesARestart(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		t.Skip("no X display: the stage needs one (make test runs under xvfb-run)")
	}
	db := filepath.Join(t.TempDir(), "campaign.db")
	ctx, cancel := context.WithTimeout(t.Context(), 4*time.Minute) // a guard against a hang only
	defer cancel()
	args := []string{"run", stageNight(t), "--db", db, "--rehearsal", "--clock", "2024-11-30T21:25", "--windowed", "--exit-after", "10m", "--no-browser"}
	first, url := startStage(t, ctx, args...)
	tab := browsertest.Open(t, url)
	browsertest.WaitButton(t, tab, "witness")

	first.kill()
	browsertest.Until(t, tab, `!document.getElementById("dead").classList.contains("hidden")`)

	again, url2 := startStage(t, ctx, args...)
	if url2 != url {
		t.Fatalf("the console's link changed across the restart:\n%s\n%s", url, url2)
	}
	browsertest.Until(t, tab, `document.getElementById("dead").classList.contains("hidden")`)
	browsertest.Click(t, tab, "draw early")
	browsertest.Until(t, tab, `!document.getElementById("confirm").classList.contains("hidden")`)
	browsertest.Do(t, tab, "confirming the early draw", chromedp.Click(chromedp.CSS("#confirmyes")))
	browsertest.WaitButton(t, tab, "draw")

	rd, err := store.OpenExisting(db)
	if err != nil {
		t.Fatal(err)
	}
	defer rd.Close()
	id, err := rd.LatestShow()
	if err != nil {
		t.Fatal(err)
	}
	evs, err := rd.Events(id)
	if err != nil {
		t.Fatal(err)
	}
	if last := evs[len(evs)-1]; last.Kind != show.BinFrozen {
		t.Fatalf("the journal ends with %s, want the freeze clicked in the old tab\n%s", last.Kind, again.said())
	}
}
