package verify

import (
	"bytes"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"unicode/utf16"
)

// PDFText is what a PDF says: the text runs of each page, in the order
// its content streams draw them, and what else it holds that could be
// laid over that text.
type PDFText struct {
	Pages [][]string
	// Fonts are the fonts' names (BaseFont, or the subtype of a font that
	// has none: a Type3 font draws its glyphs as it likes), sorted, once.
	Fonts []string
	// Overlays counts what is not text and could show something over it:
	// "image" and "form" XObjects (a form holds content of its own),
	// inline images, annotations by their subtype, and text shown in a
	// render mode other than fill (3 is invisible).
	Overlays map[string]int
}

// What verify reads of a PDF at most: a hostile one must not take the
// memory. A report's page inflates to some tens of KiB; the fonts, which
// are not inflated, are most of its bytes.
const (
	maxObjects   = 1 << 20
	maxPages     = 1 << 16
	maxInflated  = 64 << 20  // one content stream
	maxText      = 256 << 20 // all of them
	maxOperands  = 1 << 10   // before one operator
	maxPageDepth = maxNest   // the page tree
)

// ReadPDF reads the text of a PDF as drawshow writes it with fpdf: its
// objects are found by scanning for "n g obj" (a later one of the same
// number wins, as in an update), its pages by the catalog's page tree,
// and each page's content streams (inflated when /FlateDecode) for the
// strings shown by Tj, TJ, ' and " (one run each, but that the strings
// of one marked-content sequence, BMC or BDC to EMC, are one run: the
// runs of a name printed in the Go font and a fallback, "ǂ" and
// "Khomani", read "ǂKhomani"). A string in a Type0 font (fpdf's
// UTF-8 fonts, Identity-H) is UTF-16BE; in any other font a byte is a
// character, as Latin-1. What drawshow never writes (encryption, object
// or cross-reference streams, another filter) is refused rather than
// read in part.
func ReadPDF(b []byte) (*PDFText, error) {
	d := &pdfDoc{b: b, objs: map[int]*pdfObj{}}
	if err := d.scan(); err != nil {
		return nil, err
	}
	out := &PDFText{Overlays: map[string]int{}}
	for _, o := range d.objs {
		dict, _ := o.v.(pdfDict)
		switch typ, sub := dict["Type"], dict["Subtype"]; {
		case typ == pdfName("ObjStm"), typ == pdfName("XRef"):
			return nil, fmt.Errorf("it holds %s streams, which drawshow never writes", typ)
		case typ == pdfName("Font"):
			name, ok := dict["BaseFont"].(pdfName)
			if !ok {
				name = pdfName(fmt.Sprintf("(a %v font)", sub))
			}
			if !slices.Contains(out.Fonts, string(name)) {
				out.Fonts = append(out.Fonts, string(name))
			}
		case sub == pdfName("Image"), sub == pdfName("Form"):
			out.Overlays[strings.ToLower(string(sub.(pdfName)))]++
		case typ == pdfName("Annot"):
			out.Overlays[fmt.Sprintf("%v annotation", sub)]++
		}
	}
	slices.Sort(out.Fonts)
	pages, err := d.pages()
	if err != nil {
		return nil, err
	}
	total := 0
	for i, pg := range pages {
		content, err := d.contents(pg, &total)
		if err != nil {
			return nil, fmt.Errorf("page %d: %v", i+1, err)
		}
		runs, err := pageRuns(content, d.type0(pg), out.Overlays)
		if err != nil {
			return nil, fmt.Errorf("page %d: %v", i+1, err)
		}
		out.Pages = append(out.Pages, runs)
	}
	return out, nil
}

type pdfObj struct {
	v      any
	stream []byte // raw, as in the file; nil for an object without one
}

type pdfDoc struct {
	b    []byte
	objs map[int]*pdfObj
	root pdfRef
}

var objHead = regexp.MustCompile(`(\d{1,10})\s+\d{1,10}\s+obj\b`)

// scan reads every object of the file and the last trailer's root.
func (d *pdfDoc) scan() error {
	if !bytes.HasPrefix(d.b, []byte("%PDF-")) {
		return errors.New("it does not start as a PDF does")
	}
	n := 0
	for at := 0; ; {
		m := objHead.FindSubmatchIndex(d.b[at:])
		if m == nil {
			break
		}
		if n++; n > maxObjects {
			return fmt.Errorf("more than %d objects", maxObjects)
		}
		num := 0
		fmt.Sscan(string(d.b[at+m[2]:at+m[3]]), &num)
		l := &lexer{b: d.b, i: at + m[1]}
		tok, err := l.token()
		if err != nil {
			return fmt.Errorf("object %d: %v", num, err)
		}
		v, err := l.value(tok, true, 0)
		if err != nil {
			return fmt.Errorf("object %d: %v", num, err)
		}
		o := &pdfObj{v: v}
		after := l.i
		if t, err := l.token(); err == nil && t == pdfOp("stream") {
			o.stream, after = d.stream(l.i, v)
		}
		d.objs[num] = o
		at = after
	}
	t := bytes.LastIndex(d.b, []byte("trailer"))
	if t < 0 {
		return errors.New("it has no trailer")
	}
	l := &lexer{b: d.b, i: t + len("trailer")}
	tok, err := l.token()
	if err != nil {
		return fmt.Errorf("its trailer: %v", err)
	}
	v, err := l.value(tok, true, 0)
	tr, ok := v.(pdfDict)
	if err != nil || !ok {
		return fmt.Errorf("its trailer is not a dictionary: %v", err)
	}
	if tr["Encrypt"] != nil {
		return errors.New("it is encrypted, which drawshow never does")
	}
	if d.root, ok = tr["Root"].(pdfRef); !ok {
		return errors.New("its trailer names no catalog")
	}
	return nil
}

// stream cuts a stream's bytes, starting after the keyword at i: by its
// /Length where that ends at "endstream", else up to the first
// "endstream". It returns where scanning goes on.
func (d *pdfDoc) stream(i int, v any) ([]byte, int) {
	if i < len(d.b) && d.b[i] == '\r' {
		i++
	}
	if i < len(d.b) && d.b[i] == '\n' {
		i++
	}
	const end = "endstream"
	if dict, ok := v.(pdfDict); ok {
		if n, ok := dict["Length"].(float64); ok && n >= 0 && n <= float64(len(d.b)-i) {
			j := i + int(n)
			l := &lexer{b: d.b, i: j}
			l.skip()
			if bytes.HasPrefix(d.b[l.i:], []byte(end)) {
				return d.b[i:j], l.i + len(end)
			}
		}
	}
	j := bytes.Index(d.b[i:], []byte(end))
	if j < 0 {
		return d.b[i:], len(d.b)
	}
	s := bytes.TrimSuffix(bytes.TrimSuffix(d.b[i:i+j], []byte("\n")), []byte("\r"))
	return s, i + j + len(end)
}

// get follows v to what it refers to, through a few references.
func (d *pdfDoc) get(v any) any {
	for range 8 {
		r, ok := v.(pdfRef)
		if !ok {
			return v
		}
		o := d.objs[int(r)]
		if o == nil {
			return nil
		}
		v = o.v
	}
	return nil
}

func (d *pdfDoc) dict(v any) pdfDict {
	dict, _ := d.get(v).(pdfDict)
	return dict
}

// pages walks the page tree from the catalog, in order: each page with
// the resources it inherits.
func (d *pdfDoc) pages() ([]pdfDict, error) {
	cat := d.dict(d.root)
	if cat == nil {
		return nil, errors.New("its catalog is missing")
	}
	var out []pdfDict
	seen := map[pdfRef]bool{}
	var walk func(ref any, res any, depth int) error
	walk = func(ref any, res any, depth int) error {
		r, ok := ref.(pdfRef)
		if !ok || seen[r] {
			return errors.New("its page tree is not a tree of references")
		}
		seen[r] = true
		node := d.dict(r)
		if node == nil || depth > maxPageDepth {
			return fmt.Errorf("its page tree is broken at object %d", r)
		}
		if v, ok := node["Resources"]; ok {
			res = v
		}
		if node["Type"] == pdfName("Page") {
			if len(out) == maxPages {
				return fmt.Errorf("more than %d pages", maxPages)
			}
			pg := pdfDict{"Contents": node["Contents"], "Resources": res}
			out = append(out, pg)
			return nil
		}
		kids, _ := d.get(node["Kids"]).([]any)
		for _, k := range kids {
			if err := walk(k, res, depth+1); err != nil {
				return err
			}
		}
		return nil
	}
	if err := walk(cat["Pages"], nil, 0); err != nil {
		return nil, err
	}
	return out, nil
}

// contents is a page's content, its streams inflated and joined; total
// counts the bytes inflated so far, against maxText.
func (d *pdfDoc) contents(pg pdfDict, total *int) ([]byte, error) {
	refs, ok := d.get(pg["Contents"]).([]any)
	if !ok {
		refs = []any{pg["Contents"]}
	}
	var out []byte
	for _, ref := range refs {
		r, ok := ref.(pdfRef)
		o := d.objs[int(r)]
		if !ok || o == nil || o.stream == nil {
			return nil, fmt.Errorf("its content %v is not a stream", ref)
		}
		b, err := inflate(d.dict(o.v), o.stream, maxText-*total)
		if err != nil {
			return nil, fmt.Errorf("its content stream %d: %v", r, err)
		}
		*total += len(b)
		out = append(append(out, b...), '\n')
	}
	return out, nil
}

// inflate undoes a stream's filter: none, or /FlateDecode without
// parameters (fpdf's), at most maxInflated bytes and room.
func inflate(dict pdfDict, raw []byte, room int) ([]byte, error) {
	f := dict["Filter"]
	if a, ok := f.([]any); ok && len(a) == 1 {
		f = a[0]
	}
	switch {
	case f == nil:
		return raw, nil
	case f != pdfName("FlateDecode"):
		return nil, fmt.Errorf("filter %v, which drawshow never writes", f)
	case dict["DecodeParms"] != nil:
		return nil, errors.New("/FlateDecode with parameters, which drawshow never writes")
	}
	zr, err := zlib.NewReader(bytes.NewReader(raw))
	if err != nil {
		return nil, err
	}
	limit := min(maxInflated, room)
	b, err := io.ReadAll(io.LimitReader(zr, int64(limit)+1))
	if err != nil {
		return nil, err
	}
	if len(b) > limit {
		return nil, fmt.Errorf("it inflates to more than %s, past what verify reads of a report", size(uint64(limit)))
	}
	return b, nil
}

// type0 says, for each of a page's fonts by its resource name, whether
// its strings are two bytes a character.
func (d *pdfDoc) type0(pg pdfDict) map[string]bool {
	fonts := d.dict(d.dict(pg["Resources"])["Font"])
	out := make(map[string]bool, len(fonts))
	for name, f := range fonts {
		out[name] = d.dict(f)["Subtype"] == pdfName("Type0")
	}
	return out
}

// pageRuns reads a content stream's text runs: each Tj, ', " string, and
// each TJ array's strings joined (fpdf's justified text spaces words with
// strings of their own), and the strings of a marked-content sequence
// joined (pdfpage prints a text whose characters need several fonts as
// a run in each, inside one). An inline image is counted in overlays.
func pageRuns(content []byte, type0 map[string]bool, overlays map[string]int) ([]string, error) {
	l := &lexer{b: content}
	var runs []string
	var ops []any
	two := false
	marked := 0                 // the depth of marked-content sequences
	var joined *strings.Builder // the text of the outermost, when open
	show := func(s []byte) {
		if joined != nil {
			joined.WriteString(decodeText(s, two))
			return
		}
		runs = append(runs, decodeText(s, two))
	}
	for {
		tok, err := l.token()
		if err == io.EOF {
			if joined != nil {
				runs = append(runs, joined.String())
			}
			return runs, nil
		}
		if err != nil {
			return nil, err
		}
		op, ok := tok.(pdfOp)
		if ok && (op == "[" || op == "<<") {
			if tok, err = l.value(tok, false, 0); err != nil {
				return nil, err
			}
			ok = false
		}
		if !ok {
			if len(ops) == maxOperands {
				return nil, fmt.Errorf("more than %d operands to an operator", maxOperands)
			}
			ops = append(ops, tok)
			continue
		}
		last := func() any {
			if len(ops) == 0 {
				return nil
			}
			return ops[len(ops)-1]
		}
		switch op {
		case "Tf":
			if len(ops) == 2 {
				name, _ := ops[0].(pdfName)
				two = type0[string(name)]
			}
		case "Tj", "'", `"`:
			if s, ok := last().([]byte); ok {
				show(s)
			}
		case "TJ":
			if a, ok := last().([]any); ok {
				var s []byte
				for _, x := range a {
					if b, ok := x.([]byte); ok {
						s = append(s, b...)
					}
				}
				show(s)
			}
		case "Tr":
			// text drawn invisible (3), or as a clip, can hide the text
			// read while something else shows
			if m, ok := last().(float64); ok && m != 0 {
				overlays[fmt.Sprintf("text in render mode %v", m)]++
			}
		case "BMC", "BDC":
			if marked++; marked == 1 {
				joined = &strings.Builder{}
			}
		case "EMC":
			if marked > 0 {
				if marked--; marked == 0 {
					runs = append(runs, joined.String())
					joined = nil
				}
			}
		case "BI":
			overlays["inline image"]++
			if err := l.skipImage(); err != nil {
				return nil, err
			}
		}
		ops = ops[:0]
	}
}

// skipImage passes over an inline image's data, to its "EI".
func (l *lexer) skipImage() error {
	for {
		j := bytes.Index(l.b[l.i:], []byte("EI"))
		if j < 0 {
			return errors.New("an inline image without its end")
		}
		at := l.i + j
		l.i = at + 2
		if at > 0 && isWhite(l.b[at-1]) && (l.i == len(l.b) || isWhite(l.b[l.i])) {
			return nil
		}
	}
}

// decodeText reads a string shown in a font: UTF-16BE in a two-byte font
// (fpdf's utf8toutf16 of the text), else a byte a character.
func decodeText(s []byte, two bool) string {
	if !two {
		r := make([]rune, len(s))
		for i, c := range s {
			r[i] = rune(c)
		}
		return string(r)
	}
	u := make([]uint16, 0, len(s)/2)
	for i := 0; i+1 < len(s); i += 2 {
		u = append(u, uint16(s[i])<<8|uint16(s[i+1]))
	}
	out := string(utf16.Decode(u))
	if len(s)%2 == 1 {
		out += "\ufffd"
	}
	return out
}
