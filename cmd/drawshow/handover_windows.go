package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"

	"drawshow/cmd/internal/cli"
)

// execStage runs the stage as a child with this console, and passes its
// exit status on. Windows has no exec: Ctrl+C reaches both processes, so
// this one ignores it and waits for the stage to end its show cleanly.
func execStage(path string, args []string) error {
	cmd := exec.Command(path, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	signal.Ignore(os.Interrupt)
	err := cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return &cli.ExitError{Code: ee.ExitCode(), Err: cli.ErrQuiet}
	}
	if err != nil {
		return fmt.Errorf("start the stage %s: %w", path, err)
	}
	return nil
}
