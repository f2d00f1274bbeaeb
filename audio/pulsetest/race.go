//go:build race

package pulsetest

// raced: the race detector slows the sound threads past real time, so the
// recordings break up; make test runs these tests without it (make sound).
const raced = true
