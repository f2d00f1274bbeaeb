package main

import (
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"drawshow/flightlog"
)

// entryPeople reads every card number and name in the example's entry
// files and lists (semicolon or comma separated, a header row).
func entryPeople(t *testing.T, dir string) (cards, names []string) {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "entries", "*.csv"))
	lists, _ := filepath.Glob(filepath.Join(dir, "*.csv"))
	for _, f := range append(files, lists...) {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		r := csv.NewReader(strings.NewReader(string(b)))
		if strings.Count(strings.SplitN(string(b), "\n", 2)[0], ";") > 0 {
			r.Comma = ';'
		}
		rows, err := r.ReadAll()
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, row := range rows[1:] {
			for i, h := range rows[0] {
				h = strings.ToLower(h)
				switch {
				case h == "card" || strings.Contains(h, "id"):
					cards = append(cards, row[i])
				case strings.Contains(h, "name") || h == "nominee":
					names = append(names, row[i])
				}
			}
		}
	}
	if len(cards) < 100 || len(names) < 100 {
		t.Fatalf("read %d cards and %d names from %s: the test would prove nothing", len(cards), len(names), dir)
	}
	return cards, names
}

// TestFlightLogHoldsNoSecret runs the Saturday example to its close with
// the log on, with refusals that quote what was typed (a proxy's name
// with a bidirectional character, a card typed as a ticket, a bad line),
// then greps the log for the seed, every name and every card number of
// the entry files and lists: none may be there. The log must still hold
// what support needs: the start with the version, every line's action and
// result, the refusals, the stop.
func TestFlightLogHoldsNoSecret(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "campaign.db")
	acts, err := os.ReadFile(exampleActs)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(acts)), "\n")
	var script []string
	for _, l := range lines {
		if l == "proxy Sibusiso Mthembu" {
			// refused, and the refusal quotes it
			script = append(script, "proxy Sibusiso Mthembu\u202e id=8001015009087")
		}
		script = append(script, l)
	}
	script = append(script, "ticket 6001000347712782", "claim Pieter Mthembu", "proxy Busisiwe van der Merwe id=6001000881836553")
	actions := writeFile(t, dir, "actions.txt", strings.Join(script, "\n")+"\n")
	_, stderr, err := drawshow(t, "", runArgs(exampleShow, db, actions)...)
	if err == nil || !strings.Contains(stderr, "4 action(s) refused") {
		t.Fatalf("run: %v, want four refusals:\n%s", err, stderr)
	}
	b, err := os.ReadFile(flightlog.Path(db))
	if err != nil {
		t.Fatal(err)
	}
	log := string(b)
	lower := strings.ToLower(log)
	if strings.Contains(lower, strings.ToLower(testSeed)) {
		t.Errorf("the log holds the seed")
	}
	cards, names := entryPeople(t, filepath.Dir(exampleShow))
	for _, c := range cards {
		if c != "" && strings.Contains(log, c) {
			t.Errorf("the log holds card or ID number %s", c)
		}
	}
	for _, n := range append(names, "Sibusiso Mthembu\u202e") {
		if n != "" && strings.Contains(lower, strings.ToLower(n)) {
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
	count := func(msg, field, value string) int {
		n := 0
		for _, r := range recs {
			if r.Msg == msg && (field == "" || fieldIs(r, field, value)) {
				n++
			}
		}
		return n
	}
	if recs[0].Msg != "run started" || !fieldIs(recs[0], "version", "devel") || recs[0].Fields["os"] == nil || !fieldIs(recs[0], "fixed_seed", "true") {
		t.Errorf("first record %+v, want the start with version, OS and that a seed was fixed", recs[0])
	}
	if last := recs[len(recs)-1]; last.Msg != "run stopped, its failure told on the terminal" {
		t.Errorf("last record %+v, want the stop", last)
	}
	actionLines := 0
	for _, l := range script {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			actionLines++
		}
	}
	if got := count("action", "", "") + count("action refused", "", ""); got != actionLines {
		t.Errorf("%d action records, want one for each of the %d lines", got, actionLines)
	}
	if n := count("action refused", "", ""); n != 4 {
		t.Errorf("%d refusals logged, want 4", n)
	}
	if count("action", "outcome", "proxy") != 1 || count("action", "outcome", "no-show") != 1 || count("show opened", "", "") != 1 {
		t.Errorf("the proxy's and the no-show's picks, or the show's opening, are not in the log:\n%s", log)
	}
	if !strings.Contains(log, `"refusal":"sat-cash: the proxy \"…\" holds U+202E`) {
		t.Errorf("the proxy refusal is not there as the operator saw it, its name masked:\n%s", log)
	}

	out, stderr, err := drawshow(t, "", "log", "--db", db)
	if err != nil {
		t.Fatalf("log: %v\n%s", err, stderr)
	}
	printed := strings.Split(strings.TrimSpace(out), "\n")
	if len(printed) != len(recs) || !strings.Contains(printed[0], " INFO  run started  ") || !strings.Contains(out, " WARN  action refused  ") {
		t.Errorf("drawshow log printed %d lines for %d records:\n%s", len(printed), len(recs), out)
	}
	if out, _, err := drawshow(t, "", "log", "--db", db, "--since", time.Now().Add(time.Hour).Format("2006-01-02T15:04")); err != nil || out != "" {
		t.Errorf("log --since an hour ahead printed %q (%v), want nothing", out, err)
	}
	if _, _, err := drawshow(t, "", "log", "--db", db, "--since", "yesterday"); err == nil || !strings.Contains(err.Error(), `--since "yesterday"`) {
		t.Errorf("log --since yesterday: %v, want it refused by name", err)
	}
}

// fieldIs reports whether a record's field reads as value.
func fieldIs(r flightlog.Record, field, value string) bool {
	v, ok := r.Fields[field]
	if !ok {
		return false
	}
	switch x := v.(type) {
	case string:
		return x == value
	case interface{ String() string }:
		return x.String() == value
	case bool:
		return (x && value == "true") || (!x && value == "false")
	}
	return false
}

func TestParseSince(t *testing.T) {
	loc := time.FixedZone("SAST", 2*3600)
	now := time.Date(2026, 12, 1, 21, 30, 0, 0, loc)
	for _, c := range []struct {
		in   string
		want time.Time
	}{
		{"", time.Time{}},
		{"30m", now.Add(-30 * time.Minute)},
		{"20:15", time.Date(2026, 12, 1, 20, 15, 0, 0, loc)},
		{"2026-11-30T22:00", time.Date(2026, 11, 30, 22, 0, 0, 0, loc)},
		{"2026-11-30 22:00:05", time.Date(2026, 11, 30, 22, 0, 5, 0, loc)},
		{"2026-11-30T20:00:00Z", time.Date(2026, 11, 30, 20, 0, 0, 0, time.UTC)},
	} {
		got, err := parseSince(c.in, now)
		if err != nil || !got.Equal(c.want) {
			t.Errorf("parseSince(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
	if _, err := parseSince("-5m", now); err == nil ||
		err.Error() != `--since "-5m": give 2006-01-02T15:04, 15:04 (today), an RFC 3339 time or a duration ago (30m)` {
		t.Errorf("a negative duration: %v", err)
	}
}

// TestFlightLogFileProblems: a show refused for its files leaves each
// problem in the log by file, row and column, without the cell's value;
// a file not there yet, once the show opens, is a warning there too.
func TestFlightLogFileProblems(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFile(t, dir, "entries.csv", "Ticket,Card,Name,Tier\nT1,6001000347712782,Thabo Mokoena,Ace\nT2,6001000881836553,Zoe Botha,Nomvula Khumalo\nT1,6001000000000001,Sipho Nkosi,Ace\n")
	text := "promotion: Royal Flush\nproperty: Gold Reef City\nsegments:\n  - {id: cash, entries: entries.csv}\n  - {id: later, entries: later-export.csv}\n"
	showFile := writeFile(t, dir, "show.yaml", text)
	db := filepath.Join(dir, "campaign.db")
	entries := filepath.Join(dir, "entries.csv")
	if _, _, err := drawshow(t, "close\n", "run", showFile, "--db", db, "--headless", "--actions", "-", "--rehearsal"); err == nil || err.Error() != "the show names 1 file(s) that cannot be used:\n"+
		"  "+entries+` row 3, column "Tier": unknown tier "Nomvula Khumalo" (valid: ace, king, queen, jack, ten)`+"\n"+
		"  "+entries+` row 4, column "Ticket": ticket "T1" is already on row 2`+"\n"+
		"fix them (drawshow check shows the same), then open the show again: nothing was recorded" {
		t.Fatalf("a show with a broken entry file: %v", err)
	}
	b, err := os.ReadFile(flightlog.Path(db))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"Thabo", "Zoe", "Nomvula", "Sipho", "6001000347712782", "6001000881836553", "6001000000000001"} {
		if strings.Contains(string(b), s) {
			t.Errorf("the log holds %q:\n%s", s, b)
		}
	}
	// the show opens once the file is right; the later draw's export is
	// not there yet
	writeFile(t, dir, "entries.csv", "Ticket,Card,Name,Tier\nT1,6001000347712782,Thabo Mokoena,Ace\n")
	if _, stderr, err := drawshow(t, "skip its file comes later\nnext\nskip not tonight\nclose\n", "run", showFile, "--db", db, "--headless", "--actions", "-", "--rehearsal"); err != nil {
		t.Fatalf("run: %v\n%s", err, stderr)
	}
	b, _ = os.ReadFile(flightlog.Path(db))
	var problems []flightlog.Record
	flightlog.Read(db, time.Time{}, func(r flightlog.Record) error {
		if r.Msg == "file problem" {
			problems = append(problems, r)
		}
		return nil
	})
	var tier, dup, later bool
	for _, p := range problems {
		switch {
		case fieldIs(p, "row", "3") && fieldIs(p, "column", "Tier") && strings.HasSuffix(fmt.Sprint(p.Fields["file"]), "entries.csv"):
			tier = true
		case fieldIs(p, "row", "4") && strings.Contains(fmt.Sprint(p.Fields["problem"]), "is already on row 2"):
			dup = true
		case fieldIs(p, "missing", "true") && strings.Contains(fmt.Sprint(p.Fields["problem"]), "later-export.csv"):
			later = true
		}
	}
	if !tier || !dup || !later {
		t.Errorf("problems logged (tier %v, duplicate %v, later %v):\n%s", tier, dup, later, b)
	}
}
