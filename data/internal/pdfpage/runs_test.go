package pdfpage_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"drawshow/data/internal/pdfpage"
	"drawshow/data/internal/pdfpage/pdftest"
)

// The names of issue 40, which printed as □□□ and □Khomani.
const (
	nameCJK   = "李小龍 Łukasz Żółć"
	nameClick = "Ngũgĩ wa Thiong'o ǂKhomani"
)

// page lays out text with every method of the page: headings, text,
// label and value, a table with a bold column, running head and foot.
func page(g pdfpage.Page, a, b string) {
	g.P.AddPage()
	g.RunningHead(a, b)
	g.H1(a)
	g.H2(b)
	g.Text("Dear " + a + ", you and " + b + " won.")
	g.KV(a, b, false)
	g.KV("Name", a+" and "+b+" "+strings.Repeat(b+" ", 4), false)
	cols := []pdfpage.Col{{Title: "Name", W: 30, Align: "L"}, {Title: "Other", W: 24, Align: "R"}, {Title: "Centred", W: 40, Align: "C"}}
	g.TableHeader(cols)
	g.TableRow(cols, []string{a, b, a + " " + b}, func(i int) bool { return i == 1 })
	g.TableRow(cols, []string{strings.Repeat(a+" ", 30), b, "x"}, func(int) bool { return false })
	g.RunningFoot(a+" "+b, 0.7, false)
}

func render(t *testing.T, a, b string, compress bool) []byte {
	t.Helper()
	g := pdfpage.New("t "+a, "s "+b, time.Unix(1700000000, 0))
	g.P.SetCompression(compress)
	page(g, a, b)
	var buf bytes.Buffer
	if err := g.P.Output(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// Text the Go fonts print gets no fallback font: its document is as it
// was before them.
func TestNoFallbackWithoutNeed(t *testing.T) {
	b := render(t, "Zoë Ναταλία Наталья O'Brien-Ñúñez", "R5\u00a0000 — “quoted”…", true)
	p, err := pdftest.Read(b)
	if err != nil {
		t.Fatal(err)
	}
	for f := range p.Chars {
		if !strings.HasPrefix(f, "utf8go") {
			t.Errorf("printed in %s", f)
		}
	}
	if bytes.Contains(b, []byte("dejavu")) || bytes.Contains(b, []byte("droid")) || bytes.Contains(b, []byte("/Span")) {
		t.Error("a fallback font, or a run of fonts, in a document that needs none")
	}
	if !bytes.Equal(b, render(t, "Zoë Ναταλία Наталья O'Brien-Ñúñez", "R5\u00a0000 — “quoted”…", true)) {
		t.Error("the same page gave another file")
	}
}

// The names print, every character in a font that has it: the Go fonts,
// DejaVu (ǂ, regular and bold) and Droid Sans Fallback (李小龍); no
// character is printed as .notdef; the text layer reads them.
func TestNamesInFallbacks(t *testing.T) {
	b := render(t, nameCJK, nameClick, false)
	p, err := pdftest.Read(b)
	if err != nil {
		t.Fatal(err)
	}
	for f, cs := range p.Notdef {
		t.Errorf("%s has no glyph for %q", f, string(cs))
	}
	want := map[string]string{"utf8droid": "李小龍", "utf8dejavu": "ǂ", "utf8dejavuB": "ǂ"}
	for f, cs := range want {
		for _, c := range cs {
			if !slices.Contains(p.Chars[f], c) {
				t.Errorf("%q is not printed in %s (fonts: %v)", c, f, p.Chars)
			}
		}
	}
	for _, c := range "李小龍ǂ" {
		if slices.Contains(p.Chars["utf8go"], c) || slices.Contains(p.Chars["utf8goB"], c) {
			t.Errorf("%q printed in a Go font, which lacks it", c)
		}
	}
	if !bytes.Equal(b, render(t, nameCJK, nameClick, false)) {
		t.Error("the same page gave another file")
	}
	text := pdftotext(t, render(t, nameCJK, nameClick, true))
	for _, n := range []string{nameCJK, nameClick, "Dear " + nameCJK + ", you and " + nameClick + " won."} {
		if !strings.Contains(text, n) {
			t.Errorf("pdftotext does not read %q in:\n%s", n, text)
		}
	}
}

func pdftotext(t *testing.T, b []byte) string {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("no pdftotext (poppler-utils: make deps)")
	}
	path := filepath.Join(t.TempDir(), "p.pdf")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", "-enc", "UTF-8", path, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// A name wraps in a narrow column, measured in the fonts that print it:
// no line is wider than the column, no character is lost, and Chinese
// breaks between characters.
func TestWrapMeasuresFallbacks(t *testing.T) {
	g := pdfpage.New("t", "s", time.Unix(0, 0))
	g.P.AddPage()
	g.Font("", 8)
	s := strings.Repeat("李小龍", 12) + " " + nameClick + " " + nameCJK
	for _, w := range []float64{8, 20, 31.5, 60} {
		lines := g.SplitText(s, w)
		if len(lines) < 2 && w < 60 {
			t.Errorf("%v mm: %d line(s)", w, len(lines))
		}
		var joined []rune
		for _, l := range lines {
			if lw := g.Width(l); lw > w-2*g.P.GetCellMargin()+0.01 && len([]rune(l)) > 1 {
				t.Errorf("%v mm: %q is %.2f mm wide", w, l, lw)
			}
			joined = append(joined, []rune(l)...)
		}
		if got, want := strings.ReplaceAll(string(joined), " ", ""), strings.ReplaceAll(s, " ", ""); got != want {
			t.Errorf("%v mm: lines %q lose characters of %q", w, lines, s)
		}
	}
}

func TestUnprintable(t *testing.T) {
	for s, want := range map[string]string{
		nameCJK:                     "",
		nameClick:                   "",
		"Zoë 😀 😀 \U00020000 Ω":      "😀\U00020000",
		"Ana\u202fMaría\u00a0López": "",
		"\U0001F600":                "\U0001F600",
	} {
		if got := pdfpage.Unprintable(s); got != want {
			t.Errorf("Unprintable(%q) = %q, want %q", s, got, want)
		}
	}
}

// The check above sees a .notdef: 李 printed in the Go font as before.
func TestNotdefIsSeen(t *testing.T) {
	g := pdfpage.New("t", "s", time.Unix(0, 0))
	g.P.AddPage()
	g.Font("", 10)
	g.P.CellFormat(40, 5, nameCJK, "", 1, "L", false, 0, "")
	var buf bytes.Buffer
	if err := g.P.Output(&buf); err != nil {
		t.Fatal(err)
	}
	p, err := pdftest.Read(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if got := string(p.Notdef["utf8go"]); got != "李小龍" {
		t.Errorf("notdef in the Go font: %q, want 李小龍", got)
	}
}
