package show

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
)

//go:generate go run ./internal/schemagen ../docs/showfile.schema.json

// JSONSchema is the show file's JSON Schema (draft 2020-12), for an
// editor to validate a show file as it is typed. It is made, like the
// parser's own key checks, from the yaml tags of the structs the file is
// decoded into (fileYAML and what it holds) and from each kind's keys:
// every key a struct decodes and no other, each value of the type its
// field takes, the values a kind, a ticket rule or a mode may have, and
// for each kind the keys it takes. It says less than Load does (ranges,
// times, paths, what a kind requires): a file it passes may still fail
// drawshow check. docs/showfile.schema.json is its output (go generate
// ./show, make schema).
func JSONSchema() ([]byte, error) {
	root := schemaOf(reflect.TypeFor[fileYAML](), "")
	root["$schema"] = "https://json-schema.org/draft/2020-12/schema"
	root["title"] = "drawshow show file"
	// the decoder takes any scalar as text: prizes: [5000] is "5000"
	root["$defs"] = obj{"text": obj{"type": []string{"string", "number", "boolean"}}}
	root["description"] = "A drawshow show file: one night's run sheet (docs/showfile.md). Generated from the show package's yaml tags; drawshow check says more."
	seg := root["properties"].(obj)["segments"].(obj)
	seg["minItems"] = 1
	seg["items"].(obj)["allOf"] = kindRules()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(root); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

type obj = map[string]any

// schemaEnums are the values of a named string type the file takes.
var schemaEnums = map[reflect.Type]func() []string{
	reflect.TypeFor[SegmentKind](): func() []string { return strs(listedKinds()) },
	reflect.TypeFor[TicketRule]():  func() []string { return strs([]TicketRule{PerRow, Points, One}) },
	reflect.TypeFor[WinOnce]():     func() []string { return strs([]WinOnce{OncePerDraw, OncePerDay, OncePerShow}) },
	reflect.TypeFor[Attendance]():  func() []string { return strs([]Attendance{Required, NotRequired}) },
}

// schemaFieldRanges are the integer keys check holds to a range, and the
// range, so the schema refuses what check does (STRUCT.FIELD).
var schemaFieldRanges = map[string][2]int{
	"segmentYAML.Winners":   {1, maxWinners},
	"fileYAML.ClaimSeconds": {10, 3600},
	"fileYAML.CardLength":   {minCardLength, MaxCardLength},
}

// schemaFieldEnums are the values of plain string fields the parser
// reads as one of a few (STRUCT.FIELD).
var schemaFieldEnums = map[string][]string{
	"fileYAML.Witness":  strs([]WitnessMode{WitnessOpen, WitnessEachDraw}),
	"segmentYAML.Deck":  strs([]Deck{DeckEachWinner, DeckSession}),
	"segmentYAML.Cards": strs([]CardsMode{CardsElectronic, CardsPhysical}),
	"segmentYAML.Balls": strs([]CardsMode{CardsElectronic, CardsPhysical}),
}

// schemaRequired are the keys the parser requires whatever the kind.
var schemaRequired = map[reflect.Type][]string{
	reflect.TypeFor[fileYAML]():      {"promotion", "property", "segments"},
	reflect.TypeFor[segmentYAML]():   {"id"},
	reflect.TypeFor[listOptsYAML]():  {"file"},
	reflect.TypeFor[postponedYAML](): {"from", "reason"},
}

func strs[S ~string](v []S) []string {
	out := make([]string, len(v))
	for i, s := range v {
		out[i] = string(s)
	}
	return out
}

// schemaOf is the schema of a value the decoder reads into a field of
// type t (field names the struct field, for its enum).
func schemaOf(t reflect.Type, field string) obj {
	for t.Kind() == reflect.Pointer {
		t = t.Elem() // a pointer only tells a key left out from a zero
	}
	if e, ok := schemaEnums[t]; ok {
		return obj{"type": "string", "enum": e()}
	}
	if e, ok := schemaFieldEnums[field]; ok {
		return obj{"type": "string", "enum": e}
	}
	if r, ok := schemaFieldRanges[field]; ok {
		return obj{"type": "integer", "minimum": r[0], "maximum": r[1]}
	}
	if t == reflect.TypeFor[listYAML]() {
		// a list: its file, or its file and how to read it
		return obj{"anyOf": []any{obj{"$ref": "#/$defs/text"}, schemaOf(reflect.TypeFor[listOptsYAML](), "")}}
	}
	if t == reflect.TypeFor[listsYAML]() {
		// one list, or several
		one := schemaOf(reflect.TypeFor[listYAML](), "")
		return obj{"anyOf": []any{one, obj{"type": "array", "items": one, "minItems": 1}}}
	}
	if t == reflect.TypeFor[spendMin]() {
		// an amount for every tier, or each tier's
		amount := obj{"type": "integer", "minimum": 1}
		return obj{"anyOf": []any{amount, obj{"type": "object", "additionalProperties": amount}}}
	}
	switch t.Kind() {
	case reflect.String:
		return obj{"$ref": "#/$defs/text"}
	case reflect.Bool:
		return obj{"type": "boolean"}
	case reflect.Int, reflect.Int64:
		return obj{"type": "integer"}
	case reflect.Uint64:
		return obj{"type": "integer", "minimum": 0}
	case reflect.Float64:
		return obj{"type": "number"}
	case reflect.Slice:
		return obj{"type": "array", "items": schemaOf(t.Elem(), "")}
	case reflect.Map:
		return obj{"type": "object", "additionalProperties": schemaOf(t.Elem(), "")}
	case reflect.Struct:
		props := obj{}
		for i := range t.NumField() {
			f := t.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("yaml"), ",")
			if name == "" || name == "-" {
				continue
			}
			props[name] = schemaOf(f.Type, t.Name()+"."+f.Name)
		}
		s := obj{"type": "object", "properties": props, "additionalProperties": false}
		if req := schemaRequired[t]; req != nil {
			s["required"] = req
		}
		return s
	}
	panic(fmt.Sprintf("show: no JSON Schema for %s (%s)", t, field))
}

// kindRules are, for each kind a show file may name, the keys a segment
// of it takes: a plain draw's when kind is left out.
func kindRules() []any {
	var out []any
	for _, name := range listedKinds() {
		keys := kindOf(name).keys()
		if keys == nil {
			continue
		}
		keys = slices.Clone(keys)
		cond := obj{"properties": obj{"kind": obj{"const": string(name)}}, "required": []string{"kind"}}
		if name == KindDraw {
			cond = obj{"anyOf": []any{cond, obj{"not": obj{"required": []string{"kind"}}}}}
		}
		out = append(out, obj{"if": cond, "then": obj{"propertyNames": obj{"enum": keys}}})
	}
	return out
}
