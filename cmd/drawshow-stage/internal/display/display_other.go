//go:build !linux

package display

// Stop does nothing where the system gives the stage its display.
func Stop() {}
