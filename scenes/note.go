package scenes

import (
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"drawshow/show"
)

// Note is one thing done on the stage, or what came of it, for the flight
// log (Options.OnNote): a key of the key map taken (by the host, autoplay
// or the console), an action line the console sent, or the worker's
// answer to a command. The stage hands it over as it is; what of it may
// be written (never a name typed for a proxy) is the log's to decide.
// Typing into a field is never noted key by key: only its Enter or Esc.
type Note struct {
	Kind   NoteKind
	From   string        // "keyboard", "autoplay" or "console"
	Key    string        // the key, by ebiten's name ("PageDown"), "Ctrl+Q"
	Action Action        // what the key means, outside a field
	Field  string        // the field typed into, when the key was its Enter or Esc
	Line   show.Op       // NoteLine: the console's action line's verb
	Scene  string        // the scene on stage once it was taken
	Sent   *show.Command // the command it gave the worker, if any
	Told   string        // what the host was told as it was taken (a refusal in words)

	// NoteResult: the worker's answer to Command (or the engine's own
	// step, a no-show at its deadline: show.OpTick).
	Command show.Command
	Events  []show.Event
	Err     error
}

// NoteKind is what a Note is of.
type NoteKind int

// The kinds of Note.
const (
	NoteKey    NoteKind = iota + 1 // a key taken
	NoteLine                       // a console's action line taken
	NoteResult                     // a command committed, refused or failed
)

// noting is a Note being made over one step of Update: what it started from.
type noting struct {
	n         Note
	message   string
	messageAt time.Time
	notice    string
	sends     int
}

// fieldKeys are the keys of a field that are noted: not what is typed.
var fieldKeys = map[ebiten.Key]bool{ebiten.KeyEnter: true, ebiten.KeyNumpadEnter: true, ebiten.KeyPageDown: true, ebiten.KeyEscape: true, ebiten.KeyF5: true}

// noteKey starts the note of the key handle will take from f, if any.
func (s *Stage) noteKey(f Frame, from string) *noting {
	if s.opt.OnNote == nil {
		return nil
	}
	for _, k := range f.Keys {
		switch {
		case s.host.entry != nil:
			if fieldKeys[k] {
				return s.noting(Note{Kind: NoteKey, From: from, Key: k.String(), Field: s.host.entry.kind.String()})
			}
		case k == ebiten.KeyQ && f.Ctrl:
			return s.noting(Note{Kind: NoteKey, From: from, Key: "Ctrl+Q", Action: Quit})
		case KeyMap[k] != None:
			return s.noting(Note{Kind: NoteKey, From: from, Key: k.String(), Action: KeyMap[k]})
		}
	}
	return nil
}

// noteRemote starts the note of what the console asked for.
func (s *Stage) noteRemote(r remote) *noting {
	if s.opt.OnNote == nil {
		return nil
	}
	if r.line == nil {
		return s.noteKey(Frame{Keys: []ebiten.Key{r.key}}, "console")
	}
	return s.noting(Note{Kind: NoteLine, From: "console", Line: r.line.Op, Command: *r.line})
}

func (s *Stage) noting(n Note) *noting {
	return &noting{n: n, message: s.host.message, messageAt: s.host.messageAt, notice: s.air.notice, sends: s.work.sends}
}

// noted hands the note over once its step is done: the scene it left on
// stage, the command it sent, what the host was told.
func (s *Stage) noted(p *noting) {
	if p == nil {
		return
	}
	n := p.n
	n.Scene = s.mgr.scene.Name()
	if s.work.sends != p.sends {
		c := s.work.sent
		n.Sent = &c
	}
	if s.host.message != p.message || !s.host.messageAt.Equal(p.messageAt) {
		n.Told = s.host.message
	} else if s.air.notice != p.notice {
		n.Told = s.air.notice
	}
	s.opt.OnNote(n)
}

// noteReply notes the worker's answer: every command's, the engine's own
// steps that recorded something, and a failed read of standings or of
// the chain head (their every-few-seconds successes are not news).
func (s *Stage) noteReply(r reply) {
	if s.opt.OnNote == nil || r.op == opProgress {
		return
	}
	if (r.op == opStandings || r.op == opAnchor) && r.err == nil {
		return
	}
	c := show.Command{Op: r.op}
	if r.op == s.work.sent.Op {
		c = s.work.sent
	}
	s.opt.OnNote(Note{Kind: NoteResult, Scene: s.mgr.scene.Name(), Command: c, Events: r.evs, Err: r.err})
}

// inputName is whose keys the stage's input gives.
func (s *Stage) inputName() string {
	if s.opt.Autoplay {
		return "autoplay"
	}
	return "keyboard"
}
