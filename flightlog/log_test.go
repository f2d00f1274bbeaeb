package flightlog

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sirupsen/logrus"
)

// gate is a writer that holds its first write until opened: the log's
// writer stuck on a slow disk.
type gate struct {
	mu      sync.Mutex
	buf     bytes.Buffer
	entered chan struct{}
	open    chan struct{}
	once    sync.Once
}

func (g *gate) Write(p []byte) (int, error) {
	g.once.Do(func() {
		close(g.entered)
		<-g.open
	})
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.buf.Write(p)
}

func (g *gate) Close() error { return nil }

// TestFullQueueDropsAndCounts: with the writer stuck, a caller never
// waits: what the queue cannot hold is dropped and counted, and the count
// is written once the writer catches up.
func TestFullQueueDropsAndCounts(t *testing.T) {
	g := &gate{entered: make(chan struct{}), open: make(chan struct{})}
	l := start(g, Config{Queue: 2})
	l.Info("first", nil)
	<-g.entered // the writer holds "first" and waits on the disk
	for i := range 5 {
		l.Info("more", Fields{"i": i}) // two are queued, three dropped
	}
	if n := l.Dropped(); n != 3 {
		t.Fatalf("dropped %d, want 3", n)
	}
	close(g.open)
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	l.Info("after close", nil) // neither written nor a panic
	lines := strings.Split(strings.TrimSpace(g.buf.String()), "\n")
	if len(lines) != 4 {
		t.Fatalf("%d lines, want first, two more and the count:\n%s", len(lines), g.buf.String())
	}
	last, err := ParseRecord([]byte(lines[3]))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(last.Msg, "dropped") || last.Fields["dropped"].(interface{ String() string }).String() != "3" {
		t.Fatalf("last record %+v, want the count of 3 dropped", last)
	}
}

// TestNilLogLogsNothing: a run whose log did not open goes on.
func TestNilLogLogsNothing(t *testing.T) {
	var l *Log
	l.Info("x", nil)
	l.Secret("abc")
	if l.Dropped() != 0 || l.Close() != nil {
		t.Fatal("a nil log did something")
	}
}

// TestRecordsKeepTheCallersTime: a record is stamped when it is logged,
// not when the writer gets to it.
func TestRecordsKeepTheCallersTime(t *testing.T) {
	g := &gate{entered: make(chan struct{}), open: make(chan struct{})}
	l := start(g, Config{})
	l.Info("held", nil)
	<-g.entered
	before := time.Now()
	l.Info("second", nil)
	after := time.Now()
	close(g.open)
	l.Close()
	lines := strings.Split(strings.TrimSpace(g.buf.String()), "\n")
	r, err := ParseRecord([]byte(lines[1]))
	if err != nil {
		t.Fatal(err)
	}
	if r.Time.Before(before.Truncate(time.Millisecond)) || r.Time.After(after) {
		t.Fatalf("second stamped %v, logged between %v and %v", r.Time, before, after)
	}
}

// TestSecretsNeverWritten: a secret the log was told of, and what an
// action typed, are replaced in the message and in every field.
func TestSecretsNeverWritten(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.db.log")
	seed := "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
	l, err := Open(path, Config{Secrets: []string{seed}})
	if err != nil {
		t.Fatal(err)
	}
	l.Info("seed "+strings.ToUpper(seed), Fields{"arg": "--seed=" + seed, "list": []string{seed}})
	l.Private(logrus.WarnLevel, "the proxy \"Thabo Mokoena\" holds U+202E", Fields{"refusal": "thabo mokoena stood already"}, "Thabo Mokoena")
	l.Close()
	b, _ := os.ReadFile(path)
	for _, s := range []string{seed, strings.ToUpper(seed), "Thabo", "thabo"} {
		if bytes.Contains(b, []byte(s)) {
			t.Errorf("the log holds %q:\n%s", s, b)
		}
	}
	if c := bytes.Count(b, []byte(Redacted)); c != 5 {
		t.Errorf("%d redactions, want 5:\n%s", c, b)
	}
}

// BenchmarkInfo is what the game loop pays for a record: queueing it,
// its fields made, against the yardstick of the map of fields alone.
func BenchmarkInfo(b *testing.B) {
	l, err := Open(filepath.Join(b.TempDir(), "b.db.log"), Config{})
	if err != nil {
		b.Fatal(err)
	}
	defer l.Close()
	var sink Fields
	b.Run("fields", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			sink = Fields{"from": "keyboard", "key": "PageDown", "action": "next", "scene": "intro", "i": i}
		}
	})
	b.Run("info", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			l.Info("key", Fields{"from": "keyboard", "key": "PageDown", "action": "next", "scene": "intro", "i": i})
		}
		b.ReportMetric(float64(l.Dropped()), "dropped")
	})
	_ = sink
}

func TestBuildSaysTheSystem(t *testing.T) {
	f := Build("v1.2.3")
	if f["version"] != "v1.2.3" || f["os"] == "" || f["go"] == "" {
		t.Fatalf("build fields %v", f)
	}
	if r, _ := f["os_release"].(string); runtime.GOOS == "linux" && !strings.Contains(r, "Linux ") {
		t.Fatalf("os_release %q, want the kernel's release at least", r)
	}
	if Build("")["version"] == "" {
		t.Fatal("no version without one given")
	}
}
