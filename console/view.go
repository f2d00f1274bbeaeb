package console

import "time"

// View is the whole operator view at one moment, as the stage sees it. The
// stage fills it in and passes it to [Server.Publish]; the console holds no
// rules of its own and shows what it is given. It is sent to the page as
// JSON, with the field names given in the tags.
type View struct {
	Show      string     `json:"show,omitempty"`      // the show's title
	Scene     string     `json:"scene"`               // the scene on air, e.g. "countdown"
	Blackout  bool       `json:"blackout,omitempty"`  // the big screen is black
	RunSheet  []Segment  `json:"runSheet"`            // the night's segments in order
	Winner    *Winner    `json:"winner,omitempty"`    // the current pick, in full; nil if none
	Countdown *Countdown `json:"countdown,omitempty"` // the running countdown; nil if none
	Actions   []Action   `json:"actions"`             // what may be done now
	Refusal   string     `json:"refusal,omitempty"`   // the last refusal, in words
	News      string     `json:"news,omitempty"`      // the stage's latest news for the host, not a refusal
	Errors    []string   `json:"errors,omitempty"`    // errors the operator must see (a file, the record)
	Warnings  []string   `json:"warnings,omitempty"`  // a state the show goes on in that the operator must keep in mind (unwitnessed)
	Events    []Event    `json:"events"`              // the night's committed events, the last N, newest first
	Notices   []string   `json:"notices,omitempty"`   // operator notices, e.g. a stepped system clock
	Help      []string   `json:"help,omitempty"`      // the stage's keys, one a line, while its help is open
	Zone      string     `json:"zone,omitempty"`      // the show's time zone (IANA), for the page's times
	Totals    string     `json:"totals,omitempty"`    // the night's prizes won so far, in words
	Progress  *Progress  `json:"progress,omitempty"`  // long work under way (an import of millions of rows); nil if none
}

// Progress is long work under way, for the page's progress bar.
type Progress struct {
	Label    string  `json:"label"`    // what is done, in words: "Importing sat-cash: 1 048 576 rows"
	Fraction float64 `json:"fraction"` // the part done, 0 to 1; 0 when it cannot be told
}

// Segment is one line of the run sheet.
type Segment struct {
	ID       string   `json:"id"`
	Title    string   `json:"title"`
	Time     string   `json:"time,omitempty"` // the planned time, as the show file gives it ("21:30")
	State    string   `json:"state"`          // e.g. "done", "on air", "waiting", "short", "skipped"
	Next     bool     `json:"next,omitempty"` // the segment that comes next
	Warnings []string `json:"warnings,omitempty"`
	Totals   string   `json:"totals,omitempty"`  // the draw's prizes won so far, in words; empty before it draws
	Redraws  string   `json:"redraws,omitempty"` // the draw's redraws and their reasons, in words; empty while none
}

// Winner is the current pick as the record holds it, unmasked: what the
// promotions representative checks against the person at the desk.
type Winner struct {
	Segment    string      `json:"segment"`              // the segment's ID
	Prize      string      `json:"prize,omitempty"`      // the prize, as the show file words it
	Pick       int         `json:"pick"`                 // the pick's number in its draw, from 1
	Ticket     string      `json:"ticket,omitempty"`     // the ticket drawn
	Name       string      `json:"name"`                 // the full name
	Card       string      `json:"card"`                 // the full card number
	ID         string      `json:"id,omitempty"`         // the identity number, when the entry file has one
	Tier       string      `json:"tier,omitempty"`       // the tier
	Tickets    int64       `json:"tickets"`              // the participant's tickets in the frozen bin
	Contact    []Column    `json:"contact,omitempty"`    // the entry file's contact columns, in file order
	Nomination *Nomination `json:"nomination,omitempty"` // the proxy nomination on file, if any
	Proxy      *Nomination `json:"proxy,omitempty"`      // the proxy who stood for the winner, as recorded (typed or on file)
	Declined   bool        `json:"declined,omitempty"`   // the card is on the decline register
	Outcome    string      `json:"outcome,omitempty"`    // empty while undecided; else e.g. "claimed", "no-show"
	Reason     string      `json:"reason,omitempty"`     // why: a forfeit's, a no-show's, a void's; an attested decline's note
	Attested   bool        `json:"attested,omitempty"`   // declined on the host's word of a paper register, not a register loaded
	Selection  string      `json:"selection,omitempty"`  // the file of the casino system's choice the pick was taken from, in order
}

// Column is one named value of an entry file's row.
type Column struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// Nomination is a proxy nominated on file for a winner.
type Nomination struct {
	Name string `json:"name"`
	ID   string `json:"id,omitempty"`
}

// Countdown is a running countdown. The page counts down to Deadline by
// the server's clock: every message carries the server's now, so a page
// on another machine stays in step.
type Countdown struct {
	Label    string    `json:"label"`            // e.g. "claim", "team on its way"
	Deadline time.Time `json:"deadline"`         // the wall time it ends, as the record holds it
	Length   int       `json:"length,omitempty"` // its full length in seconds (for the bar)
	Paused   bool      `json:"paused,omitempty"` // not running (a bonus winner's seconds before arrival)
}

// The fields an Action can ask to be typed before it is sent. The console
// appends what is typed to the action's Line in the headless vocabulary
// (see the package documentation).
const (
	FieldNone    = ""        // nothing: Line is sent as it is
	FieldProxy   = "proxy"   // a nominee's name and ID, both optional: "proxy NAME id=ID"
	FieldTicket  = "ticket"  // one word: "ticket 004512"
	FieldWitness = "witness" // free text, may be empty: "witness 3 5 1"
	FieldNumbers = "numbers" // bin numbers and who typed them: "numbers 2 4 by=Thandi"
	FieldReason  = "reason"  // a void, skip or unwitnessed reason, required: "void wrong button", "unwitnessed router restarted"
	FieldNote    = "note"    // free text, may be empty: "decline p.4, checked by Thandi", "forfeit ID does not match"
	FieldChoice  = "choice"  // one word, a card, ball or envelope: "choose Q"
)

// Action is one thing the operator may do now: a button on the page.
type Action struct {
	Line         string `json:"line"`                   // the action line, or its verb when Field asks for more
	Label        string `json:"label"`                  // the button's words
	Key          string `json:"key,omitempty"`          // the stage's key for it, as shown ("C", "PageDown")
	Irreversible bool   `json:"irreversible,omitempty"` // the page asks for a confirmation first
	Confirm      string `json:"confirm,omitempty"`      // the confirmation's question; default "Label?"
	Twice        string `json:"twice,omitempty"`        // a second question, asked once the first is answered yes
	Field        string `json:"field,omitempty"`        // one of the Field constants
	Primary      bool   `json:"primary,omitempty"`      // the obvious next step, shown first and larger
}

// Event is one committed event of the night's record.
type Event struct {
	Seq  int64     `json:"seq"`  // its place in the journal
	Time time.Time `json:"time"` // when it was committed
	Kind string    `json:"kind"` // e.g. "claimed"
	Text string    `json:"text"` // in words, names in full
}
