package flightlog

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/sirupsen/logrus"
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

// Stop logs how the run ended, at level, with its uptime, and closes the
// log. What an error means (a database in use, files that cannot be used)
// is the caller's to say in msg and f: the log knows no error of ours.
func (l *Log) Stop(level logrus.Level, msg string, f Fields) {
	if l == nil {
		return
	}
	g := Fields{"uptime_s": time.Since(l.started).Round(time.Millisecond).Seconds()}
	for k, v := range f {
		g[k] = v
	}
	l.emit(level, msg, g, nil)
	l.Close()
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
