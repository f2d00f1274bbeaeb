package verify

import (
	"bytes"
	"slices"
	"testing"
	"time"

	"drawshow/data/internal/pdfpage"
)

// smallReport is a page or two as the report lays them out: the Go
// fonts, a header, a table's cells, the page count alias.
func smallReport(t testing.TB, compress bool, lines ...string) []byte {
	g := pdfpage.New("t", "s", time.Unix(0, 0))
	g.P.SetCompression(compress)
	g.P.SetFooterFunc(func() { g.RunningFoot("foot (a) \\ b", 0.7, true) })
	g.P.AddPage()
	g.H1("Draw report")
	for _, l := range lines {
		g.Text(l)
	}
	var out bytes.Buffer
	if err := g.P.Output(&out); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// TestReadPDFRuns: what fpdf escapes in a UTF-8 font's strings (a
// backslash, parentheses, a carriage return's byte in UTF-16) comes back
// as it was written, and the page count alias as the count.
func TestReadPDFRuns(t *testing.T) {
	t.Parallel()
	for _, compress := range []bool{true, false} {
		b := smallReport(t, compress, "Zoë (née) Ŝmith \\ R5\u00a0000", "Ж\u0d29\u290d\u5c0a")
		txt, err := ReadPDF(b)
		if err != nil {
			t.Fatal(err)
		}
		// Ж and the two no font has in the Go font, 尊 in Droid Sans
		// Fallback: one run all the same
		want := []string{"Draw report", "Zoë (née) Ŝmith \\ R5\u00a0000", "Ж\u0d29\u290d\u5c0a", "REHEARSAL - foot (a) \\ b", "page 1 of 1"}
		if len(txt.Pages) != 1 || !slices.Equal(txt.Pages[0], want) {
			t.Errorf("compressed %v: %q, want %q", compress, txt.Pages, want)
		}
	}
}

// FuzzReadPDF: a report.pdf an auditor is handed. Reading it never
// panics, and what it says held to a report's never does either.
func FuzzReadPDF(f *testing.F) {
	want := smallReport(f, true, "Chantelle Mahlangu R5 000 claimed")
	f.Add(want)
	f.Add(smallReport(f, false, "Forged Name R50 000 claimed", "(x) \\"))
	f.Add([]byte("%PDF-1.3\n1 0 obj <</Type /Pages /Kids [3 0 R]>> endobj\n3 0 obj <</Type /Page /Contents 4 0 R /Resources <</Font <</F1 5 0 R>>>>>> endobj\n" +
		"4 0 obj <</Length 30>> stream\nBT /F1 9 Tf (a\\051\\(b) Tj [(c) -5 <0041>] TJ ET BI /W 1 ID xx EI\nendstream endobj\n5 0 obj <</Type /Font /Subtype /Type0>> endobj\n" +
		"6 0 obj <</Type /Catalog /Pages 1 0 R>> endobj\ntrailer <</Root 6 0 R>>\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		if txt, err := ReadPDF(b); err == nil && txt == nil {
			t.Fatal("no text and no error")
		}
		for _, d := range reportText(b, want) {
			if d == "" {
				t.Fatal("an empty difference")
			}
		}
	})
}

// TestReadPDFMixedFonts: names printed in the Go font and the fallbacks,
// a run in each font, read as they are written: in a line of text, a
// table's cell, bold, and wrapped over lines.
func TestReadPDFMixedFonts(t *testing.T) {
	const cjk, click = "李小龍 Łukasz Żółć", "Ngũgĩ wa Thiong'o ǂKhomani"
	for _, compress := range []bool{true, false} {
		b := smallReport(t, compress, cjk, click, "Dear "+click+",")
		txt, err := ReadPDF(b)
		if err != nil {
			t.Fatal(err)
		}
		want := []string{"Draw report", cjk, click, "Dear " + click + ",", "REHEARSAL - foot (a) \\ b", "page 1 of 1"}
		if len(txt.Pages) != 1 || !slices.Equal(txt.Pages[0], want) {
			t.Errorf("compressed %v: %q, want %q", compress, txt.Pages, want)
		}
		if !slices.Contains(txt.Fonts, "utf8droid") || !slices.Contains(txt.Fonts, "utf8dejavu") {
			t.Errorf("fonts %v: no fallback", txt.Fonts)
		}
		// the words of the report, as an earlier release's is held to them
		w := words(normalized(txt.Pages), nil, nil)
		for _, word := range []string{"李小龍", "Żółć", "ǂKhomani", "Thiong'o"} {
			if !slices.Contains(w, word) {
				t.Errorf("compressed %v: no word %q in %q", compress, word, w)
			}
		}
	}
}

// TestReportBeforeFallbacks: a report laid out before the fallback fonts
// (the names in the Go font, as boxes) says what the fresh render says,
// and is told from it by its fonts; a report that needs no fallback, or
// has them, is not.
func TestReportBeforeFallbacks(t *testing.T) {
	const cjk, click = "李小龍 Łukasz Żółć", "Ngũgĩ wa Thiong'o ǂKhomani"
	now := smallReport(t, true, cjk, "Dear "+click+",")
	g := pdfpage.New("t", "s", time.Unix(0, 0))
	g.P.SetFooterFunc(func() { g.RunningFoot("foot (a) \\ b", 0.7, true) })
	g.P.AddPage()
	g.H1("Draw report")
	g.Font("", 9.5)
	for _, l := range []string{cjk, "Dear " + click + ","} {
		g.P.MultiCell(pdfpage.BodyW, 4.6, l, "", "L", false) // as before the fallbacks
	}
	var before bytes.Buffer
	if err := g.P.Output(&before); err != nil {
		t.Fatal(err)
	}
	if !beforeFallbacks(before.Bytes(), now) {
		t.Error("the report before the fallbacks is not told as such")
	}
	if d := reportText(before.Bytes(), now); len(d) > 0 {
		t.Errorf("it says other than the fresh render: %q", d)
	}
	if beforeFallbacks(now, now) {
		t.Error("a report with the fallbacks is taken for one before them")
	}
	plain := smallReport(t, true, "Zoë")
	if beforeFallbacks(plain, plain) {
		t.Error("a report that needs no fallback is taken for one before them")
	}
}
