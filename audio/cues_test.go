package audio

import (
	"math"
	"strings"
	"testing"
	"time"
)

func TestCues(t *testing.T) {
	length := map[Cue][2]time.Duration{ // once, min and max
		DrumRoll:         {1500 * time.Millisecond, 4 * time.Second},
		RevealHit:        {1 * time.Second, 3 * time.Second},
		Fanfare:          {2 * time.Second, 4 * time.Second},
		Tick:             {50 * time.Millisecond, 200 * time.Millisecond}, // one a second
		Buzzer:           {500 * time.Millisecond, 1500 * time.Millisecond},
		ClaimChime:       {1 * time.Second, 2500 * time.Millisecond},
		CardFlip:         {150 * time.Millisecond, 500 * time.Millisecond},
		BallRoll:         {1 * time.Second, 3 * time.Second},
		JackpotSting:     {2500 * time.Millisecond, 5 * time.Second},
		ConsolationSting: {1 * time.Second, 3 * time.Second},
	}
	if len(Cues()) != len(length) {
		t.Fatalf("%d cues, %d in the table", len(Cues()), len(length))
	}
	for _, c := range Cues() {
		t.Run(c.String(), func(t *testing.T) {
			if p, err := ParseCue(c.String()); err != nil || p != c {
				t.Errorf("ParseCue(%q) = %v, %v", c, p, err)
			}
			s := Render(c)
			d := Duration(c)
			if len(s)%2 != 0 || time.Duration(len(s)/2)*time.Second/SampleRate != d {
				t.Fatalf("%d samples, duration %v: not whole stereo frames", len(s), d)
			}
			if r := length[c]; d < r[0] || d > r[1] {
				t.Errorf("lasts %v, want %v to %v", d, r[0], r[1])
			}
			var sum, peak float64
			for i, x := range s {
				a := math.Abs(float64(x))
				if math.IsNaN(a) || a > 1 {
					t.Fatalf("sample %d = %v: clips", i, x)
				}
				peak = math.Max(peak, a)
				sum += a * a
			}
			rms := math.Sqrt(sum / float64(len(s)))
			if rms < 0.02 {
				t.Errorf("RMS %.4f: too quiet", rms)
			}
			if peak > 0.9 {
				t.Errorf("peak %.3f: leaves no headroom for the mix", peak)
			}
			// Starts and ends on silence: no click at either end.
			for _, i := range []int{0, 1, len(s) - 2, len(s) - 1} {
				if math.Abs(float64(s[i])) > 1e-4 {
					t.Errorf("sample %d of %d = %v, want ≈ 0", i, len(s), s[i])
				}
			}
			// The last 5 ms fade smoothly: no step larger than 0.01.
			for i := len(s) - 2*SampleRate/200; i < len(s)-2; i++ {
				if math.Abs(float64(s[i+2]-s[i])) > 0.01 {
					t.Fatalf("step %v at sample %d near the end", s[i+2]-s[i], i)
				}
			}
			// Loop points lie inside the cue.
			snd := cueSound(c)
			if snd.loopStart < 0 || snd.loopEnd <= snd.loopStart || snd.loopEnd > snd.frames() {
				t.Errorf("loop [%d, %d) outside the cue's %d frames", snd.loopStart, snd.loopEnd, snd.frames())
			}
		})
	}
	if _, err := ParseCue("kazoo"); err == nil || !strings.HasPrefix(err.Error(), `unknown cue "kazoo" (valid: [`) {
		t.Errorf("ParseCue of an unknown name: %v", err)
	}
	if Render(numCues) != nil || Render(-1) != nil || Cue(42).String() != "Cue(42)" {
		t.Error("out-of-range cue")
	}
}

// The drum-roll's loop section repeats seamlessly: what would follow its
// end is what follows its start, so the jump back is inaudible.
func TestDrumRollLoopSeamless(t *testing.T) {
	s := cueSound(DrumRoll)
	if span := s.loopEnd - s.loopStart; span < SampleRate/4 {
		t.Fatalf("loop of %d frames: too short", span)
	}
	if s.loopEnd+SampleRate/10 > s.frames() {
		t.Fatal("the loop must end 100 ms before the cue does")
	}
	worst := 0.0
	for i := range SampleRate / 10 {
		for ch := range 2 {
			d := math.Abs(float64(s.data[2*(s.loopEnd+i)+ch] - s.data[2*(s.loopStart+i)+ch]))
			worst = math.Max(worst, d)
		}
	}
	if worst > 1e-4 {
		t.Errorf("loop seam differs by up to %v", worst)
	}
}

// Rendering is deterministic, and Render hands out copies.
func TestRenderDeterministic(t *testing.T) {
	for _, c := range []Cue{DrumRoll, BallRoll, JackpotSting} {
		a, b := renderCue(c).data, cueSound(c).data
		if len(a) != len(b) {
			t.Fatalf("%s: %d then %d samples", c, len(a), len(b))
		}
		for i := range a {
			if a[i] != b[i] {
				t.Fatalf("%s: sample %d differs between renders", c, i)
			}
		}
	}
	s := Render(Tick)
	s[100] = 5
	if cueSound(Tick).data[100] == 5 {
		t.Error("Render returned the shared buffer")
	}
}
