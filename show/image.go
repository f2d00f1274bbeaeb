package show

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"io/fs"
	"os"
)

// The most an image of the show file may be: the stage decodes it whole
// and uploads it to the GPU, so a small file that says it is 20000×20000
// would take gigabytes.
const (
	MaxImageSide  = 8192     // pixels, across and down
	MaxImageBytes = 64 << 20 // bytes decoded, and bytes of the file
)

// ImageError is a problem with one image the show file names.
type ImageError struct {
	Key  string // where the show file names it: brand.logo, or the slide's segment
	Path string
	Err  error
}

func (e *ImageError) Error() string { return fmt.Sprintf("%s %s: %v", e.Key, e.Path, e.Err) }

func (e *ImageError) Unwrap() error { return e.Err }

// CheckImage reads no more of the PNG at path than its header, and
// reports why the stage could not use it: not a regular file (a folder, a
// device such as /dev/zero, a pipe), larger than MaxImageBytes, not a
// PNG, more than MaxImageSide pixels across or down, or more than
// MaxImageBytes once decoded. A file that is not there gives an error
// that errors.Is fs.ErrNotExist.
func CheckImage(path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return bare(err)
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("not a regular file (%s): an image must be a PNG file", fi.Mode().Type())
	}
	f, err := os.Open(path)
	if err != nil {
		return bare(err)
	}
	defer f.Close()
	// the file itself, now it is open: not another put in its place since
	if fi, err = f.Stat(); err != nil {
		return bare(err)
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("not a regular file (%s): an image must be a PNG file", fi.Mode().Type())
	}
	if fi.Size() > MaxImageBytes {
		return fmt.Errorf("the file is %d MiB, more than the %d MiB an image may be", fi.Size()>>20, MaxImageBytes>>20)
	}
	return checkImageHeader(io.LimitReader(f, 1<<16))
}

// ReadImage decodes the PNG at path once CheckImage's limits hold for the
// very file it opened: the stage reads a logo or a slide through it, so
// a file swapped after the check cannot take the stage's memory.
func ReadImage(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, bare(err)
	}
	defer f.Close()
	fi, err := f.Stat()
	switch {
	case err != nil:
		return nil, bare(err)
	case !fi.Mode().IsRegular():
		return nil, fmt.Errorf("not a regular file (%s): an image must be a PNG file", fi.Mode().Type())
	case fi.Size() > MaxImageBytes:
		return nil, fmt.Errorf("the file is %d MiB, more than the %d MiB an image may be", fi.Size()>>20, MaxImageBytes>>20)
	}
	if err := checkImageHeader(io.LimitReader(f, 1<<16)); err != nil {
		return nil, err
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	img, err := png.Decode(io.LimitReader(f, MaxImageBytes))
	if err != nil {
		return nil, fmt.Errorf("not a PNG image the stage can read: %v", err)
	}
	return img, nil
}

// bare is err without the path an *fs.PathError repeats.
func bare(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// checkImageHeader reads the header of a PNG from r and holds it to the
// limits.
func checkImageHeader(r io.Reader) error {
	cfg, err := png.DecodeConfig(r)
	if err != nil {
		return fmt.Errorf("not a PNG image the stage can read: %v", err)
	}
	if cfg.Width > MaxImageSide || cfg.Height > MaxImageSide {
		return fmt.Errorf("%d×%d pixels, more than the %d×%d an image may be", cfg.Width, cfg.Height, MaxImageSide, MaxImageSide)
	}
	if n := decodedBytes(cfg); n > MaxImageBytes {
		return fmt.Errorf("%d×%d pixels take %d MiB decoded, more than the %d MiB an image may take: make it smaller", cfg.Width, cfg.Height, n>>20, MaxImageBytes>>20)
	}
	return nil
}

// decodedBytes is what an image of cfg takes once decoded: the bytes a
// pixel of its colour model takes, and at least the 4 of the RGBA copy the
// stage makes of it.
func decodedBytes(cfg image.Config) int64 {
	per := int64(4)
	switch cfg.ColorModel {
	case color.RGBA64Model, color.NRGBA64Model:
		per = 8
	}
	return int64(cfg.Width) * int64(cfg.Height) * per
}

// Images are the images the show file names: the brand's logo and each
// slide's image, each with the key that names it.
func (s *Show) Images() []ImageError {
	var out []ImageError
	if s.Brand.Logo != "" {
		out = append(out, ImageError{Key: "brand.logo", Path: s.Brand.Logo})
	}
	for _, seg := range s.Segments {
		if seg.Page != nil && seg.Page.Image != "" {
			out = append(out, ImageError{Key: "segment " + seg.ID + " image", Path: seg.Page.Image})
		}
	}
	return out
}

// CheckImages checks every image the show file names with CheckImage and
// returns their problems joined, each an *ImageError naming the key and
// the file; with missingOK a file that is not there is no problem (the
// stage runs without it and says so).
func (s *Show) CheckImages(missingOK bool) error {
	var errs []error
	for _, im := range s.Images() {
		err := CheckImage(im.Path)
		if err == nil || missingOK && errors.Is(err, os.ErrNotExist) {
			continue
		}
		im.Err = err
		errs = append(errs, &im)
	}
	return errors.Join(errs...)
}
