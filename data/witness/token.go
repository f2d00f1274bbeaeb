package witness

import (
	"crypto/subtle"
)

// equal compares two secrets in constant time (for equal lengths).
func equal(got, want string) bool {
	return want != "" && subtle.ConstantTimeCompare([]byte(got), []byte(want)) == 1
}
