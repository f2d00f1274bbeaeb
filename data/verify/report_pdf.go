package verify

import (
	"fmt"

	"drawshow/data/internal/pdfpage"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// An export of today's record format is held to report.pdf's bytes: a
// fresh render gives the same file, and the bytes catch an image or a
// shape laid over the text as well as the text. An earlier format's
// report was laid out by an earlier release, so reportText holds it to
// what it says instead: its text, the page furniture set aside, word by
// word, and nothing laid over it that the fresh render lacks.

// pageNumber is the footer's "page N of M".
var pageNumber = regexp.MustCompile(`(?i)^page \d+ of \d+$`)

// reportText names where an earlier release's report (got) says other
// than the fresh render of the record (want), at most maxNamed things.
func reportText(got, want []byte) []string {
	g, err := ReadPDF(got)
	if err != nil {
		return []string{fmt.Sprintf("not a PDF verify can read: %v", err)}
	}
	w, err := ReadPDF(want)
	if err != nil {
		return []string{fmt.Sprintf("the record's report: %v", err)}
	}
	out := laidOver(g, w)
	gp, wp := normalized(g.Pages), normalized(w.Pages)
	// the furniture is what begins and ends every page of the record's
	// report; with one page, what begins and ends every page of both
	from := wp
	if len(wp) < 2 {
		from = append(slices.Clone(wp), gp...)
	}
	head, foot := furniture(from)
	out = append(out, wordDiff(words(gp, head, foot), words(wp, head, foot))...)
	if len(out) > maxNamed {
		out = append(out[:maxNamed], "and more")
	}
	return out
}

// beforeFallbacks says whether got, a report of today's record format,
// was laid out by a release before the PDFs' fallback fonts, where the
// fresh render (want) prints a name in one: the text is the same, the
// bytes are not, and it is held to what it says as an earlier format's
// report is.
func beforeFallbacks(got, want []byte) bool {
	g, err := ReadPDF(got)
	if err != nil {
		return false
	}
	w, err := ReadPDF(want)
	if err != nil {
		return false
	}
	return slices.ContainsFunc(w.Fonts, pdfpage.FallbackFont) && !slices.ContainsFunc(g.Fonts, pdfpage.FallbackFont)
}

// laidOver names the fonts and the overlays (images, forms, annotations)
// of got that want lacks: they could show something over its text.
func laidOver(g, w *PDFText) []string {
	var out []string
	for _, f := range g.Fonts {
		if !slices.Contains(w.Fonts, f) {
			out = append(out, fmt.Sprintf("it uses the font %s, which the record's report does not: something was laid over its text", f))
		}
	}
	kinds := make([]string, 0, len(g.Overlays))
	for k := range g.Overlays {
		kinds = append(kinds, k)
	}
	slices.Sort(kinds)
	for _, k := range kinds {
		if n := g.Overlays[k] - w.Overlays[k]; n > 0 {
			out = append(out, fmt.Sprintf("it holds %d %s(s) the record's report does not: something was laid over its text", n, k))
		}
	}
	return out
}

// normalized are the pages' runs with their white space collapsed, the
// empty ones and the page numbers left out.
func normalized(pages [][]string) [][]string {
	out := make([][]string, len(pages))
	for i, runs := range pages {
		for _, r := range runs {
			r = strings.Join(strings.Fields(r), " ")
			if r != "" && !pageNumber.MatchString(r) {
				out[i] = append(out[i], r)
			}
		}
	}
	return out
}

// furniture is the runs every page begins with (its header) and ends
// with (its footer), of pages as fpdf writes them: the header first, the
// footer last.
func furniture(pages [][]string) (head, foot []string) {
	if len(pages) == 0 {
		return nil, nil
	}
	head, foot = pages[0], pages[0]
	for _, p := range pages[1:] {
		n := 0
		for n < len(head) && n < len(p) && head[n] == p[n] {
			n++
		}
		head = head[:n]
		n = 0
		for n < len(foot) && n < len(p) && foot[len(foot)-1-n] == p[len(p)-1-n] {
			n++
		}
		foot = foot[len(foot)-n:]
	}
	return head, foot
}

// words are the pages' words in order, each page's furniture taken off
// where it has it.
func words(pages [][]string, head, foot []string) []string {
	var out []string
	for _, p := range pages {
		if len(p) >= len(head) && slices.Equal(p[:len(head)], head) {
			p = p[len(head):]
		}
		if len(p) >= len(foot) && slices.Equal(p[len(p)-len(foot):], foot) {
			p = p[:len(p)-len(foot)]
		}
		for _, r := range p {
			out = append(out, strings.Fields(r)...)
		}
	}
	return out
}

// How wordDiff finds the texts again after a difference: the next
// stretch of syncWords words both say, within syncWindow words of it.
const (
	syncWords  = 3
	syncWindow = 200
)

// wordDiff names where the report's words (g) differ from the record's
// (w): what it says, what the record gives, after what.
func wordDiff(g, w []string) []string {
	var out []string
	i, j := 0, 0
	for len(out) <= maxNamed {
		for i < len(g) && j < len(w) && g[i] == w[j] {
			i, j = i+1, j+1
		}
		if i == len(g) && j == len(w) {
			break
		}
		ni, nj := resync(g, w, i, j)
		var s string
		switch says, gives := phrase(g[i:ni]), phrase(w[j:nj]); {
		case ni == i:
			s = fmt.Sprintf("it leaves out %s, which the record gives", gives)
		case nj == j:
			s = fmt.Sprintf("it says %s, which the record does not", says)
		default:
			s = fmt.Sprintf("it says %s, the record gives %s", says, gives)
		}
		if j > 0 {
			s += fmt.Sprintf(" (after %s)", phrase(w[max(0, j-5):j]))
		}
		out = append(out, s)
		i, j = ni, nj
	}
	return out
}

// resync finds the nearest place past (i, j) where g and w say the same
// again; with none near, both ends.
func resync(g, w []string, i, j int) (int, int) {
	same := func(a, b int) bool {
		ra, rb := len(g)-a, len(w)-b
		if ra < syncWords || rb < syncWords {
			return ra == rb && slices.Equal(g[a:], w[b:])
		}
		return slices.Equal(g[a:a+syncWords], w[b:b+syncWords])
	}
	for d := 1; d <= 2*syncWindow; d++ {
		for a := max(0, d-syncWindow); a <= min(d, syncWindow); a++ {
			if i+a <= len(g) && j+d-a <= len(w) && same(i+a, j+d-a) {
				return i + a, j + d - a
			}
		}
	}
	return len(g), len(w)
}

// phrase quotes words, at most a dozen of them.
func phrase(ws []string) string {
	if len(ws) > 12 {
		return strconv.Quote(strings.Join(ws[:12], " ")+" …") + fmt.Sprintf(" (%d words)", len(ws))
	}
	return strconv.Quote(strings.Join(ws, " "))
}
