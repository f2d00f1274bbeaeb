//go:build unix

package main

import (
	"os/exec"
	"syscall"
)

// signalNumber is the signal that ended a child.
func signalNumber(ee *exec.ExitError) int {
	if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return int(ws.Signal())
	}
	return 0
}
