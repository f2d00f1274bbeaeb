package show

import (
	"fmt"
	"strings"
)

// Tier is a Rewards tier. The zero value means the entry file has no tier.
type Tier uint8

// The Rewards tiers, highest first.
const (
	NoTier Tier = iota
	Ace
	King
	Queen
	Jack
	Ten
)

// Tiers lists the Rewards tiers, highest first.
var Tiers = []Tier{Ace, King, Queen, Jack, Ten}

var tierNames = [...]string{"", "ace", "king", "queen", "jack", "ten"}

func (t Tier) String() string {
	if int(t) < len(tierNames) {
		return tierNames[t]
	}
	return fmt.Sprintf("tier(%d)", t)
}

// ParseTier reads a tier as casino exports spell it: any case, and "10" for ten.
// The empty string is NoTier.
func ParseTier(s string) (Tier, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	switch s {
	case "":
		return NoTier, nil
	case "10":
		return Ten, nil
	}
	for i, n := range tierNames[1:] {
		if s == n {
			return Tier(i + 1), nil
		}
	}
	return NoTier, fmt.Errorf("unknown tier %q (valid: ace, king, queen, jack, ten)", s)
}

// MarshalText writes the tier's name.
func (t Tier) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// UnmarshalText reads a tier with ParseTier.
func (t *Tier) UnmarshalText(b []byte) error {
	v, err := ParseTier(string(b))
	if err != nil {
		return err
	}
	*t = v
	return nil
}

// Row is one validated row of an entry file, as the bin rules need it.
// Names and contact details stay in the record; a bin never needs them.
type Row struct {
	Ticket   string // empty when the file has no ticket column (tickets: points); a bonus jackpot's device
	Card     string
	Tier     Tier
	Points   uint64
	Area     string // bonus jackpot: the floor area of the device
	Spend    uint64 // bonus jackpot: the player's qualifying spend, whole currency units; qualify: the first spend rule's
	Property string // royal flush: the finalist's casino
	Visit    string // qualify last_visit: the member's last visit, YYYY-MM-DD; "" when not known
	Printed  string // printed_until: when the ticket printed, "2006-01-02 15:04:05" in the show's time; "" when not read
	// Spends are the spends of qualify any's second and later rules, in
	// their order: a fixed array, not a map, as a row is copied millions
	// of times; zero unless the segment names such columns.
	Spends [MaxSpends - 1]uint64
}

// MaxSpends is the most spend columns a draw's qualify rules read.
const MaxSpends = 4

// SpendOf is the spend the i-th spend rule reads: Spend, then Spends.
func (r *Row) SpendOf(i int) uint64 {
	if i == 0 {
		return r.Spend
	}
	return r.Spends[i-1]
}

// Entry is one ticket of a frozen bin.
type Entry struct {
	Ticket      string
	Participant string
	Weight      uint64
}
