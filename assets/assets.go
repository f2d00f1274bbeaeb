// Package assets holds what the program carries inside it: the fonts and
// the demo show.
package assets

import _ "embed"

// The Go fonts (Bigelow & Holmes, BSD licence: fonts/LICENSE).
var (
	//go:embed fonts/Go-Bold.ttf
	Bold []byte
	//go:embed fonts/Go-Regular.ttf
	Regular []byte
	//go:embed fonts/Go-Mono-Bold.ttf
	MonoBold []byte
)
