package show

import "time"

// KindLeaderboard is a page of standings from a file, read again when
// it changes.
const KindLeaderboard SegmentKind = "leaderboard"

// maxTop is the most places a leaderboard shows (top; 0 for ten).
const maxTop = 50

func init() { register(KindLeaderboard, leaderboard{}) }

type leaderboard struct{ plain }

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
	seg.Standings, seg.Areas, seg.Top = c.resolve(r.Standings), r.Areas, r.Top
	if seg.Standings == "" {
		c.p.add(c.n, "segment %s: a leaderboard needs standings (the file of card, name, points, area)", seg.ID)
	}
	if seg.Top == 0 {
		seg.Top = 10
	}
	if seg.Top < 1 || seg.Top > maxTop {
		c.p.add(c.at("top"), "segment %s: top %d is out of range 1..%d", seg.ID, seg.Top, maxTop)
	}
	seg.Every = time.Hour
	if r.Every != "" {
		var err error
		if seg.Every, err = time.ParseDuration(r.Every); err != nil || seg.Every <= 0 {
			c.p.add(c.at("update_every"), "segment %s: update_every %q is not a duration such as 1h", seg.ID, r.Every)
		}
	}
	seg.Windows = windows(c.p, c.at("windows"), seg.ID, r.Windows, c.loc)
	return []Segment{seg}
}

// A leaderboard needs its standings.
func (leaderboard) schema() obj { return obj{"required": []string{"standings"}} }
