package scenes

import (
	"time"

	"drawshow/audio"
	"drawshow/show"
)

// A Scene is one screen of the show: what the audience sees, and what the
// host's keys do there. Act and Update change the state on stage; Draw
// only renders it. The stage holds one of each scene (its cast), so a
// scene keeps its own state between visits; the stage keeps what the
// scenes share, fades from one scene to the next and draws the overlays.
type Scene interface {
	// Name is the scene's name as OnScene, --exit-after-scene, the
	// console and the stats give it: "countdown".
	Name() string
	// Enter is called each time the stage goes to the scene, from
	// another one or from itself.
	Enter(s *Stage)
	// Act is the host's action in the scene; one that means nothing here
	// does nothing.
	Act(s *Stage, a Action)
	// Update runs the scene's timed steps, once a tick.
	Update(s *Stage, now time.Time)
	// Draw renders the scene over the backdrop, in after it began.
	Draw(s *Stage, dst *Canvas, in time.Duration)
	// Hints is what the keys do now in the scene.
	Hints(s *Stage) string
	// Buttons are what the host can do now in the scene, as the console
	// offers them.
	Buttons(s *Stage) []Button
	// reply is handed the worker's replies while the scene is on stage,
	// and those to what it asked for after it has left: it keeps what
	// they bring and returns the scene the stage goes to, nil to stay.
	// Where the show's own steps lead (a segment done, the close, a draw
	// ended) Stage.onward says; a scene's reply ends with it.
	reply(s *Stage, r reply) Scene
}

// What some scenes do besides.
type (
	// A leaver has state that belongs to one visit (digits typed, a menu
	// open), cleared as the stage leaves it: the scene fading out shows
	// none of it.
	leaver interface{ leave() }

	// A repainter paints, over the last frame, only what moves in it (the
	// reel, the countdown ring, the confetti). An overlay would not
	// survive that: while the hint strip shows, its frames are whole.
	repainter interface {
		repaint(s *Stage, dst *Canvas, now time.Time)
	}

	// A looker has state of its own that its frames show: own is a
	// comparable value that changes when a frame of it would; while
	// moving, it is painted whole in every frame.
	looker interface {
		look(s *Stage, now time.Time) (own any, moving bool)
	}

	// A drawing scene is where a draw is made (the intro, a wild card's
	// numbers, the choosing table): the host types into it (typed: a
	// ticket, a place, a wild card's numbers), and in a segment whose
	// draws need it, it waits for the auditor's draw witness
	// (witnessLabel: its field's label).
	drawing interface {
		typed() (nums []int, digits []rune)
		witnessLabel(s *Stage) string
	}

	// A stamped scene names its screenshot by more than its name: the
	// countdown by its outcome stamp.
	stamped interface{ shot(s *Stage) string }

	// An autoplayed scene says which key autoplay presses in it, once a
	// visit; autoplay presses none in the others.
	autoplayed interface{ autoKey(a *autoplay) Frame }

	// A grounded scene is drawn, for now, over a ground of its own
	// rather than the backdrop: a still of the whole frame that it keeps,
	// named by key (nil, g nil: the backdrop). A whole frame on the
	// screen puts it back where the last frame drew over it, as it does
	// the backdrop (damage.go), and the scene draws the rest: Stage's
	// cache.laid is the key while it does.
	grounded interface {
		ground(s *Stage, dst *Canvas, now time.Time) (key any, g *Canvas)
	}

	// A cutter comes on stage by a cut rather than a crossfade.
	cutter interface{ cut() }
)

// cast is the stage's scenes, one of each. A new scene is a type of its
// own, in its own file, that implements Scene (and whichever of the
// interfaces above it needs), a field here and its place in all; the
// scenes that lead to it go to it with Stage.to from their Act or Update,
// or return it from their reply, and Stage.resume when a restart can come
// back to it. The stage never sets a scene's fields: it calls the
// scene's methods.
type cast struct {
	open      openScene
	attract   attractScene
	intro     introScene
	reel      reelScene
	reveal    revealScene
	countdown countdownScene
	board     boardScene
	closed    closedScene
	choose    chooseScene
	numbers   numbersScene
}

// A chooser is how the choose scene presents what a kind's winners choose
// among: how it draws them, the timed steps it runs, how long one takes
// to turn over and its sound, and what the host types to choose one.
type chooser struct {
	draw   func(sc *chooseScene, s *Stage, dst *Canvas, seg *show.SegState, now time.Time)
	update func(sc *chooseScene, s *Stage, seg *show.SegState, now time.Time) // nil: none
	turn   time.Duration
	sound  audio.Cue
	typed  string
}

// choosers are the cast's finales: what a kind's winners choose (its
// answer to Segment.Chooses) is presented by one chooser, whose drawing
// is in its own file (cards.go, chest.go, envelopes.go). This is the one
// place in scenes that goes by kind; a new kind whose winners choose adds
// its line here. Everything else asks the segment (Numbers, Slide,
// Floor, Jackpot…). Set in init: a chooser's drawing asks chooserOf.
var choosers map[show.Choosable]chooser

func init() {
	choosers = map[show.Choosable]chooser{
		show.ChooseCards:     {draw: (*chooseScene).drawCards, turn: flipTime, sound: audio.CardFlip, typed: "type the card's place 1–5 (or 10)"},
		show.ChooseBalls:     {draw: (*chooseScene).drawChest, update: (*chooseScene).sting, turn: rollTime, sound: audio.BallRoll, typed: "type the ball's number"},
		show.ChooseEnvelopes: {draw: (*chooseScene).drawEnvelopes, turn: envelopeTime, sound: audio.CardFlip, typed: "type the envelope's number"},
	}
}

// chooserOf presents what seg's winners choose; as the envelopes for a
// segment whose winners choose nothing.
func chooserOf(seg *show.Segment) chooser {
	if t, ok := choosers[seg.Chooses()]; ok {
		return t
	}
	return choosers[show.ChooseEnvelopes]
}

// all is every scene, in the order SceneNames gives them.
func (c *cast) all() []Scene {
	return []Scene{&c.open, &c.attract, &c.intro, &c.reel, &c.reveal, &c.countdown, &c.board, &c.closed, &c.choose, &c.numbers}
}

var sceneNames = func() []string {
	var c cast
	var names []string
	for _, sc := range c.all() {
		names = append(names, sc.Name())
	}
	return names
}()
