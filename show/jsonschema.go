package show

import (
	"bytes"
	"drawshow/show/keys"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"
)

//go:generate go run ./internal/schemagen ../docs/showfile.schema.json

// JSONSchema is the show file's JSON Schema (draft 2020-12), for an
// editor to validate a show file as it is typed. It is made, like the
// parser's own key checks, from the yaml tags of the structs the file is
// decoded into (fileYAML and what it holds) and from each kind's keys:
// every key a struct decodes and no other, each value of the type its
// field takes, the values a kind, a ticket rule or a mode may have, and
// for each kind the keys it takes and those it requires; and every
// limit, pattern and enumeration the parser holds a value to, from the
// parser's own constants, regular expressions, layouts and lists. What
// it cannot say is a rule between two values (ids unique across the
// segments, as many prizes as winners, a window's end after its start),
// a day the month does not have, and what only the files on disk tell;
// schemacheck_test.go's corpus names each. docs/showfile.schema.json is
// its output (go generate ./show, make schema).
func JSONSchema() ([]byte, error) {
	root := schemaOf(reflect.TypeFor[fileYAML](), "")
	root["$schema"] = "https://json-schema.org/draft/2020-12/schema"
	root["title"] = "drawshow show file"
	// the decoder takes any scalar as text: prizes: [5000] is "5000"
	root["$defs"] = obj{"text": obj{"type": []string{"string", "number", "boolean"}}}
	root["description"] = "A drawshow show file: one night's run sheet (docs/showfile.md). Generated from the show package's yaml tags and limits; drawshow check says more: rules between values (each segment id once, as many prizes as winners) and what the files on disk hold."
	seg := root["properties"].(obj)["segments"].(obj)
	seg["minItems"] = 1
	seg["items"].(obj)["allOf"] = append(kindRules(), obj{
		// selected and manual: true both say who chooses the tickets
		"not": obj{"required": []string{"selected", "manual"}, "properties": obj{"selected": obj{"minLength": 1}, "manual": obj{"const": true}}},
	})
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(root); err != nil {
		return nil, err
	}
	// the control characters a pattern names, escaped: the file stays
	// plain text, and a validator reads the same characters
	var out strings.Builder
	for _, r := range b.String() {
		if r != '\n' && (unicode.IsControl(r) || IsBidiControl(r)) {
			fmt.Fprintf(&out, `\u%04x`, r)
			continue
		}
		out.WriteRune(r)
	}
	return []byte(out.String()), nil
}

type obj = map[string]any

// schemaEnums are the values of a named string type the file takes.
var schemaEnums = map[reflect.Type]func() []string{
	reflect.TypeFor[SegmentKind](): func() []string { return strs(listedKinds()) },
	reflect.TypeFor[TicketRule]():  func() []string { return strs([]TicketRule{PerRow, Points, One}) },
	reflect.TypeFor[WinOnce]():     func() []string { return strs([]WinOnce{OncePerDraw, OncePerDay, OncePerShow}) },
	reflect.TypeFor[Attendance]():  func() []string { return strs([]Attendance{Required, NotRequired}) },
}

// schemaFieldRanges are the numeric keys check holds to a range, and the
// range, so the schema refuses what check does (STRUCT.FIELD).
var schemaFieldRanges = map[string][2]float64{
	"segmentYAML.Winners":      {1, maxWinners},
	"bonusYAML.PerHour":        {0, maxWinners},
	"leaderboardYAML.Top":      {0, maxTop},
	"segmentYAML.HeaderRow":    {1, maxHeaderRow},
	"binYAML.HeaderRow":        {1, maxHeaderRow},
	"listOptsYAML.HeaderRow":   {1, maxHeaderRow},
	"fileYAML.ClaimSeconds":    {minClaimSeconds, maxClaimSeconds},
	"fileYAML.CardLength":      {minCardLength, MaxCardLength},
	"bonusEntriesYAML.PerWin":  {1, maxPerWin},
	"jackpotYAML.Base":         {0, maxJackpot},
	"jackpotYAML.Step":         {0, maxJackpot},
	"jackpotYAML.Consolation":  {0, maxJackpot},
	"jackpotYAML.Start":        {1, maxJackpot},
	"lastVisitYAML.WithinDays": {1, maxWithinDays},
	"fileYAML.Sound.Volume":    {0, maxVolume},
}

// schemaFields are the schemas of the values the parser reads by a
// pattern, or by more than one rule (STRUCT.FIELD), each made from what
// the parser reads them with.
var schemaFields = map[string]func() obj{
	"fileYAML.Promotion":       notBlank,
	"fileYAML.Property":        notBlank,
	"fileYAML.Currency":        func() obj { return text(orEmpty(currencyRe)) },
	"fileYAML.Timezone":        func() obj { return obj{"type": "string", "enum": Zones} },
	"fileYAML.DateFormat":      dateFormatSchema,
	"fileYAML.AuditorKey":      func() obj { return text(keys.Pattern) },
	"segmentYAML.DateFormat":   dateFormatSchema,
	"Brand.Primary":            colourSchema,
	"Brand.Accent":             colourSchema,
	"Brand.Background":         colourSchema,
	"listOptsYAML.File":        notBlank,
	"prizeDeskYAML.Where":      safeText,
	"prizeDeskYAML.Hours":      safeText,
	"prizeDeskYAML.PhoneCode":  phoneCodeSchema,
	"postponedYAML.Reason":     func() obj { return obj{"allOf": []any{notBlank(), safeText()}} },
	"postponedYAML.From":       func() obj { return obj{"anyOf": []any{text(atPattern()), text(datePattern())}} },
	"segmentYAML.ID":           idSchema,
	"segmentYAML.At":           func() obj { return text(atPattern()) },
	"binYAML.At":               func() obj { return text(atPattern()) },
	"binYAML.Entries":          func() obj { return obj{"$ref": "#/$defs/text", "minLength": 1} },
	"leaderboardYAML.Windows":  windowsSchema,
	"bonusYAML.Windows":        windowsSchema,
	"leaderboardYAML.Every":    func() obj { return text(durationPattern) },
	"segmentYAML.PrintedUntil": func() obj { return text(printedPattern()) },
	"segmentYAML.Tiers":        func() obj { return obj{"type": "array", "items": tierSchema()} },
	"segmentYAML.Cap":          tierCounts,
	"segmentYAML.Fixed":        tierCounts,
	"segmentYAML.Prizes":       func() obj { return obj{"type": "array", "items": notBlank(), "maxItems": maxWinners} },
	"bonusYAML.Envelopes":      func() obj { return obj{"type": "array", "items": notBlank()} },
	"bonusEntriesYAML.From":    nonEmptyList,
	"bonusEntriesYAML.Since":   func() obj { return text(datePattern()) },
	"excludeWinnersYAML.Of":    nonEmptyList,
	"excludeWinnersYAML.Since": func() obj { return text(datePattern()) },
	"lastVisitYAML.From":       func() obj { return text(orEmptyPattern(datePattern())) },
	"lastVisitYAML.To":         func() obj { return text(orEmptyPattern(datePattern())) },
	"jackpotYAML.Name":         idSchema,
	"jackpotYAML.Balls": func() obj {
		// 0 (or left out) is the usual number of balls
		return obj{"type": "integer", "anyOf": []any{obj{"const": 0}, obj{"minimum": minBalls, "maximum": maxBalls}}}
	},
}

// qualify any's schema: each rule names the column of its spend (set in
// init: it is made of the schemas of its structs).
func init() { schemaFields["qualifyYAML.Any"] = anySchema }

func anySchema() obj {
	// each rule names the column of its spend
	item := schemaOf(reflect.TypeFor[anyYAML](), "")
	item["properties"].(obj)["spend"] = obj{"allOf": []any{
		schemaOf(reflect.TypeFor[spendYAML](), ""),
		obj{"required": []string{"column"}, "properties": obj{"column": notBlank()}},
	}}
	return obj{"type": "array", "items": item, "minItems": 1, "maxItems": MaxSpends}
}

// schemaStructs are the rules of a mapping's keys together.
var schemaStructs = map[reflect.Type]func(s obj){
	reflect.TypeFor[qualifyYAML](): func(s obj) {
		s["minProperties"] = 1
		s["not"] = obj{"required": []string{"spend", "any"}}
	},
	reflect.TypeFor[lastVisitYAML](): func(s obj) {
		given := func(key string) obj {
			return obj{"required": []string{key}, "properties": obj{key: obj{"minLength": 1}}}
		}
		s["anyOf"] = []any{obj{"required": []string{"within_days"}}, given("from"), given("to")}
		s["not"] = obj{"allOf": []any{obj{"required": []string{"within_days"}}, given("from")}}
	},
}

// schemaFieldEnums are the values of plain string fields the parser
// reads as one of a few (STRUCT.FIELD).
var schemaFieldEnums = map[string][]string{
	"fileYAML.Witness":     strs([]WitnessMode{WitnessOpen, WitnessEachDraw}),
	"bonusYAML.Deck":       strs([]Deck{DeckEachWinner, DeckSession}),
	"royalFlushYAML.Cards": strs([]CardsMode{CardsElectronic, CardsPhysical}),
	"chestYAML.Balls":      strs([]CardsMode{CardsElectronic, CardsPhysical}),
}

// schemaRequired are the keys the parser requires whatever the kind.
var schemaRequired = map[reflect.Type][]string{
	reflect.TypeFor[fileYAML]():      {"promotion", "property", "segments"},
	reflect.TypeFor[segmentYAML]():   {"id"},
	reflect.TypeFor[listOptsYAML]():  {"file"},
	reflect.TypeFor[postponedYAML](): {"from", "reason"},
	reflect.TypeFor[binYAML]():       {"entries"},
	reflect.TypeFor[jackpotYAML]():   {"name"},
	reflect.TypeFor[spendYAML]():     {"min"},
	reflect.TypeFor[anyYAML]():       {"spend"},
	// per_win is at least 1, since a date
	reflect.TypeFor[bonusEntriesYAML]():   {"from", "per_win", "since"},
	reflect.TypeFor[excludeWinnersYAML](): {"of", "since"},
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
	if f, ok := schemaFields[field]; ok {
		return f()
	}
	if r, ok := schemaFieldRanges[field]; ok {
		kind := "integer"
		if t.Kind() == reflect.Float64 {
			kind = "number"
		}
		return obj{"type": kind, "minimum": r[0], "maximum": r[1]}
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
		return obj{"anyOf": []any{amount, obj{"type": "object", "additionalProperties": amount, "propertyNames": tierSchema(), "minProperties": 1}}}
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
			fname := t.Name() + "." + f.Name
			if t.Name() == "" { // a struct of fileYAML's own: sound, mask
				fname = field + "." + f.Name
			}
			props[name] = schemaOf(f.Type, fname)
		}
		if t == reflect.TypeFor[segmentYAML]() {
			ownProperties(props)
		}
		s := obj{"type": "object", "properties": props, "additionalProperties": false}
		if req := schemaRequired[t]; req != nil {
			s["required"] = req
		}
		if rules := schemaStructs[t]; rules != nil {
			rules(s)
		}
		return s
	}
	panic(fmt.Sprintf("show: no JSON Schema for %s (%s)", t, field))
}

// windowsSchema is a list of windows, a day and hours each.
func windowsSchema() obj { return obj{"type": "array", "items": text(windowPattern())} }

// ownProperties adds to a segment's properties the kinds' own keys, each
// once: a key two kinds share (windows) is one schema.
func ownProperties(props obj) {
	for _, name := range slices.Sorted(maps.Keys(registered)) {
		own := registered[name].own()
		if own == nil {
			continue
		}
		t := reflect.TypeOf(own).Elem()
		for i := range t.NumField() {
			f := t.Field(i)
			key, _, _ := strings.Cut(f.Tag.Get("yaml"), ",")
			s := schemaOf(f.Type, t.Name()+"."+f.Name)
			if had, ok := props[key]; ok && !reflect.DeepEqual(had, s) {
				panic(fmt.Sprintf("show: two kinds give key %s two schemas", key))
			}
			props[key] = s
		}
	}
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
		then := obj{"propertyNames": obj{"enum": keys}}
		k := kindOf(name)
		switch bare, from := k.needsEntries(&segmentYAML{}), k.needsEntries(&segmentYAML{From: []string{"x"}}); {
		case k.traits().page: // a slide, a leaderboard: no entries
		case bare && from:
			then["required"] = []string{"entries"}
		case bare: // its winners come from earlier segments, or from its file
			then["anyOf"] = []any{obj{"required": []string{"entries"}}, obj{"required": []string{"from"}, "properties": obj{"from": obj{"minItems": 1}}}}
		}
		if s, ok := k.(interface{ schema() obj }); ok {
			then = obj{"allOf": []any{then, s.schema()}}
		}
		out = append(out, obj{"if": cond, "then": then})
	}
	return out
}

// The patterns below are regular expressions in the syntax Go's regexp
// and ECMA-262 (an editor's validator) share: (?:…), \d, \s, \S, classes
// and \xHH escapes, no look-around.

// text is a string matching pattern.
func text(pattern string) obj { return obj{"type": "string", "pattern": pattern} }

// notBlank is a value the parser trims and requires: text with a
// character other than a space.
func notBlank() obj { return obj{"$ref": "#/$defs/text", "pattern": `\S`} }

// inner is re without its anchors, to make part of a pattern.
func inner(re *regexp.Regexp) string {
	return strings.TrimSuffix(strings.TrimPrefix(re.String(), "^"), "$")
}

// orEmpty is re, or nothing: a key the parser leaves to its default when
// it is empty.
func orEmpty(re *regexp.Regexp) string { return `^(?:` + inner(re) + `)?$` }

// orEmptyPattern is pattern (anchored), or nothing.
func orEmptyPattern(pattern string) string {
	return `^(?:` + strings.TrimSuffix(strings.TrimPrefix(pattern, "^"), "$") + `)?$`
}

func colourSchema() obj { return text(orEmpty(colourRe)) }

// idSchema is a segment id or a jackpot's name: a number is read as its
// digits, which the pattern takes.
func idSchema() obj {
	return obj{"anyOf": []any{text(idPattern.String()), obj{"type": "integer"}}}
}

// phoneCodeSchema is phone_code, trimmed; +27 is a number to YAML.
func phoneCodeSchema() obj {
	return obj{"anyOf": []any{text(`^\s*(?:` + inner(phoneCode) + `)?\s*$`), obj{"type": "integer", "minimum": 1, "maximum": 999}}}
}

// safeText is text without a character UnsafeRune refuses (a control or
// bidirectional control character) but the spaces the parser trims off.
func safeText() obj {
	var class strings.Builder
	for lo := rune(0); lo <= unicode.MaxRune; lo++ {
		if !unsafeRune(lo) {
			continue
		}
		hi := lo
		for hi+1 <= unicode.MaxRune && unsafeRune(hi+1) {
			hi++
		}
		class.WriteString(classRune(lo))
		if hi > lo {
			class.WriteString("-" + classRune(hi))
		}
		lo = hi
	}
	return obj{"$ref": "#/$defs/text", "pattern": `^\s*[^` + class.String() + `]*\s*$`}
}

func unsafeRune(r rune) bool { _, bad := UnsafeRune(string(r)); return bad }

// classRune writes r in a character class: \xHH below 0x100, itself above
// (the schema file escapes it as JSON).
func classRune(r rune) string {
	if r < 0x100 {
		return fmt.Sprintf(`\x%02x`, r)
	}
	return string(r)
}

// caseless is words, each letter of either case, as the parser compares
// them after strings.ToUpper or ToLower.
func caseless(words []string) string {
	alt := make([]string, len(words))
	for i, w := range words {
		var b strings.Builder
		for _, r := range w {
			if u, l := unicode.ToUpper(r), unicode.ToLower(r); u != l {
				fmt.Fprintf(&b, "[%c%c]", u, l)
			} else {
				b.WriteString(regexp.QuoteMeta(string(r)))
			}
		}
		alt[i] = b.String()
	}
	return strings.Join(alt, "|")
}

// dateFormatSchema is a date_format: one of DateFormats in either case,
// spaces around it trimmed; or left empty.
func dateFormatSchema() obj {
	return text(`^(?:\s*(?:` + caseless(DateFormats) + `)\s*)?$`)
}

// tierSchema is a tier as ParseTier reads it: a name in either case, or
// 10 (a number to YAML).
func tierSchema() obj {
	return obj{"anyOf": []any{text(`^\s*(?:` + caseless(tierNames[1:]) + `|10)\s*$`), obj{"const": 10}}}
}

// tierCounts is cap and fixed: a count of at least 1 for each tier named.
func tierCounts() obj {
	return obj{"type": "object", "propertyNames": tierSchema(), "additionalProperties": obj{"type": "integer", "minimum": 1}}
}

func nonEmptyList() obj {
	return obj{"type": "array", "items": obj{"$ref": "#/$defs/text"}, "minItems": 1}
}

// layoutFields are what time.Parse reads for each field of the layouts
// the parser uses: the field within its range (not within the month: 30
// February passes), the hour of one digit or two, and after the seconds
// a fraction, which Parse takes though the layout has none.
var layoutFields = []struct{ layout, pattern string }{
	{"2006", `\d{4}`},
	{"01", `(?:0[1-9]|1[0-2])`},
	{"02", `(?:0[1-9]|[12]\d|3[01])`},
	{"15", `(?:[01]?\d|2[0-3])`},
	{"04", `[0-5]\d`},
	{"05", `[0-5]\d(?:[.,]\d+)?`},
}

// layoutPattern is the text time.Parse takes for layout, unanchored.
func layoutPattern(layout string) string {
	var b strings.Builder
next:
	for layout != "" {
		for _, f := range layoutFields {
			if rest, ok := strings.CutPrefix(layout, f.layout); ok {
				b.WriteString(f.pattern)
				layout = rest
				continue next
			}
		}
		b.WriteString(regexp.QuoteMeta(layout[:1]))
		layout = layout[1:]
	}
	return b.String()
}

// atPattern is a local time as ParseLocal reads it: one of atLayouts.
func atPattern() string {
	alt := make([]string, len(atLayouts))
	for i, l := range atLayouts {
		alt[i] = layoutPattern(l)
	}
	return `^(?:` + strings.Join(alt, "|") + `)$`
}

// datePattern is a day as the parser reads it (time.DateOnly).
func datePattern() string { return `^` + layoutPattern(time.DateOnly) + `$` }

// windowPattern is a leaderboard's window: windowRe's day and hours, each
// as ParseLocal then reads it (windowRe asks two digits of the hour).
func windowPattern() string {
	clock := strings.Replace(layoutPattern("15:04"), `(?:[01]?\d|2[0-3])`, `(?:[01]\d|2[0-3])`, 1)
	return `^\s*` + layoutPattern(time.DateOnly) + `[T ]` + clock + `-` + clock + `\s*$`
}

// printedPattern is printed_until, trimmed: a time of day as
// printedClock reads it, PrintedDraw, or nothing.
func printedPattern() string {
	return `^\s*(?:` + regexp.QuoteMeta(PrintedDraw) + `|` + inner(printedClock) + `)?\s*$`
}

// durationPattern is a duration time.ParseDuration reads, above zero
// but for one of zeros alone (0s, 0h0m), which it does not tell: a sign
// of plus, and numbers each with its unit.
const durationPattern = `^\+?(?:(?:\d+\.?\d*|\.\d+)(?:ns|us|µs|μs|ms|s|m|h))+$`
