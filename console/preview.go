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
func shrink(dst, src *image.RGBA) {
	sw, sh := src.Rect.Dx(), src.Rect.Dy()
	dw, dh := dst.Rect.Dx(), dst.Rect.Dy()
	sums := make([]uint32, 3*dw)
	counts := make([]uint32, dw)
	// x0s[i] is the first source column of destination column i.
	x0s := make([]int, dw+1)
	for i := range x0s {
		x0s[i] = i * sw / dw
	}
	for y := range dh {
		y0, y1 := y*sh/dh, max((y+1)*sh/dh, y*sh/dh+1)
		clear(sums)
		clear(counts)
		for sy := y0; sy < y1; sy++ {
			row := src.Pix[sy*src.Stride : sy*src.Stride+4*sw]
			for x := range dw {
				x0, x1 := x0s[x], max(x0s[x+1], x0s[x]+1)
				var r, g, b uint32
				for sx := x0; sx < x1; sx++ {
					px := row[4*sx : 4*sx+3 : 4*sx+3]
					r += uint32(px[0])
					g += uint32(px[1])
					b += uint32(px[2])
				}
				sums[3*x] += r
				sums[3*x+1] += g
				sums[3*x+2] += b
				counts[x] += uint32(x1 - x0)
			}
		}
		out := dst.Pix[y*dst.Stride : y*dst.Stride+4*dw]
		for x := range dw {
			n := counts[x]
			out[4*x] = uint8((sums[3*x] + n/2) / n)
			out[4*x+1] = uint8((sums[3*x+1] + n/2) / n)
			out[4*x+2] = uint8((sums[3*x+2] + n/2) / n)
			out[4*x+3] = 0xff
		}
	}
}
