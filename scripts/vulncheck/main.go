// Command vulncheck runs govulncheck over the module against a pinned
// copy of the Go vulnerability database, and fails on every vulnerability
// the code calls, but those allowed.txt names with its reason: CI's
// verdict changes when the code or the pin does, never with the day the
// database grew (make govulncheck).
//
//	go run ./scripts/vulncheck -govulncheck .tools/govulncheck -db DIR [-allow FILE] [PATTERN...]
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"slices"
	"strings"
)

func main() {
	tool := flag.String("govulncheck", "govulncheck", "the govulncheck `PROGRAM`")
	db := flag.String("db", "", "the vulnerability database: a `DIR` of OSV files (golang.org/x/vulndb's data/osv)")
	allowFile := flag.String("allow", "scripts/vulncheck/allowed.txt", "the allowed vulnerabilities, one `FILE` line each: ID REASON")
	flag.Parse()
	patterns := flag.Args()
	if len(patterns) == 0 {
		patterns = []string{"./..."}
	}
	if err := run(*tool, *db, *allowFile, patterns, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "vulncheck:", err)
		os.Exit(1)
	}
}

func run(tool, db, allowFile string, patterns []string, w io.Writer) error {
	if db == "" {
		return errors.New("no -db: give the folder of OSV files")
	}
	text, err := os.ReadFile(allowFile)
	if err != nil {
		return err
	}
	allowed, err := parseAllowed(allowFile, text)
	if err != nil {
		return err
	}
	args := append([]string{"-format", "json", "-db", "file://" + db}, patterns...)
	cmd := exec.Command(tool, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("%s: %v\n%s", tool, err, stderr.Bytes())
	}
	found, err := parseFindings(bytes.NewReader(out))
	if err != nil {
		return err
	}
	return judge(found, allowed, w)
}

// vuln is a vulnerability the code calls.
type vuln struct {
	ID, Summary, Module, Version, Fixed string
}

// parseFindings reads govulncheck's JSON stream: the vulnerabilities
// whose functions the code reaches (a finding whose trace starts at a
// function), each once, in the order met.
func parseFindings(r io.Reader) ([]vuln, error) {
	dec := json.NewDecoder(r)
	summary := map[string]string{}
	var out []vuln
	seen := map[string]bool{}
	for {
		var msg struct {
			OSV *struct {
				ID      string `json:"id"`
				Summary string `json:"summary"`
			} `json:"osv"`
			Finding *struct {
				OSV   string `json:"osv"`
				Fixed string `json:"fixed_version"`
				Trace []struct {
					Module, Version, Function string
				} `json:"trace"`
			} `json:"finding"`
		}
		err := dec.Decode(&msg)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("govulncheck's output: %v", err)
		}
		if o := msg.OSV; o != nil {
			summary[o.ID] = o.Summary
		}
		f := msg.Finding
		if f == nil || len(f.Trace) == 0 || f.Trace[0].Function == "" || seen[f.OSV] {
			continue // in a module or package only: not called
		}
		seen[f.OSV] = true
		out = append(out, vuln{ID: f.OSV, Module: f.Trace[0].Module, Version: f.Trace[0].Version, Fixed: f.Fixed})
	}
	for i := range out {
		out[i].Summary = summary[out[i].ID]
	}
	return out, nil
}

// parseAllowed reads the allowed list: a line is an ID and its reason;
// blank lines and # comments are skipped. A line without a reason, or an
// ID twice, is refused at its line.
func parseAllowed(name string, text []byte) (map[string]string, error) {
	out := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(text))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		id := strings.Fields(line)[0]
		reason := strings.TrimSpace(line[len(id):])
		switch {
		case !strings.HasPrefix(id, "GO-"):
			return nil, fmt.Errorf("%s:%d: %q is not a Go vulnerability ID (GO-YYYY-NNNN)", name, n, id)
		case reason == "":
			return nil, fmt.Errorf("%s:%d: %s is allowed without a reason", name, n, id)
		case out[id] != "":
			return nil, fmt.Errorf("%s:%d: %s is listed twice", name, n, id)
		}
		out[id] = reason
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return out, nil
}

// judge prints every called vulnerability and fails unless each is
// allowed; an allowed one no longer found is said, so the list shrinks.
func judge(found []vuln, allowed map[string]string, w io.Writer) error {
	var refused []string
	for _, v := range found {
		at := v.Module + "@" + v.Version
		if v.Module == "stdlib" {
			at = "Go " + v.Version
		}
		fixed := "no fix yet"
		if v.Fixed != "" {
			fixed = "fixed in " + v.Fixed
		}
		verdict := "CALLED"
		if r, ok := allowed[v.ID]; ok {
			verdict = "allowed (" + r + ")"
		} else {
			refused = append(refused, v.ID)
		}
		fmt.Fprintf(w, "%s %s: %s; %s: %s\n", v.ID, at, v.Summary, fixed, verdict)
	}
	for _, id := range slices.Sorted(maps.Keys(allowed)) {
		if !slices.ContainsFunc(found, func(v vuln) bool { return v.ID == id }) {
			fmt.Fprintf(w, "%s is allowed but no longer found: take it off the list\n", id)
		}
	}
	if len(refused) > 0 {
		return fmt.Errorf("the code calls %d vulnerable function(s) not allowed: %s", len(refused), strings.Join(refused, ", "))
	}
	fmt.Fprintf(w, "govulncheck: %d called, all allowed\n", len(found))
	return nil
}
