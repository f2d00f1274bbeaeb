// Command schemagen writes the show file's JSON Schema (show.JSONSchema)
// to the file it is given: go generate ./show (make schema) writes
// docs/showfile.schema.json.
package main

import (
	"fmt"
	"os"

	"drawshow/show"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: schemagen FILE")
		os.Exit(2)
	}
	b, err := show.JSONSchema()
	if err == nil {
		err = os.WriteFile(os.Args[1], b, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "schemagen:", err)
		os.Exit(1)
	}
}
