//go:build unix

package main

import (
	"fmt"
	"os"
	"syscall"
)

// execStage replaces this process with the stage: the pid a supervisor
// holds, and its signals, are the stage's, and nothing is left behind.
func execStage(path string, args []string) error {
	err := syscall.Exec(path, append([]string{path}, args...), os.Environ())
	return fmt.Errorf("start the stage %s: %w", path, err)
}
