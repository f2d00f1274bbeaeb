package show

import "time"

// KindLeaderboard is a page of standings from a file, read again when
// it changes.
const KindLeaderboard SegmentKind = "leaderboard"

// maxTop is the most places a leaderboard shows (top; 0 for ten).
const maxTop = 50

func init() { register(KindLeaderboard, leaderboard{}) }

type leaderboard struct{ plain }

// Leaderboard is what a leaderboard segment carries of its own
// (Segment.Board).
type Leaderboard struct {
	Standings string        // the standings file, resolved against the show file's folder
	Areas     []string      // the areas whose players count; all when empty
	Windows   []Window      // when it is live; always when empty
	Top       int           // the places shown
	Every     time.Duration // how often the standings are updated
}

func (leaderboard) traits() traits { return traits{listed: 3, page: true, board: true} }
func (leaderboard) keys() []string {
	return []string{"id", "kind", "title", "at", "standings", "sheet", "areas", "windows", "top", "update_every"}
}

// leaderboardYAML are a leaderboard's own keys.
type leaderboardYAML struct {
	Standings string   `yaml:"standings"`
	Areas     []string `yaml:"areas"`
	Windows   []string `yaml:"windows"`
	Top       int      `yaml:"top"`
	Every     string   `yaml:"update_every"`
}

func (leaderboard) own() any { return new(leaderboardYAML) }

func (leaderboard) parse(c *parsing, seg Segment) []Segment {
	var r leaderboardYAML
	c.decode(&r)
	b := &Leaderboard{Standings: c.resolve(r.Standings), Areas: r.Areas, Top: r.Top}
	if b.Standings == "" {
		c.p.add(c.n, "segment %s: a leaderboard needs standings (the file of card, name, points, area)", seg.ID)
	}
	if b.Top == 0 {
		b.Top = 10
	}
	if b.Top < 1 || b.Top > maxTop {
		c.p.add(c.at("top"), "segment %s: top %d is out of range 1..%d", seg.ID, b.Top, maxTop)
	}
	b.Every = time.Hour
	if r.Every != "" {
		var err error
		if b.Every, err = time.ParseDuration(r.Every); err != nil || b.Every <= 0 {
			c.p.add(c.at("update_every"), "segment %s: update_every %q is not a duration such as 1h", seg.ID, r.Every)
		}
	}
	b.Windows = windows(c.p, c.at("windows"), seg.ID, r.Windows, c.loc)
	seg.Board = b
	return []Segment{seg}
}

// A leaderboard needs its standings.
func (leaderboard) schema() obj { return obj{"required": []string{"standings"}} }
