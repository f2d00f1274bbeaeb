package verify

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// FuzzArchive: a zip an auditor is handed. Checking it never panics, never
// writes outside its own folder, and an archive that cannot hold is named
// in the report, not taken.
func FuzzArchive(f *testing.F) {
	for _, files := range []map[string]string{
		{"s/SHA256SUMS": "", "s/record.json": "{}"},
		{"s/SHA256SUMS": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  record.json\n", "s/record.json": ""},
		{"s/../../escape": "x", "s/SHA256SUMS": ""},
		{"s/journal.jsonl": "{}\n", "s/SHA256SUMS": "zz  journal.jsonl\n"},
	} {
		var buf bytes.Buffer
		zw := zip.NewWriter(&buf)
		for name, body := range files {
			w, _ := zw.Create(name)
			w.Write([]byte(body))
		}
		zw.Close()
		f.Add(buf.Bytes())
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		dir := t.TempDir()
		p := filepath.Join(dir, "a.zip")
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		r, err := Archive(p, func(*Report, string) {})
		if err != nil {
			return
		}
		if len(r.Problems) == 0 {
			t.Fatalf("an archive from the fuzzer holds: %+v", r)
		}
		ents, _ := os.ReadDir(dir)
		if len(ents) != 1 {
			t.Fatalf("verify wrote beside the archive: %v", ents)
		}
	})
}

// FuzzDiffJSON: two JSON texts, as record.json and the record's own.
// Equal texts have no difference; every difference names a place.
func FuzzDiffJSON(f *testing.F) {
	f.Add([]byte(`{"a":[1,2,{"b":null}]}`), []byte(`{"a":[1,3]}`))
	f.Add([]byte(`[]`), []byte(`{}`))
	f.Add([]byte(`"x"`), []byte(`"x"`))
	f.Fuzz(func(t *testing.T, a, b []byte) {
		if !json.Valid(a) || !json.Valid(b) {
			return
		}
		if d := DiffJSON(json.RawMessage(a), json.RawMessage(a), "a", "a"); len(d) > 0 {
			t.Fatalf("a text differs from itself: %q", d)
		}
		DiffJSON(json.RawMessage(a), json.RawMessage(b), "a", "b")
	})
}

// FuzzPeople: people.json. A file that reads has no field the record
// does not know.
func FuzzPeople(f *testing.F) {
	f.Add([]byte(`{"seg":{"C1":{"Name":"A","Tier":1,"Area":"","Property":"","Extra":{"Phone":"1"}}}}`))
	f.Add([]byte(`{"seg":{"C1":{"Nmae":"A"}}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		r := &Report{}
		if _, ok := parsePeople(r, b); !ok && len(r.Problems) == 0 {
			t.Fatal("refused without a problem")
		}
	})
}
