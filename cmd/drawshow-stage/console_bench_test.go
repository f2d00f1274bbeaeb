//go:build unix

package main

import (
	"bufio"
	"context"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"drawshow/console/browsertest"
)

// stageChild starts the test binary as drawshow-stage with args and
// returns its console's address once it says it.
func stageChild(b *testing.B, args ...string) (url string, cmd *exec.Cmd, out *strings.Builder) {
	b.Helper()
	exe, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	cmd = exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), childEnv+"=1", "DRAWSHOW_AUDIO=null")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	out = &strings.Builder{}
	cmd.Stdout = out
	errs, err := cmd.StderrPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL); cmd.Wait() })
	urls := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(errs)
		for sc.Scan() {
			if m := consoleURL.FindStringSubmatch(sc.Text()); m != nil {
				urls <- m[1]
			}
		}
	}()
	select {
	case url = <-urls:
	case <-time.After(2 * time.Minute):
		b.Fatal("the stage never said where its console is")
	}
	return url, cmd, out
}

// BenchmarkConsoleClaim times a claim clicked in the console until the
// page shows it as the stage has it: the click's request, the stage's
// next tick, the worker's commit, the stage's state and the view pushed
// back. The yardstick is the host's own key, C pressed on the stage (sent
// by the page as a clicker's key is), until the page shows the claim the
// same way: the same commit and the same push, without the console's
// click. The two alternate on the picks of one night, so both meet the
// same load. It reports the click's median and 95th percentile, the
// key's median, and the ratio of the medians. Aims: p95 ≤ 100 ms on an
// idle machine; ratio ≤ 1.5.
func BenchmarkConsoleClaim(b *testing.B) {
	if os.Getenv("DISPLAY") == "" {
		b.Skip("no display: run under xvfb-run (make bench does)")
	}
	const picks = 4 // of the night's first draw's five
	var click, key []time.Duration
	for b.Loop() {
		b.StopTimer()
		url, _, _ := stageChild(b, "run", stageNight(b), "--db", filepath.Join(b.TempDir(), "c.db"), "--rehearsal", "--windowed", "--exit-after", "10m", "--no-browser")
		one := browsertest.Open(b, url)
		browsertest.Click(b, one, "witness")
		browsertest.Click(b, one, "next")
		for k := range picks {
			if k == 0 {
				browsertest.Click(b, one, "draw")
			} else {
				browsertest.Click(b, one, "next") // from the claimed countdown: the next pick
			}
			browsertest.Until(b, one, `document.getElementById("onair").textContent === "ON AIR · reveal"`) // not while the reel runs
			browsertest.Click(b, one, "next")
			browsertest.WaitButton(b, one, "claim")
			// past the crossfade into the countdown: under software GL its
			// frames take 100 ms, and the stage takes the console's click at
			// its next tick, which waits for the frame (a host's claim comes
			// seconds later, and ebiten's ticks come every 16 ms on a GPU)
			time.Sleep(time.Second)
			b.StartTimer()
			if k%2 == 0 {
				click = append(click, claimed(b, one, `document.querySelector('button[data-line="claim"]').click(); // it asks first
					const t0 = performance.now();
					document.getElementById("confirmyes").click();`))
			} else {
				key = append(key, claimed(b, one, `const t0 = performance.now();
					await fetch("/key?t=" + new URLSearchParams(location.search).get("t"), {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify({key: "C"})});`))
			}
			b.StopTimer()
		}
		b.StartTimer()
	}
	c, k := median(click), median(key)
	b.ReportMetric(float64(c.Microseconds())/1000, "claim_ms")
	b.ReportMetric(float64(percentile(click, 95).Microseconds())/1000, "claim_p95_ms")
	b.ReportMetric(float64(k.Microseconds())/1000, "key_claim_ms")
	b.ReportMetric(c.Seconds()/k.Seconds(), "ratio")
}

// claimed runs start in the page, which sets t0 and claims the pick, and
// gives the time from t0 until the page shows the winner claimed.
func claimed(b *testing.B, page context.Context, start string) time.Duration {
	b.Helper()
	ms, err := chromedp.Run(page, chromedp.Evaluate[float64](`(async () => {
		`+start+`
		await window.__console.when(() => [...document.querySelectorAll("#wbadges .badge")].some(e => e.textContent === "claimed"));
		return performance.now() - t0;
	})()`, chromedp.EvalAwaitPromise))
	if err != nil {
		b.Fatal(err)
	}
	return time.Duration(ms * float64(time.Millisecond))
}

// percentile is the p-th percentile of ds, the nearest rank: with few
// samples, the largest.
func percentile(ds []time.Duration, p int) time.Duration {
	ds = slices.Clone(ds)
	slices.Sort(ds)
	i := (len(ds)*p + 99) / 100
	return ds[max(i-1, 0)]
}

// statFPS is the fps figure of a stage's --stats line in out.
func statFPS(b *testing.B, out string) float64 {
	for _, f := range strings.Fields(out) {
		if v, ok := strings.CutPrefix(f, "fps="); ok {
			x, _ := strconv.ParseFloat(v, 64)
			return x
		}
	}
	b.Fatalf("no fps in %q", out)
	return 0
}

// abba plays the demo four times for play: with what is measured,
// without, without and with again, so that a drift of the machine's speed
// across the runs (the yardstick has moved from 57 to 37 fps within an
// hour here) falls on both alike. It reports the mean frame rates as
// fps_NAME and fps_bare, their ratio, and the lower of the two pairs'
// ratios as ratio_min. with plays one run and returns the stage's output.
func abba(b *testing.B, name, play string, with func(play string) string) {
	without := func() float64 {
		_, cmd, out := stageChild(b, "demo", "--autoplay", "--exit-after", play, "--stats", "--console", "127.0.0.1:0")
		cmd.Wait()
		return statFPS(b, out.String())
	}
	w1 := statFPS(b, with(play))
	o1, o2 := without(), without()
	w2 := statFPS(b, with(play))
	b.ReportMetric((w1+w2)/2, "fps_"+name)
	b.ReportMetric((o1+o2)/2, "fps_bare")
	b.ReportMetric((w1+w2)/(o1+o2), "ratio")
	b.ReportMetric(min(w1/o1, w2/o2), "ratio_min")
}

// BenchmarkPreviewCost plays the demo with a console page connected (the
// stage reads its frame back once a second and at every scene change,
// and the console encodes it) and with no page, in abba's order, and
// reports the frame rates, their ratio and the previews a run sent.
// Aim: within 2 %.
func BenchmarkPreviewCost(b *testing.B) {
	if os.Getenv("DISPLAY") == "" {
		b.Skip("no display: run under xvfb-run (make bench does)")
	}
	for b.Loop() {
		var previews atomic.Int64
		abba(b, "console", "30s", func(play string) string {
			url, cmd, out := stageChild(b, "demo", "--autoplay", "--exit-after", play, "--stats")
			// a page that reads every event, as a browser does
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			req, _ := http.NewRequestWithContext(ctx, "GET", strings.Replace(url, "/?", "/events?", 1), nil)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				b.Fatal(err)
			}
			go func() {
				sc := bufio.NewScanner(resp.Body)
				sc.Buffer(nil, 4<<20)
				for sc.Scan() {
					if sc.Text() == "event: preview" {
						previews.Add(1)
					}
				}
			}()
			cmd.Wait()
			return out.String()
		})
		b.ReportMetric(float64(previews.Load())/2, "previews")
	}
}
