package show

import (
	_ "embed"
	"slices"
	"strings"
)

//go:generate go run ./internal/zonesgen zones.txt

// zonesText is the names of the time zones of the toolchain's
// zoneinfo.zip, which time/tzdata embeds: one a line, sorted.
//
//go:embed zones.txt
var zonesText string

// Zones are the timezones a show file may name: those the program
// carries (time/tzdata), spelt as they are. time.LoadLocation alone would
// take more on some machines (a name the system's own zoneinfo has, a
// name in another case on a disk that ignores case, "Local"), so a show
// checked on one computer could fail or mean another zone on the next.
// The schema's enumeration of timezone is this list.
var Zones = strings.Split(strings.TrimSuffix(zonesText, "\n"), "\n")

// knownZone reports whether name is one of Zones.
func knownZone(name string) bool {
	_, ok := slices.BinarySearch(Zones, name)
	return ok
}
