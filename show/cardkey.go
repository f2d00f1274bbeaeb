package show

// CardKey is a card as a list is matched to an entry: the exclusions
// list, the decline register, the proxy nominations and the winners of
// earlier shows against the cards of an entry file. A card of digits
// alone is matched without its leading zeros, which Excel drops from a
// card kept in a number cell ("0060012345" is typed and shown as
// 60012345); a card that holds a letter was never a number and is its own
// key. The key is for matching only: the bin, its fingerprint and the
// record keep the entry file's card as it is. Cards come normalised
// (entries.NormCard), so "60012345" and "0060012345" are the only
// spellings of one number that reach here.
func CardKey(card string) string {
	i := 0
	for i < len(card) && card[i] == '0' {
		i++
	}
	if i == 0 {
		return card
	}
	for j := i; j < len(card); j++ {
		if c := card[j]; c < '0' || c > '9' {
			return card
		}
	}
	if i == len(card) {
		return "0"
	}
	return card[i:]
}

// MaxCardLength is the most digits a card of the casino has: a bank
// card's 19, and some room. A card of digits longer than this is read
// as written, and no shorter spelling of it is looked for.
const MaxCardLength = 24

// Digits reports whether card is digits alone: the cards a number cell
// can hold, and drop the leading zeros of.
func Digits(card string) bool {
	for i := 0; i < len(card); i++ {
		if card[i] < '0' || card[i] > '9' {
			return false
		}
	}
	return card != ""
}

// CardSet is a list's cards, looked up by their keys (CardKey).
type CardSet map[string]bool

// NewCardSet is the set of cards, by key.
func NewCardSet(cards []string) CardSet {
	s := make(CardSet, len(cards))
	for _, c := range cards {
		s[CardKey(c)] = true
	}
	return s
}

// KeySet is the set of m's true cards, by key.
func KeySet(m map[string]bool) CardSet {
	s := make(CardSet, len(m))
	for c, ok := range m {
		if ok {
			s[CardKey(c)] = true
		}
	}
	return s
}

// Has reports whether card matches a card of the set. A nil set has none.
func (s CardSet) Has(card string) bool { return s[CardKey(card)] }
