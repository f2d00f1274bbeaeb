//go:build unix

package main

import (
	"bufio"
	"context"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"drawshow/data/store"
	"drawshow/data/witness"
	"drawshow/show"
)

// TestStageServesTheWitnessFeed plays the crash show's first draw by
// itself on the stage with --feed, a follower (drawshow follow's own
// code) on the printed link. The console's listener serves the same feed
// behind the feed's token, not the console's; the stage, as it ends,
// waits for the follower to hold the record's head, and the record holds
// every row the follower holds. It ends on a scene, not after a time.
func TestStageServesTheWitnessFeed(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		t.Skip("no X display: the stage needs one (make test runs it under xvfb-run)")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	db, out := filepath.Join(dir, "campaign.db"), filepath.Join(dir, "witness.jsonl")
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Minute) // a guard against a hang only
	defer cancel()
	cmd := exec.CommandContext(ctx, exe, "run", stageNight(t), "--db", db, "--rehearsal", "--autoplay", "--clock", "2024-11-30T21:30",
		"--exit-after-scene", "reveal", "--windowed", "--no-browser", "--feed", "127.0.0.1:0")
	cmd.Env = append(os.Environ(), childEnv+"=1", "DRAWSHOW_AUDIO=null", "GORACE="+strings.TrimSpace(os.Getenv("GORACE")+" atexit_sleep_ms=0"))
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 10 * time.Second
	errs, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var said strings.Builder
	var feedLink, consoleLink string
	sc := bufio.NewScanner(errs)
	for (feedLink == "" || consoleLink == "") && sc.Scan() {
		said.WriteString(sc.Text() + "\n")
		if l, ok := strings.CutPrefix(sc.Text(), "witness feed: "); ok {
			feedLink = l
		}
		if m := consoleURL.FindStringSubmatch(sc.Text()); m != nil {
			consoleLink = m[1]
		}
	}
	follow, stop := context.WithCancel(ctx)
	defer stop()
	followed := make(chan error, 1)
	go func() {
		followed <- witness.Follow(follow, witness.Options{URL: feedLink, Out: out, Retry: 50 * time.Millisecond})
	}()

	// the console's listener: the feed's token opens /feed, the console's does not
	token := feedLink[strings.Index(feedLink, "t=")+2:]
	base := consoleLink[:strings.Index(consoleLink, "/?")]
	for _, c := range []struct {
		url  string
		want int
	}{
		{base + "/feed?t=" + token + "&have=", http.StatusOK},
		{base + "/feed?" + consoleLink[strings.Index(consoleLink, "?")+1:], http.StatusForbidden},
	} {
		req, _ := http.NewRequestWithContext(ctx, "GET", c.url, nil)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		line, _ := bufio.NewReader(res.Body).ReadString('\n')
		res.Body.Close()
		if res.StatusCode != c.want || (c.want == http.StatusOK && !strings.HasPrefix(line, `{"head":`)) {
			t.Errorf("GET %s: %s %q, want %d", c.url, res.Status, line, c.want)
		}
	}

	go func() {
		for sc.Scan() {
		}
	}()
	if err := cmd.Wait(); err != nil {
		t.Fatalf("the stage: %v\n%s", err, said.String())
	}
	stop()
	<-followed
	lines, err := witness.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	rdb, err := store.OpenExisting(db)
	if err != nil {
		t.Fatal(err)
	}
	defer rdb.Close()
	seq, head, err := rdb.Head()
	if err != nil {
		t.Fatal(err)
	}
	rows, err := rdb.RowsFrom(1, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	hashes := map[int64]string{}
	rec := witness.Record{Show: rows[0].Show, Hash: func(s int64) (string, bool) { h, ok := hashes[s]; return h, ok }}
	for _, r := range rows {
		hashes[r.Seq] = r.Hash
		if r.Show == rec.Show {
			rec.Rows, rec.Closed = append(rec.Rows, r.Seq), r.Kind == string(show.ShowClosed)
		}
	}
	if p := witness.Check(lines, rec); len(p) > 0 {
		t.Fatalf("the record does not hold what the follower saw: %v", p)
	}
	n, last := witness.Held(lines)
	if last != seq || lines[len(lines)-1].Row.Hash != head {
		t.Fatalf("the follower holds %d rows to row %d; the record's head is row %d (%s)", n, last, seq, head)
	}
	if !strings.Contains(said.String(), "witness feed: http://127.0.0.1:") {
		t.Errorf("the stage did not print the feed's link:\n%s", said.String())
	}
}
