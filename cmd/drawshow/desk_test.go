package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"drawshow/data/session"
	"drawshow/data/store"
	"drawshow/show"
)

// TestDeskCommands: drawshow desk lists what the prize desk owes of an
// official show, records a collection and a contact, refuses a second
// collection and a winner present naming the show, the draw and the
// pick, expires what is past its last day (naming it first with
// --dry-run), lists week by week, and verify --db holds the desk's rows
// to the show.
func TestDeskCommands(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "campaign.db")
	officialNight2024(t, db)

	out, stderr, err := drawshow(t, "", "desk", "list", "--db", db, "--at", "2024-12-01T12:00")
	if err != nil {
		t.Fatalf("desk list: %v\n%s", err, stderr)
	}
	due := regexp.MustCompile(`(?m)^(\S+) +(\S+) +(\d+) +(\S+) +(.+?) {2,}\S.*2024-12-15 +due`).FindAllStringSubmatch(out, -1)
	if len(due) < 2 || !strings.Contains(out, "as of 2024-12-01 12:00: ") {
		t.Fatalf("desk list:\n%s\nwant at least two prizes due", out)
	}
	id, draw, pick, name := due[0][1], due[0][2], due[0][3], strings.TrimSpace(due[0][5])
	desk := func(args ...string) (string, error) {
		t.Helper()
		out, stderr, err := drawshow(t, "", append([]string{"desk", args[0], "--db", db}, args[1:]...)...)
		return out + stderr, err
	}
	if out, err := desk("collect", "--show", id, "--draw", draw, "--pick", pick, "--by", name, "--id", "8501015009087", "--at", "2024-12-02T10:00"); err != nil ||
		!strings.Contains(out, "recorded: show "+id+", draw "+draw+", pick "+pick) {
		t.Fatalf("desk collect: %v\n%s", err, out)
	}
	_, err = desk("collect", "--show", id, "--draw", draw, "--pick", pick, "--by", name, "--id", "8501015009087", "--at", "2024-12-03T10:00")
	if err == nil || !strings.Contains(err.Error(), "show "+id+", draw "+draw+", pick "+pick) || !strings.Contains(err.Error(), "already collected, on 2024-12-02 10:00 by "+name) {
		t.Errorf("a second collection: %v", err)
	}
	if out, err := desk("contact", "--show", id, "--draw", due[1][2], "--pick", due[1][3], "--by", "Thandi", "--how", "a call", "--at", "2024-12-01T09:00"); err != nil {
		t.Errorf("desk contact: %v\n%s", err, out)
	}
	if _, err := desk("collect", "--show", id, "--draw", "nosuch", "--pick", "1", "--by", "X", "--id", "1"); err == nil || !strings.Contains(err.Error(), "has no draw nosuch") {
		t.Errorf("a draw not in the show: %v", err)
	}
	out, err = desk("expire", "--at", "2024-12-16T00:00", "--dry-run")
	lapsed := len(due) - 1
	if err != nil || strings.Count(out, "past its last day (2024-12-15)") != lapsed || !strings.Contains(out, "nothing recorded") {
		t.Errorf("expire --dry-run: %v\n%s", err, out)
	}
	if out, err := desk("expire", "--at", "2024-12-16T00:00"); err != nil || !strings.Contains(out, "recorded: ") {
		t.Errorf("expire: %v\n%s", err, out)
	}
	out, err = desk("list", "--week")
	if err != nil || !regexp.MustCompile(`(?m)^2024-W48 +2024-11-25 +2024-12-01 +\d+ +R.* 1 +0 +R0 +\d+ +R.* 1$`).MatchString(out) {
		t.Errorf("desk list --week: %v\n%s", err, out)
	}
	if out, stderr, err := drawshow(t, "", "verify", "--db", db); err != nil || !strings.Contains(out, "journal OK") {
		t.Errorf("verify --db: %v\n%s%s", err, out, stderr)
	}
}

// officialNight2024 plays the Saturday example as an official show on its
// own night, 30 November 2024, on db: two winners in absence and three
// who claim, a draw skipped, two winners who need not be present. An
// official show opens only on its night by the machine's clock, so it is
// played here, the machine's clock the show's; the desk's commands then
// run on it as the team's would.
func officialNight2024(t *testing.T, db string) {
	t.Helper()
	path := filepath.Join(examplesDir, "saturday", "show.yaml")
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sh, err := show.Parse(path, text)
	if err != nil {
		t.Fatal(err)
	}
	d, err := store.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	at, err := show.ParseLocal(testClock, sh.Location)
	if err != nil {
		t.Fatal(err)
	}
	clock := func() time.Time { return at }
	ss, err := session.Open(d, sh, text, session.Options{NoWitness: true, Clock: clock, Wall: clock})
	if err != nil {
		t.Fatal(err)
	}
	skip := false // the line after a draw whose winner the register declined
	for _, line := range []string{
		"draw early", "decline paper register p.2, checked by Thandi", "draw early", "decline paper register p.3, checked by Thandi",
		"draw early", "claim", "draw early", "claim", "draw early", "claim", "next",
		"skip not tonight", "next", "draw early", "draw early", "close"} {
		at = at.Add(20 * time.Second)
		if skip {
			// an official show's draws are random: this draw's winner had
			// declined on the register before, and was declined at once
			skip = false
			continue
		}
		c, _, err := show.ParseAction(line)
		if err != nil {
			t.Fatal(err)
		}
		evs, err := ss.Do(c, nil)
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		skip = line == "draw early" && registerDeclined(evs)
	}
}

// registerDeclined reports whether evs decide a pick as declined on the
// decline register, without a word from the host.
func registerDeclined(evs []show.Event) bool {
	for _, e := range evs {
		if e.Kind == show.PickDecided && e.Pick != nil && e.Pick.By == "register" {
			return true
		}
	}
	return false
}
