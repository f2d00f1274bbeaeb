package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"drawshow/data/campaign"
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
	// an official show on its own seed, tonight on the machine's clock:
	// the script draws before the segments' times and waits in real
	// time, so it is cut to what is quick; refusals matter not here
	official := filepath.Join(copyDir(t, filepath.Dir(showFile)), "show.yaml")
	tonight(t, official, "2024-11-30")
	quick := filepath.Join(dir, "quick.txt")
	if err := os.WriteFile(quick, []byte("draw early\nclaim\ndraw early\nclaim\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	drawshow(t, "", "run", official, "--db", db, "--headless", "--actions", quick)
	date := today(t)

	stdout, stderr, err := drawshow(t, "", "shows", "--db", db)
	if err != nil {
		t.Fatalf("shows: %v\n%s", err, stderr)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if len(lines) != 4 || !regexp.MustCompile(`^SHOW +DATE +STATUS +DRAWS +WINNERS +CASH +IN KIND$`).MatchString(lines[0]) {
		t.Fatalf("shows:\n%s", stdout)
	}
	rehearsal := regexp.MustCompile(`^(\S+) +2024-11-30 +REHEARSAL, closed +3 +\d+ +R\S+ +\d+`).FindStringSubmatch(lines[1])
	off := regexp.MustCompile(`^(\S+) +` + date + ` +official, (open|closed) +\d +\d+ +R`).FindStringSubmatch(lines[2])
	if rehearsal == nil || off == nil || rehearsal[1] == off[1] {
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
	if !strings.Contains(stdout, "campaign report of 1 official show(s), "+date+" to "+date) {
		t.Errorf("report said %q", stdout)
	}
	for _, f := range []string{campaign.CampaignPDF, campaign.CampaignXLSX} {
		if fi, err := os.Stat(filepath.Join(out, f)); err != nil || fi.Size() == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}
	text, err := exec.Command("pdftotext", "-layout", filepath.Join(out, campaign.CampaignPDF), "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(text), off[1]+" ") || strings.Contains(string(text), rehearsal[1]+" ") {
		t.Errorf("campaign.pdf names %q: want the official %s and not the rehearsal %s", text, off[1], rehearsal[1])
	}
	if _, _, err := drawshow(t, "", "report", "--db", db, "--out", out); err == nil ||
		!strings.HasPrefix(err.Error(), "report needs --db FILE --out DIR and one of --campaign (the campaign's report), --letters") {
		t.Errorf("report without --campaign: %v", err)
	}
}
