package entries

import "fmt"

// ReadSelection reads a selection made by the casino's own system (RAPS,
// TEEDS): its tickets, in the order the system chose them, one a row, from
// a CSV or XLSX file whose ticket column has one of the usual headers
// (Ticket, Ticket No, Receipt…). A ticket may be chosen once; an empty or
// rounded one is an error naming its row. sum is the file's SHA-256, in
// hex, of the bytes the tickets were read from.
func ReadSelection(path, sheet string, opts ...Option) (tickets []string, sum string, err error) {
	t, err := openTable(path, sheet, optionsOf(opts))
	if err != nil {
		return nil, "", err
	}
	defer t.Close()
	idx, fe := findColumns(t, []column{{role: "ticket", key: "ticket", aliases: ticketHeaders, need: true}})
	if fe != nil {
		return nil, "", fe
	}
	col := t.Header()[idx[0]]
	fe = &FileError{File: path}
	var out []string
	row := map[string]int{} // ticket → the row it was chosen on
	for t.Next() {
		c := rowCheck{fe: fe, line: t.Line()}
		v := cell(t.Record(), idx[0])
		tk := c.ticketID(col, "ticket", v)
		if tk == "" {
			continue
		}
		if first, ok := row[tk]; ok {
			c.bad(col, v, fmt.Sprintf("ticket %s is chosen twice (first on row %d): a selection chooses a ticket once", tk, first))
			continue
		}
		row[tk] = t.Line()
		out = append(out, tk)
	}
	if err := finish(t, fe); err != nil {
		return nil, "", err
	}
	if len(out) == 0 {
		return nil, "", &FileError{File: path, Errs: []CellError{{Row: 1, Msg: "no tickets: the selection has a header and no rows"}}, Total: 1}
	}
	if sum, err = t.SHA256(); err != nil {
		return nil, "", err
	}
	return out, sum, nil
}
