package show

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Op is an operator action or an engine step.
type Op string

// The operations. Draw, Claim, Proxy, Decline, Forfeit, Wait, Next, Void
// and Close are the host's vocabulary (keys on stage, lines headless);
// Freeze, Pick and Announce are the steps a draw takes on stage; Open,
// Load and Tick come from the program itself.
const (
	OpOpen      Op = "open"
	OpLoad      Op = "load"
	OpFreeze    Op = "freeze"
	OpPick      Op = "pick"
	OpAnnounce  Op = "announce"
	OpDraw      Op = "draw"
	OpClaim     Op = "claim"
	OpProxy     Op = "proxy"
	OpDecline   Op = "decline"
	OpNoShow    Op = "no-show" // the host's, of a countdown that ended while the program was down
	OpResume    Op = "resume"  // the program's, as it starts again on an open show
	OpForfeit   Op = "forfeit"
	OpWait      Op = "wait"
	OpTick      Op = "tick"
	OpWitness   Op = "witness"
	OpNoWitness Op = "no-witness" // an official show goes on without W, confirmed
	OpNext      Op = "next"
	OpVoid      Op = "void"
	OpSkip      Op = "skip"
	OpClose     Op = "close"
	OpTicket    Op = "ticket"   // a ticket drawn by hand from a physical bin
	OpChoose    Op = "choose"   // a winner's card, ball or envelope
	OpNumbers   Op = "numbers"  // a wild card's bin numbers, drawn by hand
	OpArrived   Op = "arrived"  // a bonus jackpot's team is at the winner's device
	OpPass      Op = "pass"     // a selection's place passed over, with a reason
	OpReselect  Op = "reselect" // a corrected selection file, read again
	// drawshow-v2: a countersignature the session received, and the
	// host's reason to go on while the auditor's witness does not answer
	OpCosigned    Op = "cosigned"
	OpUnwitnessed Op = "unwitnessed"
)

// Command is one operation with its arguments.
type Command struct {
	Op      Op
	Text    string        // proxy: nominee name; void: reason; witness: W; wait: until when
	ID      string        // proxy: nominee ID number
	Wait    time.Duration // wait
	Numbers []int         // numbers
	ShowID  string        // open
	Opening *Opened       // open
	Segment string        // load
	Loaded  *Loaded       // load
	Lists   *Lists        // load
	// Standings are a leaderboard's final standings (load)
	Standings *Standings
	// Prize is what a physical card revealed when turned (choose)
	Prize string
	// Early confirms a draw before its segment's time: the host said so,
	// and the freeze records it.
	Early bool
	// VRF is the auditor's VRF output for the pick a draw makes
	// (drawshow-v2), as the session received it.
	VRF *VRF
	// Countersign is the countersignature the session received (cosigned).
	Countersign *Countersign
}

var actionHelp = "draw, draw early, witness TEXT, no-witness, claim, proxy NAME [id=ID], decline [NOTE], forfeit [REASON], no-show, wait 90s, wait until 22:00, arrived, ticket NUMBER, choose CARD|BALL|ENVELOPE [PRIZE], numbers N N by=NAME, next, void REASON, skip REASON, pass REASON, reselect, unwitnessed REASON, close"

// ParseAction reads one line of a headless action file. Blank lines and
// lines starting with # give ok == false.
func ParseAction(line string) (c Command, ok bool, err error) {
	line = strings.TrimSpace(line)
	if line == "" || strings.HasPrefix(line, "#") {
		return c, false, nil
	}
	verb, arg, _ := strings.Cut(line, " ")
	arg = strings.TrimSpace(arg)
	c.Op = Op(strings.ToLower(verb))
	switch c.Op {
	case OpDraw:
		switch strings.ToLower(arg) {
		case "":
		case "early":
			c.Early = true
		default:
			return c, false, fmt.Errorf("draw takes no argument but early, to draw before the segment's time (got %q)", arg)
		}
	case OpDecline, OpForfeit:
		c.Text = arg // a paper register's page and who checked; a forfeit's reason
	case OpClaim, OpNext, OpClose, OpArrived, OpNoShow, OpReselect, OpNoWitness:
		if arg != "" {
			return c, false, fmt.Errorf("%s takes no argument (got %q)", c.Op, arg)
		}
	case OpProxy:
		if i := strings.LastIndex(arg, " id="); i >= 0 {
			arg, c.ID = strings.TrimSpace(arg[:i]), strings.TrimSpace(arg[i+4:])
		} else if strings.HasPrefix(arg, "id=") {
			arg, c.ID = "", strings.TrimSpace(arg[3:])
		}
		c.Text = arg
	case OpWitness:
		c.Text = arg // a draw witness may be empty: the auditor typed nothing
	case OpVoid, OpSkip, OpPass, OpUnwitnessed:
		if arg == "" {
			return c, false, fmt.Errorf("%s needs a reason, e.g. %s %s", c.Op, c.Op, map[bool]string{true: "router restarted", false: "wrong button"}[c.Op == OpUnwitnessed])
		}
		c.Text = arg
	case OpChoose:
		// choose Q, or with physical cards choose Q R25 000: what the card revealed
		item, prize, _ := strings.Cut(arg, " ")
		if item == "" {
			return c, false, fmt.Errorf("choose needs the card, ball or envelope, e.g. choose Q (physical cards: choose Q R25 000)")
		}
		c.Text, c.Prize = item, strings.TrimSpace(prize)
	case OpTicket:
		if arg == "" || strings.ContainsAny(arg, " \t") {
			return c, false, fmt.Errorf("%s needs one word, e.g. %s", c.Op, map[Op]string{OpTicket: "ticket 004512", OpChoose: "choose Q"}[c.Op])
		}
		c.Text = arg
	case OpNumbers:
		nums, by, _ := strings.Cut(arg, "by=")
		c.Text = strings.TrimSpace(by)
		for _, f := range strings.Fields(nums) {
			n, err := strconv.Atoi(f)
			if err != nil || n < 1 || n > 99 {
				return c, false, fmt.Errorf("numbers: %q is not a bin number from 1 to 99", f)
			}
			c.Numbers = append(c.Numbers, n)
		}
		if len(c.Numbers) == 0 || c.Text == "" {
			return c, false, fmt.Errorf("numbers needs the numbers drawn and who typed them, e.g. numbers 2 4 by=Thandi")
		}
	case OpWait:
		if until, ok := strings.CutPrefix(arg, "until "); ok {
			c.Text = strings.TrimSpace(until)
			if _, err := Until(c.Text, time.Time{}, time.UTC); err != nil {
				return c, false, err
			}
			return c, true, nil
		}
		d, err := parseWait(arg)
		if err != nil {
			return c, false, err
		}
		c.Wait = d
	default:
		return c, false, fmt.Errorf("unknown action %q (valid: %s)", verb, actionHelp)
	}
	return c, true, nil
}

// Until is the time a headless run's "wait until WHEN" waits for, from
// the show clock now: WHEN is a time of day (22:00, today in loc) or a
// local date and time (2024-11-30T22:00). A time already passed waits
// for nothing: until is then now.
func Until(when string, now time.Time, loc *time.Location) (time.Time, error) {
	t, err := ParseLocal(when, loc)
	if err != nil {
		hm, herr := time.ParseInLocation("15:04", when, loc)
		if herr != nil {
			return now, fmt.Errorf("wait until needs a time of day such as 22:00, or a local time such as 2024-11-30T22:00 (got %q)", when)
		}
		y, m, d := now.In(loc).Date()
		t = time.Date(y, m, d, hm.Hour(), hm.Minute(), 0, 0, loc)
	}
	if t.Before(now) {
		return now, nil
	}
	return t, nil
}

// maxWait bounds a wait: a show is one night.
const maxWait = 24 * time.Hour

func parseWait(s string) (time.Duration, error) {
	d, err := time.ParseDuration(s)
	if n, nerr := strconv.ParseInt(s, 10, 64); nerr == nil && n >= 0 && n <= int64(maxWait/time.Second) {
		d, err = time.Duration(n)*time.Second, nil
	}
	if err != nil || d < 0 || d > maxWait {
		return 0, fmt.Errorf("wait needs a duration from 0s to 24h such as 90s or 2m (got %q)", s)
	}
	return d, nil
}
