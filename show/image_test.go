package show

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// pngHeader is the start of a PNG that says it is w×h pixels of colour
// type ct at depth bits: its signature and IHDR chunk, all a header check
// reads.
func pngHeader(w, h uint32, depth, ct byte) []byte {
	b := []byte("\x89PNG\r\n\x1a\n")
	data := binary.BigEndian.AppendUint32(nil, w)
	data = binary.BigEndian.AppendUint32(data, h)
	data = append(data, depth, ct, 0, 0, 0)
	chunk := append([]byte("IHDR"), data...)
	b = binary.BigEndian.AppendUint32(b, uint32(len(data)))
	b = append(b, chunk...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(chunk))
}

// TestCheckImage: a PNG is checked from its header alone; a file that is
// not regular, a huge one, one whose pixels would take more than 64 MiB
// or more than 8192 across are refused, each saying why.
func TestCheckImage(t *testing.T) {
	dir := t.TempDir()
	var small bytes.Buffer
	if err := png.Encode(&small, image.NewRGBA(image.Rect(0, 0, 256, 256))); err != nil {
		t.Fatal(err)
	}
	file := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, tc := range []struct {
		name, path, want string
	}{
		{"a real logo", file("logo.png", small.Bytes()), ""},
		{"4096×4096 RGBA: 64 MiB", file("4k.png", pngHeader(4096, 4096, 8, 6)), ""},
		{"8192×2048 grey", file("wide.png", pngHeader(8192, 2048, 8, 0)), ""},
		{"20000×20000", file("huge.png", pngHeader(20000, 20000, 8, 6)), "20000×20000 pixels, more than the 8192×8192"},
		{"8193 across", file("8193.png", pngHeader(8193, 1, 8, 6)), "8193×1 pixels"},
		{"5000×5000 RGBA: 95 MiB", file("5k.png", pngHeader(5000, 5000, 8, 6)), "take 95 MiB decoded, more than the 64 MiB"},
		{"4096×4096 at 16 bits: 128 MiB", file("deep.png", pngHeader(4096, 4096, 16, 6)), "take 128 MiB decoded"},
		{"not a PNG", file("logo.jpg", []byte("\xff\xd8\xff\xe0 JFIF")), "not a PNG image"},
		{"empty", file("empty.png", nil), "not a PNG image"},
		{"a folder", dir, "not a regular file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckImage(tc.path)
			if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
				t.Errorf("CheckImage: %v, want %q", err, tc.want)
			}
		})
	}
	// a file larger than 64 MiB, whatever its header says (sparse: no disk)
	big := file("big.png", small.Bytes())
	if err := os.Truncate(big, MaxImageBytes+1); err != nil {
		t.Fatal(err)
	}
	if err := CheckImage(big); err == nil || !strings.Contains(err.Error(), "more than the 64 MiB an image may be") {
		t.Errorf("a 64 MiB file: %v", err)
	}
	if err := CheckImage(filepath.Join(dir, "gone.png")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing file: %v", err)
	}
	if runtime.GOOS != "windows" {
		if err := CheckImage("/dev/zero"); err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("/dev/zero: %v", err)
		}
	}
}

// TestCheckImages: every image the show file names is checked, and each
// problem names its key and file.
func TestCheckImages(t *testing.T) {
	dir := t.TempDir()
	huge := filepath.Join(dir, "huge.png")
	if err := os.WriteFile(huge, pngHeader(20000, 20000, 8, 6), 0o644); err != nil {
		t.Fatal(err)
	}
	sh := &Show{Brand: Brand{Logo: "/dev/zero"}, Segments: []Segment{{ID: "welcome", Kind: KindSlide, Page: &Slide{Image: huge}}, {ID: "later", Kind: KindSlide, Page: &Slide{Image: filepath.Join(dir, "gone.png")}}}}
	err := sh.CheckImages(true)
	for _, want := range []string{"brand.logo /dev/zero: not a regular file", "segment welcome image " + huge + ": 20000×20000"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("CheckImages: %v, want %q", err, want)
		}
	}
	if strings.Contains(err.Error(), "gone.png") {
		t.Errorf("a missing image is reported with missingOK: %v", err)
	}
	if err := sh.CheckImages(false); err == nil || !strings.Contains(err.Error(), "segment later image "+filepath.Join(dir, "gone.png")+": no such file") {
		t.Errorf("a missing image without missingOK: %v", err)
	}
}

// TestReadImage: the stage's reader decodes a logo within the limits and
// refuses what CheckImage refuses, from the file it opened.
func TestReadImage(t *testing.T) {
	dir := t.TempDir()
	var small bytes.Buffer
	if err := png.Encode(&small, image.NewRGBA(image.Rect(0, 0, 32, 16))); err != nil {
		t.Fatal(err)
	}
	ok := filepath.Join(dir, "logo.png")
	huge := filepath.Join(dir, "huge.png")
	os.WriteFile(ok, small.Bytes(), 0o644)
	os.WriteFile(huge, pngHeader(20000, 20000, 8, 6), 0o644)
	img, err := ReadImage(ok)
	if err != nil || img.Bounds().Dx() != 32 || img.Bounds().Dy() != 16 {
		t.Fatalf("a real logo: %v, %v", img, err)
	}
	for path, want := range map[string]string{huge: "20000×20000 pixels", dir: "not a regular file", "/dev/zero": "not a regular file"} {
		if _, err := ReadImage(path); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", path, err, want)
		}
	}
}
