package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// The Windows programs carry an icon and version information (Explorer's
// Properties, Details), as resources compiled by MinGW-w64's windres
// (binutils-mingw-w64, beside the C compiler the build needs) into a .syso
// object that go build links into the program of its folder.

// iconSizes are the icon's pictures: Explorer's small and large icons,
// the taskbar's, and the large tiles.
var iconSizes = []int{16, 24, 32, 48, 64, 256}

// The stage's default theme (scenes/theme.go): night blue, royal blue,
// gold, and the text's ivory.
var (
	iconNight = color.NRGBA{0x0b, 0x10, 0x2a, 0xff}
	iconBlue  = color.NRGBA{0x1d, 0x3a, 0x8a, 0xff}
	iconGold  = color.NRGBA{0xf2, 0xc1, 0x4e, 0xff}
	iconIvory = color.NRGBA{0xf7, 0xf4, 0xea, 0xff}
)

// drawIcon draws the icon at size×size: a drawn ball, gold with a
// five-pointed star, on a rounded night-blue tile, antialiased by 4×4
// samples a pixel.
func drawIcon(size int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	star := starPolygon(0.5, 0.5, 0.25, 0.1)
	const n = 4
	for y := range size {
		for x := range size {
			var r, g, b, a float64
			for sy := range n {
				for sx := range n {
					u := (float64(x) + (float64(sx)+0.5)/n) / float64(size)
					v := (float64(y) + (float64(sy)+0.5)/n) / float64(size)
					c, ok := iconAt(u, v, star)
					if !ok {
						continue
					}
					r, g, b, a = r+float64(c.R), g+float64(c.G), b+float64(c.B), a+1
				}
			}
			if a == 0 {
				continue
			}
			img.SetNRGBA(x, y, color.NRGBA{uint8(r / a), uint8(g / a), uint8(b / a), uint8(math.Round(255 * a / (n * n)))})
		}
	}
	return img
}

// iconAt is the icon's colour at (u, v) in [0,1)², and false outside the
// tile.
func iconAt(u, v float64, star [][2]float64) (color.NRGBA, bool) {
	const margin, radius = 0.03, 0.2
	// the rounded tile
	cx, cy := math.Max(margin+radius-u, math.Max(0, u-(1-margin-radius))), math.Max(margin+radius-v, math.Max(0, v-(1-margin-radius)))
	if u < margin || u > 1-margin || v < margin || v > 1-margin || math.Hypot(math.Max(cx, 0), math.Max(cy, 0)) > radius {
		return color.NRGBA{}, false
	}
	d := math.Hypot(u-0.5, v-0.5)
	switch {
	case inPolygon(u, v, star):
		return iconNight, true
	case d < 0.33:
		return iconGold, true
	case d < 0.38:
		return iconIvory, true
	}
	// the tile: royal blue at the top to night blue at the bottom
	return mix(iconBlue, iconNight, v), true
}

func mix(a, b color.NRGBA, t float64) color.NRGBA {
	f := func(x, y uint8) uint8 { return uint8(float64(x)*(1-t) + float64(y)*t) }
	return color.NRGBA{f(a.R, b.R), f(a.G, b.G), f(a.B, b.B), 0xff}
}

// starPolygon is a five-pointed star's ten corners around (cx, cy), a
// point upwards.
func starPolygon(cx, cy, outer, inner float64) [][2]float64 {
	var p [][2]float64
	for i := range 10 {
		r := outer
		if i%2 == 1 {
			r = inner
		}
		a := -math.Pi/2 + float64(i)*math.Pi/5
		p = append(p, [2]float64{cx + r*math.Cos(a), cy + r*math.Sin(a)})
	}
	return p
}

// inPolygon: the even-odd rule.
func inPolygon(x, y float64, p [][2]float64) bool {
	in := false
	for i, j := 0, len(p)-1; i < len(p); j, i = i, i+1 {
		if (p[i][1] > y) != (p[j][1] > y) && x < (p[j][0]-p[i][0])*(y-p[i][1])/(p[j][1]-p[i][1])+p[i][0] {
			in = !in
		}
	}
	return in
}

// icoFile is the icon as a .ico file: one PNG picture a size (Windows
// reads PNG pictures in an icon since Vista).
func icoFile() ([]byte, error) {
	var pics [][]byte
	for _, s := range iconSizes {
		var b bytes.Buffer
		if err := png.Encode(&b, drawIcon(s)); err != nil {
			return nil, err
		}
		pics = append(pics, b.Bytes())
	}
	var out bytes.Buffer
	le := func(v any) { binary.Write(&out, binary.LittleEndian, v) }
	le([3]uint16{0, 1, uint16(len(pics))}) // reserved, type 1: icon, count
	offset := 6 + 16*len(pics)
	for i, pic := range pics {
		side := uint8(iconSizes[i] % 256) // 0 is 256
		le([4]uint8{side, side, 0, 0})    // width, height, palette, reserved
		le([2]uint16{1, 32})              // planes, bits a pixel
		le([2]uint32{uint32(len(pic)), uint32(offset)})
		offset += len(pic)
	}
	for _, pic := range pics {
		out.Write(pic)
	}
	return out.Bytes(), nil
}

// describeVersion matches git describe's version of a tagged commit:
// vMAJOR.MINOR.PATCH, then -COMMITS-gHASH when past the tag.
var describeVersion = regexp.MustCompile(`^v?(\d+)\.(\d+)\.(\d+)(?:-(\d+)-g[0-9a-f]+)?(?:-dirty)?$`)

// versionNumbers are the four numbers of a Windows version resource:
// a tag's three and the commits past it, or 0.0.0.0 for a version that is
// a bare commit (no tag yet). The words are in the strings.
func versionNumbers(version string) [4]uint16 {
	var out [4]uint16
	m := describeVersion.FindStringSubmatch(version)
	if m == nil {
		return out
	}
	for i := range out {
		if n, err := strconv.ParseUint(m[i+1], 10, 16); err == nil {
			out[i] = uint16(n) // past 65535: 0, not a wrong number
		}
	}
	return out
}

// programDescriptions are the programs' descriptions in their version
// resources (Explorer shows them as the file's description, and Task
// Manager as the process's name).
var programDescriptions = map[string]string{
	"drawshow":       "drawshow: prize-draw shows (command line)",
	"drawshow-stage": "drawshow stage: the big screen",
}

// resourceScript is the windres script of prog's icon (in the file
// iconFile) and version information.
func resourceScript(prog, version, iconFile string) string {
	n := versionNumbers(version)
	nums := fmt.Sprintf("%d,%d,%d,%d", n[0], n[1], n[2], n[3])
	quote := func(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }
	var b strings.Builder
	fmt.Fprintf(&b, "1 ICON %s\n\n", quote(filepath.ToSlash(iconFile)))
	fmt.Fprintf(&b, "1 VERSIONINFO\nFILEVERSION %s\nPRODUCTVERSION %s\n", nums, nums)
	b.WriteString("FILEFLAGSMASK 0x3f\nFILEFLAGS 0x0\nFILEOS 0x40004\nFILETYPE 0x1\nFILESUBTYPE 0x0\nBEGIN\n")
	b.WriteString("  BLOCK \"StringFileInfo\"\n  BEGIN\n    BLOCK \"040904b0\"\n    BEGIN\n")
	for _, kv := range [][2]string{
		{"FileDescription", programDescriptions[prog]},
		{"FileVersion", version},
		{"InternalName", prog},
		{"OriginalFilename", prog + ".exe"},
		{"ProductName", "drawshow"},
		{"ProductVersion", version},
	} {
		fmt.Fprintf(&b, "      VALUE %s, %s\n", quote(kv[0]), quote(kv[1]))
	}
	b.WriteString("    END\n  END\n  BLOCK \"VarFileInfo\"\n  BEGIN\n    VALUE \"Translation\", 0x409, 1200\n  END\nEND\n")
	return b.String()
}

// peTargets are windres's object formats for the architectures it builds.
var peTargets = map[string]string{"amd64": "pe-x86-64", "386": "pe-i386"}

// windres is the resource compiler: $WINDRES, else MinGW-w64's.
func windres() string {
	if w := os.Getenv("WINDRES"); w != "" {
		return w
	}
	return "x86_64-w64-mingw32-windres"
}

// writeResources compiles prog's icon and version information into
// src/cmd/PROG/rsrc_windows_ARCH.syso, which go build links into the
// program for p.
func writeResources(p platform, version, src, prog string) error {
	target, ok := peTargets[p.Arch]
	if !ok {
		return fmt.Errorf("no Windows resources for %s (windres formats: amd64, 386)", p.Arch)
	}
	tmp, err := os.MkdirTemp("", "drawshow-winres-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	ico, err := icoFile()
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(tmp, "drawshow.ico"), ico, 0o644); err != nil {
		return err
	}
	rc := filepath.Join(tmp, prog+".rc")
	if err := os.WriteFile(rc, []byte(resourceScript(prog, version, "drawshow.ico")), 0o644); err != nil {
		return err
	}
	syso := filepath.Join(src, "cmd", prog, "rsrc_windows_"+p.Arch+".syso")
	cmd := exec.Command(windres(), "-F", target, "-O", "coff", "-i", prog+".rc", "-o", syso)
	cmd.Dir = tmp
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%s (the icon and version information): %v\n%s", windres(), err, out)
	}
	return nil
}
