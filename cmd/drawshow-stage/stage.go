package main

import (
	"bufio"
	"bytes"
	"cmp"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"drawshow/assets/demo"
	"drawshow/audio"
	"drawshow/cmd/internal/cli"
	"drawshow/data/entries"
	"drawshow/data/export"
	"drawshow/data/paper"
	"drawshow/data/record"
	"drawshow/data/session"
	"drawshow/data/witness"
	"drawshow/flightlog"
	"drawshow/scenes"
	"drawshow/show"
)

// autoplayClaim is the claim countdown while autoplay plays a rehearsal.
const autoplayClaim = 12

// runStage opens the show from path on the database and presents it.
func runStage(path string, text []byte, r cli.Run, stdin io.Reader, stdout, stderr io.Writer) (err error) {
	dbPath, rehearsal, clock, f := r.DB, r.Rehearsal, r.Clock, r.Stage
	if f.ExitScene != "" && !scenes.IsScene(f.ExitScene) {
		return fmt.Errorf("--exit-after-scene %q: no such scene (%s, or stamp-OUTCOME)", f.ExitScene, strings.Join(scenes.SceneNames(), ", "))
	}
	fl := openStageLog(path, dbPath, rehearsal, r.Witness != "", clock, f, stderr)
	defer func() { cli.LogStop(fl, err, nil) }()
	sh, err := show.Parse(path, text)
	if err != nil {
		return err
	}
	claim := 0
	if f.Autoplay {
		if !rehearsal {
			return errors.New("--autoplay is for rehearsals: add --rehearsal")
		}
		sh.ClaimSeconds = min(sh.ClaimSeconds, autoplayClaim)
		claim = sh.ClaimSeconds // recorded at open: the fold keeps to it
	}
	clk, err := stageClock(clock, sh.Location)
	if err != nil {
		return err
	}
	progress := newImportProgress(fl)
	db, ss, err := cli.OpenShow(sh, text, &r, cli.Opening{Mode: show.ModeStage, Clock: clk.Now, ClaimSeconds: claim, Progress: progress.report,
		OverProblems: logProblems(fl, confirmProblems(stdin, stderr))}, fl, stderr)
	if err != nil {
		return err
	}
	defer db.Close()
	if _, err := ss.Resume(show.ModeStage); err != nil {
		return err
	}
	theme, err := scenes.NewTheme(sh.Brand, loadLogo(sh.Brand.Logo, stderr, fl))
	if err != nil {
		return err
	}
	var onStage atomic.Pointer[scenes.Stage] // for the player's news, once there is a stage
	shown := make(chan struct{})
	sound, closeSound := startSound(sh, f.Audio, shown, &onStage, fl, stderr)
	defer closeSound()
	images := map[string]*ebiten.Image{}
	for _, g := range sh.Segments {
		if g.Page != nil && g.Page.Image != "" {
			images[g.ID] = loadLogo(g.Page.Image, stderr, fl)
		}
	}
	opt := scenes.Options{
		Show: sh, Theme: theme, Backend: backend{ss, exportDir(dbPath, ss.ID)}, Rehearsal: rehearsal,
		Now: clk.Now, Stepped: logSteps(fl, clk.Stepped), OnNote: logNote(fl), Log: func(msg string) { fmt.Fprintln(stderr, "drawshow:", msg) },
		Resumed: ss.Resumed, Autoplay: f.Autoplay, ExitAfter: f.ExitAfter, ExitAfterScene: f.ExitScene, Sound: sound, Warm: true, Images: images,
		StageHints: f.StageHints,
	}
	feed, err := witness.Start(ss.DB, ss.ID, sh.AuditorKey, r.Feed, stderr)
	if err != nil {
		return err
	}
	defer feed.Close()
	if !sh.AuditorKey.IsZero() {
		ss.Witness = feed.Feed
	}
	var desk *consoleLink
	if f.Console != "off" {
		if desk, err = startConsole(f, ss, feed, clk.Now, stderr, fl); err != nil {
			return err
		}
		desk.progress = progress
		defer desk.close()
		opt.OnControls, opt.Preview = desk.onControls, desk.preview
	}
	var shots *shooter
	if f.Shots != "" {
		if err := os.MkdirAll(f.Shots, 0o755); err != nil {
			return err
		}
		shots = &shooter{dir: f.Shots}
		opt.OnScene = shots.take
	}
	opt.OnFirst = func() {
		close(shown)
		if f.Stats {
			fmt.Fprintf(stderr, "first_frame_ms=%d\n", time.Since(processStart).Milliseconds())
		}
		if desk != nil {
			desk.shown()
		}
	}
	stage := scenes.New(opt)
	onStage.Store(stage)
	if desk != nil {
		desk.attach(stage)
	}
	var stats *scenes.Stats
	if f.Stats {
		stats = scenes.NewStats(time.Second)
		stage.SetStats(stats)
	}
	if err := setupWindow(sh, f); err != nil {
		return err
	}
	logDisplay(fl, f)
	fmt.Fprintf(stderr, "show %s: commitment %s\n", ss.ID, ss.Eng.State().Opened.Commitment)
	var late interface{ Late() uint64 }
	if l, ok := sound.(*lateSound); ok {
		late = l
	}
	err = ebiten.RunGame(game(stage, fl, late))
	stage.Close()
	feed.WaitFollowers(stderr)
	if shots != nil {
		if serr := shots.wait(); serr != nil {
			err = cmp.Or(err, fmt.Errorf("--shots: %w", serr))
		}
	}
	if stats != nil {
		fmt.Fprintln(stdout, stats.Line())
		fmt.Fprintln(stderr, stats.Scenes())
	}
	return err
}

// stageClock is the show's clock. It runs on the monotonic clock: a step
// of the system clock mid-countdown is reported and changes no
// countdown. A rehearsal's --clock starts it at the show's own hour on
// another day.
func stageClock(clock string, loc *time.Location) (*show.Clock, error) {
	if clock == "" {
		return show.SystemClock(), nil
	}
	at, err := show.ParseLocal(clock, loc)
	if err != nil {
		return nil, fmt.Errorf("--clock %q: use 2006-01-02T15:04 in the show's timezone", clock)
	}
	t0 := time.Now()
	return show.NewClock(func() time.Time { return at.Add(time.Since(t0)) }, func() time.Duration { return time.Since(t0) }), nil
}

// startSound opens the sound device (dev, else the show file's) once the
// stage has shown its first frame (shown closes): the device and the
// cues come up after the first frame, not before it. The stage plays
// through the Sound returned, nil when the show's sound is off; stop
// closes the player, once the stage is done.
func startSound(sh *show.Show, dev string, shown <-chan struct{}, onStage *atomic.Pointer[scenes.Stage], fl *flightlog.Log, stderr io.Writer) (sound scenes.Sound, stop func()) {
	if !sh.Sound.Enabled {
		return nil, func() {}
	}
	if dev == "" {
		dev = sh.Sound.Device
	}
	var player *audio.Player
	opened := make(chan struct{})
	go func() {
		defer close(opened)
		<-shown
		p, err := audio.Open(dev, tellHost(onStage, logAudio(fl, stderr)))
		if err == nil {
			logPlayer(fl, p)
			p.SetVolume(float32(sh.Sound.Volume))
			player = p
		}
	}()
	return &lateSound{ready: opened, p: &player}, func() {
		select {
		case <-shown:
			<-opened
			player.Close()
		default: // the stage never showed a frame: the player never opened
		}
	}
}

func setupWindow(sh *show.Show, f cli.Stage) error {
	ebiten.SetWindowTitle("drawshow — " + sh.Promotion + ", " + sh.Property)
	ebiten.SetWindowClosingHandled(true)
	// every scene paints the whole canvas: ebiten's own clear would be a
	// second full-screen fill a frame, which software GL feels
	ebiten.SetScreenClearedEveryFrame(false)
	if f.Monitor != "" {
		var found *ebiten.MonitorType
		var names []string
		for _, m := range ebiten.AppendMonitors(nil) {
			names = append(names, m.Name())
			if m.Name() == f.Monitor {
				found = m
			}
		}
		if found == nil {
			return fmt.Errorf("no monitor %q (monitors: %q)", f.Monitor, names)
		}
		ebiten.SetMonitor(found)
	}
	if f.Windowed {
		ebiten.SetWindowSize(1280, 720)
		ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
		return nil
	}
	ebiten.SetFullscreen(true)
	ebiten.SetCursorMode(ebiten.CursorModeHidden)
	return nil
}

// confirmProblems shows the operator the files a new show names that
// cannot be used, and asks on the terminal whether to open it all the
// same: only OPEN does, and the record keeps the problems.
func confirmProblems(in io.Reader, out io.Writer) func([]string) bool {
	return func(problems []string) bool {
		fmt.Fprintf(out, "The show names %d file(s) that cannot be used:\n", len(problems))
		for _, p := range problems {
			fmt.Fprintf(out, "  %s\n", strings.ReplaceAll(p, "\n", "\n  "))
		}
		fmt.Fprint(out, "A draw from such a file will fail. Type OPEN to open the show all the same (the record keeps these problems), anything else to stop: ")
		if in == nil {
			in = strings.NewReader("")
		}
		line, _ := bufio.NewReader(in).ReadString('\n')
		if strings.TrimSpace(line) != "OPEN" {
			fmt.Fprintln(out)
			return false
		}
		return true
	}
}

// exportDir is where the presenter's export key writes: beside the
// database; the demo's temporary database would vanish, so its exports go
// to the working folder.
func exportDir(dbPath, showID string) string {
	dir := filepath.Dir(dbPath)
	if strings.HasPrefix(filepath.Base(dir), "drawshow-demo-") {
		dir = "."
	}
	return filepath.Join(dir, showID+"-export")
}

// loadLogo reads a PNG of the show file (the brand's logo, a slide's
// image); the show goes on without one that does not load, and says so.
func loadLogo(path string, stderr io.Writer, fl *flightlog.Log) *ebiten.Image {
	if path == "" {
		return nil
	}
	img, err := show.ReadImage(path) // within the limits check holds it to
	if err != nil {
		fmt.Fprintf(stderr, "logo %s: %v (the stage runs without it)\n", path, err)
		fl.Problem(fmt.Sprintf("%s: %v", path, err), flightlog.Fields{"image": true})
		return nil
	}
	return ebiten.NewImageFromImage(img)
}

// tellHost passes what the player says of its device (the one opened, a
// fall-back to the null device, the device lost mid-show or back) to the
// host on the console as well as to log.
func tellHost(stage *atomic.Pointer[scenes.Stage], log func(format string, args ...any)) func(format string, args ...any) {
	return func(format string, args ...any) {
		log(format, args...)
		if s := stage.Load(); s != nil {
			s.Tell("Sound: " + strings.TrimPrefix(fmt.Sprintf(format, args...), "audio: "))
		}
	}
}

// lateSound is the player once it has opened; until then the stage is
// silent rather than waiting for it.
type lateSound struct {
	ready <-chan struct{}
	p     **audio.Player
}

func (l *lateSound) get() *audio.Player {
	select {
	case <-l.ready:
		return *l.p
	default:
		return nil
	}
}

func (l *lateSound) Play(c audio.Cue) audio.Voice { return l.get().Play(c) }
func (l *lateSound) Loop(c audio.Cue) audio.Voice { return l.get().Loop(c) }
func (l *lateSound) Stop(v audio.Voice)           { l.get().Stop(v) }
func (l *lateSound) SetMuted(m bool)              { l.get().SetMuted(m) }
func (l *lateSound) Muted() bool                  { return l.get().Muted() }
func (l *lateSound) SetVolume(v float32)          { l.get().SetVolume(v) }
func (l *lateSound) Volume() float32              { return l.get().Volume() }
func (l *lateSound) Late() uint64                 { return l.get().Late() }

// backend is the stage's view of an open session. Exports go beside the
// database, in a folder named for the show.
type backend struct {
	ss  *session.Session
	out string
}

func (b backend) Standings(segment string) ([]show.Standing, time.Time, error) {
	for _, g := range b.ss.Eng.Show.Segments {
		if g.ID == segment {
			if g.Board == nil {
				return nil, time.Time{}, fmt.Errorf("segment %q is not a leaderboard", segment)
			}
			fi, err := os.Stat(g.Board.Standings)
			if err != nil {
				return nil, time.Time{}, err
			}
			st, err := entries.ReadStandings(g.Board.Standings, g.Sheet)
			return b.ss.Eng.Board(st), fi.ModTime(), err // never an excluded player
		}
	}
	return nil, time.Time{}, fmt.Errorf("no segment %q", segment)
}

func (b backend) Export(progress func(step string, done, total int)) (string, error) {
	_, err := export.WriteProgress(b.ss.DB, b.ss.ID, b.out, progress)
	return b.out, err
}

var _ scenes.Sheets = backend{}

// Sheet writes the pre-show sheet of the show on stage beside its export
// folder: SHOW-ID-sheet.pdf.
func (b backend) Sheet() (string, error) {
	path := strings.TrimSuffix(b.out, "-export") + "-sheet.pdf"
	return path, paper.WriteSheet(b.ss, path)
}

var _ scenes.Anchors = backend{}

// Anchor is the journal's head as a draw's winners board prints it, for
// verify --anchor: "record 41 · f97a a653 4016 057a".
func (b backend) Anchor() (string, error) {
	seq, h, err := b.ss.DB.Head()
	if err != nil {
		return "", err
	}
	return record.Anchor(seq, h), nil
}

func (b backend) Do(c show.Command) ([]show.Event, error) { return b.ss.Do(c, nil) }
func (b backend) State() *show.State                      { return b.ss.Eng.State() }
func (b backend) People(segment string, cards []string) (map[string]show.Person, error) {
	return b.ss.People(segment, cards)
}

// shooter writes a PNG of each new scene; encoding happens off the game
// loop. The first write that failed is kept for wait to tell.
type shooter struct {
	dir string
	n   int
	wg  sync.WaitGroup
	mu  sync.Mutex
	err error
}

func (s *shooter) take(name string, screen *ebiten.Image) {
	b := screen.Bounds()
	img := image.NewRGBA(b)
	screen.ReadPixels(img.Pix)
	s.n++
	path := filepath.Join(s.dir, fmt.Sprintf("%03d-%s.png", s.n, name))
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		var buf bytes.Buffer
		err := png.Encode(&buf, img)
		if err == nil {
			err = os.WriteFile(path, buf.Bytes(), 0o644)
		}
		if err != nil {
			s.mu.Lock()
			s.err = cmp.Or(s.err, err)
			s.mu.Unlock()
		}
	}()
}

// wait waits for the shots under way and says whether one failed.
func (s *shooter) wait() error {
	s.wg.Wait()
	return s.err
}

func cmdDemo(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	var sf cli.Stage
	sf.Register(fs)
	if _, err := cli.Parse(fs, args, stderr); err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "drawshow-demo-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	path, err := demo.WriteTo(dir)
	if err != nil {
		return err
	}
	text, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "demo: a rehearsal of %s on a temporary database\n", path)
	return runStage(path, text, cli.Run{DB: filepath.Join(dir, "demo.db"), Rehearsal: true, Stage: sf}, nil, stdout, stderr)
}

func cmdMonitors(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("monitors", flag.ContinueOnError)
	if _, err := cli.Parse(fs, args, stderr); err != nil {
		return err
	}
	for i, m := range ebiten.AppendMonitors(nil) {
		w, h := m.Size()
		fmt.Fprintf(stdout, "%d  %q  %dx%d\n", i, m.Name(), w, h)
	}
	return nil
}
