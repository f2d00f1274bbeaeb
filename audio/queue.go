package audio

import "sync/atomic"

// How commands reach the audio thread.
//
// The game loop (any goroutine) pushes play/stop/gain commands into a
// fixed ring; the device callback pops them at the start of each period.
// The ring is Dmitry Vyukov's bounded queue: each slot carries a sequence
// number, a producer claims a slot with one compare-and-swap on the tail
// and publishes it by storing the slot's sequence; the single consumer
// reads slots in order. Neither side ever waits for the other or takes a
// lock, nothing is allocated after construction, and a full ring (256
// commands inside one 10 ms period: never in a show) refuses the command
// instead of blocking. Volume and mute are plain atomics read once per
// period, not commands.

const queueSize = 256 // a power of two

type op uint8

const (
	opPlay op = iota + 1
	opLoop
	opStop
	opGain
	opStopAll
)

type command struct {
	op    op
	voice uint32
	gain  float32
	snd   *sound // to play
}

type queueSlot struct {
	seq atomic.Uint64
	cmd command
}

type cmdQueue struct {
	tail  atomic.Uint64 // next slot to claim (producers)
	_     [56]byte      // keep producers' and consumer's lines apart
	head  uint64        // next slot to read (the consumer only)
	slots [queueSize]queueSlot
}

func newQueue() *cmdQueue {
	q := &cmdQueue{}
	for i := range q.slots {
		q.slots[i].seq.Store(uint64(i))
	}
	return q
}

// push adds a command; false when the ring is full. Safe from any number
// of goroutines.
func (q *cmdQueue) push(c command) bool {
	pos := q.tail.Load()
	for {
		s := &q.slots[pos&(queueSize-1)]
		switch d := int64(s.seq.Load() - pos); {
		case d == 0:
			if q.tail.CompareAndSwap(pos, pos+1) {
				s.cmd = c
				s.seq.Store(pos + 1)
				return true
			}
			pos = q.tail.Load()
		case d < 0:
			return false // full: the consumer has not freed this slot yet
		default:
			pos = q.tail.Load() // another producer took it
		}
	}
}

// pop takes the oldest command; false when there is none. One consumer.
func (q *cmdQueue) pop() (command, bool) {
	s := &q.slots[q.head&(queueSize-1)]
	if s.seq.Load() != q.head+1 {
		return command{}, false
	}
	c := s.cmd
	s.seq.Store(q.head + queueSize)
	q.head++
	return c, true
}
