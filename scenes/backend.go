package scenes

import (
	"errors"
	"math/rand/v2"
	"time"

	"drawshow/show"
)

// Backend is the show's record as the stage drives it: cmd wires it to the
// database. Do commits a command's events before the state moves on.
type Backend interface {
	Do(c show.Command) ([]show.Event, error)
	State() *show.State
	People(segment string, cards []string) (map[string]show.Person, error)
}

// Exporter is a backend that can write the show's exports for the
// auditor and the prize desk, reporting each step.
type Exporter interface {
	Export(progress func(step string, done, total int)) (dir string, err error)
}

// Sheets is a backend that writes the pre-show sheet, the auditor's to
// sign before the first draw, and says where.
type Sheets interface {
	Sheet() (path string, err error)
}

// Boards is a backend that reads leaderboards' standings files, with the
// time each was last written.
type Boards interface {
	Standings(segment string) ([]show.Standing, time.Time, error)
}

// Anchors is a backend that reads the journal's head as the auditor
// copies it from paper and holds the record to with verify --anchor:
// "record 41 · f97a a653 4016 057a" (data/record's Anchor).
type Anchors interface {
	Anchor() (string, error)
}

// opExport asks the worker for the exports; its progress comes back as
// replies of opProgress. opStandings reads a leaderboard's standings;
// opAnchor the journal's head, for a winners board.
const (
	opExport    show.Op = "export"
	opProgress  show.Op = "export-progress"
	opStandings show.Op = "standings"
	opAnchor    show.Op = "anchor"
	opSheet     show.Op = "sheet" // the pre-show sheet, from the opening screen
)

// reply is what the worker sends back for a command, or for a deadline
// that passed.
type reply struct {
	op     show.Op
	evs    []show.Event
	st     *show.State
	err    error
	people map[string]show.Person
	sample []show.Entry // after a freeze: the reel's sample of the pool
	step   string       // export: the step under way, or the folder when done; anchor: the head
	done   int
	total  int

	standings []show.Standing
	written   time.Time // when the standings file was written

	head string // after a commit: the journal's head, for the trust line (Anchors)
}

// sampleSize is how many entries the reel shows before it lands.
const sampleSize = 48

// worker owns the backend: commands and their commits run off the game
// loop, so a frame never waits on the disk.
type worker struct {
	b   Backend
	in  chan show.Command
	out chan reply
}

func startWorker(b Backend, tick time.Duration) *worker {
	w := &worker{b: b, in: make(chan show.Command, 4), out: make(chan reply, 16)}
	go w.loop(tick)
	return w
}

func (w *worker) loop(every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case c, ok := <-w.in:
			if !ok {
				return
			}
			w.out <- w.do(c)
		case <-t.C:
			// the engine records a no-show itself once a deadline passes
			if st := w.b.State(); st.Closed || st.Opened == nil {
				continue
			}
			evs, err := w.b.Do(show.Command{Op: show.OpTick})
			var r *show.Refusal
			if len(evs) > 0 || (err != nil && !errors.As(err, &r)) {
				w.out <- reply{op: show.OpTick, evs: evs, st: w.b.State(), err: err, head: w.head(evs)}
			}
		}
	}
}

func (w *worker) do(c show.Command) reply {
	if c.Op == opStandings {
		bs, ok := w.b.(Boards)
		if !ok {
			return reply{op: opStandings, st: w.b.State(), err: errors.New("this stage has no standings")}
		}
		st, at, err := bs.Standings(c.Segment)
		return reply{op: opStandings, st: w.b.State(), standings: st, written: at, err: err}
	}
	if c.Op == opAnchor {
		a, ok := w.b.(Anchors)
		if !ok {
			return reply{op: opAnchor, st: w.b.State()} // no head to show: the board goes without
		}
		head, err := a.Anchor()
		return reply{op: opAnchor, st: w.b.State(), step: head, err: err}
	}
	if c.Op == opSheet {
		sh, ok := w.b.(Sheets)
		if !ok {
			return reply{op: opSheet, st: w.b.State(), err: errors.New("this stage cannot write the pre-show sheet")}
		}
		path, err := sh.Sheet()
		return reply{op: opSheet, st: w.b.State(), step: path, err: err}
	}
	if c.Op == opExport {
		ex, ok := w.b.(Exporter)
		if !ok {
			return reply{op: opExport, st: w.b.State(), err: errors.New("this stage cannot export")}
		}
		dir, err := ex.Export(func(step string, done, total int) {
			w.out <- reply{op: opProgress, step: step, done: done, total: total}
		})
		return reply{op: opExport, st: w.b.State(), step: dir, err: err}
	}
	evs, err := w.b.Do(c)
	r := reply{op: c.Op, evs: evs, st: w.b.State(), err: err, head: w.head(evs)}
	if err != nil {
		return r
	}
	seg := r.st.CurSeg()
	var cards []string
	if seg != nil && seg.Bin != nil && froze(evs) {
		r.sample = sample(seg.Bin)
		for _, e := range r.sample {
			cards = append(cards, e.Participant)
		}
		if len(seg.Bin.Entries) <= boardSize {
			// a small bin is a board of finalists: every name is on screen
			for _, e := range seg.Bin.Entries {
				cards = append(cards, e.Participant)
			}
		}
	}
	if (c.Op == show.OpPick || c.Op == show.OpTicket) && seg != nil && seg.Last() != nil {
		cards = append(cards, seg.Last().Participant)
	}
	if len(cards) > 0 {
		r.people, r.err = w.b.People(seg.Seg.ID, cards)
	}
	return r
}

// head reads the journal's head after evs were committed: "" when
// nothing was, or the backend cannot say.
func (w *worker) head(evs []show.Event) string {
	a, ok := w.b.(Anchors)
	if !ok || len(evs) == 0 {
		return ""
	}
	h, err := a.Anchor()
	if err != nil {
		return ""
	}
	return h
}

// boardSize is the largest bin whose entries the intro lists by name.
const boardSize = 60

func froze(evs []show.Event) bool {
	for _, e := range evs {
		if e.Kind == show.BinFrozen {
			return true
		}
	}
	return false
}

// sample draws the reel's entries from the pool: for the show only, never
// for the result, so math/rand seeded by the fingerprint will do.
func sample(b *show.Bin) []show.Entry {
	n := min(sampleSize, len(b.Entries))
	rng := rand.New(rand.NewPCG(uint64(b.Fingerprint[0])<<8|uint64(b.Fingerprint[1]), uint64(b.Fingerprint[2])))
	out := make([]show.Entry, 0, n)
	seen := map[int]bool{}
	for len(out) < n {
		if i := rng.IntN(len(b.Entries)); !seen[i] {
			seen[i] = true
			out = append(out, b.Entries[i])
		}
	}
	return out
}

// send queues a command; false when one is still in flight.
func (w *worker) send(c show.Command) bool {
	select {
	case w.in <- c:
		return true
	default:
		return false
	}
}
