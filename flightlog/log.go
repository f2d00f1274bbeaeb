// Package flightlog is drawshow's flight log: what the program saw during
// a run, for the promotions team and support when something odd happens
// at 21h30. Each run writes JSON lines (logrus) beside its database,
// campaign.db.log, rotated by size into campaign.db.log.1, .2, ….
//
// The journal in the database stays the record of the show; the log is
// for diagnosis only: it may lose a line (a full queue drops and counts,
// a power cut loses what was not yet written) and it is never read back
// by the show. It holds no seed, no full name and no card number.
//
// Records are queued and written from the log's own goroutine, so that
// logging never holds up the stage's frame: a caller never waits, not
// for the disk, not for a lock the writer holds.
package flightlog

import (
	"crypto/rand"
	"encoding/hex"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sirupsen/logrus"
)

// Fields are a record's details, by name.
type Fields = logrus.Fields

// Suffix names a database's log: campaign.db.log.
const Suffix = ".log"

// Path is the log of the database at db.
func Path(db string) string { return db + Suffix }

// Defaults of Config.
const (
	DefaultMaxSize = 4 << 20 // bytes a file holds before it is rotated
	DefaultKeep    = 3       // rotated files kept: .1 to .3
	DefaultQueue   = 1024    // records queued for the writer
)

// Config is how a log is kept.
type Config struct {
	MaxSize int64    // 0: DefaultMaxSize
	Keep    int      // 0: DefaultKeep; negative: none
	Queue   int      // 0: DefaultQueue
	Secrets []string // never written (the seed in hex); Log.Secret adds more
}

// Log is an open flight log. Its methods are safe for concurrent use and
// never block; a nil *Log logs nothing, so a run whose log could not be
// opened goes on without one.
type Log struct {
	out     io.WriteCloser
	lg      *logrus.Logger
	red     *Redactor
	dropped atomic.Int64
	started time.Time
	run     string // on every record: two runs on one database do not interleave

	mu     sync.RWMutex // held for writing only by Close
	closed bool
	q      chan record
	done   chan struct{}
}

// record is one queued line: its time is the caller's, not the writer's.
type record struct {
	at      time.Time
	level   logrus.Level
	msg     string
	fields  Fields
	secrets []string
}

// Open opens (or goes on with) the log at path, rotated as cfg says.
func Open(path string, cfg Config) (*Log, error) {
	if cfg.MaxSize <= 0 {
		cfg.MaxSize = DefaultMaxSize
	}
	switch {
	case cfg.Keep == 0:
		cfg.Keep = DefaultKeep
	case cfg.Keep < 0:
		cfg.Keep = 0
	}
	r, err := openRotator(path, cfg.MaxSize, cfg.Keep)
	if err != nil {
		return nil, err
	}
	return start(r, cfg), nil
}

// start runs the log's writer over out.
func start(out io.WriteCloser, cfg Config) *Log {
	if cfg.Queue <= 0 {
		cfg.Queue = DefaultQueue
	}
	lg := logrus.New()
	lg.SetOutput(out)
	lg.SetLevel(logrus.DebugLevel)
	lg.SetFormatter(&logrus.JSONFormatter{TimestampFormat: TimeFormat, DisableHTMLEscape: true})
	l := &Log{out: out, lg: lg, red: &Redactor{}, q: make(chan record, cfg.Queue), done: make(chan struct{}), started: time.Now(), run: newRunID()}
	l.red.Add(cfg.Secrets...)
	go l.write()
	return l
}

// TimeFormat is how a record's time is written: to the millisecond, with
// the zone it was written in.
const TimeFormat = "2006-01-02T15:04:05.000Z07:00"

func (l *Log) write() {
	defer close(l.done)
	for r := range l.q {
		f := make(Fields, len(r.fields)+1)
		for k, v := range r.fields {
			f[k] = l.red.Value(v, r.secrets...)
		}
		f[RunField] = l.run
		l.lg.WithTime(r.at).WithFields(f).Log(r.level, l.red.String(r.msg, r.secrets...))
	}
}

// RunField is the field every record carries: its run's id.
const RunField = "run"

// newRunID is a run's id: eight hex digits, random, the first a letter:
// eight decimal digits would be taken for a card number and redacted
// where a record names the run (the crash record's crashed_run).
func newRunID() string {
	b := make([]byte, 4)
	rand.Read(b)
	id := []byte(hex.EncodeToString(b))
	if id[0] <= '9' {
		id[0] = 'a' + (id[0]-'0')%6
	}
	return string(id)
}

// Run is this log's run id, as every record of it carries it.
func (l *Log) Run() string {
	if l == nil {
		return ""
	}
	return l.run
}

// Secret makes the log replace s wherever it appears from now on (the
// seed in hex, once known).
func (l *Log) Secret(s ...string) {
	if l != nil {
		l.red.Add(s...)
	}
}

// Info logs what happened as it should.
func (l *Log) Info(msg string, f Fields) { l.emit(logrus.InfoLevel, msg, f, nil) }

// Warn logs what the operator should know of: a refusal, a file problem,
// a clock step, a hitch.
func (l *Log) Warn(msg string, f Fields) { l.emit(logrus.WarnLevel, msg, f, nil) }

// Error logs what went wrong: the run stopped on it, or a part failed.
func (l *Log) Error(msg string, f Fields) { l.emit(logrus.ErrorLevel, msg, f, nil) }

// Private logs at level with secrets of its own: what was typed for the
// action it reports (a proxy's name), taken out of msg and every field.
func (l *Log) Private(level logrus.Level, msg string, f Fields, secrets ...string) {
	l.emit(level, msg, f, secrets)
}

// emit queues a record, or counts it dropped when the queue is full: the
// caller never waits.
func (l *Log) emit(level logrus.Level, msg string, f Fields, secrets []string) {
	if l == nil {
		return
	}
	r := record{at: time.Now(), level: level, msg: msg, fields: f, secrets: secrets}
	l.mu.RLock()
	defer l.mu.RUnlock()
	if l.closed {
		return
	}
	select {
	case l.q <- r:
	default:
		l.dropped.Add(1)
	}
}

// Dropped is how many records were dropped so far, the queue full.
func (l *Log) Dropped() int64 {
	if l == nil {
		return 0
	}
	return l.dropped.Load()
}

// Close writes what is queued and, if any record was dropped, a record
// saying how many; then it closes the file. Later records are not
// written. Calling it again does nothing.
func (l *Log) Close() error {
	if l == nil {
		return nil
	}
	l.mu.Lock()
	if l.closed {
		l.mu.Unlock()
		return nil
	}
	l.closed = true
	close(l.q)
	l.mu.Unlock()
	<-l.done
	if n := l.dropped.Load(); n > 0 {
		l.lg.WithFields(Fields{"dropped": n}).Warn("records dropped: the writer fell behind")
	}
	return l.out.Close()
}
