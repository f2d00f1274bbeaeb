package pdfpage

import (
	_ "embed"
	"slices"
	"sync"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
)

// The fallback fonts, for the characters of a name the Go fonts lack
// (they have Latin, Greek and Cyrillic): DejaVu Sans and its bold (Latin
// Extended, IPA, the click letters of Khoekhoe and !Kung…, Armenian,
// Georgian, Hebrew, Arabic…; fonts/LICENSE-DejaVu.txt) and Droid Sans
// Fallback (Chinese, Japanese and Korean; Apache 2.0,
// fonts/LICENSE-DroidSansFallback.txt). A document embeds one only when
// its text needs it, and then only the glyphs it prints (fpdf cuts a
// subset): a document whose text the Go fonts print is as it was before
// the fallbacks, byte for byte.
var (
	//go:embed fonts/DejaVuSans.ttf
	dejaVuTTF []byte
	//go:embed fonts/DejaVuSans-Bold.ttf
	dejaVuBoldTTF []byte
	//go:embed fonts/DroidSansFallbackFull.ttf
	droidTTF []byte
)

// face is a font as fpdf knows it (family and style), with the
// characters of the basic multilingual plane it has a glyph for.
type face struct {
	family, style string
	ttf           []byte
	fallback      bool // added to a document only when its text needs it

	once  sync.Once
	cover []uint64 // a bit a character of the BMP
}

var (
	goRegular  = &face{family: "go", ttf: goregular.TTF}
	goBold     = &face{family: "go", style: "B", ttf: gobold.TTF}
	goItalic   = &face{family: "go", style: "I", ttf: goitalic.TTF}
	goMono     = &face{family: "mono", ttf: gomono.TTF}
	dejaVu     = &face{family: "dejavu", ttf: dejaVuTTF, fallback: true}
	dejaVuBold = &face{family: "dejavu", style: "B", ttf: dejaVuBoldTTF, fallback: true}
	droid      = &face{family: "droid", ttf: droidTTF, fallback: true}
)

// chains are the faces a character is looked for in, in order, by the
// face the text is set in: the bold's fallbacks are bold where a bold
// has the character, the regular's where none does.
var chains = map[*face][]*face{
	goRegular: {goRegular, dejaVu, droid},
	goBold:    {goBold, dejaVuBold, dejaVu, droid},
	goItalic:  {goItalic, dejaVu, droid},
	goMono:    {goMono, dejaVu, droid},
}

// has says whether the face has a glyph for c. Characters past the BMP
// have none: fpdf (v0.9.0) reads a font's BMP alone.
func (f *face) has(c rune) bool {
	if c < 0 || c > 0xffff {
		return false
	}
	f.once.Do(func() {
		f.cover = make([]uint64, 0x10000/64)
		font, err := sfnt.Parse(f.ttf)
		if err != nil {
			panic("pdfpage: a font of the program's own does not parse: " + err.Error())
		}
		var buf sfnt.Buffer
		for r := rune(0); r <= 0xffff; r++ {
			if g, err := font.GlyphIndex(&buf, r); err == nil && g != 0 {
				f.cover[r/64] |= 1 << (r % 64)
			}
		}
	})
	return f.cover[c/64]&(1<<(c%64)) != 0
}

// FallbackFont says whether a PDF's font, by its BaseFont, is one of
// the fallbacks: a report that holds one was laid out by a release that
// has them.
func FallbackFont(baseFont string) bool {
	for _, f := range []*face{dejaVu, dejaVuBold, droid} {
		if baseFont == "utf8"+f.family+f.style { // fpdf's name of a UTF-8 font
			return true
		}
	}
	return false
}

// faceFor is the face of chain that prints c: the first that has it, or
// when none does, the first (it prints its missing glyph, and the text
// still reads right).
func faceFor(chain []*face, c rune) *face {
	if c < 0x80 || chain[0].has(c) {
		return chain[0]
	}
	for _, f := range chain[1:] {
		if f.has(c) {
			return f
		}
	}
	return chain[0]
}

// Unprintable are the characters of s that no font of the PDFs has,
// each once, in the order they come: they print as a box (a character
// past the basic multilingual plane as "?"), where the text layer still
// holds them (Clean's "?" past the plane excepted). "" when every
// character prints.
func Unprintable(s string) string {
	var out []rune
	for _, c := range s {
		if c < 0x80 || c == '\u202f' || printable(c) { // Clean gives U+202F a space the Go fonts have
			continue
		}
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return string(out)
}

// printable says whether some face of the PDFs prints c.
func printable(c rune) bool {
	for _, f := range []*face{goRegular, goBold, goItalic, goMono, dejaVu, dejaVuBold, droid} {
		if f.has(c) {
			return true
		}
	}
	return false
}
