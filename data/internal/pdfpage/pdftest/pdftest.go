// Package pdftest reads back what the tests need of a PDF as pdfpage
// writes it with fpdf: which characters each font printed, and whether
// the font's embedded subset has a glyph for each (none is .notdef, the
// box a font draws for a character it lacks). For the tests alone.
package pdftest

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"unicode/utf16"
)

// Printed is what a PDF's text was printed in: for each font (its
// BaseFont), the characters shown in it, and of those, the ones its
// subset maps to glyph 0.
type Printed struct {
	Chars  map[string][]rune
	Notdef map[string][]rune
}

var (
	objAt     = regexp.MustCompile(`(?m)^(\d+) 0 obj\b`)
	ref       = `(\d+) 0 R`
	fontRes   = regexp.MustCompile(`/(F[0-9A-Za-z]+) ` + ref)
	descend   = regexp.MustCompile(`/DescendantFonts \[` + ref + `\]`)
	baseFont  = regexp.MustCompile(`/BaseFont /([^\s/>]+)`)
	cidToGID  = regexp.MustCompile(`/CIDToGIDMap ` + ref)
	contents  = regexp.MustCompile(`/Contents ` + ref)
	lengthKey = regexp.MustCompile(`/Length (\d+)`)
	// a font set (Tf) or a string shown (Tj), in order
	textOp = regexp.MustCompile(`/(F[0-9A-Za-z]+) [\d.]+ Tf|\(((?:\\.|[^\\)])*)\) ?Tj`)
)

type object struct {
	dict   []byte
	stream []byte // inflated; nil without one
}

// Read reads b, a PDF fpdf wrote with UTF-8 fonts.
func Read(b []byte) (*Printed, error) {
	objs := map[int]*object{}
	locs := objAt.FindAllSubmatchIndex(b, -1)
	for i, m := range locs {
		n, _ := strconv.Atoi(string(b[m[2]:m[3]]))
		end := len(b)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		body := b[m[1]:end]
		o := &object{dict: body}
		if s := bytes.Index(body, []byte("stream\n")); s >= 0 {
			o.dict = body[:s]
			raw := body[s+len("stream\n"):]
			if l := lengthKey.FindSubmatch(o.dict); l != nil {
				if n, _ := strconv.Atoi(string(l[1])); n <= len(raw) {
					raw = raw[:n]
				}
			}
			o.stream = raw
			if bytes.Contains(o.dict, []byte("/FlateDecode")) {
				zr, err := zlib.NewReader(bytes.NewReader(raw))
				if err != nil {
					return nil, fmt.Errorf("object %d: %v", n, err)
				}
				if o.stream, err = io.ReadAll(zr); err != nil {
					return nil, fmt.Errorf("object %d: %v", n, err)
				}
			}
		}
		objs[n] = o
	}
	get := func(s []byte) *object {
		n, _ := strconv.Atoi(string(s))
		return objs[n]
	}
	// the fonts by their resource names: BaseFont and CIDToGIDMap
	type font struct {
		name string
		gids []byte
	}
	fonts := map[string]font{}
	for _, o := range objs {
		if !bytes.Contains(o.dict, []byte("/Font <<")) {
			continue
		}
		for _, m := range fontRes.FindAllSubmatch(o.dict, -1) {
			t0 := get(m[2])
			if t0 == nil {
				continue
			}
			f := font{}
			if bf := baseFont.FindSubmatch(t0.dict); bf != nil {
				f.name = string(bf[1])
			}
			if d := descend.FindSubmatch(t0.dict); d != nil {
				if cid := get(d[1]); cid != nil {
					if g := cidToGID.FindSubmatch(cid.dict); g != nil {
						if s := get(g[1]); s != nil {
							f.gids = s.stream
						}
					}
				}
			}
			fonts[string(m[1])] = f
		}
	}
	out := &Printed{Chars: map[string][]rune{}, Notdef: map[string][]rune{}}
	for _, o := range objs {
		c := contents.FindSubmatch(o.dict)
		if c == nil || !bytes.Contains(o.dict, []byte("/Type /Page")) {
			continue
		}
		page := get(c[1])
		if page == nil {
			return nil, fmt.Errorf("page content %s is missing", c[1])
		}
		var cur font
		for _, m := range textOp.FindAllSubmatch(page.stream, -1) {
			if m[1] != nil {
				cur = fonts[string(m[1])]
				continue
			}
			for _, r := range utf16be(unescape(m[2])) {
				if !slices.Contains(out.Chars[cur.name], r) {
					out.Chars[cur.name] = append(out.Chars[cur.name], r)
					if cur.gids == nil || 2*int(r)+1 >= len(cur.gids) || cur.gids[2*r] == 0 && cur.gids[2*r+1] == 0 {
						out.Notdef[cur.name] = append(out.Notdef[cur.name], r)
					}
				}
			}
		}
	}
	return out, nil
}

// unescape undoes fpdf's escape of a string: \\, \(, \) and \r.
func unescape(s []byte) []byte {
	var out []byte
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
			if s[i] == 'r' {
				out = append(out, '\r')
				continue
			}
		}
		out = append(out, s[i])
	}
	return out
}

func utf16be(s []byte) []rune {
	u := make([]uint16, 0, len(s)/2)
	for i := 0; i+1 < len(s); i += 2 {
		u = append(u, uint16(s[i])<<8|uint16(s[i+1]))
	}
	return utf16.Decode(u)
}
