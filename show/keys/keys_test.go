package keys

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/mod/sumdb/note"
)

// The C2SP vrf-r255 test vector (c2sp.org/vrf-r255): the key, the input
// "c2sp.org/vrf-r255", the proof and the output. A key made from it must
// prove and verify exactly so.
var vector = struct{ sk, pk, alpha, pi, beta string }{
	sk:    "3431c2b03533e280b23232e280b34e2c3132c2b03238e280b23131e280b34500",
	pk:    "54136cd90d99fbd1d4e855d9556efea87ba0337f2a6ce22028d0f5726fcb854e",
	alpha: "633273702e6f72672f7672662d72323535",
	pi:    "0a97d961262fb549b4175c5117860f42ae44a123f93c476c439eddd1c0cff9265c805525233e2284dbed45e593b8eea31d5ca9734d72bcbba9738d5237f955f3b2422351149d1312503b6441a47c940c",
	beta:  "dd653f0879b48c3ef69e13551239bec4cbcc1c18fe8894de2e9e1c790e18273603bf1c6c25d7a797aeff3c43fd32b974d3fcbd4bcce916007097922a3ea3a794",
}

func unhex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestVRFVector(t *testing.T) {
	k, err := newKey("auditor", make([]byte, 32), unhex(t, vector.sk))
	if err != nil {
		t.Fatal(err)
	}
	if got := hex.EncodeToString(k.Public().vrf.Bytes()); got != vector.pk {
		t.Errorf("public key %s, want %s", got, vector.pk)
	}
	beta, proof := k.Prove(unhex(t, vector.alpha))
	if hex.EncodeToString(proof) != vector.pi || hex.EncodeToString(beta) != vector.beta {
		t.Errorf("proof %x\noutput %x\nwant the vector's", proof, beta)
	}
	// the public key, as a show file names it, verifies the vector's proof
	pub, err := ParsePublic(k.Public().String())
	if err != nil {
		t.Fatal(err)
	}
	got, err := pub.Verify(unhex(t, vector.alpha), unhex(t, vector.pi))
	if err != nil || hex.EncodeToString(got) != vector.beta {
		t.Errorf("Verify: %x, %v", got, err)
	}
	// another input, or a proof with one bit changed, does not verify
	if _, err := pub.Verify([]byte("another input"), unhex(t, vector.pi)); err == nil {
		t.Error("the proof verified for another input")
	}
	bad := unhex(t, vector.pi)
	bad[40] ^= 1
	if _, err := pub.Verify(unhex(t, vector.alpha), bad); err == nil {
		t.Error("a changed proof verified")
	}
}

// The VRF's output is unique: asking again gives the same output and
// proof, so a laptop that asks twice cannot re-roll.
func TestProveIsUnique(t *testing.T) {
	k, err := Generate("auditor", rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	b1, p1 := k.Prove([]byte("show|segment|1|head"))
	b2, p2 := k.Prove([]byte("show|segment|1|head"))
	if !bytes.Equal(b1, b2) || !bytes.Equal(p1, p2) {
		t.Error("two proofs of one input differ")
	}
	if b3, _ := k.Prove([]byte("show|segment|2|head")); bytes.Equal(b1, b3) {
		t.Error("two inputs give one output")
	}
}

func TestKeyRoundTrip(t *testing.T) {
	k, err := Generate("gold-reef-auditor", rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "auditor.key")
	if err := k.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("the key file's mode is %v, want 0600", fi.Mode().Perm())
	}
	if err := k.WriteFile(path); err == nil {
		t.Error("a second WriteFile replaced the key file")
	}
	back, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if back.String() != k.String() || !back.Public().Equal(k.Public()) {
		t.Error("the key read back is another key")
	}
	pub := k.Public().String()
	if strings.ContainsAny(pub, " \t\n") || !strings.HasPrefix(pub, "gold-reef-auditor+") {
		t.Errorf("the public key %q is not one token named for its key", pub)
	}
	p, err := ParsePublic(pub)
	if err != nil || !p.Equal(k.Public()) || p.String() != pub {
		t.Errorf("ParsePublic(%q) = %v, %v", pub, p, err)
	}
}

// A note signed with the key opens with its public key and no other.
func TestSignedNote(t *testing.T) {
	k, _ := Generate("laptop", rand.Reader)
	other, _ := Generate("laptop", rand.Reader)
	msg, err := note.Sign(&note.Note{Text: "drawshow/royal-flush-2024-11-30\n41\nf97aa6534016057a\n"}, k.Signer())
	if err != nil {
		t.Fatal(err)
	}
	if n, err := note.Open(msg, note.VerifierList(k.Public().Verifier())); err != nil || len(n.Sigs) != 1 {
		t.Errorf("the note does not open with its key: %v", err)
	}
	if _, err := note.Open(msg, note.VerifierList(other.Public().Verifier())); err == nil {
		t.Error("the note opened with another key of the same name")
	}
	changed := bytes.Replace(msg, []byte("\n41\n"), []byte("\n42\n"), 1)
	if _, err := note.Open(changed, note.VerifierList(k.Public().Verifier())); err == nil {
		t.Error("a changed note opened")
	}
}

// A damaged key says what is wrong, and never prints a private key.
func TestParseRefuses(t *testing.T) {
	k, _ := Generate("auditor", rand.Reader)
	pub, priv := k.Public().String(), k.String()
	flip := func(s string, i int) string {
		b := []byte(s)
		if b[i] == 'A' {
			b[i] = 'B'
		} else {
			b[i] = 'A'
		}
		return string(b)
	}
	for _, c := range []struct{ in, want string }{
		{"", "not a drawshow key"},
		{"auditor", "not a drawshow key"},
		{"auditor+1234+AAAA", "not a drawshow key"},
		{"two words+00000000+AAAA", "one word"},
		{flip(pub, len(pub)-5), "a character of the key was changed"},
		{strings.Replace(pub, "+", "+0", 1)[:len(pub)], ""},
		{pub[:len(pub)-8], "bytes of key"},
	} {
		_, err := ParsePublic(c.in)
		if err == nil {
			t.Errorf("ParsePublic(%q) took it", c.in)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParsePublic(%q): %v, want %q", c.in, err, c.want)
		}
	}
	if _, err := Parse(pub); err == nil {
		t.Error("a public key parsed as a private one")
	}
	_, err := Parse(flip(priv, len(priv)-5))
	if err == nil {
		t.Fatal("a damaged private key parsed")
	}
	if strings.Contains(err.Error(), priv[len("PRIVATE+KEY+auditor+00000000+"):][:20]) {
		t.Errorf("the error prints the private key: %v", err)
	}
}

func FuzzParsePublic(f *testing.F) {
	k, _ := Generate("auditor", rand.Reader)
	f.Add(k.Public().String())
	f.Add("auditor+00000000+RA==")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePublic(s)
		if err != nil {
			return
		}
		if q, err := ParsePublic(p.String()); err != nil || !q.Equal(p) {
			t.Errorf("%q parsed, but its String %q does not parse back: %v", s, p.String(), err)
		}
	})
}

func FuzzParse(f *testing.F) {
	k, _ := Generate("auditor", rand.Reader)
	f.Add(k.String())
	f.Fuzz(func(t *testing.T, s string) {
		k, err := Parse(s)
		if err != nil {
			return
		}
		if k2, err := Parse(k.String()); err != nil || k2.String() != k.String() {
			t.Errorf("%q parsed, but does not parse back: %v", s, err)
		}
	})
}
