//go:build unix

package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"drawshow/console/browsertest"
	"drawshow/data/store"
	"drawshow/show"
)

// crashShow is drawshow's crash-test night: a cash draw of five winners first.
const crashShow = "../drawshow/testdata/crash/show.yaml"

// stageNight is the crash-test night copied for a stage test, without
// its decline register. The stage takes no --seed, so the night's
// winners are the show's own: one on the register is declined as the
// pick is announced, and a test waiting to click its claim would wait
// in vain (about one night in forty).
func stageNight(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Dir(crashShow))); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "show.yaml")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := bytes.Replace(b, []byte("register: register.csv\n"), nil, 1)
	if len(out) == len(b) {
		t.Fatal("the crash night names no register.csv to leave out")
	}
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// consoleURL is how the stage says where its console is.
var consoleURL = regexp.MustCompile(`operator's console: (http://\S+)`)

// A whole draw run from the operator's console alone, by clicks and by
// keys, on a real stage in a child process and a real Chromium: the
// journal has exactly what was done; the console shows the winner's name
// in full, which the big screen never does; a second tab sees the claim.
func TestConsoleRunsADraw(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		t.Skip("no X display: the stage needs one (make test runs under xvfb-run)")
	}
	dir := t.TempDir()
	db := filepath.Join(dir, "campaign.db")
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 4*time.Minute) // a guard against a hang only
	defer cancel()
	cmd := exec.CommandContext(ctx, exe, "run", stageNight(t), "--db", db, "--rehearsal", "--clock", "2024-11-30T21:25", "--windowed", "--exit-after", "10m", "--no-browser")
	cmd.Env = append(os.Environ(), childEnv+"=1", "DRAWSHOW_AUDIO=null", "GORACE="+strings.TrimSpace(os.Getenv("GORACE")+" atexit_sleep_ms=0"))
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 10 * time.Second
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	urls := make(chan string, 1)
	var logMu sync.Mutex
	var log strings.Builder
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			logMu.Lock()
			log.WriteString(sc.Text() + "\n")
			logMu.Unlock()
			if m := consoleURL.FindStringSubmatch(sc.Text()); m != nil {
				urls <- m[1]
			}
		}
	}()
	var url string
	select {
	case url = <-urls:
	case <-ctx.Done():
		t.Fatal("the stage never said where its console is")
	}
	defer func() {
		if t.Failed() {
			logMu.Lock()
			t.Logf("the stage said:\n%s", log.String())
			logMu.Unlock()
		}
	}()

	one := browsertest.Open(t, url)
	// the auditor's witness, typed at the desk, then the freeze, by clicks
	browsertest.Type(t, one, "witness", "text", "console 4 8 15")
	browsertest.Click(t, one, "witness")
	// 21:25, the draw is at 21:30: the button draws early, once confirmed
	browsertest.Click(t, one, "draw early")
	browsertest.Until(t, one, `!document.getElementById("confirm").classList.contains("hidden")`)
	if q := browsertest.Text(t, one, "#confirmq"); !strings.Contains(q, "set for 21:30") {
		t.Errorf("the console asks %q before drawing early", q)
	}
	browsertest.Do(t, one, "confirming the early draw", chromedp.Click(chromedp.CSS("#confirmyes")))
	// the draw by the clicker's key, with the console focused
	browsertest.WaitButton(t, one, "draw")
	browsertest.Do(t, one, "pressing PageDown", chromedp.KeyEvent(kb.PageDown))
	// once the winner is on air (a click while the reel runs is the reel's)
	browsertest.Until(t, one, `document.getElementById("onair").textContent === "ON AIR · reveal"`)
	// the winner's details reach the laptop with the reveal, not before:
	// through the reel they were on the console 7 s before the audience
	// saw them
	if early, err := chromedp.Run(one, chromedp.Evaluate[[]string](`window.__console.early`)); err != nil || len(early) > 0 {
		t.Errorf("the console named the winner during %v, before the reveal (%v)", early, err)
	}
	browsertest.Click(t, one, "next") // the reveal gives way to the countdown
	browsertest.WaitButton(t, one, "claim")
	name := browsertest.Text(t, one, "#wname")
	if f := strings.Fields(name); len(f) < 2 || strings.HasSuffix(name, ".") || show.MaskName(name) == name {
		t.Fatalf("the console shows the winner as %q, want the full name", name)
	}
	// the night's times in the show's zone (Africa/Johannesburg), whatever the browser's
	browsertest.Until(t, one, `[...document.querySelectorAll("#eventlist td.time")].some(e => e.textContent.startsWith("21:2"))`)
	two := browsertest.Open(t, url)
	browsertest.Until(t, two, `document.getElementById("wname").textContent === `+fmt.Sprintf("%q", name))
	start := time.Now()
	browsertest.Click(t, one, "claim")
	// a decision asks first, naming the winner, with Cancel focused
	browsertest.Until(t, one, `!document.getElementById("confirm").classList.contains("hidden") && document.activeElement === document.getElementById("confirmno")`)
	if q := browsertest.Text(t, one, "#confirmq"); q != "Record that "+name+" claimed in person? It cannot be undone." {
		t.Errorf("the console asks %q before a claim", q)
	}
	browsertest.Do(t, one, "confirming the claim", chromedp.Click(chromedp.CSS("#confirmyes")))
	browsertest.Until(t, two, `[...document.querySelectorAll("#wbadges .badge")].some(e => e.textContent === "claimed")`)
	t.Logf("the second tab saw the claim %v after the click", time.Since(start).Round(time.Millisecond))

	// the record holds what was done at the desk, and nothing else
	rd, err := store.OpenExisting(db)
	if err != nil {
		t.Fatal(err)
	}
	defer rd.Close()
	shows, err := rd.Shows()
	if err != nil || len(shows) != 1 {
		t.Fatalf("shows %+v, %v", shows, err)
	}
	evs, err := rd.Events(shows[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, e := range evs {
		kinds = append(kinds, string(e.Kind))
	}
	want := "show-opened witness-given lists-loaded entries-loaded bin-frozen pick-drawn pick-announced pick-decided"
	if got := strings.Join(kinds, " "); got != want {
		t.Errorf("journal %s\nwant    %s", got, want)
	}
	// the rehearsal ran on its show's evening (--clock), on the monotonic clock
	if at, want := evs[0].At, time.Date(2024, 11, 30, 19, 25, 0, 0, time.UTC); at.Before(want) || at.After(want.Add(time.Minute)) {
		t.Errorf("the show opened at %v, want %v by --clock", at, want)
	}
	if f := evs[4].Frozen; f == nil || !f.Early {
		t.Errorf("the freeze at 21:25 for 21:30 is not recorded as early: %+v", evs[4])
	}
	last := evs[len(evs)-1]
	if last.Pick == nil || last.Pick.Outcome != show.Claimed || last.Pick.By != "host" {
		t.Errorf("the last event %+v, want a claim by the host", last)
	}
	if p, err := evs[1].Payload(); err != nil || !strings.Contains(string(p), "console 4 8 15") {
		t.Errorf("the witness event %s, %v: want what was typed at the desk", p, err)
	}
}
