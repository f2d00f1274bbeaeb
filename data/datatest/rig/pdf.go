package rig

import (
	"os/exec"
	"strings"
	"testing"
)

// PDFPages is the text of each page of a PDF, as pdftotext reads it,
// without the diagonal REHEARSAL watermark.
func PDFPages(t testing.TB, path string) []string {
	t.Helper()
	return PDFText(t, path, "-layout", "-nodiag")
}

// PDFText is the text of each page of a PDF as pdftotext reads it with
// flags, in UTF-8.
func PDFText(t testing.TB, path string, flags ...string) []string {
	t.Helper()
	out, err := exec.Command("pdftotext", append(append(flags, "-enc", "UTF-8"), path, "-")...).Output()
	if err != nil {
		t.Fatalf("pdftotext %s: %v", path, err)
	}
	return strings.Split(strings.TrimRight(string(out), "\f\n"), "\f")
}

// Squeeze folds runs of white space into one space.
func Squeeze(s string) string { return strings.Join(strings.Fields(s), " ") }
