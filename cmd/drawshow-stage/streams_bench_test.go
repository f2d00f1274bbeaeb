//go:build unix

package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// BenchmarkStreamsCost plays the demo with 3 000 event streams opened on
// its console with the token, and with none, in abba's order, and reports
// the frame rates, their ratio and the streams opened in a run. Aim: the
// streams cost the stage at most 5 % of its frame rate. Held, each stream
// is opened once and read until the console lets it go (it holds 32).
// Reopened, each is opened again when it ends, after the retry the
// console set, as an EventSource does when its page does not close it
// (the console's page does); it plays long enough for every stream to be
// let go and opened again at least once (a stream let go is told to wait
// 30 to 60 s).
func BenchmarkStreamsCost(b *testing.B) {
	if os.Getenv("DISPLAY") == "" {
		b.Skip("no display: run under xvfb-run (make bench does)")
	}
	for _, c := range []struct {
		name   string
		reopen bool
		play   string
	}{{"held", false, "30s"}, {"reopened", true, "75s"}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				var opened atomic.Int64
				abba(b, "streams", c.play, func(play string) string {
					return withStreams(b, play, c.reopen, &opened)
				})
				b.ReportMetric(float64(opened.Load())/2, "opened")
			}
		})
	}
}

// withStreams plays the demo for play with 3 000 streams on its console,
// counting the streams opened, and returns the stage's output.
func withStreams(b *testing.B, play string, reopen bool, opened *atomic.Int64) string {
	const streams = 3000
	url, cmd, out := stageChild(b, "demo", "--autoplay", "--exit-after", play, "--stats")
	events := strings.Replace(url, "/?", "/events?", 1)
	ctx, cancel := context.WithCancel(context.Background())
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	var wg sync.WaitGroup
	for range streams {
		wg.Go(func() {
			retry := time.Second // an EventSource's wait, until the stream sets its own
			for ctx.Err() == nil {
				req, _ := http.NewRequestWithContext(ctx, "GET", events, nil)
				if res, err := client.Do(req); err == nil {
					if res.StatusCode == http.StatusOK {
						opened.Add(1)
					}
					retry = readStream(res.Body, retry)
					res.Body.Close()
				}
				if !reopen {
					return
				}
				select {
				case <-ctx.Done():
				case <-time.After(retry):
				}
			}
		})
	}
	cmd.Wait()
	cancel()
	wg.Wait()
	return out.String()
}

// readStream reads an event stream to its end, as a page's EventSource
// does, and returns the wait before opening it again: the last retry
// field it set, else was.
func readStream(r io.Reader, was time.Duration) time.Duration {
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 8<<20)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "retry: "); ok {
			if ms, err := strconv.Atoi(v); err == nil {
				was = time.Duration(ms) * time.Millisecond
			}
		}
	}
	return was
}
