package store

import (
	"go/build"
	"strings"
	"testing"
)

// TestImportsOnlyBelow: store returns rows and facts; the checks that
// judge them (verify --db in data/verifydb, the export's verifier in
// data/verify) and the campaign's rules (data/campaign) sit above it and
// import it, never the other way round (issue 41). Of the project's own
// packages store imports only these, on every system it builds for.
func TestImportsOnlyBelow(t *testing.T) {
	t.Parallel()
	allowed := map[string]bool{
		"drawshow/show":                  true,
		"drawshow/data/record":           true, // the journal's chain and row form, and rows as the record names them
		"drawshow/data/entries":          true, // reading an entry file as it is imported
		"drawshow/data/internal/rowhash": true,
		"drawshow/data/internal/signal":  true,
	}
	for _, goos := range []string{"linux", "darwin", "windows"} {
		ctx := build.Default
		ctx.GOOS = goos
		p, err := ctx.ImportDir(".", 0)
		if err != nil {
			t.Fatalf("%s: %v", goos, err)
		}
		for _, imp := range p.Imports {
			if strings.HasPrefix(imp, "drawshow/") && !allowed[imp] {
				t.Errorf("on %s, data/store imports %s: what judges the store's rows goes above it, in the package that imports store", goos, imp)
			}
		}
	}
}
