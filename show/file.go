package show

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"
	_ "time/tzdata" // the laptop may lack zoneinfo; the show's timezone must still load

	"go.yaml.in/yaml/v3"

	"drawshow/show/keys"
)

// Show is a validated show file: one night's run sheet.
type Show struct {
	Path         string // the file it was read from
	Promotion    string
	Property     string
	Currency     string
	Timezone     string
	Location     *time.Location
	ClaimSeconds int
	Witness      WitnessMode
	Mask         Mask
	Exclusions   []string // the exclusions lists' paths, resolved against the show file's folder, in order
	Register     string   // decline register for the whole show
	Proxies      string   // proxy nominations for the whole show
	DateFormat   string   // date_format: how the files write a date, one of DateFormats; "" when not declared
	// CardLength is the digits of the casino's cards (card_length): a
	// card of digits alone that an entry file gives shorter, its leading
	// zeros dropped by Excel, is read with them put back; 0 when not
	// declared
	CardLength int
	files      map[string]FileOptions
	Brand      Brand
	Sound      Sound
	Segments   []Segment
	Postponed  *Postponed // the night moved (rule 84); nil when it did not
	Desk       PrizeDesk  // the property's prize desk
	// AuditorKey is the auditor's public key (auditor_key), which
	// countersigns the show; zero when the show names none
	AuditorKey keys.Public
}

// Rel is how the record names a file the show file names: relative to the
// show file's folder, with forward slashes, so the record does not depend
// on where the program ran.
func (s *Show) Rel(path string) string {
	if r, err := filepath.Rel(filepath.Dir(s.Path), path); err == nil {
		return filepath.ToSlash(r)
	}
	return filepath.ToSlash(path)
}

// WitnessMode is when the auditor's witness goes into the draws' key.
type WitnessMode string

// Witness modes.
const (
	// WitnessOpen: one witness W, typed at show open after the commitment
	// is shown, keys every draw: K = SHA-256(S || W).
	WitnessOpen WitnessMode = "open"
	// WitnessEachDraw: besides W, a draw witness W_d typed after each
	// segment's bin is frozen keys that segment's draws:
	// K_d = SHA-256(K || 0x00 || segment || 0x00 || W_d). Nobody who knows
	// the seed before a freeze can then steer its picks by the bin.
	WitnessEachDraw WitnessMode = "each-draw"
)

// Brand is how the big screen looks: the casino's name, colours (#rrggbb)
// and logo (a PNG, resolved against the show file's folder).
type Brand struct {
	Name       string `yaml:"name"`
	Primary    string `yaml:"primary"`
	Accent     string `yaml:"accent"`
	Background string `yaml:"background"`
	Logo       string `yaml:"logo"`
}

// Sound is the show's starting sound: on or off, the volume (0 to 1),
// and the playback device by name ("" is the default one).
type Sound struct {
	Enabled bool
	Volume  float64
	Device  string
}

// Mask says what the big screen hides. The record keeps everything whole.
type Mask struct {
	Names bool `yaml:"names"`
	Cards bool `yaml:"cards"`
}

// Columns names the headers of an entry file; empty means the usual names.
type Columns struct {
	Ticket string `yaml:"ticket"`
	Card   string `yaml:"card"`
	Name   string `yaml:"name"`
	Tier   string `yaml:"tier"`
	Points string `yaml:"points"`
	// The finale kinds' columns: a bonus jackpot's device (its ticket),
	// area and spend; a Royal Flush finalist's property.
	Area     string `yaml:"area"`
	Spend    string `yaml:"spend"`
	Property string `yaml:"property"`
	Device   string `yaml:"device"`
	Visit    string `yaml:"visit"`   // qualify last_visit's column
	Printed  string `yaml:"printed"` // printed_until's column: when each ticket printed
	// Spends are the columns of qualify any's second and later spend
	// rules, which name them there.
	Spends [MaxSpends - 1]string `yaml:"-"`
}

// TicketRule is how an entry file's rows become tickets.
type TicketRule string

// Ticket rules.
const (
	PerRow TicketRule = "per-row" // one row is one ticket of weight 1
	Points TicketRule = "points"  // one row is one participant; weight from points
	One    TicketRule = "one"     // one row is one participant with one ticket (finalists)
)

// WinOnce is how widely a winner is barred from winning again.
type WinOnce string

// Win-once scopes.
const (
	OncePerDraw WinOnce = "draw"
	OncePerDay  WinOnce = "day"
	OncePerShow WinOnce = "show"
)

// Attendance is whether a winner must be in the room to claim.
type Attendance string

// Attendance rules.
const (
	Required    Attendance = "required"
	NotRequired Attendance = "not-required"
)

// Segment is one item of the run sheet. Its fields are those that every
// segment has, or that several kinds share (Group and Bin, From, Cards).
// What one kind alone carries is a type of that kind's own, in its file
// (kind_leaderboard.go's Leaderboard…), which the segment holds by a
// pointer: Parse sets it for every segment of the kind, and it is nil for
// every other kind. A copy of a segment shares it; nothing changes it
// once parsed.
type Segment struct {
	ID              string
	Kind            SegmentKind
	Title           string
	At              time.Time // zero when not scheduled
	Entries         string    // path, resolved against the show file's folder
	Sheet           string
	Columns         Columns
	Tickets         TicketRule
	PointsPerTicket uint64
	Cap             map[Tier]uint64
	Fixed           map[Tier]uint64
	Tiers           []Tier // allowed tiers; nil allows every tier
	Winners         int
	Prizes          []string // one per winner
	WinOnce         WinOnce
	Attendance      Attendance
	Register        string
	Proxies         string
	Manual          bool   // the host types each ticket drawn from a physical bin
	HeaderRow       int    // header_row: the entry file's header row, from 1; 0 to find it
	DateFormat      string // date_format: the segment's, else the show's; "" when neither declares one
	PrintedUntil    string // printed_until: "HH:MM" on the draw's day, "draw", or "" for no cut-off
	CardLength      int    // the show's card_length
	Selected        string // the tickets another system chose, in order: presented and recorded, not drawn

	Group string    // month-end bin, wild-card draw: the show file's segment it came from
	Bin   int       // month-end: the bin's number; wild-card draw: which chosen number it draws for
	From  []string  // manual-bin, royal-flush: segments or groups whose winners enter; wild-card: the month-end group
	Cards CardsMode // royal-flush (cards:) and jackpot-chest (balls:): the key decides what each item hides, or a physical device shows it

	// What one kind alone carries: nil for the others.
	Board   *Leaderboard  // leaderboard
	Page    *Slide        // slide
	Bonus   *BonusJackpot // bonus-jackpot
	Jackpot *Jackpot      // jackpot-chest

	BonusEntries   *BonusEntries   // entries earned by bonus-jackpot wins
	ExcludeWinners *ExcludeWinners // winners of earlier shows barred
	Qualify        *Qualify        // who may enter: a spend per tier, a recent visit
}

// Draws reports whether the segment draws winners from a bin.
func (s *Segment) Draws() bool { return s.traits().draws }

// Allows reports whether tier t may enter the segment's bin.
func (s *Segment) Allows(t Tier) bool {
	return s.Tiers == nil || slices.Contains(s.Tiers, t)
}

// Prize returns the prize of the i-th winner (0-based).
func (s *Segment) Prize(i int) string {
	if i < len(s.Prizes) {
		return s.Prizes[i]
	}
	return ""
}

type fileYAML struct {
	Promotion    string `yaml:"promotion"`
	Property     string `yaml:"property"`
	Currency     string `yaml:"currency"`
	Timezone     string `yaml:"timezone"`
	ClaimSeconds *int   `yaml:"claim_seconds"`
	Witness      string `yaml:"witness"`
	Mask         struct {
		Names *bool `yaml:"names"`
		Cards *bool `yaml:"cards"`
	} `yaml:"mask"`
	DateFormat string    `yaml:"date_format"`
	CardLength *int      `yaml:"card_length"`
	AuditorKey string    `yaml:"auditor_key"`
	Exclusions listsYAML `yaml:"exclusions"`
	Register   listYAML  `yaml:"register"`
	Proxies    listYAML  `yaml:"proxies"`
	Brand      Brand     `yaml:"brand"`
	Sound      struct {
		Enabled *bool    `yaml:"enabled"`
		Volume  *float64 `yaml:"volume"`
		Device  string   `yaml:"device"`
	} `yaml:"sound"`
	Segments  []segmentYAML  `yaml:"segments"`
	Postponed *postponedYAML `yaml:"postponed"`
	Desk      *prizeDeskYAML `yaml:"desk"`
}

// segmentYAML are the keys any segment may have; a kind with keys of its
// own decodes them from the segment's node itself (kind.own).
type segmentYAML struct {
	ID              string              `yaml:"id"`
	Kind            SegmentKind         `yaml:"kind"`
	Title           string              `yaml:"title"`
	At              string              `yaml:"at"`
	Entries         string              `yaml:"entries"`
	Sheet           string              `yaml:"sheet"`
	Columns         Columns             `yaml:"columns"`
	Tickets         TicketRule          `yaml:"tickets"`
	PointsPerTicket uint64              `yaml:"points_per_ticket"`
	Cap             map[string]uint64   `yaml:"cap"`
	Fixed           map[string]uint64   `yaml:"fixed"`
	Tiers           []string            `yaml:"tiers"`
	Winners         int                 `yaml:"winners"`
	Prizes          []string            `yaml:"prizes"`
	WinOnce         WinOnce             `yaml:"win_once"`
	Attendance      Attendance          `yaml:"attendance"`
	Register        listYAML            `yaml:"register"`
	Proxies         listYAML            `yaml:"proxies"`
	Manual          bool                `yaml:"manual"`
	HeaderRow       *int                `yaml:"header_row"`
	DateFormat      string              `yaml:"date_format"`
	PrintedUntil    string              `yaml:"printed_until"`
	Selected        string              `yaml:"selected"`
	From            []string            `yaml:"from"`
	BonusEntries    *bonusEntriesYAML   `yaml:"bonus_entries"`
	ExcludeWinners  *excludeWinnersYAML `yaml:"exclude_winners"`
	Qualify         *qualifyYAML        `yaml:"qualify"`
}

var (
	showKeys    = keysOf(fileYAML{})
	soundKeys   = keysOf(fileYAML{}.Sound)
	brandKeys   = keysOf(Brand{})
	colourRe    = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)
	segmentKeys = sync.OnceValue(allSegmentKeys) // once every kind is registered
	maskKeys    = keysOf(fileYAML{}.Mask)
	columnKeys  = keysOf(Columns{})
	windowRe    = regexp.MustCompile(`^(\d{4}-\d\d-\d\d)[T ](\d\d:\d\d)-(\d\d:\d\d)$`)
	idPattern   = regexp.MustCompile(`^[a-z0-9-]+$`)
	currencyRe  = regexp.MustCompile(`^[A-Z]{3}$`)
	atLayouts   = []string{"2006-01-02T15:04", "2006-01-02 15:04", "2006-01-02T15:04:05", "2006-01-02 15:04:05"}
)

// The show file's limits, which the parser and the schema (jsonschema.go)
// both apply.
const (
	maxWinners      = 1000 // winners, per_hour; prizes when winners is left out
	minClaimSeconds = 10
	maxClaimSeconds = 3600
	maxVolume       = 1 // sound: volume, from 0
)

// Load reads and validates a show file. Paths in it are resolved against
// the file's folder; the files they name are not read here.
func Load(path string) (*Show, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, b)
}

// ShowError lists every problem found in a show file.
type ShowError struct {
	File string
	Errs []string // "line N: message"
}

func (e *ShowError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d problem(s):", e.File, len(e.Errs))
	for _, m := range e.Errs {
		fmt.Fprintf(&b, "\n  %s:%s", e.File, m)
	}
	return b.String()
}

type problems struct{ errs []string }

func (p *problems) add(n *yaml.Node, format string, args ...any) {
	line := 0
	if n != nil {
		line = n.Line
	}
	p.errs = append(p.errs, fmt.Sprintf("%d: %s", line, fmt.Sprintf(format, args...)))
}

// Parse validates the show file text b read from path.
func Parse(path string, b []byte) (*Show, error) {
	var p problems
	var doc yaml.Node
	if err := yaml.Unmarshal(b, &doc); err != nil {
		return nil, &ShowError{File: path, Errs: []string{syntaxError(err)}}
	}
	if len(doc.Content) == 0 {
		return nil, &ShowError{File: path, Errs: []string{"1: the file is empty; a show needs promotion, property and segments"}}
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return nil, &ShowError{File: path, Errs: []string{fmt.Sprintf("%d: a show file is a mapping of keys (%s)", root.Line, strings.Join(showKeys, ", "))}}
	}
	checkKeys(&p, root, showKeys, "show")
	segNodes := map[int]*yaml.Node{}
	if sn := value(root, "segments"); sn != nil && sn.Kind == yaml.SequenceNode {
		for i, s := range sn.Content {
			s = deref(s)
			segNodes[i] = s
			if s.Kind != yaml.MappingNode {
				continue
			}
			if m := value(s, "columns"); m != nil {
				checkKeys(&p, m, columnKeys, "columns")
			}
		}
	}
	if m := value(root, "mask"); m != nil {
		checkKeys(&p, m, maskKeys, "mask")
	}
	if m := value(root, "brand"); m != nil {
		checkKeys(&p, m, brandKeys, "brand")
	}
	if m := value(root, "sound"); m != nil {
		checkKeys(&p, m, soundKeys, "sound")
	}
	var raw fileYAML
	if err := root.Decode(&raw); err != nil {
		// a type error leaves that field empty and the rest decoded: go on,
		// so every problem of the file is reported at once
		var te *yaml.TypeError
		if !errors.As(err, &te) {
			return nil, &ShowError{File: path, Errs: append(p.errs, syntaxError(err))}
		}
		for _, m := range te.Errors {
			p.errs = append(p.errs, strings.TrimPrefix(m, "line "))
			if strings.Contains(m, "already defined") {
				// a repeated key spoils the whole mapping: what follows would mislead
				return nil, &ShowError{File: path, Errs: p.errs}
			}
		}
	}
	dir := filepath.Dir(path)
	resolve := func(f string) string { return resolvePath(runtime.GOOS == "windows", dir, f) }
	s, lists := header(&p, root, &raw, path, resolve)
	seen := map[string]int{}
	for i := range raw.Segments {
		s.segment(&p, segNodes[i], i, &raw.Segments[i], seen, lists, resolve)
	}
	nodes := map[string]*yaml.Node{} // each segment's (or group's) node in the file
	for i, r := range raw.Segments {
		if _, ok := nodes[r.ID]; !ok {
			nodes[r.ID] = segNodes[i]
		}
	}
	checkEarnedFrom(&p, s, nodes)
	s.postponed(&p, root, raw.Postponed)
	s.prizeDesk(&p, root, raw.Desk)
	checkGroups(&p, s, func(g *Segment) *yaml.Node {
		n := nodes[or(g.Group, g.ID)]
		if f := value(n, "from"); f != nil {
			return f
		}
		if n == nil {
			return root
		}
		return n
	})
	if len(p.errs) > 0 {
		return nil, &ShowError{File: path, Errs: p.errs}
	}
	return s, nil
}

// header reads the show's own keys, those above its segments, and the
// lists they name.
func header(p *problems, root *yaml.Node, raw *fileYAML, path string, resolve func(string) string) (*Show, map[string]FileOptions) {
	s := &Show{
		Path:         path,
		Promotion:    strings.TrimSpace(raw.Promotion),
		Property:     strings.TrimSpace(raw.Property),
		Currency:     or(raw.Currency, "ZAR"),
		Timezone:     or(raw.Timezone, "Africa/Johannesburg"),
		ClaimSeconds: 90,
		Witness:      WitnessMode(or(raw.Witness, string(WitnessOpen))),
		Mask:         Mask{Names: true, Cards: true},
	}
	lists := map[string]FileOptions{}
	s.Exclusions = s.lists(p, lists, "exclusions", raw.Exclusions, resolve)
	s.Register = s.list(p, lists, "register", raw.Register, resolve)
	s.Proxies = s.list(p, lists, "proxies", raw.Proxies, resolve)
	s.DateFormat = dateFormat(p, value(root, "date_format"), "", raw.DateFormat)
	if l := raw.CardLength; l != nil {
		if s.CardLength = *l; *l < minCardLength || *l > MaxCardLength {
			p.add(value(root, "card_length"), "card_length %d is out of range %d..%d (the digits of the casino's cards)", *l, minCardLength, MaxCardLength)
			s.CardLength = 0
		}
	}
	if raw.AuditorKey != "" {
		k, err := keys.ParsePublic(raw.AuditorKey)
		if err != nil {
			p.add(value(root, "auditor_key"), "auditor_key: %v (give the public key drawshow key printed, one token)", err)
		}
		s.AuditorKey = k
	}
	if s.Promotion == "" {
		p.add(root, "promotion is required (the promotion's name, e.g. Royal Flush)")
	}
	if s.Property == "" {
		p.add(root, "property is required (the casino, e.g. Gold Reef City)")
	}
	if !currencyRe.MatchString(s.Currency) {
		p.add(value(root, "currency"), "currency %q is not an ISO 4217 code such as ZAR", s.Currency)
	}
	loc, err := time.LoadLocation(s.Timezone)
	if err != nil || !knownZone(s.Timezone) {
		p.add(value(root, "timezone"), "timezone %q is unknown (use an IANA name such as Africa/Johannesburg)", s.Timezone)
		loc = time.UTC
	}
	s.Location = loc
	if s.Witness != WitnessOpen && s.Witness != WitnessEachDraw {
		p.add(value(root, "witness"), "witness %q is not open or each-draw", raw.Witness)
	}
	if raw.ClaimSeconds != nil {
		s.ClaimSeconds = *raw.ClaimSeconds
		if s.ClaimSeconds < minClaimSeconds || s.ClaimSeconds > maxClaimSeconds {
			p.add(value(root, "claim_seconds"), "claim_seconds %d is out of range %d..%d", s.ClaimSeconds, minClaimSeconds, maxClaimSeconds)
		}
	}
	s.Sound = Sound{Enabled: true, Volume: 0.8, Device: raw.Sound.Device}
	if raw.Sound.Enabled != nil {
		s.Sound.Enabled = *raw.Sound.Enabled
	}
	if v := raw.Sound.Volume; v != nil {
		s.Sound.Volume = *v
		if *v < 0 || *v > maxVolume {
			p.add(value(value(root, "sound"), "volume"), "sound: volume %g is out of range 0..%d", *v, maxVolume)
		}
	}
	s.Brand = raw.Brand
	s.Brand.Logo = resolve(raw.Brand.Logo)
	if s.Brand.Name == "" {
		s.Brand.Name = s.Property
	}
	for _, c := range []struct{ key, v string }{{"primary", s.Brand.Primary}, {"accent", s.Brand.Accent}, {"background", s.Brand.Background}} {
		if c.v != "" && !colourRe.MatchString(c.v) {
			p.add(value(value(root, "brand"), c.key), "brand: %s %q is not a colour like #1a2b3c", c.key, c.v)
		}
	}
	if raw.Mask.Names != nil {
		s.Mask.Names = *raw.Mask.Names
	}
	if raw.Mask.Cards != nil {
		s.Mask.Cards = *raw.Mask.Cards
	}
	if len(raw.Segments) == 0 {
		p.add(root, "segments: a show needs at least one segment")
	}
	return s, lists
}

// segment reads the i-th segment of the run sheet, r decoded from its
// node n, and adds it (or the segments it expands to) to the run sheet.
// seen holds the ids read so far, with their lines.
func (s *Show) segment(p *problems, n *yaml.Node, i int, r *segmentYAML, seen map[string]int, lists map[string]FileOptions, resolve func(string) string) {
	loc := s.Location
	seg := Segment{
		ID:              r.ID,
		Kind:            or(r.Kind, KindDraw),
		Title:           or(strings.TrimSpace(r.Title), r.ID),
		Entries:         resolve(r.Entries),
		Sheet:           r.Sheet,
		Columns:         r.Columns,
		Tickets:         or(r.Tickets, or(kindOf(r.Kind).traits().tickets, PerRow)),
		PointsPerTicket: r.PointsPerTicket,
		Winners:         r.Winners,
		Prizes:          r.Prizes,
		WinOnce:         or(r.WinOnce, OncePerDraw),
		Attendance:      or(r.Attendance, Required),
		Register:        s.list(p, lists, "segment "+r.ID+": register", r.Register, resolve),
		Proxies:         s.list(p, lists, "segment "+r.ID+": proxies", r.Proxies, resolve),
		Selected:        resolve(r.Selected),
		DateFormat:      or(dateFormat(p, value(n, "date_format"), "segment "+r.ID+": ", r.DateFormat), s.DateFormat),
		PrintedUntil:    printedUntil(p, value(n, "printed_until"), r.ID, r.PrintedUntil),
		CardLength:      s.CardLength,
	}
	if h := r.HeaderRow; h != nil {
		seg.HeaderRow = *h
		if *h < 1 || *h > maxHeaderRow {
			p.add(value(n, "header_row"), "segment %s: header_row %d is out of range 1..%d", r.ID, *h, maxHeaderRow)
		}
	}
	at := func(key string) *yaml.Node { return keyNode(n, key) }
	switch {
	case seg.ID == "":
		p.add(n, "segment %d: id is required (lower-case letters, digits and dashes)", i+1)
	case !idPattern.MatchString(seg.ID):
		p.add(at("id"), "segment id %q may hold only lower-case letters, digits and dashes", seg.ID)
	case seen[seg.ID] > 0:
		p.add(at("id"), "segment id %q is used twice (first on line %d)", seg.ID, seen[seg.ID])
	default:
		seen[seg.ID] = at("id").Line
	}
	k := seg.kind()
	if kinds := listedKinds(); !slices.Contains(kinds, seg.Kind) {
		p.add(at("kind"), "segment %s: unknown kind %q (valid: %s)", seg.ID, seg.Kind, joinKinds(kinds))
		checkKeys(p, n, segmentKeys(), "segment")
	}
	if r.At != "" {
		var err error
		seg.At, err = ParseLocal(r.At, loc)
		if err != nil {
			p.add(at("at"), "segment %s: at %q is not a local time like 2024-11-30T21:30", seg.ID, r.At)
		}
	}
	c := &parsing{p: p, n: n, r: r, loc: loc, currency: s.Currency, resolve: resolve}
	if k.traits().page {
		checkKeys(p, n, k.keys(), string(seg.Kind)+" segment")
		s.Segments = append(s.Segments, k.parse(c, seg)...)
		return
	}
	for _, k := range []string{"body", "image"} {
		if v := value(n, k); v != nil {
			p.add(v, "segment %s: %s is for slides (kind: slide)", seg.ID, k)
		}
	}
	if keys := k.keys(); keys != nil {
		checkKeys(p, n, keys, string(seg.Kind)+" segment", "body", "image") // those two are told below
	}
	if seg.Entries == "" && k.needsEntries(r) {
		p.add(n, "segment %s: entries is required (the entry file, .csv or .xlsx)", seg.ID)
	}
	drawRules(p, n, r, &seg, s.Currency)
	if r.Selected != "" && r.Manual {
		p.add(at("selected"), "segment %s: selected and manual: true both say who chooses the tickets; give one (selected: the system's file, manual: the host types them)", seg.ID)
	}
	campaignRules(p, n, r, &seg)
	qualify(p, n, r, &seg)
	seg.Manual, seg.From = r.Manual, r.From
	s.Segments = append(s.Segments, k.parse(c, seg)...)
}

// drawRules reads and checks a draw's rules of the segment seg, r
// decoded from its node n: how rows become tickets, the tiers, the
// winners and their prizes, win-once and attendance.
func drawRules(p *problems, n *yaml.Node, r *segmentYAML, seg *Segment, currency string) {
	at := func(key string) *yaml.Node { return keyNode(n, key) }
	switch seg.Tickets {
	case One:
	case PerRow:
		if seg.PointsPerTicket != 0 {
			p.add(at("points_per_ticket"), "segment %s: points_per_ticket needs tickets: points", seg.ID)
		}
		if len(r.Fixed) > 0 {
			p.add(at("fixed"), "segment %s: fixed tickets per tier need tickets: points (one row per participant)", seg.ID)
		}
	case Points:
	default:
		p.add(at("tickets"), "segment %s: tickets %q is unknown (valid: per-row, points, one)", seg.ID, seg.Tickets)
	}
	seg.Cap = tierMap(p, at("cap"), seg.ID, "cap", r.Cap)
	seg.Fixed = tierMap(p, at("fixed"), seg.ID, "fixed", r.Fixed)
	for _, name := range r.Tiers {
		t, err := ParseTier(name)
		if err != nil || t == NoTier {
			p.add(at("tiers"), "segment %s: tiers: unknown tier %q (valid: ace, king, queen, jack, ten)", seg.ID, name)
			return
		}
		seg.Tiers = append(seg.Tiers, t)
	}
	if seg.Tickets == Points && seg.PointsPerTicket == 0 && !seg.fixedCoversAll() {
		p.add(n, "segment %s: tickets: points needs points_per_ticket (e.g. 300), or fixed tickets for every allowed tier", seg.ID)
	}
	switch {
	case seg.Winners < 0 || seg.Winners > maxWinners || seg.Winners == 0 && givenInt(n, "winners"):
		p.add(at("winners"), "segment %s: winners %d is out of range 1..%d", seg.ID, seg.Winners, maxWinners)
		seg.Winners = 1
	case seg.Winners == 0 && len(seg.Prizes) > maxWinners:
		p.add(at("prizes"), "segment %s: %d prizes; a segment has at most %d winners", seg.ID, len(seg.Prizes), maxWinners)
		seg.Winners = 1
	case seg.Winners == 0 && len(seg.Prizes) > 0:
		seg.Winners = len(seg.Prizes)
	case seg.Winners == 0:
		seg.Winners = 1
	}
	switch {
	case len(seg.Prizes) == 1 && seg.Winners > 1:
		seg.Prizes = slices.Repeat(seg.Prizes, seg.Winners)
	case len(seg.Prizes) > 0 && len(seg.Prizes) != seg.Winners:
		p.add(at("prizes"), "segment %s: %d prizes for %d winners (give one prize for all, or one per winner)", seg.ID, len(seg.Prizes), seg.Winners)
	}
	checkPrizes(p, at("prizes"), seg.ID, "prizes", currency, r.Prizes)
	if !slices.Contains([]WinOnce{OncePerDraw, OncePerDay, OncePerShow}, seg.WinOnce) {
		p.add(at("win_once"), "segment %s: win_once %q is unknown (valid: draw, day, show)", seg.ID, seg.WinOnce)
	}
	if seg.Attendance != Required && seg.Attendance != NotRequired {
		p.add(at("attendance"), "segment %s: attendance %q is unknown (valid: required, not-required)", seg.ID, seg.Attendance)
	}
}

func (s *Segment) fixedCoversAll() bool {
	tiers := s.Tiers
	if tiers == nil {
		tiers = Tiers
	}
	for _, t := range tiers {
		if s.Fixed[t] == 0 {
			return false
		}
	}
	return true
}

func tierMap(p *problems, n *yaml.Node, seg, key string, m map[string]uint64) map[Tier]uint64 {
	if len(m) == 0 {
		return nil
	}
	out := map[Tier]uint64{}
	names := slices.Sorted(maps.Keys(m))
	for _, name := range names {
		v := m[name]
		t, err := ParseTier(name)
		if err != nil || t == NoTier {
			p.add(n, "segment %s: %s: unknown tier %q (valid: ace, king, queen, jack, ten)", seg, key, name)
			continue
		}
		if v == 0 {
			p.add(n, "segment %s: %s: %s must be at least 1", seg, key, name)
		}
		out[t] = v
	}
	return out
}

// ParseLocal reads a local time such as 2024-11-30T21:30 in loc.
func ParseLocal(s string, loc *time.Location) (time.Time, error) {
	var err error
	for _, l := range atLayouts {
		var t time.Time
		if t, err = time.ParseInLocation(l, s, loc); err == nil {
			return t, nil
		}
	}
	return time.Time{}, err
}

// checkKeys reports every key of mapping n that is not in valid, but
// those told of elsewhere.
func checkKeys(p *problems, n *yaml.Node, valid []string, what string, told ...string) {
	if n.Kind != yaml.MappingNode {
		return
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		if !slices.Contains(valid, k.Value) && !slices.Contains(told, k.Value) {
			p.add(k, "unknown %s key %q (valid: %s)", what, k.Value, strings.Join(valid, ", "))
		}
	}
}

// keyNode is the value node of key in mapping n, or n itself when the
// key is not there: where a problem with the key is told.
func keyNode(n *yaml.Node, key string) *yaml.Node {
	if v := value(n, key); v != nil {
		return v
	}
	return n
}

// givenInt reports whether n gives key as an integer: a 0 written, not
// left out (nor a value the decoder refused).
func givenInt(n *yaml.Node, key string) bool {
	v := value(n, key)
	return v != nil && v.Tag == "!!int"
}

// value returns the value node of key in mapping n, or nil.
func value(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return deref(n.Content[i+1])
		}
	}
	return nil
}

// deref follows a YAML alias (*name) to the node it names.
func deref(n *yaml.Node) *yaml.Node {
	for n != nil && n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	return n
}

var yamlLine = regexp.MustCompile(`^(?:yaml: )?line (\d+): `)

// syntaxError puts a YAML library error in the "LINE: message" form of
// the other problems.
func syntaxError(err error) string {
	msg := err.Error()
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		return m[1] + ": " + msg[len(m[0]):]
	}
	return "1: " + strings.TrimPrefix(msg, "yaml: ")
}

// joinKinds lists kinds as a message names them: "draw, slide, …".
func joinKinds(kinds []SegmentKind) string {
	s := make([]string, len(kinds))
	for i, k := range kinds {
		s[i] = string(k)
	}
	return strings.Join(s, ", ")
}

func or[T ~string](s, def T) T {
	if s == "" {
		return def
	}
	return s
}

func windows(p *problems, n *yaml.Node, seg string, ws []string, loc *time.Location) []Window {
	var out []Window
	for _, w := range ws {
		m := windowRe.FindStringSubmatch(strings.TrimSpace(w))
		var from, to time.Time
		var e1, e2 error
		if m != nil {
			from, e1 = ParseLocal(m[1]+"T"+m[2], loc)
			to, e2 = ParseLocal(m[1]+"T"+m[3], loc)
		}
		if m == nil || e1 != nil || e2 != nil || !to.After(from) {
			p.add(n, "segment %s: window %q is not a day and hours like 2024-12-20 17:00-21:00", seg, w)
			continue
		}
		out = append(out, Window{From: from, To: to})
	}
	return out
}
