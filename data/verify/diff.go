package verify

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// DiffJSON names the fields where two values differ as JSON, with both
// values: `draw sat-cash, pick 2, outcome: "claimed" in record.json,
// "forfeit" in the database`, for aName "record.json" and bName "the
// database". An element of a list is named as the auditor reads it on
// paper (see label), else by its place. A value may be JSON text as a
// json.RawMessage.
func DiffJSON(a, b any, aName, bName string) []string {
	return diffJSON(a, b, aName, bName, nil)
}

// diffJSON is DiffJSON, passing over the differences skip takes: skip is
// given the field's path by its names, a list's elements under the
// list's ("draws.picks.outcome"), and both values (nil for none).
func diffJSON(a, b any, aName, bName string, skip func(path string, x, y any) bool) []string {
	var ja, jb any
	for _, p := range []struct {
		v   any
		out *any
	}{{a, &ja}, {b, &jb}} {
		raw, err := json.Marshal(p.v)
		if err != nil {
			return []string{err.Error()}
		}
		if err := json.Unmarshal(raw, p.out); err != nil {
			return []string{err.Error()}
		}
	}
	var out []string
	var walk func(at jsonPath, x, y any)
	walk = func(at jsonPath, x, y any) {
		switch xv := x.(type) {
		case map[string]any:
			yv, ok := y.(map[string]any)
			if !ok {
				break
			}
			keys := map[string]bool{}
			for k := range xv {
				keys[k] = true
			}
			for k := range yv {
				keys[k] = true
			}
			for _, k := range slices.Sorted(maps.Keys(keys)) {
				walk(at.with(part{name: k}), xv[k], yv[k])
			}
			return
		case []any:
			yv, ok := y.([]any)
			if !ok {
				break
			}
			list := ""
			if n := len(at); n > 0 && !at[n-1].label && at[n-1].index < 0 {
				list = at[n-1].name
			}
			for i := range max(len(xv), len(yv)) {
				var xi, yi any
				if i < len(xv) {
					xi = xv[i]
				}
				if i < len(yv) {
					yi = yv[i]
				}
				if l := label(list, xi, yi); l != "" {
					walk(at[:len(at)-1].with(part{name: l, label: true, list: list}), xi, yi)
				} else {
					walk(at.with(part{index: i}), xi, yi)
				}
			}
			return
		}
		xs, _ := json.Marshal(x)
		ys, _ := json.Marshal(y)
		if !bytes.Equal(xs, ys) && (skip == nil || !skip(at.names(), x, y)) {
			out = append(out, fmt.Sprintf("%s: %s in %s, %s in %s", at, xs, aName, ys, bName))
		}
	}
	walk(nil, ja, jb)
	return out
}

// A part of a path into a JSON value: a field's name, an element named
// as on paper (label), or an element's place (index).
type part struct {
	name  string
	label bool
	list  string // a labelled element's list
	index int
}

type jsonPath []part

func (p jsonPath) with(q part) jsonPath {
	if q.name != "" {
		q.index = -1
	}
	return append(slices.Clip(p), q)
}

// names is the path by its fields' names: "draws.picks.outcome".
func (p jsonPath) names() string {
	var ns []string
	for _, q := range p {
		switch {
		case q.label:
			ns = append(ns, q.list)
		case q.name != "":
			ns = append(ns, q.name)
		}
	}
	return strings.Join(ns, ".")
}

// String writes the path as the auditor reads it: "totals.cash", "draw
// sat-cash, pick 2, outcome", "wild card wc, numbers[1]".
func (p jsonPath) String() string {
	var b strings.Builder
	for i, q := range p {
		if q.name == "" {
			fmt.Fprintf(&b, "[%d]", q.index)
			continue
		}
		switch {
		case i == 0:
		case p[i-1].label || q.label:
			b.WriteString(", ")
		default:
			b.WriteString(".")
		}
		b.WriteString(q.name)
	}
	return b.String()
}

// label names an element of the list list as the auditor reads it on
// paper: a pick by its number (k + 1), a week of the ledger by its date,
// a draw, a wild card or anything else by its id, segment, name, date or
// card; "" when it has none, and it is named by its place.
func label(list string, x, y any) string {
	m, ok := x.(map[string]any)
	if !ok {
		if m, ok = y.(map[string]any); !ok {
			return ""
		}
	}
	noun := strings.ReplaceAll(strings.TrimSuffix(list, "s"), "_", " ")
	if list == "history" {
		noun = "week"
	}
	if noun == "" {
		return ""
	}
	if k, ok := m["k"].(float64); ok {
		return fmt.Sprintf("%s %d", noun, int(k)+1)
	}
	keys := []string{"id", "segment", "name", "date", "card"}
	if noun == "week" {
		keys = []string{"date"}
	}
	for _, key := range keys {
		if s, ok := m[key].(string); ok && s != "" {
			return noun + " " + s
		}
	}
	return ""
}
