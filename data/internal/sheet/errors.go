package sheet

import (
	"fmt"
	"strings"
)

// CellError is one problem in one row of a file.
type CellError struct {
	Row    int    // row number in the file, as a spreadsheet shows it; 0 when the problem is the whole file's
	Column string // the column's header; "" when the problem is not in one cell
	Value  string // the offending value
	Msg    string // what is wrong and, where it helps, what to do about it
}

// FileError lists the problems found in the rows of a file.
type FileError struct {
	File  string
	Errs  []CellError // the first problems, at most 50, in file order
	Total int         // the number of problems found, listed or not
}

// MaxListed is the most problems a FileError lists; it counts the others.
const MaxListed = 50

// Add lists c, or only counts it past the first 50.
func (e *FileError) Add(c CellError) {
	e.Total++
	if len(e.Errs) < MaxListed {
		e.Errs = append(e.Errs, c)
	}
}

// MergeRows adds problems found apart from the others, in row order, of
// which errs are the first; total counts them all. On the same row they come
// before the problems found as the row was read.
func (e *FileError) MergeRows(errs []CellError, total int) {
	if total == 0 {
		return
	}
	merged := make([]CellError, 0, min(len(e.Errs)+len(errs), MaxListed))
	a, b := e.Errs, errs
	for len(merged) < cap(merged) {
		if len(b) > 0 && (len(a) == 0 || b[0].Row <= a[0].Row) {
			merged, b = append(merged, b[0]), b[1:]
		} else {
			merged, a = append(merged, a[0]), a[1:]
		}
	}
	e.Errs = merged
	e.Total += total
}

// Error lists the problems one a line, each naming file, row and column.
func (e *FileError) Error() string {
	var b strings.Builder
	for i, c := range e.Errs {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.File)
		if c.Row > 0 {
			fmt.Fprintf(&b, " row %d", c.Row)
		}
		if c.Column != "" {
			fmt.Fprintf(&b, ", column %q", c.Column)
		}
		b.WriteString(": ")
		b.WriteString(c.Msg)
	}
	switch more := e.Total - len(e.Errs); {
	case more == 1:
		fmt.Fprintf(&b, "\n… and 1 more error (%d in all)", e.Total)
	case more > 1:
		fmt.Fprintf(&b, "\n… and %d more errors (%d in all)", more, e.Total)
	}
	return b.String()
}
