package console

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"drawshow/console/browsertest"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The browser tests drive the page in Debian's chromium, headless, one
// browser for the whole package and a new tab a test (browsertest).

func TestMain(m *testing.M) {
	code := m.Run()
	browsertest.Close()
	os.Exit(code)
}

func tab(tb testing.TB) context.Context { tb.Helper(); return browsertest.Tab(tb) }

// run runs actions in the tab, failing the test on an error.
func run(tb testing.TB, ctx context.Context, what string, steps ...chromedp.Action[chromedp.Void]) {
	tb.Helper()
	browsertest.Do(tb, ctx, what, steps...)
}

// until waits for a condition of the page, checked by the page itself
// after every message it receives (no polling).
func until(tb testing.TB, ctx context.Context, cond string) {
	tb.Helper()
	browsertest.Until(tb, ctx, cond)
}

// open navigates a new tab to the console and waits until it is live.
func open(tb testing.TB, s *Server) context.Context {
	tb.Helper()
	return browsertest.Open(tb, s.URL())
}

// text is an element's text.
func text(tb testing.TB, ctx context.Context, sel string) string {
	tb.Helper()
	return browsertest.Text(tb, ctx, sel)
}

var countdownView = View{
	Show:  "Saturday Night Cash",
	Scene: "countdown",
	RunSheet: []Segment{
		{ID: "cash", Title: "R10 000 cash", Time: "21:30", State: "on air", Totals: "1 winner: R10 000 cash"},
		{ID: "points", Title: "Points draw", Time: "22:00", State: "waiting", Next: true, Warnings: []string{"entry file changed since check"}},
	},
	Winner: &Winner{Segment: "cash", Prize: "R10 000", Pick: 1, Ticket: "004512", Name: "Thabo Mokoena", Card: "6001 2345 6789", ID: "8501015009087",
		Tier: "Gold", Tickets: 12, Contact: []Column{{"Phone", "082 555 0101"}}, Nomination: &Nomination{Name: "Sipho Dlamini", ID: "8001015009087"}},
	Actions: []Action{
		{Line: "claim", Label: "Claimed in person", Key: "C", Primary: true},
		{Line: "proxy", Label: "Proxy present", Key: "R", Field: FieldProxy},
		{Line: "decline", Label: "On the decline register", Key: "D"},
		{Line: "forfeit", Label: "Forfeit", Key: "F", Irreversible: true, Confirm: "Forfeit Thabo Mokoena's prize? It cannot be undone."},
	},
	Events: []Event{{Seq: 41, Time: time.Date(2024, 11, 30, 21, 31, 2, 0, time.UTC), Kind: "announced", Text: "Thabo Mokoena, ticket 004512"}},
	Totals: "1 winner: R10 000 cash; 1 prize in kind",
}

func TestBrowserClickAndKey(t *testing.T) {
	s, d := start(t, Config{})
	s.Publish(countdownView)
	ctx := open(t, s)
	until(t, ctx, `document.querySelector('button[data-line="claim"]') !== null`)

	run(t, ctx, "clicking Claimed", chromedp.Click(chromedp.CSS(`button[data-line="claim"]`)))
	if got := next(t, d.acts, "action"); got != "claim" {
		t.Errorf("the click reached the stage as %q, want claim", got)
	}

	// The clicker's buttons and a direct key, with the page focused.
	run(t, ctx, "pressing keys", chromedp.KeyEvent(kb.PageDown), chromedp.KeyEvent("c"), chromedp.KeyEvent(kb.F5), chromedp.KeyEvent("7"))
	for _, want := range []string{"PageDown", "C", "F5", "Digit7"} {
		if got := next(t, d.keys, "key"); got != want {
			t.Errorf("key %q reached the stage, want %q", got, want)
		}
	}
	none(t, d.acts, "action")
}

// TestBrowserKeysInOrder: keys pressed one after another reach the stage
// in that order, even when the first is slow to be taken: CI saw F5 then
// 7 arrive as 7 then F5, two requests in flight at once.
func TestBrowserKeysInOrder(t *testing.T) {
	s, d := start(t, Config{})
	s.Publish(countdownView)
	ctx := open(t, s)
	until(t, ctx, `document.querySelector('button[data-line="claim"]') !== null`)
	release := d.holdNextKey()
	run(t, ctx, "pressing F5 and 7", chromedp.KeyEvent(kb.F5), chromedp.KeyEvent("7"))
	// while F5 is held at the console, 7 is not sent: it waits its turn
	until(t, ctx, `window.keysInFlight === 2`)
	none(t, d.keys, "key")
	release()
	for _, want := range []string{"F5", "Digit7"} {
		if got := next(t, d.keys, "key"); got != want {
			t.Errorf("key %q reached the stage, want %q", got, want)
		}
	}
	until(t, ctx, `window.keysInFlight === 0`)
}

// TestBrowserScrollKeysStayTheBrowsers: pressing ↓ to scroll the page
// during a countdown recorded "claimed". The keys a browser scrolls with
// (↓ ↑ Space End Home) stay the browser's, even when the stage's key map
// has them; the clicker's PageDown, pressed after them, reaches the stage.
func TestBrowserScrollKeysStayTheBrowsers(t *testing.T) {
	s, d := start(t, Config{Keys: append(slices.Clone(DefaultKeys), "ArrowDown", "ArrowUp", "Space", "End", "Home")})
	s.Publish(countdownView)
	ctx := open(t, s)
	until(t, ctx, `document.querySelector('button[data-line="claim"]') !== null`)
	run(t, ctx, "scrolling, then the clicker", chromedp.KeyEvent(kb.ArrowDown), chromedp.KeyEvent(" "), chromedp.KeyEvent(kb.End),
		chromedp.KeyEvent(kb.Home), chromedp.KeyEvent(kb.ArrowUp), chromedp.KeyEvent(kb.PageDown))
	if got := next(t, d.keys, "key"); got != "PageDown" {
		t.Errorf("%q reached the stage first, want the clicker's PageDown", got)
	}
	until(t, ctx, `window.keysInFlight === 0`) // every key the page sent has its answer
	none(t, d.keys, "key")
	none(t, d.acts, "action")
}

// TestBrowserOutcomeColours: the outcome badge's colour says what the
// outcome means: green a claim, blue a winner in absence (a proxy, the
// decline register, one to contact), red a redraw (a no-show, a forfeit,
// a void). A no-show was green.
func TestBrowserOutcomeColours(t *testing.T) {
	s, _ := start(t, Config{})
	ctx := open(t, s)
	for outcome, class := range map[string]string{
		"claimed": "ok", "proxy": "info", "declined": "info", "to-contact": "info",
		"no-show": "bad", "forfeit": "bad", "void": "bad",
	} {
		v := countdownView
		w := *v.Winner
		w.Outcome = outcome
		v.Winner = &w
		s.Publish(v)
		until(t, ctx, `[...document.querySelectorAll("#wbadges .badge")].some(e => e.textContent === "`+outcome+`")`)
		got, err := chromedp.Run(ctx, chromedp.Evaluate[string](`[...document.querySelectorAll("#wbadges .badge")].find(e => e.textContent === "`+outcome+`").className`))
		if err != nil {
			t.Fatal(err)
		}
		if got != "badge "+class {
			t.Errorf("%s: badge %q, want %q", outcome, got, "badge "+class)
		}
	}
}

// TestBrowserNewsIsNotARefusal: news ("Freezing the bin early…") is
// neutral, beside the actions, and never in the red refusal box, which
// it used to fill until the next successful click.
func TestBrowserNewsIsNotARefusal(t *testing.T) {
	s, _ := start(t, Config{})
	ctx := open(t, s)
	v := countdownView
	v.News = "Freezing the bin early…"
	s.Publish(v)
	until(t, ctx, `document.getElementById("news").textContent === "Freezing the bin early…"`)
	if c, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("news").className`)); err != nil || c != "banner news" {
		t.Errorf("the news's box is %q (%v), want a neutral banner news", c, err)
	}
	if hidden, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("refusal").classList.contains("hidden")`)); err != nil || !hidden {
		t.Errorf("the refusal box shows %q (%v) for news", text(t, ctx, "#refusal"), err)
	}
	// a refusal is red, and the news gone with the view that no longer has it
	v.News, v.Refusal = "", "Refused: the deadline has passed"
	s.Publish(v)
	until(t, ctx, `document.getElementById("refusal").textContent === "Refused: the deadline has passed" && document.getElementById("news").classList.contains("hidden")`)
}

// TestBrowserDeadStage: a stage that stops is impossible to miss: a red
// STAGE NOT RUNNING across the page, with when it stopped, the actions
// disabled and no ON AIR badge. After a kill -9 the page kept its red
// "ON AIR · countdown" and its buttons, with a small grey "connection
// lost".
func TestBrowserDeadStage(t *testing.T) {
	s, _ := start(t, Config{})
	s.Publish(countdownView)
	ctx := open(t, s)
	until(t, ctx, `document.querySelector('button[data-line="claim"]') !== null`)
	s.Close() // the stage's process gone: its streams end
	until(t, ctx, `!document.getElementById("dead").classList.contains("hidden")`)
	if got := text(t, ctx, "#dead"); !strings.HasPrefix(got, "STAGE NOT RUNNING since ") {
		t.Errorf("the banner says %q", got)
	}
	ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`[...document.querySelectorAll("#actionlist button")].every(b => b.disabled) &&
		document.getElementById("onair").classList.contains("hidden")`))
	if err != nil || !ok {
		t.Errorf("a dead stage's page still offers its actions or says ON AIR (%v)", err)
	}
}

// TestBrowserLetGo: a page whose stream is let go for newer ones says so,
// not that the stage stopped, with its actions held, and stays closed
// until the operator reconnects: pages that reopened by themselves kept
// 2 900 connections a second churning, a third of the stage's frames.
func TestBrowserLetGo(t *testing.T) {
	s, _ := start(t, Config{})
	s.Publish(countdownView)
	ctx := open(t, s)
	until(t, ctx, `document.querySelector('button[data-line="claim"]') !== null`)
	openStreams(t, s, maxStreams)
	until(t, ctx, `!document.getElementById("letgo").classList.contains("hidden")`)
	if got := text(t, ctx, "#letgowhy"); !strings.HasPrefix(got, "THIS CONSOLE WAS LET GO at ") || !strings.Contains(got, "more than 32 consoles") {
		t.Errorf("the banner says %q", got)
	}
	held := `[...document.querySelectorAll("#actionlist button")].every(b => b.disabled) &&
		document.getElementById("onair").classList.contains("hidden") &&
		document.getElementById("dead").classList.contains("hidden")`
	ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](held))
	if err != nil || !ok {
		t.Errorf("a page let go still offers its actions, says ON AIR or says the stage stopped (%v)", err)
	}
	// past the wait an EventSource would take, it has not opened again,
	// nor been taken for a stopped stage (deadAfter is 10 s)
	time.Sleep(2500 * time.Millisecond)
	if n := s.hub.count(); n != maxStreams {
		t.Errorf("%d streams open, want %d: the page let go opened again", n, maxStreams)
	}
	if ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](held)); err != nil || !ok {
		t.Errorf("the page let go changed by itself (%v)", err)
	}
	run(t, ctx, "reconnect", chromedp.Click(chromedp.CSS("#reconnect")))
	until(t, ctx, `document.getElementById("letgo").classList.contains("hidden") &&
		!document.querySelector('button[data-line="claim"]').disabled &&
		!document.getElementById("onair").classList.contains("hidden")`)
}

// TestBrowserProxyShownBack: the proxy who stood for the winner, as the
// record has them, name and ID, is shown back once recorded: a typed
// ID went into the record and never reappeared on the console.
func TestBrowserProxyShownBack(t *testing.T) {
	s, _ := start(t, Config{})
	ctx := open(t, s)
	v := countdownView
	w := *v.Winner
	w.Outcome, w.Proxy = "proxy", &Nomination{Name: "Lerato Khumalo", ID: "9002025009081"}
	v.Winner = &w
	s.Publish(v)
	until(t, ctx, `[...document.querySelectorAll("#wbadges .badge")].some(e => e.textContent === "stood for the winner: Lerato Khumalo (ID 9002025009081)")`)
}

// TestBrowserBackAndBlackout: a button that is the stage's key (the
// intro's Back, PageUp) presses that key: it answered "Refused: no
// action". And blackout has a button of its own, always there.
func TestBrowserBackAndBlackout(t *testing.T) {
	s, d := start(t, Config{})
	s.Publish(View{Scene: "intro", Actions: []Action{{Line: "draw", Label: "Draw", Key: "PageDown", Primary: true}, {Line: "", Label: "Back", Key: "PageUp"}}})
	ctx := open(t, s)
	until(t, ctx, `[...document.querySelectorAll("#actionlist button")].some(b => b.textContent.startsWith("Back"))`)
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`[...document.querySelectorAll("#actionlist button")].find(b => b.textContent.startsWith("Back")).click() || true`)); err != nil {
		t.Fatal(err)
	}
	if got := next(t, d.keys, "key"); got != "PageUp" {
		t.Errorf("Back pressed %q, want PageUp", got)
	}
	if r := text(t, ctx, "#refusal"); r != "" {
		t.Errorf("Back answered %q", r)
	}
	run(t, ctx, "clicking Blackout", chromedp.Click(chromedp.CSS("#blackout")))
	if got := next(t, d.keys, "key"); got != "B" {
		t.Errorf("Blackout pressed %q, want B", got)
	}
	none(t, d.acts, "action")
}

// TestBrowserHelpIsOnePanel: the stage's help (F1) is one list of keys,
// not eleven banners stacked above the preview.
func TestBrowserHelpIsOnePanel(t *testing.T) {
	s, _ := start(t, Config{})
	ctx := open(t, s)
	v := countdownView
	v.Help = []string{"Next: PageDown", "Previous: PageUp", "B or .: blackout"}
	s.Publish(v)
	until(t, ctx, `document.querySelectorAll("#help li").length === 3`)
	n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#notices .banner").length`))
	if err != nil || n != 0 {
		t.Errorf("help gave %d banners (%v)", n, err)
	}
	v.Help = nil
	s.Publish(v)
	until(t, ctx, `document.getElementById("help").classList.contains("hidden")`)
}

// TestBrowserStageBack: once the stage is heard again after the page took
// it for stopped, its actions and fields work again: they were left
// disabled, and a click on one was lost (a loaded CI run timed out).
func TestBrowserStageBack(t *testing.T) {
	s, d := start(t, Config{})
	s.Publish(countdownView)
	ctx := open(t, s)
	until(t, ctx, `document.querySelector('button[data-line="claim"]') !== null`)
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.__console.stop(), true`)); err != nil {
		t.Fatal(err)
	}
	// the stream's next beat, within a second
	until(t, ctx, `document.getElementById("dead").classList.contains("hidden") &&
		[...document.querySelectorAll("#actionlist button, #actionlist input, #blackout")].every(b => !b.disabled)`)
	run(t, ctx, "clicking Claimed", chromedp.Click(chromedp.CSS(`button[data-line="claim"]`)))
	if got := next(t, d.acts, "action"); got != "claim" {
		t.Errorf("the click after the stage came back reached the stage as %q", got)
	}
}

func TestBrowserTypedProxy(t *testing.T) {
	s, d := start(t, Config{})
	s.Publish(countdownView)
	ctx := open(t, s)
	name := `input[data-line="proxy"][name="name"]`
	id := `input[data-line="proxy"][name="id"]`
	until(t, ctx, `document.querySelector('`+name+`') !== null`)
	// The name has a D and an R, both keys of the stage: typed in a field
	// they are text, not keys.
	run(t, ctx, "typing the proxy", chromedp.SendKeys(chromedp.CSS(name), "Sipho Dlamini-Radebe"), chromedp.SendKeys(chromedp.CSS(id), "8001015009087"))
	// A new view (a commit elsewhere) keeps what is typed.
	v := countdownView
	v.Events = append([]Event{{Seq: 42, Kind: "witness", Text: "3 5 1"}}, v.Events...)
	s.Publish(v)
	until(t, ctx, `window.__console.seq === 2`)
	run(t, ctx, "clicking Proxy present", chromedp.Click(chromedp.CSS(`button[data-line="proxy"]`)))
	if got := next(t, d.acts, "action"); got != "proxy Sipho Dlamini-Radebe id=8001015009087" {
		t.Errorf("the proxy reached the stage as %q", got)
	}
	until(t, ctx, `document.querySelector('`+name+`').value === ""`)
	none(t, d.keys, "key")

	// The nomination on file is the placeholder.
	ph, err := chromedp.Run(ctx, chromedp.AttributeValue(chromedp.CSS(name), "placeholder"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(ph.Value, "Sipho Dlamini") {
		t.Errorf("placeholder %q", ph.Value)
	}
}

func TestBrowserWrongToken(t *testing.T) {
	s, d := start(t, Config{})
	ctx := tab(t)
	bad := strings.Replace(s.URL(), "t=", "t=0", 1)
	run(t, ctx, "opening a wrong link", chromedp.Navigate(bad))
	if why := text(t, ctx, "#why"); !strings.Contains(why, "token is wrong or missing") {
		t.Errorf("the refusal reads %q", why)
	}
	if h := text(t, ctx, "#refused"); h != "Refused" {
		t.Errorf("heading %q", h)
	}
	if s.Tabs() != 0 {
		t.Error("a refused page connected")
	}
	none(t, d.keys, "key")
}

func TestBrowserSecondTab(t *testing.T) {
	s, _ := start(t, Config{})
	s.Publish(countdownView)
	a := open(t, s)
	b := open(t, s)
	for _, ctx := range []context.Context{a, b} {
		until(t, ctx, `document.getElementById("tabswarn").textContent.startsWith("2 consoles can act")`)
	}
	v := countdownView
	w := *v.Winner
	w.Name, w.Outcome = "Lindiwe Khumalo", "claimed"
	v.Winner = &w
	s.Publish(v)
	until(t, b, `document.getElementById("wname").textContent === "Lindiwe Khumalo"`)
	until(t, a, `document.getElementById("wname").textContent === "Lindiwe Khumalo"`)
	if got := text(t, b, "#wbadges"); !strings.Contains(got, "claimed") {
		t.Errorf("badges %q", got)
	}
}

func TestBrowserConfirm(t *testing.T) {
	s, d := start(t, Config{})
	s.Publish(countdownView)
	ctx := open(t, s)
	forfeit := `button[data-line="forfeit"]`
	until(t, ctx, `document.querySelector('`+forfeit+`') !== null`)
	shown := `!document.getElementById("confirm").classList.contains("hidden")`

	// Cancelled: nothing is sent; the next thing the stage hears is a claim.
	run(t, ctx, "clicking Forfeit", chromedp.Click(chromedp.CSS(forfeit)))
	until(t, ctx, shown)
	if q := text(t, ctx, "#confirmq"); q != "Forfeit Thabo Mokoena's prize? It cannot be undone." {
		t.Errorf("the confirmation asks %q", q)
	}
	run(t, ctx, "cancelling", chromedp.Click(chromedp.CSS("#confirmno")))
	until(t, ctx, "!("+shown+")")
	run(t, ctx, "clicking Claimed", chromedp.Click(chromedp.CSS(`button[data-line="claim"]`)))
	if got := next(t, d.acts, "action"); got != "claim" {
		t.Errorf("after a cancelled forfeit the stage heard %q, want claim", got)
	}

	// Confirmed: keys pressed while it is open go nowhere.
	run(t, ctx, "clicking Forfeit", chromedp.Click(chromedp.CSS(forfeit)))
	until(t, ctx, shown)
	run(t, ctx, "pressing Next in the confirmation", chromedp.KeyEvent(kb.PageDown))
	run(t, ctx, "confirming", chromedp.Click(chromedp.CSS("#confirmyes")))
	if got := next(t, d.acts, "action"); got != "forfeit" {
		t.Errorf("the confirmed forfeit reached the stage as %q", got)
	}
	run(t, ctx, "pressing C", chromedp.KeyEvent("c"))
	if got := next(t, d.keys, "key"); got != "C" {
		t.Errorf("the first key to arrive is %q, want C (PageDown was pressed in the confirmation)", got)
	}
	none(t, d.acts, "action")
}

func TestBrowserShowsInWords(t *testing.T) {
	// The server's clock is a year off the browser's: the countdown runs
	// by the server's.
	fake := time.Date(2024, 11, 30, 21, 31, 0, 0, time.UTC)
	offset := time.Until(fake)
	s, d := start(t, Config{Now: func() time.Time { return time.Now().Add(offset) }})
	v := countdownView
	w := *v.Winner
	w.Name = `<img src=x onerror="window.pwned=1">Thabo`
	v.Winner = &w
	v.Countdown = &Countdown{Label: "claim", Deadline: fake.Add(75 * time.Second), Length: 90}
	v.Notices = []string{"the system clock was stepped by +5 min; no countdown changed"}
	s.Publish(v)
	ctx := open(t, s)
	until(t, ctx, `window.__console.seq === 1`)
	if got := text(t, ctx, "#wname"); got != w.Name {
		t.Errorf("the name reads %q, want it as text", got)
	}
	pwned, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`!!window.pwned || document.querySelector("#wname img") !== null`))
	if err != nil {
		t.Fatal(err)
	}
	if pwned {
		t.Error("a name was read as markup")
	}
	digits := text(t, ctx, "#digits")
	if !strings.HasPrefix(digits, "1:") {
		t.Errorf("the countdown shows %q, want about 1:15 by the server's clock", digits)
	}
	if got := text(t, ctx, "#notices"); !strings.Contains(got, "stepped by +5 min") {
		t.Errorf("notices %q", got)
	}
	if got := text(t, ctx, "#runsheet"); !strings.Contains(got, "entry file changed since check") || !strings.Contains(got, "1 winner: R10 000 cash") {
		t.Errorf("run sheet %q", got)
	}
	if got := text(t, ctx, "#totals"); got != "Tonight: 1 winner: R10 000 cash; 1 prize in kind" {
		t.Errorf("the night's totals read %q", got)
	}

	// A refusal from the stage is shown in words.
	d.refusing(fmt.Errorf("no claim is taken after the deadline"))
	run(t, ctx, "clicking Claimed", chromedp.Click(chromedp.CSS(`button[data-line="claim"]`)))
	next(t, d.acts, "action")
	until(t, ctx, `document.getElementById("refusal").textContent.includes("no claim is taken after the deadline")`)
}

func TestBrowserPIN(t *testing.T) {
	s, d := start(t, Config{PIN: "2468"})
	s.Publish(countdownView)
	ctx := tab(t)
	run(t, ctx, "opening", chromedp.Navigate(s.URL()))
	until(t, ctx, `!document.getElementById("pinform").classList.contains("hidden")`)
	run(t, ctx, "a wrong PIN", chromedp.SendKeys(chromedp.CSS("#pin"), "1111"), chromedp.Click(chromedp.CSS("#pinok")))
	until(t, ctx, `document.getElementById("pinwhy").textContent.includes("wrong PIN")`)
	run(t, ctx, "the PIN", chromedp.SendKeys(chromedp.CSS("#pin"), "2468"), chromedp.Click(chromedp.CSS("#pinok")))
	until(t, ctx, `document.getElementById("status").className === "live"`)
	until(t, ctx, `window.__console.seq === 1`)
	run(t, ctx, "pressing N", chromedp.KeyEvent("n"))
	if got := next(t, d.keys, "key"); got != "N" {
		t.Errorf("key %q", got)
	}
}

// A view that arrives while the operator types keeps the field focused:
// the rest of what is typed stays text and never becomes the stage's keys
// (a draw witness "4 8 15" is not Digit4, Digit8…).
func TestBrowserTypingSurvivesAView(t *testing.T) {
	s, d := start(t, Config{})
	v := countdownView
	v.Actions = append(slices.Clone(v.Actions), Action{Line: "witness", Label: "Record the draw witness", Field: FieldWitness})
	s.Publish(v)
	ctx := open(t, s)
	in := `input[data-line="witness"][name="text"]`
	until(t, ctx, `document.querySelector('`+in+`') !== null`)
	run(t, ctx, "typing the first part", chromedp.SendKeys(chromedp.CSS(in), "console"))
	v.Events = append([]Event{{Seq: 42, Kind: "witness", Text: "3 5 1"}}, v.Events...)
	s.Publish(v)
	until(t, ctx, `window.__console.seq === 2`)
	if focused, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.activeElement === document.querySelector('`+in+`')`)); err != nil || !focused {
		t.Errorf("the new view took the focus from the field (%v)", err)
	}
	run(t, ctx, "typing the rest", chromedp.KeyEvent(" 4 8 15"))
	until(t, ctx, `document.querySelector('`+in+`').value === "console 4 8 15"`)
	none(t, d.keys, "key")
}

// TestBrowserVoidAsksTwice: voiding a winner asks twice, each time with
// Cancel focused, and needs a reason; a Cancel at either question sends
// nothing (issue 25).
func TestBrowserVoidAsksTwice(t *testing.T) {
	s, d := start(t, Config{})
	v := countdownView
	v.Actions = []Action{{Line: "void", Label: "Void this pick", Field: FieldReason, Irreversible: true,
		Confirm: "Void pick 1 of Thabo Mokoena, recorded as claimed? It cannot be undone.",
		Twice:   "Thabo Mokoena was announced as a winner (claimed). Void the win and draw again?"}}
	s.Publish(v)
	ctx := open(t, s)
	void, reason := `button[data-line="void"]`, `input[data-line="void"]`
	until(t, ctx, `document.querySelector('`+void+`') !== null`)
	shown := `!document.getElementById("confirm").classList.contains("hidden")`
	focusedCancel := `document.activeElement === document.getElementById("confirmno")`

	run(t, ctx, "typing the reason", chromedp.SendKeys(reason, "not the holder's card after all"))
	for _, cancelAt := range []int{1, 2, 0} { // 0: both answered yes
		run(t, ctx, "clicking Void", chromedp.Click(chromedp.CSS(void)))
		until(t, ctx, shown+" && "+focusedCancel)
		if q := text(t, ctx, "#confirmq"); q != v.Actions[0].Confirm {
			t.Errorf("the first question %q", q)
		}
		if cancelAt == 1 {
			run(t, ctx, "cancelling the first", chromedp.Click(chromedp.CSS("#confirmno")))
			until(t, ctx, "!("+shown+")")
			continue
		}
		run(t, ctx, "answering yes", chromedp.Click(chromedp.CSS("#confirmyes")))
		until(t, ctx, shown+` && document.getElementById("confirmq").textContent === "`+v.Actions[0].Twice+`" && `+focusedCancel)
		if cancelAt == 2 {
			run(t, ctx, "cancelling the second", chromedp.Click(chromedp.CSS("#confirmno")))
			until(t, ctx, "!("+shown+")")
			continue
		}
		run(t, ctx, "answering yes again", chromedp.Click(chromedp.CSS("#confirmyes")))
	}
	if got := next(t, d.acts, "action"); got != "void not the holder's card after all" {
		t.Errorf("the stage heard %q", got)
	}
	none(t, d.acts, "action")
}

// TestBrowserProgressBar: long work under way (an import of millions of
// rows) is a bar with its words, gone when the work is.
func TestBrowserProgressBar(t *testing.T) {
	s, _ := start(t, Config{})
	ctx := open(t, s)
	v := countdownView
	v.Progress = &Progress{Label: "Importing sat-cash: 1048576 rows read", Fraction: 0.25}
	s.Publish(v)
	until(t, ctx, `!document.getElementById("progress").classList.contains("hidden") && document.getElementById("progressbar").value === 0.25`)
	if got := text(t, ctx, "#progresslabel"); got != v.Progress.Label {
		t.Errorf("the bar says %q", got)
	}
	v.Progress = nil
	s.Publish(v)
	until(t, ctx, `document.getElementById("progress").classList.contains("hidden")`)
}
