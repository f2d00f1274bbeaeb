package scenes

import (
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"drawshow/show"
)

var update = flag.Bool("update", false, "write the golden frames in testdata/golden anew")

// The tolerance of a golden frame: software GL may round an anti-aliased
// edge differently, not more.
const (
	channelTolerance = 16    // per channel, of 255
	pixelTolerance   = 0.005 // the share of pixels that may differ by more
)

// TestGolden plays the demo show's rehearsal to each key frame and
// compares it with testdata/golden/NAME.png. go test ./scenes -run Golden
// -update writes them anew; look at them before committing.
func TestGolden(t *testing.T) {
	r := newRig(t, nil)
	g := func(name string) { t.Helper(); golden(t, name, r.frame()) }

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
	g("07-noshow")

	// redraw: the reveal's confetti in mid-air, then a claim
	r.reel(ebiten.KeyPageDown, nil)
	r.clk.Add(1500 * time.Millisecond)
	r.update()
	g("08-reveal")
	r.clk.Add(revealTime) // the reveal gives way to the countdown by itself
	r.at("countdown")
	r.faded()
	r.press(ebiten.KeyC)
	r.decided(show.Claimed)
	g("09-claimed")

	// the outcome menu for a clicker: F5 (it opens on Back), Prev to forfeit, Esc
	r.reel(ebiten.KeyPageDown, nil)
	r.countdown()
	r.press(ebiten.KeyF5)
	r.press(ebiten.KeyPageUp)
	g("10-menu")
	r.press(ebiten.KeyEscape)
	r.decided(show.Forfeit)
	g("11-forfeit")

	r.reel(ebiten.KeyPageDown, nil)
	r.countdown()
	r.press(ebiten.KeyD)
	r.decided(show.Declined)
	g("12-register")

	r.reel(ebiten.KeyPageDown, nil)
	r.countdown()
	r.press(ebiten.KeyR)
	if r.s.entry != nil { // no nomination on file: the host types the name
		r.in.PushFrame(Frame{Chars: []rune("Nomvula Khumalo")})
		r.update()
		r.press(ebiten.KeyEnter)
	}
	r.decided(show.ByProxy)
	g("13-proxy")

	for !r.seg().Done() {
		r.reel(ebiten.KeyPageDown, nil)
		r.countdown()
		r.press(ebiten.KeyC)
		r.decided(show.Claimed)
	}
	r.press(ebiten.KeyPageDown)
	r.at("board")
	r.faded()
	r.until("the chain head", func() bool { return r.s.cast.board.anchor != "" })
	// the run's own head changes with its folder: the README's in its place
	r.s.cast.board.anchor = "record 41 · f97a a653 4016 057a"
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
	if r.s.confirm != confirmClose {
		t.Fatal("a second Next at once answered the close question")
	}
	r.clk.Add(freshPress)
	r.press(ebiten.KeyPageDown)
	r.at("closed")
	r.faded()
	g("22-closed")
}

// golden compares got with testdata/golden/name.png, or writes it there
// under -update. A failed frame is written to $TMPDIR/drawshow-golden.
func golden(t *testing.T, name string, got *image.RGBA) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name+".png")
	if *update {
		if err := writePNG(path, got); err != nil {
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
	d := diff(img, got)
	t.Logf("%s: %s", name, d)
	if d.size || d.share() > pixelTolerance {
		out := filepath.Join(os.TempDir(), "drawshow-golden", name+".png")
		if err := writePNG(out, got); err != nil {
			t.Log(err)
		}
		t.Errorf("%s: frame differs from %s: %s; this frame is %s", name, path, d, out)
	}
}

type frameDiff struct {
	size        bool // the sizes differ
	over, total int
	worst       int
	at          image.Point // where the worst is
}

func (d frameDiff) share() float64 { return float64(d.over) / float64(max(d.total, 1)) }

func (d frameDiff) String() string {
	if d.size {
		return "another size"
	}
	return fmt.Sprintf("%d of %d pixels (%.3f%%, at most %.1f%%) off by more than %d, worst %d at %v",
		d.over, d.total, 100*d.share(), 100*pixelTolerance, channelTolerance, d.worst, d.at)
}

func diff(want image.Image, got *image.RGBA) frameDiff {
	b := got.Bounds()
	if want.Bounds() != b {
		return frameDiff{size: true}
	}
	d := frameDiff{total: b.Dx() * b.Dy()}
	if w, ok := want.(*image.RGBA); ok && w.Stride == got.Stride && b.Min == (image.Point{}) {
		for i := 0; i+3 < len(got.Pix); i += 4 {
			m := 0
			for c := range 4 {
				m = max(m, absInt(int(w.Pix[i+c])-int(got.Pix[i+c])))
			}
			if m > channelTolerance {
				d.over++
			}
			if m > d.worst {
				d.worst, d.at = m, image.Pt(i/4%b.Dx(), i/4/b.Dx())
			}
		}
		return d
	}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			wr, wg, wb, wa := want.At(x, y).RGBA()
			c := got.RGBAAt(x, y)
			m := 0
			for i, v := range [4]uint32{wr >> 8, wg >> 8, wb >> 8, wa >> 8} {
				m = max(m, absInt(int(v)-int([4]uint8{c.R, c.G, c.B, c.A}[i])))
			}
			if m > channelTolerance {
				d.over++
			}
			if m > d.worst {
				d.worst, d.at = m, image.Pt(x, y)
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
		if !strings.Contains(string(src), `g("`+name+`")`) && !strings.Contains(string(src), `golden(t, "`+name+`"`) {
			t.Errorf("%s: no test renders it; remove it", f)
		}
	}
}
