package pulsetest

import (
	"encoding/binary"
	"io"
	"math"
	"os/exec"
	"sync"
	"time"
)

// Rate and Channels of a recording: the show's own (48 kHz stereo), so
// that a cue and its recording compare sample for sample; PulseAudio
// resamples from the sink's rate.
const (
	Rate     = 48000
	Channels = 2
)

// Recording is the sink's monitor as pacat (parecord's raw mode) delivers
// it: float32 stereo at Rate, each read stamped with the monotonic time it
// arrived. Its frames are the monitor's own timeline, without a gap:
// PulseAudio buffers a record stream's data until it is read.
type Recording struct {
	cmd  *exec.Cmd
	done chan struct{}

	mu      sync.Mutex
	samples []float32 // interleaved
	marks   []arrival
	cond    *sync.Cond
	err     error
	ended   bool
}

// arrival is a read: frames in the recording after it, and when it came.
type arrival struct {
	frames int
	at     time.Time
}

// Record starts recording source (e.g. "show.monitor") until the test
// ends or Stop is called. It has started when Record returns: the first
// frames have arrived.
func (s *Server) Record(source string) *Recording {
	s.t.Helper()
	r := &Recording{done: make(chan struct{})}
	r.cond = sync.NewCond(&r.mu)
	// a short latency asked for: data arrives every few milliseconds,
	// so the arrival times bound the timeline closely
	r.cmd = exec.Command("pacat", "--record", "--device="+source, "--raw", "--format=float32le",
		"--rate=48000", "--channels=2", "--latency-msec=5", "--client-name=drawshow-test-recorder")
	out, err := r.cmd.StdoutPipe()
	if err != nil {
		s.t.Fatal(err)
	}
	r.cmd.Stderr = s.log
	if err := r.cmd.Start(); err != nil {
		s.t.Fatalf("pacat --record: %v", err)
	}
	go r.read(out)
	s.t.Cleanup(r.Stop)
	if !r.WaitFrames(1, time.Minute) {
		s.t.Fatalf("recording %s: no frames in a minute (%v)\n%s", source, r.Err(), s.log)
	}
	return r
}

func (r *Recording) read(out io.Reader) {
	defer close(r.done)
	buf := make([]byte, 64<<10)
	var rest []byte
	for {
		n, err := out.Read(buf)
		at := time.Now()
		if n > 0 {
			rest = append(rest, buf[:n]...)
			whole := len(rest) / (4 * Channels) * (4 * Channels)
			r.mu.Lock()
			for i := 0; i < whole; i += 4 {
				r.samples = append(r.samples, math.Float32frombits(binary.LittleEndian.Uint32(rest[i:])))
			}
			r.marks = append(r.marks, arrival{frames: len(r.samples) / Channels, at: at})
			r.cond.Broadcast()
			r.mu.Unlock()
			rest = append(rest[:0], rest[whole:]...)
		}
		if err != nil {
			r.mu.Lock()
			if err != io.EOF {
				r.err = err
			}
			r.ended = true
			r.cond.Broadcast()
			r.mu.Unlock()
			return
		}
	}
}

// Stop ends the recording; what was recorded stays.
func (r *Recording) Stop() {
	if r.cmd.Process != nil {
		r.cmd.Process.Kill()
	}
	<-r.done
	r.cmd.Wait()
}

// Err is the recording's read error, if it had one.
func (r *Recording) Err() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.err
}

// Frames is how many frames have arrived.
func (r *Recording) Frames() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.samples) / Channels
}

// WaitFrames waits until n frames have arrived, or the recording ended,
// or timeout passed (a bound for a broken server, not a measure): false
// if they did not arrive.
func (r *Recording) WaitFrames(n int, timeout time.Duration) bool {
	expired := false
	timer := time.AfterFunc(timeout, func() {
		r.mu.Lock()
		expired = true
		r.cond.Broadcast()
		r.mu.Unlock()
	})
	defer timer.Stop()
	r.mu.Lock()
	defer r.mu.Unlock()
	for len(r.samples)/Channels < n {
		if expired || r.ended {
			return false
		}
		r.cond.Wait()
	}
	return true
}

// Samples is a copy of the recorded frames [from, to) (interleaved).
func (r *Recording) Samples(from, to int) []float32 {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := len(r.samples) / Channels
	from, to = max(0, min(from, n)), max(0, min(to, n))
	if from >= to {
		return nil
	}
	return append([]float32(nil), r.samples[from*Channels:to*Channels]...)
}

// FrameAt places a moment (a play call's time.Now()) on the recording's
// own timeline: the frame the monitor was delivering then.
//
// Frame k arrives no earlier than it was produced, and a read is late by
// however long the machine made pacat and the reader wait. So each read
// bounds the time of frame 0 from above (its arrival less the frames
// before it at the rate), and the smallest bound is the closest: a loaded
// machine only delays reads, and among many one is prompt. Only reads
// within a few seconds of t are used, so the bound holds for the stretch
// being measured even if the monitor's clock drifts from the system's.
// The frame returned is, if anything, early by the recorder's own
// smallest delay: a latency measured from it is never too small.
func (r *Recording) FrameAt(t time.Time) float64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	const window = 3 * time.Second
	best := math.Inf(1) // seconds from t back to frame 0
	for _, m := range r.marks {
		if d := m.at.Sub(t); d < -window || d > window {
			continue
		}
		// frame 0 came at most at m.at − frames/Rate
		if b := m.at.Sub(t).Seconds() - float64(m.frames)/Rate; b < best {
			best = b
		}
	}
	if math.IsInf(best, 1) {
		return math.NaN()
	}
	return -best * Rate
}
