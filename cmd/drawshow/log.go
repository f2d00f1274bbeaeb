package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"drawshow/cmd/internal/cli"
	"drawshow/flightlog"
	"drawshow/show"
)

// cmdLog prints a database's flight log readably, oldest first: one line a
// record, in local time.
func cmdLog(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("log", flag.ContinueOnError)
	db := fs.String("db", "", "the campaign database `FILE` whose log (FILE.log and its rotated files) to print")
	since := fs.String("since", "", "only records from `TIME` on: 2006-01-02T15:04[:05] or 15:04 (today) in local time, RFC 3339, or a duration ago (30m)")
	pos, err := cli.Parse(fs, args, stderr)
	if err != nil {
		return err
	}
	if err := cli.NeedArgs("log", pos, 0, "no argument but --db FILE [--since TIME]"); err != nil {
		return err
	}
	if *db == "" {
		return errors.New("log needs --db FILE")
	}
	from, err := parseSince(*since, time.Now())
	if err != nil {
		return err
	}
	w := bufio.NewWriter(stdout)
	err = flightlog.Read(*db, from, func(r flightlog.Record) error {
		_, err := fmt.Fprintln(w, r.Format(time.Local))
		return err
	})
	// the runs that ended without stopping, named at the end where the
	// reader looks last
	if crashed, cerr := flightlog.Crashed(*db); cerr == nil {
		for _, r := range crashed {
			if !r.Last.Before(from) {
				fmt.Fprintf(w, "%s\n", r.Ended(time.Local))
			}
		}
	}
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	return err
}

// parseSince reads --since: a local time (a day and a time, or a time of
// today), an RFC 3339 time, or a duration before now.
func parseSince(s string, now time.Time) (time.Time, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, nil
	}
	if d, err := time.ParseDuration(s); err == nil && d >= 0 {
		return now.Add(-d), nil
	}
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t, nil
	}
	for _, layout := range []string{"2006-01-02T15:04:05", "2006-01-02T15:04", "2006-01-02 15:04:05", "2006-01-02 15:04", "2006-01-02"} {
		if t, err := time.ParseInLocation(layout, s, now.Location()); err == nil {
			return t, nil
		}
	}
	for _, layout := range []string{"15:04:05", "15:04"} {
		if t, err := time.ParseInLocation(layout, s, now.Location()); err == nil {
			y, m, d := now.Date()
			return time.Date(y, m, d, t.Hour(), t.Minute(), t.Second(), 0, now.Location()), nil
		}
	}
	return time.Time{}, fmt.Errorf("--since %q: give 2006-01-02T15:04, 15:04 (today), an RFC 3339 time or a duration ago (30m)", s)
}

// runLogFields are what a run's first record says of its command line:
// the flags that shape the run, never the seed given to a rehearsal.
func runLogFields(showPath string, r *cli.Run) flightlog.Fields {
	return flightlog.Fields{
		"command": "run", "show_file": showPath, "db": r.DB, "headless": r.Headless,
		"rehearsal": r.Rehearsal, "fixed_seed": r.Seed != "", "witness_given": r.Witness != "", "no_witness": r.NoWitness, "clock": r.Clock,
		"monitors": "none (headless: no display used)",
	}
}

// logLine logs one action line of a headless run and its result; the
// line's text is kept out (a proxy's name is typed on it), but what the
// show's own words are (a witness, a reason, a ticket).
func logLine(fl *flightlog.Log, line int, text string, c show.Command, evs []show.Event, err error) {
	_, arg, _ := strings.Cut(strings.TrimSpace(text), " ")
	var secrets []string
	if c.Op == show.OpProxy || c.Op == show.OpNumbers || c.Op == "" {
		secrets = append(secrets, strings.TrimSpace(arg))
	}
	if orig, ok, perr := show.ParseAction(text); ok && perr == nil {
		c = orig // a wait as the line says it, not the tick it became
	}
	cli.LogAction(fl, "actions", c, evs, err, flightlog.Fields{"line": line}, secrets...)
}
