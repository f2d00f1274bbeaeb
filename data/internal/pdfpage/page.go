// Package pdfpage is the A4 page the report, the pre-show sheet and the
// campaign report share: the Go fonts, headings, text, label and value
// lines, tables that wrap their cells and break across pages, and the
// rehearsal watermark. The same content gives the same file, byte for
// byte.
package pdfpage

import (
	"bytes"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
)

// Page is the A4 layout the report and the pre-show sheet share: the Go
// fonts, headings, text, label and value lines, the rehearsal watermark.
type Page struct {
	P *fpdf.Fpdf
	s *state
}

// New starts an A4 document dated at (the same content gives the
// same file, byte for byte) with the Go fonts: Latin, Greek and Cyrillic
// with their accents, so every name prints as the entry file spells it.
func New(title, subject string, at time.Time) Page {
	p := fpdf.New("P", "mm", "A4", "")
	p.SetCatalogSort(true)
	p.SetCreationDate(at)
	p.SetModificationDate(at)
	p.SetTitle(Clean(title), true)
	p.SetSubject(Clean(subject), true)
	p.SetCreator("drawshow", true)
	p.SetAuthor("drawshow", true)
	// fpdf (v0.9.0) writes into the font bytes it is given while it cuts
	// the subset: each document gets its own copy, so the same record
	// always gives the same file and the stage's fonts stay as they are.
	p.AddUTF8FontFromBytes("go", "", bytes.Clone(goregular.TTF))
	p.AddUTF8FontFromBytes("go", "B", bytes.Clone(gobold.TTF))
	p.AddUTF8FontFromBytes("go", "I", bytes.Clone(goitalic.TTF))
	p.AddUTF8FontFromBytes("mono", "", bytes.Clone(gomono.TTF))
	p.SetMargins(Margin, Top, Margin)
	p.SetAutoPageBreak(true, Bottom)
	p.AliasNbPages("{nb}")
	return Page{P: p, s: &state{added: map[*face]bool{}}}
}

// Font sets the text in the Go font of style ("", "B" or "I") at size;
// a character it lacks is printed in a fallback (see fonts.go) by Cell,
// MultiCell and the methods that use them.
func (g Page) Font(style string, size float64) {
	g.P.SetFont("go", style, size)
	g.s.face, g.s.size = goRegular, size
	switch style {
	case "B":
		g.s.face = goBold
	case "I":
		g.s.face = goItalic
	}
}

// Mono sets the text in Go Mono at size.
func (g Page) Mono(size float64) {
	g.P.SetFont("mono", "", size)
	g.s.face, g.s.size = goMono, size
}

// Room starts a new page unless h millimetres fit above the bottom margin.
func (g Page) Room(h float64) {
	if g.P.GetY()+h > PageH-Bottom {
		g.P.AddPage()
	}
}

func (g Page) H1(s string) {
	g.Font("B", 17)
	g.MultiCell(BodyW, 8, Clean(s), "", "L", false)
	g.P.Ln(1)
}

func (g Page) H2(s string) {
	g.Room(30)
	g.P.Ln(3)
	g.Font("B", 12.5)
	g.MultiCell(BodyW, 6.5, Clean(s), "B", "L", false)
	g.P.Ln(1.5)
}

func (g Page) Text(s string) {
	g.Font("", 9.5)
	g.MultiCell(BodyW, 4.6, Clean(s), "", "L", false)
}

// KV writes a label and its value; mono values (hashes, the seed) are in a
// fixed-width font so they can be read back and compared digit by digit.
func (g Page) KV(label, value string, mono bool) {
	p := g.P
	g.Room(LineH)
	y := p.GetY()
	g.Font("B", 9)
	g.Cell(LabelW, LineH, Clean(label), "", 0, "L", false)
	p.SetXY(Margin+LabelW, y)
	if mono {
		g.Mono(8.6)
	} else {
		g.Font("", 9.5)
	}
	g.MultiCell(BodyW-LabelW, LineH, Clean(value), "", "L", false)
}

// Watermark writes word across the page, faint. pdftotext -nodiag drops
// the first word that follows diagonal text: call it where nothing
// follows that matters, or before a line that may lose its first word.
func (g Page) Watermark(word string) {
	p := g.P
	p.SetAlpha(0.10, "Normal")
	g.Font("B", 96)
	p.SetTextColor(192, 0, 0)
	p.TransformBegin()
	p.TransformRotate(55, PageW/2, PageH/2)
	w := p.GetStringWidth(word)
	p.Text(PageW/2-w/2, PageH/2+12, word)
	p.TransformEnd()
	p.SetAlpha(1, "Normal")
	p.SetTextColor(0, 0, 0)
}

// SignatureLines closes a document with lines for each of roles (the
// independent auditor, the promotions manager…) to sign, under what they
// sign for; room is the height the block needs on its page.
func (g Page) SignatureLines(room float64, what string, roles ...string) {
	p := g.P
	g.Room(room)
	g.H2("Signatures")
	g.Text(what)
	p.Ln(4)
	for _, role := range roles {
		g.Font("B", 10.5)
		g.Cell(BodyW, 6, role, "", 1, "L", false)
		p.Ln(9)
		y := p.GetY()
		g.Font("", 9)
		for _, f := range []struct {
			label string
			x, w  float64
		}{{"Name", 0, 62}, {"Signature", 68, 62}, {"Date", 136, 44}} {
			p.Line(Margin+f.x, y, Margin+f.x+f.w, y)
			p.SetXY(Margin+f.x, y+0.5)
			g.Cell(f.w, 4.5, f.label, "", 0, "L", false)
		}
		p.SetXY(Margin, y+12)
	}
}

// RunningHead is the grey line under a page's banner: left and right.
func (g Page) RunningHead(left, right string) {
	p := g.P
	p.SetXY(Margin, 16)
	p.SetTextColor(90, 90, 90)
	g.Font("", 8)
	g.Cell(BodyW/2, 5, Clean(left), "B", 0, "L", false)
	g.Cell(BodyW/2, 5, Clean(right), "B", 1, "R", false)
	p.SetTextColor(0, 0, 0)
	p.SetY(Top)
}

// RunningFoot is a page's footer: left, taking share of the width and
// marked REHEARSAL on a rehearsal's pages, and the page number.
func (g Page) RunningFoot(left string, share float64, rehearsal bool) {
	p := g.P
	p.SetY(-13)
	p.SetTextColor(90, 90, 90)
	g.Font("", 8)
	if rehearsal {
		left = "REHEARSAL - " + left
	}
	g.Cell(BodyW*share, 5, Clean(left), "T", 0, "L", false)
	g.Cell(BodyW*(1-share), 5, fmt.Sprintf("page %d of {nb}", p.PageNo()), "T", 0, "R", false)
	p.SetTextColor(0, 0, 0)
}

// A4 portrait, in millimetres.
const (
	PageW  = 210.0
	PageH  = 297.0
	Margin = 15.0
	BodyW  = PageW - 2*Margin
	Top    = 26.0
	Bottom = 18.0
	LineH  = 5.0
	LabelW = 42.0
)

// Clean keeps to what the PDF's fonts can carry: characters of the basic
// multilingual plane (fpdf fails on others), no control characters.
func Clean(s string) string {
	return strings.Map(func(c rune) rune {
		switch {
		case c == '\n':
			return c
		case c < 0x20 || c == 0x7f:
			return ' '
		case c > 0xffff:
			return '?'
		case c == '\u202f':
			// show.Money groups digits with a narrow no-break space, which
			// the Go fonts lack: the no-break space they have keeps an
			// amount on one line all the same
			return '\u00a0'
		}
		return c
	}, s)
}

// Col is a column of a table, its width in millimetres.
type Col struct {
	Title string
	W     float64
	Align string
}

func (g Page) TableHeader(cols []Col) {
	p := g.P
	p.SetFillColor(217, 217, 217)
	g.Font("B", 8.5)
	for _, c := range cols {
		g.Cell(c.W, 6, c.Title, "TB", 0, c.Align, true)
	}
	p.Ln(-1)
}

// MaxCellLines bounds the lines of a table's cell: past them the cell is
// cut with an ellipsis, so that no row outgrows its page.
const MaxCellLines = 12

// TableRow writes one row of a table, each cell wrapped to its column's
// width (a long ticket or prize takes more lines, none is cut short up to
// MaxCellLines), in the style bold says for each, on a new page with the
// header again when the row does not fit.
func (g Page) TableRow(cols []Col, cells []string, bold func(i int) bool) {
	p := g.P
	const lineH = 4.2
	wrapped := make([][]string, len(cols))
	rows := 1
	for i, c := range cols {
		g.cellFont(bold(i))
		lines := g.SplitText(Clean(cells[i]), c.W)
		if len(lines) > MaxCellLines {
			lines = lines[:MaxCellLines]
			lines[MaxCellLines-1] = g.Fit(lines[MaxCellLines-1]+"…", c.W-1.5)
		}
		wrapped[i] = lines
		rows = max(rows, len(lines))
	}
	h := float64(rows)*lineH + 1
	if p.GetY()+h > PageH-Bottom {
		p.AddPage()
		g.TableHeader(cols)
	}
	x, y := Margin, p.GetY()
	for i, c := range cols {
		g.cellFont(bold(i))
		for j, l := range wrapped[i] {
			p.SetXY(x, y+0.5+float64(j)*lineH)
			g.Cell(c.W, lineH, l, "", 0, c.Align, false)
		}
		x += c.W
	}
	p.Line(Margin, y+h, x, y+h)
	p.SetXY(Margin, y+h)
}

func (g Page) cellFont(bold bool) {
	if bold {
		g.Font("B", 8)
	} else {
		g.Font("", 8)
	}
}

// Fit shortens s with an ellipsis until it is at most w wide in the
// current font: the longest start of s that is, with the ellipsis, or the
// ellipsis alone. A string's width is the sum of its characters' widths
// in the font's units, so one pass over s finds it: the time is linear in
// s, where taking one character off at a time and measuring again was
// quadratic (an export with a name of 100 000 characters took 43 s).
//
// Each character is measured in the face that prints it (a fallback's
// in the fallback's).
func (g Page) Fit(s string, w float64) string {
	rs := g.runs(s)
	if rs == nil && g.P.GetStringWidth(s) <= w {
		return s
	}
	_, size := g.P.GetFontSize()
	fits := func(units int) bool { return float64(units)*size/1000 <= w } // as GetStringWidth converts units
	var widths []int
	if rs != nil {
		if _, widths = g.measure(rs); fits(sum(widths)) {
			return s
		}
	}
	units := g.P.GetStringSymbolWidth("…")
	var one [utf8.UTFMax]byte
	end, k := 0, 0
	for i, c := range s {
		if widths != nil {
			units += widths[k]
			k++
		} else {
			units += g.P.GetStringSymbolWidth(string(utf8.AppendRune(one[:0], c)))
		}
		if !fits(units) {
			break
		}
		end = i + utf8.RuneLen(c)
	}
	return s[:end] + "…"
}
