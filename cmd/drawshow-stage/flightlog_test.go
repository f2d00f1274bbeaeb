//go:build unix

package main

import (
	"bufio"
	"context"
	"database/sql"
	"encoding/csv"
	"encoding/hex"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"drawshow/flightlog"
)

// crashPeople are the card and ID numbers and the names in the crash
// show's entry files and lists.
func crashPeople(t *testing.T) (numbers, names []string) {
	t.Helper()
	dir := filepath.Dir(crashShow)
	files, _ := filepath.Glob(filepath.Join(dir, "entries", "*.csv"))
	lists, _ := filepath.Glob(filepath.Join(dir, "*.csv"))
	for _, f := range append(files, lists...) {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		r := csv.NewReader(strings.NewReader(string(b)))
		if first, _, _ := strings.Cut(string(b), "\n"); strings.Contains(first, ";") {
			r.Comma = ';'
		}
		rows, err := r.ReadAll()
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, row := range rows[1:] {
			for i, h := range rows[0] {
				switch h = strings.ToLower(h); {
				case h == "card" || strings.Contains(h, "id"):
					numbers = append(numbers, row[i])
				case strings.Contains(h, "name") || h == "nominee":
					names = append(names, row[i])
				}
			}
		}
	}
	if len(numbers) < 100 || len(names) < 100 {
		t.Fatalf("%d numbers and %d names: the test would prove nothing", len(numbers), len(names))
	}
	return numbers, names
}

// TestStageFlightLog plays the crash show's first draw by itself on the
// stage, a console page connected, to the winner's reveal, and reads the
// log it leaves beside the database: the start with the display, the
// keys autoplay pressed with what they sent, each command's result, the
// console's page, the stop; and neither the show's seed (read from the
// database) nor any name or card or ID number of its files. It ends on a
// scene, not after a time: nothing here depends on the machine's speed.
func TestStageFlightLog(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		t.Skip("no X display: the stage needs one (make test runs it under xvfb-run)")
	}
	t.Parallel()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(t.TempDir(), "campaign.db")
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Minute) // a guard against a hang only
	defer cancel()
	cmd := exec.CommandContext(ctx, exe, "run", crashShow, "--db", db, "--rehearsal", "--autoplay", "--clock", "2024-11-30T21:30",
		"--exit-after-scene", "reveal", "--windowed", "--no-browser")
	cmd.Env = append(os.Environ(), childEnv+"=1", "DRAWSHOW_AUDIO=null", "GORACE="+strings.TrimSpace(os.Getenv("GORACE")+" atexit_sleep_ms=0"))
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 10 * time.Second
	errs, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var said strings.Builder
	sc := bufio.NewScanner(errs)
	for sc.Scan() {
		said.WriteString(sc.Text() + "\n")
		if m := consoleURL.FindStringSubmatch(sc.Text()); m != nil {
			// a page that reads the console's events, as a browser does
			req, _ := http.NewRequestWithContext(ctx, "GET", strings.Replace(m[1], "/?", "/events?", 1), nil)
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			go func() {
				b := bufio.NewScanner(res.Body)
				for b.Scan() {
				}
			}()
			break
		}
	}
	go func() {
		for sc.Scan() {
		}
	}()
	if err := cmd.Wait(); err != nil {
		t.Fatalf("the stage: %v\n%s", err, said.String())
	}

	b, err := os.ReadFile(flightlog.Path(db))
	if err != nil {
		t.Fatal(err)
	}
	log := string(b)
	s, err := sql.Open("sqlite3", "file:"+db+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var seed []byte
	if err := s.QueryRow("SELECT seed FROM secrets").Scan(&seed); err != nil || len(seed) != 32 {
		t.Fatalf("the show's seed: %v (%d bytes)", err, len(seed))
	}
	if strings.Contains(strings.ToLower(log), hex.EncodeToString(seed)) {
		t.Errorf("the log holds the seed")
	}
	numbers, names := crashPeople(t)
	for _, n := range numbers {
		if n != "" && strings.Contains(log, n) {
			t.Errorf("the log holds the number %s", n)
		}
	}
	for _, n := range names {
		if n != "" && strings.Contains(strings.ToLower(log), strings.ToLower(n)) {
			t.Errorf("the log holds the name %q", n)
		}
	}

	var recs []flightlog.Record
	if err := flightlog.Read(db, time.Time{}, func(r flightlog.Record) error {
		recs = append(recs, r)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	has := func(msg string, fields ...string) bool {
	next:
		for _, r := range recs {
			if r.Msg != msg {
				continue
			}
			for i := 0; i+1 < len(fields); i += 2 {
				if v, ok := r.Fields[fields[i]].(string); !ok || v != fields[i+1] {
					continue next
				}
			}
			return true
		}
		return false
	}
	for _, c := range []struct {
		msg    string
		fields []string
	}{
		{"run started", []string{"version", "devel", "command", "run"}},
		{"show opened", nil},
		{"display", []string{"display", "1920x1080"}},
		{"audio device", []string{"backend", "Null"}},
		{"console listening", nil},
		{"console page connected", nil},
		{"key", []string{"from", "autoplay", "field", "witness"}},
		{"key", []string{"from", "autoplay", "action", "next", "sent", "freeze"}},
		{"action", []string{"op", "freeze", "segment", "sat-cash"}},
		{"action", []string{"op", "pick", "events", "pick-drawn"}},
		{"action", []string{"op", "announce"}},
		{"run stopped", nil},
	} {
		if !has(c.msg, c.fields...) {
			t.Errorf("no %q record with %v in the log:\n%s", c.msg, c.fields, log)
		}
	}
	// the seed is the show's own: a winner on the decline register is
	// declined as the pick is announced, in the same action
	for _, r := range recs {
		if r.Msg == "action" && r.Fields["op"] == "announce" {
			if ev, _ := r.Fields["events"].(string); ev != "pick-announced" && ev != "pick-announced pick-decided" {
				t.Errorf("the announce's events %q, want pick-announced (and pick-decided for a winner on the register)", ev)
			}
		}
	}
	if recs[0].Msg != "run started" || recs[len(recs)-1].Msg != "run stopped" {
		t.Errorf("the log runs from %q to %q, want the start to the stop", recs[0].Msg, recs[len(recs)-1].Msg)
	}
}
