package main

import (
	"os"
	"testing"

	"drawshow/console/browsertest"
)

// childEnv makes the test binary act as drawshow-stage, so that a test
// runs the stage in a child process (one ebiten.RunGame per process)
// without building the program again.
const childEnv = "DRAWSHOW_TEST_AS_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "1" {
		main()
		os.Exit(0)
	}
	code := m.Run()
	browsertest.Close()
	os.Exit(code)
}
