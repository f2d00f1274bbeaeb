package paper

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// sheetText is the text of a PDF as pdftotext -layout reads it, without
// the rehearsal's diagonal watermark, each line trimmed and its runs of
// spaces made one.
func sheetText(t *testing.T, path string) string {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Fatal("pdftotext is not installed: the sheet cannot be read back (apt-get install poppler-utils, or make deps)")
	}
	out, err := exec.Command("pdftotext", "-layout", "-nodiag", "-enc", "UTF-8", path, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext %s: %v", path, err)
	}
	lines := strings.Split(string(out), "\n")
	for i, l := range lines {
		lines[i] = strings.Join(strings.Fields(l), " ")
	}
	return strings.Join(lines, "\n")
}

func testSheet(rehearsal bool) Sheet {
	loc, err := time.LoadLocation("Africa/Johannesburg")
	if err != nil {
		panic(err)
	}
	at := time.Date(2024, 11, 30, 21, 30, 0, 0, loc)
	s := Sheet{
		ShowID: "summer-festivo-2024-11-30", Promotion: "Summer Festivo Prize Splash", Property: "Montecasino",
		Date: at, Location: loc, OpenedAt: at.Add(-2 * time.Hour), Rehearsal: rehearsal, Algorithm: "drawshow-v1",
		Commitment:  "f97aa6534016057a0123456789abcdef0123456789abcdeffedcba9876543210",
		WitnessMode: "each-draw", Witness: "Zoë 7741",
		ShowFile: SheetFile{Name: "show.yaml", Size: 2048, SHA256: strings.Repeat("ab", 32)},
		Files: []SheetFile{
			{Name: "lists/exclusions.csv", Uses: []string{"exclusions (whole show)"}, Size: 1234567, SHA256: strings.Repeat("01", 32)},
			{Name: "entries/late.xlsx", Uses: []string{"entries of late"}, Absent: NotPresent},
		},
	}
	for i := range 40 { // more than a page
		s.Segments = append(s.Segments, SheetSegment{
			ID: fmt.Sprintf("draw-%02d", i), Title: fmt.Sprintf("Draw %d — Ğüñţĥér", i), Kind: "draw",
			At: at.Add(time.Duration(i) * 10 * time.Minute), Winners: 1 + i%3, Prizes: "R5 000 each",
		})
	}
	s.Segments = append(s.Segments, SheetSegment{ID: "loop", Title: "Welcome", Kind: "slide"})
	return s
}

func TestWriteSheet(t *testing.T) {
	t.Parallel()
	for _, rehearsal := range []bool{false, true} {
		t.Run(fmt.Sprint("rehearsal=", rehearsal), func(t *testing.T) {
			dir := t.TempDir()
			s := testSheet(rehearsal)
			path := filepath.Join(dir, "sheet.pdf")
			if err := WriteSheetPDF(path, s); err != nil {
				t.Fatal(err)
			}
			text := sheetText(t, path)
			want := []string{
				"Pre-show sheet", "Summer Festivo Prize Splash, Montecasino", "Saturday 30 November 2024, Africa/Johannesburg",
				"Show summer-festivo-2024-11-30", "Seed 32 bytes from crypto/rand", "Opened 2024-11-30 19:30:00 (Africa/Johannesburg)",
				"Witness mode each-draw: besides W", "Witness W Zoë 7741",
				"Commitment C " + s.Commitment,
				"f97a a653 4016 057a 0123 4567 89ab cdef", "0123 4567 89ab cdef fedc ba98 7654 3210",
				"show.yaml 2 048 bytes", "SHA-256 " + strings.Repeat("ab", 32),
				"lists/exclusions.csv 1 234 567 bytes", "exclusions (whole show)", "SHA-256 " + strings.Repeat("01", 32),
				"entries/late.xlsx", "SHA-256 " + NotPresent,
				"draw-00 Draw 0 — Ğüñţĥér draw 2024-11-30 21:30 1 R5 000 each",
				"draw-39 Draw 39 — Ğüñţĥér draw 2024-12-01 04:00 1 R5 000 each",
				"loop Welcome slide not scheduled -",
				"Independent auditor", "Promotions manager", "Name Signature Date",
				"page 1 of 3", "page 3 of 3",
			}
			if rehearsal {
				want = append(want, "\nREHEARSAL\n", "REHEARSAL - NOT AN OFFICIAL RESULT", "never an official result")
			} else {
				want = append(want, "\nOFFICIAL\n", "OFFICIAL SHOW")
			}
			for _, w := range want {
				if !strings.Contains(text, w) {
					t.Errorf("the sheet lacks %q", w)
				}
			}
			other := []string{"\nREHEARSAL\n", "REHEARSAL -"}
			if rehearsal {
				other = []string{"\nOFFICIAL\n", "OFFICIAL SHOW", "is official"}
			}
			for _, w := range other {
				if strings.Contains(text, w) {
					t.Errorf("rehearsal %v, and the sheet says %q", rehearsal, w)
				}
			}
			if strings.Count(text, "Name Signature Date") != 2 {
				t.Errorf("want two signature lines:\n%s", text)
			}
			if strings.Contains(text, "Printed after the first draw began") {
				t.Error("a sheet printed before the first draw says it was printed after it")
			}
			if t.Failed() {
				t.Logf("the sheet reads:\n%s", text)
			}

			// the same sheet, the same bytes
			again := filepath.Join(dir, "again.pdf")
			if err := WriteSheetPDF(again, s); err != nil {
				t.Fatal(err)
			}
			a, _ := os.ReadFile(path)
			b, _ := os.ReadFile(again)
			if !bytes.Equal(a, b) {
				t.Error("the same sheet written twice differs")
			}
			if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) > 0 {
				t.Errorf("left beside the sheet: %v", left)
			}
		})
	}
}

func TestWriteSheetLate(t *testing.T) {
	t.Parallel()
	s := testSheet(false)
	s.Late, s.WitnessMode, s.Witness, s.FixedSeed = "the bin of draw-00 was frozen at 2024-11-30 21:31:02", "", "", true
	path := filepath.Join(t.TempDir(), "sheet.pdf")
	if err := WriteSheetPDF(path, s); err != nil {
		t.Fatal(err)
	}
	text := sheetText(t, path)
	for _, w := range []string{"Printed after the first draw began (the bin of draw-00 was frozen at 2024-11-30 21:31:02)", "Witness W none given yet",
		"Seed fixed with --seed, not drawn at random"} {
		if !strings.Contains(strings.Join(strings.Fields(text), " "), w) {
			t.Errorf("the sheet lacks %q:\n%s", w, text)
		}
	}
	if strings.Contains(text, "Witness mode") {
		t.Error("a sheet with no witness mode prints one")
	}
}

func TestGroup4(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"": "", "abc": "abc", "abcd": "abcd", "abcdef": "abcd ef", "0123456789abcdef": "0123 4567 89ab cdef"} {
		if got := Group4(in); got != want {
			t.Errorf("Group4(%q) = %q, want %q", in, got, want)
		}
	}
}

// The sheet prints the auditor's key the show file names, whole, so the
// auditor signs under the key they hold.
func TestSheetPrintsAuditorKey(t *testing.T) {
	s := testSheet(false)
	s.AuditorKey = "auditor+23bd3e32+RF0ltbi4yQPMPqp83KKjMicB28lCcPVL0XeQJYmXuk1pdqoz/moWrPNUEwL6Mj3k9QocizJB2j++005NnwnjV3w="
	path := filepath.Join(t.TempDir(), "sheet.pdf")
	if err := WriteSheetPDF(path, s); err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(sheetText(t, path)), "")
	if !strings.Contains(text, "Auditor'skey"+s.AuditorKey) {
		t.Errorf("the sheet does not print the auditor's key %s whole:\n%s", s.AuditorKey, sheetText(t, path))
	}
}
