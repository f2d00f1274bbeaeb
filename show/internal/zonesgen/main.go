// Command zonesgen writes the names of the time zones in the Go
// toolchain's zoneinfo.zip, the data time/tzdata embeds in the program,
// one a line and sorted, to the file it is given: go generate ./show
// (make schema) writes show/zones.txt, the timezones a show file may
// name and the schema's enumeration of them.
package main

import (
	"archive/zip"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: zonesgen FILE")
		os.Exit(2)
	}
	if err := run(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "zonesgen:", err)
		os.Exit(1)
	}
}

func run(out string) error {
	root, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("go env GOROOT: %v", err)
	}
	z, err := zip.OpenReader(filepath.Join(strings.TrimSpace(string(root)), "lib", "time", "zoneinfo.zip"))
	if err != nil {
		return err
	}
	defer z.Close()
	var names []string
	for _, f := range z.File {
		if !strings.HasSuffix(f.Name, "/") {
			names = append(names, f.Name)
		}
	}
	slices.Sort(names)
	return os.WriteFile(out, []byte(strings.Join(names, "\n")+"\n"), 0o644)
}
