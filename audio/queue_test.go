package audio

import (
	"sync"
	"testing"
)

func TestQueueOrderAndFull(t *testing.T) {
	q := newQueue()
	if _, ok := q.pop(); ok {
		t.Fatal("pop from an empty queue")
	}
	for round := range 3 { // wraps the ring
		for i := range queueSize {
			if !q.push(command{voice: uint32(round*1000 + i)}) {
				t.Fatalf("push %d refused", i)
			}
		}
		if q.push(command{voice: 9999}) {
			t.Fatal("push into a full queue accepted")
		}
		for i := range queueSize {
			c, ok := q.pop()
			if !ok || c.voice != uint32(round*1000+i) {
				t.Fatalf("pop %d = %v %v, want voice %d", i, c.voice, ok, round*1000+i)
			}
		}
		if _, ok := q.pop(); ok {
			t.Fatal("pop after draining")
		}
	}
}

// Several producers and one consumer: every command arrives once, each
// producer's in its order.
func TestQueueConcurrent(t *testing.T) {
	const producers, each = 4, 20000
	q := newQueue()
	var wg sync.WaitGroup
	for p := range producers {
		wg.Go(func() {
			for i := range each {
				for !q.push(command{op: op(p + 1), voice: uint32(i)}) {
					// full: the consumer catches up
				}
			}
		})
	}
	var next [producers]uint32
	for got := 0; got < producers*each; {
		c, ok := q.pop()
		if !ok {
			continue
		}
		p := int(c.op) - 1
		if c.voice != next[p] {
			t.Fatalf("producer %d: got %d, want %d", p, c.voice, next[p])
		}
		next[p]++
		got++
	}
	wg.Wait()
	if _, ok := q.pop(); ok {
		t.Error("extra command")
	}
}
