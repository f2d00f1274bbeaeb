package flightlog

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestParseRecordRefusesWhatIsNotARecord(t *testing.T) {
	for _, c := range []struct {
		line   string
		column int
		msg    string
	}{
		{`{"time":"2026-12-01T21:30:00.000Z","level":"info","msg":"x"`, 60, "not a JSON object"},
		{`{"time":"2026-12-01T21:30:00.000Z","level":"info"}`, 1, `no "msg"`},
		{`{"time":"21:30","level":"info","msg":"x"}`, 2, "not RFC 3339"},
		{`{"time":"2026-12-01T21:30:00Z","level":"loud","msg":"x"}`, 32, "not a level"},
		{`{"time":"2026-12-01T21:30:00Z","level":"info","msg":7}`, 47, `"msg" is not a string`},
		{`[1,2]`, 1, "not a JSON object"},
		{`null`, 1, "not a JSON object"},
		{`{"time":"2026-12-01T21:30:00Z","level":"info","msg":"x"} {}`, 57, "more after the record"},
		{"{\"time\":\"2026-12-01T21:30:00Z\",\"level\":\"info\",\"msg\":\"\xff\"}", 54, "not UTF-8"},
	} {
		_, err := ParseRecord([]byte(c.line))
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%s: error %v, want a *SyntaxError", c.line, err)
			continue
		}
		if se.Column != c.column || !strings.Contains(se.Msg, c.msg) {
			t.Errorf("%s: column %d %q, want column %d %q", c.line, se.Column, se.Msg, c.column, c.msg)
		}
	}
}

func TestFormat(t *testing.T) {
	r, err := ParseRecord([]byte(`{"time":"2026-12-01T19:30:05.250Z","level":"warning","msg":"action refused","op":"claim","refusal":"r1: no pick is waiting","n":3,"ok":true,"list":["a","b"],"odd":"a\nb"}`))
	if err != nil {
		t.Fatal(err)
	}
	loc := time.FixedZone("SAST", 2*3600)
	got := r.Format(loc)
	want := `2026-12-01 21:30:05.250 WARN  action refused  list=["a","b"]  n=3  odd="a\nb"  ok=true  op=claim  refusal="r1: no pick is waiting"`
	if got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
}

// TestReadOldestFirstSinceAndBadLines: the rotated files come first, a
// record before since is skipped, and a torn line is named with its file
// and line without stopping the rest.
func TestReadOldestFirstSinceAndBadLines(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	rec := func(at, msg string) string {
		return `{"time":"` + at + `","level":"info","msg":"` + msg + `"}` + "\n"
	}
	os.WriteFile(Path(db)+".2", []byte(rec("2026-12-01T18:00:00Z", "a")), 0o644)
	os.WriteFile(Path(db)+".1", []byte(rec("2026-12-01T19:00:00Z", "b")+`{"time":"2026-12-01T19:0`+"\n"), 0o644)
	os.WriteFile(Path(db), []byte(rec("2026-12-01T20:00:00Z", "c")), 0o644)
	os.WriteFile(Path(db)+".x", []byte("not ours"), 0o644)
	var got []string
	err := Read(db, time.Date(2026, 12, 1, 18, 30, 0, 0, time.UTC), func(r Record) error {
		got = append(got, r.Msg)
		return nil
	})
	if strings.Join(got, "") != "bc" {
		t.Fatalf("read %v, want b c", got)
	}
	var le *LineError
	if !errors.As(err, &le) || le.File != Path(db)+".1" || le.Line != 2 || le.Err.Column != 25 {
		t.Fatalf("error %v, want line 2 of %s", err, Path(db)+".1")
	}
	if err := Read(filepath.Join(t.TempDir(), "none.db"), time.Time{}, func(Record) error { return nil }); err == nil || !strings.Contains(err.Error(), "no flight log") {
		t.Fatalf("a database with no log: %v", err)
	}
}
