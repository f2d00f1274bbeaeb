//go:build !unix && !windows

package flightlog

// osRelease is unknown here: GOOS alone says the system.
func osRelease() string { return "" }
