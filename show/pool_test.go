package show

import "testing"

// TestPoolCopiesShareMarks: copies of a pool share its marks, and each sees
// only its own removals; a copy thrown away leaves nothing behind.
func TestPoolCopiesShareMarks(t *testing.T) {
	bin := SmallBin([]string{"a", "b", "c", "d"})
	b := &Bin{Entries: bin, Total: 4, Participants: 4}
	p := newPool(b)
	sees := func(q *pool) (out []string) {
		for i, e := range bin {
			if q.picked(q.id(i)) {
				out = append(out, e.Ticket)
			}
		}
		return out
	}
	thrown := p.clone()
	thrown.remove(0) // a decision refused or not committed
	thrown.remove(1)
	if got := sees(p); len(got) != 0 || p.total != 4 {
		t.Fatalf("the original sees %v, total %d", got, p.total)
	}
	kept := p.clone()
	kept.remove(2)
	if got := sees(kept); len(got) != 1 || got[0] != "c" || kept.total != 3 {
		t.Fatalf("the kept copy sees %v, total %d; want [c] and 3", got, kept.total)
	}
	next := kept.clone()
	next.remove(2) // already out: nothing changes
	next.remove(3)
	if got := sees(next); len(got) != 2 || got[0] != "c" || got[1] != "d" || next.total != 2 {
		t.Fatalf("the next copy sees %v, total %d", got, next.total)
	}
	if got := sees(kept); len(got) != 1 || got[0] != "c" {
		t.Fatalf("the kept copy sees %v after its copy's removal", got)
	}
	if got := sees(p); len(got) != 0 {
		t.Fatalf("the original sees %v", got)
	}
}
