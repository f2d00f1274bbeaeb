package audio

import (
	"math"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"drawshow/audio/pulsetest"
)

// These tests play through a real PulseAudio of their own (pulsetest),
// by malgo's PulseAudio backend, as the show plays on a laptop, and record
// what reached the null sink from its monitor.

// openOn opens a player on the test's server and checks it is PulseAudio's
// device named, not the null fallback.
func openOn(t testing.TB, device string) (*Player, *logger) {
	t.Helper()
	l := &logger{}
	p, err := Open(device, l.logf)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := p.Close(); err != nil {
			t.Error(err)
		}
	})
	if i := p.Info(); i.Null || i.Backend != "PulseAudio" {
		t.Fatalf("opened %+v (log %q), want PulseAudio", i, l.all())
	}
	p.SetVolume(1) // unity gain: the recording's level is the cue's
	return p, l
}

// TestDevicesListsTheSink: audio-devices' list holds the null sink under
// its PulseAudio name, which --audio-device takes.
func TestDevicesListsTheSink(t *testing.T) {
	srv := pulsetest.Start(t)
	srv.LoadSink("other")
	srv.SetDefaultSink("other")
	devs, err := Devices()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%+v", devs)
	var ids []string
	for _, d := range devs {
		ids = append(ids, d.ID)
		if d.Backend != "PulseAudio" || d.Name == "" {
			t.Errorf("device %+v", d)
		}
		if d.Default != (d.ID == "other") {
			t.Errorf("device %+v: the default is other", d)
		}
	}
	if slices.Sort(ids); !slices.Equal(ids, []string{"other", pulsetest.SinkName}) {
		t.Errorf("device ids %q, want the two sinks", ids)
	}
}

// TestDeviceByName is the bug of issue 17: --audio-device show said
// "playing" while the sink show heard nothing. With another sink the
// server's default, a player opened on "show" is heard on show's monitor
// and not on the default's, and one opened on "other" the other way round.
func TestDeviceByName(t *testing.T) {
	srv := pulsetest.Start(t)
	srv.LoadSink("other")
	srv.SetDefaultSink("other")
	for _, tc := range []struct{ device, heard, silent string }{
		{"show", "show", "other"},
		{"other", "other", "show"},
		{"", "other", "show"}, // the default
	} {
		heard, silent := srv.Record(tc.heard+".monitor"), srv.Record(tc.silent+".monitor")
		p, l := openOn(t, tc.device)
		if want := cmp(tc.device, "default"); p.Info().Device != want {
			t.Errorf("--audio-device %q: Info().Device %q, want %q", tc.device, p.Info().Device, want)
		}
		m, _ := playFind(t, p, heard, Tick)
		end := heard.Frames()
		if !silent.WaitFrames(end, time.Minute) {
			t.Fatalf("the recording stopped (%v)", silent.Err())
		}
		if m.Peak < 0.9 {
			t.Errorf("--audio-device %q: %s's monitor: peak %.2f, want the tick (log %q)", tc.device, tc.heard, m.Peak, l.all())
		}
		if lv := pulsetest.Level(silent.Samples(0, end)); lv > -90 {
			t.Errorf("--audio-device %q: %s's monitor at %.1f dBFS, want silence", tc.device, tc.silent, lv)
		}
		p.Close()
		heard.Stop()
		silent.Stop()
	}
}

func cmp(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// TestEveryCueRecorded plays every cue through the server, one after the
// other, and finds each in the sink's monitor: the same waveform
// (normalized cross-correlation ≥ 0.9), at the same level (within 1 dB,
// at unity volume), and not before the play call. How soon after the call
// it starts depends on the machine and how loaded it is: the test logs it,
// and BenchmarkCueLatency (make bench) reports it.
//
// The start is measured on the recording's own timeline, not by a clock
// read when the sound is heard: the play call's moment is placed on it by
// Recording.FrameAt (the tightest of the bounds every read of the
// recording gives, which a loaded machine only loosens towards a longer
// latency), and the cue's start is where its first 50 ms correlate best.
//
// A loaded machine makes the server underrun: it plays silence where the
// client was late, then the rest. The waveform and the level are matched
// piece by piece (pulsetest.FindTake), so that a gap does not count as a
// wrong sound, and a long gap can lose the pieces' track in a held note,
// so each cue has three takes to meet both. Every take is logged.
func TestEveryCueRecorded(t *testing.T) {
	srv := pulsetest.Start(t)
	rec := srv.Record(pulsetest.SinkName + ".monitor")
	p, _ := openOn(t, pulsetest.SinkName)
	var first []float64
	for _, c := range Cues() {
		var starts []float64
		good := false
		for take := 1; take <= 3 && !good; take++ {
			// from a quiet start: the last cue faded out
			waitFor(t, p, "quiet", func() bool { return p.mix.active.Load() == 0 })
			rec.WaitFrames(rec.Frames()+SampleRate/10, time.Minute)
			m, mark := playFind(t, p, rec, c)
			ms := (m.Start - mark) * 1000 / SampleRate
			starts = append(starts, ms)
			if take == 1 {
				first = append(first, ms)
			}
			t.Logf("%-17s take %d: peak %.3f (whole %.3f), level %+.2f dB, start %5.1f ms after the call, %d pieces moved (drift %.1f ms)",
				c, take, m.Peak, m.Whole.Peak, m.Gain, ms, m.Moves, m.Drift*1000/SampleRate)
			if ms < -5 {
				t.Errorf("%s: starts %.1f ms before the play call: the measure is wrong", c, ms)
			}
			good = m.Peak >= 0.9 && math.Abs(m.Gain) <= 1
		}
		if !good {
			t.Errorf("%s: in none of 3 takes whole (cross-correlation ≥ 0.9) and at its level (within 1 dB) (starts %.1f ms)", c, starts)
		}
	}
	sort.Float64s(first)
	t.Logf("latency play call → first recorded sample, first takes: min %.1f ms, median %.1f ms, max %.1f ms", first[0], first[len(first)/2], first[len(first)-1])
}

// TestDeviceVanishes unloads the sink mid-cue, as a USB interface pulled
// out: the player goes on (silent, on the null device: plays still take
// and cues still end) and says so; the sink loaded again, it plays there
// again, without being reopened, and says that too.
func TestDeviceVanishes(t *testing.T) {
	srv := pulsetest.Start(t)
	p, l := openOn(t, pulsetest.SinkName)
	roll := p.Loop(DrumRoll)
	waitFor(t, p, "the roll to start", func() bool { return p.mix.active.Load() == 1 })

	srv.UnloadSink(pulsetest.SinkName)
	waitLog(t, l, "lost")
	if i := p.Info(); !i.Null {
		t.Errorf("after the sink went: %+v, want the null device", i)
	}
	// the show goes on: the roll still sounds (to nobody) and stops, a cue
	// plays to its end
	f0 := p.mix.frames.Load()
	waitFor(t, p, "frames on the null device", func() bool { return p.mix.frames.Load() > f0+5*periodFrames })
	p.Stop(roll)
	ended := p.mix.ended.Load()
	if p.Play(Tick) == 0 {
		t.Fatal("Play gave no voice with the device gone")
	}
	waitFor(t, p, "the tick to end", func() bool { return p.mix.ended.Load() >= ended+2 })

	srv.LoadSink(pulsetest.SinkName)
	waitLog(t, l, "back")
	if i := p.Info(); i.Null || i.Device != pulsetest.SinkName {
		t.Errorf("after the sink came back: %+v", i)
	}
	rec := srv.Record(pulsetest.SinkName + ".monitor")
	if m, _ := playFind(t, p, rec, Fanfare); m.Peak < 0.9 {
		t.Errorf("the fanfare after the sink came back: %+v", m)
	}
	t.Log(l.all())
}

// BenchmarkCueLatency reports how soon after the play call a tick starts
// on the sink's monitor, measured as TestEveryCueRecorded measures it: the
// median and the worst of the plays.
func BenchmarkCueLatency(b *testing.B) {
	srv := pulsetest.Start(b)
	rec := srv.Record(pulsetest.SinkName + ".monitor")
	p, _ := openOn(b, pulsetest.SinkName)
	var starts []float64
	for b.Loop() {
		waitFor(b, p, "quiet", func() bool { return p.mix.active.Load() == 0 })
		rec.WaitFrames(rec.Frames()+SampleRate/10, time.Minute)
		m, mark := playFind(b, p, rec, Tick)
		if m.Peak < 0.9 {
			b.Fatalf("the tick is not on the sink's monitor: %+v", m)
		}
		starts = append(starts, (m.Start-mark)*1000/SampleRate)
	}
	sort.Float64s(starts)
	b.ReportMetric(starts[len(starts)/2], "ms-median")
	b.ReportMetric(starts[len(starts)-1], "ms-max")
}

// playFind plays a cue and finds it in the recording: from 100 ms before
// the play call (a start before it would be a fault of the measure) to
// half a second after. It returns the take and the call's frame.
func playFind(t testing.TB, p *Player, rec *pulsetest.Recording, c Cue) (pulsetest.Take, float64) {
	t.Helper()
	snd := cueSound(c).data
	at := time.Now()
	p.Play(c)
	mark := rec.FrameAt(at)
	end := int(mark) + len(snd)/2 + SampleRate
	if !rec.WaitFrames(end, time.Minute) {
		t.Fatalf("%s: the recording stopped (%v)", c, rec.Err())
	}
	return pulsetest.FindTake(rec.Samples(0, end), snd, int(mark)-SampleRate/10, int(mark)+SampleRate/2), mark
}

// waitLog waits, without a fixed sleep, until the player logs a line
// holding word; it fails after a minute.
func waitLog(t *testing.T, l *logger, word string) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		for _, line := range l.all() {
			if strings.Contains(line, word) {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no log line with %q in a minute: %q", word, l.all())
		}
		time.Sleep(5 * time.Millisecond) // a poll of the condition
	}
}
