package scenes

import (
	"math/rand/v2"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"drawshow/show"
)

// autoplay plays the show by itself, as a host would: it presses keys
// after a beat in each scene, claims most winners, and now and then lets
// the countdown run out for a no-show and a redraw.
type autoplay struct {
	s       *Stage
	rng     *rand.Rand
	visit   visit
	from    time.Time     // when this visit began
	wait    time.Duration // how long to stay
	pressed bool
	out     bool    // this pick's claim will not come
	queue   []Frame // a ticket being typed, a frame a key
}

// visit is one stay in a scene: a new scene, or a new event in the record.
type visit struct {
	scene   Scene
	since   time.Time
	events  int
	confirm confirmKind
}

func newAutoplay(s *Stage) *autoplay {
	return &autoplay{s: s, rng: rand.New(rand.NewPCG(7, 11))}
}

// Poll presses one key a visit, when the scene has been up long enough
// and been drawn.
func (a *autoplay) Poll() Frame {
	s := a.s
	if v := (visit{s.mgr.scene, s.mgr.since, s.view.st.Events, s.host.confirm}); v != a.visit {
		a.visit, a.from, a.pressed = v, s.now(), false
		a.wait = time.Duration(1800+a.rng.IntN(1200)) * time.Millisecond
		a.out = a.rng.IntN(5) == 0
	}
	if len(a.queue) > 0 {
		f := a.queue[0]
		a.queue = a.queue[1:]
		return f
	}
	// a beat of show time, and a frame of the scene drawn, faded in: on a
	// machine that draws a frame in seconds no scene goes by unseen; and
	// what the stage readies aside done and carried out, as a host starts
	// the show once it is up (else the demo's benchmark charges the
	// opening's warming to the next scene)
	if a.pressed || s.work.busy || s.now().Sub(a.from) < a.wait || s.seenScene() == "" || s.turning(s.now()) || s.readying() || s.cache.aside {
		return Frame{}
	}
	a.pressed = true
	if s.host.confirm != confirmNone {
		return press(ebiten.KeyPageDown)
	}
	if s.host.entry != nil && s.host.entry.kind == fieldPrize {
		// the host reads the card turned over: the first prize still left
		a.queue = append(a.queue, press(ebiten.KeyEnter))
		return Frame{Chars: []rune{'1'}}
	}
	if s.host.entry != nil && s.host.entry.kind == fieldDraw {
		// the auditor rolls six dice and types them
		dice := make([]rune, 6)
		for i := range dice {
			dice[i] = '1' + rune(a.rng.IntN(6))
		}
		a.queue = append(a.queue, press(ebiten.KeyEnter))
		return Frame{Chars: dice}
	}
	if sc, ok := s.mgr.scene.(autoplayed); ok {
		return sc.autoKey(a)
	}
	return Frame{}
}

// typeTicket reads out a ticket from the bin, as the host would from the
// physical one, and types it: T, the ticket, Enter.
func (a *autoplay) typeTicket(seg *show.SegState) Frame {
	drawn := map[string]bool{}
	for _, p := range seg.Picks {
		drawn[p.Participant] = true
	}
	es := seg.Bin.Entries
	for range 32 {
		if e := es[a.rng.IntN(len(es))]; !drawn[e.Participant] {
			a.queue = append(a.queue, Frame{Chars: []rune(e.Ticket)}, press(ebiten.KeyEnter))
			return press(ebiten.KeyT)
		}
	}
	return Frame{}
}

func press(k ebiten.Key) Frame { return Frame{Keys: []ebiten.Key{k}} }
