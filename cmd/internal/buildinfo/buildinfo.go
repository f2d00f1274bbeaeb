// Package buildinfo says which build of drawshow is running: the release
// version stamped at link time, the Go that built it and the modules
// linked in. The auditor's note and a support call both start there.
package buildinfo

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"
)

// version is set at link time by make release and make build:
//
//	-ldflags "-X drawshow/cmd/internal/buildinfo.version=$(git describe --tags --always --dirty)"
//
// A plain go build leaves it empty, and Version says "devel".
var version string

// Devel is the version of a build that was not stamped.
const Devel = "devel"

// Version is the stamped release version, or Devel.
func Version() string {
	if version == "" {
		return Devel
	}
	return version
}

// Info is what a binary knows of its own build.
type Info struct {
	Version  string   // the stamped version, or Devel
	Go       string   // the Go release that built it: go1.26.8
	Platform string   // GOOS/GOARCH: windows/amd64
	Revision string   // the commit go build saw, when it built in a git checkout
	Modified bool     // the checkout had uncommitted changes
	Deps     []Module // the modules linked in, as go.sum pins them
}

// Module is one dependency linked into the binary.
type Module struct {
	Path, Version string
	Replaced      string // the module that replaces it, "" if none
}

// Read reads this binary's build information.
func Read() Info {
	bi, _ := debug.ReadBuildInfo()
	return fromBuildInfo(Version(), bi)
}

// fromBuildInfo is Read's work, apart from the running binary, so that
// tests can give it any build.
func fromBuildInfo(v string, bi *debug.BuildInfo) Info {
	in := Info{Version: v, Go: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	if bi == nil {
		return in
	}
	if bi.GoVersion != "" {
		in.Go = bi.GoVersion
	}
	var goos, goarch string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			in.Revision = s.Value
		case "vcs.modified":
			in.Modified = s.Value == "true"
		case "GOOS":
			goos = s.Value
		case "GOARCH":
			goarch = s.Value
		}
	}
	if goos != "" && goarch != "" {
		in.Platform = goos + "/" + goarch
	}
	for _, d := range bi.Deps {
		m := Module{Path: d.Path, Version: d.Version}
		if d.Replace != nil {
			m.Replaced = d.Replace.Path + " " + d.Replace.Version
		}
		in.Deps = append(in.Deps, m)
	}
	return in
}

// Write prints the build for a person: the program and its version on the
// first line, then the Go release, the commit and every module linked in.
func (in Info) Write(w io.Writer, program string) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s\n", program, in.Version)
	if in.Version == Devel {
		b.WriteString("  not a release build: make build or make release stamps the version from git\n")
	}
	fmt.Fprintf(&b, "  built with %s for %s\n", in.Go, in.Platform)
	if in.Revision != "" {
		mod := ""
		if in.Modified {
			mod = ", with uncommitted changes"
		}
		fmt.Fprintf(&b, "  from commit %s%s\n", in.Revision, mod)
	}
	if len(in.Deps) > 0 {
		b.WriteString("  dependencies:\n")
		for _, d := range in.Deps {
			fmt.Fprintf(&b, "    %s %s", d.Path, d.Version)
			if d.Replaced != "" {
				fmt.Fprintf(&b, " => %s", d.Replaced)
			}
			b.WriteString("\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
