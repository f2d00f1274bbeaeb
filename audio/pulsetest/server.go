// Package pulsetest runs a PulseAudio server of a test's own, on a null
// sink whose monitor the test records: the sound tests play through a
// real sound server, as the show does on a laptop, and check what came
// out of it.
//
// Each server lives in the test's temporary folder (its runtime path,
// state and cookie), is started with -n (no default configuration) and
// --daemonize=no as the test's child, and is killed when the test ends.
// The test's environment (t.Setenv, so children inherit it) points
// libpulse (the player's malgo backend, pactl, parecord) at it, and at
// nothing else.
package pulsetest

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// SinkName is the null sink every server starts with, as the show's
// --audio-device names it.
const SinkName = "show"

// Server is a running PulseAudio.
type Server struct {
	t      testing.TB
	cmd    *exec.Cmd
	dir    string
	Socket string // the native protocol's socket
	log    *logBuffer
	exited chan struct{}
}

// logBuffer collects what the server and the recorders say, each from
// its own copying goroutine.
type logBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// Available says why no server can be started here, or "".
func Available() string {
	for _, tool := range []string{"pulseaudio", "pactl", "parecord"} {
		if _, err := exec.LookPath(tool); err != nil {
			return tool + " is not installed (Debian: pulseaudio pulseaudio-utils; make deps)"
		}
	}
	return ""
}

// Start runs a server for the test with one null sink, SinkName, and
// points the test's environment at it. Without PulseAudio installed the
// test is skipped, except under CI, where make deps installs it and its
// absence is a failure; with -short (make check), or built with -race, it
// is skipped: make test runs these tests on their own, without -race
// (make sound), as real-time sound needs.
func Start(t testing.TB) *Server {
	t.Helper()
	if testing.Short() {
		t.Skip("a test through a sound server: not in -short (make check); make test runs it")
	}
	if raced {
		t.Skip("a test through a sound server: not under -race, which slows the sound threads past real time; make test runs it alone without (make sound)")
	}
	if why := Available(); why != "" {
		if ci := os.Getenv("CI"); ci != "" && ci != "false" {
			t.Fatal(why)
		}
		t.Skip(why)
	}
	dir := shortTempDir(t)
	env := map[string]string{
		"XDG_RUNTIME_DIR":    dir,
		"PULSE_RUNTIME_PATH": filepath.Join(dir, "pulse"),
		"PULSE_STATE_PATH":   filepath.Join(dir, "state"),
		"XDG_CONFIG_HOME":    filepath.Join(dir, "config"),
	}
	socket := filepath.Join(dir, "pulse", "native")
	env["PULSE_SERVER"] = "unix:" + socket
	for k, v := range env {
		t.Setenv(k, v)
	}
	// the player would otherwise go to the null device under CI
	t.Setenv("CI", "")
	t.Setenv("DRAWSHOW_AUDIO", "")

	s := &Server{t: t, dir: dir, Socket: socket, log: &logBuffer{}, exited: make(chan struct{})}
	s.cmd = exec.Command("pulseaudio", "--daemonize=no", "-n", "--exit-idle-time=-1",
		"--use-pid-file=no", "--log-target=stderr", "--log-level="+logLevel(),
		// Without shared memory: PulseAudio 16's memblock import can abort
		// the server when a client's pool goes (CI's run of 88fa860 died on
		// "Assertion 'pa_atomic_load(&b->pool->stat.n_imported) > 0'").
		// Over the socket, the samples are the same and no pool is shared.
		"--disable-shm=yes",
		"--load=module-native-protocol-unix",
		"--load=module-null-sink sink_name="+SinkName)
	s.cmd.Env = os.Environ() // the t.Setenv above included
	s.cmd.Stdout, s.cmd.Stderr = s.log, s.log
	if err := s.cmd.Start(); err != nil {
		t.Fatalf("pulseaudio: %v", err)
	}
	go func() {
		s.cmd.Wait()
		close(s.exited)
	}()
	t.Cleanup(s.stop)
	s.waitReady()
	return s
}

// shortTempDir is the test's own folder, short enough for a socket path
// (108 bytes on Linux) whatever the test's name.
func shortTempDir(t testing.TB) string {
	dir := t.TempDir()
	if len(dir) < 70 {
		return dir
	}
	d, err := os.MkdirTemp("", "pa")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(d) })
	return d
}

// waitReady waits until the server answers on its socket: the socket is
// there and pactl gets the sink. It polls a condition, however long the
// machine takes, and fails only if the server exits or a minute passes.
func (s *Server) waitReady() {
	s.t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		select {
		case <-s.exited:
			s.t.Fatalf("pulseaudio exited at start:\n%s", s.log)
		default:
		}
		if _, err := os.Stat(s.Socket); err == nil {
			if out, err := s.pactl("list", "short", "sinks"); err == nil && strings.Contains(out, SinkName) {
				return
			}
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("pulseaudio did not come up in a minute:\n%s", s.log)
		}
		time.Sleep(10 * time.Millisecond) // a poll, not a wait for a fixed time
	}
}

func (s *Server) stop() {
	if s.cmd.Process == nil {
		return
	}
	s.cmd.Process.Kill()
	<-s.exited
}

// Log is what the server said so far.
func (s *Server) Log() string { return s.log.String() }

func (s *Server) pactl(args ...string) (string, error) {
	cmd := exec.Command("pactl", args...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return out.String(), fmt.Errorf("pactl %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(errb.String()))
	}
	return out.String(), nil
}

// Pactl runs pactl on the server and returns its output, failing the
// test on an error.
func (s *Server) Pactl(args ...string) string {
	s.t.Helper()
	out, err := s.pactl(args...)
	if err != nil {
		s.t.Fatal(err)
	}
	return out
}

// LoadSink adds a null sink named name and returns its module's index.
func (s *Server) LoadSink(name string) int {
	s.t.Helper()
	out := s.Pactl("load-module", "module-null-sink", "sink_name="+name)
	n, err := strconv.Atoi(strings.TrimSpace(out))
	if err != nil {
		s.t.Fatalf("load-module: %q", out)
	}
	return n
}

// UnloadSink removes the null sink named name (its module), as a sound
// card unplugged would vanish.
func (s *Server) UnloadSink(name string) {
	s.t.Helper()
	mod, err := s.sinkModule(name)
	if err != nil {
		s.t.Fatal(err)
	}
	s.Pactl("unload-module", strconv.Itoa(mod))
}

// sinkModule finds the module that made the sink.
func (s *Server) sinkModule(name string) (int, error) {
	out, err := s.pactl("list", "short", "modules")
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(out, "\n") {
		f := strings.Split(line, "\t")
		if len(f) >= 3 && f[1] == "module-null-sink" && strings.Contains(" "+f[2]+" ", " sink_name="+name+" ") {
			return strconv.Atoi(f[0])
		}
	}
	return 0, errors.New("no null sink " + name + " loaded:\n" + out)
}

// SetDefaultSink makes the sink the server's default.
func (s *Server) SetDefaultSink(name string) {
	s.t.Helper()
	s.Pactl("set-default-sink", name)
}

// Pid is the server's process id.
func (s *Server) Pid() int { return s.cmd.Process.Pid }

func logLevel() string {
	if l := os.Getenv("PULSETEST_LOG"); l != "" {
		return l
	}
	return "notice"
}
