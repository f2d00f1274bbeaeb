//go:build linux

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// drawshow loads no graphics library: it runs where there is no display.
func TestNoGraphicsLibrary(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "drawshow/cmd/drawshow").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.Contains(dep, "ebiten") || strings.Contains(dep, "glfw") || strings.Contains(dep, "go-gl") || strings.Contains(dep, "drawshow/scenes") {
			t.Errorf("drawshow depends on %s", dep)
		}
	}
}

// build builds the commands into dir and returns their paths.
func build(t *testing.T, dir string, cmds ...string) []string {
	t.Helper()
	var out []string
	for _, c := range cmds {
		p := filepath.Join(dir, c)
		if b, err := exec.Command("go", "build", "-o", p, "drawshow/cmd/"+c).CombinedOutput(); err != nil {
			t.Fatalf("go build %s: %v\n%s", c, err, b)
		}
		out = append(out, p)
	}
	return out
}

// On a machine with no display and no Xvfb (no DISPLAY, nothing on PATH),
// check, the headless run, export and verify work, and the stage's
// commands say plainly that the stage is not there.
func TestWithoutDisplay(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bin := build(t, dir, "drawshow")[0]
	db, out := filepath.Join(dir, "campaign.db"), filepath.Join(dir, "export")
	env := []string{"PATH=" + t.TempDir(), "HOME=" + dir}
	for _, args := range [][]string{
		{"check", exampleShow},
		runArgs(exampleShow, db, exampleActs),
		{"export", "--db", db, "--out", out},
		{"verify", out},
		{"verify", "--db", db},
	} {
		cmd := exec.Command(bin, args...)
		cmd.Env = env
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("drawshow %s with no display: %v\n%s", strings.Join(args, " "), err, b)
		}
	}
	cmd := exec.Command(bin, "demo")
	cmd.Env = env
	b, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(b), "drawshow-stage, which is not there") {
		t.Fatalf("demo without the stage beside drawshow: %v\n%s", err, b)
	}
}

// run without --headless hands over to drawshow-stage, which becomes the
// very process drawshow was (exec): with no display it starts Xvfb as its
// own child, and a SIGKILL of the process the caller holds ends both.
func TestRunHandsOverToStage(t *testing.T) {
	if _, err := exec.LookPath("Xvfb"); err != nil {
		t.Fatal("no Xvfb: make deps installs it")
	}
	t.Parallel()
	dir := t.TempDir()
	bins := build(t, dir, "drawshow", "drawshow-stage")
	cmd := exec.Command(bins[0], "run", crashShow, "--db", filepath.Join(dir, "campaign.db"), "--rehearsal", "--windowed", "--exit-after", "10m", "--no-browser")
	var env []string
	for _, e := range os.Environ() {
		if !strings.HasPrefix(e, "DISPLAY=") && !strings.HasPrefix(e, stageEnv+"=") {
			env = append(env, e)
		}
	}
	cmd.Env = append(env, "DRAWSHOW_AUDIO=null")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	pid := cmd.Process.Pid
	var xvfb int
	deadline := time.Now().Add(3 * time.Minute)
	for xvfb == 0 {
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("no Xvfb child of the stage\n%s", stderr.String())
		}
		time.Sleep(20 * time.Millisecond)
		exe, _ := os.Readlink("/proc/" + strconv.Itoa(pid) + "/exe")
		if filepath.Base(exe) != "drawshow-stage" {
			continue
		}
		for _, c := range children(pid) {
			if comm, _ := os.ReadFile("/proc/" + strconv.Itoa(c) + "/comm"); strings.TrimSpace(string(comm)) == "Xvfb" {
				xvfb = c
			}
		}
	}
	syscall.Kill(pid, syscall.SIGKILL)
	<-done
	for !ended(xvfb) {
		if time.Now().After(deadline) {
			t.Fatalf("Xvfb (pid %d) outlived the killed stage", xvfb)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// children are the pids whose parent is pid.
func children(pid int) []int {
	var out []int
	tasks, _ := filepath.Glob("/proc/" + strconv.Itoa(pid) + "/task/*/children")
	for _, f := range tasks {
		b, _ := os.ReadFile(f)
		for _, s := range strings.Fields(string(b)) {
			if n, err := strconv.Atoi(s); err == nil {
				out = append(out, n)
			}
		}
	}
	return out
}

// ended reports whether pid is gone or a zombie (nobody may reap it here).
func ended(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return true
	}
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
	return len(f) > 0 && (f[0] == "Z" || f[0] == "X")
}
