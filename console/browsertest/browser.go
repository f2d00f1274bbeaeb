// Package browsertest drives the operator's console in a real headless
// Chromium (Debian's chromium) through chromedp, for tests: one browser a
// test process, a tab a caller. It is imported by tests only.
package browsertest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Wait bounds each wait on the page: a guard against a hang, never a
// measure of speed (every wait is on an event of the page).
const Wait = 60 * time.Second

// Chromium finds the browser: $CHROMIUM, or chromium on the PATH.
func Chromium() (string, error) {
	if p := os.Getenv("CHROMIUM"); p != "" {
		if _, err := exec.LookPath(p); err != nil {
			return "", fmt.Errorf("CHROMIUM=%s: %v; unset it and run `make deps` to install Debian's chromium", p, err)
		}
		return p, nil
	}
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("chromium is not installed: run `make deps` (scripts/deps.sh installs Debian's chromium), or set CHROMIUM to a Chromium executable")
}

var shared struct {
	once   sync.Once
	ctx    context.Context
	cancel func()
	dir    string
	err    error
}

// Close ends the shared browser; a TestMain calls it after the tests.
func Close() {
	if shared.cancel != nil {
		shared.cancel()
	}
	if shared.dir != "" {
		os.RemoveAll(shared.dir)
	}
}

// Tab opens a new tab of the shared browser, which closes with the test.
func Tab(tb testing.TB) context.Context {
	tb.Helper()
	shared.once.Do(start)
	if shared.err != nil {
		tb.Fatal(shared.err)
	}
	// the first run opens the tab on a context without a deadline (one
	// there would close the tab); the test's deadline comes after
	ctx, cancel := chromedp.NewContext(shared.ctx)
	if err := chromedp.Do(ctx); err != nil {
		cancel()
		tb.Fatalf("opening a tab: %v", err)
	}
	ctx, cancelT := context.WithTimeout(ctx, 4*Wait)
	tb.Cleanup(func() { cancelT(); cancel() })
	return ctx
}

// start starts Chromium as root may run it on a closed network.
func start() {
	path, err := Chromium()
	if err != nil {
		shared.err = err
		return
	}
	if shared.dir, err = os.MkdirTemp("", "console-chromium-"); err != nil {
		shared.err = err
		return
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.UserDataDir(shared.dir),
		chromedp.Headless,
		chromedp.NoSandbox, // the tests run as root on CI
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("disable-default-apps", true),
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.Flag("disable-backgrounding-occluded-windows", true),
		chromedp.Flag("metrics-recording-only", true),
		chromedp.Flag("password-store", "basic"),
		chromedp.WindowSize(1600, 1000),
	}
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(alloc)
	if err := chromedp.Do(ctx); err != nil {
		cancelCtx()
		cancelAlloc()
		shared.err = fmt.Errorf("starting chromium %s: %v", path, err)
		return
	}
	shared.ctx, shared.cancel = ctx, func() { cancelCtx(); cancelAlloc() }
}

// Do runs actions in the tab, failing the test on an error.
func Do(tb testing.TB, ctx context.Context, what string, steps ...chromedp.Action[chromedp.Void]) {
	tb.Helper()
	if err := chromedp.Do(ctx, steps...); err != nil {
		tb.Fatalf("%s: %v", what, err)
	}
}

// Until waits for a condition of the page, which the page checks after
// every message it receives (no polling).
func Until(tb testing.TB, ctx context.Context, cond string) {
	tb.Helper()
	wctx, cancel := context.WithTimeout(ctx, Wait)
	defer cancel()
	if _, err := chromedp.Run(wctx, chromedp.Evaluate[bool]("window.__console.when(() => ("+cond+"))", chromedp.EvalAwaitPromise)); err != nil {
		// what the page said last: a refused click explains most waits in vain
		said, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`["refusal", "news", "dead", "letgo"].map(id => { const e = document.getElementById(id); return e && !e.classList.contains("hidden") ? id + ": " + e.textContent : ""; }).filter(Boolean).join("; ")`))
		tb.Fatalf("waiting for %s: %v (the page shows %q)", cond, err, said)
	}
}

// Open navigates a new tab to the console at url and waits until it is live.
func Open(tb testing.TB, url string) context.Context {
	tb.Helper()
	ctx := Tab(tb)
	Do(tb, ctx, "opening "+url, chromedp.Navigate(url))
	Until(tb, ctx, `document.getElementById("status").className === "live"`)
	return ctx
}

// Text is an element's text.
func Text(tb testing.TB, ctx context.Context, sel string) string {
	tb.Helper()
	s, err := chromedp.Run(ctx, chromedp.TextContent(chromedp.CSS(sel)))
	if err != nil {
		tb.Fatalf("reading %s: %v", sel, err)
	}
	return s
}

// Button is the selector of an action's button.
func Button(line string) string { return `button[data-line="` + line + `"]` }

// WaitButton waits until the page offers the action, its button enabled:
// a click on a disabled one (a send in flight, a stage not heard for a
// while) would be lost.
func WaitButton(tb testing.TB, ctx context.Context, line string) {
	tb.Helper()
	Until(tb, ctx, `(b => b !== null && !b.disabled)(document.querySelector('`+Button(line)+`'))`)
}

// Click waits for an action's button and clicks it.
func Click(tb testing.TB, ctx context.Context, line string) {
	tb.Helper()
	WaitButton(tb, ctx, line)
	Do(tb, ctx, "clicking "+line, chromedp.Click(chromedp.CSS(Button(line))))
}

// Type waits for a field of an action and types text into it.
func Type(tb testing.TB, ctx context.Context, line, field, text string) {
	tb.Helper()
	sel := `input[data-line="` + line + `"][name="` + field + `"]`
	Until(tb, ctx, `document.querySelector('`+sel+`') !== null`)
	Do(tb, ctx, "typing into "+line, chromedp.SendKeys(chromedp.CSS(sel), text))
}
