package keys

import (
	"crypto/ed25519"
	"encoding/binary"
	"errors"
	"time"

	"golang.org/x/mod/sumdb/note"
)

// A cosignature is a witness's signature of a checkpoint note it has
// checked, in the form of C2SP tlog-cosignature/v1: the key signs
//
//	cosignature/v1
//	time T
//	<the note's text>
//
// and the signature line carries T (seconds since 1970, 8 bytes big
// endian) before the Ed25519 signature. The time is the witness's own
// clock, so a cosignature says when the witness saw the checkpoint.
//
// Its key hash is not the key's: it hashes the key's data with the
// algorithm byte cosignAlg, so that no cosignature reads as the key's
// own signature of a note, nor the other way round.
const cosignAlg = 0x45

// cosignHeader starts every message a cosignature signs.
const cosignHeader = "cosignature/v1\ntime "

// Cosigner countersigns notes with the key, at time at.
func (k *Key) Cosigner(at time.Time) note.Signer {
	return cosigner{k: k, at: at}
}

// CosignVerifier verifies the party's cosignatures.
func (p Public) CosignVerifier() note.Verifier { return cosignVerifier{p} }

// CosignedAt is the time a cosignature's signature bytes carry (as a
// note's Signature.Base64 decodes, after the key hash): ok is false when
// they are not a cosignature's.
func CosignedAt(sig []byte) (at time.Time, ok bool) {
	if len(sig) != 8+ed25519.SignatureSize {
		return time.Time{}, false
	}
	return time.Unix(int64(binary.BigEndian.Uint64(sig)), 0).UTC(), true
}

// cosignMessage is what a cosignature at t signs of msg.
func cosignMessage(t uint64, msg []byte) []byte {
	b := append([]byte(cosignHeader), []byte(formatUint(t))...)
	b = append(b, '\n')
	return append(b, msg...)
}

func formatUint(t uint64) string {
	var buf [20]byte
	i := len(buf)
	for {
		i--
		buf[i] = byte('0' + t%10)
		t /= 10
		if t == 0 {
			return string(buf[i:])
		}
	}
}

type cosigner struct {
	k  *Key
	at time.Time
}

func (c cosigner) Name() string    { return c.k.pub.Name }
func (c cosigner) KeyHash() uint32 { return c.k.pub.cosignHash() }
func (c cosigner) Sign(msg []byte) ([]byte, error) {
	if c.at.Unix() < 0 {
		return nil, errors.New("a cosignature's time is after 1970")
	}
	t := uint64(c.at.Unix())
	sig := binary.BigEndian.AppendUint64(nil, t)
	return append(sig, ed25519.Sign(c.k.priv, cosignMessage(t, msg))...), nil
}

type cosignVerifier struct{ p Public }

func (v cosignVerifier) Name() string    { return v.p.Name }
func (v cosignVerifier) KeyHash() uint32 { return v.p.cosignHash() }
func (v cosignVerifier) Verify(msg, sig []byte) bool {
	if _, ok := CosignedAt(sig); !ok || v.p.ed == nil {
		return false
	}
	return ed25519.Verify(v.p.ed, cosignMessage(binary.BigEndian.Uint64(sig), msg), sig[8:])
}

// cosignHash is the key hash of the party's cosignatures.
func (p Public) cosignHash() uint32 {
	data := p.data()
	data[0] = cosignAlg
	return keyHash(p.Name, data)
}
