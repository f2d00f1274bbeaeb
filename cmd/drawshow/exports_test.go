package main

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"drawshow/data/record"
)

// TestExportArchiveStatementExample runs the Saturday example, then the
// three commands of the auditor and the desks on its database.
func TestExportArchiveStatementExample(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "campaign.db")
	if _, stderr, err := drawshow(t, "", runArgs(exampleShow, db, exampleActs)...); err != nil {
		t.Fatalf("run: %v\n%s", err, stderr)
	}
	journal := readJournal(t, db)

	out := filepath.Join(dir, "export")
	stdout, stderr, err := drawshow(t, "", "export", "--db", db, "--out", out)
	if err != nil {
		t.Fatalf("export: %v\n%s", err, stderr)
	}
	for _, want := range []string{"files: record.json, winners.csv, winners.xlsx, report.pdf, collection.csv, sms-contacts.csv and 3 bin(s) in bins/",
		"REHEARSAL: this show is a rehearsal, never an official result", record.OpenTheWorkbook} {
		if !strings.Contains(stdout, want) {
			t.Errorf("export does not say %q:\n%s", want, stdout)
		}
	}
	for _, f := range []string{record.RecordFile, record.WinnersCSV, record.WinnersXLSX, record.ReportPDF, record.CollectionFile} {
		if st, err := os.Stat(filepath.Join(out, f)); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}
	var rec record.Record
	b, _ := os.ReadFile(filepath.Join(out, record.RecordFile))
	if err := json.Unmarshal(b, &rec); err != nil {
		t.Fatal(err)
	}
	picks := 0
	for _, d := range rec.Draws {
		picks += len(d.Picks)
	}

	zipPath := filepath.Join(dir, "saturday.zip")
	stdout, stderr, err = drawshow(t, "", "archive", "--db", db, "--out", zipPath)
	if err != nil {
		t.Fatalf("archive: %v\n%s", err, stderr)
	}
	if want := fmt.Sprintf("archived show %s: %d draw(s), %d pick(s), the export, a copy of the database and SHA256SUMS to %s", rec.Show.ID, len(rec.Draws), picks, zipPath); !strings.Contains(stdout, want) {
		t.Errorf("archive said %q, want %q", stdout, want)
	}
	stdout, stderr, err = drawshow(t, "", "verify", zipPath)
	for _, want := range []string{
		fmt.Sprintf("archive OK: %d file(s) match SHA256SUMS", 10+len(rec.Draws)),
		fmt.Sprintf("record OK: %d draw(s), %d pick(s) re-derived", len(rec.Draws), picks),
		fmt.Sprintf("database copy OK: journal of %d events, head %s", len(journal), headOf(journal)),
	} {
		if err != nil || !strings.Contains(stdout, want) {
			t.Errorf("verify %s: %v, does not say %q\n%s%s", zipPath, err, want, stdout, stderr)
		}
	}

	// the statement of a winner of the cash draw
	var winner record.RecordPick
	for _, p := range rec.Draws[0].Picks {
		if p.Outcome == "claimed" {
			winner = p
			break
		}
	}
	stdout, stderr, err = drawshow(t, "", "statement", "--db", db, "--card", winner.Participant)
	if err != nil {
		t.Fatalf("statement: %v\n%s", err, stderr)
	}
	for _, want := range []string{
		"Entry statement for card " + winner.Participant,
		"OFFICIAL DRAWS\n  None: the card is in no entry file of an official show in this database.",
		"REHEARSALS - not official results",
		"REHEARSAL Royal Flush, Gold Reef City: show " + rec.Show.ID,
		"Saturday Cash Draw (sat-cash), scheduled 2024-11-30 21:30",
		"Fingerprint: " + rec.Draws[0].Fingerprint,
		fmt.Sprintf("picked as pick %d at ", winner.K+1),
		"ticket " + winner.Ticket + ": claimed in person; prize R5 000",
		"not eligible: barred (the card had already won in this show: win once a day)",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("statement does not say %q:\n%s", want, stdout)
		}
	}
	if _, _, err := drawshow(t, "", "statement", "--db", db, "--card", "0000"); err == nil || !strings.Contains(err.Error(), "card 0000 is in no entry file of the 1 show(s)") {
		t.Errorf("statement of an unknown card: %v", err)
	}
}

func TestVerifyTamperedArchive(t *testing.T) {
	t.Parallel()
	db, _ := closedExport(t)
	zipPath := filepath.Join(t.TempDir(), "a.zip")
	if _, stderr, err := drawshow(t, "", "archive", "--db", db, "--out", zipPath); err != nil {
		t.Fatalf("archive: %v\n%s", err, stderr)
	}
	zr, err := zip.OpenReader(zipPath)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	changed := ""
	for _, f := range zr.File {
		rc, _ := f.Open()
		b, _ := io.ReadAll(rc)
		rc.Close()
		if changed == "" && strings.Contains(f.Name, "/bins/") {
			b = bytes.Replace(b, []byte(",1\n"), []byte(",2\n"), 1)
			changed = f.Name[strings.Index(f.Name, "bins/"):]
		}
		w, _ := zw.Create(f.Name)
		w.Write(b)
	}
	zw.Close()
	bad := filepath.Join(t.TempDir(), "tampered.zip")
	if err := os.WriteFile(bad, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	wantMismatches(t, []string{"verify", bad}, changed+": SHA-256 is ", "the file was changed", "the bin file has fingerprint ")
}

func TestExportCommandArguments(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "none.db")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"archive", "--db", db}, "archive needs --db FILE and --out FILE.zip"},
		{[]string{"archive", "--db", db, "--out", filepath.Join(dir, "a.tar")}, "name it FILE.zip"},
		{[]string{"archive", "--db", db, "--out", filepath.Join(dir, "a.zip")}, "no campaign database"},
		{[]string{"statement", "--db", db}, "statement needs --db FILE and --card NUMBER"},
		{[]string{"statement", "--db", db, "--card", "1234"}, "no campaign database"},
		{[]string{"verify", filepath.Join(dir, "missing.zip")}, "no such file"},
	} {
		if _, _, err := drawshow(t, "", tc.args...); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want an error saying %q", tc.args, err, tc.want)
		}
		if _, err := os.Stat(db); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%v left a database behind", tc.args)
		}
	}
	if stdout, _, err := drawshow(t, "", "help"); err != nil || !strings.Contains(stdout, "drawshow archive --db FILE") || !strings.Contains(stdout, "drawshow statement --db FILE --card NUMBER") {
		t.Errorf("help: %v\n%s", err, stdout)
	}
}
