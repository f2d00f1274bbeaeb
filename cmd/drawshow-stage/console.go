package main

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"image"
	"io"
	"maps"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"drawshow/cmd/internal/cli"
	"drawshow/console"
	"drawshow/data/campaign"
	"drawshow/data/record"
	"drawshow/data/session"
	"drawshow/data/witness"
	"drawshow/flightlog"
	"drawshow/scenes"
	"drawshow/show"
)

// consoleLink is the operator's console wired to the stage: the console's
// clicks and keys go to the stage as the host's keys do (one at a time,
// through the same worker), and the stage's moments come back as views.
type consoleLink struct {
	srv   *console.Server
	stage atomic.Pointer[scenes.Stage] // nil until the stage is made
	ss    *session.Session
	sh    *show.Show
	feed  *witness.Live
	now   func() time.Time

	progress *importProgress // long work under way; nil: none told

	browse bool // open the console in the default browser once the stage is up

	desks chan scenes.Controls // the stage's latest controls, newest only
	small *ebiten.Image        // the frame scaled down for the preview, in the game loop
	done  chan struct{}
	wg    sync.WaitGroup

	// the publisher's own
	winnerKey string // the pick whose details are held
	winner    *console.Winner
	events    []console.Event
	seen      int // events read from the record
	problems  []string
	carried   []string // what the show carries from earlier shows, with their anchors
}

func (l *consoleLink) Act(line string) error {
	s := l.stage.Load()
	if s == nil {
		return fmt.Errorf("the stage is not up yet")
	}
	return s.Act(line)
}

func (l *consoleLink) Key(name string) error {
	s := l.stage.Load()
	if s == nil {
		return fmt.Errorf("the stage is not up yet")
	}
	return s.Press(name)
}

// startConsole serves the operator's console for the session and says
// where; the stage is attached once it exists.
func startConsole(f cli.Stage, ss *session.Session, feed *witness.Live, now func() time.Time, stderr io.Writer, fl *flightlog.Log) (*consoleLink, error) {
	l := &consoleLink{ss: ss, sh: ss.Eng.Show, feed: feed, now: now, desks: make(chan scenes.Controls, 1), done: make(chan struct{})}
	// what the campaign's earlier shows give tonight's draws does not
	// change while the show runs: read once, listed with its sources
	carried, err := campaign.CarryOver(ss.DB, ss.ID)
	if err != nil {
		return nil, err
	}
	for _, c := range carried {
		l.carried = append(l.carried, fmt.Sprintf("Carried over from show %s (%s): %s; anchors %s", c.Show, c.Date, c.Gives(), c.Anchor()))
	}
	keys := make([]string, 0, len(scenes.KeyMap))
	for k := range scenes.KeyMap {
		keys = append(keys, k.String())
	}
	slices.Sort(keys)
	// the show's own token and, unless --console names one, its own port:
	// after a restart of the stage the open tab reconnects by itself
	token, err := ss.DB.LinkToken("console", ss.ID)
	if err != nil {
		return nil, err
	}
	addr, fallbacks := f.Console, []string(nil)
	if addr == "" {
		ports := preferredAddrs(token)
		addr, fallbacks = ports[0], append(ports[1:], "127.0.0.1:0")
	}
	srv, err := console.New(console.Config{Addr: addr, Fallbacks: fallbacks, Token: token, PIN: f.ConsolePin, Keys: keys, Now: now, Log: logConsole(fl), Feed: feed.Feed}, l)
	if err != nil {
		return nil, err
	}
	l.srv = srv
	l.problems = append(slices.Clone(ss.Eng.State().Opened.FileProblems), ss.Missing...)
	fmt.Fprintf(stderr, "operator's console: %s\n", srv.URL())
	if feed.Link() == "" {
		fmt.Fprintf(stderr, "witness feed: %s\n", srv.FeedURL(feed.Token))
	}
	fl.Info("console listening", flightlog.Fields{"address": srv.Addr().String(), "pin": f.ConsolePin != ""}) // not its URL: the token is the run's
	// a show that plays itself has nobody at the desk
	l.browse = !f.NoBrowser && !f.Autoplay
	return l, nil
}

// preferredAddrs are the console's addresses when --console names none,
// in the order tried: three ports of the show's own on the loopback,
// below the ephemeral range (32768 and up) so that they are seldom taken.
func preferredAddrs(token string) []string {
	b, _ := hex.DecodeString(token[:12])
	out := make([]string, 3)
	for i := range out {
		out[i] = fmt.Sprintf("127.0.0.1:%d", 20000+int(binary.BigEndian.Uint16(b[2*i:]))%12768)
	}
	return out
}

// attach starts publishing the stage's moments.
func (l *consoleLink) attach(stage *scenes.Stage) {
	l.stage.Store(stage)
	l.wg.Add(1)
	go l.publish()
}

// shown opens the console in the default browser, once the stage's first
// frame is up: a browser starting beside it would hold the stage back.
func (l *consoleLink) shown() {
	if l.browse {
		go openBrowser(l.srv.URL()) // off the game loop: OnFirst runs in Draw
	}
}

// onControls takes the stage's controls in the game loop, never waiting.
func (l *consoleLink) onControls(d scenes.Controls) {
	select {
	case <-l.desks:
	default:
	}
	l.desks <- d
}

// preview hands the big screen's frame to the console, when a page is
// there to see it: each frame a fresh image, which the console keeps until
// it is encoded. The frame is scaled down on the GPU first, to twice the
// preview's width: reading back a 3840×2160 frame whole would stall the
// game loop for as long as it takes to copy 33 MB.
func (l *consoleLink) preview(screen *ebiten.Image) {
	if l.srv.Tabs() == 0 {
		return
	}
	var img *image.RGBA
	img, l.small = scenes.Shrink(screen, l.small, 2*console.PreviewWidth)
	l.srv.Preview(img)
}

func (l *consoleLink) close() {
	close(l.done)
	l.wg.Wait()
	l.srv.Close()
}

// publish builds and publishes a view for each change of the stage's
// controls, and once a second for what moves on its own.
func (l *consoleLink) publish() {
	defer l.wg.Done()
	t := time.NewTicker(time.Second)
	defer t.Stop()
	var last scenes.Controls
	for {
		select {
		case <-l.done:
			return
		case last = <-l.desks:
		case <-t.C:
		}
		if last.State != nil {
			l.srv.Publish(l.view(last))
		}
	}
}

// splitMessage parts the stage's message to the host into a refusal (it
// says it refused or failed: the console's red box) and news (neutral,
// clearing itself).
func splitMessage(msg string) (refusal, news string) {
	if strings.HasPrefix(msg, "Refused") || strings.HasPrefix(msg, "Error") {
		return msg, ""
	}
	return "", msg
}

// view is the operator's view of the moment the stage shows.
func (l *consoleLink) view(d scenes.Controls) console.View {
	st := d.State
	v := console.View{Show: l.sh.Promotion + " · " + l.sh.Property, Scene: d.Scene, Blackout: d.Blackout, Zone: l.sh.Location.String()}
	v.Refusal, v.News = splitMessage(d.Message)
	drawn := false
	for i, g := range st.Segs {
		v.RunSheet = append(v.RunSheet, l.segment(st, i, g))
		drawn = drawn || g.Frozen != nil
	}
	if drawn {
		// the prizes won as the exports add them up
		v.Totals = record.NightTotals(l.sh.Currency, st).Words(l.sh.Currency)
	}
	if seg := st.CurSeg(); seg != nil {
		// the winner reaches the laptop with the reveal: through the reel the
		// audience has not seen who it is, nor may the desk
		if p := seg.Last(); p != nil && p.Announced() {
			v.Winner = l.winnerOf(st, seg, p)
			if p.Outcome == show.Pending {
				switch {
				case p.Lapsed:
					v.Errors = append(v.Errors, "The countdown ended while drawshow was down: record what happened, claimed in time or no-show")
				case !p.Deadline.IsZero():
					v.Countdown = &console.Countdown{Label: "to claim", Deadline: p.Deadline, Length: l.sh.ClaimSeconds}
				case seg.Seg.Floor():
					v.Countdown = &console.Countdown{Label: "once the team reaches the device", Length: l.sh.ClaimSeconds, Paused: true}
				}
			}
		}
	}
	for _, b := range d.Actions {
		v.Actions = append(v.Actions, console.Action{Line: b.Line, Label: b.Label, Key: b.Key, Field: b.Field, Irreversible: b.Irreversible, Confirm: b.Confirm, Twice: b.Twice, Primary: b.Primary})
	}
	v.Events = l.readEvents(st)
	switch {
	case d.Witness != "" && d.Outage:
		v.Warnings = append(v.Warnings, d.Witness)
	case d.Witness != "":
		v.Errors = append(v.Errors, d.Witness) // first, above all: nothing is drawn or shown until it answers or the host goes on
	}
	for _, p := range l.problems {
		v.Errors = append(v.Errors, "File: "+p)
	}
	if o := st.Opened; o != nil && o.Rules >= 2 {
		v.Notices = append(v.Notices, "Run: "+record.RunWords(o)+"; the machine's clock said "+o.WallClock.In(l.sh.Location).Format(time.DateTime)+" at open")
	}
	v.Notices = append(v.Notices, l.carried...)
	if n := len(st.Restarts); n > 0 {
		r := st.Restarts[n-1]
		v.Notices = append(v.Notices, fmt.Sprintf("drawshow started again at %s, down %s since the record's last event (%d restart(s) tonight, in the report)",
			r.To.In(l.sh.Location).Format(time.TimeOnly), r.To.Sub(r.From).Round(time.Second), n))
	}
	if d.Confirm != "" {
		v.Notices = append(v.Notices, "The stage asks: "+d.Confirm+" (Next = yes, any other key = no)")
	}
	if f := d.Field; f != nil {
		v.Notices = append(v.Notices, "Typed on the stage's keyboard ("+f.Kind+"): "+f.Text+"_")
	}
	if d.Typed != "" {
		v.Notices = append(v.Notices, "Typed: "+d.Typed)
	}
	if len(d.Menu) > 0 && d.MenuAt >= 0 && d.MenuAt < len(d.Menu) {
		v.Notices = append(v.Notices, "Outcome menu open at: "+d.Menu[d.MenuAt])
	}
	if d.Notice != "" {
		v.Notices = append(v.Notices, d.Notice)
	}
	if l.progress != nil {
		v.Progress = l.progress.view()
	}
	if w := l.feed.Followers(); w != "" {
		v.Notices = append(v.Notices, w)
	}
	v.Notices = append(v.Notices, "Keys now: "+d.Hints)
	v.Help = d.Help
	return v
}

// segment is one line of the run sheet.
func (l *consoleLink) segment(st *show.State, i int, g *show.SegState) console.Segment {
	s := console.Segment{ID: g.Seg.ID, Title: g.Seg.Title, Next: i == st.Cur+1}
	if !g.Seg.At.IsZero() {
		s.Time = g.Seg.At.In(l.sh.Location).Format("15:04")
	}
	switch {
	case g.Ended != nil:
		s.State = fmt.Sprintf("short: %d of %d (%s)", g.Ended.Winners, g.Ended.Wanted, g.Ended.Reason)
	case i < st.Cur, st.Closed:
		s.State = "done"
	case i == st.Cur:
		s.State = "on air"
	default:
		s.State = "waiting"
	}
	if g.Frozen != nil {
		s.Totals = record.SegTotals(l.sh.Currency, g).Words(l.sh.Currency)
		if len(g.Redraws()) > 0 {
			s.Redraws = "redraws " + record.RedrawWords(g)
		}
		if g.Marked() {
			s.Warnings = append(s.Warnings, fmt.Sprintf("more than %d redraws: the record marks this draw for the auditor", show.MaxRedraws))
		}
	}
	if i == st.Cur && g.Seg.Draws() && g.Frozen == nil && !g.Seg.At.IsZero() && l.now().Before(g.Seg.At) {
		s.Warnings = append(s.Warnings, "its time is "+s.Time+": a draw now is early")
	}
	for _, p := range l.problems {
		if g.Seg.Entries != "" && strings.Contains(p, g.Seg.Entries) {
			s.Warnings = append(s.Warnings, p)
		}
	}
	return s
}

// winnerOf is the pick in full, read from the record once a pick.
func (l *consoleLink) winnerOf(st *show.State, seg *show.SegState, p *show.Pick) *console.Winner {
	key := fmt.Sprintf("%s/%d/%s", seg.Seg.ID, p.K, p.Participant)
	if key != l.winnerKey || l.winner == nil {
		w := &console.Winner{Segment: seg.Seg.ID, Prize: p.Won(), Pick: p.K + 1, Ticket: p.Ticket, Card: p.Participant}
		if who, ok, err := l.ss.Winner(st, seg); err == nil && ok {
			w.Name, w.Tier = who.Name, who.Tier.String()
			for _, c := range slices.Sorted(maps.Keys(who.Extra)) {
				w.Contact = append(w.Contact, console.Column{Name: c, Value: who.Extra[c]})
				if strings.EqualFold(c, "id") || strings.Contains(strings.ToLower(c), "id number") {
					w.ID = who.Extra[c]
				}
			}
		}
		if seg.Bin != nil {
			// a points bin has one entry a participant, weighted by tickets
			for _, e := range seg.Bin.Entries {
				if e.Participant == p.Participant {
					w.Tickets += int64(e.Weight)
				}
			}
		}
		if n, ok := st.ProxyFor(seg, p.Participant); ok {
			w.Nomination = &console.Nomination{Name: n.Name, ID: n.ID}
		}
		w.Declined = st.RegisterHas(seg, p.Participant)
		l.winnerKey, l.winner = key, w
	}
	w := *l.winner
	w.Outcome = string(p.Outcome)
	w.Reason, w.Attested = p.Reason, record.Attested(p)
	if l := seg.Lists; l != nil && l.SelectedFile != "" {
		w.Selection = l.SelectedFile
	}
	w.Prize = p.Won()
	if p.Proxy != "" {
		w.Proxy = &console.Nomination{Name: p.Proxy, ID: p.ProxyID}
	}
	return &w
}

// eventsShown is how many of the night's events the console lists.
const eventsShown = 40

// readEvents reads what the record committed since the last view.
func (l *consoleLink) readEvents(st *show.State) []console.Event {
	if st.Events != l.seen {
		if evs, err := l.ss.DB.Events(l.ss.ID); err == nil {
			l.events = l.events[:0]
			for i := len(evs) - 1; i >= 0 && len(l.events) < eventsShown; i-- {
				e := evs[i]
				text := eventText(e)
				if e.Kind == show.PickDrawn && !announced(st, e) {
					text = e.Segment + " · a pick drawn: it is shown at the reveal"
				}
				l.events = append(l.events, console.Event{Seq: e.Seq, Time: e.At, Kind: string(e.Kind), Text: text})
			}
			l.seen = st.Events
		}
	}
	return l.events
}

// announced reports whether the pick e drew has been shown to the room.
func announced(st *show.State, e show.Event) bool {
	seg := st.Seg(e.Segment)
	if seg == nil || e.Pick == nil || e.Pick.K >= len(seg.Picks) {
		return true
	}
	return seg.Picks[e.Pick.K].Announced()
}

// eventText is an event in words, names and cards in full.
func eventText(e show.Event) string {
	var parts []string
	if e.Segment != "" {
		parts = append(parts, e.Segment)
	}
	if p := e.Pick; p != nil {
		if p.Ticket != "" {
			parts = append(parts, "ticket "+p.Ticket)
		}
		if p.Participant != "" {
			parts = append(parts, "card "+p.Participant)
		}
		if p.Outcome != "" {
			parts = append(parts, string(p.Outcome))
		}
		if p.Proxy != "" {
			parts = append(parts, "proxy "+p.Proxy)
		}
		if p.Reason != "" {
			parts = append(parts, p.Reason)
		}
	}
	return strings.Join(parts, " · ")
}

// openBrowser opens the console in the laptop's default browser; where
// there is none, the printed address will do.
func openBrowser(url string) {
	var cmd *exec.Cmd
	switch runtime.GOOS {
	case "windows":
		cmd = exec.Command("rundll32", "url.dll,FileProtocolHandler", url)
	case "darwin":
		cmd = exec.Command("open", url)
	default:
		cmd = exec.Command("xdg-open", url)
	}
	if cmd.Start() == nil {
		go cmd.Wait()
	}
}
