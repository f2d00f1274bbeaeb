package show

import (
	"crypto/rand"
	"strings"
	"testing"

	"drawshow/show/keys"
)

// The show file names the auditor's public key: it is the file's, so
// its hash covers it; a damaged key is refused with its line.
func TestAuditorKey(t *testing.T) {
	k, err := keys.Generate("auditor", rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	pub := k.Public().String()
	const show = "promotion: Royal Flush\nproperty: Gold Reef City\nsegments:\n  - {id: sat-cash, entries: sat.csv}\n"
	sh, err := Parse("shows/sat.yaml", []byte("auditor_key: "+pub+"\n"+show))
	if err != nil {
		t.Fatal(err)
	}
	if !sh.AuditorKey.Equal(k.Public()) {
		t.Errorf("AuditorKey %v, want %v", sh.AuditorKey, pub)
	}
	if sh, err := Parse("shows/sat.yaml", []byte(show)); err != nil || !sh.AuditorKey.IsZero() {
		t.Errorf("a show without auditor_key has the key %v (%v)", sh.AuditorKey, err)
	}
	damaged := strings.Replace(pub, "+", "+f", 1)[:len(pub)]
	src := show + "auditor_key: " + damaged + "\n"
	if errs := parseErrs(t, src); !hasProblem(errs, lineOf(t, src, "auditor_key"), "auditor_key: ") {
		t.Errorf("problems %q", errs)
	}
}
