package show

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"go.yaml.in/yaml/v3"
)

// schemaFile is the committed schema, which go generate ./show writes.
const schemaFile = "../docs/showfile.schema.json"

// TestSchemaFileCurrent: docs/showfile.schema.json is what JSONSchema
// makes now, so a key added to the show file's structs (or a kind) cannot
// leave editors validating against an old schema.
func TestSchemaFileCurrent(t *testing.T) {
	want, err := JSONSchema()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(schemaFile)
	if err != nil {
		t.Fatalf("%v: make it with make schema (go generate ./show)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is stale: run make schema (go generate ./show) and commit it", schemaFile)
	}
}

// compileSchema compiles JSONSchema's schema with a validator of draft
// 2020-12, as an editor would.
func compileSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	b, err := JSONSchema()
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("showfile.schema.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("showfile.schema.json")
	if err != nil {
		t.Fatalf("the schema does not compile: %v", err)
	}
	return s
}

// asJSON is a YAML text as an editor's YAML plugin hands it to the
// schema: YAML 1.2's values, so a date such as 2024-11-25 is the text
// written, not a timestamp (which YAML 1.1, and a decode into any, make
// of it).
func asJSON(t *testing.T, text string) any {
	t.Helper()
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(text), &doc); err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(jsonOf(t, doc.Content[0]))
	if err != nil {
		t.Fatal(err)
	}
	out, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// jsonOf is a YAML node's value: a timestamp is its text.
func jsonOf(t *testing.T, n *yaml.Node) any {
	switch n = deref(n); n.Kind {
	case yaml.MappingNode:
		m := map[string]any{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			m[n.Content[i].Value] = jsonOf(t, n.Content[i+1])
		}
		return m
	case yaml.SequenceNode:
		s := []any{}
		for _, c := range n.Content {
			s = append(s, jsonOf(t, c))
		}
		return s
	}
	if n.Tag == "!!timestamp" {
		return n.Value
	}
	var v any
	if err := n.Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// TestSchemaTakesWhatLoadTakes: every show file of the repository that
// Load reads (the examples, the demo, the tests' own) passes the schema,
// so an editor never underlines a key drawshow takes.
func TestSchemaTakesWhatLoadTakes(t *testing.T) {
	s := compileSchema(t)
	var files []string
	for _, root := range []string{"../examples", "../assets", "../cmd", "testdata", "../data"} {
		filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && filepath.Base(path) == "show.yaml" {
				files = append(files, path)
			}
			return nil
		})
	}
	if len(files) < 15 {
		t.Fatalf("only %d show files found: %v", len(files), files)
	}
	for _, f := range files {
		if _, err := Load(f); err != nil {
			continue // a test's broken show: the schema need not pass it
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Validate(asJSON(t, string(b))); err != nil {
			t.Errorf("%s: Load takes it, the schema does not: %v", f, err)
		}
	}
}

// TestSchemaRefuses: what Load refuses for its keys and values, the
// schema refuses too: an unknown key anywhere, a key the segment's kind
// does not take, a value not one of its kind's, a required key left out.
func TestSchemaRefuses(t *testing.T) {
	s := compileSchema(t)
	const head = "promotion: Royal Flush\nproperty: Gold Reef City\n"
	ok := head + "segments:\n  - id: sat\n    entries: e.csv\n    prizes: [5000, R2 000]\n"
	if err := s.Validate(asJSON(t, ok)); err != nil {
		t.Fatalf("a good show refused: %v", err)
	}
	for name, text := range map[string]string{
		"unknown show key":        head + "colour: red\nsegments:\n  - id: sat\n    entries: e.csv\n",
		"unknown segment key":     head + "segments:\n  - id: sat\n    entries: e.csv\n    winers: 2\n",
		"a slide's key on draw":   head + "segments:\n  - id: sat\n    entries: e.csv\n    body: hello\n",
		"a draw's key on slide":   head + "segments:\n  - id: s\n    kind: slide\n    entries: e.csv\n",
		"unknown kind":            head + "segments:\n  - id: s\n    kind: raffle\n",
		"unknown ticket rule":     head + "segments:\n  - id: s\n    entries: e.csv\n    tickets: many\n",
		"unknown jackpot key":     head + "segments:\n  - id: s\n    kind: jackpot-chest\n    entries: e.csv\n    jackpot: {name: Chest, bass: 100}\n",
		"unknown column key":      head + "segments:\n  - id: s\n    entries: e.csv\n    columns: {kard: Card}\n",
		"no promotion":            "property: Gold Reef City\nsegments:\n  - id: sat\n    entries: e.csv\n",
		"no segment id":           head + "segments:\n  - entries: e.csv\n",
		"no segments":             head + "segments: []\n",
		"winners not a number":    head + "segments:\n  - id: s\n    entries: e.csv\n    winners: five\n",
		"witness not a mode":      head + "witness: sometimes\nsegments:\n  - id: s\n    entries: e.csv\n",
		"mask names not a yes/no": head + "mask: {names: maybe}\nsegments:\n  - id: s\n    entries: e.csv\n",
	} {
		if _, err := Parse("show.yaml", []byte(text)); err == nil {
			t.Errorf("%s: Load takes it; the test means a refused file", name)
		}
		if err := s.Validate(asJSON(t, text)); err == nil {
			t.Errorf("%s: the schema passes\n%s", name, text)
		}
	}
}

// The schema's keys are the parser's: keysOf of the same structs.
func TestSchemaKeys(t *testing.T) {
	var s struct {
		Properties map[string]struct {
			Items struct {
				Properties map[string]any `json:"properties"`
			} `json:"items"`
		} `json:"properties"`
	}
	b, _ := JSONSchema()
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	for _, k := range showKeys {
		if _, ok := s.Properties[k]; !ok {
			t.Errorf("show key %s not in the schema", k)
		}
	}
	for _, k := range segmentKeys() {
		if _, ok := s.Properties["segments"].Items.Properties[k]; !ok {
			t.Errorf("segment key %s not in the schema", k)
		}
	}
	if len(s.Properties) != len(showKeys) || len(s.Properties["segments"].Items.Properties) != len(segmentKeys()) {
		t.Errorf("the schema has %d show keys and %d segment keys, the parser %d and %d: %s", len(s.Properties), len(s.Properties["segments"].Items.Properties), len(showKeys), len(segmentKeys()), strings.Join(segmentKeys(), " "))
	}
}
