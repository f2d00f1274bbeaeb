package flightlog

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/sirupsen/logrus"

	"drawshow/data/entries"
	"drawshow/data/session"
	"drawshow/data/store"
)

// Off is the environment variable that turns the flight log off
// (DRAWSHOW_FLIGHTLOG=off): for the benchmark that measures what it costs.
const Off = "DRAWSHOW_FLIGHTLOG"

// OpenRun opens the log of a run on the database at db and logs its start:
// what Build says, and the caller's fields (the command, the show file,
// the flags that matter). A log that does not open is said on warn, and
// the run goes on without one (a nil *Log).
func OpenRun(db, version string, start Fields, warn io.Writer) *Log {
	if strings.EqualFold(os.Getenv(Off), "off") {
		return nil
	}
	l, err := Open(Path(db), Config{})
	if err != nil {
		fmt.Fprintf(warn, "drawshow: no flight log (%v); the show goes on, the record is the database\n", err)
		return nil
	}
	f := Build(version)
	for k, v := range start {
		f[k] = v
	}
	f["pid"] = os.Getpid()
	l.Info("run started", f)
	return l
}

// Stop logs how the run ended, with what the error says of files and of
// the database's lock, and closes the log.
func (l *Log) Stop(err error, more Fields) {
	if l == nil {
		return
	}
	l.Problems(err)
	f := Fields{"uptime_s": time.Since(l.started).Round(time.Millisecond).Seconds()}
	for k, v := range more {
		f[k] = v
	}
	var inUse *store.InUseError
	var fp *session.FileProblems
	switch {
	case err == nil:
		l.Info("run stopped", f)
	case errors.As(err, &inUse):
		if h := inUse.Holder; h != nil {
			f["holder_command"], f["holder_pid"], f["holder_host"], f["holder_since"] = h.Command, h.PID, h.Host, h.Since.Format(TimeFormat)
		} else {
			f["holder"] = "nobody named in the lock file"
		}
		l.Warn("run refused: the database is in use", f)
	case errors.As(err, &fp):
		f["problems"] = len(fp.Problems)
		l.Warn("run refused: the show names files that cannot be used", f)
	case err.Error() == "":
		// the command said what failed itself (refused action lines)
		l.Warn("run stopped, its failure told on the terminal", f)
	default:
		f["error"] = MaskQuoted(err.Error())
		l.Error("run stopped on an error", f)
	}
	l.Close()
}

// Problems logs each file problem err holds, a record a cell: the file,
// row and column, and the problem with the cell's value left out (it
// may be a name or a card).
func (l *Log) Problems(err error) {
	var fp *session.FileProblems
	if l == nil || !errors.As(err, &fp) {
		return
	}
	for _, p := range fp.Problems {
		var fe *entries.FileError
		if !errors.As(p, &fe) {
			l.Warn("file problem", Fields{"problem": MaskQuoted(p.Error())})
			continue
		}
		for _, c := range fe.Errs {
			f := Fields{"file": fe.File, "problem": MaskQuoted(c.Msg)}
			if c.Row > 0 {
				f["row"] = c.Row
			}
			if c.Column != "" {
				f["column"] = c.Column
			}
			l.Private(logrus.WarnLevel, "file problem", f, c.Value)
		}
		if more := fe.Total - len(fe.Errs); more > 0 {
			l.Warn("file problem", Fields{"file": fe.File, "more": more})
		}
	}
}

// Problem logs one file problem the operator is told of in words (a file
// not there yet, one a show was opened over): its quoted values left out.
func (l *Log) Problem(text string, more Fields) {
	f := Fields{"problem": MaskQuoted(text)}
	for k, v := range more {
		f[k] = v
	}
	l.Warn("file problem", f)
}

// Session logs the show a run opened or resumed: its id, where the record
// stands, its commitment (public: printed on the pre-show sheet) and the
// files it names that are not there yet.
func (l *Log) Session(ss *session.Session) {
	if l == nil {
		return
	}
	st := ss.Eng.State()
	f := Fields{"show": ss.ID, "resumed": ss.Resumed, "events_recorded": st.Events}
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
		l.Problem(m, Fields{"show": ss.ID, "missing": true})
	}
}
