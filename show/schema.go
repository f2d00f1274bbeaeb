package show

import (
	"reflect"
	"strings"
)

// keysOf lists the YAML keys a show-file struct takes, in field order,
// from its yaml tags: the schema is written once, as the struct the file
// is decoded into. A pointer is followed to what it points at.
func keysOf(v any) []string {
	t := reflect.TypeOf(v)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	keys := make([]string, 0, t.NumField())
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ",")
		if name != "" && name != "-" {
			keys = append(keys, name)
		}
	}
	return keys
}
