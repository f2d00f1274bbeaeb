//go:build unix

package main

import (
	"context"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// BenchmarkStreamsCost plays the demo by itself twice: once with 3 000
// event streams opened on its console with the token, and once with
// none. It reports both frame rates, their ratio and the streams opened.
// Aim: the streams cost the stage at most 5 % of its frame rate. Held,
// each stream is opened once and read until the console lets it go (it
// holds 32); reopened, each is opened again a second after it ends, as
// a page's EventSource does at the retry the console sets.
func BenchmarkStreamsCost(b *testing.B) {
	if os.Getenv("DISPLAY") == "" {
		b.Skip("no display: run under xvfb-run (make bench does)")
	}
	for _, reopen := range []bool{false, true} {
		name := "held"
		if reopen {
			name = "reopened"
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				streamsCost(b, reopen)
			}
		})
	}
}

func streamsCost(b *testing.B, reopen bool) {
	const play, streams = "30s", 3000
	url, cmd, out := stageChild(b, "demo", "--autoplay", "--exit-after", play, "--stats")
	events := strings.Replace(url, "/?", "/events?", 1)
	ctx, cancel := context.WithCancel(context.Background())
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	var opened atomic.Int64
	var wg sync.WaitGroup
	for range streams {
		wg.Go(func() {
			for ctx.Err() == nil {
				req, _ := http.NewRequestWithContext(ctx, "GET", events, nil)
				if res, err := client.Do(req); err == nil {
					if res.StatusCode == http.StatusOK {
						opened.Add(1)
					}
					io.Copy(io.Discard, res.Body)
					res.Body.Close()
				}
				if !reopen {
					return
				}
				select {
				case <-ctx.Done():
				case <-time.After(time.Second):
				}
			}
		})
	}
	cmd.Wait()
	cancel()
	wg.Wait()
	with := statFPS(b, out.String())
	_, cmd, out = stageChild(b, "demo", "--autoplay", "--exit-after", play, "--stats")
	cmd.Wait()
	without := statFPS(b, out.String())
	b.ReportMetric(with, "fps_streams")
	b.ReportMetric(without, "fps_bare")
	b.ReportMetric(with/without, "ratio")
	b.ReportMetric(float64(opened.Load()), "opened")
}
