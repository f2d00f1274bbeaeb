package flightlog

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/sirupsen/logrus"
)

// Record is one line of the log, read back.
type Record struct {
	Time   time.Time
	Level  logrus.Level
	Msg    string
	Fields map[string]any // the rest: strings, json.Number, bools, lists, objects
}

// maxLine bounds a line read back: the writer's longest records (a file
// problem listing ten cells) are a few KB.
const maxLine = 1 << 20

// SyntaxError is a line that is not a record: where in it, and what is there.
type SyntaxError struct {
	Column int    // 1-based, in bytes
	Value  string // what the line holds there, cut short
	Msg    string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("column %d: %s (at %s)", e.Column, e.Msg, e.Value)
}

// LineError is a line of a log file that is not a record.
type LineError struct {
	File string
	Line int
	Err  *SyntaxError
}

func (e *LineError) Error() string {
	return fmt.Sprintf("%s line %d, %s", e.File, e.Line, e.Err)
}

// excerpt is what line holds from byte i on, quoted and cut short.
func excerpt(line []byte, i int) string {
	i = max(0, min(i, len(line)))
	s := line[i:]
	const n = 40
	if len(s) > n {
		s = s[:n]
		for len(s) > 0 && !utf8.Valid(s) {
			s = s[:len(s)-1]
		}
		return strconv.Quote(string(s)) + "…"
	}
	return strconv.Quote(string(s))
}

// ParseRecord reads one line of the log: a JSON object with a time
// (RFC 3339), a level (logrus's names) and a message.
func ParseRecord(line []byte) (Record, error) {
	line = bytes.TrimRight(line, "\r\n")
	bad := func(at int, format string, args ...any) (Record, error) {
		return Record{}, &SyntaxError{Column: at + 1, Value: excerpt(line, at), Msg: fmt.Sprintf(format, args...)}
	}
	if !utf8.Valid(line) {
		i := 0
		for i < len(line) {
			r, n := utf8.DecodeRune(line[i:])
			if r == utf8.RuneError && n <= 1 {
				break
			}
			i += n
		}
		return bad(i, "not UTF-8")
	}
	d := json.NewDecoder(bytes.NewReader(line))
	d.UseNumber()
	var m map[string]any
	if err := d.Decode(&m); err != nil {
		at := int(d.InputOffset())
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			at = int(se.Offset) - 1
		case errors.As(err, &te):
			at = int(te.Offset) - 1
		case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
			at = len(line)
		}
		return bad(at, "not a JSON object (%v)", err)
	}
	if m == nil {
		return bad(0, "not a JSON object")
	}
	if rest := bytes.TrimSpace(line[d.InputOffset():]); len(rest) > 0 {
		return bad(int(d.InputOffset()), "more after the record")
	}
	str := func(key string) (string, error) {
		v, ok := m[key]
		if !ok {
			_, err := bad(0, "no %q", key)
			return "", err
		}
		s, ok := v.(string)
		if !ok {
			_, err := bad(keyAt(line, key), "%q is not a string", key)
			return "", err
		}
		delete(m, key)
		return s, nil
	}
	var r Record
	ts, err := str(logrus.FieldKeyTime)
	if err != nil {
		return Record{}, err
	}
	if r.Time, err = time.Parse(time.RFC3339Nano, ts); err != nil {
		return bad(keyAt(line, logrus.FieldKeyTime), "time %q is not RFC 3339", ts)
	}
	lv, err := str(logrus.FieldKeyLevel)
	if err != nil {
		return Record{}, err
	}
	if r.Level, err = logrus.ParseLevel(lv); err != nil {
		return bad(keyAt(line, logrus.FieldKeyLevel), "level %q is not a level", lv)
	}
	if r.Msg, err = str(logrus.FieldKeyMsg); err != nil {
		return Record{}, err
	}
	r.Fields = m
	return r, nil
}

// keyAt is where key's name begins in line, for an error's column.
func keyAt(line []byte, key string) int {
	return max(0, bytes.Index(line, []byte(strconv.Quote(key))))
}

// Format is the record on one line, for a reader: its local time (in
// loc), its level, its message and its fields by name.
func (r Record) Format(loc *time.Location) string {
	var b strings.Builder
	b.WriteString(r.Time.In(loc).Format("2006-01-02 15:04:05.000"))
	b.WriteByte(' ')
	fmt.Fprintf(&b, "%-5s ", strings.ToUpper(levelName(r.Level)))
	b.WriteString(oneLine(r.Msg))
	for _, k := range slices.Sorted(maps.Keys(r.Fields)) {
		b.WriteString("  ")
		b.WriteString(oneLine(k))
		b.WriteByte('=')
		b.WriteString(fieldText(r.Fields[k]))
	}
	return b.String()
}

func levelName(l logrus.Level) string {
	if l == logrus.WarnLevel {
		return "warn"
	}
	return l.String()
}

// oneLine keeps a record on its line: control characters are escaped.
func oneLine(s string) string {
	if strings.IndexFunc(s, func(r rune) bool { return r < ' ' || r == 0x7f }) < 0 {
		return s
	}
	q := strconv.Quote(s)
	return q[1 : len(q)-1]
}

// fieldText is a field's value as the reader sees it: a word as is, text
// with spaces quoted, anything else as compact JSON.
func fieldText(v any) string {
	switch x := v.(type) {
	case string:
		if x != "" && !strings.ContainsAny(x, " \t\"=") && oneLine(x) == x {
			return x
		}
		return strconv.Quote(x)
	case json.Number:
		return x.String()
	case nil:
		return "null"
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// Files are the log of the database at db and its rotated files that
// exist, oldest first: campaign.db.log.3 … .1, campaign.db.log.
func Files(db string) ([]string, error) {
	path := Path(db)
	old, err := filepath.Glob(globEscape(path) + ".*")
	if err != nil {
		return nil, err
	}
	type num struct {
		n    int
		path string
	}
	var ns []num
	for _, o := range old {
		if n, err := strconv.Atoi(strings.TrimPrefix(o, path+".")); err == nil && n > 0 {
			ns = append(ns, num{n, o})
		}
	}
	slices.SortFunc(ns, func(a, b num) int { return b.n - a.n })
	var files []string
	for _, n := range ns {
		files = append(files, n.path)
	}
	if _, err := os.Stat(path); err == nil {
		files = append(files, path)
	}
	return files, nil
}

// globEscape makes a path a glob of itself alone.
func globEscape(p string) string {
	var b strings.Builder
	for _, r := range p {
		if strings.ContainsRune(`*?[\`, r) && !(r == '\\' && filepath.Separator == '\\') {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Read reads the database's log, oldest file first, and hands each
// record at or after since to each. A line that is not a record (the
// last one cut short by a power cut, say) does not stop the reading: the
// lines are all read, and the errors come back together, joined, each a
// *LineError naming its file, line, column and what is there.
func Read(db string, since time.Time, each func(Record) error) error {
	files, err := Files(db)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return fmt.Errorf("%s: no flight log (a run on this database writes one)", Path(db))
	}
	var bad []error
	for _, name := range files {
		if err := readFile(name, since, each, &bad); err != nil {
			return err
		}
	}
	return errors.Join(bad...)
}

func readFile(name string, since time.Time, each func(Record) error, bad *[]error) error {
	return eachLine(name, func(n int, line []byte) error {
		r, err := ParseRecord(line)
		if err != nil {
			*bad = append(*bad, &LineError{File: name, Line: n, Err: err.(*SyntaxError)})
			return nil
		}
		if r.Time.Before(since) {
			return nil
		}
		return each(r)
	})
}

// eachLine calls each with every line of the file that is not blank,
// numbered from 1.
func eachLine(name string, each func(n int, line []byte) error) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), maxLine)
	for n := 1; sc.Scan(); n++ {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		if err := each(n, sc.Bytes()); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}
