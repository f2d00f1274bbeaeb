package sheet

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"math/rand/v2"
	"testing"
)

// TestHashReader: the hash is the SHA-256 of every byte of the source,
// in order, whether the source is shorter than a chunk or many chunks
// long, read in pieces of any size or not at all before sum.
func TestHashReader(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, size := range []int{0, 1, hashChunk - 1, hashChunk, hashChunk + 1, hashChunk*hashChunks*2 + 12345} {
		src := make([]byte, size)
		for i := range src {
			src[i] = byte(rng.Uint32())
		}
		want := sha256.Sum256(src)
		for _, readFirst := range []int{0, size / 3, size} {
			h := newHashReader(bytes.NewReader(src))
			var got []byte
			for len(got) < readFirst {
				p := make([]byte, min(1+rng.IntN(200_000), readFirst-len(got)))
				n, err := h.Read(p)
				got = append(got, p[:n]...)
				if err == io.EOF {
					break
				}
			}
			sum, err := h.sum()
			if err != nil || sum != hex.EncodeToString(want[:]) || !bytes.Equal(got, src[:len(got)]) {
				t.Errorf("%d bytes, %d read first: %s, %v", size, readFirst, sum, err)
			}
			h.stop() // as close does, after sum
		}
	}
	// closed before the end: the goroutine is let go
	h := newHashReader(bytes.NewReader(make([]byte, hashChunk*3)))
	io.CopyN(io.Discard, h, hashChunk*2+5)
	h.stop()
}
