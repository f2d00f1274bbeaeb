package entries

// warmFrom is how many cards move the look-up from a map to a
// cardTable, which the rows read ahead warm: below, the map stays in the
// cache (a file of 200 000 cards is read 25 % faster with it than with
// the table), and warming would cost more than it saves.
const warmFrom = 1 << 18

// lookup is the value's entry among the cards of up to 19 digits.
func (k *cardIDs) lookup(value uint64) (uint64, bool) {
	if k.big.slots != nil {
		return k.big.get(value)
	}
	v, ok := k.byKey[value]
	return v, ok
}

// store adds the value, which lookup does not find, with v.
func (k *cardIDs) store(value, v uint64) {
	if k.big.slots != nil {
		k.big.put(value, v)
		return
	}
	k.byKey[value] = v
	if len(k.byKey) >= warmFrom {
		for value, v := range k.byKey {
			k.big.put(value, v)
		}
		k.byKey = nil
	}
}

// plainValue is the value of a card's key when the file gives the card as
// plain digits, as most do, and ok false for any other card.
func plainValue(card string) (value uint64, ok bool) {
	for len(card) > 1 && card[0] == '0' {
		card = card[1:]
	}
	if len(card) > 19 {
		return 0, false
	}
	return parseDigits(card)
}
