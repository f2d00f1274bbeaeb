package show

import (
	"crypto/sha256"
	"encoding/binary"
)

// AlgorithmV2 names the draw algorithm of a show whose file names the
// auditor's key (auditor_key): drawshow-v1's, with each pick's key made
// from a value only the auditor's witness can make, and only one way (a
// VRF output), on the row that made the pick due. docs/algorithm.md
// gives it step by step.
const AlgorithmV2 = "drawshow-v2"

// VRFInput is the input of the auditor's VRF for pick k of draw drawID
// of show showID, made due by the journal's row seq, whose hash is head:
//
//	"drawshow-v2" 0x00 show 0x00 draw_id 0x00 uint32be(k) uint64be(seq) head
//
// No time is in it, so the witness, asked again, answers the same.
func VRFInput(showID, drawID string, k int, seq int64, head [32]byte) []byte {
	b := make([]byte, 0, len(AlgorithmV2)+len(showID)+len(drawID)+3+4+8+32)
	b = append(b, AlgorithmV2...)
	b = append(b, 0)
	b = append(b, showID...)
	b = append(b, 0)
	b = append(b, drawID...)
	b = append(b, 0)
	b = binary.BigEndian.AppendUint32(b, uint32(k))
	b = binary.BigEndian.AppendUint64(b, uint64(seq))
	return append(b, head[:]...)
}

// WitnessedKey is a witnessed pick's key from the draw's key K_d and the
// auditor's VRF output beta: K_k = SHA-256(K_d || 0x00 || "witnessed" ||
// 0x00 || beta).
func WitnessedKey(kd [32]byte, beta []byte) [32]byte { return pickKey(kd, "witnessed", beta) }

// UnwitnessedKey is the key of a pick drawn while the witness did not
// answer, from the room's witness W_u typed after the decision that made
// it due: K_k = SHA-256(K_d || 0x00 || "unwitnessed" || 0x00 || W_u).
func UnwitnessedKey(kd [32]byte, wu string) [32]byte { return pickKey(kd, "unwitnessed", []byte(wu)) }

func pickKey(kd [32]byte, how string, v []byte) [32]byte {
	h := sha256.New()
	h.Write(kd[:])
	h.Write([]byte{0})
	h.Write([]byte(how))
	h.Write([]byte{0})
	h.Write(v)
	var k [32]byte
	h.Sum(k[:0])
	return k
}

// ChooseV2 is Choose under drawshow-v2: pick k's stream is keyed by the
// pick's own key (WitnessedKey, UnwitnessedKey) and its blocks name
// drawshow-v2.
func ChooseV2(key [32]byte, drawID string, fp [32]byte, bin []Entry, k int, picked map[string]bool) (int, error) {
	return choose(AlgorithmV2, key, drawID, fp, bin, k, picked)
}
