package flightlog

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"
)

// The log is for support, not for the record: it never holds the seed, a
// full name or a card number. What the program logs is chosen so that it
// holds none (an action's verb, never the name typed for a proxy; a
// pick's segment and place, never its card), and every string written
// passes a Redactor besides, for what comes in words from elsewhere: a
// refusal that quotes a proxy's name, a file problem that quotes a cell.

// Redacted stands in for a secret the log was told of.
const Redacted = "[redacted]"

// minSecret is the shortest secret the redactor replaces: a shorter one
// would cut up every other word.
const minSecret = 3

// cardRun is a number long enough to be a card or an ID number (8 digits
// or more, standing alone), or one written in groups of four; the
// stage's mask keeps its last four digits, as the big screen does.
var cardRun = regexp.MustCompile(`\b(?:[0-9]{4}[ -]){2,}[0-9]{4}\b|\b[0-9]{8,}\b`)

// Redactor takes secrets out of the strings written to the log. Its
// methods are safe for concurrent use.
type Redactor struct {
	mu      sync.RWMutex
	secrets []string
	re      *regexp.Regexp // the secrets, case-insensitively; nil when none
}

// Add makes the redactor replace each secret (the seed in hex, a name
// typed) wherever it appears, in any case. Secrets shorter than three
// characters are ignored.
func (r *Redactor) Add(secrets ...string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := len(r.secrets)
	for _, s := range secrets {
		if s = strings.TrimSpace(s); utf8.RuneCountInString(s) >= minSecret {
			r.secrets = append(r.secrets, s)
		}
	}
	if len(r.secrets) != n {
		r.re = secretsRegexp(r.secrets)
	}
}

func secretsRegexp(secrets []string) *regexp.Regexp {
	if len(secrets) == 0 {
		return nil
	}
	q := make([]string, len(secrets))
	for i, s := range secrets {
		q[i] = regexp.QuoteMeta(s)
	}
	return regexp.MustCompile("(?i)" + strings.Join(q, "|"))
}

// String is s with every secret replaced by Redacted and every card-like
// number masked to its last four digits; extra are secrets of this string
// alone (what was typed for the action it reports).
func (r *Redactor) String(s string, extra ...string) string {
	if r != nil {
		r.mu.RLock()
		re := r.re
		r.mu.RUnlock()
		if re != nil {
			s = re.ReplaceAllLiteralString(s, Redacted)
		}
	}
	var own []string
	for _, e := range extra {
		if e = strings.TrimSpace(e); utf8.RuneCountInString(e) >= minSecret {
			own = append(own, e)
		}
	}
	if re := secretsRegexp(own); re != nil {
		s = re.ReplaceAllLiteralString(s, Redacted)
	}
	return MaskNumbers(s)
}

// MaskNumbers masks every card-like number in s as the big screen does:
// "•••• 1234".
func MaskNumbers(s string) string {
	return cardRun.ReplaceAllStringFunc(s, func(n string) string {
		return "•••• " + n[len(n)-4:]
	})
}

// Value redacts one field's value: strings, errors, Stringers and lists
// of strings; other values (numbers, times, booleans) are kept.
func (r *Redactor) Value(v any, extra ...string) any {
	switch x := v.(type) {
	case string:
		return r.String(x, extra...)
	case error:
		return r.String(x.Error(), extra...)
	case fmt.Stringer:
		return r.String(x.String(), extra...)
	case []string:
		out := make([]string, len(x))
		for i, s := range x {
			out[i] = r.String(s, extra...)
		}
		return out
	}
	return v
}

// quoted is a Go-quoted string, as the file problems quote a cell.
var quoted = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)

// MaskQuoted replaces each quoted value in a problem's text by "…", but
// for a column's or sheet's name ("column \"Member Name\""): a file
// problem quotes the cell it found wrong, and the cell may be a name.
func MaskQuoted(s string) string {
	idx := quoted.FindAllStringIndex(s, -1)
	if idx == nil {
		return s
	}
	var b strings.Builder
	last := 0
	for _, m := range idx {
		before := strings.ToLower(s[:m[0]])
		b.WriteString(s[last:m[0]])
		if strings.HasSuffix(before, "column ") || strings.HasSuffix(before, "sheet ") {
			b.WriteString(s[m[0]:m[1]])
		} else {
			b.WriteString(`"…"`)
		}
		last = m[1]
	}
	b.WriteString(s[last:])
	return b.String()
}
