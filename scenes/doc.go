// Package scenes is the stage: what the audience sees on the big screen,
// driven by the host's keys or clicker and by the operator's console.
//
// A Stage runs one Scene at a time and crossfades between them (as
// Ebiten's examples/blocks does); each scene is a type of its own in a
// file of its own. Update changes state only, Draw only renders, and
// keys reach scenes as Actions mapped once (input.go), so tests inject
// actions and drive every animation by frames and an injected clock.
// Commands go to the show through a Backend on a worker goroutine, so a
// frame never waits on the database; the stage shows only what the
// record has committed. The operator's console reads the Controls the stage
// publishes: what the audience cannot see, and a preview of what is on
// air.
package scenes
