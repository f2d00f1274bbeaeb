package show

import (
	"slices"
	"sort"
)

// pool is a frozen bin made ready for picks that fit in a frame: each
// entry's participant numbered, picked participants marked, and the
// remaining weight kept. It picks exactly as Choose does, without a map
// lookup per entry.
type pool struct {
	pid   []int32  // participant number of each entry; nil when each entry is its own participant
	pw    []uint64 // total weight of each participant
	out   []bool   // picked, by participant number
	total uint64
}

func newPool(b *Bin) *pool {
	p := &pool{total: b.Total, pw: make([]uint64, b.Participants)}
	if b.pid == nil && b.Participants != len(b.Entries) {
		b.numberParticipants() // a bin made without a BinBuilder
	}
	p.pid = b.pid
	for i, e := range b.Entries {
		p.pw[p.id(i)] += e.Weight
	}
	p.out = make([]bool, len(p.pw))
	return p
}

// numberParticipants numbers each entry's participant in order of first
// appearance, and returns how many there are.
func (b *Bin) numberParticipants() int {
	b.pid = make([]int32, len(b.Entries))
	ids := map[string]int32{}
	for i, e := range b.Entries {
		id, ok := ids[e.Participant]
		if !ok {
			id = int32(len(ids))
			ids[e.Participant] = id
		}
		b.pid[i] = id
	}
	return len(ids)
}

func (p *pool) clone() *pool {
	c := *p
	c.out = slices.Clone(p.out)
	return &c
}

func (p *pool) id(i int) int32 {
	if p.pid == nil {
		return int32(i)
	}
	return p.pid[i]
}

// remove takes the participant of entry i out of the pool.
func (p *pool) remove(i int) {
	id := p.id(i)
	if !p.out[id] {
		p.out[id] = true
		p.total -= p.pw[id]
	}
}

// choose makes pick k over the remaining pool, as Choose would.
func (p *pool) choose(key [32]byte, drawID string, b *Bin, k int) (int, error) {
	if p.total == 0 {
		return -1, ErrEmptyPool
	}
	r := uniform(newStream(key, drawID, b.Fingerprint, uint32(k)), p.total)
	var sum uint64
	for i, e := range b.Entries {
		if p.out[p.id(i)] {
			continue
		}
		sum += e.Weight
		if sum > r {
			return i, nil
		}
	}
	panic("unreachable: running sum never exceeded r < total")
}

// find is the index of ticket in the bin, or -1.
func find(b *Bin, ticket string) int {
	i := sort.Search(len(b.Entries), func(i int) bool { return b.Entries[i].Ticket >= ticket })
	if i < len(b.Entries) && b.Entries[i].Ticket == ticket {
		return i
	}
	return -1
}
