package witness_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"drawshow/show"
)

// BenchmarkCountersign is the auditor's witness's round trip on the
// loopback: a row committed, until the show holds its countersignature
// (the follower fetches it, checks it, countersigns, and says so in its
// next request). It reports p50 and p99, and each as a ratio to the
// yardstick measured in the same run: one plain HTTP request and answer
// on the same loopback. Aim: p99 ≤ 50 ms.
func BenchmarkCountersign(b *testing.B) {
	yard := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok\n") }))
	defer yard.Close()
	n := witnessedNight(b)
	var log strings.Builder
	n.follow(b, filepath.Join(b.TempDir(), "witness.jsonl"), &log)
	f := n.feed.Load()
	var trips, plain []time.Duration
	b.ResetTimer()
	for b.Loop() {
		t0 := time.Now()
		resp, err := http.Get(yard.URL)
		if err != nil {
			b.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		plain = append(plain, time.Since(t0))

		t0 = time.Now()
		if _, err := n.ss.Do(show.Command{Op: show.OpResume, Text: string(show.ModeHeadless)}, nil); err != nil {
			b.Fatal(err)
		}
		seq, _ := n.head(b)
		if _, err := f.Countersigned(within(b), seq); err != nil {
			b.Fatalf("%v\n%s", err, log.String())
		}
		trips = append(trips, time.Since(t0))
	}
	b.StopTimer()
	p50, p99 := quantile(trips, 0.50), quantile(trips, 0.99)
	b.ReportMetric(ms(p50), "p50-ms")
	b.ReportMetric(ms(p99), "p99-ms")
	b.ReportMetric(float64(p50)/float64(quantile(plain, 0.50)), "p50/http")
	b.ReportMetric(float64(p99)/float64(quantile(plain, 0.99)), "p99/http")
}

// BenchmarkWitnessedPick is a pick from the host's press to on air (the
// draw's pick and announcement, its bin frozen before), in a drawshow-v2
// show with its follower against the same show drawn by drawshow-v1, in
// the same run: the witnessed/v1 ratio. Aim: ≤ 1.1.
func BenchmarkWitnessedPick(b *testing.B) {
	var v1, v2 time.Duration
	for b.Loop() {
		v1 += timedPick(b, newNight(b))
		v2 += timedPick(b, v2Night(b, time.Minute))
	}
	b.ReportMetric(float64(v2)/float64(v1), "witnessed/v1")
	b.ReportMetric(ms(v2/time.Duration(b.N)), "witnessed-ms")
	b.ReportMetric(ms(v1/time.Duration(b.N)), "v1-ms")
}

// timedPick freezes the night's bin (with the follower holding it, for
// a witnessed night) and times one draw: the pick and its announcement.
func timedPick(b *testing.B, n *night) time.Duration {
	b.StopTimer()
	defer b.StartTimer()
	var log strings.Builder
	if n.v2 {
		n.follow(b, filepath.Join(b.TempDir(), "witness.jsonl"), &log)
	}
	n.do(b, show.OpFreeze)
	if n.v2 {
		seq, _ := n.head(b)
		if _, err := n.feed.Load().Countersigned(within(b), seq); err != nil {
			b.Fatal(err)
		}
	}
	b.StartTimer()
	t0 := time.Now()
	n.do(b, show.OpDraw)
	d := time.Since(t0)
	b.StopTimer()
	if l := n.ss.Eng.State().CurSeg().Last(); l == nil || !l.Announced() {
		b.Fatalf("the draw did not announce its pick\n%s", log.String())
	}
	n.stop()
	return d
}

func quantile(ds []time.Duration, q float64) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[min(len(s)-1, int(q*float64(len(s))))]
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
