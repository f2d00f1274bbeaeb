package verify

import (
	"errors"
	"fmt"
	"io"
	"strconv"
)

// PDF syntax (ISO 32000-1, 7.2 and 7.3), as much as the text of a
// report needs: a lexer for tokens and a parser for objects. A value is
// a float64, a pdfName, a []byte (a string, its escapes undone), a pdfOp
// (a keyword or operator), []any, pdfDict, pdfRef, bool or nil.

type (
	pdfName string         // without its slash
	pdfOp   string         // a keyword: an operator, obj, stream, R…
	pdfRef  int            // an indirect reference's object number
	pdfDict map[string]any // keys without their slash
)

// maxNest bounds how deep arrays and dictionaries nest: a hostile PDF
// must not take the stack.
const maxNest = 32

var errEnd = errors.New("the file ends mid-object")

type lexer struct {
	b []byte
	i int
}

func isWhite(c byte) bool {
	return c == 0 || c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' '
}

func isDelim(c byte) bool {
	switch c {
	case '(', ')', '<', '>', '[', ']', '{', '}', '/', '%':
		return true
	}
	return false
}

// skip passes over white space and comments.
func (l *lexer) skip() {
	for l.i < len(l.b) {
		switch c := l.b[l.i]; {
		case isWhite(c):
			l.i++
		case c == '%':
			for l.i < len(l.b) && l.b[l.i] != '\n' && l.b[l.i] != '\r' {
				l.i++
			}
		default:
			return
		}
	}
}

// token reads the next token; io.EOF at the end.
func (l *lexer) token() (any, error) {
	l.skip()
	if l.i >= len(l.b) {
		return nil, io.EOF
	}
	c := l.b[l.i]
	two := func(s string) bool { return l.i+1 < len(l.b) && string(l.b[l.i:l.i+2]) == s }
	switch {
	case c == '(':
		return l.literal()
	case two("<<"), two(">>"):
		l.i += 2
		return pdfOp(string(c) + string(c)), nil
	case c == '<':
		return l.hex()
	case c == '[', c == ']', c == '{', c == '}':
		l.i++
		return pdfOp(string(c)), nil
	case c == '/':
		l.i++
		return pdfName(l.word()), nil
	case c == ')', c == '>':
		return nil, fmt.Errorf("a stray %q at byte %d", c, l.i)
	}
	w := l.word()
	if isNumber(w) {
		if n, err := strconv.ParseFloat(w, 64); err == nil {
			return n, nil
		}
	}
	return pdfOp(w), nil
}

func (l *lexer) word() string {
	start := l.i
	for l.i < len(l.b) && !isWhite(l.b[l.i]) && !isDelim(l.b[l.i]) {
		l.i++
	}
	return string(l.b[start:l.i])
}

// isNumber: PDF numbers are digits, a sign and a point, no exponent.
func isNumber(w string) bool {
	digits := false
	for i := range len(w) {
		switch c := w[i]; {
		case c >= '0' && c <= '9':
			digits = true
		case c == '.', (c == '+' || c == '-') && i == 0:
		default:
			return false
		}
	}
	return digits
}

// literal reads a (string): nested parentheses, the backslash escapes,
// octal codes of up to three digits, a line break read as \n.
func (l *lexer) literal() ([]byte, error) {
	l.i++
	var out []byte
	depth := 1
	for l.i < len(l.b) {
		c := l.b[l.i]
		l.i++
		switch c {
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return out, nil
			}
		case '\r':
			c = '\n'
			if l.i < len(l.b) && l.b[l.i] == '\n' {
				l.i++
			}
		case '\\':
			if l.i >= len(l.b) {
				return nil, errEnd
			}
			c = l.b[l.i]
			l.i++
			switch c {
			case 'n':
				c = '\n'
			case 'r':
				c = '\r'
			case 't':
				c = '\t'
			case 'b':
				c = '\b'
			case 'f':
				c = '\f'
			case '\r', '\n': // a line continued
				if c == '\r' && l.i < len(l.b) && l.b[l.i] == '\n' {
					l.i++
				}
				continue
			case '0', '1', '2', '3', '4', '5', '6', '7':
				v := int(c - '0')
				for k := 0; k < 2 && l.i < len(l.b) && l.b[l.i] >= '0' && l.b[l.i] <= '7'; k++ {
					v = v*8 + int(l.b[l.i]-'0')
					l.i++
				}
				c = byte(v)
			}
		}
		out = append(out, c)
	}
	return nil, errEnd
}

// hex reads a <hex string>; a last odd digit is followed by a 0.
func (l *lexer) hex() ([]byte, error) {
	l.i++
	var out []byte
	half := -1
	for l.i < len(l.b) {
		c := l.b[l.i]
		l.i++
		var v int
		switch {
		case c == '>':
			if half >= 0 {
				out = append(out, byte(half<<4))
			}
			return out, nil
		case isWhite(c):
			continue
		case c >= '0' && c <= '9':
			v = int(c - '0')
		case c >= 'a' && c <= 'f':
			v = int(c-'a') + 10
		case c >= 'A' && c <= 'F':
			v = int(c-'A') + 10
		default:
			return nil, fmt.Errorf("%q in a hex string", c)
		}
		if half < 0 {
			half = v
		} else {
			out = append(out, byte(half<<4|v))
			half = -1
		}
	}
	return nil, errEnd
}

// value reads the object that starts with tok, already read: an array
// or a dictionary to its end, "n g R" as a reference when refs is set.
func (l *lexer) value(tok any, refs bool, depth int) (any, error) {
	if depth > maxNest {
		return nil, errors.New("arrays or dictionaries nested too deep")
	}
	next := func() (any, error) {
		t, err := l.token()
		if err == io.EOF {
			return nil, errEnd
		}
		return t, err
	}
	switch t := tok.(type) {
	case pdfOp:
		switch t {
		case "[":
			var arr []any
			for {
				t, err := next()
				if err != nil {
					return nil, err
				}
				if t == pdfOp("]") {
					return arr, nil
				}
				v, err := l.value(t, refs, depth+1)
				if err != nil {
					return nil, err
				}
				arr = append(arr, v)
			}
		case "<<":
			d := pdfDict{}
			for {
				t, err := next()
				if err != nil {
					return nil, err
				}
				if t == pdfOp(">>") {
					return d, nil
				}
				k, ok := t.(pdfName)
				if !ok {
					return nil, fmt.Errorf("a dictionary's key is %v, not a name", t)
				}
				if t, err = next(); err != nil {
					return nil, err
				}
				v, err := l.value(t, refs, depth+1)
				if err != nil {
					return nil, err
				}
				d[string(k)] = v
			}
		case "true", "false":
			return t == "true", nil
		case "null":
			return nil, nil
		}
	case float64:
		if !refs {
			return t, nil
		}
		at := l.i
		if g, err := l.token(); err == nil {
			if _, ok := g.(float64); ok {
				if r, err := l.token(); err == nil && r == pdfOp("R") {
					return pdfRef(int(t)), nil
				}
			}
		}
		l.i = at
	}
	return tok, nil
}
