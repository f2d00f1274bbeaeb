package show

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Person is what the entry file says of a participant, for the big screen.
type Person struct {
	Name     string
	Tier     Tier
	Area     string // bonus jackpot: the floor area of the device the player won at
	Property string // Royal Flush finalist: the casino they qualified at
}

// MaskName keeps the first name and the initial of the last: "Thabo M.".
// The big screen shows names this way by default (POPIA); the record
// keeps them whole.
func MaskName(name string) string {
	f := strings.Fields(name)
	switch len(f) {
	case 0:
		return ""
	case 1:
		return f[0]
	}
	last := f[len(f)-1]
	// "van der Merwe": the surname starts at its first capitalised word
	for i := 1; i < len(f); i++ {
		if r, _ := utf8.DecodeRuneInString(f[i]); unicode.IsUpper(r) {
			last = f[i]
			break
		}
	}
	r, _ := utf8.DecodeRuneInString(last)
	return f[0] + " " + string(unicode.ToUpper(r)) + "."
}

// MaskCard shows only the last four characters: "•••• 1234".
func MaskCard(card string) string {
	r := []rune(card)
	if len(r) <= 4 {
		return "•••• " + card
	}
	return "•••• " + string(r[len(r)-4:])
}
