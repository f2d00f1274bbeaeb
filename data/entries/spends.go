package entries

import (
	"fmt"
	"strings"

	"drawshow/show"
)

// spend reads the spend cell v of column col, in whole currency units:
// every rule's least spend is whole, so R4 999.99 is below R5 000 as
// R4 999 is. An empty cell is 0, and a problem when use is Required.
func (c *rowCheck) spend(col, v string, use Use) uint64 {
	if v == "" {
		if use == Required {
			c.bad(col, v, "the spend is empty")
		}
		return 0
	}
	whole, _, err := parseAmount(v)
	if err != nil {
		c.bad(col, v, fmt.Sprintf("spend %q %v", v, err))
	}
	return whole
}

// Spends reads qualify any's later spends back from a row's other
// columns as the record stores them (Row.Extra), each by the header cols
// names, as Read matched it: ignoring case and surrounding spaces.
func Spends(extra map[string]string, cols [show.MaxSpends - 1]string) ([show.MaxSpends - 1]uint64, error) {
	var out [show.MaxSpends - 1]uint64
	for i, col := range cols {
		if col == "" {
			continue
		}
		v, ok := extra[col]
		if !ok {
			for h, hv := range extra {
				if strings.EqualFold(h, strings.TrimSpace(col)) {
					v, ok = hv, true
					break
				}
			}
		}
		if !ok {
			return out, fmt.Errorf("no column %q among the row's stored columns", col)
		}
		if v == "" {
			continue
		}
		whole, _, err := parseAmount(v)
		if err != nil {
			return out, fmt.Errorf("column %q: spend %q %v", col, v, err)
		}
		out[i] = whole
	}
	return out, nil
}
