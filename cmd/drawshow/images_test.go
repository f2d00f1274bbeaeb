package main

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"drawshow/data/store"
)

// TestCheckRefusesUnusableImages: check reads each image's header only
// and refuses a logo of 20000×20000 pixels (a 1.5 MB file on disk would
// be 1.6 GB on the stage), a logo of /dev/zero and a missing slide image,
// naming each; run refuses to open the show and records nothing.
func TestCheckRefusesUnusableImages(t *testing.T) {
	dir := t.TempDir()
	ihdr := binary.BigEndian.AppendUint32(binary.BigEndian.AppendUint32(nil, 20000), 20000)
	chunk := append([]byte("IHDR"), append(ihdr, 8, 6, 0, 0, 0)...)
	huge := binary.BigEndian.AppendUint32(append(binary.BigEndian.AppendUint32([]byte("\x89PNG\r\n\x1a\n"), 13), chunk...), crc32.ChecksumIEEE(chunk))
	writeFile(t, dir, "huge.png", string(huge))
	var ok bytes.Buffer
	png.Encode(&ok, image.NewGray(image.Rect(0, 0, 64, 64)))
	writeFile(t, dir, "ok.png", ok.String())
	writeFile(t, dir, "entries.csv", "Ticket,Card,Name\nT1,6001,Thabo Mokoena\nT2,6002,Zoë Botha\n")
	text := `promotion: Royal Flush
property: Gold Reef City
brand: {logo: %s}
segments:
  - {id: welcome, kind: slide, title: Welcome, image: %s}
  - {id: cash, entries: entries.csv}
`
	for _, tc := range []struct{ logo, slide, want string }{
		{"huge.png", "ok.png", "brand.logo " + filepath.Join(dir, "huge.png") + ": 20000×20000 pixels, more than the 8192×8192"},
		{"/dev/zero", "ok.png", "brand.logo /dev/zero: not a regular file"},
		{"ok.png", "gone.png", "segment welcome image " + filepath.Join(dir, "gone.png") + ": no such file"},
	} {
		showFile := writeFile(t, dir, "show.yaml", strings.ReplaceAll(strings.Replace(text, "%s", tc.logo, 1), "%s", tc.slide))
		_, stderr, err := drawshow(t, "", "check", showFile)
		if err == nil || !strings.Contains(stderr, tc.want) {
			t.Errorf("check with logo %s, slide %s: %v\n%s\nwant %q", tc.logo, tc.slide, err, stderr, tc.want)
		}
		if tc.slide == "gone.png" {
			continue // the stage runs without an image that is not there
		}
		db := filepath.Join(t.TempDir(), "campaign.db")
		_, stderr, err = drawshow(t, "", "run", showFile, "--db", db, "--headless", "--actions", "-", "--rehearsal")
		if err == nil || !strings.Contains(err.Error()+stderr, tc.want) {
			t.Errorf("run with logo %s: %v\n%s", tc.logo, err, stderr)
		}
		if _, err := os.Stat(db); err == nil {
			d, err := store.Open(db)
			if err != nil {
				t.Fatal(err)
			}
			if shows, err := d.Shows(); err != nil || len(shows) != 0 {
				t.Errorf("run recorded %+v, %v", shows, err)
			}
			d.Close()
		}
	}
	showFile := writeFile(t, dir, "show.yaml", strings.ReplaceAll(text, "%s", "ok.png"))
	if stdout, stderr, err := drawshow(t, "", "check", showFile); err != nil {
		t.Errorf("check with a 64×64 logo: %v\n%s%s", err, stdout, stderr)
	}
}
