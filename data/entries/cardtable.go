package entries

// cardTable maps the value of a card's key (up to 19 digits) to what
// cardIDs keeps of it, once there are too many cards for a map to stay in
// the cache: open addressing, linear probing, at most half full, 16 bytes
// a slot. A file of a million cards in random order looks up a card a row
// in 32 MB, and each look-up misses the cache; unlike a map, the table
// can be warmed for the rows read ahead (touch) with one load a row, so
// that their misses are taken together, overlapping, rather than one a
// row. Below warmFrom cards a map is faster.
type cardTable struct {
	slots []cardSlot
	n     int
	shift uint // 64 - log2(len(slots))
}

// cardSlot is one value: key is the value plus one, 0 an empty slot.
type cardSlot struct{ key, v uint64 }

const cardTableMin = 1 << 10

func (t *cardTable) home(value uint64) uint64 {
	return (value * 0x9E3779B97F4A7C15) >> t.shift
}

// get returns value's v and whether the table has it.
func (t *cardTable) get(value uint64) (uint64, bool) {
	if t.slots == nil {
		return 0, false
	}
	mask := uint64(len(t.slots) - 1)
	for i := t.home(value); ; i = (i + 1) & mask {
		switch s := &t.slots[i]; s.key {
		case value + 1:
			return s.v, true
		case 0:
			return 0, false
		}
	}
}

// put adds value, which the table does not have, with v.
func (t *cardTable) put(value, v uint64) {
	if 2*(t.n+1) > len(t.slots) {
		t.grow()
	}
	t.n++
	t.place(value+1, v)
}

func (t *cardTable) place(key, v uint64) {
	mask := uint64(len(t.slots) - 1)
	i := t.home(key - 1)
	for t.slots[i].key != 0 {
		i = (i + 1) & mask
	}
	t.slots[i] = cardSlot{key, v}
}

func (t *cardTable) grow() {
	old := t.slots
	size := max(2*len(old), cardTableMin)
	t.slots = make([]cardSlot, size)
	t.shift = 64
	for s := size; s > 1; s >>= 1 {
		t.shift--
	}
	for _, s := range old {
		if s.key != 0 {
			t.place(s.key, s.v)
		}
	}
}

// touch reads the home slot of each of values and returns what it read,
// for the caller to keep: the loads are independent of one another, so
// the processor has many of their misses in flight at once, and the
// look-ups that follow find the slots in the cache.
func (t *cardTable) touch(values []uint64) uint64 {
	if t.slots == nil {
		return 0
	}
	var sum uint64
	for _, v := range values {
		sum += t.slots[t.home(v)].key
	}
	return sum
}
