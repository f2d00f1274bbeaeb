package main

import (
	"bytes"
	"encoding/csv"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"drawshow/data/record"
	"drawshow/data/verify"
)

// The names of issue 40, which report.pdf printed as □□□ and □Khomani.
const (
	nameCJK   = "李小龍 Łukasz Żółć"
	nameClick = "Ngũgĩ wa Thiong'o ǂKhomani"
)

// namedShow is the crash show in a folder of its own, each entry's name
// set by rename(card, row) (row from 1, below the header).
func namedShow(t *testing.T, rename func(card string, row int) string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Dir(crashShow))); err != nil {
		t.Fatal(err)
	}
	for _, f := range []struct {
		name  string
		comma rune
	}{{"entries/saturday.csv", ','}, {"entries/points.csv", ';'}} {
		path := filepath.Join(dir, f.name)
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		r := csv.NewReader(bytes.NewReader(b))
		r.Comma = f.comma
		rows, err := r.ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		card, name := slices.Index(rows[0], "Card"), slices.Index(rows[0], "Name")
		for i, row := range rows[1:] {
			row[name] = rename(row[card], i+1)
		}
		var out bytes.Buffer
		w := csv.NewWriter(&out)
		w.Comma = f.comma
		if err := w.WriteAll(rows); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(dir, "show.yaml")
}

// byCard names a card one of the two names, the same on every row.
func byCard(card string, _ int) string {
	if (card[len(card)-1]-'0')%2 == 0 {
		return nameCJK
	}
	return nameClick
}

// A show whose entry files hold the two names: report.pdf and the
// winners' letters embed the fallbacks and read the names exactly, the
// statement says them, check has nothing to warn of, and the export
// verifies (the report rendered again is the same file).
func TestNamesInThePDFs(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("no pdftotext (poppler-utils: make deps)")
	}
	sh := namedShow(t, byCard)
	stdout, stderr, err := drawshow(t, "", "check", sh)
	if err != nil || strings.Contains(stdout+stderr, "cannot print") {
		t.Fatalf("check: %v\n%s%s", err, stdout, stderr)
	}
	dir := t.TempDir()
	db, out, letters := filepath.Join(dir, "campaign.db"), filepath.Join(dir, "export"), filepath.Join(dir, "letters")
	if _, stderr, err := drawshow(t, "", runArgs(sh, db, crashActions)...); err != nil {
		t.Fatalf("run: %v\n%s", err, stderr)
	}
	if _, stderr, err := drawshow(t, "", "export", "--db", db, "--out", out); err != nil {
		t.Fatalf("export: %v\n%s", err, stderr)
	}
	if _, stderr, err := drawshow(t, "", "report", "--db", db, "--out", letters, "--letters"); err != nil {
		t.Fatalf("report --letters: %v\n%s", err, stderr)
	}
	if stdout, stderr, err := drawshow(t, "", "verify", out); err != nil {
		t.Fatalf("verify: %v\n%s%s", err, stdout, stderr)
	}
	pdfs := []string{filepath.Join(out, record.ReportPDF)}
	ls, _ := filepath.Glob(filepath.Join(letters, "letter-*.pdf"))
	if len(ls) == 0 {
		t.Fatal("no letter written")
	}
	pdfs = append(pdfs, ls...)
	seen := map[string]bool{}
	for _, p := range pdfs {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		txt, err := verify.ReadPDF(b)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		text, err := exec.Command("pdftotext", "-enc", "UTF-8", p, "-").Output()
		if err != nil {
			t.Fatalf("pdftotext %s: %v", p, err)
		}
		var runs []string
		for _, pg := range txt.Pages {
			runs = append(runs, pg...)
		}
		for _, n := range []string{nameCJK, nameClick} {
			if !strings.Contains(string(text), n) {
				continue
			}
			seen[n] = true
			font := map[string]string{nameCJK: "utf8droid", nameClick: "utf8dejavu"}[n]
			if !slices.Contains(txt.Fonts, font) {
				t.Errorf("%s prints %q without %s: fonts %v", filepath.Base(p), n, font, txt.Fonts)
			}
			if !slices.ContainsFunc(runs, func(r string) bool { return strings.Contains(r, n) }) {
				t.Errorf("%s: verify's reader does not read %q in one run: %q", filepath.Base(p), n, runs)
			}
		}
		if strings.HasPrefix(filepath.Base(p), "letter-") && !strings.Contains(string(text), "Dear "+nameCJK+",") && !strings.Contains(string(text), "Dear "+nameClick+",") {
			t.Errorf("%s is not addressed to either name:\n%s", filepath.Base(p), text)
		}
	}
	if !seen[nameCJK] || !seen[nameClick] {
		t.Errorf("the PDFs print only %v of the two names", seen)
	}
	// the statement (text, not a PDF) of a card of each name
	for card, n := range map[string]string{"6001000347712782": nameCJK, "6001000881836553": nameClick} {
		stdout, stderr, err := drawshow(t, "", "statement", "--db", db, "--card", card)
		if err != nil {
			t.Fatalf("statement: %v\n%s", err, stderr)
		}
		if !strings.Contains(stdout, n) {
			t.Errorf("the statement of card %s does not name %q:\n%s", card, n, stdout)
		}
	}
}

// check warns of a name with a character no font of the PDFs has,
// naming the file, row, column, value and the characters, and passes.
func TestCheckNamesUnprintable(t *testing.T) {
	t.Parallel()
	sh := namedShow(t, func(card string, row int) string {
		if row == 3 {
			return "Zoë 😀 \U00020000 " + nameCJK
		}
		return byCard(card, row)
	})
	stdout, stderr, err := drawshow(t, "", "check", sh)
	if err != nil {
		t.Fatalf("check fails on a warning: %v\n%s%s", err, stdout, stderr)
	}
	for _, file := range []string{"entries/saturday.csv row 4", "entries/points.csv row 4"} {
		want := file + `, column Name, value "Zoë 😀 𠀀 ` + nameCJK + `": the PDFs (the report, the winners' letters, the sheet) cannot print 😀 (U+1F600), 𠀀 (U+20000)`
		if !strings.Contains(stdout, want) {
			t.Errorf("check does not say %q:\n%s%s", want, stdout, stderr)
		}
	}
	if strings.Count(stdout, "cannot print") != 2*2 { // each file is two segments' entries
		t.Errorf("check warns of other rows:\n%s", stdout)
	}
}
