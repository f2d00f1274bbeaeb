package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
)

// stageEnv names the stage program to hand over to in place of the
// drawshow-stage beside this executable (the tests build their own).
const stageEnv = "DRAWSHOW_STAGE"

// stageProgram finds drawshow-stage: $DRAWSHOW_STAGE, else beside this
// executable (through a symbolic link to it, beside the file it names).
func stageProgram() (string, error) {
	if p := os.Getenv(stageEnv); p != "" {
		return p, nil
	}
	self, err := os.Executable()
	if err != nil {
		return "", err
	}
	if real, err := filepath.EvalSymlinks(self); err == nil {
		self = real
	}
	name := "drawshow-stage"
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	p := filepath.Join(filepath.Dir(self), name)
	if _, err := os.Stat(p); err != nil {
		return "", fmt.Errorf("the stage's window is the program %s, which is not there: build both with make build, and keep them side by side", p)
	}
	return p, nil
}

// handOver gives a stage command (run without --headless, demo, monitors)
// to drawshow-stage, with the same arguments: it becomes this process on
// Unix, and is its child on Windows, whose exit status is passed on.
func handOver(name string) func([]string, io.Reader, io.Writer, io.Writer) error {
	return func(args []string, _ io.Reader, _, _ io.Writer) error {
		p, err := stageProgram()
		if err != nil {
			return err
		}
		return execStage(p, append([]string{name}, args...))
	}
}
