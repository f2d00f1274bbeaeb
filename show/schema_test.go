package show

import (
	"slices"
	"testing"
)

// TestKindKeysInTheSchema: what each kind takes is a subset of what a
// segment decodes, so no kind can accept a key the parser then drops.
func TestKindKeysInTheSchema(t *testing.T) {
	lists := map[string][]string{}
	for name, k := range registered {
		lists[string(name)] = k.keys()
	}
	for name, keys := range lists {
		for _, k := range keys {
			if !slices.Contains(segmentKeys(), k) {
				t.Errorf("%s takes %q, which no segment field decodes", name, k)
			}
		}
	}
}

// TestKeysOf: the keys come from the yaml tags, in field order, through
// pointers, without untagged fields.
func TestKeysOf(t *testing.T) {
	type inner struct {
		A int `yaml:"a"`
	}
	type v struct {
		Z     string `yaml:"zeta"`
		Skip  int
		Omit  int    `yaml:"-"`
		B     *inner `yaml:"b,omitempty"`
		Alpha string `yaml:"alpha"`
	}
	if got, want := keysOf(v{}), []string{"zeta", "b", "alpha"}; !slices.Equal(got, want) {
		t.Errorf("keysOf = %v, want %v", got, want)
	}
	if got, want := keysOf(&inner{}), []string{"a"}; !slices.Equal(got, want) {
		t.Errorf("keysOf(pointer) = %v, want %v", got, want)
	}
	if got, want := showKeys, []string{"promotion", "property", "currency", "timezone", "claim_seconds", "witness", "mask", "date_format", "card_length", "auditor_key", "exclusions", "register", "proxies", "brand", "sound", "segments", "postponed", "desk"}; !slices.Equal(got, want) {
		t.Errorf("show keys %v, want %v", got, want)
	}
}
