package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"drawshow/cmd/internal/buildinfo"
	"drawshow/cmd/internal/cli"
	"drawshow/data/session"
	"drawshow/data/store"
	"drawshow/data/witness"
	"drawshow/flightlog"
	"drawshow/show"
)

// clock is the headless show clock. A rehearsal's moves only when an
// action waits; an official show's is the machine's, and a wait takes
// real time.
type clock struct {
	t    time.Time
	real bool
}

func (c *clock) now() time.Time {
	if c.real {
		return time.Now()
	}
	return c.t
}

// wait moves the clock to t: a rehearsal's at once, an official show's
// by sleeping until the machine's clock is there.
func (c *clock) wait(t time.Time) {
	if c.real {
		time.Sleep(time.Until(t))
		return
	}
	c.t = t
}

func cmdRun(args []string, stdin io.Reader, stdout, stderr io.Writer) (err error) {
	path, r, err := cli.ParseRun(args, stderr)
	if err != nil {
		return err
	}
	if !r.Headless {
		return handOver("run")(args, stdin, stdout, stderr)
	}
	fl := flightlog.OpenRun(r.DB, buildinfo.Version(), runLogFields(path, r), stderr)
	fl.Secret(r.Seed)
	defer func() { cli.LogStop(fl, err, nil) }()
	if r.Actions == "" {
		return errors.New("run --headless needs --actions FILE (or - for standard input)")
	}
	sh, text, err := readShow(path)
	if err != nil {
		return err
	}
	clk := &clock{t: time.Now(), real: !r.Rehearsal}
	if r.Clock != "" {
		if clk.t, err = show.ParseLocal(r.Clock, sh.Location); err != nil {
			return fmt.Errorf("--clock %q: use 2006-01-02T15:04 in the show's timezone", r.Clock)
		}
	}
	var in io.Reader = stdin
	if r.Actions != "-" {
		f, err := os.Open(r.Actions)
		if err != nil {
			return err
		}
		defer f.Close()
		in = f
	}
	db, ss, err := cli.OpenShow(sh, text, r, cli.Opening{Mode: show.ModeHeadless, Clock: clk.now, Progress: cli.BothProgress(cli.LogProgress(fl), cli.TermProgress(stderr))}, fl, stderr)
	if err != nil {
		return err
	}
	defer db.Close()
	if r.Feed != "" || !sh.AuditorKey.IsZero() {
		feed, err := witness.Start(db, ss.ID, sh.AuditorKey, r.Feed, stderr)
		if err != nil {
			return err
		}
		if !sh.AuditorKey.IsZero() {
			ss.Witness = feed.Feed
			if r.Feed == "" {
				fmt.Fprintln(stderr, "the show file names the auditor's key, and no --feed ADDR is given: no follower can countersign, so each pick waits for unwitnessed REASON")
			}
		}
		defer func() {
			feed.WaitFollowers(stderr)
			feed.Close()
		}()
	}
	a := &actionRun{file: r.Actions, sh: sh, db: db, ss: ss, clk: clk, fl: fl, stdout: stdout, stderr: stderr}
	if err := a.start(); err != nil {
		return err
	}
	return a.play(in)
}

// actionRun plays an action file on an open show, line by line, printing
// each event as a JSON line.
type actionRun struct {
	file           string // the action file, as messages name it
	sh             *show.Show
	db             *store.DB
	ss             *session.Session
	clk            *clock
	fl             *flightlog.Log
	stdout, stderr io.Writer

	done, refused int  // the lines applied and refused, earlier runs of the show included
	resumed       bool // the resumed run's start is recorded
}

// start says what was opened or resumed, and prints the record so far of
// a show just opened.
func (a *actionRun) start() error {
	ss, stderr := a.ss, a.stderr
	for _, m := range ss.Missing {
		fmt.Fprintf(stderr, "warning: %s (checked when the show imports it)\n", m)
	}
	if p, ok, err := a.db.Progress(ss.ID); err != nil {
		return err
	} else if ok {
		a.done, a.refused = p.Actions, p.Refused
		if !a.clk.real {
			a.clk.t = p.Clock
		}
	}
	st := ss.Eng.State()
	if ss.Resumed {
		fmt.Fprintf(stderr, "resumed show %s at action line %d (%d events in the record)\n", ss.ID, a.done, st.Events)
	} else {
		fmt.Fprintf(stderr, "opened show %s; commitment %s\n", ss.ID, st.Opened.Commitment)
	}
	for _, seg := range st.Segs {
		if j := seg.Seg.Jackpot; j != nil && seg.Frozen == nil {
			fmt.Fprintf(stderr, "%s: jackpot %s stands at %s before tonight's draw\n", seg.Seg.ID, j.Name, show.Money(a.sh.Currency, st.JackpotBefore(j)))
		}
	}
	if ss.Resumed {
		return nil
	}
	evs, err := a.db.Events(ss.ID)
	if err != nil {
		return err
	}
	return a.print(evs)
}

func (a *actionRun) print(evs []show.Event) error {
	for _, e := range evs {
		b, err := e.MarshalLine()
		if err != nil {
			return err
		}
		if _, err := fmt.Fprintf(a.stdout, "%s\n", b); err != nil {
			return err
		}
	}
	return nil
}

// resume records a resumed run's start, once, before its first line: not
// when it finds the action file changed and does nothing.
func (a *actionRun) resume() error {
	if a.resumed {
		return nil
	}
	a.resumed = true
	evs, err := a.ss.Resume(show.ModeHeadless)
	if err != nil {
		return err
	}
	return a.print(evs)
}

// play applies the lines of in after those the show applied already,
// which must be the same lines.
func (a *actionRun) play(in io.Reader) error {
	applied, err := a.db.ActionLines(a.ss.ID)
	if err != nil {
		return err
	}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	line := 1
	for ; sc.Scan(); line++ {
		if line <= a.done {
			// a resume goes on only from the file it ran: its lines so far
			// are those the record applied
			if h, ok := applied[line]; ok && !bytes.Equal(h, sha256Of(sc.Text())) {
				return fmt.Errorf("%s line %d is not the line show %s applied as its line %d: the action file changed since the show ran; nothing was done (give the file it ran, or one that goes on from it)", a.file, line, a.ss.ID, line)
			}
			continue
		}
		if err := a.resume(); err != nil {
			return err
		}
		if err := a.line(line, sc.Text()); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	if line-1 < a.done {
		return fmt.Errorf("%s has %d line(s); show %s applied %d: the action file changed since the show ran; nothing was done", a.file, line-1, a.ss.ID, a.done)
	}
	if a.refused > 0 {
		fmt.Fprintf(a.stderr, "%d action(s) refused (counting earlier runs of this show)\n", a.refused)
		return cli.ErrQuiet
	}
	return nil
}

// line applies the action file's line n, text. A refused line is counted
// and said; only a failure of the record ends the run.
func (a *actionRun) line(n int, text string) error {
	ss, clk, stderr := a.ss, a.clk, a.stderr
	c, ok, err := show.ParseAction(text)
	if err != nil {
		logLine(a.fl, n, text, c, nil, &show.Refusal{Reason: err.Error()})
		fmt.Fprintf(stderr, "%s line %d: refused: %v\n", a.file, n, err)
		a.refused++
		return a.db.SaveProgress(ss.ID, store.Progress{Actions: n, Refused: a.refused, Clock: clk.now(), Line: text})
	}
	if !ok {
		return nil
	}
	if c.Op == show.OpWait && c.Text != "" {
		until, _ := show.Until(c.Text, clk.now(), a.sh.Location) // checked when the line was read
		clk.wait(until)
		c = show.Command{Op: show.OpTick}
	} else if c.Op == show.OpWait {
		clk.wait(clk.now().Add(c.Wait))
		c = show.Command{Op: show.OpTick}
	}
	evs, err := ss.Do(c, &store.Progress{Actions: n, Refused: a.refused, Clock: clk.now(), Line: text})
	logLine(a.fl, n, text, c, evs, err)
	if perr := a.print(evs); perr != nil {
		return perr
	}
	if cur := ss.Eng.State().CurSeg(); err == nil && cur != nil && ss.Eng.State().AwaitsDrawWitness(cur) && c.Op == show.OpDraw {
		fmt.Fprintf(stderr, "%s: bin frozen, fingerprint %s; the draw witness is awaited: the auditor types it (witness TEXT), then draw\n", cur.Seg.ID, frozenPrint(cur))
	}
	var ref *show.Refusal
	var silent *session.WitnessSilent
	switch {
	case errors.As(err, &ref):
		fmt.Fprintf(stderr, "%s line %d: refused: %v\n", a.file, n, err)
		a.refused++
	case errors.As(err, &silent):
		// not the record's failure: the run goes on, and the file's next
		// line may be unwitnessed REASON
		fmt.Fprintf(stderr, "%s line %d: %v\n", a.file, n, err)
		a.refused++
		return a.db.SaveProgress(ss.ID, store.Progress{Actions: n, Refused: a.refused, Clock: clk.now(), Line: text})
	case err != nil:
		return fmt.Errorf("%s line %d: %w", a.file, n, err)
	}
	return nil
}

// frozenPrint is a frozen bin's fingerprint, or "none" for what freezes
// no bin (a wild card's numbers).
func frozenPrint(s *show.SegState) string {
	if s.Frozen == nil {
		return "none"
	}
	return s.Frozen.Fingerprint
}

// readShow reads and parses the show file at path, giving its text too:
// the record keeps the text the show was opened from.
func readShow(path string) (*show.Show, []byte, error) {
	text, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	sh, err := show.Parse(path, text)
	return sh, text, err
}

func sha256Of(s string) []byte {
	h := sha256.Sum256([]byte(s))
	return h[:]
}
