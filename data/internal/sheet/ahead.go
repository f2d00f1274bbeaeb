package sheet

import (
	"iter"
	"sync"
)

// aheadSource reads the rows of its source in a goroutine of its own, a
// batch at a time, while the caller checks the rows before them: parsing
// the file (encoding/csv, the line limit, UTF-8, the hash) on one core,
// the checks, the key log and the bin on another. It passes on the
// non-blank rows only, and the source's error after the rows before it,
// in order. It starts once the header is found, so that the source's
// useHeader is never called while it runs.
type aheadSource struct {
	src     rowSource
	full    chan *rowBatch // batches read, in order
	free    chan *rowBatch // batches the caller is done with
	stop    chan struct{}  // closed: read no further
	stopped sync.WaitGroup // the goroutine has returned
	halt    sync.Once

	onBatch    func(rows iter.Seq[[]string]) // Reader.Ahead
	cur        *rowBatch
	i          int   // the next row of cur
	done, size int64 // how far the batches given so far came
	err        error // what ended the rows
}

// rowBatch is rows read ahead: row i's cells are cells[ends[i-1]:ends[i]].
type rowBatch struct {
	lines []int
	ends  []int
	cells []string
	done  int64 // the bytes read once the batch was read
	err   error // what ended the rows, after the batch's own; nil: more follow
}

const (
	aheadRows    = 512 // rows a batch
	aheadBatches = 4   // batches read before the caller has taken them
)

func newAheadSource(src rowSource) *aheadSource {
	a := &aheadSource{src: src, full: make(chan *rowBatch, aheadBatches), free: make(chan *rowBatch, aheadBatches+2), stop: make(chan struct{})}
	a.done, a.size = src.progress()
	a.stopped.Add(1)
	go a.read()
	return a
}

// read fills batches until the source ends or the caller stops it.
func (a *aheadSource) read() {
	defer a.stopped.Done()
	for {
		var b *rowBatch
		select {
		case b = <-a.free:
			b.lines, b.ends, b.cells = b.lines[:0], b.ends[:0], b.cells[:0]
		default:
			b = &rowBatch{}
		}
		for len(b.lines) < aheadRows && b.err == nil {
			line, rec, err := a.src.next()
			switch {
			case err != nil:
				b.err = err
			case !blank(rec):
				b.lines = append(b.lines, line)
				b.cells = append(b.cells, rec...)
				b.ends = append(b.ends, len(b.cells))
			}
		}
		b.done, _ = a.src.progress()
		select {
		case a.full <- b:
		case <-a.stop:
			return
		}
		if b.err != nil {
			return
		}
	}
}

func (a *aheadSource) next() (int, []string, error) {
	for a.cur == nil || a.i == len(a.cur.lines) {
		if a.cur != nil {
			if a.cur.err != nil {
				a.err = a.cur.err
			}
			a.done = a.cur.done
			select {
			case a.free <- a.cur:
			default:
			}
			a.cur = nil
		}
		if a.err != nil {
			return 0, nil, a.err
		}
		a.cur, a.i = <-a.full, 0
		if a.onBatch != nil {
			a.onBatch(a.cur.rows)
		}
	}
	b, i := a.cur, a.i
	a.i++
	start := 0
	if i > 0 {
		start = b.ends[i-1]
	}
	return b.lines[i], b.cells[start:b.ends[i]:b.ends[i]], nil
}

// rows yields the batch's rows.
func (b *rowBatch) rows(yield func([]string) bool) {
	start := 0
	for _, end := range b.ends {
		if !yield(b.cells[start:end:end]) {
			return
		}
		start = end
	}
}

// halted stops the goroutine and waits for it, so that the source is the
// caller's alone again.
func (a *aheadSource) halted() rowSource {
	a.halt.Do(func() { close(a.stop) })
	a.stopped.Wait()
	return a.src
}

// progress is how far the batch of the last row given came.
func (a *aheadSource) progress() (int64, int64) {
	if a.cur != nil {
		return a.cur.done, a.size
	}
	return a.done, a.size
}

// useHeader is not called once rows are read ahead.
func (a *aheadSource) useHeader(h []string) { a.halted().useHeader(h) }

// sha256 is the source's, once nothing more is read ahead: after the
// last row, the whole file.
func (a *aheadSource) sha256() (string, error) { return a.halted().sha256() }

func (a *aheadSource) close() error { return a.halted().close() }
