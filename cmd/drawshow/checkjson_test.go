package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"drawshow/cmd/internal/cli"
)

// TestCheckJSON: check --json says what check's text says, as data: the
// same findings (one for each line the text prints of a problem, a file
// not there or a warning, each as the text prints it), the table's
// figures and the notes, and the same exit status; stdout is one
// document of the documented shape and nothing else, and stderr is empty.
func TestCheckJSON(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	broken := writeFile(t, dir, "broken/show.yaml", `promotion: Broken Night
property: Gold Reef City
exclusions: exclusions.csv
register: register.csv
segments:
  - id: bad
    title: Bad rows
    entries: entries/bad.csv
    winners: 1
  - id: many
    title: More than fifty bad rows
    entries: entries/many.csv
    winners: 1
  - id: later
    title: A later draw's export, not there yet
    entries: entries/later.csv
    winners: 1
  - id: good
    title: Fine, but the exclusions match nobody
    entries: entries/good.csv
    tickets: points
    points_per_ticket: 100
    winners: 2
  - id: words
    kind: slide
    title: Between the draws
    body: Good luck
`)
	bad := writeFile(t, dir, "broken/entries/bad.csv", "Ticket No,Card,Name,Tier\n"+
		"T1,6001,Zoë Dlamini,Ace\n"+
		"T1,6002,Sipho Nkosi,King\n"+ // row 3: the ticket again
		"T2,,Thandi Botha,Queen\n") // row 4: no card
	var many strings.Builder
	many.WriteString("Ticket,Card,Tier\n")
	for i := range 55 {
		fmt.Fprintf(&many, "T%02d,60%02d,Joker\n", i, i)
	}
	writeFile(t, dir, "broken/entries/many.csv", many.String())
	writeFile(t, dir, "broken/entries/good.csv", "Card,Name,Tier,Points\n7001,Zoë Dlamini,Ace,1000\n7002,Sipho Nkosi,King,250\n")
	writeFile(t, dir, "broken/exclusions.csv", "Card\n12345\n")

	badShow := writeFile(t, dir, "showfile/show.yaml", "promotion: Broken\nsegments:\n  - id: Not An ID\n    winners: -1\n    colour: red\n")

	// a bonus jackpot whose excluded device no row has: a warning among
	// the notes
	b, err := os.ReadFile(filepath.Join(examplesDir, "bonus-jackpot", "show.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	warned := writeFile(t, dir, "warned/show.yaml", strings.Replace(string(b), "S3017]", "S3O17]", 1))
	for _, f := range []string{"exclusions.csv", "entries/raps-2024-11-20.csv"} {
		b, err := os.ReadFile(filepath.Join(examplesDir, "bonus-jackpot", f))
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, dir, "warned/"+f, string(b))
	}

	shows := []string{broken, badShow, warned, filepath.Join(dir, "nothing-here.yaml")}
	for _, ex := range []string{"saturday", "royal-flush-month-end", "grand-finale", "jackpot-chest", "prive-slots-challenge"} {
		shows = append(shows, filepath.Join(examplesDir, ex, "show.yaml"))
	}
	reports := map[string]*checkReport{}
	for _, path := range shows {
		stdout, stderr, textErr := drawshow(t, "", "check", path)
		jsonOut, jsonErrOut, jsonErr := drawshow(t, "", "check", "--json", path)
		if jsonErrOut != "" {
			t.Errorf("%s: check --json wrote to stderr: %q", path, jsonErrOut)
		}
		if (textErr == nil) != (jsonErr == nil) || (jsonErr != nil && !errors.Is(jsonErr, cli.ErrQuiet)) {
			t.Errorf("%s: check says %v, check --json %v", path, textErr, jsonErr)
		}
		dec := json.NewDecoder(strings.NewReader(jsonOut))
		dec.DisallowUnknownFields()
		var r checkReport
		if err := dec.Decode(&r); err != nil {
			t.Fatalf("%s: check --json printed what is not its document: %v\n%s", path, err, jsonOut)
		}
		if dec.More() {
			t.Errorf("%s: more than one document", path)
		}
		reports[path] = &r
		if r.Format != checkFormat || r.Show != path || r.OK != (textErr == nil) || r.Findings == nil || r.Segments == nil {
			t.Errorf("%s: format %q, show %q, ok %v (check's error: %v), findings %v, segments %v", path, r.Format, r.Show, r.OK, textErr, r.Findings, r.Segments)
		}

		// the findings: every line of the text's problems, files not
		// there and warnings, and no other
		var want []string
		for _, l := range strings.Split(stderr, "\n") {
			if l = strings.TrimSpace(l); l != "" && !strings.HasSuffix(l, "file(s) with problems: nothing was imported") {
				want = append(want, l)
			}
		}
		if textErr != nil && !errors.Is(textErr, cli.ErrQuiet) {
			for i, l := range strings.Split(textErr.Error(), "\n") {
				if i == 0 && strings.HasSuffix(l, "problem(s):") {
					continue // the show file's heading: "PATH: N problem(s):"
				}
				want = append(want, strings.TrimSpace(l))
			}
		}
		for _, l := range strings.Split(stdout, "\n") {
			if strings.Contains(l, ": WARNING: ") {
				want = append(want, l)
			}
		}
		var got []string
		for _, f := range r.Findings {
			got = append(got, f.Text)
			if !slices.Contains([]string{"error", "missing", "warning"}, f.Level) || f.Message == "" || !strings.Contains(f.Text, f.Message) {
				t.Errorf("%s: finding %+v", path, f)
			}
		}
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%s: check --json's findings\n  %s\nthe text's\n  %s", path, strings.Join(got, "\n  "), strings.Join(want, "\n  "))
		}

		// the table's figures and the notes under it
		if textErr != nil && !errors.Is(textErr, cli.ErrQuiet) {
			continue // the show file could not be read: no table
		}
		table := checkTable(t, stdout)
		var notes []string
		for _, s := range r.Segments {
			if s.Bin != nil {
				want := segmentCounts{s.Bin.Rows, s.Bin.Participants, s.Bin.Excluded, s.Bin.Eligible, s.Bin.Tickets, s.Winners}
				if table[s.ID] != want || s.Status != "bin" {
					t.Errorf("%s: segment %s (%s) in JSON %+v, in the table %+v", path, s.ID, s.Status, want, table[s.ID])
				}
				delete(table, s.ID)
			}
			for _, n := range s.Notes {
				notes = append(notes, s.ID+": "+n)
			}
		}
		if len(table) > 0 {
			t.Errorf("%s: segments in the table and not in JSON: %v", path, table)
		}
		var textNotes []string
		for _, l := range strings.Split(stdout, "\n") {
			if slices.ContainsFunc(r.Segments, func(s checkSegment) bool { return strings.HasPrefix(l, s.ID+": ") }) && !strings.Contains(l, ": WARNING: ") {
				textNotes = append(textNotes, l)
			}
		}
		if !slices.Equal(notes, textNotes) {
			t.Errorf("%s: notes in JSON\n  %s\nin the text\n  %s", path, strings.Join(notes, "\n  "), strings.Join(textNotes, "\n  "))
		}
	}

	// what a script or an editor needs is in fields, not only in words
	r := reports[broken]
	has := func(what string, ok func(f checkFinding) bool) {
		t.Helper()
		if !slices.ContainsFunc(r.Findings, ok) {
			t.Errorf("no finding of %s among\n%+v", what, r.Findings)
		}
	}
	has("bad.csv's row 3", func(f checkFinding) bool {
		return f.Level == "error" && f.File == bad && f.Row == 3 && f.Column == "Ticket No" && f.Message == `ticket "T1" is already on row 2`
	})
	has("many.csv's errors past the 50 listed", func(f checkFinding) bool {
		return f.Level == "error" && strings.HasSuffix(f.File, "many.csv") && f.Message == "and 5 more errors (55 in all)"
	})
	has("the later draw's file", func(f checkFinding) bool {
		return f.Level == "missing" && f.Segment == "later" && f.File == filepath.Join(dir, "broken", "entries", "later.csv")
	})
	has("the decline register", func(f checkFinding) bool {
		return f.Level == "missing" && f.File == filepath.Join(dir, "broken", "register.csv")
	})
	has("the exclusions that match nobody", func(f checkFinding) bool {
		return f.Level == "warning" && strings.HasSuffix(f.File, "exclusions.csv")
	})
	status := map[string]string{}
	for _, s := range r.Segments {
		status[s.ID] = s.Status
	}
	if want := map[string]string{"bad": "error", "many": "error", "later": "missing", "good": "bin", "words": "slide"}; !maps.Equal(status, want) {
		t.Errorf("statuses %v, want %v", status, want)
	}
	if l := r.Lists; l == nil || l.Exclusions != 1 || len(l.Matches) == 0 || l.Matches[0] != (checkMatch{List: "exclusions", File: "exclusions.csv", Cards: 1}) {
		t.Errorf("lists %+v", l)
	}
	r = reports[badShow]
	has("the show file's lines", func(f checkFinding) bool { return f.Level == "error" && f.File == badShow && f.Line == 3 })
	r = reports[warned]
	has("the misspelt device", func(f checkFinding) bool {
		return f.Level == "warning" && f.Segment == "bonus-jackpot" && strings.HasPrefix(f.Message, `excluded device "S3O17" is on no row`)
	})
}
