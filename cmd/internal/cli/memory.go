package cli

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// MemoryLimit is the programs' soft heap limit: a million-entry bin
// stays well inside a laptop's memory, the collector working harder only
// near the limit.
const MemoryLimit = 150 << 20

// LimitMemory sets MemoryLimit and makes it give way to a working set
// that needs more: after each collection the limit becomes an eighth
// above the heap found live, or MemoryLimit if that is higher, so while
// the live heap is under 8/9 of MemoryLimit nothing changes. Past it, a
// limit below the live heap would only make the collector run back to
// back, half the CPU for nothing (check of a 5 000 000-row file took
// twice as long; a show run on such a bin, its export and the stage the
// same), without lowering the peak, which is the live heap whatever the
// limit. GOMEMLIMIT in the environment, the operator's own limit, is
// left alone.
func LimitMemory() {
	if os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetMemoryLimit(MemoryLimit)
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	var after func(*gcTick)
	after = func(*gcTick) {
		metrics.Read(sample)
		if sample[0].Value.Kind() == metrics.KindUint64 {
			live := int64(sample[0].Value.Uint64())
			debug.SetMemoryLimit(max(MemoryLimit, live+live/8))
		}
		runtime.SetFinalizer(new(gcTick), after) // for the next collection
	}
	runtime.SetFinalizer(new(gcTick), after)
}

// gcTick is garbage as soon as it is made: its finalizer runs after the
// next collection. It holds a pointer, so that it is an object of its
// own rather than a part of a tiny allocator's block.
type gcTick struct{ _ *int }
