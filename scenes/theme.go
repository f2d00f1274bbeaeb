package scenes

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"drawshow/assets"
	"drawshow/show"
)

// Theme is the look of a show: colours from its brand, Inter Display for
// what the floor reads, Go Mono for hashes.
type Theme struct {
	Name       string
	Background color.RGBA
	Primary    color.RGBA
	Accent     color.RGBA
	Text       color.RGBA
	Dim        color.RGBA
	Warn       color.RGBA
	Good       color.RGBA
	Logo       *ebiten.Image // nil when the show has none

	bold, regular, mono, symbols *text.GoTextFaceSource
	faces                        map[faceKey]*text.GoTextFace
	made                         []*text.GoTextFace // faces, in the order made
}

type faceKey struct {
	src  *text.GoTextFaceSource
	size float64
}

// NewTheme makes the theme of a brand; unset colours take a clean default.
func NewTheme(b show.Brand, logo *ebiten.Image) (*Theme, error) {
	t := &Theme{
		Name:       b.Name,
		Background: color.RGBA{0x0b, 0x10, 0x2a, 0xff},
		Primary:    color.RGBA{0x1d, 0x3a, 0x8a, 0xff},
		Accent:     color.RGBA{0xf2, 0xc1, 0x4e, 0xff},
		Text:       color.RGBA{0xf7, 0xf4, 0xea, 0xff},
		Dim:        color.RGBA{0x9a, 0xa3, 0xc0, 0xff},
		Warn:       color.RGBA{0xe5, 0x48, 0x4d, 0xff},
		Good:       color.RGBA{0x3c, 0xc8, 0x7a, 0xff},
		Logo:       logo,
		faces:      map[faceKey]*text.GoTextFace{},
	}
	for _, c := range []struct {
		hex string
		dst *color.RGBA
	}{{b.Background, &t.Background}, {b.Primary, &t.Primary}, {b.Accent, &t.Accent}} {
		if c.hex == "" {
			continue
		}
		v, err := strconv.ParseUint(c.hex[1:], 16, 32)
		if err != nil || len(c.hex) != 7 {
			return nil, fmt.Errorf("brand colour %q: want #rrggbb", c.hex)
		}
		*c.dst = color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}
	}
	var err error
	for _, f := range []struct {
		ttf []byte
		dst **text.GoTextFaceSource
	}{{assets.Bold, &t.bold}, {assets.Regular, &t.regular}, {assets.MonoBold, &t.mono}, {assets.Symbols, &t.symbols}} {
		if *f.dst, err = text.NewGoTextFaceSource(bytes.NewReader(f.ttf)); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// tnum asks Inter for tabular figures: every digit one width, so a
// counting amount or a running clock does not shimmy, and columns of
// money line up.
var tnum = text.MustParseTag("tnum")

func (t *Theme) face(src *text.GoTextFaceSource, size float64) *text.GoTextFace {
	k := faceKey{src, size}
	f, ok := t.faces[k]
	if !ok {
		f = &text.GoTextFace{Source: src, Size: size}
		if src == t.bold || src == t.regular {
			f.SetFeature(tnum, 1)
		}
		t.faces[k] = f
		t.made = append(t.made, f)
	}
	return f
}

// Bold, Regular and Mono are the theme's faces at a size in pixels; Mono
// is for hashes only. Symbol draws the glyphs Inter lacks (♠).
func (t *Theme) Bold(size float64) *text.GoTextFace    { return t.face(t.bold, size) }
func (t *Theme) Regular(size float64) *text.GoTextFace { return t.face(t.regular, size) }
func (t *Theme) Mono(size float64) *text.GoTextFace    { return t.face(t.mono, size) }
func (t *Theme) Symbol(size float64) *text.GoTextFace  { return t.face(t.symbols, size) }

// Fit is face(size), or smaller, so that s is at most width pixels wide:
// a long prize or name shrinks rather than running off the screen.
func (t *Theme) Fit(face func(float64) *text.GoTextFace, size float64, s string, width float64) *text.GoTextFace {
	f := face(size)
	if w := text.Advance(s, f); w > width {
		f = face(math.Floor(size * width / w))
	}
	return f
}

// Line draws s centred across dst with its top at y, at size or smaller so
// that it fits between the margins.
func (t *Theme) Line(dst *Canvas, s string, face func(float64) *text.GoTextFace, size, y float64, c color.Color) {
	Text(dst, s, t.Fit(face, size, s, dst.W-2*margin), dst.W/2, y, Center, c)
}

// WarmFace renders the glyphs of s into the cache of the i-th face the
// theme has made, so the first reveal of a name never waits on
// rasterising them, and reports whether there are faces after it: a face
// a tick. (Every face at once, for a sample's names, held the stage's
// tick 0.25 s.)
func (t *Theme) WarmFace(s string, i int) bool {
	if i < len(t.made) {
		text.CacheGlyphs(s, t.made[i])
	}
	return i+1 < len(t.made)
}

// letters is each character of ss once, in the order first found.
func letters(ss ...string) string {
	seen := map[rune]bool{}
	var b strings.Builder
	for _, s := range ss {
		for _, r := range s {
			if !seen[r] {
				seen[r] = true
				b.WriteRune(r)
			}
		}
	}
	return b.String()
}

// The sizes the scenes draw at, and the letters warmed in each: ASCII and
// the stage's own signs. Accented letters are left to the names' warming
// (WarmFace) and to the first frame that draws them: each letter warmed in
// every face costs atlas room, and at 3840×2160 the Latin-1 letters took
// the glyphs' atlas page from 16384×2048 pixels to 16384×4096, a copy of
// 128 MB under software GL when it grew.
var (
	boldSizes    = []float64{150, 120, 110, 104, 96, 84, 80, 72, 64, 56, 52, 48, 44, 40}
	regularSizes = []float64{56, 52, 48, 44, 40, 36, 34, 32, 30}
	monoSizes    = []float64{64, 60, 56, 52, 48, 40, 28}
	warmText     = func() string {
		var b []rune
		for r := ' '; r <= '~'; r++ {
			b = append(b, r)
		}
		return string(b) + "\u202f•·►◄×—…■□"
	}()
)

// WarmStep caches warmText in the i-th face of the sizes the scenes use,
// at k pixels a unit (a 4K canvas draws every face at twice its size),
// and reports whether there are more: a face a tick, so warming never
// stalls a frame.
func (t *Theme) WarmStep(i int, k float64) bool {
	var f *text.GoTextFace
	switch n := len(boldSizes) + len(regularSizes); {
	case i < len(boldSizes):
		f = t.Bold(boldSizes[i] * k)
	case i < n:
		f = t.Regular(regularSizes[i-len(boldSizes)] * k)
	case i < n+len(monoSizes):
		f = t.Mono(monoSizes[i-n] * k)
	default:
		return false
	}
	text.CacheGlyphs(warmText, f)
	return true
}

// Align is where a text's anchor point sits.
type Align int

// Text anchors.
const (
	Left Align = iota
	Center
	Right
)

// Text draws s with its top edge at y and its anchor at x.
func Text(dst *Canvas, s string, f text.Face, x, y float64, a Align, c color.Color) {
	dst.text(s, f, x, y, text.Align(a), text.AlignStart, c)
}

// Fade returns c with its alpha scaled by a in [0, 1].
func Fade(c color.RGBA, a float64) color.RGBA {
	a = clamp(a, 0, 1)
	return color.RGBA{uint8(float64(c.R) * a), uint8(float64(c.G) * a), uint8(float64(c.B) * a), uint8(float64(c.A) * a)}
}

func clamp(v, lo, hi float64) float64 {
	return max(lo, min(hi, v))
}
