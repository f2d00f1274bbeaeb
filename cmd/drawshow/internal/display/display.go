// Package display makes sure an X display exists before ebiten starts.
//
// Ebiten initialises GLFW when its package is loaded and panics without a
// display, even for commands that never open a window (check, export,
// verify). This package has no dependency outside the standard library and
// a path that sorts before github.com/…, so Go initialises it first: on
// Linux without DISPLAY it re-runs the program under xvfb-run when that is
// installed, and otherwise explains what to do instead of a GLFW panic.
package display

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"syscall"
)

const reexec = "DRAWSHOW_XVFB"

func init() {
	if runtime.GOOS != "linux" || os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != "" {
		return
	}
	if os.Getenv(reexec) == "" {
		if xvfb, err := exec.LookPath("xvfb-run"); err == nil {
			if self, err := os.Executable(); err == nil {
				if stage() {
					fmt.Fprintln(os.Stderr, "drawshow: no display here: the stage runs on a virtual one (Xvfb) and nothing will be seen")
				}
				os.Setenv(reexec, "1")
				args := append([]string{xvfb, "-a", "-s", "-screen 0 1920x1080x24", self}, os.Args[1:]...)
				err = syscall.Exec(xvfb, args, os.Environ())
				fmt.Fprintln(os.Stderr, "drawshow: running under xvfb-run:", err)
			}
		}
	}
	fmt.Fprintln(os.Stderr, "drawshow needs a display, even for commands without a window: the stage's graphics library starts with the program.\n"+
		"Run it on the laptop's desktop, or install Xvfb (apt-get install xvfb xauth) and drawshow uses it by itself.")
	os.Exit(2)
}

// stage reports whether the command line opens the stage's window.
func stage() bool {
	if len(os.Args) < 2 {
		return false
	}
	switch os.Args[1] {
	case "demo":
		return true
	case "run":
		return !slices.Contains(os.Args[2:], "--headless") && !slices.Contains(os.Args[2:], "-headless")
	}
	return false
}
