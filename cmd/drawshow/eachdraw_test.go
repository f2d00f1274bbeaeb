package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"drawshow/data/record"
)

// TestEachDrawShowToClose runs the crash test's show with witness
// each-draw, headless to close: each segment's first draw freezes its bin
// and waits, the auditor's draw witness follows, and the export verifies,
// every pick derived again from its segment's W_d.
func TestEachDrawShowToClose(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	src := filepath.Dir(crashShow)
	if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	showPath := filepath.Join(dir, filepath.Base(crashShow))
	text, err := os.ReadFile(showPath)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(showPath, []byte(strings.Replace(string(text), "claim_seconds: 90\n", "claim_seconds: 90\nwitness: each-draw\n", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	actions, err := os.ReadFile(crashActions)
	if err != nil {
		t.Fatal(err)
	}
	// the first draw of each segment: freeze, the auditor's dice, draw
	var lines []string
	first, seg := true, 0
	for _, l := range strings.Split(string(actions), "\n") {
		lines = append(lines, l)
		switch strings.TrimSpace(l) {
		case "draw":
			if first {
				seg++
				lines = append(lines, "witness dice "+strconv.Itoa(seg*111), "draw")
				first = false
			}
		case "next":
			first = true
		}
	}
	actPath := filepath.Join(dir, "each-draw.txt")
	if err := os.WriteFile(actPath, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "campaign.db")
	stdout, stderr, err := drawshow(t, "", runArgs(showPath, db, actPath)...)
	if err != nil {
		t.Fatalf("run: %v\n%s", err, stderr)
	}
	if n := strings.Count(stderr, "the draw witness is awaited"); n != seg {
		t.Errorf("the run said %d times that a draw witness is awaited, want %d:\n%s", n, seg, stderr)
	}
	if n := strings.Count(stdout, `"kind":"draw-witness-given"`); n != seg {
		t.Errorf("%d draw witnesses recorded, want %d", n, seg)
	}
	out := filepath.Join(dir, "export")
	if _, stderr, err := drawshow(t, "", "export", "--db", db, "--out", out); err != nil {
		t.Fatalf("export: %v\n%s", err, stderr)
	}
	if stdout, stderr, err := drawshow(t, "", "verify", out); err != nil || !strings.Contains(stdout, "record OK") {
		t.Fatalf("verify: %v\n%s%s", err, stdout, stderr)
	}
	var rec record.Record
	b, _ := os.ReadFile(filepath.Join(out, record.RecordFile))
	if err := json.Unmarshal(b, &rec); err != nil {
		t.Fatal(err)
	}
	if rec.Show.WitnessMode != "each-draw" || rec.Show.SeedSource != "fixed (rehearsal)" { // runArgs fixes the seed of a rehearsal
		t.Errorf("record.json show: %+v", rec.Show)
	}
	for i, d := range rec.Draws {
		if want := "dice " + strconv.Itoa((i+1)*111); d.DrawWitness == nil || *d.DrawWitness != want {
			t.Errorf("draw %s: draw witness %v, want %q", d.ID, d.DrawWitness, want)
		}
	}
	if stdout, stderr, err := drawshow(t, "", "verify", "--db", db); err != nil {
		t.Fatalf("verify --db: %v\n%s%s", err, stdout, stderr)
	}
	// the auditor's note of the room's dice holds the record: the draw
	// witness the record holds, and no other (issue 43: the room rolled
	// "3 5", the record says "6 6")
	seg1 := rec.Draws[0].ID
	for _, where := range [][]string{{out}, {"--db", db}} {
		args := append([]string{"verify"}, where...)
		if stdout, stderr, err := drawshow(t, "", append(args, "--draw-witness", seg1+":dice 111")...); err != nil {
			t.Errorf("verify %v with the noted draw witness: %v\n%s%s", where, err, stdout, stderr)
		}
		stdout, _, err := drawshow(t, "", append(args, "--draw-witness", seg1+":dice 112")...)
		if err == nil || !strings.Contains(stdout, `MISMATCH: draw witness of `+seg1+`: the auditor noted "dice 112", the record holds "dice 111"`) {
			t.Errorf("verify %v with another draw witness: %v\n%s", where, err, stdout)
		}
		stdout, _, err = drawshow(t, "", append(args, "--draw-witness", "no-such-draw:dice 111")...)
		if err == nil || !strings.Contains(stdout, "the record holds no draw witness of no-such-draw") {
			t.Errorf("verify %v with a draw witness of no draw: %v\n%s", where, err, stdout)
		}
	}
}
