package scenes

import (
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"

	"drawshow/show"
)

// The operator's console drives the stage as the host's keys do: a key of
// the key map, or a line of the headless vocabulary. Each is taken in the
// game loop's own tick, one a tick, through the same handling as the key
// that does it, so the record is exactly as if the host had pressed it.

// remote is one thing the console asked for, or a note for the operator.
type remote struct {
	key  ebiten.Key
	line *show.Command // an action line, with what was typed for it
	note string        // Tell's
}

// inbox holds what the console asked for until the next tick.
type inbox struct {
	mu sync.Mutex
	q  []remote
}

func (b *inbox) push(r remote) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.q = append(b.q, r)
}

func (b *inbox) pop() (remote, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.q) == 0 {
		return remote{}, false
	}
	r := b.q[0]
	b.q = b.q[1:]
	return r, true
}

// Press queues a key of the key map by its ebiten name ("PageDown", "C",
// "Digit4"), as the console forwards it. It may be called from any
// goroutine.
func (s *Stage) Press(name string) error {
	var k ebiten.Key
	if err := k.UnmarshalText([]byte(name)); err != nil {
		return fmt.Errorf("no key %q", name)
	}
	if _, ok := KeyMap[k]; !ok {
		return fmt.Errorf("the key %s does nothing on the stage", name)
	}
	s.op.remote.push(remote{key: k})
	return nil
}

// lineKeys are the keys that do the console's action lines.
var lineKeys = map[show.Op]Action{
	show.OpDraw: Next, show.OpNext: Next, show.OpClose: Next, show.OpWitness: Next,
	show.OpClaim: Claim, show.OpProxy: Proxy, show.OpDecline: Decline, show.OpForfeit: Forfeit,
	show.OpArrived: Arrived, show.OpSkip: Skip, show.OpTicket: TypeTicket,
	show.OpChoose: Context, show.OpNumbers: Next, show.OpNoShow: None, show.OpVoid: None,
	show.OpPass: None, show.OpReselect: None, show.OpUnwitnessed: None,
}

// Act queues an action line of the headless vocabulary (claim, proxy NAME
// id=ID, skip REASON, witness TEXT, …) as the console sends it, once the
// operator confirmed what needs it there. It may be called from any
// goroutine; a refusal comes back as the host's message (the Controls's).
func (s *Stage) Act(line string) error {
	c, ok, err := show.ParseAction(line)
	if err != nil {
		return err
	}
	if !ok {
		return errors.New("no action")
	}
	if _, ok := lineKeys[c.Op]; !ok {
		return fmt.Errorf("%s is the headless runner's, not the stage's", c.Op)
	}
	s.op.remote.push(remote{line: &c})
	return nil
}

// Tell gives the operator news from outside the show, such as the sound
// device lost or back, from any goroutine: at a tick of its own the stage
// tells the host as it tells a refusal (the console shows it) and logs it.
func (s *Stage) Tell(msg string) { s.op.remote.push(remote{note: msg}) }

// perform does what the console asked for, in the game loop.
func (s *Stage) perform(r remote) {
	if r.note != "" {
		s.tell(r.note)
		if s.opt.Log != nil {
			s.opt.Log(r.note)
		}
		return
	}
	if r.line == nil {
		s.handle(Frame{Keys: []ebiten.Key{r.key}})
		return
	}
	c := *r.line
	switch c.Op {
	case show.OpNoShow, show.OpVoid, show.OpPass, show.OpReselect:
		s.send(c) // the console's alone: no key records a no-show or a void, or passes a selection's place
		return
	case show.OpUnwitnessed:
		if s.unwitnessable() {
			s.send(c) // with the reason typed in the console
		}
		return
	case show.OpDecline, show.OpForfeit:
		if c.Text != "" {
			s.send(c) // with the operator's note, which no key can type
			return
		}
	case show.OpChoose:
		// the card, ball or envelope named is the one highlighted, then chosen
		ch, ok := s.mgr.scene.(*chooseScene)
		if !ok {
			s.tell("Nothing is chosen now")
			return
		}
		i := slices.Index(s.view.st.CurSeg().Seg.Items(), c.Text)
		if i < 0 {
			s.tell(fmt.Sprintf("%q is not on the table (%v)", c.Text, s.view.st.CurSeg().Seg.Items()))
			return
		}
		ch.highlight(i)
	case show.OpNumbers:
		nm, ok := s.mgr.scene.(*numbersScene)
		if !ok || s.host.entry != nil {
			s.tell("No wild card's numbers are awaited now")
			return
		}
		nm.typedAll(s, c.Numbers)
		s.host.entry.text = []rune(c.Text)
		s.submit(s.host.entry)
		return
	case show.OpWitness:
		if s.host.entry == nil && s.witnessDue() && !s.work.busy {
			s.askDrawWitness()
		}
		if s.host.entry != nil && (s.host.entry.kind == fieldWitness || s.host.entry.kind == fieldDraw) {
			s.host.guard = s.now() // the console's click is the fresh press
			s.host.entry.text = []rune(c.Text)
			s.submit(s.host.entry)
			return
		}
	}
	s.act(lineKeys[c.Op])
	if e := s.host.entry; e != nil {
		switch {
		case c.Op == show.OpProxy && e.kind == fieldProxy,
			c.Op == show.OpSkip && e.kind == fieldSkip,
			c.Op == show.OpTicket && e.kind == fieldTicket,
			c.Op == show.OpChoose && e.kind == fieldPrize && c.Prize != "":
			e.text, e.id = []rune(c.Text), c.ID
			if e.kind == fieldPrize {
				e.text = []rune(c.Prize)
			}
			s.submit(e)
		}
	}
	if (c.Op == show.OpClose && s.host.confirm == confirmClose) || (c.Op == show.OpDraw && c.Early && s.host.confirm == confirmEarly) {
		s.answer(Next) // confirmed in the console: the second press
	}
}
