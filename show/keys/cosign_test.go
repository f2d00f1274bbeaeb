package keys

import (
	"crypto/rand"
	"encoding/base64"
	"strings"
	"testing"
	"time"

	"golang.org/x/mod/sumdb/note"
)

// A checkpoint signed by the show and countersigned by the auditor
// opens with both keys, says when the auditor signed it, and fails when
// its text, its time or its key is another.
func TestCosignature(t *testing.T) {
	showKey, err := Derive("show-sat", []byte("a secret of the show"))
	if err != nil {
		t.Fatal(err)
	}
	again, _ := Derive("show-sat", []byte("a secret of the show"))
	if again.String() != showKey.String() {
		t.Fatal("Derive made two keys of one secret")
	}
	auditor, err := Generate("auditor", rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	text := "drawshow/sat\n41\nAAAA\n"
	signed, err := note.Sign(&note.Note{Text: text}, showKey.Signer())
	if err != nil {
		t.Fatal(err)
	}
	n, err := note.Open(signed, note.VerifierList(showKey.Public().Verifier()))
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 12, 5, 19, 30, 7, 0, time.UTC)
	cosigned, err := note.Sign(n, auditor.Cosigner(at))
	if err != nil {
		t.Fatal(err)
	}
	both := note.VerifierList(showKey.Public().Verifier(), auditor.Public().CosignVerifier())
	n2, err := note.Open(cosigned, both)
	if err != nil {
		t.Fatal(err)
	}
	if len(n2.Sigs) != 2 {
		t.Fatalf("%d verified signatures, want 2", len(n2.Sigs))
	}
	var found bool
	for _, s := range n2.Sigs {
		if s.Name == "auditor" {
			found = true
			b := decodeSig(t, s.Base64)
			if got, ok := CosignedAt(b); !ok || !got.Equal(at) {
				t.Errorf("cosigned at %v %v, want %v", got, ok, at)
			}
		}
	}
	if !found {
		t.Fatal("no cosignature among the verified signatures")
	}

	// the auditor's plain signature verifier does not take a cosignature,
	// nor the cosignature verifier a plain signature
	if n, err := note.Open(cosigned, note.VerifierList(showKey.Public().Verifier(), auditor.Public().Verifier())); err == nil && len(n.Sigs) != 1 {
		t.Errorf("a cosignature verified as the auditor's plain signature: %d sigs", len(n.Sigs))
	}
	plain, _ := note.Sign(&note.Note{Text: text}, auditor.Signer())
	if _, err := note.Open(plain, note.VerifierList(auditor.Public().CosignVerifier())); err == nil {
		t.Error("a plain signature verified as a cosignature")
	}

	// another text, another time, another key
	if _, err := note.Open([]byte(strings.Replace(string(cosigned), "\n41\n", "\n42\n", 1)), both); err == nil {
		t.Error("a cosignature verified for another checkpoint")
	}
	other, _ := Generate("auditor", rand.Reader)
	if n, err := note.Open(cosigned, note.VerifierList(showKey.Public().Verifier(), other.Public().CosignVerifier())); err == nil && len(n.Sigs) == 2 {
		t.Error("a cosignature verified with another key of the same name")
	}
}

// A cosignature's time is in its signature: changing it breaks it.
func TestCosignatureTimeIsSigned(t *testing.T) {
	k, _ := Generate("w", rand.Reader)
	at := time.Unix(1_790_000_000, 0)
	sig, err := k.Cosigner(at).Sign([]byte("msg\n"))
	if err != nil {
		t.Fatal(err)
	}
	v := k.Public().CosignVerifier()
	if !v.Verify([]byte("msg\n"), sig) {
		t.Fatal("the cosignature does not verify")
	}
	sig[7]++
	if v.Verify([]byte("msg\n"), sig) {
		t.Error("a cosignature verified with another time")
	}
	if _, ok := CosignedAt(sig[:10]); ok {
		t.Error("CosignedAt read a short signature")
	}
}

func decodeSig(t *testing.T, b64 string) []byte {
	t.Helper()
	b, err := base64Std(b64)
	if err != nil || len(b) < 4 {
		t.Fatalf("signature %q: %v", b64, err)
	}
	return b[4:]
}

func base64Std(s string) ([]byte, error) { return base64.StdEncoding.DecodeString(s) }
