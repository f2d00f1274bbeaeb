package cli

import (
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// TestLimitGivesWay: with a live heap above MemoryLimit, the limit rises
// to an eighth above it after a collection, instead of holding the
// collector to a limit it cannot meet; with the heap let go, it comes
// back down to MemoryLimit.
func TestLimitGivesWay(t *testing.T) {
	t.Setenv("GOMEMLIMIT", "")
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	LimitMemory()
	if got := debug.SetMemoryLimit(-1); got != MemoryLimit {
		t.Fatalf("limit %d, want %d", got, MemoryLimit)
	}
	held := make([]byte, 2*MemoryLimit)
	for i := range held {
		held[i] = byte(i) // touched: a live heap, not a reservation
	}
	limitAfterGC(t, func(l int64) bool { return l >= int64(len(held))+int64(len(held))/8 })
	runtime.KeepAlive(held)
	held = nil
	limitAfterGC(t, func(l int64) bool { return l == MemoryLimit })
}

// limitAfterGC collects until ok holds of the memory limit: the limit
// follows in a finalizer, which runs on a goroutine of its own after a
// collection. A minute is long past any machine's finalizer.
func limitAfterGC(t *testing.T, ok func(int64) bool) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		runtime.GC()
		if l := debug.SetMemoryLimit(-1); ok(l) {
			return
		} else if time.Now().After(deadline) {
			t.Fatalf("memory limit %d after collections", l)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
