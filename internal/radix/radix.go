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
	var differ uint64
	first := key(s[0])
	for _, e := range s {
		differ |= key(e) ^ first
	}
	shift := 56 - bits.LeadingZeros64(differ)/8*8 // the first byte that differs; -8: none does
	f := flag[E]{key: key, compare: compare, tie: tie != nil, spare: make(chan struct{}, runtime.GOMAXPROCS(0)-1)}
	for range cap(f.spare) {
		f.spare <- struct{}{}
	}
	f.sort(s, shift)
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

// sort sorts s, whose keys agree on the bytes above the one shift bits
// up, by that byte and then by the bytes below it.
func (f *flag[E]) sort(s []E, shift int) {
	var count [256]int
	for {
		if len(s) <= small || shift < 0 { // few, or their keys are all the same
			if shift >= 0 || f.tie {
				slices.SortFunc(s, f.compare)
			}
			return
		}
		for _, e := range s {
			count[byte(f.key(e)>>shift)]++
		}
		if count[byte(f.key(s[0])>>shift)] != len(s) {
			break
		}
		count = [256]int{}
		shift -= 8 // every key has this byte: on to the next
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
					f.sort(bucket, shift-8)
					f.spare <- struct{}{}
				})
				continue
			default:
			}
		}
		f.sort(bucket, shift-8)
	}
}
