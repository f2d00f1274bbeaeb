package flightlog

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/sirupsen/logrus"
)

// RunInfo is a run of the program on a database, as its records tell it.
type RunInfo struct {
	ID      string
	Started time.Time
	Last    time.Time // its last record's time
	PID     int
	Host    string
	Command string
	Stopped bool // its stop record is there
	Named   bool // a later run named it as ended without stopping
}

// Ended is a run that ended without its stop record, in words: "the run
// of 2024-11-30 21:14 (run, pid 4711) ended without stopping: crash or
// power cut; its last record 21:40:02".
func (r RunInfo) Ended(loc *time.Location) string {
	return fmt.Sprintf("the run of %s (%s, pid %d, run %s) ended without stopping: crash or power cut; its last record %s",
		r.Started.In(loc).Format("2006-01-02 15:04"), r.Command, r.PID, r.ID, r.Last.In(loc).Format("15:04:05"))
}

// startMsg and crashMsg are the messages of a run's first record and of
// the record that names a run ended without stopping; a stop record is the
// one with stopField.
const (
	startMsg   = "run started"
	crashMsg   = "a run ended without stopping"
	crashField = "crashed_run"
	stopField  = "uptime_s"
)

// Runs reads the runs of the database's flight log in the order they
// started. Records of logs written before runs had ids are left out, and
// lines that are not records (one cut short) are passed over.
func Runs(db string) ([]RunInfo, error) {
	files, err := Files(db)
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%s: no flight log (a run on this database writes one)", Path(db))
	}
	var out []RunInfo
	at := map[string]int{}
	named := map[string]bool{}
	record := func(r Record) {
		id, _ := r.Fields[RunField].(string)
		if id == "" {
			return
		}
		if c, ok := r.Fields[crashField].(string); ok && r.Msg == crashMsg {
			named[c] = true
		}
		i, ok := at[id]
		if !ok {
			if r.Msg != startMsg {
				return // its start rotated away
			}
			ri := RunInfo{ID: id, Started: r.Time}
			ri.PID, _ = number(r.Fields["pid"])
			ri.Host, _ = r.Fields["host"].(string)
			ri.Command, _ = r.Fields["command"].(string)
			at[id], out = len(out), append(out, ri)
			i = at[id]
		}
		out[i].Last = r.Time
		if _, ok := r.Fields[stopField]; ok {
			out[i].Stopped = true
		}
	}
	for _, name := range files {
		err := eachLine(name, func(_ int, line []byte) error {
			// most records only move their run's last time on: read
			// those two values, not the whole line (a full log is read
			// at every start)
			if id, t, ok := plain(line); ok {
				if i, ok := at[id]; ok {
					out[i].Last = t
				}
				return nil
			}
			if r, err := ParseRecord(line); err == nil {
				record(r)
			}
			return nil // a line cut short is passed over
		})
		if err != nil {
			return nil, err
		}
	}
	for i := range out {
		out[i].Named = named[out[i].ID]
	}
	return out, nil
}

// plain reads the run and the time of a record that neither starts nor
// stops a run nor names a crash, without decoding it; ok is false for
// any other line, which is then decoded in full. Keys are matched with
// their quotes: within a JSON string a quote is escaped, so in a valid
// object with no object or list inside, "run":" is its own key.
func plain(line []byte) (run string, t time.Time, ok bool) {
	line = bytes.TrimSpace(line)
	if !bytes.HasPrefix(line, []byte("{")) || bytes.Count(line, []byte("{")) != 1 || bytes.ContainsRune(line, '[') || !utf8.Valid(line) ||
		!json.Valid(line) || // a flat object, so a quoted key is one of its own
		bytes.Contains(line, []byte(`"msg":"`+startMsg+`"`)) ||
		bytes.Contains(line, []byte(`"`+crashField+`":`)) || bytes.Contains(line, []byte(`"`+stopField+`":`)) {
		return "", time.Time{}, false
	}
	str := func(key string) (string, bool) {
		k := []byte(`"` + key + `":"`)
		i := bytes.Index(line, k)
		if i < 0 || bytes.Contains(line[i+len(k):], k) {
			return "", false
		}
		v := line[i+len(k):]
		j := bytes.IndexByte(v, '"')
		if j < 0 || bytes.IndexByte(v[:j], '\\') >= 0 {
			return "", false
		}
		return string(v[:j]), true
	}
	run, ok1 := str(RunField)
	ts, ok2 := str(logrus.FieldKeyTime)
	lv, ok3 := str(logrus.FieldKeyLevel)
	_, ok4 := str(logrus.FieldKeyMsg)
	if !ok1 || !ok2 || !ok3 || !ok4 || run == "" {
		return "", time.Time{}, false
	}
	if _, err := logrus.ParseLevel(lv); err != nil {
		return "", time.Time{}, false
	}
	t, err := time.Parse(time.RFC3339Nano, ts) // as ParseRecord reads it
	return run, t, err == nil
}

func number(v any) (int, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, false
	}
	i, err := strconv.Atoi(string(n))
	return i, err == nil
}

// Crashed are the runs of the database that ended without their stop
// record and are not running now (a run of this host whose process is
// alive is taken to be running: an export beside a show).
func Crashed(db string) ([]RunInfo, error) {
	runs, err := Runs(db)
	if err != nil {
		return nil, err
	}
	host, _ := os.Hostname()
	var out []RunInfo
	for _, r := range runs {
		if r.Stopped || (r.Host == host && r.PID != os.Getpid() && alive(r.PID)) {
			continue
		}
		out = append(out, r)
	}
	return out, nil
}

// NameCrashes names, in the log and on warn, each earlier run of the
// database that ended without stopping and is not named yet: a crash or
// a power cut is seen at the next start. The caller holds the database's
// writer's lock, so no other show's run is going on.
func (l *Log) NameCrashes(db string, warn io.Writer) {
	if l == nil {
		return
	}
	crashed, err := Crashed(db)
	if err != nil {
		return // no log to read: nothing to name
	}
	for _, r := range crashed {
		if r.ID == l.run || r.Named {
			continue
		}
		l.Warn(crashMsg, Fields{crashField: r.ID, "crashed_pid": r.PID, "crashed_command": r.Command,
			"crashed_started": r.Started.Format(TimeFormat), "crashed_last_record": r.Last.Format(TimeFormat)})
		fmt.Fprintf(warn, "drawshow: %s\n", r.Ended(time.Local))
	}
}
