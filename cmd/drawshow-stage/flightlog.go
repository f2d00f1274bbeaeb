package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/sirupsen/logrus"

	"drawshow/audio"
	"drawshow/cmd/internal/buildinfo"
	"drawshow/cmd/internal/cli"
	"drawshow/console"
	"drawshow/flightlog"
	"drawshow/scenes"
	"drawshow/show"
)

// The stage's flight log: what the stage saw, beside the database
// (campaign.db.log). The game loop hands its notes over without waiting
// (flightlog queues them for its own writer).

// openStageLog opens the run's log and logs its start: the build, the
// show file and the flags that shape the run.
func openStageLog(path, db string, rehearsal, witness bool, clock string, f cli.Stage, stderr io.Writer) *flightlog.Log {
	return flightlog.OpenRun(db, buildinfo.Version(), flightlog.Fields{
		"command": "run", "show_file": path, "db": db, "headless": false, "rehearsal": rehearsal, "witness_given": witness,
		"clock": clock, "autoplay": f.Autoplay, "windowed": f.Windowed, "monitor_asked": f.Monitor,
		"audio_asked": f.Audio, "console": consoleMode(f), "stage_hints": f.StageHints,
	}, stderr)
}

func consoleMode(f cli.Stage) string {
	switch {
	case f.Console == "off":
		return "off"
	case f.Console == "":
		return "loopback"
	case f.ConsolePin != "":
		return f.Console + " with a PIN"
	}
	return f.Console
}

// logDisplay logs the monitors there are, the one the stage is on, its
// size and how the window is set, once the window is set up.
func logDisplay(fl *flightlog.Log, f cli.Stage) {
	if fl == nil {
		return
	}
	var ms []string
	for _, m := range ebiten.AppendMonitors(nil) {
		w, h := m.Size()
		ms = append(ms, fmt.Sprintf("%s %dx%d", m.Name(), w, h))
	}
	fields := flightlog.Fields{"monitors": ms, "fullscreen": !f.Windowed}
	if m := ebiten.Monitor(); m != nil {
		w, h := m.Size()
		fields["monitor"], fields["display"], fields["scale"] = m.Name(), fmt.Sprintf("%dx%d", w, h), m.DeviceScaleFactor()
	}
	fl.Info("display", fields)
}

// logAudio is the player's log: each thing it says goes to the terminal
// as before, and to the flight log (a fall-back to the null device or a
// lost device as a warning).
func logAudio(fl *flightlog.Log, stderr io.Writer) func(format string, args ...any) {
	return func(format string, args ...any) {
		msg := fmt.Sprintf(format, args...)
		fmt.Fprintln(stderr, "sound: "+msg)
		level := logrus.InfoLevel
		if strings.Contains(msg, "null device") || strings.Contains(msg, "stopped") || strings.Contains(msg, "lost") {
			level = logrus.WarnLevel
		}
		fl.Private(level, "sound", flightlog.Fields{"message": msg})
	}
}

// logPlayer logs the device the player opened.
func logPlayer(fl *flightlog.Log, p *audio.Player) {
	i := p.Info()
	fl.Info("audio device", flightlog.Fields{"backend": i.Backend, "device": i.Device, "null": i.Null, "sample_rate": i.SampleRate, "period_frames": i.PeriodFrames})
}

// logNote is the stage's OnNote: a key or a console line as it was taken
// (what it left on stage, the command it sent, what the host was told),
// and each command's result.
func logNote(fl *flightlog.Log) func(scenes.Note) {
	if fl == nil {
		return nil
	}
	return func(n scenes.Note) {
		switch n.Kind {
		case scenes.NoteResult:
			from := "stage"
			if n.Command.Op == show.OpTick {
				from = "engine" // a no-show at its deadline
			}
			cli.LogAction(fl, from, n.Command, n.Events, n.Err, flightlog.Fields{"scene": n.Scene})
			return
		}
		f := flightlog.Fields{"from": n.From, "scene": n.Scene}
		var secrets []string
		msg := "key"
		if n.Kind == scenes.NoteLine {
			msg = "console action"
			var cf flightlog.Fields
			cf, secrets = cli.CommandFields(n.Command)
			for k, v := range cf {
				f[k] = v
			}
		} else {
			f["key"] = n.Key
			if n.Field != "" {
				f["field"] = n.Field
			} else {
				f["action"] = n.Action.String()
			}
		}
		if n.Sent != nil {
			f["sent"] = string(n.Sent.Op)
			_, s := cli.CommandFields(*n.Sent)
			secrets = append(secrets, s...)
		}
		if n.Told != "" {
			f["told"] = flightlog.MaskQuoted(n.Told)
		}
		fl.Private(logrus.InfoLevel, msg, f, secrets...)
	}
}

// logConsole is the console server's Log: its pages and its requests.
func logConsole(fl *flightlog.Log) func(console.Note) {
	if fl == nil {
		return nil
	}
	return func(n console.Note) {
		f := flightlog.Fields{"remote": n.Remote}
		switch n.Kind {
		case console.NoteConnected:
			fl.Info("console page connected", f)
		case console.NoteGone:
			f["tabs"] = n.Tabs
			fl.Info("console page gone", f)
		case console.NoteRefused:
			f["request"], f["refusal"] = n.What, n.Refusal
			msg := "console request refused"
			if n.Count > 1 {
				// a flood is a line a minute: the latest request, and how many
				f["count"] = n.Count
				msg = "console requests refused"
			}
			fl.Warn(msg, f)
		case console.NoteAct, console.NoteKey:
			msg := "console asked"
			if n.Kind == console.NoteKey {
				f["key"] = n.What
			} else {
				verb, _, _ := strings.Cut(n.What, " ")
				f["action"] = verb
			}
			level := logrus.InfoLevel
			if n.Refusal != "" {
				level, msg = logrus.WarnLevel, "console asked, refused"
				f["refusal"] = flightlog.MaskQuoted(n.Refusal)
			}
			fl.Private(level, msg, f, n.Typed...)
		}
	}
}

// hitch is the frame time past which the log hears of a frame.
const hitch = 50 * time.Millisecond

// watched is the stage with its frames timed for the log.
type watched struct {
	*scenes.Stage
	log   *flightlog.Log
	h     hitches
	sound interface{ Late() uint64 } // nil without sound
	late  uint64                     // the player's late callbacks logged so far
	at    time.Time                  // when they were last looked at
}

func (w *watched) Draw(screen *ebiten.Image) {
	now := time.Now()
	if n, worst, ok := w.h.frame(now); ok {
		w.log.Warn("frame hitch", flightlog.Fields{"frames": n, "worst_ms": worst.Milliseconds(), "over_ms": hitch.Milliseconds()})
	}
	if w.sound != nil && now.Sub(w.at) >= time.Second {
		w.at = now
		if n := w.sound.Late(); n > w.late {
			w.log.Warn("audio underrun", flightlog.Fields{"late_callbacks": n - w.late, "total": n})
			w.late = n
		}
	}
	w.Stage.Draw(screen)
}

// hitches counts the gaps between frames over hitch, and says at most
// once a second how many and the worst (software GL's crossfades would
// otherwise fill the log).
type hitches struct {
	last     time.Time
	reported time.Time
	count    int
	worst    time.Duration
}

// frame takes a frame drawn at now; ok when the count is due to be logged.
func (h *hitches) frame(now time.Time) (n int, worst time.Duration, ok bool) {
	if !h.last.IsZero() {
		if gap := now.Sub(h.last); gap > hitch {
			h.count++
			h.worst = max(h.worst, gap)
		}
	}
	h.last = now
	if h.count == 0 || now.Sub(h.reported) < time.Second {
		return 0, 0, false
	}
	n, worst = h.count, h.worst
	h.count, h.worst, h.reported = 0, 0, now
	return n, worst, true
}

// game is the stage as RunGame runs it: timed when there is a log.
func game(stage *scenes.Stage, fl *flightlog.Log, sound interface{ Late() uint64 }) ebiten.Game {
	if fl == nil {
		return stage
	}
	return &watched{Stage: stage, log: fl, sound: sound}
}

// logProblems logs the file problems the operator was asked to open a
// show over, with the answer.
func logProblems(fl *flightlog.Log, ask func([]string) bool) func([]string) bool {
	return func(problems []string) bool {
		ok := ask(problems)
		for _, p := range problems {
			fl.Problem(p, flightlog.Fields{"opened_over": ok})
		}
		return ok
	}
}

// logSteps logs each step of the system clock the stage is told of.
func logSteps(fl *flightlog.Log, stepped func() (time.Duration, bool)) func() (time.Duration, bool) {
	return func() (time.Duration, bool) {
		d, ok := stepped()
		if ok {
			fl.Warn("system clock stepped", flightlog.Fields{"step_s": d.Seconds(), "note": "the show keeps its own time: no countdown changed"})
		}
		return d, ok
	}
}
