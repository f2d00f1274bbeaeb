package main

import (
	"strings"
	"testing"

	"drawshow/audio"
	"drawshow/audio/pulsetest"
)

// TestAudioDevicesAndCuesPlay runs audio-devices and cues --play against
// a PulseAudio of the test's own with two sinks, the other one the
// default: the list names both sinks (the default marked), --audio-device
// show sends every cue to show and none to the default, and a device that
// is not there is an error, not a "playing" said over silence.
func TestAudioDevicesAndCuesPlay(t *testing.T) {
	srv := pulsetest.Start(t)
	srv.LoadSink("other")
	srv.SetDefaultSink("other")

	out, _, err := drawshow(t, "", "audio-devices")
	if err != nil {
		t.Fatal(err)
	}
	t.Log(out)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if !strings.HasPrefix(lines[0], "PulseAudio playback devices") || len(lines) != 3 {
		t.Fatalf("audio-devices:\n%s", out)
	}
	if !strings.Contains(out, "  show ") || !strings.Contains(out, "* other ") {
		t.Errorf("audio-devices does not list show, and other as the default:\n%s", out)
	}

	show, other := srv.Record("show.monitor"), srv.Record("other.monitor")
	out, errs, err := drawshow(t, "", "cues", "--play", "--audio-device", "show")
	if err != nil {
		t.Fatalf("cues --play: %v\n%s", err, errs)
	}
	if n := strings.Count(out, "playing "); n != len(audio.Cues()) || !strings.Contains(out, "on PulseAudio show") {
		t.Errorf("cues --play said:\n%s", out)
	}
	end := show.Frames()
	other.WaitFrames(end, 0)
	rec := show.Samples(0, end)
	// each cue in its turn, its first 100 ms found after the one before:
	// this is about where the sound went (audio's TestEveryCueRecorded
	// holds each cue whole to 0.9), and a short stretch is found whole
	// even when a loaded machine breaks up the rest
	from := 0
	for _, c := range audio.Cues() {
		snd := audio.Render(c)
		head := snd[:min(len(snd), audio.SampleRate/10*audio.Channels)]
		m := pulsetest.Find(rec, head, from, min(from+6*audio.SampleRate, len(rec)/2)) // the cue before lasts at most 4.2 s
		if m.Peak < 0.8 {
			t.Errorf("%s: not on show's monitor after frame %d (%+v)", c, from, m)
			continue
		}
		from = m.Frame + len(head)/2
	}
	if lv := pulsetest.Level(other.Samples(0, end)); lv > -90 {
		t.Errorf("the default sink heard %.1f dBFS, want silence", lv)
	}

	out, errs, err = drawshow(t, "", "cues", "--play", "--audio-device", "no-such-sink")
	if err == nil || strings.Contains(out, "playing") || !strings.Contains(errs, "no-such-sink") {
		t.Errorf("cues --play on a device not there: %v\nstdout %q\nstderr %q", err, out, errs)
	}
}
