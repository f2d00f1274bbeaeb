package audio

import (
	"bufio"
	"encoding/binary"
	"errors"
	"io"
	"math"
)

// WriteWAV writes interleaved samples as a RIFF WAVE file: 16-bit PCM, or
// 32-bit IEEE float when float is true. Samples are clamped to ±1 for
// 16-bit.
func WriteWAV(w io.Writer, samples []float32, channels, rate int, float bool) error {
	if channels < 1 || rate < 1 || len(samples)%channels != 0 {
		return errors.New("wav: bad channel count, rate or sample count")
	}
	bits, format, fmtSize := 16, uint16(1), uint32(16) // WAVE_FORMAT_PCM
	if float {
		bits, format, fmtSize = 32, 3, 18 // WAVE_FORMAT_IEEE_FLOAT, with cbSize
	}
	block := channels * bits / 8
	data := uint64(len(samples)) * uint64(bits/8)
	// RIFF size: "WAVE", the fmt chunk, a fact chunk for float, the data.
	riff := 4 + 8 + uint64(fmtSize) + 8 + data
	if float {
		riff += 12
	}
	if riff > math.MaxUint32 {
		return errors.New("wav: too long for a WAV file")
	}
	bw := bufio.NewWriter(w)
	le := binary.LittleEndian
	var h []byte
	h = append(h, "RIFF"...)
	h = le.AppendUint32(h, uint32(riff))
	h = append(h, "WAVEfmt "...)
	h = le.AppendUint32(h, fmtSize)
	h = le.AppendUint16(h, format)
	h = le.AppendUint16(h, uint16(channels))
	h = le.AppendUint32(h, uint32(rate))
	h = le.AppendUint32(h, uint32(rate*block))
	h = le.AppendUint16(h, uint16(block))
	h = le.AppendUint16(h, uint16(bits))
	if float {
		h = le.AppendUint16(h, 0) // cbSize
		h = append(h, "fact"...)
		h = le.AppendUint32(h, 4)
		h = le.AppendUint32(h, uint32(len(samples)/channels))
	}
	h = append(h, "data"...)
	h = le.AppendUint32(h, uint32(data))
	bw.Write(h)
	var b [4]byte
	for _, s := range samples {
		if float {
			le.PutUint32(b[:], math.Float32bits(s))
			bw.Write(b[:4])
			continue
		}
		v := math.Round(float64(max(-1, min(1, s))) * 32767)
		le.PutUint16(b[:], uint16(int16(v)))
		bw.Write(b[:2])
	}
	return bw.Flush()
}
