package session

import (
	"cmp"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"drawshow/data/entries"
	"drawshow/data/store"
	"drawshow/show"
)

// Session is an open show: its engine, and the database that records
// every change before the engine applies it.
type Session struct {
	DB      *store.DB
	Eng     *show.Engine
	ID      string
	Resumed bool
	// Missing are files the show names that are not there yet (a later
	// draw's export), found when it opened: checked once imported.
	Missing []string
	head    *store.Head // where the journal of the engine's fold ends; nil until the first commit finds it

	progress func(segment string, p entries.Progress) // Options.Progress

	// Witness is the auditor's witness of a drawshow-v2 show (its file
	// names auditor_key): nil until the program serves its feed.
	Witness Witness
	// WitnessWait is how long a step waits for it; 0 is Answer.
	WitnessWait time.Duration
}

// Options are how a show is opened.
type Options struct {
	Rehearsal bool
	Seed      []byte // rehearsal only: a fixed seed for tests and training
	Witness   string
	// NoWitness is the operator's typed word (--no-witness) that an
	// official show goes on with no auditor's witness W: recorded once
	// the show is open, so that its draws may freeze.
	NoWitness bool
	Clock     func() time.Time // the show clock
	// Wall is the machine's own clock, recorded at open (nil: time.Now;
	// a fixed-seed rehearsal records its show clock instead). An official
	// show's clock is the machine's, and it opens only on its own night by
	// it (show.Show.OnItsNight).
	Wall func() time.Time
	// ClockSet says the show clock was set by hand (--clock): rehearsals only.
	ClockSet bool
	// Mode is how the program runs the show; "" is headless (anything
	// that is not the stage).
	Mode show.Mode
	// ClaimSeconds, rehearsal only, replaces the show file's claim
	// countdown (autoplay shortens it); the record keeps it.
	ClaimSeconds int
	// Rules, a fixed-seed rehearsal only, opens the show under an older
	// edition of the host's rules (show.Rules): a night played again as
	// a record of then was made, the same events byte for byte (the
	// stage's golden frames show their chain heads). 0 is show.Rules.
	Rules int
	// Progress, if set, is told how far a long import has come: the
	// segment, and the rows and bytes read so far. It is called on the
	// goroutine that imports, and must not block.
	Progress func(segment string, p entries.Progress)
	// OverProblems, when a new show names files that are there and cannot
	// be used, shows them to the operator and reports whether the show
	// opens all the same; the record keeps the problems it opened over.
	// Nil: such a show is refused (a *FileProblems), and nothing is
	// recorded.
	OverProblems func(problems []string) bool
}

// Open resumes the show opened from this show file (same text, same
// rehearsal flag), or opens a new one. An image the show file names that
// is there but that the stage could not use (see show.CheckImage: a huge
// PNG, /dev/zero) is refused first, and nothing is recorded.
func Open(db *store.DB, sh *show.Show, text []byte, opt Options) (*Session, error) {
	if opt.Seed != nil && !opt.Rehearsal {
		return nil, errors.New("a fixed seed is allowed only in a rehearsal (--rehearsal)")
	}
	if opt.ClockSet && !opt.Rehearsal {
		return nil, errors.New("an official show runs on the machine's clock: --clock is for rehearsals (--rehearsal)")
	}
	if opt.NoWitness && opt.Witness != "" {
		return nil, errors.New("a witness and no witness: give the auditor's witness W, or say there is none, not both")
	}
	if opt.Rules != 0 && (opt.Seed == nil || !opt.Rehearsal || opt.Rules < 1 || opt.Rules > show.Rules) {
		return nil, fmt.Errorf("rules edition %d: a show opens under this drawshow's edition %d; an older one only in a fixed-seed rehearsal", opt.Rules, show.Rules)
	}
	// an image the stage would choke on stops the show before anything
	// is recorded; one not there is left to the stage, which runs without it
	if err := sh.CheckImages(true); err != nil {
		return nil, fmt.Errorf("%v\nthe stage cannot use this image: fix it or take it out of the show file (nothing was recorded)", err)
	}
	sum := sha256.Sum256(text)
	fileSHA := hex.EncodeToString(sum[:])
	abs, _ := filepath.Abs(sh.Path)
	shows, err := db.Shows()
	if err != nil {
		return nil, err
	}
	var found *store.ShowRow
	for i := range shows {
		s := &shows[i]
		if s.FileSHA256 == fileSHA && s.Rehearsal == opt.Rehearsal {
			found = s
		} else if s.File == abs && !s.Closed && s.Rehearsal == opt.Rehearsal {
			return nil, fmt.Errorf("%s changed since show %s was opened from it at %s; put the file back as it was, or close that show first",
				sh.Path, s.ID, s.OpenedAt.In(sh.Location).Format("2006-01-02 15:04"))
		}
	}
	ss := &Session{DB: db, progress: opt.Progress} // Eng comes from the record: replayed, or folded from the campaign
	if found != nil {
		err := ss.resume(sh, found, opt)
		if err == nil {
			err = ss.waive(opt)
		}
		return ss, err
	}
	chk := CheckShow(sh)
	ss.Missing = chk.Missing
	if !opt.Rehearsal {
		var un []*ListMatch
		for _, m := range chk.Matches {
			if m.Unmatched() && !m.Expect {
				un = append(un, m)
			}
		}
		if len(un) > 0 {
			return nil, &UnmatchedLists{Lists: un}
		}
	}
	var over []string
	if len(chk.Problems) > 0 {
		fp := &FileProblems{Problems: chk.Problems}
		if opt.OverProblems == nil || !opt.OverProblems(fp.Texts()) {
			return nil, fp
		}
		over = fp.Texts()
	}
	return ss, ss.open(sh, abs, fileSHA, text, opt, over)
}

func (ss *Session) resume(sh *show.Show, s *store.ShowRow, opt Options) error {
	ss.ID, ss.Resumed = s.ID, true
	evs, err := ss.DB.Events(s.ID)
	if err != nil {
		return err
	}
	eng, err := ss.DB.Replay(s, sh, evs, opt.Clock, ss.DB.Source(s.ID))
	if err != nil {
		return fmt.Errorf("show %s: %v", s.ID, err)
	}
	ss.Eng = eng
	o := eng.State().Opened
	if opt.Witness != "" && opt.Witness != o.Witness {
		return fmt.Errorf("show %s was opened with witness %q; the witness cannot change", s.ID, o.Witness)
	}
	if opt.Seed != nil && show.Commitment(opt.Seed) != o.Commitment {
		return fmt.Errorf("show %s was opened with another seed", s.ID)
	}
	return nil
}

func (ss *Session) open(sh *show.Show, abs, fileSHA string, text []byte, opt Options, problems []string) error {
	db := ss.DB
	seed := opt.Seed
	if seed == nil {
		seed = make([]byte, 32)
		if _, err := rand.Read(seed); err != nil {
			return err
		}
	}
	now := opt.Clock()
	wall := time.Now
	if opt.Wall != nil {
		wall = opt.Wall
	}
	if opt.Seed != nil {
		// a fixed-seed rehearsal is a replay for tests and training: the
		// same seed, clock and actions give the same record, byte for
		// byte, so it records its show clock as the machine's
		wall = opt.Clock
	}
	opened := &show.Opened{
		Algorithm: show.AlgorithmOf(sh), Promotion: sh.Promotion, Property: sh.Property, Rehearsal: opt.Rehearsal,
		Commitment: show.Commitment(seed), Witness: opt.Witness, File: filepath.Base(sh.Path), FileSHA256: fileSHA,
		FixedSeed: opt.Seed != nil, ClaimSeconds: opt.ClaimSeconds, FileProblems: problems, Rules: cmp.Or(opt.Rules, show.Rules),
		WallClock: wall().UTC().Round(0), Mode: cmp.Or(opt.Mode, show.ModeHeadless), ClockSource: show.ClockWall,
	}
	if opt.ClockSet {
		opened.ClockSource = show.ClockSet
	}
	if !opt.Rehearsal {
		// refused before anything is written: not even a show id is taken
		if err := sh.OnItsNight(opened.WallClock); err != nil {
			return err
		}
	}
	id, err := db.FreeShowID(ShowBase(sh, now))
	if err != nil {
		return err
	}
	ss.ID = id
	// set up as a replay of this show's record will be: what the campaign
	// held before it; the exclusions come with the lists, at the first load
	setup, err := db.Setup(sh, id, opt.Rehearsal)
	if err != nil {
		return err
	}
	setup.Seed, setup.Exclusions, setup.Excluding = seed, nil, false
	if ss.Eng, err = show.Fold(sh, db.Source(id), opt.Clock, setup, nil); err != nil {
		return err
	}
	for _, s := range sh.Segments {
		opened.Segments = append(opened.Segments, s.ID)
	}
	ch, err := ss.Eng.Decide(show.Command{Op: show.OpOpen, ShowID: id, Opening: opened})
	if err != nil {
		return err
	}
	row := store.ShowRow{ID: id, File: abs, FileSHA256: fileSHA, FileText: text, Rehearsal: opt.Rehearsal, OpenedAt: now}
	if err := db.CreateShow(row, seed, ch.Events); err != nil {
		return err
	}
	ss.Eng.Apply(ch)
	return ss.waive(opt)
}

// waive records the operator's word that the show goes on with no
// auditor's witness, when given and still awaited.
func (ss *Session) waive(opt Options) error {
	if !opt.NoWitness || !ss.Eng.State().WitnessAwaited() {
		return nil
	}
	_, err := ss.commit(show.Command{Op: show.OpNoWitness}, nil)
	return err
}

// Resume records this start of the program on a show it resumed, once
// the caller's clock is set: the time since the record's last event, and
// the mode it runs in. A countdown that ended meanwhile is then the
// host's to decide. A new or closed show has nothing to resume.
func (ss *Session) Resume(m show.Mode) ([]show.Event, error) {
	if !ss.Resumed || ss.Eng.State().Closed {
		return nil, nil
	}
	return ss.commit(show.Command{Op: show.OpResume, Text: string(m)}, nil)
}

// nonSlug is what a show id leaves out: all but ASCII letters and digits.
var nonSlug = regexp.MustCompile(`[^a-z0-9]+`)

// latinFold are the letters that decompose into no ASCII letter and a mark.
var latinFold = strings.NewReplacer("ß", "ss", "æ", "ae", "œ", "oe", "ø", "o", "ł", "l", "đ", "d", "ð", "d", "þ", "th", "ı", "i")

// Latin is s with its accents taken off (Zoë: Zoe, Łódź: Lodz, Straße:
// Strasse), for a show id, which keeps ASCII letters and digits alone.
func Latin(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(latinFold.Replace(s)) {
		if !unicode.Is(unicode.Mn, r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// ShowBase is the id a show from sh opened at now starts from: the
// promotion's name and the day of its first scheduled segment.
func ShowBase(sh *show.Show, now time.Time) string {
	d := now
	for _, s := range sh.Segments {
		if !s.At.IsZero() {
			d = s.At
			break
		}
	}
	slug := strings.Trim(nonSlug.ReplaceAllString(Latin(strings.ToLower(sh.Promotion)), "-"), "-")
	if slug == "" {
		slug = "show"
	}
	return slug + "-" + d.In(sh.Location).Format(time.DateOnly)
}

// Do carries out one command: the engine decides, the events (and the
// headless progress, if any) are committed in one transaction, and only
// then does the engine apply them. Lists and entry files the command needs
// are loaded first, each in its own commit: before a bin freezes, which a
// draw, a freeze or the first ticket typed from a physical bin does.
func (ss *Session) Do(c show.Command, p *store.Progress) ([]show.Event, error) {
	if c.Op == show.OpTicket {
		// typed as the entry file's tickets are read: fullwidth digits
		// from an input method, a zero-width space from a paste
		if t, err := entries.NormTicket(c.Text); err == nil {
			c.Text = t
		}
	}
	if cur := ss.Eng.State().CurSeg(); c.Op == show.OpReselect && c.Lists == nil && cur != nil && cur.Seg.Selected != "" {
		// the corrected file, read now: hashed from the bytes it is read from
		l, _, err := entries.ReadLists(ss.Eng.Show, nil, "", "", cur.Seg.Selected)
		if err != nil {
			return nil, err
		}
		c.Lists = l
	}
	var evs []show.Event
	if c.Op == show.OpClose {
		if _, err := ss.Eng.Decide(c); err == nil { // only for a close the rules allow
			recorded, err := ss.finalStandings()
			evs = recorded
			if err != nil {
				return evs, err
			}
		}
	}
	if cur := ss.Eng.State().CurSeg(); (c.Op == show.OpDraw || c.Op == show.OpFreeze || c.Op == show.OpTicket) && cur != nil && cur.Seg.Draws() && cur.Frozen == nil {
		loaded, err := ss.Load()
		if err != nil {
			return loaded, err
		}
		evs = loaded
	}
	var done []show.Event
	var err error
	if c.Op == show.OpCosigned && c.Countersign == nil {
		done, err = ss.countersignHeld()
		return append(evs, done...), err
	}
	if ss.Eng.State().Witnessed() {
		done, err = ss.witnessed(c, p)
	} else {
		done, err = ss.commit(c, p)
	}
	return append(evs, done...), err
}

func (ss *Session) commit(c show.Command, p *store.Progress) ([]show.Event, error) {
	ch, err := ss.Eng.Decide(c)
	if err != nil {
		var r *show.Refusal
		if errors.As(err, &r) && p != nil {
			// the action is used up even though refused
			q := *p
			q.Refused++
			if cerr := ss.commitOn(nil, &q); cerr != nil {
				return nil, cerr
			}
		}
		return nil, err
	}
	if len(ch.Events) == 0 && p == nil {
		return nil, nil // the stage's tick ten times a second, mostly: nothing to write
	}
	if err := ss.commitOn(ch.Events, p); err != nil {
		return nil, err
	}
	ss.Eng.Apply(ch)
	return ch.Events, nil
}

// commitOn commits on the head the engine folded: the journal's row of
// its last event, found once, then the head each commit leaves. A
// journal that moved on meanwhile (another writer past the lock) is
// refused, and the engine keeps its state.
func (ss *Session) commitOn(evs []show.Event, p *store.Progress) error {
	head, err := ss.folded()
	if err != nil {
		return err
	}
	h, err := ss.DB.CommitOn(head, ss.ID, evs, p)
	if err != nil {
		return fmt.Errorf("show %s: %w", ss.ID, err)
	}
	*ss.head = h
	return nil
}

// folded is the journal's head the engine folded: its last event's row,
// found once, then the head each commit leaves.
func (ss *Session) folded() (store.Head, error) {
	if ss.head == nil {
		h, err := ss.DB.HeadAfter(ss.ID, ss.Eng.State().Events)
		if err != nil {
			return store.Head{}, err
		}
		ss.head = &h
	}
	return *ss.head, nil
}

// finalStandings records, as the show closes, each leaderboard's
// standings file as it then stands: the final standings its export
// carries. A file that cannot be read then (gone, or a bad row) is
// passed over: the close goes on, and the export has no standings of
// that leaderboard.
func (ss *Session) finalStandings() ([]show.Event, error) {
	sh := ss.Eng.Show
	var evs []show.Event
	for _, seg := range ss.Eng.State().Segs {
		g := seg.Seg
		if !g.Leaderboard() || seg.Standings != nil || g.Board.Standings == "" {
			continue
		}
		file := g.Board.Standings
		rows, sum, _, err := entries.ReadStandingsSum(file, g.Sheet)
		if err != nil {
			continue
		}
		done, err := ss.commit(show.Command{Op: show.OpLoad, Segment: g.ID, Standings: &show.Standings{File: sh.Rel(file), SHA256: sum, Rows: rows}}, nil)
		evs = append(evs, done...)
		if err != nil {
			return evs, err
		}
	}
	return evs, nil
}

// Load imports the show's lists and the current segment's entry file and
// lists, if not done yet. A segment whose bin is made from earlier results
// (a manual bin, a Royal Flush from earlier segments) has no file of its
// own; a wild-card draw needs the file of the month-end bin its number
// chose, imported now if that bin was never drawn.
func (ss *Session) Load() ([]show.Event, error) {
	st := ss.Eng.State()
	sh := ss.Eng.Show
	var evs []show.Event
	if st.Lists == nil {
		l, ex, err := entries.ReadLists(sh, sh.Exclusions, sh.Register, sh.Proxies, "")
		if err != nil {
			return nil, err
		}
		l.SignedBy(ss.Eng.Now(), sh.Location) // a signature after the draw counts from the next
		if len(sh.Exclusions) > 0 {
			l.ExclusionsStored = store.CardsHash(ex) // the list as the store keeps it
		}
		if err := ss.DB.SaveExclusions(ss.ID, ex); err != nil {
			return nil, err
		}
		ss.Eng.SetExclusions(ex)
		done, err := ss.commit(show.Command{Op: show.OpLoad, Lists: l}, nil)
		if err != nil {
			return nil, err
		}
		evs = append(evs, done...)
	}
	seg := st.CurSeg()
	// the show's register and proxy forms are read again at each later
	// segment's freeze: a signature made between two draws counts for the
	// next, one made after a draw's freeze never for it. The first bin to
	// freeze uses them as first read (so a run resumed before that freeze
	// records what an uninterrupted one would).
	register, proxies := seg.Seg.Register, seg.Seg.Proxies
	if slices.ContainsFunc(st.Segs, func(g *show.SegState) bool { return g.Frozen != nil }) {
		register, proxies = cmp.Or(register, sh.Register), cmp.Or(proxies, sh.Proxies)
	}
	if seg.Lists == nil && (register != "" || proxies != "" || seg.Seg.Selected != "") {
		l, _, err := entries.ReadLists(sh, nil, register, proxies, seg.Seg.Selected)
		if err != nil {
			return evs, err
		}
		l.SignedBy(ss.Eng.Now(), sh.Location)
		done, err := ss.commit(show.Command{Op: show.OpLoad, Segment: seg.Seg.ID, Lists: l}, nil)
		if err != nil {
			return evs, err
		}
		evs = append(evs, done...)
	}
	src := seg.Seg
	if seg.Seg.FromBin() {
		src = st.WildBin(sh, seg) // nil while the numbers are not chosen: the engine then says so
	}
	if src == nil || src.Entries == "" || ss.Eng.State().Seg(src.ID).Loaded != nil {
		return evs, nil
	}
	var progress func(entries.Progress)
	if f := ss.progress; f != nil {
		progress = func(p entries.Progress) { f(src.ID, p) }
	}
	l, err := ss.DB.ImportEntriesProgress(ss.ID, src, sh.Rel(src.Entries), progress)
	if progress != nil {
		p := entries.Progress{Finished: true}
		if l != nil {
			p.Rows = l.Rows
		}
		progress(p)
	}
	if err != nil {
		return evs, err
	}
	done, err := ss.commit(show.Command{Op: show.OpLoad, Segment: src.ID, Loaded: l}, nil)
	return append(evs, done...), err
}
