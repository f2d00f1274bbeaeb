package pdfpage

import (
	"bytes"
	"math"
	"strings"
	"unicode"
)

// state is what a document's Page knows beyond fpdf: the face its text
// is set in (Font and Mono set it) and the fallback faces it has added.
type state struct {
	face  *face
	size  float64
	added map[*face]bool
}

// run is a stretch of text that one face prints.
type run struct {
	f *face
	s string
}

// runs splits s by the face that prints each character: nil when the
// face the text is set in prints it all, or no fallback has a character
// it lacks. Text that needs no fallback is then printed as fpdf prints
// it, and its document is byte for byte what it was before the
// fallbacks.
func (g Page) runs(s string) []run {
	chain := chains[g.s.face]
	if chain == nil {
		return nil
	}
	var out []run
	fell := false
	var cur *face
	start := 0
	for i, c := range s {
		f := faceFor(chain, c)
		if f != chain[0] {
			fell = true
		}
		if f != cur {
			if cur != nil {
				out = append(out, run{cur, s[start:i]})
			}
			cur, start = f, i
		}
	}
	if !fell {
		return nil
	}
	return append(out, run{cur, s[start:]})
}

// use sets f at the text's size, adding it to the document first when
// it is a fallback the document does not hold yet.
func (g Page) use(f *face) {
	if f.fallback && !g.s.added[f] {
		// fpdf writes into the bytes while it cuts the subset (see New)
		g.P.AddUTF8FontFromBytes(f.family, f.style, bytes.Clone(f.ttf))
		g.s.added[f] = true
	}
	g.P.SetFont(f.family, f.style, g.s.size)
}

// restore sets the face the text is set in again.
func (g Page) restore() { g.P.SetFont(g.s.face.family, g.s.face.style, g.s.size) }

// measure gives the characters of rs and their widths, in thousandths
// of the font size, each in the face that prints it (as fpdf measures).
func (g Page) measure(rs []run) (cs []rune, units []int) {
	for _, r := range rs {
		g.use(r.f)
		for _, c := range r.s {
			cs = append(cs, c)
			units = append(units, g.P.GetStringSymbolWidth(string(c)))
		}
	}
	g.restore()
	return cs, units
}

// Width is the width of s in the current font, its fallbacks' characters
// measured in theirs.
func (g Page) Width(s string) float64 {
	rs := g.runs(s)
	if rs == nil {
		return g.P.GetStringWidth(s)
	}
	_, units := g.measure(rs)
	_, size := g.P.GetFontSize()
	return float64(sum(units)) * size / 1000
}

func sum(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}

// Cell is fpdf's CellFormat (without a link) for text that may need the
// fallback fonts: the cell's border and fill, then each run of the text in
// its face, one after another, where the cell's margin and alignment put
// the whole. The runs are one marked-content sequence (/Span BMC … EMC),
// which tells a reader (verify's) that they are one text.
func (g Page) Cell(w, h float64, s, border string, ln int, align string, fill bool) {
	p := g.P
	rs := g.runs(s)
	if rs == nil {
		p.CellFormat(w, h, s, border, ln, align, fill, 0, "")
		return
	}
	if w == 0 {
		pw, _ := p.GetPageSize()
		_, _, right, _ := p.GetMargins()
		w = pw - right - p.GetX()
	}
	widths := make([]float64, len(rs))
	total := 0.0
	for i, r := range rs {
		g.use(r.f)
		widths[i] = p.GetStringWidth(r.s)
		total += widths[i]
	}
	g.restore()
	// the border and fill, and the page break if the cell needs one
	p.CellFormat(w, h, "", border, 0, "", fill, 0, "")
	x, y := p.GetX()-w, p.GetY()
	m := p.GetCellMargin()
	dx := m
	switch {
	case strings.Contains(align, "R"):
		dx = w - m - total
	case strings.Contains(align, "C"):
		dx = (w - total) / 2
	}
	_, size := p.GetFontSize()
	base := y + .5*h + .3*size // CellFormat's baseline
	p.RawWriteStr("/Span BMC")
	for i, r := range rs {
		g.use(r.f)
		p.Text(x+dx, base, r.s)
		dx += widths[i]
	}
	p.RawWriteStr("EMC")
	g.restore()
	switch ln {
	case 1:
		left, _, _, _ := p.GetMargins()
		p.SetXY(left, y+h)
	case 2:
		p.SetXY(x, y+h)
	}
}

// MultiCell is fpdf's MultiCell for text that may need the fallback
// fonts: wrapped as fpdf wraps, each character measured in the face
// that prints it, each line a Cell. Justified text is set flush left.
func (g Page) MultiCell(w, h float64, s, border, align string, fill bool) {
	p := g.P
	rs := g.runs(s)
	if rs == nil {
		p.MultiCell(w, h, s, border, align, fill)
		return
	}
	if w == 0 {
		pw, _ := p.GetPageSize()
		_, _, right, _ := p.GetMargins()
		w = pw - right - p.GetX()
	}
	lines := g.wrap(rs, w, true)
	// the borders as MultiCell draws them: the sides on every line, the
	// top on the first, the bottom on the last
	first, others := "", ""
	if border == "1" {
		border = "LTRB"
	}
	for _, side := range "LR" {
		if strings.ContainsRune(border, side) {
			others += string(side)
		}
	}
	first = others
	if strings.Contains(border, "T") {
		first += "T"
	}
	if align == "" || align == "J" {
		align = "L"
	}
	for i, l := range lines {
		b := others
		if i == 0 {
			b = first
		}
		if i == len(lines)-1 && strings.Contains(border, "B") {
			b += "B"
		}
		g.Cell(w, h, l, b, 2, align, fill)
	}
	left, _, _, _ := p.GetMargins()
	p.SetX(left)
}

// SplitText is fpdf's SplitText for text that may need the fallback
// fonts: the lines of s that fit w, each character measured in the face
// that prints it.
func (g Page) SplitText(s string, w float64) []string {
	rs := g.runs(s)
	if rs == nil {
		return g.P.SplitText(s, w)
	}
	return g.wrap(rs, w, false)
}

// wrap breaks rs into lines as fpdf's MultiCell (last set) or SplitText
// does, at most w wide with the cell's margins.
func (g Page) wrap(rs []run, w float64, last bool) []string {
	cs, units := g.measure(rs)
	_, size := g.P.GetFontSize()
	wmax := int(math.Ceil((w - 2*g.P.GetCellMargin()) * 1000 / size))
	return wrapRunes(cs, units, wmax, last)
}

// wrapRunes breaks cs (their widths units) into lines of at most wmax
// units, as fpdf does: at every "\n"; at the last space that fits, which
// is dropped, else inside the word. Unlike fpdf (v0.9.0), which breaks
// after a Chinese character and loses it, a line may break before a
// character of Chinese, Japanese or Korean, which is kept. With last, the
// text's last line is given even when empty, as MultiCell prints it.
func wrapRunes(cs []rune, units []int, wmax int, last bool) []string {
	n := len(cs)
	for n > 0 && cs[n-1] == '\n' {
		n--
	}
	var lines []string
	j, l, sep, space := 0, 0, -1, false
	for i := 0; i < n; {
		c := cs[i]
		if c == '\n' {
			lines = append(lines, string(cs[j:i]))
			i++
			j, l, sep = i, 0, -1
			continue
		}
		switch {
		case unicode.IsSpace(c):
			sep, space = i, true
		case i > j && ideograph(c):
			sep, space = i, false
		}
		l += units[i]
		if l <= wmax {
			i++
			continue
		}
		if sep == -1 {
			if i == j {
				i++
			}
			lines = append(lines, string(cs[j:i]))
		} else {
			lines = append(lines, string(cs[j:sep]))
			i = sep
			if space {
				i++
			}
		}
		j, l, sep = i, 0, -1
	}
	if j < n || last {
		lines = append(lines, string(cs[j:n]))
	}
	return lines
}

// ideograph says whether a line may break before c: a character of
// Chinese, Japanese or Korean, which are written without spaces.
func ideograph(c rune) bool {
	return unicode.In(c, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul)
}
