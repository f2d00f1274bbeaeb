package verify

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// ShowAnchor is one line of the auditor's list of a campaign's official
// shows (verify --db FILE --anchors FILE): a show's id, its commitment
// as on its signed pre-show sheet, and its closing chain head as printed
// in its report (SEQ:HEXPREFIX). A show that carries anything from an
// earlier show (barred winners, bonus entries, the jackpot ledger) is
// held to the list: a source not on it, or whose commitment or head
// differs, is refused.
type ShowAnchor struct {
	Show       string
	Commitment string
	Head       Anchor
	Line       int // in the list, for what is said of it
}

// ParseShowAnchors reads the auditor's list: one line a show,
// SHOW_ID COMMITMENT SEQ:HEXPREFIX; blank lines and # comments are
// skipped.
func ParseShowAnchors(r io.Reader) ([]ShowAnchor, error) {
	var out []ShowAnchor
	seen := map[string]int{}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 3 {
			return nil, fmt.Errorf("anchors line %d: %q: want SHOW_ID COMMITMENT SEQ:HEXPREFIX", n, line)
		}
		c := strings.ToLower(f[1])
		if len(c) != 64 || strings.Trim(c, "0123456789abcdef") != "" {
			return nil, fmt.Errorf("anchors line %d: commitment %q is not 64 hex digits", n, f[1])
		}
		a, err := ParseAnchor(f[2])
		if err != nil {
			return nil, fmt.Errorf("anchors line %d: %v", n, err)
		}
		if first, ok := seen[f[0]]; ok {
			return nil, fmt.Errorf("anchors line %d: show %s is listed twice (first on line %d)", n, f[0], first)
		}
		seen[f[0]] = n
		out = append(out, ShowAnchor{Show: f[0], Commitment: c, Head: a, Line: n})
	}
	return out, sc.Err()
}
