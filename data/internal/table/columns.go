package table

import "strconv"

// A Column is one column of a list the exports write: its header, its
// width where the file has widths (the workbook's characters), and its
// value in a row of R. A list's table is a Columns, and its writers read
// the headers, the widths and the values from it.
type Column[R any] struct {
	Head  string
	Width float64 // the workbook's characters, the PDF's millimetres
	Align string  // the PDF's: "L" (or "") or "R"
	Value func(R) any
}

// Columns is one list's table, in the order the file lays them out.
type Columns[R any] []Column[R]

// Heads are the headers, in order.
func (cs Columns[R]) Heads() []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Head
	}
	return out
}

// Widths are the widths, in order.
func (cs Columns[R]) Widths() []float64 {
	out := make([]float64, len(cs))
	for i, c := range cs {
		out[i] = c.Width
	}
	return out
}

// Cells are r's values, as a workbook takes them: numbers stay numbers.
func (cs Columns[R]) Cells(r R) []any {
	out := make([]any, len(cs))
	for i, c := range cs {
		out[i] = c.Value(r)
	}
	return out
}

// Texts are r's values as a CSV writes them.
func (cs Columns[R]) Texts(r R) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		switch v := c.Value(r).(type) {
		case string:
			out[i] = v
		case int:
			out[i] = strconv.Itoa(v)
		case int64:
			out[i] = strconv.FormatInt(v, 10)
		default:
			panic("table: a CSV column's value is a string or a whole number")
		}
	}
	return out
}

// Amount is a sum as a workbook's cell: the number, else empty when zero.
func Amount(n int64) any {
	if n == 0 {
		return ""
	}
	return n
}
