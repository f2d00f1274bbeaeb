// Package keys is a party's key: the auditor's, a standby laptop's. A
// key is two: an Ed25519 key that signs notes in the signed-note format
// of golang.org/x/mod/sumdb/note (a checkpoint, a cosignature), and a
// VRF-r255 key (C2SP vrf-r255, RFC 9381's ECVRF over ristretto255)
// whose output on an input is unique, and which anyone holding the
// public key can verify.
//
// Both are written as one token each, in the note package's form with an
// algorithm of drawshow's own: the public key
//
//	NAME+HASH+BASE64(0x44 || Ed25519 public key || VRF public key)
//
// and the private key, which a key file holds (mode 0600),
//
//	PRIVATE+KEY+NAME+HASH+BASE64(0x44 || Ed25519 seed || VRF private key)
//
// where HASH is the first four bytes of SHA-256(NAME, "\n", 0x44 || the
// public keys), in hex, as the note package makes a key's hash. A show
// file names the auditor's public key (auditor_key: KEY), so it is in
// the show file's hash and on the pre-show sheet.
package keys

import (
	"bytes"
	"crypto/ed25519"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	vrf "filippo.io/mostly-harmless/vrf-r255"
	r255 "github.com/gtank/ristretto255"
	"golang.org/x/mod/sumdb/note"
)

// Pattern is a public key's form, for the show file's schema: NAME, the
// key's hash in hex and its data in base64, joined by plus signs.
const Pattern = `^[!-*,-~]+\+[0-9a-f]{8}\+[A-Za-z0-9+/]+={0,2}$`

// alg is the algorithm byte of a drawshow key: an Ed25519 key and a
// VRF-r255 key, side by side ('D').
const alg = 0x44

// A Key is a party's private key: it signs notes and proves VRF outputs.
type Key struct {
	pub  Public
	priv ed25519.PrivateKey
	vrf  *vrf.PrivateKey
}

// Public is a party's public key: it verifies the party's signed notes
// and VRF proofs.
type Public struct {
	Name string
	hash uint32
	ed   ed25519.PublicKey
	vrf  *vrf.PublicKey
}

// Generate makes a new key named name from the randomness of rand.
func Generate(name string, rand io.Reader) (*Key, error) {
	if err := checkName(name); err != nil {
		return nil, err
	}
	var seed [ed25519.SeedSize + 64]byte
	if _, err := io.ReadFull(rand, seed[:]); err != nil {
		return nil, err
	}
	// a VRF private key is a canonical scalar: reduce 64 uniform bytes
	x, err := vrfFromUniform(seed[ed25519.SeedSize:])
	if err != nil {
		return nil, err
	}
	return newKey(name, seed[:ed25519.SeedSize], x)
}

func newKey(name string, seed []byte, vrfKey []byte) (*Key, error) {
	x, err := vrf.NewPrivateKey(vrfKey)
	if err != nil {
		return nil, fmt.Errorf("the VRF private key: %v", err)
	}
	priv := ed25519.NewKeyFromSeed(seed)
	pub := Public{Name: name, ed: priv.Public().(ed25519.PublicKey), vrf: x.PublicKey()}
	pub.hash = keyHash(name, pub.data())
	return &Key{pub: pub, priv: priv, vrf: x}, nil
}

// Derive is the key named name that secret makes, the same each time: a
// show's own key, which its database keeps as a secret of the show.
func Derive(name string, secret []byte) (*Key, error) {
	if err := checkName(name); err != nil {
		return nil, err
	}
	seed := sha256.Sum256(append([]byte("drawshow key/ed25519\x00"), secret...))
	uniform := sha512.Sum512(append([]byte("drawshow key/vrf-r255\x00"), secret...))
	x, err := vrfFromUniform(uniform[:])
	if err != nil {
		return nil, err
	}
	return newKey(name, seed[:], x)
}

// Public is the key's public half.
func (k *Key) Public() Public { return k.pub }

// String is the private key as a key file holds it, one token.
func (k *Key) String() string {
	data := append([]byte{alg}, k.priv.Seed()...)
	data = append(data, k.vrf.Bytes()...)
	return fmt.Sprintf("PRIVATE+KEY+%s+%08x+%s", k.pub.Name, k.pub.hash, base64.StdEncoding.EncodeToString(data))
}

// Parse reads a private key written by Key.String.
func Parse(s string) (*Key, error) {
	s = strings.TrimSpace(s)
	rest, ok := strings.CutPrefix(s, "PRIVATE+KEY+")
	if !ok {
		return nil, errors.New("not a drawshow private key (PRIVATE+KEY+NAME+HASH+KEY)")
	}
	name, hash, data, err := split(rest)
	if err != nil {
		return nil, err
	}
	if len(data) != 1+ed25519.SeedSize+32 {
		return nil, fmt.Errorf("private key %s: %d bytes of key, want %d", name, len(data), 1+ed25519.SeedSize+32)
	}
	k, err := newKey(name, data[1:1+ed25519.SeedSize], data[1+ed25519.SeedSize:])
	if err != nil {
		return nil, fmt.Errorf("private key %s: %v", name, err)
	}
	if k.pub.hash != hash {
		return nil, fmt.Errorf("private key %s: its hash %08x is not its public key's %08x: the key is damaged", name, hash, k.pub.hash)
	}
	return k, nil
}

// WriteFile writes the key to a new file at path, readable by its owner
// alone; it never replaces a file.
func (k *Key) WriteFile(path string) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("%s already exists: a key file is never replaced (give another file)", path)
	}
	if err != nil {
		return err
	}
	if _, err := f.WriteString(k.String() + "\n"); err != nil {
		f.Close()
		os.Remove(path)
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		os.Remove(path)
		return err
	}
	return f.Close()
}

// ReadFile reads a key file.
func ReadFile(path string) (*Key, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	k, err := Parse(string(b))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return k, nil
}

// Signer signs notes with the key, as its name.
func (k *Key) Signer() note.Signer { return signer{k} }

// Prove is the key's VRF output on alpha and the proof of it.
func (k *Key) Prove(alpha []byte) (beta, proof []byte) {
	p := k.vrf.Prove(alpha)
	return p.Hash(), p.Bytes()
}

// String is the public key, one token: NAME+HASH+KEY.
func (p Public) String() string {
	return fmt.Sprintf("%s+%08x+%s", p.Name, p.hash, base64.StdEncoding.EncodeToString(p.data()))
}

func (p Public) data() []byte {
	data := append([]byte{alg}, p.ed...)
	return append(data, p.vrf.Bytes()...)
}

// IsZero reports whether p is no key.
func (p Public) IsZero() bool { return p.ed == nil }

// Equal reports whether p and q are the same key.
func (p Public) Equal(q Public) bool {
	return p.Name == q.Name && bytes.Equal(p.ed, q.ed) && (p.vrf == nil) == (q.vrf == nil) && (p.vrf == nil || bytes.Equal(p.vrf.Bytes(), q.vrf.Bytes()))
}

// ParsePublic reads a public key written by Public.String.
func ParsePublic(s string) (Public, error) {
	name, hash, data, err := split(strings.TrimSpace(s))
	if err != nil {
		return Public{}, err
	}
	if len(data) != 1+ed25519.PublicKeySize+32 {
		return Public{}, fmt.Errorf("key %s: %d bytes of key, want %d", name, len(data), 1+ed25519.PublicKeySize+32)
	}
	if want := keyHash(name, data); want != hash {
		return Public{}, fmt.Errorf("key %s: its hash is %08x, not %08x: a character of the key was changed or lost", name, hash, want)
	}
	v, err := vrf.NewPublicKey(data[1+ed25519.PublicKeySize:])
	if err != nil {
		return Public{}, fmt.Errorf("key %s: the VRF public key: %v", name, err)
	}
	return Public{Name: name, hash: hash, ed: ed25519.PublicKey(bytes.Clone(data[1 : 1+ed25519.PublicKeySize])), vrf: v}, nil
}

// Verifier verifies the party's signed notes.
func (p Public) Verifier() note.Verifier { return verifier{p} }

// Verify checks proof of the VRF output on alpha and returns the output.
func (p Public) Verify(alpha, proof []byte) (beta []byte, err error) {
	pr, err := vrf.NewProof(proof)
	if err != nil {
		return nil, err
	}
	return p.vrf.Verify(pr, alpha)
}

// split reads NAME+HASH+BASE64, whose algorithm byte must be drawshow's.
func split(s string) (name string, hash uint32, data []byte, err error) {
	name, rest, ok1 := strings.Cut(s, "+")
	h, b64, ok2 := strings.Cut(rest, "+")
	if !ok1 || !ok2 || len(h) != 8 {
		return "", 0, nil, fmt.Errorf("%q is not a drawshow key (NAME+HASH+KEY)", short(s))
	}
	if err := checkName(name); err != nil {
		return "", 0, nil, err
	}
	if _, err := fmt.Sscanf(h, "%08x", &hash); err != nil {
		return "", 0, nil, fmt.Errorf("key %s: hash %q is not 8 hex digits", name, h)
	}
	data, err = base64.StdEncoding.DecodeString(b64)
	if err != nil || len(data) == 0 || data[0] != alg {
		return "", 0, nil, fmt.Errorf("key %s: not a drawshow key's data (an Ed25519 key and a VRF-r255 key)", name)
	}
	return name, hash, data, nil
}

// short is s cut for a message: a key is never printed whole in an
// error, a private one least of all.
func short(s string) string {
	if len(s) > 24 {
		return s[:24] + "…"
	}
	return s
}

// checkName holds a key's name to one word of printable ASCII without
// a plus sign, as the note package names keys.
func checkName(name string) error {
	if name == "" || strings.ContainsAny(name, "+ \t\n\r") || !isPrint(name) {
		return fmt.Errorf("key name %q: a key's name is one word, without + or spaces", name)
	}
	return nil
}

func isPrint(s string) bool {
	for _, r := range s {
		if r < 0x21 || r > 0x7e {
			return false
		}
	}
	return true
}

// keyHash is the note package's key hash: the first four bytes of
// SHA-256(name, "\n", data).
func keyHash(name string, data []byte) uint32 {
	h := sha256.New()
	h.Write([]byte(name))
	h.Write([]byte("\n"))
	h.Write(data)
	return binary.BigEndian.Uint32(h.Sum(nil))
}

// vrfFromUniform is the VRF private key of 64 uniform bytes: the scalar
// they reduce to, as ristretto255 makes it.
func vrfFromUniform(b []byte) ([]byte, error) {
	x, err := r255.NewScalar().SetUniformBytes(b)
	if err != nil {
		return nil, err
	}
	return x.Bytes(), nil
}

// signer signs notes with a key's Ed25519 half.
type signer struct{ k *Key }

func (s signer) Name() string                    { return s.k.pub.Name }
func (s signer) KeyHash() uint32                 { return s.k.pub.hash }
func (s signer) Sign(msg []byte) ([]byte, error) { return ed25519.Sign(s.k.priv, msg), nil }

// verifier verifies notes signed with a key's Ed25519 half.
type verifier struct{ p Public }

func (v verifier) Name() string    { return v.p.Name }
func (v verifier) KeyHash() uint32 { return v.p.hash }
func (v verifier) Verify(msg, sig []byte) bool {
	return len(sig) == ed25519.SignatureSize && ed25519.Verify(v.p.ed, msg, sig)
}
