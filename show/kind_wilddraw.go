package show

// KindWildDraw is one draw of a wild card (kind_wildcard.go): a finalist
// from the rows of the month-end bin its number chose. No show file names
// it; the wild card's parse makes one a number.
const KindWildDraw SegmentKind = "wild-card-draw"

func init() { register(KindWildDraw, wildDraw{}) }

type wildDraw struct{ plain }

func (wildDraw) traits() traits {
	return traits{draws: true, fromBin: true, finale: true, finalists: true}
}
func (wildDraw) keys() []string { return nil }
