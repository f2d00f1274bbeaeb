package scenes

import (
	"sync"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestTellFromAnotherGoroutine: news the player sends from its own
// goroutine (the sound device lost, or back) reaches the host at the
// stage's next tick, where a refusal would (the console's message), and
// the log; the show does not move for it.
func TestTellFromAnotherGoroutine(t *testing.T) {
	var logged []string
	var desks []Controls
	r := newRig(t, func(o *Options) {
		o.Log = func(msg string) { logged = append(logged, msg) }
		o.OnControls = func(d Controls) { desks = append(desks, d) }
	})
	r.press(ebiten.KeyPageDown)
	r.at("attract")
	const news = `audio: the sound device "show" is lost; the show goes on silent`
	var wg sync.WaitGroup
	wg.Go(func() { r.s.Tell(news) })
	wg.Wait()
	r.update()
	if len(desks) == 0 || desks[len(desks)-1].Message != news {
		t.Errorf("the console's last ctl %+v, want the message %q", desks[len(desks)-1], news)
	}
	if len(logged) != 1 || logged[0] != news {
		t.Errorf("logged %q, want the news", logged)
	}
	if r.scene() != "attract" || r.s.work.busy {
		t.Errorf("the news moved the show: %s, busy %v", r.scene(), r.s.work.busy)
	}
}
