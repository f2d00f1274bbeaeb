package main

import (
	"os"
	"strings"
	"testing"
)

// A stream as govulncheck -format json writes it: a vulnerability the
// code calls (its trace starts at a function), one only imported, and the
// called one again from another finding.
const stream = `{"config":{"protocol_version":"v1.0.0","scanner_name":"govulncheck"}}
{"progress":{"message":"Scanning your code..."}}
{"osv":{"id":"GO-2026-6603","summary":"HTTP/2 server memory exhaustion in net/http"}}
{"osv":{"id":"GO-2025-0001","summary":"something in a module"}}
{"finding":{"osv":"GO-2025-0001","fixed_version":"v1.2.3","trace":[{"module":"example.com/m","version":"v1.2.0","package":"example.com/m/p"}]}}
{"finding":{"osv":"GO-2026-6603","fixed_version":"v1.26.9","trace":[{"module":"stdlib","version":"v1.26.8","package":"net/http","function":"Serve"},{"module":"drawshow","package":"drawshow/console","function":"New"}]}}
{"finding":{"osv":"GO-2026-6603","fixed_version":"v1.26.9","trace":[{"module":"stdlib","version":"v1.26.8","package":"net/http","function":"ListenAndServe"}]}}
`

func TestParseFindings(t *testing.T) {
	found, err := parseFindings(strings.NewReader(stream))
	if err != nil {
		t.Fatal(err)
	}
	want := vuln{ID: "GO-2026-6603", Summary: "HTTP/2 server memory exhaustion in net/http", Module: "stdlib", Version: "v1.26.8", Fixed: "v1.26.9"}
	if len(found) != 1 || found[0] != want {
		t.Fatalf("found %+v, want only %+v", found, want)
	}
	if _, err := parseFindings(strings.NewReader(`{"finding":`)); err == nil || err.Error() != "govulncheck's output: unexpected EOF" {
		t.Fatalf("a cut stream: %v", err)
	}
}

func TestJudge(t *testing.T) {
	found, _ := parseFindings(strings.NewReader(stream))
	var out strings.Builder
	if err := judge(found, map[string]string{}, &out); err == nil || !strings.Contains(err.Error(), "GO-2026-6603") {
		t.Fatalf("a called vulnerability passed: %v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "GO-2026-6603 Go v1.26.8: HTTP/2 server memory exhaustion in net/http; fixed in v1.26.9: CALLED") {
		t.Errorf("the report:\n%s", out.String())
	}
	out.Reset()
	if err := judge(found, map[string]string{"GO-2026-6603": "upgrade Go", "GO-2024-0002": "paid"}, &out); err != nil {
		t.Fatalf("an allowed vulnerability failed: %v", err)
	}
	for _, want := range []string{"allowed (upgrade Go)", "GO-2024-0002 is allowed but no longer found", "1 called, all allowed"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in\n%s", want, out.String())
		}
	}
}

func TestParseAllowed(t *testing.T) {
	got, err := parseAllowed("allowed.txt", []byte("# why\n\nGO-2026-6603 Go's net/http: upgrade Go\n"))
	if err != nil || len(got) != 1 || got["GO-2026-6603"] != "Go's net/http: upgrade Go" {
		t.Fatalf("got %v, %v", got, err)
	}
	for text, want := range map[string]string{
		"GO-2026-6603\n":                   "allowed.txt:1: GO-2026-6603 is allowed without a reason",
		"\nCVE-2026-1 reason\n":            `allowed.txt:2: "CVE-2026-1" is not a Go vulnerability ID`,
		"GO-2026-1 a\nGO-2026-1 b\n":       "allowed.txt:2: GO-2026-1 is listed twice",
		"# ok\nGO-2026-1 a\n\tGO-2026-2\n": "allowed.txt:3: GO-2026-2 is allowed without a reason",
	} {
		if _, err := parseAllowed("allowed.txt", []byte(text)); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%q: %v, want %s", text, err, want)
		}
	}
}

// The list in the repository reads.
func TestAllowedFileReads(t *testing.T) {
	if _, err := parseAllowed("allowed.txt", mustRead(t, "allowed.txt")); err != nil {
		t.Fatal(err)
	}
}

// FuzzParseAllowed: any text is read or refused at a line, never a panic,
// and what is read has a reason for every ID.
func FuzzParseAllowed(f *testing.F) {
	f.Add([]byte("GO-2026-6603 upgrade Go\n"))
	f.Add([]byte("# c\n\nGO-1 a\nGO-1 b\n"))
	f.Add([]byte("GO-\t\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		got, err := parseAllowed("allowed.txt", b)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "allowed.txt:") {
				t.Fatalf("an error that names no line: %v", err)
			}
			return
		}
		for id, r := range got {
			if !strings.HasPrefix(id, "GO-") || r == "" {
				t.Fatalf("read %q with reason %q", id, r)
			}
		}
	})
}

func mustRead(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
