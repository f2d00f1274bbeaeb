//go:build !race

package pulsetest

const raced = false
