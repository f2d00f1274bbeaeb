// Package demo is the show that `drawshow demo` plays: a Saturday night of
// the "Summer Nights" promotion at the fictional Jacaranda Grove Casino,
// with a cash draw over about 5 000 tickets, a points draw with tier caps and
// a members' draw whose winners need not be present, the desk's lists and
// the casino's brand and logo. The members are invented.
//
// The files are written by the generator in gen (go run ./assets/demo/gen
// from the repository root); edit it, not them.
package demo

import (
	"embed"
	"io/fs"
	"os"
	"path/filepath"
)

//go:embed show.yaml logo.png exclusions.csv register.csv proxies.csv entries/*.csv
var files embed.FS

// ShowFile is the name of the show file among the demo's files.
const ShowFile = "show.yaml"

// WriteTo writes the demo show's files into dir, which it creates if need
// be, overwriting files of the same names, and returns the path of the show
// file there.
func WriteTo(dir string) (showPath string, err error) {
	err = fs.WalkDir(files, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		dst := filepath.Join(dir, filepath.FromSlash(path))
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		b, err := files.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, b, 0o644)
	})
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, ShowFile), nil
}
