package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"drawshow/data/record"
)

// TestShowsAndCampaignReport: shows lists a rehearsal and an official
// show of one database with their ids, dates, status and totals; report
// --campaign writes the official show alone into campaign.pdf and
// campaign.xlsx.
func TestShowsAndCampaignReport(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "campaign.db")
	showFile := filepath.Join(examplesDir, "saturday", "show.yaml")
	actions := filepath.Join(examplesDir, "saturday", "actions.txt")
	if _, stderr, err := drawshow(t, "", runArgs(showFile, db, actions)...); err != nil {
		t.Fatalf("rehearsal: %v\n%s", err, stderr)
	}
	// an official show on its own seed: the script's claims may be refused, which matters not here
	drawshow(t, "", "run", showFile, "--db", db, "--headless", "--actions", actions, "--clock", testClock)

	stdout, stderr, err := drawshow(t, "", "shows", "--db", db)
	if err != nil {
		t.Fatalf("shows: %v\n%s", err, stderr)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if len(lines) != 4 || !regexp.MustCompile(`^SHOW +DATE +STATUS +DRAWS +WINNERS +CASH +IN KIND$`).MatchString(lines[0]) {
		t.Fatalf("shows:\n%s", stdout)
	}
	rehearsal := regexp.MustCompile(`^(\S+) +2024-11-30 +REHEARSAL, closed +3 +\d+ +R\S+ +\d+`).FindStringSubmatch(lines[1])
	official := regexp.MustCompile(`^(\S+) +2024-11-30 +official, (open|closed) +\d +\d+ +R`).FindStringSubmatch(lines[2])
	if rehearsal == nil || official == nil || rehearsal[1] == official[1] {
		t.Fatalf("shows:\n%s\nwant the rehearsal, then the official show", stdout)
	}
	if !strings.HasPrefix(lines[3], "2 show(s): 1 official, 1 rehearsal(s); the official shows paid ") {
		t.Errorf("shows ends %q", lines[3])
	}

	out := filepath.Join(dir, "campaign")
	stdout, stderr, err = drawshow(t, "", "report", "--db", db, "--campaign", "--out", out)
	if err != nil {
		t.Fatalf("report: %v\n%s", err, stderr)
	}
	if !strings.Contains(stdout, "campaign report of 1 official show(s), 2024-11-30 to 2024-11-30") {
		t.Errorf("report said %q", stdout)
	}
	for _, f := range []string{record.CampaignPDF, record.CampaignXLSX} {
		if fi, err := os.Stat(filepath.Join(out, f)); err != nil || fi.Size() == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}
	text, err := exec.Command("pdftotext", "-layout", filepath.Join(out, record.CampaignPDF), "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(text), official[1]+" ") || strings.Contains(string(text), rehearsal[1]+" ") {
		t.Errorf("campaign.pdf names %q: want the official %s and not the rehearsal %s", text, official[1], rehearsal[1])
	}
	if _, _, err := drawshow(t, "", "report", "--db", db, "--out", out); err == nil ||
		err.Error() != "report needs --db FILE --campaign --out DIR (a show's own report is the report.pdf of drawshow export)" {
		t.Errorf("report without --campaign: %v", err)
	}
}
