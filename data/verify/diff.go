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
// values: `draws[0].picks[1].outcome: "claimed" in record.json, "forfeit"
// in the database`, for aName "record.json" and bName "the database".
// A value may be JSON text as a json.RawMessage.
func DiffJSON(a, b any, aName, bName string) []string {
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
	var walk func(at string, x, y any)
	walk = func(at string, x, y any) {
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
				walk(strings.TrimPrefix(at+"."+k, "."), xv[k], yv[k])
			}
			return
		case []any:
			yv, ok := y.([]any)
			if !ok {
				break
			}
			for i := range max(len(xv), len(yv)) {
				var xi, yi any
				if i < len(xv) {
					xi = xv[i]
				}
				if i < len(yv) {
					yi = yv[i]
				}
				walk(fmt.Sprintf("%s[%d]", at, i), xi, yi)
			}
			return
		}
		xs, _ := json.Marshal(x)
		ys, _ := json.Marshal(y)
		if !bytes.Equal(xs, ys) {
			out = append(out, fmt.Sprintf("%s: %s in %s, %s in %s", at, xs, aName, ys, bName))
		}
	}
	walk("", ja, jb)
	return out
}
