//go:build unix

package flightlog

import (
	"errors"
	"syscall"
)

// alive reports whether a process of this id runs on this machine.
func alive(pid int) bool {
	if pid <= 0 {
		return false
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
