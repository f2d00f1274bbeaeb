package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"time"

	"drawshow/audio"
	"drawshow/cmd/internal/cli"
)

// cmdCues writes every sound cue to a WAV file, and with --play plays
// them in turn on the sound device: a sound check without the show.
func cmdCues(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("cues", flag.ContinueOnError)
	out := fs.String("out", "", "write every cue to `DIR`/NAME.wav (DIR is created if missing)")
	float := fs.Bool("float", false, "32-bit float WAV instead of 16-bit PCM")
	play := fs.Bool("play", false, "play every cue in turn on the sound device")
	device := fs.String("audio-device", "", "with --play: the playback `NAME` (see drawshow audio-devices; default: the system's)")
	pos, err := cli.Parse(fs, args, stderr)
	if err != nil {
		return err
	}
	if err := cli.NeedArgs("cues", pos, 0, "no arguments"); err != nil {
		return err
	}
	if *out == "" && !*play {
		return errors.New("cues needs --out DIR, --play or both")
	}
	if *out != "" {
		if err := os.MkdirAll(*out, 0o755); err != nil {
			return err
		}
		for _, c := range audio.Cues() {
			path := filepath.Join(*out, c.String()+".wav")
			s := audio.Render(c)
			if err := writeWAV(path, s, *float); err != nil {
				return err
			}
			peak := 0.0
			for _, x := range s {
				peak = math.Max(peak, math.Abs(float64(x)))
			}
			fmt.Fprintf(stdout, "%s\t%.2f s\tpeak %.1f dBFS\n", path, audio.Duration(c).Seconds(), 20*math.Log10(peak))
		}
	}
	if *play {
		p, err := audio.Open(*device, func(format string, args ...any) {
			fmt.Fprintf(stderr, format+"\n", args...)
		})
		if err != nil {
			return err
		}
		defer p.Close()
		// a sound check that hears nothing must not say it played: the
		// device asked for is not there (Open said why, above)
		if i := p.Info(); i.Null && *device != "null" {
			return errors.New("cues --play: no sound device played (see above)")
		}
		i := p.Info()
		for _, c := range audio.Cues() {
			fmt.Fprintf(stdout, "playing %s on %s %s\n", c, i.Backend, i.Device)
			p.Play(c)
			time.Sleep(audio.Duration(c) + 400*time.Millisecond)
		}
	}
	return nil
}

func writeWAV(path string, s []float32, float bool) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := audio.WriteWAV(f, s, audio.Channels, audio.SampleRate, float); err != nil {
		f.Close()
		return fmt.Errorf("%s: %w", path, err)
	}
	return f.Close()
}

// cmdAudioDevices lists the playback devices --audio-device can name.
func cmdAudioDevices(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("audio-devices", flag.ContinueOnError)
	pos, err := cli.Parse(fs, args, stderr)
	if err != nil {
		return err
	}
	if err := cli.NeedArgs("audio-devices", pos, 0, "no arguments"); err != nil {
		return err
	}
	devs, err := audio.Devices()
	switch {
	case errors.Is(err, audio.ErrNoBackend):
		fmt.Fprintf(stdout, "%v; the show would run silent\n", err)
		return nil
	case err != nil:
		return err
	case len(devs) == 0:
		fmt.Fprintf(stdout, "%v; the show would run silent\n", audio.ErrNoBackend)
		return nil
	}
	fmt.Fprintf(stdout, "%s playback devices (* default); --audio-device takes the first column, a name, or a unique part of either:\n", devs[0].Backend)
	w := 0
	for _, d := range devs {
		w = max(w, len(d.ID))
	}
	for _, d := range devs {
		mark := " "
		if d.Default {
			mark = "*"
		}
		if d.ID == "" || d.ID == d.Name {
			fmt.Fprintf(stdout, "%s %s\n", mark, d.Name)
			continue
		}
		fmt.Fprintf(stdout, "%s %-*s  %s\n", mark, w, d.ID, d.Name)
	}
	return nil
}
