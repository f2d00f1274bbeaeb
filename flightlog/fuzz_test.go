package flightlog

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"
)

// FuzzParseRecord: any line is a record or a *SyntaxError whose column
// lies on the line; a record formats on one line, and its fields written
// again as JSON read back to the same record.
func FuzzParseRecord(f *testing.F) {
	for _, s := range []string{
		`{"time":"2026-12-01T21:30:05.250+02:00","level":"info","msg":"run started","os":"linux/amd64","n":1.5e3}`,
		`{"time":"2026-12-01T21:30:05Z","level":"warning","msg":"action refused","refusal":"r1: \"x\"","list":[1,{"a":null}]}`,
		`{"time":"2026-12-01T21:30:05Z","level":"info","msg":"x"} trailing`,
		`{"time":1,"level":"info","msg":"x"}`,
		`{"fields.time":"a","time":"2026-12-01T21:30:05Z","level":"error","msg":"a\u0000b"}`,
		"\xff{}",
		``,
		`{`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		r, err := ParseRecord(line)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("error %T %v, want a *SyntaxError", err, err)
			}
			if se.Column < 1 || se.Column > len(line)+1 {
				t.Fatalf("column %d outside a line of %d bytes", se.Column, len(line))
			}
			return
		}
		if s := r.Format(time.UTC); strings.ContainsAny(s, "\n\r") {
			t.Fatalf("formatted over more than one line: %q", s)
		}
		m := map[string]any{"time": r.Time.Format(time.RFC3339Nano), "level": r.Level.String(), "msg": r.Msg}
		for k, v := range r.Fields {
			m[k] = v
		}
		b, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		again, err := ParseRecord(b)
		if err != nil {
			t.Fatalf("written again, %s does not read back: %v", b, err)
		}
		if !again.Time.Equal(r.Time) || again.Level != r.Level || again.Msg != r.Msg || again.Format(time.UTC) != r.Format(time.UTC) {
			t.Fatalf("read back as %+v, was %+v", again, r)
		}
	})
}

// FuzzPlain: a line Runs reads without decoding (plain) is a record whose
// decoding gives the same run and time, and which neither starts nor
// stops a run nor names a crash: the fast path never tells Runs anything
// the record does not say.
func FuzzPlain(f *testing.F) {
	for _, s := range []string{
		`{"level":"info","msg":"action","op":"claim","run":"5f2a","time":"2026-12-01T21:30:05.250+02:00"}`,
		`{"level":"info","msg":"action","note":"\"run\":\"x\"","run":"5f2a","time":"2026-12-01T21:30:05.250Z"}`,
		`{"level":"info","msg":"run started","run":"5f2a","time":"2026-12-01T21:30:05.250Z"}`,
		`{"level":"info","msg":"run stopped","run":"5f2a","time":"2026-12-01T21:30:05.250Z","uptime_s":4}`,
		`{"level":"info","msg":"action","run":"5f2a","time":"2026-12-01T21:30:05.250Z","x":{"run":"b"}}`,
		`{"level":"info","msg":"action","run":"5f2a","time":"2026-12-01T21:30:05.250Z"`,
		`{"run":"a","run":"b","time":"2026-12-01T21:30:05.250Z"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		run, at, ok := plain(line)
		if !ok {
			return
		}
		r, err := ParseRecord(line)
		if err != nil {
			t.Fatalf("plain read run %q at %v from a line that is no record: %v", run, at, err)
		}
		if got, _ := r.Fields[RunField].(string); got != run || !r.Time.Equal(at) {
			t.Fatalf("plain read run %q at %v; the record says %q at %v", run, at, got, r.Time)
		}
		_, crash := r.Fields[crashField]
		_, stop := r.Fields[stopField]
		if r.Msg == startMsg || crash || stop {
			t.Fatalf("plain passed over a run's start, stop or crash: %q", line)
		}
	})
}
