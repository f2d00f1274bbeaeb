package show

import "sort"

// pool is a frozen bin made ready for picks that fit in a frame: each
// entry's participant numbered, picked participants marked, and the
// remaining weight kept. It picks exactly as Choose does, without a map
// lookup per entry.
//
// A state and the copy a decision works on share one pool's marks: a
// participant's mark is the number of the removal that took it out, and
// each pool value sees only the removals up to its own count. So a copy
// costs a few words, not a mark per participant, and a copy thrown away
// (a refusal, a failed commit) leaves nothing its origin sees; the next
// removal at the same count first clears the mark it left.
type pool struct {
	pid   []int32  // participant number of each entry; nil when each entry is its own participant
	pw    []uint64 // total weight of each participant
	marks *marks   // shared by the copies of this pool
	n     int32    // removals this pool value sees
	total uint64   // weight not removed
}

// marks are a pool's removals: out[id] is the removal (from 1) that took
// participant id out, 0 for none; by[k] is who removal k+1 took out.
type marks struct {
	out []int32
	by  []int32
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
	p.marks = &marks{out: make([]int32, len(p.pw))}
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
	return &c
}

func (p *pool) id(i int) int32 {
	if p.pid == nil {
		return int32(i)
	}
	return p.pid[i]
}

// picked reports whether this pool value sees participant id taken out.
func (p *pool) picked(id int32) bool {
	m := p.marks.out[id]
	return m != 0 && m <= p.n
}

// remove takes the participant of entry i out of the pool.
func (p *pool) remove(i int) {
	id := p.id(i)
	if p.picked(id) {
		return
	}
	m := p.marks
	for k := int(p.n); k < len(m.by); k++ { // what a copy thrown away took out from this count on
		if old := m.by[k]; m.out[old] == int32(k+1) {
			m.out[old] = 0
		}
	}
	m.by = m.by[:p.n]
	m.by = append(m.by, id)
	p.n++
	m.out[id] = p.n
	p.total -= p.pw[id]
}

// choose makes pick k over the remaining pool, as Choose would.
func (p *pool) choose(alg string, key [32]byte, drawID string, b *Bin, k int) (int, error) {
	if p.total == 0 {
		return -1, ErrEmptyPool
	}
	r := uniform(newStream(alg, key, drawID, b.Fingerprint, uint32(k)), p.total)
	var sum uint64
	for i, e := range b.Entries {
		if p.picked(p.id(i)) {
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
