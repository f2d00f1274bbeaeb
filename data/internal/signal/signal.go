// Package signal wakes those waiting for something to happen next: a
// commit of the journal, a follower's word.
package signal

import "sync"

// Next is a broadcast: the channel Wait returns is closed at the next
// Fire. The zero value is ready to use.
type Next struct {
	mu sync.Mutex
	ch chan struct{}
}

// Wait returns a channel closed at the next Fire. Take it before looking
// at what may change, so that a change after the look is not missed.
func (n *Next) Wait() <-chan struct{} {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.ch == nil {
		n.ch = make(chan struct{})
	}
	return n.ch
}

// Fire wakes every waiter.
func (n *Next) Fire() {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.ch != nil {
		close(n.ch)
		n.ch = nil
	}
}
