// Package radix sorts large slices by a 64-bit key, a byte at a time
// from the most significant: an American flag sort, in place, its large
// buckets on other cores where there are. It makes no copy, and it looks
// at each byte of a key once where a comparison sort of 5 000 000
// elements compares them 110 million times, each through a call.
//
// The entry files' tickets (show's Tally), their keys' hashes (the
// import's duplicate check) and their cards (check's numbering) are
// sorted with it. It imports nothing of drawshow's, so that show, which
// depends on no other package of ours, may import it.
package radix

import (
	"cmp"
	"math/bits"
	"runtime"
	"slices"
	"sync"
)

// From is the length from which Sort sorts by bytes; a shorter slice is
// sorted by comparisons.
const From = 1 << 12

// small is the length of a bucket that is sorted by comparisons.
const small = 32

// parallel is the length of a bucket that goes to another core when one
// is spare.
const parallel = 1 << 16

// Sort sorts s in place by key, and the elements whose keys are equal
// by tie (nil: their order is left as it comes). key must be cheap: it
// is called a few times an element.
func Sort[E any](s []E, key func(E) uint64, tie func(a, b E) int) {
	compare := func(a, b E) int {
		if c := cmp.Compare(key(a), key(b)); c != 0 || tie == nil {
			return c
		}
		return tie(a, b)
	}
	if len(s) < From {
		slices.SortFunc(s, compare)
		return
	}
	f := flag[E]{key: key, compare: compare, tie: tie != nil, spare: make(chan struct{}, runtime.GOMAXPROCS(0)-1)}
	for range cap(f.spare) {
		f.spare <- struct{}{}
	}
	f.sort(s)
	f.wg.Wait()
}

// Uint64s sorts s in place, as Sort with the value as its key.
func Uint64s(s []uint64) {
	Sort(s, func(v uint64) uint64 { return v }, nil)
}

type flag[E any] struct {
	key     func(E) uint64
	compare func(a, b E) int
	tie     bool // elements of equal keys have an order of their own
	wg      sync.WaitGroup
	spare   chan struct{} // a token for each core free to take a bucket
}

// sort sorts s by the 8 bits of its keys from the highest on which they
// differ, and then each bucket the same way: keys of 16-digit cards, all
// alike in their top bits, are 256 buckets at once, not 2 then 256.
func (f *flag[E]) sort(s []E) {
	or, and := uint64(0), ^uint64(0)
	for _, e := range s {
		k := f.key(e)
		or, and = or|k, and&k
	}
	if or == and || len(s) <= small { // all keys the same, or few
		if or != and || f.tie {
			slices.SortFunc(s, f.compare)
		}
		return
	}
	shift := max(bits.Len64(or^and)-8, 0)
	var count [256]int
	for _, e := range s {
		count[byte(f.key(e)>>shift)]++
	}
	var start, next [256]int
	pos := 0
	for d, n := range count {
		start[d], next[d] = pos, pos
		pos += n
	}
	for d := range 256 {
		end := start[d] + count[d]
		for next[d] < end {
			e := s[next[d]]
			b := int(byte(f.key(e) >> shift))
			for b != d { // swap e into its bucket until one of d's comes back
				s[next[b]], e = e, s[next[b]]
				next[b]++
				b = int(byte(f.key(e) >> shift))
			}
			s[next[d]] = e
			next[d]++
		}
	}
	for d, n := range count {
		if n < 2 {
			continue
		}
		bucket := s[start[d] : start[d]+n]
		if n > parallel {
			select {
			case <-f.spare:
				f.wg.Go(func() {
					f.sort(bucket)
					f.spare <- struct{}{}
				})
				continue
			default:
			}
		}
		f.sort(bucket)
	}
}
