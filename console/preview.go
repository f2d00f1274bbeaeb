package console

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/draw"
	"image/jpeg"
	"strconv"
	"sync"
	"time"
)

// PreviewWidth is the preview's width in pixels when Config.PreviewWidth
// is zero; its height keeps the frame's proportions (360 for 1920×1080).
const PreviewWidth = 640

// previewQuality is the JPEG quality of the preview: small and readable.
const previewQuality = 70

// previewer encodes the latest frame on its own goroutine. Preview only
// hands a frame over; a frame not yet encoded when a newer one comes is
// dropped, and nothing is encoded while no page is connected.
type previewer struct {
	width int
	wake  chan struct{} // capacity 1

	mu      sync.Mutex
	pending image.Image // the latest frame not yet encoded
	at      time.Time   // when it was handed over
	seq     uint64

	// Reused between frames, touched only by the encoding goroutine.
	small *image.RGBA
	rgba  *image.RGBA
	out   bytes.Buffer
}

func newPreviewer(width int) *previewer {
	return &previewer{width: width, wake: make(chan struct{}, 1)}
}

func (p *previewer) poke() {
	select {
	case p.wake <- struct{}{}:
	default:
	}
}

// put hands a frame over.
func (p *previewer) put(img image.Image, at time.Time) {
	p.mu.Lock()
	p.pending, p.at = img, at
	p.mu.Unlock()
	p.poke()
}

// run encodes frames until done is closed.
func (p *previewer) run(h *hub, done <-chan struct{}) {
	for {
		select {
		case <-done:
			return
		case <-p.wake:
		}
		if h.count() == 0 {
			continue // kept pending: a page that connects pokes us
		}
		p.mu.Lock()
		img, at := p.pending, p.at
		p.pending = nil
		p.mu.Unlock()
		if img == nil {
			continue
		}
		p.seq++
		h.setPreview(p.event(img, at))
	}
}

// event encodes a frame as a preview event's data.
func (p *previewer) event(img image.Image, at time.Time) []byte {
	p.out.Reset()
	p.encode(&p.out, img)
	n := base64.StdEncoding.EncodedLen(p.out.Len())
	b := make([]byte, 0, n+96)
	b = append(b, `{"seq":`...)
	b = strconv.AppendUint(b, p.seq, 10)
	b = append(b, `,"at":`...)
	b = append(b, stamp(at)...)
	b = append(b, `,"src":"data:image/jpeg;base64,`...)
	b = base64.StdEncoding.AppendEncode(b, p.out.Bytes())
	b = append(b, `"}`...)
	return b
}

// encode writes img downscaled to the preview's width as JPEG.
func (p *previewer) encode(w *bytes.Buffer, img image.Image) {
	src, ok := img.(*image.RGBA)
	if !ok {
		b := img.Bounds()
		if p.rgba == nil || p.rgba.Rect != b {
			p.rgba = image.NewRGBA(b)
		}
		draw.Draw(p.rgba, b, img, b.Min, draw.Src)
		src = p.rgba
	}
	sb := src.Rect
	if sb.Dx() <= 0 || sb.Dy() <= 0 {
		return
	}
	dw := min(p.width, sb.Dx())
	dh := max(1, (sb.Dy()*dw+sb.Dx()/2)/sb.Dx())
	if p.small == nil || p.small.Rect.Dx() != dw || p.small.Rect.Dy() != dh {
		p.small = image.NewRGBA(image.Rect(0, 0, dw, dh))
	}
	shrink(p.small, src)
	jpeg.Encode(w, p.small, &jpeg.Options{Quality: previewQuality})
}

// shrink fills dst with src scaled down, each pixel the mean of the source
// pixels it covers (a box filter; alpha is ignored, a frame is opaque).
// One pass over the source, row by row, each pixel added to its column.
func shrink(dst, src *image.RGBA) {
	sw, sh := src.Rect.Dx(), src.Rect.Dy()
	dw, dh := dst.Rect.Dx(), dst.Rect.Dy()
	if sw == 3*dw && sh == 3*dh {
		shrink3(dst, src)
		return
	}
	box(dst, src, sw, sh, dw, dh)
}

// box is shrink for any sizes.
func box(dst, src *image.RGBA, sw, sh, dw, dh int) {
	col := make([]int32, sw)    // the destination column of each source column, times 3
	width := make([]uint32, dw) // the source columns of each destination column
	for sx := range sw {
		x := sx * dw / sw
		col[sx] = int32(3 * x)
		width[x]++
	}
	sums := make([]uint32, 3*dw)
	for y := range dh {
		y0, y1 := y*sh/dh, (y+1)*sh/dh
		if y1 == y0 {
			y1 = y0 + 1
		}
		clear(sums)
		for sy := y0; sy < y1; sy++ {
			row := src.Pix[sy*src.Stride : sy*src.Stride+4*sw]
			for sx, c := range col {
				px := row[4*sx : 4*sx+3 : 4*sx+3]
				s := sums[c : c+3 : c+3]
				s[0] += uint32(px[0])
				s[1] += uint32(px[1])
				s[2] += uint32(px[2])
			}
		}
		rows := uint32(y1 - y0)
		out := dst.Pix[y*dst.Stride : y*dst.Stride+4*dw]
		for x := range dw {
			n := width[x] * rows
			if n == 0 {
				n = 1
			}
			out[4*x] = uint8((sums[3*x] + n/2) / n)
			out[4*x+1] = uint8((sums[3*x+1] + n/2) / n)
			out[4*x+2] = uint8((sums[3*x+2] + n/2) / n)
			out[4*x+3] = 0xff
		}
	}
}

// shrink3 is shrink for a third of the size each way (1920×1080 to
// 640×360), each pixel the mean of a 3×3 block summed in registers.
func shrink3(dst, src *image.RGBA) {
	dw, dh := dst.Rect.Dx(), dst.Rect.Dy()
	n := 4 * 3 * dw
	for y := range dh {
		r0 := src.Pix[3*y*src.Stride:][:n:n]
		r1 := src.Pix[(3*y+1)*src.Stride:][:n:n]
		r2 := src.Pix[(3*y+2)*src.Stride:][:n:n]
		out := dst.Pix[y*dst.Stride:][: 4*dw : 4*dw]
		for x := 0; x < dw; x++ {
			i := 12 * x
			a, b, c := r0[i:i+12:i+12], r1[i:i+12:i+12], r2[i:i+12:i+12]
			r := uint32(a[0]) + uint32(a[4]) + uint32(a[8]) + uint32(b[0]) + uint32(b[4]) + uint32(b[8]) + uint32(c[0]) + uint32(c[4]) + uint32(c[8])
			g := uint32(a[1]) + uint32(a[5]) + uint32(a[9]) + uint32(b[1]) + uint32(b[5]) + uint32(b[9]) + uint32(c[1]) + uint32(c[5]) + uint32(c[9])
			bl := uint32(a[2]) + uint32(a[6]) + uint32(a[10]) + uint32(b[2]) + uint32(b[6]) + uint32(b[10]) + uint32(c[2]) + uint32(c[6]) + uint32(c[10])
			o := out[4*x : 4*x+4 : 4*x+4]
			o[0] = uint8((r + 4) / 9)
			o[1] = uint8((g + 4) / 9)
			o[2] = uint8((bl + 4) / 9)
			o[3] = 0xff
		}
	}
}
