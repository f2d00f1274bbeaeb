// Package session is a show's life on a database: Open starts a show from
// its show file or resumes the one opened from the same file, and every
// operator action goes through Session.Do, which has the engine decide,
// commits the events to the store, and only then applies them. Load
// imports what the current segment needs when it needs it; CheckShow
// checks every file a show names before it opens.
package session
