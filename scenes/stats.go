package scenes

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"
)

// Stats measures the stage: frames and ticks a second, and the CPU time
// of Update and Draw per frame, after a warm-up.
type Stats struct {
	warmup  time.Duration
	start   time.Time // first Update
	from    time.Time // end of the warm-up
	ticks   int
	frames  int
	pending time.Duration   // Update time since the last Draw
	frame   []time.Duration // Update+Draw per frame, after the warm-up
	scene   string          // the scene of the last frame
	since   time.Time       // when it began
	scenes  map[string]*sceneStat
}

// sceneStat is the frames and time spent in one kind of scene.
type sceneStat struct {
	frames int
	time   time.Duration
}

// NewStats starts measuring; the first warmup is left out.
func NewStats(warmup time.Duration) *Stats { return &Stats{warmup: warmup} }

func (st *Stats) warm() bool {
	now := time.Now()
	if st.start.IsZero() {
		st.start = now
	}
	if st.from.IsZero() && now.Sub(st.start) >= st.warmup {
		st.from = now
	}
	return !st.from.IsZero()
}

func (st *Stats) addUpdate(d time.Duration) {
	if st == nil {
		return
	}
	st.pending += d
	if st.warm() {
		st.ticks++
	}
}

func (st *Stats) addDraw(d time.Duration, scene string) {
	if st == nil {
		return
	}
	if st.warm() {
		st.frames++
		st.frame = append(st.frame, st.pending+d)
		now := time.Now()
		if st.scenes == nil {
			st.scenes = map[string]*sceneStat{}
		}
		if scene != st.scene || st.since.IsZero() {
			st.scene, st.since = scene, now
		}
		sc := st.scenes[scene]
		if sc == nil {
			sc = &sceneStat{}
			st.scenes[scene] = sc
		}
		sc.frames++
		sc.time += now.Sub(st.since)
		st.since = now
	}
	st.pending = 0
}

// Scenes is the frame rate in each kind of scene: "attract=60.0 reel=…".
func (st *Stats) Scenes() string {
	var b []string
	for _, name := range slices.Sorted(maps.Keys(st.scenes)) {
		sc := st.scenes[name]
		if sc.time > 0 {
			b = append(b, fmt.Sprintf("%s=%.1f", name, float64(sc.frames)/sc.time.Seconds()))
		}
	}
	return "scene_fps " + strings.Join(b, " ")
}

// Line is the one-line summary: fps, tps, p50 and p99 of the per-frame
// CPU time, frames.
func (st *Stats) Line() string {
	el := time.Since(st.from).Seconds()
	if st.from.IsZero() || el <= 0 {
		return "fps=0 tps=0 frame_p50_ms=0 frame_p99_ms=0 frames=0"
	}
	f := slices.Clone(st.frame)
	slices.Sort(f)
	q := func(p float64) float64 {
		if len(f) == 0 {
			return 0
		}
		return float64(f[min(len(f)-1, int(p*float64(len(f))))].Microseconds()) / 1000
	}
	return fmt.Sprintf("fps=%.1f tps=%.1f frame_p50_ms=%.2f frame_p99_ms=%.2f frames=%d",
		float64(st.frames)/el, float64(st.ticks)/el, q(0.5), q(0.99), st.frames)
}

// SetStats makes the stage measure itself.
func (s *Stage) SetStats(st *Stats) { s.stats = st }
