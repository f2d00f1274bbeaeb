package sheet

import (
	"crypto/sha256"
	"encoding/hex"
	"hash"
	"io"
)

// hashReader hashes what is read through it: the very bytes the rows
// are parsed from, read once. Past the first hashChunk bytes it hashes
// on a goroutine of its own, a chunk at a time, while the reader's goes
// on parsing: SHA-256 of a file takes about a quarter of the time its
// parse takes, and the parse waits for nothing.
type hashReader struct {
	r     io.Reader
	h     hash.Hash
	chunk []byte        // read, not yet hashed nor handed over
	made  int           // chunks made
	work  chan []byte   // chunks handed over, in order; nil: none yet
	free  chan []byte   // chunks hashed
	done  chan struct{} // closed: the goroutine has hashed all it was given
}

const (
	hashChunk  = 1 << 20 // bytes a chunk
	hashChunks = 4       // chunks at most, hashed or waiting
)

func newHashReader(r io.Reader) *hashReader { return &hashReader{r: r, h: sha256.New()} }

func (h *hashReader) Read(p []byte) (int, error) {
	n, err := h.r.Read(p)
	h.write(p[:n])
	return n, err
}

// write takes b to be hashed, in order after what came before.
func (h *hashReader) write(b []byte) {
	for len(b) > 0 {
		if h.chunk == nil {
			h.chunk = h.freeChunk()
		}
		n := copy(h.chunk[len(h.chunk):cap(h.chunk)], b)
		h.chunk, b = h.chunk[:len(h.chunk)+n], b[n:]
		if len(h.chunk) == cap(h.chunk) {
			h.handOver()
		}
	}
}

// freeChunk is a chunk to fill: a new one while fewer than hashChunks
// are made, else one hashed.
func (h *hashReader) freeChunk() []byte {
	if h.made < hashChunks {
		h.made++
		return make([]byte, 0, hashChunk)
	}
	return (<-h.free)[:0]
}

// handOver gives the full chunk to the hashing goroutine, started with
// the first.
func (h *hashReader) handOver() {
	if h.work == nil {
		h.work, h.free, h.done = make(chan []byte, hashChunks), make(chan []byte, hashChunks), make(chan struct{})
		go func() {
			defer close(h.done)
			for c := range h.work {
				h.h.Write(c)
				h.free <- c
			}
		}()
	}
	h.work <- h.chunk
	h.chunk = nil
}

// stop lets the goroutine go once it has hashed what it was given;
// nothing may be read or hashed after.
func (h *hashReader) stop() {
	if h.work != nil {
		close(h.work)
		<-h.done
		h.work, h.made = nil, 0
	}
}

// sum reads what is left, so that the hash is the whole file's, and
// returns it in hex.
func (h *hashReader) sum() (string, error) {
	if _, err := io.Copy(writer(h.write), h.r); err != nil {
		return "", err
	}
	h.stop()
	h.h.Write(h.chunk)
	h.chunk = nil
	return hex.EncodeToString(h.h.Sum(nil)), nil
}

// writer is a function that takes bytes as an io.Writer.
type writer func([]byte)

func (w writer) Write(b []byte) (int, error) { w(b); return len(b), nil }
