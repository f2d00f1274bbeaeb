package show

import (
	"encoding/json"
	"fmt"
	"time"
)

// EventKind names an event in the journal.
type EventKind string

// The events of a show. The journal holds them in order; the state of a
// show is the fold of its events.
const (
	ShowOpened    EventKind = "show-opened"
	EntriesLoaded EventKind = "entries-loaded"
	ListsLoaded   EventKind = "lists-loaded"
	BinFrozen     EventKind = "bin-frozen"
	PickDrawn     EventKind = "pick-drawn"
	PickAnnounced EventKind = "pick-announced"
	ClaimStarted  EventKind = "claim-started" // a bonus jackpot's team reached the device: its 90 seconds start
	PickDecided   EventKind = "pick-decided"
	PickVoided    EventKind = "pick-voided"
	WitnessGiven  EventKind = "witness-given"
	DrawWitness   EventKind = "draw-witness-given" // W_d of a segment, typed after its bin froze
	// the operator typed that an official show goes on with no auditor's
	// witness W: the record says so, and so does every paper of it
	WitnessWaived EventKind = "witness-waived"
	SegmentEnded  EventKind = "segment-ended"
	SegmentNext   EventKind = "segment-next"
	ShowClosed    EventKind = "show-closed"
	NumbersChosen EventKind = "numbers-chosen"  // a wild card's bins
	PrizeChosen   EventKind = "prize-chosen"    // a winner's card, ball or envelope, turned over
	JackpotPaid   EventKind = "jackpot-settled" // a chest's jackpot, won or grown, for next week
	HourEnded     EventKind = "hour-ended"      // a bonus jackpot's hour ended short of its winners
	Resumed       EventKind = "show-resumed"    // the program started again on the open show
	// a winner's card, ball or envelope, chosen under witness: each-draw:
	// what it hides is decided by the choice witness typed after it
	ItemChosen EventKind = "item-chosen"
	// a selection's place passed over, with a reason: the next pick takes
	// the next place (selected: FILE)
	SelectionPassed EventKind = "selection-passed"
	// a corrected selection file loaded as a new version: the places still
	// to come are read from it (selected: FILE)
	SelectionLoaded EventKind = "selection-loaded"
	// StandingsRecorded: a leaderboard's standings file as it stood when
	// the show closed, its final standings
	StandingsRecorded EventKind = "standings-recorded"

	// The prize desk's records, after the shows (see Desk), under the
	// journal's show DeskShow: no show's fold reads them.
	PrizeCollected  EventKind = "prize-collected"  // a prize collected and signed for
	PrizeExpired    EventKind = "prize-expired"    // a prize not collected within CollectDays
	WinnerContacted EventKind = "winner-contacted" // a winner not present reached

	// drawshow-v2: the auditor's witness countersigned a checkpoint of
	// the journal; the host went on while it did not answer; the room's
	// witness of a pick drawn meanwhile.
	CheckpointCosigned EventKind = "checkpoint-cosigned"
	StepUnwitnessed    EventKind = "step-unwitnessed"
	RoomWitness        EventKind = "room-witness-given"
)

// DeskShow is the journal's show id of the prize desk's records: one
// chain with the shows, and no show's (a show's id ends in its date).
const DeskShow = "desk"

// DeskKind reports whether k is one of the prize desk's records.
func DeskKind(k EventKind) bool {
	return k == PrizeCollected || k == PrizeExpired || k == WinnerContacted
}

// Event is one fact of a show. Seq and At are the journal's; the payload is
// the JSON of the remaining fields, each kind using its own part.
type Event struct {
	Seq  int64     `json:"-"`
	At   time.Time `json:"-"`
	Kind EventKind `json:"-"`
	// Hash is the journal row's hash, in hex, for an event read back
	// from the journal; "" for one just decided.
	Hash string `json:"-"`

	Show    string   `json:"show"`
	Segment string   `json:"segment,omitempty"`
	Opened  *Opened  `json:"opened,omitempty"`
	Loaded  *Loaded  `json:"loaded,omitempty"`
	Lists   *Lists   `json:"lists,omitempty"`
	Frozen  *Frozen  `json:"frozen,omitempty"`
	Pick    *PickRef `json:"pick,omitempty"`
	Ended   *Ended   `json:"ended,omitempty"`
	Closed  *Closed  `json:"closed,omitempty"`
	Witness *Witness `json:"witness,omitempty"`
	Numbers *Numbers `json:"numbers,omitempty"`
	Choice  *Choice  `json:"choice,omitempty"`
	Settled *Settled `json:"settled,omitempty"`
	Hour    *Hour    `json:"hour,omitempty"`
	Restart *Restart `json:"restart,omitempty"`
	Passed  *Passed  `json:"passed,omitempty"`
	Desk    *Desk    `json:"desk,omitempty"`

	Countersign *Countersign `json:"countersign,omitempty"`
	Unwitnessed *Unwitnessed `json:"unwitnessed,omitempty"`

	Standings *Standings `json:"standings,omitempty"`

	bin *Bin // the bin a freeze built, so applying it need not build it again
}

// Opened is the payload of show-opened.
type Opened struct {
	Algorithm  string    `json:"algorithm"`
	Promotion  string    `json:"promotion"`
	Property   string    `json:"property"`
	Rehearsal  bool      `json:"rehearsal"`
	Commitment string    `json:"commitment"`
	Witness    string    `json:"witness"`
	File       string    `json:"file"`
	FileSHA256 string    `json:"file_sha256"`
	Segments   []string  `json:"segments"`
	Clock      time.Time `json:"clock,omitzero"`       // the show clock at open, when it is not the wall clock
	FixedSeed  bool      `json:"fixed_seed,omitempty"` // a rehearsal's seed given with --seed, not drawn from crypto/rand
	// ClaimSeconds, when not zero, is a rehearsal's claim countdown in
	// place of the show file's (autoplay shortens it): the record keeps
	// the rule its deadlines were decided by.
	ClaimSeconds int `json:"claim_seconds,omitempty"`
	// FileProblems are the files the show names that could not be used
	// as they were, which the operator saw and opened the show over.
	FileProblems []string `json:"file_problems,omitempty"`
	// Rules is the edition of the host's rules the show was decided by
	// (see Rules); 0 is a record from before editions were numbered.
	Rules int `json:"rules,omitempty"`
	// From rules edition 2: WallClock is the machine's own clock when the
	// show opened, even when a rehearsal's show clock was set (--clock);
	// Mode is how the program ran it (stage or headless), ClockSource
	// where its show clock came from.
	WallClock   time.Time   `json:"wall_clock,omitzero"`
	Mode        Mode        `json:"mode,omitempty"`
	ClockSource ClockSource `json:"clock_source,omitempty"`
}

// ClockSource is where a show's clock comes from.
type ClockSource string

// The clock sources: an official show runs on the machine's clock; a
// rehearsal may start its show clock at another time (--clock), which
// then moves on as the machine's does (the stage) or only when the
// action script waits (headless).
const (
	ClockWall ClockSource = "wall"
	ClockSet  ClockSource = "set"
)

// ClockDrift is the most an official show's clock at open may differ
// from the machine's clock it records.
const ClockDrift = time.Minute

// Restart is the payload of show-resumed: the program started again on
// the open show, as the stage or the headless runner, after its last
// event at Last; the time between is the time it was down.
type Restart struct {
	Mode Mode      `json:"mode"`
	Last time.Time `json:"last"`
}

// Mode is how the program runs a show.
type Mode string

// The modes.
const (
	ModeStage    Mode = "stage"
	ModeHeadless Mode = "headless"
)

// Loaded is the payload of entries-loaded: a segment's entry file was
// imported whole into the record.
type Loaded struct {
	File       string `json:"file"`
	SHA256     string `json:"sha256"`
	Rows       int    `json:"rows"`
	RowsSHA256 string `json:"rows_sha256,omitempty"` // the rows as the record stores them (every column)
}

// Lists is the payload of lists-loaded: the desk's lists for the show
// (Segment empty) or for one segment.
type Lists struct {
	Exclusions       int    `json:"exclusions"` // cards on the exclusions list
	ExclusionsFile   string `json:"exclusions_file,omitempty"`
	ExclusionsSHA256 string `json:"exclusions_sha256,omitempty"`
	ExclusionsStored string `json:"exclusions_stored_sha256,omitempty"` // the cards as the record stores them
	// ExclusionLists are the exclusions lists when the show file names
	// several (self-excluded.xlsx, staff.csv): each file, its SHA-256 and
	// its cards; Exclusions then counts the cards of them all, each once,
	// and ExclusionsFile and ExclusionsSHA256 are empty
	ExclusionLists []ListFile `json:"exclusion_lists,omitempty"`
	Register       []string   `json:"register,omitempty"`
	// RegisterSigned are the register's signing times, parallel to
	// Register ("2006-01-02 15:04:05", the show's time), when its file
	// gives them; RegisterLate the cards it gives signed after the draw
	// the register was read for, which do not count for it.
	RegisterSigned []string    `json:"register_signed,omitempty"`
	RegisterLate   []Signature `json:"register_late,omitempty"`
	RegisterFile   string      `json:"register_file,omitempty"`
	RegisterSHA256 string      `json:"register_sha256,omitempty"`
	Proxies        []Proxy     `json:"proxies,omitempty"`
	ProxiesFile    string      `json:"proxies_file,omitempty"`
	ProxiesSHA256  string      `json:"proxies_sha256,omitempty"`
	// Selected: a selection made by the casino's own system, its
	// tickets in the order it chose them (selected: FILE)
	Selected       []string `json:"selected,omitempty"`
	SelectedFile   string   `json:"selected_file,omitempty"`
	SelectedSHA256 string   `json:"selected_sha256,omitempty"`
}

// ListFile is one list of several: its file, as the record names it, the
// SHA-256 of its bytes, and how many cards it holds.
type ListFile struct {
	File   string `json:"file"`
	SHA256 string `json:"sha256"`
	Cards  int    `json:"cards"`
}

// ExclusionFiles names the show's exclusions lists, as the record does.
func (l *Lists) ExclusionFiles() []string {
	if l.ExclusionsFile != "" {
		return []string{l.ExclusionsFile}
	}
	var out []string
	for _, f := range l.ExclusionLists {
		out = append(out, f.File)
	}
	return out
}

// Signature is a card's signature on the decline register, and when.
type Signature struct {
	Card   string `json:"card"`
	Signed string `json:"signed"` // "2006-01-02 15:04:05", the show's time
}

// SignedBy keeps on the register only the cards signed by at (the draw
// the register is read for), moving those signed later to RegisterLate:
// a signature made after a draw never counts for it. A register without
// signing times is kept whole.
func (l *Lists) SignedBy(at time.Time, loc *time.Location) {
	if len(l.RegisterSigned) != len(l.Register) {
		return
	}
	by := at.In(loc).Format(time.DateTime)
	var keep, signed []string
	for i, c := range l.Register {
		if l.RegisterSigned[i] > by {
			l.RegisterLate = append(l.RegisterLate, Signature{Card: c, Signed: l.RegisterSigned[i]})
			continue
		}
		keep, signed = append(keep, c), append(signed, l.RegisterSigned[i])
	}
	l.Register, l.RegisterSigned = keep, signed
}

// Passed is a place of a selection passed over: its ticket could not be
// a winner (not in the frozen bin, or its holder drawn already), and the
// host recorded why.
type Passed struct {
	Place  int    `json:"place"` // from 1, in the selection's order
	Ticket string `json:"ticket"`
	Reason string `json:"reason"`
}

// Proxy is a nomination: Name (ID) stands for the holder of Card.
// Contact holds the proxy form's contact columns (see ContactColumn), by
// header, where the proxies file has any: the prize desk reaches the
// winner through them.
type Proxy struct {
	Card    string            `json:"card"`
	Name    string            `json:"name"`
	ID      string            `json:"id,omitempty"`
	Contact map[string]string `json:"contact,omitempty"`
}

// Frozen is the payload of bin-frozen. Excluded and Barred list the cards
// taken out, so the bin can be rebuilt from the imported rows alone.
type Frozen struct {
	Fingerprint  string   `json:"fingerprint"`
	Entries      int      `json:"entries"`
	Participants int      `json:"participants"`
	TotalWeight  uint64   `json:"total_weight"`
	Rows         int      `json:"rows"`
	Excluded     []string `json:"excluded"`
	Barred       []string `json:"barred"`
	OutOfTier    int      `json:"out_of_tier"`
	Capped       uint64   `json:"capped"`
	Zero         int      `json:"zero"`
	Day          string   `json:"day"`                // the promotional day, YYYY-MM-DD local
	Filtered     int      `json:"filtered,omitempty"` // bonus jackpot: rows its spend, device and area rules keep out
	From         string   `json:"from,omitempty"`     // wild-card draw: the month-end bin it draws from
	Jackpot      int64    `json:"jackpot,omitempty"`  // jackpot chest: the progressive jackpot this week
	Early        bool     `json:"early,omitempty"`    // frozen before the segment's time, on the host's word
	// JackpotStart: the chest's jackpot opened at the show file's start,
	// its ledger having no settlement before
	JackpotStart bool `json:"jackpot_start,omitempty"`
	// Earned: the bonus entries each source added (bonus_entries)
	Earned []Earned `json:"earned,omitempty"`
	// PastWinners: the cards of the file that won in an earlier show of
	// the campaign, kept out by exclude_winners
	PastWinners []string `json:"past_winners,omitempty"`
	// BelowSpend and NoVisit: rows qualify kept out, by its spend and by
	// its visit rule
	BelowSpend int `json:"below_spend,omitempty"`
	NoVisit    int `json:"no_visit,omitempty"`
	// NoEntry: the winners whose bonus-jackpot wins earned no bonus entry,
	// having no entry in the draw that day (bonus_entries needs_entry), sorted
	NoEntry []string `json:"no_entry,omitempty"`
	// PrintedUntil: the last moment a ticket may have been printed
	// (printed_until, "2006-01-02 15:04:05" in the show's time); Late:
	// the rows printed after it, kept out
	PrintedUntil string `json:"printed_until,omitempty"`
	Late         int    `json:"late,omitempty"`
}

// PickRef is the payload of the pick events.
type PickRef struct {
	K           int       `json:"k"`
	Ticket      string    `json:"ticket,omitempty"`
	Participant string    `json:"participant,omitempty"`
	Prize       string    `json:"prize,omitempty"`
	Deadline    time.Time `json:"deadline,omitzero"`
	Outcome     Outcome   `json:"outcome,omitempty"`
	By          string    `json:"by,omitempty"` // host, register, engine
	Proxy       string    `json:"proxy,omitempty"`
	ProxyID     string    `json:"proxy_id,omitempty"`
	CollectBy   string    `json:"collect_by,omitempty"`
	Reason      string    `json:"reason,omitempty"`
	// AfterRestart marks a decision on a countdown that ended while the
	// program was down: the host's word of what happened meanwhile.
	AfterRestart bool `json:"after_restart,omitempty"`
	// VRF is, under drawshow-v2, the auditor's VRF output the pick is
	// keyed by; Room, drawn while the witness did not answer, the room's
	// witness it is keyed by instead.
	VRF  *VRF   `json:"vrf,omitempty"`
	Room string `json:"room,omitempty"`
}

// Ended is the payload of segment-ended: the pool ran out before the
// segment had its winners.
type Ended struct {
	Winners int    `json:"winners"`
	Wanted  int    `json:"wanted"`
	Reason  string `json:"reason"`
}

// Witness is the payload of witness-given: W typed by the auditor at the
// opening screen, after the commitment was recorded and shown.
type Witness struct {
	Text string `json:"text"`
}

// Numbers is the payload of numbers-chosen: which month-end bins a wild
// card's finalists come from, typed from a physical draw (By "host", Name
// who typed them) or drawn by the engine under SEGMENT/numbers.
type Numbers struct {
	Numbers []int  `json:"numbers"`
	By      string `json:"by"`
	Name    string `json:"name,omitempty"`
}

// Choice is the payload of prize-chosen: the winner of pick K chose Item
// (a card, a ball, an envelope) and it turned over to Prize. Item is empty
// when the winner had nothing left to choose: the jackpot was won.
type Choice struct {
	K       int    `json:"k"`
	Item    string `json:"item,omitempty"`
	Prize   string `json:"prize"`
	Amount  int64  `json:"amount,omitempty"`
	Jackpot bool   `json:"jackpot,omitempty"`
	By      string `json:"by"` // host, engine
	// Witness is the choice witness W_c, typed after the winner chose
	// (witness: each-draw): the outcome was derived from it (ChoiceKey).
	Witness string `json:"witness,omitempty"`
}

// Settled is the payload of jackpot-settled: the chest's jackpot this week
// and what it is next week.
type Settled struct {
	Name  string `json:"name"`
	Value int64  `json:"value"`
	Won   bool   `json:"won"`
	Next  int64  `json:"next"`
}

// Hour is the payload of hour-ended: an hour of a bonus jackpot's
// sessions ended with Won of its Target winners decided in it.
type Hour struct {
	From   time.Time `json:"from"`
	To     time.Time `json:"to"`
	Won    int       `json:"won"`
	Target int       `json:"target"`
}

// Desk is the payload of the prize desk's records: pick K of Segment of
// show Show (Ticket, Card), a prize owed to a winner not present, was
// collected and signed for by By, who showed the ID document ID, at At;
// or expired unclaimed, its last day CollectBy having passed by At; or
// its winner was reached by By, How (a call, an SMS…), at At. At is when
// it happened, in UTC, the journal's time when it was recorded.
type Desk struct {
	Show      string    `json:"show"`
	Segment   string    `json:"segment"`
	K         int       `json:"k"`
	Ticket    string    `json:"ticket"`
	Card      string    `json:"card"`
	At        time.Time `json:"at"`
	By        string    `json:"by,omitempty"`
	ID        string    `json:"id,omitempty"`
	How       string    `json:"how,omitempty"`
	Note      string    `json:"note,omitempty"`
	CollectBy string    `json:"collect_by,omitempty"`
}

// Standings is the payload of standings-recorded: a leaderboard's
// standings file (File, named relative to the show file, and the SHA-256
// of its bytes) as read when the show closed, every row.
type Standings struct {
	File   string     `json:"file"`
	SHA256 string     `json:"sha256"`
	Rows   []Standing `json:"rows"`
	// Excluded are the cards of Rows on the show's exclusions list,
	// sorted: no place on the board (rules edition 4)
	Excluded []string `json:"excluded,omitempty"`
}

// Closed is the payload of show-closed, which reveals the seed.
type Closed struct {
	Seed string `json:"seed"`
}

// Payload is the event's JSON payload as the journal stores it.
func (e *Event) Payload() ([]byte, error) { return json.Marshal(e) }

// DecodeEvent rebuilds an event from its journal row.
func DecodeEvent(seq int64, at time.Time, kind string, payload []byte) (Event, error) {
	var e Event
	if err := json.Unmarshal(payload, &e); err != nil {
		return e, fmt.Errorf("event %d (%s): %v", seq, kind, err)
	}
	e.Seq, e.At, e.Kind = seq, at, EventKind(kind)
	return e, nil
}

// MarshalLine is the event as one JSON line: seq, at and kind, then the payload.
func (e *Event) MarshalLine() ([]byte, error) {
	p, err := e.Payload()
	if err != nil {
		return nil, err
	}
	head := fmt.Sprintf(`{"seq":%d,"at":%q,"kind":%q,`, e.Seq, e.At.UTC().Format(time.RFC3339Nano), e.Kind)
	return append([]byte(head), p[1:]...), nil
}
