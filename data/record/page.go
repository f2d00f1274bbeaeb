package record

import (
	"bytes"
	"fmt"
	"time"

	"github.com/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
)

// page is the A4 layout the report and the pre-show sheet share: the Go
// fonts, headings, text, label and value lines, the rehearsal watermark.
type page struct {
	p *fpdf.Fpdf
}

// newPage starts an A4 document dated at (the same content gives the
// same file, byte for byte) with the Go fonts: Latin, Greek and Cyrillic
// with their accents, so every name prints as the entry file spells it.
func newPage(title, subject string, at time.Time) page {
	p := fpdf.New("P", "mm", "A4", "")
	p.SetCatalogSort(true)
	p.SetCreationDate(at)
	p.SetModificationDate(at)
	p.SetTitle(pdfText(title), true)
	p.SetSubject(pdfText(subject), true)
	p.SetCreator("drawshow", true)
	p.SetAuthor("drawshow", true)
	// fpdf (v0.9.0) writes into the font bytes it is given while it cuts
	// the subset: each document gets its own copy, so the same record
	// always gives the same file and the stage's fonts stay as they are.
	p.AddUTF8FontFromBytes("go", "", bytes.Clone(goregular.TTF))
	p.AddUTF8FontFromBytes("go", "B", bytes.Clone(gobold.TTF))
	p.AddUTF8FontFromBytes("go", "I", bytes.Clone(goitalic.TTF))
	p.AddUTF8FontFromBytes("mono", "", bytes.Clone(gomono.TTF))
	p.SetMargins(pdfMargin, pdfTop, pdfMargin)
	p.SetAutoPageBreak(true, pdfBottom)
	p.AliasNbPages("{nb}")
	return page{p}
}

func (g page) font(style string, size float64) { g.p.SetFont("go", style, size) }

// room starts a new page unless h millimetres fit above the bottom margin.
func (g page) room(h float64) {
	if g.p.GetY()+h > pdfPageH-pdfBottom {
		g.p.AddPage()
	}
}

func (g page) h1(s string) {
	g.font("B", 17)
	g.p.MultiCell(pdfBodyW, 8, pdfText(s), "", "L", false)
	g.p.Ln(1)
}

func (g page) h2(s string) {
	g.room(30)
	g.p.Ln(3)
	g.font("B", 12.5)
	g.p.MultiCell(pdfBodyW, 6.5, pdfText(s), "B", "L", false)
	g.p.Ln(1.5)
}

func (g page) text(s string) {
	g.font("", 9.5)
	g.p.MultiCell(pdfBodyW, 4.6, pdfText(s), "", "L", false)
}

// kv writes a label and its value; mono values (hashes, the seed) are in a
// fixed-width font so they can be read back and compared digit by digit.
func (g page) kv(label, value string, mono bool) {
	p := g.p
	g.room(pdfLine)
	y := p.GetY()
	g.font("B", 9)
	p.CellFormat(pdfLabelW, pdfLine, pdfText(label), "", 0, "L", false, 0, "")
	p.SetXY(pdfMargin+pdfLabelW, y)
	if mono {
		p.SetFont("mono", "", 8.6)
	} else {
		g.font("", 9.5)
	}
	p.MultiCell(pdfBodyW-pdfLabelW, pdfLine, pdfText(value), "", "L", false)
}

// watermark writes word across the page, faint. pdftotext -nodiag drops
// the first word that follows diagonal text: call it where nothing
// follows that matters, or before a line that may lose its first word.
func (g page) watermark(word string) {
	p := g.p
	p.SetAlpha(0.10, "Normal")
	p.SetFont("go", "B", 96)
	p.SetTextColor(192, 0, 0)
	p.TransformBegin()
	p.TransformRotate(55, pdfPageW/2, pdfPageH/2)
	w := p.GetStringWidth(word)
	p.Text(pdfPageW/2-w/2, pdfPageH/2+12, word)
	p.TransformEnd()
	p.SetAlpha(1, "Normal")
	p.SetTextColor(0, 0, 0)
}

// signatureLines closes a document with lines for each of roles (the
// independent auditor, the promotions manager…) to sign, under what they
// sign for; room is the height the block needs on its page.
func (g page) signatureLines(room float64, what string, roles ...string) {
	p := g.p
	g.room(room)
	g.h2("Signatures")
	g.text(what)
	p.Ln(4)
	for _, role := range roles {
		g.font("B", 10.5)
		p.CellFormat(pdfBodyW, 6, role, "", 1, "L", false, 0, "")
		p.Ln(9)
		y := p.GetY()
		g.font("", 9)
		for _, f := range []struct {
			label string
			x, w  float64
		}{{"Name", 0, 62}, {"Signature", 68, 62}, {"Date", 136, 44}} {
			p.Line(pdfMargin+f.x, y, pdfMargin+f.x+f.w, y)
			p.SetXY(pdfMargin+f.x, y+0.5)
			p.CellFormat(f.w, 4.5, f.label, "", 0, "L", false, 0, "")
		}
		p.SetXY(pdfMargin, y+12)
	}
}

// runningHead is the grey line under a page's banner: left and right.
func (g page) runningHead(left, right string) {
	p := g.p
	p.SetXY(pdfMargin, 16)
	p.SetTextColor(90, 90, 90)
	g.font("", 8)
	p.CellFormat(pdfBodyW/2, 5, pdfText(left), "B", 0, "L", false, 0, "")
	p.CellFormat(pdfBodyW/2, 5, pdfText(right), "B", 1, "R", false, 0, "")
	p.SetTextColor(0, 0, 0)
	p.SetY(pdfTop)
}

// runningFoot is a page's footer: left, taking share of the width and
// marked REHEARSAL on a rehearsal's pages, and the page number.
func (g page) runningFoot(left string, share float64, rehearsal bool) {
	p := g.p
	p.SetY(-13)
	p.SetTextColor(90, 90, 90)
	g.font("", 8)
	if rehearsal {
		left = "REHEARSAL - " + left
	}
	p.CellFormat(pdfBodyW*share, 5, pdfText(left), "T", 0, "L", false, 0, "")
	p.CellFormat(pdfBodyW*(1-share), 5, fmt.Sprintf("page %d of {nb}", p.PageNo()), "T", 0, "R", false, 0, "")
	p.SetTextColor(0, 0, 0)
}
