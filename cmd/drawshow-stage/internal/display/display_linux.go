// Package display makes sure an X display exists before ebiten starts.
//
// Ebiten initialises GLFW when its package is loaded and panics without a
// display. This package has no dependency outside the standard library and
// a path that sorts before github.com/…, so Go initialises it first: on
// Linux without a display (CI, a session over SSH) it starts Xvfb as the
// stage's own child, which the kernel ends when the stage ends
// (PR_SET_PDEATHSIG), and points DISPLAY at it. Without Xvfb it explains
// what to do instead of a GLFW panic.
package display

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"
)

// server is the virtual server this process started, if any.
var server *exec.Cmd

// Stop ends the virtual server, if the stage started one, and waits for
// it: a clean exit leaves no process behind, not even a zombie.
func Stop() {
	if server != nil {
		server.Process.Kill()
		server.Wait()
		server = nil
	}
}

func init() {
	if os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != "" || !window() {
		return
	}
	n, err := startXvfb()
	if err != nil {
		fmt.Fprintf(os.Stderr, "drawshow-stage: there is no display here, and no virtual one: %v\n"+
			"Run the stage on the laptop's desktop, or install Xvfb (apt-get install xvfb) for a stage nobody sees (tests, rehearsals over SSH).\n", err)
		os.Exit(2)
	}
	os.Setenv("DISPLAY", ":"+n)
	fmt.Fprintf(os.Stderr, "drawshow-stage: no display here: the stage runs on a virtual one (Xvfb :%s) and nothing will be seen\n", n)
}

// window reports whether the command line needs the graphics library:
// every stage command does, its usage does not.
func window() bool {
	if len(os.Args) < 2 {
		return false
	}
	switch os.Args[1] {
	case "run", "demo", "monitors":
		return true
	}
	return false
}

// startXvfb starts a virtual X server of one 1920×1080 screen on a free
// display number, which it reports through -displayfd once it accepts
// clients. init runs on the main thread, which lives as long as the
// process, so the parent-death signal comes only when the stage ends.
func startXvfb() (string, error) {
	xvfb, err := exec.LookPath("Xvfb")
	if err != nil {
		return "", err
	}
	r, w, err := os.Pipe()
	if err != nil {
		return "", err
	}
	defer r.Close()
	var logged bytes.Buffer
	cmd := exec.Command(xvfb, "-displayfd", "3", "-screen", "0", "1920x1080x24", "-nolisten", "tcp")
	cmd.ExtraFiles = []*os.File{w}
	cmd.Stderr = &logged
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	err = cmd.Start()
	w.Close()
	if err != nil {
		return "", err
	}
	server = cmd
	got := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(r).ReadString('\n')
		got <- strings.TrimSpace(line)
	}()
	select {
	case n := <-got:
		if n != "" {
			return n, nil
		}
	case <-time.After(30 * time.Second):
	}
	Stop()
	return "", fmt.Errorf("%s did not start: %s", xvfb, strings.TrimSpace(logged.String()))
}
