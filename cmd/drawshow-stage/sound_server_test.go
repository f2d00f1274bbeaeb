//go:build unix

package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"drawshow/audio"
	"drawshow/audio/pulsetest"
	"drawshow/data/store"
	"drawshow/data/verifydb"
	"drawshow/show"
)

// The stage through a real PulseAudio of the test's own (pulsetest), its
// sink "show" chosen by --audio-device and recorded from its monitor.

// soundStage is a stage in a child process on the crash show's rehearsal,
// playing itself, with sound on the test's server. Its stderr lines come
// on the channel, each also kept for the failure message; so do the
// console's views (server-sent events, as a page reads them).
type soundStage struct {
	cmd    *exec.Cmd
	lines  chan string
	views  chan string
	mu     sync.Mutex
	said   strings.Builder
	db     string
	exited chan error
}

func startSoundStage(t *testing.T, exitScene string) *soundStage {
	t.Helper()
	if os.Getenv("DISPLAY") == "" {
		t.Skip("no X display: the stage needs one (make test runs it under xvfb-run)")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	st := &soundStage{lines: make(chan string, 1000), views: make(chan string, 1000), exited: make(chan error, 1),
		db: filepath.Join(t.TempDir(), "campaign.db")}
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Minute) // a guard against a hang only
	t.Cleanup(cancel)
	st.cmd = exec.CommandContext(ctx, exe, "run", stageNight(t), "--db", st.db, "--rehearsal", "--autoplay", "--clock", "2024-11-30T21:30",
		"--exit-after-scene", exitScene, "--windowed", "--no-browser", "--audio-device", pulsetest.SinkName)
	// the server's environment (pulsetest set it), and no DRAWSHOW_AUDIO=null
	st.cmd.Env = append(os.Environ(), childEnv+"=1", "GORACE="+strings.TrimSpace(os.Getenv("GORACE")+" atexit_sleep_ms=0"))
	st.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	st.cmd.Cancel = func() error { return syscall.Kill(-st.cmd.Process.Pid, syscall.SIGKILL) }
	st.cmd.WaitDelay = 10 * time.Second
	errs, err := st.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := st.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		sc := bufio.NewScanner(errs)
		for sc.Scan() {
			line := sc.Text()
			st.mu.Lock()
			st.said.WriteString(line + "\n")
			st.mu.Unlock()
			if m := consoleURL.FindStringSubmatch(line); m != nil {
				go st.readViews(ctx, m[1])
			}
			select {
			case st.lines <- line:
			default:
			}
		}
		io.Copy(io.Discard, errs)
		st.exited <- st.cmd.Wait()
	}()
	return st
}

// readViews reads the console's events as a page does.
func (st *soundStage) readViews(ctx context.Context, url string) {
	req, _ := http.NewRequestWithContext(ctx, "GET", strings.Replace(url, "/?", "/events?", 1), nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return
	}
	defer res.Body.Close()
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(nil, 1<<22)
	for sc.Scan() {
		if line := sc.Text(); strings.HasPrefix(line, "data:") {
			select {
			case st.views <- line:
			default:
			}
		}
	}
}

func (st *soundStage) output() string {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.said.String()
}

// waitLine waits for a stderr line holding text, however long the stage
// takes; it fails if the stage exits first.
func (st *soundStage) waitLine(t *testing.T, text string) {
	t.Helper()
	for {
		select {
		case line := <-st.lines:
			if strings.Contains(line, text) {
				return
			}
		case err := <-st.exited:
			t.Fatalf("the stage exited (%v) before saying %q:\n%s", err, text, st.output())
		}
	}
}

// waitView waits for a console view holding text.
func (st *soundStage) waitView(t *testing.T, text string) {
	t.Helper()
	for {
		select {
		case v := <-st.views:
			if strings.Contains(v, text) {
				return
			}
		case err := <-st.exited:
			t.Fatalf("the stage exited (%v) before the console showed %q:\n%s", err, text, st.output())
		}
	}
}

func (st *soundStage) wait(t *testing.T) {
	t.Helper()
	if err := <-st.exited; err != nil {
		t.Fatalf("the stage: %v\n%s", err, st.output())
	}
}

// find is where a cue (its first part: a cue cut short by the stage's
// exit or by the next scene is found all the same) starts in the
// recording from frame from on.
func find(rec []float32, c audio.Cue, from int, part time.Duration) pulsetest.Take {
	snd := audio.Render(c)
	snd = snd[:min(len(snd), int(part.Seconds()*audio.SampleRate)*audio.Channels)]
	return pulsetest.FindTake(rec, snd, from, len(rec)/audio.Channels)
}

const frameMs = 1000.0 / audio.SampleRate

// TestStageCuesOnTheServer plays the first draw of a rehearsal by itself
// on the stage, sound on the server's sink "show", to the claim: on the
// sink's monitor, the drum-roll under the reel, then the reveal hit when
// it lands, then the claim chime, in that order; the roll sounding up to
// its end, before the hit, and silent once the hit has rung out (it
// stopped when the reel landed, not later).
func TestStageCuesOnTheServer(t *testing.T) {
	srv := pulsetest.Start(t)
	rec := srv.Record(pulsetest.SinkName + ".monitor")
	st := startSoundStage(t, "stamp-claimed")
	st.waitLine(t, `sound: audio: PulseAudio, device "show"`)
	st.wait(t)
	r := rec.Samples(0, rec.Frames())

	roll := find(r, audio.DrumRoll, 0, time.Second)
	hit := find(r, audio.RevealHit, 0, audio.Duration(audio.RevealHit))
	chime := find(r, audio.ClaimChime, int(hit.Start), 300*time.Millisecond)
	t.Logf("drum-roll at %.0f ms (peak %.2f), reveal hit at %.0f ms (peak %.2f), claim chime at %.0f ms (peak %.2f)",
		roll.Start*frameMs, roll.Peak, hit.Start*frameMs, hit.Peak, chime.Start*frameMs, chime.Peak)
	for _, c := range []struct {
		name string
		take pulsetest.Take
	}{{"drum-roll", roll}, {"reveal hit", hit}, {"claim chime", chime}} {
		if c.take.Peak < 0.8 {
			t.Errorf("the %s is not on the sink's monitor (%+v)", c.name, c.take)
		}
	}
	if !(roll.Start < hit.Start && hit.Start < chime.Start) {
		t.Errorf("cues out of order: drum-roll %.0f ms, reveal hit %.0f ms, claim chime %.0f ms",
			roll.Start*frameMs, hit.Start*frameMs, chime.Start*frameMs)
	}
	// The roll stops as the reel lands and the hit comes once the
	// winner's announcement is committed, a moment later: the roll
	// sounds up to its end, silence follows until the hit, and once the
	// hit has rung out (and what the server's underruns moved it by)
	// there is silence between the countdown's ticks: a roll still going
	// would leave no quiet 50 ms.
	level := func(f int) float64 {
		return pulsetest.Level(r[f*audio.Channels : (f+audio.SampleRate/20)*audio.Channels])
	}
	rollEnd := int(hit.Start)
	for rollEnd > int(roll.Start) && r[(rollEnd-1)*audio.Channels] == 0 && r[(rollEnd-1)*audio.Channels+1] == 0 {
		rollEnd--
	}
	before := level(rollEnd - audio.SampleRate/4)
	end := int(hit.Start) + int((audio.Duration(audio.RevealHit).Seconds()+hit.Drift/audio.SampleRate)*audio.SampleRate)
	quiet := 0.0
	for f := 0; f < audio.SampleRate; f += audio.SampleRate / 100 {
		quiet = min(quiet, level(end+f))
	}
	t.Logf("the roll ends %.0f ms before the hit, at %.1f dBFS; the quietest 50 ms in the second after the hit %.1f dBFS",
		(hit.Start-float64(rollEnd))*frameMs, before, quiet)
	if before < -40 {
		t.Errorf("the drum-roll is not sounding up to its end: %.1f dBFS", before)
	}
	if quiet > -70 {
		t.Errorf("no quiet 50 ms in the second after the reveal hit (%.1f dBFS at the quietest): the drum-roll did not stop when the reel landed", quiet)
	}
}

// TestStageDeviceVanishes pulls the sink out from under the stage in the
// middle of the draw: the show goes on silent, the operator is told on
// the console, the sink loaded again plays the next cue without a
// restart, and the record has every step of the draw, its chain whole.
func TestStageDeviceVanishes(t *testing.T) {
	srv := pulsetest.Start(t)
	rec := srv.Record(pulsetest.SinkName + ".monitor")
	st := startSoundStage(t, "stamp-claimed")
	st.waitLine(t, `sound: audio: PulseAudio, device "show"`)
	// the first sound (the drum-roll, as the reel turns) is heard
	for f := 0; ; f += audio.SampleRate / 10 {
		if !rec.WaitFrames(f+audio.SampleRate/10, time.Minute) {
			t.Fatalf("the recording stopped: %v", rec.Err())
		}
		if pulsetest.Level(rec.Samples(f, f+audio.SampleRate/10)) > -50 {
			break
		}
	}
	srv.UnloadSink(pulsetest.SinkName)
	st.waitLine(t, `sound: audio: the sound device "show" is lost`)
	st.waitView(t, `Sound: the sound device \"show\" is lost`)
	srv.LoadSink(pulsetest.SinkName)
	again := srv.Record(pulsetest.SinkName + ".monitor")
	st.waitLine(t, `sound: audio: the sound device "show" is back`)
	st.wait(t)

	r := again.Samples(0, again.Frames())
	if chime := find(r, audio.ClaimChime, 0, 300*time.Millisecond); chime.Peak < 0.8 {
		t.Errorf("no claim chime on the sink after it came back (%+v)\n%s", chime, st.output())
	}

	db, err := store.Open(st.db)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rep, err := verifydb.Check(db)
	if err != nil || len(rep.Problems) > 0 {
		t.Fatalf("the record: %v %v", err, rep)
	}
	shows, err := db.Shows()
	if err != nil || len(shows) != 1 {
		t.Fatalf("shows %v %v", shows, err)
	}
	evs, err := db.Events(shows[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	var kinds []show.EventKind
	for _, e := range evs {
		kinds = append(kinds, e.Kind)
	}
	// the draw, from the freeze to the claim the stage ended on
	want := []show.EventKind{show.BinFrozen, show.PickDrawn, show.PickAnnounced, show.PickDecided}
	i := 0
	for _, k := range kinds {
		if i < len(want) && k == want[i] {
			i++
		}
	}
	if i < len(want) {
		t.Errorf("the record's events %v lack %v, in order", kinds, want[i:])
	}
}
