package scenes

import (
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"drawshow/show"
)

var (
	update   = flag.Bool("update", false, "write the golden frames in testdata/golden anew")
	lookbook = flag.String("lookbook", "", "write every golden frame to this folder too (make lookbook)")
)

// The tolerance of a golden frame: software GL may round an anti-aliased
// edge differently, not more. Text is held exactly (no pixel over the
// channel tolerance): a wrong digit of a ticket changes a few hundred
// pixels, well inside a share of a whole frame.
const (
	channelTolerance = 16    // per channel, of 255
	pixelTolerance   = 0.005 // the share of pixels outside text that may differ by more
)

// lastFrame is the rig's latest frame and lastText the boxes its text was
// drawn in (rig.frame records them).
var (
	lastFrame *image.RGBA
	lastText  []image.Rectangle
)

// textOf runs draw with the text boxes drawn on img recorded, and returns
// them.
func textOf(img *ebiten.Image, draw func()) []image.Rectangle {
	textRegions = newRegionLog()
	defer func() { textRegions = nil }()
	draw()
	return textRegions.on(img)
}

// TestGolden plays the demo show's rehearsal to each key frame and
// compares it with testdata/golden/NAME.png. go test ./scenes -run Golden
// -update writes them anew; look at them before committing.
func TestGolden(t *testing.T) {
	r := newRig(t, nil)
	g := func(name string) { t.Helper(); r.shoot(name) }

	// the commitment, and the auditor's witness field
	g("01-open")
	r.press(ebiten.KeyPageDown) // no witness
	r.at("attract")
	r.faded()
	g("02-attract")

	// the Saturday cash draw: freeze, intro, reel, reveal
	r.press(ebiten.KeyPageDown)
	r.at("intro")
	r.faded()
	g("03-intro")
	r.reel(ebiten.KeyPageDown, func() { g("04-reel") })
	r.countdown()
	g("05-countdown-90")
	dl := r.pick().Deadline
	r.clk.Set(dl.Add(-9500 * time.Millisecond))
	r.update()
	g("06-countdown-10")
	// the engine records the no-show once the deadline passes
	r.clk.Set(dl.Add(100 * time.Millisecond))
	r.decided(show.NoShow)
	r.stamped()
	g("07-noshow")

	// redraw: the reveal's confetti in mid-air, then a claim
	r.reel(ebiten.KeyPageDown, nil)
	r.clk.Add(400 * time.Millisecond) // 400 ms into the reveal, which cuts in
	r.update()
	g("08-reveal-flash") // the name scaling in over the flash
	r.clk.Add(1100 * time.Millisecond)
	r.update()
	g("08-reveal")
	r.clk.Add(revealTime) // the reveal gives way to the countdown by itself
	r.at("countdown")
	r.faded()
	r.press(ebiten.KeyC)
	r.decided(show.Claimed)
	r.clk.Add(80 * time.Millisecond)
	r.update()
	g("09-claimed-landing") // the stamp on its way down, as the chime sounds
	r.stamped()
	g("09-claimed")

	// the outcome menu for a clicker: F5 (it opens on Back), Prev to forfeit, Esc
	r.reel(ebiten.KeyPageDown, nil)
	r.countdown()
	r.press(ebiten.KeyF5)
	r.press(ebiten.KeyPageUp)
	g("10-menu")
	r.press(ebiten.KeyEscape)
	r.decided(show.Forfeit)
	r.stamped()
	g("11-forfeit")

	r.reel(ebiten.KeyPageDown, nil)
	r.countdown()
	r.press(ebiten.KeyD) // the card is on no register loaded: the host notes the paper one
	r.in.PushFrame(Frame{Chars: []rune("paper register p.2, checked by Thandi")})
	r.update()
	r.press(ebiten.KeyEnter)
	r.decided(show.Declined)
	r.stamped()
	g("12-register")

	r.reel(ebiten.KeyPageDown, nil)
	r.countdown()
	r.press(ebiten.KeyR)
	if r.s.host.entry != nil { // no nomination on file: the host types the name
		r.in.PushFrame(Frame{Chars: []rune("Nomvula Khumalo")})
		r.update()
		r.press(ebiten.KeyEnter)
	}
	r.decided(show.ByProxy)
	r.stamped()
	g("13-proxy")

	for !r.seg().Done() {
		r.reel(ebiten.KeyPageDown, nil)
		r.countdown()
		r.press(ebiten.KeyC)
		r.decided(show.Claimed)
	}
	r.toBoard()
	g("14-board")

	r.press(ebiten.KeyF1)
	g("15-help")
	r.press(ebiten.KeyF1)
	r.press(ebiten.KeyH)
	g("16-hints-hidden")
	r.press(ebiten.KeyH)
	r.press(ebiten.KeyB)
	g("17-blackout")
	r.press(ebiten.KeyB)

	// the points draw, claimed through, then the members' draw, whose
	// winners need not be present
	r.press(ebiten.KeyPageDown)
	r.at("attract")
	r.press(ebiten.KeyPageDown)
	r.at("intro")
	r.reel(ebiten.KeyPageDown, nil)
	for {
		r.countdown()
		r.press(ebiten.KeyC)
		r.decided(show.Claimed)
		if r.seg().Done() {
			break
		}
		r.reel(ebiten.KeyPageDown, nil)
	}
	r.press(ebiten.KeyPageDown)
	r.at("board")
	r.press(ebiten.KeyPageDown)
	r.at("attract")
	r.faded()
	g("18-attract-later")
	r.press(ebiten.KeyPageDown)
	r.at("intro")
	r.reel(ebiten.KeyPageDown, nil)
	r.countdown()
	r.decided(show.ToContact)
	r.stamped()
	g("19-to-contact")
	r.reel(ebiten.KeyPageDown, nil)
	r.countdown()
	r.decided(show.ToContact)
	r.press(ebiten.KeyPageDown)
	r.at("board")
	r.press(ebiten.KeyPageDown) // to the last segment: the Bonus Play Multiplier slide
	r.at("attract")
	r.faded()
	g("20-slide")
	r.press(ebiten.KeyPageDown)
	g("21-close-confirm")
	r.press(ebiten.KeyPageDown) // too soon: a double tap never closes the show
	if r.s.host.confirm != confirmClose {
		t.Fatal("a second Next at once answered the close question")
	}
	r.clk.Add(freshPress)
	r.press(ebiten.KeyPageDown)
	r.at("closed")
	r.faded()
	g("22-closed")
}

// stamped moves the clock past a stamp's landing (it comes down as the
// outcome sounds), so that the frame shows it at rest.
func (r *rig) stamped() {
	r.clk.Add(landTime)
	r.update()
}

// golden compares got with testdata/golden/name.png, or writes it there
// under -update, with the boxes of its text in name.text beside it. The
// text of the golden frame and of this one (when got is the rig's latest
// frame) must match exactly; the rest within the tolerance. A failed
// frame is written to $TMPDIR/drawshow-golden.
// readmeAnchor is the chain head the README shows on the board: a run's
// own changes with its folder, which the record's hashes cover.
const readmeAnchor = "record 41 · f97a a653 4016 057a"

// toBoard goes on from a draw's last claim to its winners board, and puts
// the README's chain head in the place of the run's once it is up.
func (r *rig) toBoard() {
	r.t.Helper()
	r.press(ebiten.KeyPageDown)
	r.at("board")
	r.faded()
	r.until("the chain head", func() bool { return r.s.mgr.cast.board.anchor != "" })
	r.s.mgr.cast.board.anchor = readmeAnchor
}

func golden(t testing.TB, name string, got *image.RGBA) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name+".png")
	boxesPath := filepath.Join("testdata", "golden", name+".text")
	var boxes []image.Rectangle
	if got == lastFrame {
		boxes = lastText
	}
	if *lookbook != "" {
		if err := writePNG(filepath.Join(*lookbook, name+".png"), got); err != nil {
			t.Error(err)
		}
	}
	if *update {
		if err := writePNG(path, got); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(boxesPath, []byte(formatBoxes(boxes)), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(path)
	if err != nil {
		t.Errorf("%s: %v (go test ./scenes -run Golden -update writes it)", name, err)
		return
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Errorf("%s: %v", path, err)
		return
	}
	saved, err := readBoxes(boxesPath)
	if err != nil {
		t.Errorf("%s: %v (go test ./scenes -run Golden -update writes it)", name, err)
		return
	}
	d := diffText(img, got, append(saved, boxes...))
	t.Logf("%s: %s", name, d)
	if !d.ok() {
		out := filepath.Join(os.TempDir(), "drawshow-golden", name+".png")
		if err := writePNG(out, got); err != nil {
			t.Log(err)
		}
		t.Errorf("%s: frame differs from %s: %s; this frame is %s", name, path, d, out)
	}
}

// formatBoxes writes boxes a line each: x0 y0 x1 y1.
func formatBoxes(boxes []image.Rectangle) string {
	var b strings.Builder
	for _, r := range boxes {
		fmt.Fprintf(&b, "%d %d %d %d\n", r.Min.X, r.Min.Y, r.Max.X, r.Max.Y)
	}
	return b.String()
}

func readBoxes(path string) ([]image.Rectangle, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []image.Rectangle
	for i, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if line == "" {
			continue
		}
		var r image.Rectangle
		if _, err := fmt.Sscanf(line, "%d %d %d %d", &r.Min.X, &r.Min.Y, &r.Max.X, &r.Max.Y); err != nil {
			return nil, fmt.Errorf("%s:%d: %q: %v", path, i+1, line, err)
		}
		out = append(out, r)
	}
	return out, nil
}

type frameDiff struct {
	size             bool // the sizes differ
	over, total      int  // outside text
	textOver, inText int  // inside text
	worst            int
	at               image.Point // where the worst is
	textAt           image.Point // the first text pixel off
}

func (d frameDiff) share() float64 { return float64(d.over) / float64(max(d.total, 1)) }

// ok is whether the frames match: no text pixel off, and few others.
func (d frameDiff) ok() bool { return !d.size && d.textOver == 0 && d.share() <= pixelTolerance }

func (d frameDiff) String() string {
	if d.size {
		return "another size"
	}
	s := fmt.Sprintf("text: %d of %d pixels off by more than %d", d.textOver, d.inText, channelTolerance)
	if d.textOver > 0 {
		s += fmt.Sprintf(" (the first at %v)", d.textAt)
	}
	return s + fmt.Sprintf("; the rest: %d of %d pixels (%.3f%%, at most %.1f%%), worst %d at %v",
		d.over, d.total, 100*d.share(), 100*pixelTolerance, d.worst, d.at)
}

// diff compares two frames pixel by pixel, all of it as one.
func diff(want image.Image, got *image.RGBA) frameDiff { return diffText(want, got, nil) }

// diffText compares two frames pixel by pixel: inside the text boxes
// every pixel counts, outside them a share may differ.
func diffText(want image.Image, got *image.RGBA, text []image.Rectangle) frameDiff {
	b := got.Bounds()
	if want.Bounds() != b {
		return frameDiff{size: true}
	}
	inText := make([]bool, b.Dx()*b.Dy())
	for _, r := range text {
		r = r.Intersect(b)
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				inText[(y-b.Min.Y)*b.Dx()+x-b.Min.X] = true
			}
		}
	}
	var d frameDiff
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			wr, wg, wb, wa := want.At(x, y).RGBA()
			c := got.RGBAAt(x, y)
			m := 0
			for i, v := range [4]uint32{wr >> 8, wg >> 8, wb >> 8, wa >> 8} {
				m = max(m, absInt(int(v)-int([4]uint8{c.R, c.G, c.B, c.A}[i])))
			}
			p := image.Pt(x, y)
			if inText[(y-b.Min.Y)*b.Dx()+x-b.Min.X] {
				d.inText++
				if m > channelTolerance {
					if d.textOver == 0 {
						d.textAt = p
					}
					d.textOver++
				}
			} else {
				d.total++
				if m > channelTolerance {
					d.over++
				}
			}
			if m > d.worst {
				d.worst, d.at = m, p
			}
		}
	}
	return d
}

func absInt(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

func writePNG(path string, img image.Image) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// TestGoldenFilesUsed keeps testdata/golden free of frames no test makes.
func TestGoldenFilesUsed(t *testing.T) {
	var src []byte
	tests, _ := filepath.Glob("*_test.go")
	for _, f := range tests {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		src = append(src, b...)
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "golden", "*.png"))
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".png")
		if base, at, ok := strings.Cut(name, "@"); ok { // a frame at another screen's size
			if !slices.Contains(sharp, base) && !slices.Contains(wide, base) || at != "4k" && at != "32x9" {
				t.Errorf("%s: no test renders it at %s; remove it", f, at)
			}
			name = base
		}
		if !strings.Contains(string(src), `g("`+name+`")`) && !strings.Contains(string(src), `r.shoot("`+name+`"`) {
			t.Errorf("%s: no test renders it; remove it", f)
		}
		if _, err := os.Stat(strings.TrimSuffix(f, ".png") + ".text"); err != nil {
			t.Errorf("%s: its text boxes: %v", f, err)
		}
	}
}

// TestGoldenTextExact holds the golden frames' text to every pixel: a
// ticket one digit off changes far fewer pixels than the share the rest
// of a frame may differ by, and must fail all the same.
func TestGoldenTextExact(t *testing.T) {
	theme, err := NewTheme(show.Brand{Name: "Jacaranda Grove"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	render := func(ticket string) (*image.RGBA, []image.Rectangle) {
		img := ebiten.NewImage(W, H)
		defer img.Deallocate()
		c := newCanvas(img, theme)
		boxes := textOf(img, func() {
			c.Fill(theme.Background)
			Text(c, "Mixo M.", theme.Bold(72), 320, 574, Left, theme.Text)
			Text(c, ticket, theme.Bold(56), W-320, 586, Right, theme.Accent)
		})
		out := image.NewRGBA(image.Rect(0, 0, W, H))
		img.ReadPixels(out.Pix)
		return out, boxes
	}
	want, boxes := render("3186915")
	if d := diffText(want, want, boxes); !d.ok() || d.inText == 0 {
		t.Fatalf("a frame against itself: %s", d)
	}
	got, _ := render("3186916")
	if d := diff(want, got); d.share() > pixelTolerance || d.over == 0 {
		t.Fatalf("one digit changed %s: the test needs a change the share alone lets through", d)
	}
	d := diffText(want, got, boxes)
	if d.ok() {
		t.Fatalf("a ticket one digit off passed: %s", d)
	}
	t.Logf("one digit off: %s", d)
}
