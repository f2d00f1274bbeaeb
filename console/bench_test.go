package console

import (
	"bufio"
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"image/jpeg"
	"image/png"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// stageFrame is a real frame of the stage at 1920×1080 (the README's
// countdown screenshot), as the *image.RGBA that ebiten's ReadPixels gives.
func stageFrame(tb testing.TB) *image.RGBA {
	tb.Helper()
	f, err := os.Open("../docs/screenshots/countdown.png")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		tb.Fatal(err)
	}
	rgba := image.NewRGBA(img.Bounds())
	draw.Draw(rgba, rgba.Rect, img, img.Bounds().Min, draw.Src)
	return rgba
}

// timeEach is the mean time of f over at least 5 runs and 200 ms.
func timeEach(f func()) time.Duration {
	start := time.Now()
	n := 0
	for n < 5 || time.Since(start) < 200*time.Millisecond {
		f()
		n++
	}
	return time.Since(start) / time.Duration(n)
}

// BenchmarkPreviewEncode is the cost of one preview frame on the server's
// goroutine (downscale 1920×1080 to 640×360, JPEG, base64), reported with
// its ratio to yardsticks timed in the same run: png.Encode of the same
// full frame (x-png) and jpeg.Encode of it (x-jpeg). The caller pays only
// BenchmarkPreviewCall.
func BenchmarkPreviewEncode(b *testing.B) {
	img := stageFrame(b)
	p := newPreviewer(PreviewWidth)
	at := time.Now()
	var out bytes.Buffer
	pngT := timeEach(func() { out.Reset(); png.Encode(&out, img) })
	jpegT := timeEach(func() { out.Reset(); jpeg.Encode(&out, img, &jpeg.Options{Quality: previewQuality}) })
	var size int
	b.ResetTimer()
	for b.Loop() {
		size = len(p.event(img, at))
	}
	per := b.Elapsed() / time.Duration(b.N)
	b.ReportMetric(float64(size), "event-bytes")
	b.ReportMetric(float64(per)/float64(pngT), "x-png")
	b.ReportMetric(float64(per)/float64(jpegT), "x-jpeg")
	b.ReportMetric(float64(pngT.Microseconds())/1000, "png-ms")
}

// BenchmarkPreviewCall is what Preview costs the stage's goroutine.
func BenchmarkPreviewCall(b *testing.B) {
	s, _ := start(b, Config{})
	img := stageFrame(b)
	for b.Loop() {
		s.Preview(img)
	}
}

// BenchmarkPublishRendered is the time from Publish to the page having
// rendered the view, measured by the page's own clock against the time
// Publish was called (one machine, one clock), with its ratio (x-clock) to
// a yardstick of the same run: an empty clock event from the hub to the
// page's handler, the same path without marshalling and rendering.
func BenchmarkPublishRendered(b *testing.B) {
	s, _ := start(b, Config{})
	s.Publish(countdownView)
	ctx := open(b, s)
	views := make([]View, 8)
	for i := range views {
		v := countdownView
		v.Events = append([]Event{{Seq: int64(100 + i), Kind: "claimed", Text: fmt.Sprintf("event %d", i)}}, v.Events...)
		views[i] = v
	}

	// The page's clock and ours: the page reports performance.timeOrigin +
	// now() in ms since the epoch.
	page := func(expr string) float64 {
		ms, err := chromedp.Run(ctx, chromedp.Evaluate[float64](expr, chromedp.EvalAwaitPromise))
		if err != nil {
			b.Fatal(err)
		}
		return ms
	}
	epochMS := func(t time.Time) float64 { return float64(t.UnixMicro()) / 1000 }

	var clockSum float64
	const clocks = 20
	for range clocks {
		before := page(`window.__console.clockAt || 0`)
		t0 := time.Now()
		s.hub.clock()
		at := page(fmt.Sprintf(`window.__console.when(() => (window.__console.clockAt || 0) > %f).then(() => window.__console.clockAt)`, before))
		clockSum += at - epochMS(t0)
	}
	clockMS := clockSum / clocks

	var sum float64
	b.ResetTimer()
	i := 0
	for b.Loop() {
		v := views[i%len(views)]
		i++
		t0 := time.Now()
		s.Publish(v)
		_, seq := s.hub.currentView()
		at := page(fmt.Sprintf(`window.__console.when(() => window.__console.seq >= %d).then(() => window.__console.rendered[%d])`, seq, seq))
		sum += at - epochMS(t0)
	}
	mean := sum / float64(b.N)
	b.ReportMetric(mean, "render-ms")
	b.ReportMetric(clockMS, "clock-ms")
	b.ReportMetric(mean/clockMS, "x-clock")
}

// BenchmarkShrink is the downscale alone, 1920×1080 to 640×360.
func BenchmarkShrink(b *testing.B) {
	img := stageFrame(b)
	dst := image.NewRGBA(image.Rect(0, 0, 640, 360))
	for b.Loop() {
		shrink(dst, img)
	}
}

// BenchmarkStreamChurn is one stream opened, read to its preview and
// closed, with the latest view and preview there to be sent: the cost of
// each reopening in a flood, on both ends of the loopback.
func BenchmarkStreamChurn(b *testing.B) {
	s, _ := start(b, Config{})
	s.Publish(countdownView)
	s.hub.setPreview(s.prev.event(stageFrame(b), time.Now()))
	url := strings.Replace(s.URL(), "/?", "/events?", 1)
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	for b.Loop() {
		res, err := client.Get(url)
		if err != nil {
			b.Fatal(err)
		}
		sc := bufio.NewScanner(res.Body)
		sc.Buffer(nil, 8<<20)
		for sc.Scan() && !strings.HasPrefix(sc.Text(), "event: preview") {
		}
		res.Body.Close()
	}
}
