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
	if r.Feed != "" {
		feed, err := witness.Start(db, ss.ID, r.Feed, stderr)
		if err != nil {
			return err
		}
		defer func() {
			feed.WaitFollowers(stderr)
			feed.Close()
		}()
	}
	for _, m := range ss.Missing {
		fmt.Fprintf(stderr, "warning: %s (checked when the show imports it)\n", m)
	}
	done, refused := 0, 0
	if p, ok, err := db.Progress(ss.ID); err != nil {
		return err
	} else if ok {
		done, refused = p.Actions, p.Refused
		if !clk.real {
			clk.t = p.Clock
		}
	}
	st := ss.Eng.State()
	if ss.Resumed {
		fmt.Fprintf(stderr, "resumed show %s at action line %d (%d events in the record)\n", ss.ID, done, st.Events)
	} else {
		fmt.Fprintf(stderr, "opened show %s; commitment %s\n", ss.ID, st.Opened.Commitment)
	}
	for _, seg := range st.Segs {
		if j := seg.Seg.Jackpot; j != nil && seg.Frozen == nil {
			fmt.Fprintf(stderr, "%s: jackpot %s stands at %s before tonight's draw\n", seg.Seg.ID, j.Name, show.Money(sh.Currency, st.JackpotBefore(j)))
		}
	}
	print := func(evs []show.Event) error {
		for _, e := range evs {
			b, err := e.MarshalLine()
			if err != nil {
				return err
			}
			if _, err := fmt.Fprintf(stdout, "%s\n", b); err != nil {
				return err
			}
		}
		return nil
	}
	if !ss.Resumed {
		evs, err := db.Events(ss.ID)
		if err != nil {
			return err
		}
		if err := print(evs); err != nil {
			return err
		}
	}
	// a resumed run records its start before it does anything: not when
	// it finds the action file changed and does nothing
	resumed := false
	resume := func() error {
		if resumed {
			return nil
		}
		resumed = true
		evs, err := ss.Resume(show.ModeHeadless)
		if err != nil {
			return err
		}
		return print(evs)
	}
	applied, err := db.ActionLines(ss.ID)
	if err != nil {
		return err
	}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	line := 1
	for ; sc.Scan(); line++ {
		if line <= done {
			// a resume goes on only from the file it ran: its lines so far
			// are those the record applied
			if h, ok := applied[line]; ok && !bytes.Equal(h, sha256Of(sc.Text())) {
				return fmt.Errorf("%s line %d is not the line show %s applied as its line %d: the action file changed since the show ran; nothing was done (give the file it ran, or one that goes on from it)", r.Actions, line, ss.ID, line)
			}
			continue
		}
		if err := resume(); err != nil {
			return err
		}
		c, ok, err := show.ParseAction(sc.Text())
		if err != nil {
			logLine(fl, line, sc.Text(), c, nil, &show.Refusal{Reason: err.Error()})
			fmt.Fprintf(stderr, "%s line %d: refused: %v\n", r.Actions, line, err)
			refused++
			if err := db.SaveProgress(ss.ID, store.Progress{Actions: line, Refused: refused, Clock: clk.now(), Line: sc.Text()}); err != nil {
				return err
			}
			continue
		}
		if !ok {
			continue
		}
		if c.Op == show.OpWait && c.Text != "" {
			until, _ := show.Until(c.Text, clk.now(), sh.Location) // checked when the line was read
			clk.wait(until)
			c = show.Command{Op: show.OpTick}
		} else if c.Op == show.OpWait {
			clk.wait(clk.now().Add(c.Wait))
			c = show.Command{Op: show.OpTick}
		}
		evs, err := ss.Do(c, &store.Progress{Actions: line, Refused: refused, Clock: clk.now(), Line: sc.Text()})
		logLine(fl, line, sc.Text(), c, evs, err)
		if perr := print(evs); perr != nil {
			return perr
		}
		if cur := ss.Eng.State().CurSeg(); err == nil && cur != nil && ss.Eng.State().AwaitsDrawWitness(cur) && c.Op == show.OpDraw {
			fmt.Fprintf(stderr, "%s: bin frozen, fingerprint %s; the draw witness is awaited: the auditor types it (witness TEXT), then draw\n", cur.Seg.ID, frozenPrint(cur))
		}
		var ref *show.Refusal
		switch {
		case errors.As(err, &ref):
			fmt.Fprintf(stderr, "%s line %d: refused: %v\n", r.Actions, line, err)
			refused++
		case err != nil:
			return fmt.Errorf("%s line %d: %w", r.Actions, line, err)
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	if line-1 < done {
		return fmt.Errorf("%s has %d line(s); show %s applied %d: the action file changed since the show ran; nothing was done", r.Actions, line-1, ss.ID, done)
	}
	if refused > 0 {
		fmt.Fprintf(stderr, "%d action(s) refused (counting earlier runs of this show)\n", refused)
		return cli.ErrQuiet
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
