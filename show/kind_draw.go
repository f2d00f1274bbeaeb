package show

// KindDraw is a plain draw: winners drawn from an entry file's bin, each
// for the prize the show file gives.
const KindDraw SegmentKind = "draw"

// drawKeys are a plain draw's keys, which the finale kinds start from.
var drawKeys = []string{"id", "kind", "title", "at", "entries", "sheet", "columns", "tickets", "points_per_ticket", "cap", "fixed", "tiers", "winners", "prizes", "win_once", "attendance", "register", "proxies", "manual", "selected", "bonus_entries", "exclude_winners", "qualify", "header_row", "date_format", "printed_until"}

func init() { register(KindDraw, draw{}) }

type draw struct{ plain }

func (draw) traits() traits { return traits{listed: 1, draws: true} }
func (draw) keys() []string { return drawKeys }
