package scenes

import "time"

// What a scene may ask of the stage. A scene reads the show through the
// stage's view (s.view: the state, the head, the people, the sample), the
// show's options and the host's input in progress, and changes the stage
// only through these methods and the few that keep their own files: the
// manager's to (reply returns the scene instead), the worker's send, and
// the host's tell, ask, askWitness, askDrawWitness, past, startDraw and
// sheet. It never writes the stage's fields (guard_test.go checks).

// onStage reports whether sc is the scene on stage.
func (s *Stage) onStage(sc Scene) bool { return s.mgr.scene == sc }

// onFor is how long the scene on stage has been on at now.
func (s *Stage) onFor(now time.Time) time.Duration { return now.Sub(s.mgr.since) }

// busy reports whether a command is with the worker: one at a time.
func (s *Stage) busy() bool { return s.work.busy }

// waitFresh has Next, and a choice, wait for a fresh press after at: a
// press meant for the step before never decides the one after.
func (s *Stage) waitFresh(at time.Time) { s.host.guard = at.Add(freshPress) }

// field opens a text field for the host: Enter submits it (submit).
func (s *Stage) field(e *entry) { s.host.entry = e }

// turn is t on its way: a card, a ball or an envelope turned over, or a
// wild card's numbers drawn.
func (s *Stage) turn(t turnOver) { s.air.turn = t }

// stung notes that the turn's ball has cued its opening.
func (s *Stage) stung() { s.air.turn.stung = true }

// groundLaid is the key of the ground the scene is drawn over now, laid
// by the stage (a grounded scene's), or nil: the backdrop.
func (s *Stage) groundLaid() any { return s.cache.laid }
