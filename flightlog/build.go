package flightlog

import (
	"os"
	"runtime"
	"runtime/debug"
)

// Build is what a run's first record says of the program and the machine:
// the version (the one given, else the module's as the build recorded
// it, with its commit when the build had one), the Go it was built with,
// the OS and its release, and the host.
func Build(version string) Fields {
	f := Fields{"go": runtime.Version(), "os": runtime.GOOS + "/" + runtime.GOARCH, "cpus": runtime.NumCPU()}
	if r := osRelease(); r != "" {
		f["os_release"] = r
	}
	if h, err := os.Hostname(); err == nil {
		f["host"] = h
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		if version == "" {
			version = bi.Main.Version
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				f["commit"] = s.Value
			case "vcs.modified":
				f["modified"] = s.Value == "true"
			}
		}
	}
	if version == "" {
		version = "(unknown)"
	}
	f["version"] = version
	return f
}
