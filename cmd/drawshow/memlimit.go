package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// followLiveHeap makes the soft memory limit give way to a working set
// that needs more: after each collection the limit becomes an eighth
// above the heap found live, or memoryLimit if that is higher: while
// the live heap is under 8/9 of memoryLimit nothing changes. Past it, a
// limit below the live heap
// would only make the collector run back to back, half the CPU for
// nothing (check of a 5 000 000-row file took twice as long), without
// lowering the peak, which is the live heap whatever the limit.
// GOMEMLIMIT in the environment, the operator's own limit, is left
// alone.
func followLiveHeap() {
	if os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	var after func(*gcTick)
	after = func(*gcTick) {
		metrics.Read(sample)
		if sample[0].Value.Kind() == metrics.KindUint64 {
			live := int64(sample[0].Value.Uint64())
			debug.SetMemoryLimit(max(memoryLimit, live+live/8))
		}
		runtime.SetFinalizer(new(gcTick), after) // for the next collection
	}
	runtime.SetFinalizer(new(gcTick), after)
}

// gcTick is garbage as soon as it is made: its finalizer runs after the
// next collection. It holds a pointer, so that it is an object of its
// own rather than a part of a tiny allocator's block.
type gcTick struct{ _ *int }
