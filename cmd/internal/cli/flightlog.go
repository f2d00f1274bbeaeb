package cli

import (
	"errors"
	"time"

	"github.com/sirupsen/logrus"

	"drawshow/data/entries"
	"drawshow/data/session"
	"drawshow/data/store"
	"drawshow/flightlog"
)

// LogStop logs how the run ended, with what the error says of files and of
// the database's lock, and closes the log.
func LogStop(l *flightlog.Log, err error, more flightlog.Fields) {
	if l == nil {
		return
	}
	LogProblems(l, err)
	f := flightlog.Fields{}
	for k, v := range more {
		f[k] = v
	}
	var inUse *store.InUseError
	var fp *session.FileProblems
	switch {
	case err == nil:
		l.Stop(logrus.InfoLevel, "run stopped", f)
	case errors.As(err, &inUse):
		if h := inUse.Holder; h != nil {
			f["holder_command"], f["holder_pid"], f["holder_host"], f["holder_since"] = h.Command, h.PID, h.Host, h.Since.Format(flightlog.TimeFormat)
		} else {
			f["holder"] = "nobody named in the lock file"
		}
		l.Stop(logrus.WarnLevel, "run refused: the database is in use", f)
	case errors.As(err, &fp):
		f["problems"] = len(fp.Problems)
		l.Stop(logrus.WarnLevel, "run refused: the show names files that cannot be used", f)
	case err.Error() == "":
		// the command said what failed itself (refused action lines)
		l.Stop(logrus.WarnLevel, "run stopped, its failure told on the terminal", f)
	default:
		f["error"] = flightlog.MaskQuoted(err.Error())
		l.Stop(logrus.ErrorLevel, "run stopped on an error", f)
	}
}

// LogProblems logs each file problem err holds, a record a cell: the file,
// row and column, and the problem with the cell's value left out (it
// may be a name or a card).
func LogProblems(l *flightlog.Log, err error) {
	var fp *session.FileProblems
	if l == nil || !errors.As(err, &fp) {
		return
	}
	for _, p := range fp.Problems {
		var fe *entries.FileError
		if !errors.As(p, &fe) {
			l.Warn("file problem", flightlog.Fields{"problem": flightlog.MaskQuoted(p.Error())})
			continue
		}
		for _, c := range fe.Errs {
			f := flightlog.Fields{"file": fe.File, "problem": flightlog.MaskQuoted(c.Msg)}
			if c.Row > 0 {
				f["row"] = c.Row
			}
			if c.Column != "" {
				f["column"] = c.Column
			}
			l.Private(logrus.WarnLevel, "file problem", f, c.Value)
		}
		if more := fe.Total - len(fe.Errs); more > 0 {
			l.Warn("file problem", flightlog.Fields{"file": fe.File, "more": more})
		}
	}
}

// LogSession logs the show a run opened or resumed: its id, where the record
// stands, its commitment (public: printed on the pre-show sheet) and the
// files it names that are not there yet.
func LogSession(l *flightlog.Log, ss *session.Session) {
	if l == nil {
		return
	}
	st := ss.Eng.State()
	f := flightlog.Fields{"show": ss.ID, "resumed": ss.Resumed, "events_recorded": st.Events}
	if st.Opened != nil {
		f["commitment"], f["rehearsal"] = st.Opened.Commitment, st.Opened.Rehearsal
		f["opened_over_problems"] = len(st.Opened.FileProblems)
	}
	if cur := st.CurSeg(); cur != nil {
		f["segment"] = cur.Seg.ID
	}
	if ss.Resumed {
		l.Info("show resumed", f)
	} else {
		l.Info("show opened", f)
	}
	for _, m := range ss.Missing {
		l.Problem(m, flightlog.Fields{"show": ss.ID, "missing": true})
	}
}

// progressEvery is how often a long import is logged: a record at least
// every 10 s, so that a quiet log is a stopped program.
const progressEvery = 5 * time.Second

// LogProgress is a session's Progress that logs a long import every
// progressEvery, and its end when it was logged under way.
func LogProgress(l *flightlog.Log) func(segment string, p entries.Progress) {
	return logProgress(l, time.Now)
}

func logProgress(l *flightlog.Log, clock func() time.Time) func(segment string, p entries.Progress) {
	var last, start time.Time
	logged := false
	return func(segment string, p entries.Progress) {
		now := clock()
		if p.Finished {
			if logged {
				l.Info("import done", flightlog.Fields{"segment": segment, "rows": p.Rows, "seconds": now.Sub(start).Round(time.Millisecond).Seconds()})
			}
			logged, last = false, time.Time{}
			return
		}
		if last.IsZero() {
			last, start = now, now // the import's first word: the next is due progressEvery on
			return
		}
		if now.Sub(last) < progressEvery {
			return
		}
		last, logged = now, true
		f := flightlog.Fields{"segment": segment, "rows": p.Rows}
		if x := p.Fraction(); x > 0 {
			f["percent"] = int(x * 100)
		}
		l.Info("import under way", f)
	}
}
