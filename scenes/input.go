package scenes

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// Action is what a key means to the stage. Keys map to actions once, here;
// scenes read actions, and tests inject them.
type Action int

// The actions. Next, Prev, Context and Blackout are the four buttons of a
// presentation clicker; the rest are direct keys.
const (
	None        Action = iota
	Next               // PageDown, Right, Down, Space, Enter, N
	Prev               // PageUp, Left, Up, Backspace, P
	Context            // F5 / Esc (clickers send them alternately)
	Blackout           // B or .
	Hints              // H: show or hide the host hint bar
	Help               // F1 or ?
	Claim              // C
	Proxy              // R
	Decline            // D
	Forfeit            // F
	Quit               // Ctrl+Q (asks first)
	Mute               // M
	VolumeUp           // + or =
	VolumeDown         // -
	Export             // E: at the opening the pre-show sheet; once the show is closed the exports
	Reload             // U: read a leaderboard's standings now
	Skip               // S: end this draw short, with a reason
	TypeTicket         // T: type a ticket as printed, letters and all (a manual bin's receipt)
	Arrived            // A: a bonus jackpot's team is at the winner's device; its seconds start
	Unwitnessed        // O: the auditor's witness does not answer: go on without it, with a reason
	Digit0             // 0 … 9, on the top row or the keypad: a ticket, a card, ball or envelope, a bin number
	Digit1
	Digit2
	Digit3
	Digit4
	Digit5
	Digit6
	Digit7
	Digit8
	Digit9
)

var actionNames = [...]string{"none", "next", "previous", "context", "blackout", "hints", "help", "claim", "proxy", "decline", "forfeit", "quit", "mute", "volume up", "volume down", "export", "reload", "skip", "type ticket", "arrived", "unwitnessed",
	"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"}

func (a Action) String() string { return actionNames[a] }

// Digit is the digit a digit action types.
func (a Action) Digit() (rune, bool) {
	if a >= Digit0 && a <= Digit9 {
		return '0' + rune(a-Digit0), true
	}
	return 0, false
}

// KeyMap is the stage's one key map.
var KeyMap = map[ebiten.Key]Action{
	ebiten.KeyPageDown: Next, ebiten.KeyArrowRight: Next, ebiten.KeyArrowDown: Next,
	ebiten.KeySpace: Next, ebiten.KeyEnter: Next, ebiten.KeyNumpadEnter: Next, ebiten.KeyN: Next,
	ebiten.KeyPageUp: Prev, ebiten.KeyArrowLeft: Prev, ebiten.KeyArrowUp: Prev,
	ebiten.KeyBackspace: Prev, ebiten.KeyP: Prev,
	ebiten.KeyF5: Context, ebiten.KeyEscape: Context,
	ebiten.KeyB: Blackout, ebiten.KeyPeriod: Blackout,
	ebiten.KeyH: Hints, ebiten.KeyF1: Help, ebiten.KeySlash: Help,
	ebiten.KeyC: Claim, ebiten.KeyR: Proxy, ebiten.KeyD: Decline, ebiten.KeyF: Forfeit,
	ebiten.KeyM: Mute, ebiten.KeyEqual: VolumeUp, ebiten.KeyNumpadAdd: VolumeUp,
	ebiten.KeyMinus: VolumeDown, ebiten.KeyNumpadSubtract: VolumeDown,
	ebiten.KeyE: Export, ebiten.KeyU: Reload, ebiten.KeyS: Skip, ebiten.KeyT: TypeTicket, ebiten.KeyA: Arrived,
	ebiten.KeyO: Unwitnessed,
}

func init() {
	for i := range 10 {
		KeyMap[ebiten.KeyDigit0+ebiten.Key(i)] = Digit0 + Action(i)
		KeyMap[ebiten.KeyNumpad0+ebiten.Key(i)] = Digit0 + Action(i)
	}
}

// Frame is the input of one tick: keys pressed since the last tick (a
// held key counts once, whatever the keyboard's auto-repeat does), typed
// characters, and whether Ctrl is down.
type Frame struct {
	Keys  []ebiten.Key
	Chars []rune
	Ctrl  bool
}

// Input gives the stage one Frame a tick.
type Input interface {
	Poll() Frame
}

// Keyboard reads the real keyboard through ebiten.
type Keyboard struct {
	keys  []ebiten.Key
	chars []rune
}

// Poll returns the keys that went down this tick.
func (k *Keyboard) Poll() Frame {
	k.keys = inpututil.AppendJustPressedKeys(k.keys[:0])
	k.chars = ebiten.AppendInputChars(k.chars[:0])
	return Frame{
		Keys:  k.keys,
		Chars: k.chars,
		Ctrl:  ebiten.IsKeyPressed(ebiten.KeyControl),
	}
}

// Script is an Input that plays frames given in advance, then idles: for
// tests and autoplay.
type Script struct {
	frames []Frame
}

// Push queues a frame with these keys.
func (s *Script) Push(keys ...ebiten.Key) { s.frames = append(s.frames, Frame{Keys: keys}) }

// PushFrame queues a whole frame.
func (s *Script) PushFrame(f Frame) { s.frames = append(s.frames, f) }

// Poll returns the next queued frame, or an empty one.
func (s *Script) Poll() Frame {
	if len(s.frames) == 0 {
		return Frame{}
	}
	f := s.frames[0]
	s.frames = s.frames[1:]
	return f
}

// Pending is how many frames are queued.
func (s *Script) Pending() int { return len(s.frames) }
