package verify

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"drawshow/data/witness"
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

// FuzzParseAnchor: an anchor typed off paper. What reads is a row and
// 16 to 64 lowercase hex digits, reads again the same when written
// plainly or in the board's groups of four, upper case, and holds a
// record whose row hashes to it, not one whose hash differs in a digit.
func FuzzParseAnchor(f *testing.F) {
	for _, s := range []string{"41:f97aa6534016057a", " 41 : F97A A653 4016 057A ", "0:f97aa6534016057a", "1:f97aa653401605", "-1:f97aa6534016057a",
		"9223372036854775808:f97aa6534016057a", "1:f97aa6534016057g", "1:" + strings.Repeat("ab", 33), "f97aa6534016057a", "1:f97aa6534016057a1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := ParseAnchor(s)
		if err != nil {
			if a != (Anchor{}) || !strings.Contains(err.Error(), "anchor") {
				t.Fatalf("refused %q as %+v: %v", s, a, err)
			}
			return
		}
		if a.Seq < 1 || len(a.Prefix) < MinAnchor || len(a.Prefix) > 64 || strings.Trim(a.Prefix, "0123456789abcdef") != "" {
			t.Fatalf("%q read as %+v", s, a)
		}
		var grouped strings.Builder
		for i, c := range strings.ToUpper(a.Prefix) {
			if i > 0 && i%4 == 0 {
				grouped.WriteByte(' ')
			}
			grouped.WriteRune(c)
		}
		for _, again := range []string{fmt.Sprintf("%d:%s", a.Seq, a.Prefix), fmt.Sprintf("%d: %s", a.Seq, grouped.String())} {
			if b, err := ParseAnchor(again); err != nil || b != a {
				t.Fatalf("%q read as %+v; written again as %q, %+v, %v", s, a, again, b, err)
			}
		}
		hash := a.Prefix + strings.Repeat("0", 64-len(a.Prefix))
		p := Paper{Anchors: []Anchor{a}}
		if probs := p.Check(witness.Record{Hash: func(seq int64) (string, bool) { return hash, seq == a.Seq }}, nil, nil, nil); len(probs) > 0 {
			t.Fatalf("anchor %+v against its own hash: %q", a, probs)
		}
		other := []byte(hash)
		other[len(a.Prefix)-1] ^= 1 // 0-9 and a-f stay hex
		if probs := p.Check(witness.Record{Hash: func(seq int64) (string, bool) { return string(other), true }}, nil, nil, nil); len(probs) != 1 {
			t.Fatalf("anchor %+v against %s: %q", a, other, probs)
		}
		if probs := p.Check(witness.Record{Hash: func(seq int64) (string, bool) { return "", false }}, nil, nil, nil); len(probs) != 1 {
			t.Fatalf("anchor %+v against no row: %q", a, probs)
		}
	})
}

// FuzzCommitment: the commitment typed off the pre-show sheet. A text
// that is the record's commitment, in any case and with spaces anywhere,
// holds; any other text is a problem.
func FuzzCommitment(f *testing.F) {
	const c = "60bf07c488aad18fda339df07e4fbc47b4f00be71711936f18d04d352ad01890"
	f.Add(c)
	f.Add("60BF 07C4 88AA D18F DA33 9DF0 7E4F BC47 B4F0 0BE7 1711 936F 18D0 4D35 2AD0 1890")
	f.Add(c[:63])
	f.Add(c + "0")
	f.Add("")
	f.Add("60bf07c488aad18fda339df07e4fbc47b4f00be71711936f18d04d352ad0189\u00a00")
	f.Fuzz(func(t *testing.T, s string) {
		probs := Paper{Commitment: s}.Check(witness.Record{Hash: func(int64) (string, bool) { return "", false }}, []string{c}, nil, nil)
		typed := strings.ToLower(strings.ReplaceAll(s, " ", ""))
		switch {
		case typed == "" || typed == c:
			if len(probs) > 0 {
				t.Fatalf("%q: %q", s, probs)
			}
		case len(probs) != 1 || !strings.Contains(probs[0], "not the record's"):
			t.Fatalf("%q is not the commitment, yet %q", s, probs)
		}
	})
}

// FuzzSums: SHA256SUMS in an archive. A line that reads is a digest and
// a name; every other line is named as a problem by its number.
func FuzzSums(f *testing.F) {
	f.Add([]byte("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  record.json\n"))
	f.Add([]byte("E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855 *bins/a.csv\nzz  x\n\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		r := &Report{}
		want := map[string]string{}
		parseSums(r, b, want)
		lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
		if len(want)+len(r.Problems) > len(lines) {
			t.Fatalf("%d lines gave %d sums and %d problems", len(lines), len(want), len(r.Problems))
		}
		for name, sum := range want {
			if name == "" || len(sum) != 64 || strings.Trim(sum, "0123456789abcdef") != "" {
				t.Fatalf("sum %q of %q", sum, name)
			}
		}
		for _, p := range r.Problems {
			if !strings.Contains(p, "line ") {
				t.Fatalf("a problem without its line: %q", p)
			}
		}
	})
}

// FuzzParseDrawWitness: a draw witness typed off the auditor's note. What
// reads holds a record whose segment's witness is its text exactly, and
// not one whose witness differs, even by a space inside it.
func FuzzParseDrawWitness(f *testing.F) {
	for _, s := range []string{"sat-cash:3 5", " sat-cash : 6 6 ", "sat-cash:", ":3 5", "3 5", "a:b:c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		w, err := ParseDrawWitness(s)
		if err != nil {
			if w != (DrawWitness{}) || !strings.Contains(err.Error(), "draw witness") {
				t.Fatalf("refused %q as %+v: %v", s, w, err)
			}
			return
		}
		if w.Segment == "" || w.Text == "" || strings.Contains(w.Segment, ":") {
			t.Fatalf("%q read as %+v", s, w)
		}
		none := witness.Record{Hash: func(int64) (string, bool) { return "", false }}
		p := Paper{DrawWitnesses: []DrawWitness{w}}
		if probs := p.Check(none, nil, nil, map[string]string{w.Segment: w.Text}); len(probs) > 0 {
			t.Fatalf("%+v against its own text: %q", w, probs)
		}
		for _, other := range []string{w.Text + " ", " " + w.Text, strings.Replace(w.Text, " ", "  ", 1) + "x"} {
			if probs := p.Check(none, nil, nil, map[string]string{w.Segment: other}); len(probs) != 1 {
				t.Fatalf("%+v against %q: %q", w, other, probs)
			}
		}
		if probs := p.Check(none, nil, nil, nil); len(probs) != 1 {
			t.Fatalf("%+v against no draw witness: %q", w, probs)
		}
	})
}
