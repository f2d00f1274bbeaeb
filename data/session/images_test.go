package session_test

import (
	"encoding/binary"
	"hash/crc32"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"drawshow/data/datatest/rig"
	"drawshow/data/session"
	"drawshow/data/store"
	"drawshow/show"
)

// hugePNG is the header of a PNG that says it is 20000×20000 pixels.
func hugePNG() []byte {
	b := []byte("\x89PNG\r\n\x1a\n")
	data := binary.BigEndian.AppendUint32(nil, 20000)
	data = binary.BigEndian.AppendUint32(data, 20000)
	data = append(data, 8, 6, 0, 0, 0)
	chunk := append([]byte("IHDR"), data...)
	b = binary.BigEndian.AppendUint32(b, uint32(len(data)))
	b = append(b, chunk...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(chunk))
}

// TestOpenShowRefusesUnusableImages: a show whose logo is a 20000×20000
// PNG or /dev/zero, or whose slide's image is, is not opened and nothing
// is recorded; a logo not there yet does not stop it.
func TestOpenShowRefusesUnusableImages(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, yaml, want string }{
		{"a huge logo", "brand: {logo: huge.png}\n", "brand.logo "},
		{"/dev/zero as the logo", "brand: {logo: /dev/zero}\n", "brand.logo /dev/zero: not a regular file"},
		{"a huge slide", "", "segment welcome image "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := rig.NewFixture(t)
			os.WriteFile(filepath.Join(f.Dir, "huge.png"), hugePNG(), 0o644)
			text := strings.Replace(rig.Show, "segments:\n", "segments:\n  - {id: welcome, kind: slide, title: Welcome, image: huge.png}\n", 1)
			if tc.yaml != "" {
				text = strings.Replace(rig.Show, "exclusions:", tc.yaml+"exclusions:", 1)
			}
			f.Text = []byte(text)
			rig.Write(t, f.ShowPath, text)
			db, err := store.Open(f.DBPath)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			sh, err := show.Parse(f.ShowPath, f.Text)
			if err != nil {
				t.Fatal(err)
			}
			_, err = session.Open(db, sh, f.Text, session.Options{Rehearsal: true, Seed: rig.Seed, Clock: func() time.Time { return f.Clock }, Wall: func() time.Time { return f.Clock }})
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "nothing was recorded") {
				t.Fatalf("OpenShow: %v, want %q", err, tc.want)
			}
			if shows, err := db.Shows(); err != nil || len(shows) != 0 {
				t.Errorf("shows recorded: %+v, %v", shows, err)
			}
		})
	}
	f := rig.NewFixture(t)
	text := strings.Replace(rig.Show, "exclusions:", "brand: {logo: later.png}\nexclusions:", 1)
	f.Text = []byte(text)
	rig.Write(t, f.ShowPath, text)
	f.Open(t)
}
