package cli

import (
	"fmt"
	"io"
	"os"
	"time"

	"drawshow/data/entries"
	"drawshow/show"
)

// termEvery is how often a long import's line on the terminal is
// written again.
const termEvery = 500 * time.Millisecond

// TermProgress is a session's Progress that keeps a line on w, when w is
// a terminal, saying how far a long import has come: a run that imports
// 2 000 000 rows is not silent for its 17 seconds. Anything but a
// terminal (a file, a pipe, a test's buffer) gets nothing, so that
// output meant for machines stays as it was.
func TermProgress(w io.Writer) func(segment string, p entries.Progress) {
	if f, ok := w.(*os.File); !ok || !isTerminal(f) {
		return nil
	}
	return termProgress(w, time.Now)
}

func termProgress(w io.Writer, clock func() time.Time) func(segment string, p entries.Progress) {
	var last time.Time
	shown := false
	return func(segment string, p entries.Progress) {
		now := clock()
		if p.Finished {
			if shown {
				fmt.Fprintf(w, "\r%s: imported %s rows          \n", segment, show.Thousands(p.Rows))
			}
			shown, last = false, time.Time{}
			return
		}
		if last.IsZero() {
			last = now // a short import says nothing
			return
		}
		if now.Sub(last) < termEvery {
			return
		}
		last, shown = now, true
		line := fmt.Sprintf("\r%s: importing, %s rows", segment, show.Thousands(p.Rows))
		if x := p.Fraction(); x > 0 {
			line += fmt.Sprintf(", %d %%", int(x*100))
		}
		fmt.Fprint(w, line+"   ")
	}
}

func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// BothProgress calls each of fns that is not nil.
func BothProgress(fns ...func(string, entries.Progress)) func(string, entries.Progress) {
	return func(segment string, p entries.Progress) {
		for _, f := range fns {
			if f != nil {
				f(segment, p)
			}
		}
	}
}
