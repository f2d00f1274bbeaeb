// Package assets holds what the program carries inside it: the fonts and
// the demo show.
package assets

import _ "embed"

// The stage's type: Inter Display (SIL OFL 1.1, fonts/LICENSE-Inter.txt)
// for everything the floor reads, for its plain zero and tabular figures;
// Go Mono (Bigelow & Holmes, BSD licence: fonts/LICENSE) for the hashes
// alone, where every character must be told apart; Go Bold for the few
// symbols Inter lacks (a card's suit).
var (
	//go:embed fonts/InterDisplay-Bold.otf
	Bold []byte
	//go:embed fonts/InterDisplay-Medium.otf
	Regular []byte
	//go:embed fonts/Go-Mono-Bold.ttf
	MonoBold []byte
	//go:embed fonts/Go-Bold.ttf
	Symbols []byte
)
