package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"

	"drawshow/cmd/internal/cli"
)

// runStageChild runs the stage as a child on this process's standard
// streams and passes its exit status on: how Windows, which has no exec,
// hands over. While it runs this process outlives Ctrl+C: the console
// sends it to every process attached to it, the stage included (it
// attaches to this console), and the stage ends its show, whose status
// comes back here. Linux runs it too, in the tests, where a terminal's
// Ctrl+C reaches the whole process group in the same way.
func runStageChild(path string, args []string) error {
	cmd := exec.Command(path, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	// Notify, not Ignore: on Windows an ignored Ctrl+C is one the runtime
	// leaves to the system's handler, which ends the process.
	interrupts := make(chan os.Signal, 1)
	signal.Notify(interrupts, os.Interrupt)
	defer func() {
		signal.Stop(interrupts) // no send after it returns: the close is safe
		close(interrupts)
	}()
	go func() {
		for range interrupts { // the stage's to act on, not ours
		}
	}()
	return childStatus(path, cmd.Run())
}

// childStatus is the stage's end as this process's: its exit status as
// ours, already explained by the stage on the shared stderr; or why it
// did not start.
func childStatus(path string, err error) error {
	var ee *exec.ExitError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &ee):
		code := ee.ExitCode()
		if code < 0 {
			// ended by a signal (Unix only): as a shell reports it
			code = 128 + signalNumber(ee)
		}
		return &cli.ExitError{Code: code, Err: cli.ErrQuiet}
	}
	return fmt.Errorf("start the stage %s: %w", path, err)
}
