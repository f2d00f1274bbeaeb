package audio

import (
	"bytes"
	"encoding/binary"
	"math"
	"testing"
)

func TestWriteWAV(t *testing.T) {
	in := []float32{0, 0, 0.5, -0.5, 1, -1, 2, -2}
	for _, float := range []bool{false, true} {
		var b bytes.Buffer
		if err := WriteWAV(&b, in, 2, SampleRate, float); err != nil {
			t.Fatal(err)
		}
		d := b.Bytes()
		le := binary.LittleEndian
		if string(d[0:4]) != "RIFF" || string(d[8:16]) != "WAVEfmt " || int(le.Uint32(d[4:])) != len(d)-8 {
			t.Fatalf("float=%v: bad RIFF header % x", float, d[:16])
		}
		fmtSize := le.Uint32(d[16:])
		format, ch, rate := le.Uint16(d[20:]), le.Uint16(d[22:]), le.Uint32(d[24:])
		byteRate, block, bits := le.Uint32(d[28:]), le.Uint16(d[32:]), le.Uint16(d[34:])
		wantFormat, wantBits := uint16(1), uint16(16)
		if float {
			wantFormat, wantBits = 3, 32
		}
		if format != wantFormat || ch != 2 || rate != SampleRate || bits != wantBits ||
			block != 2*bits/8 || byteRate != SampleRate*uint32(block) {
			t.Fatalf("float=%v: fmt %d %d %d %d %d %d", float, format, ch, rate, byteRate, block, bits)
		}
		rest := d[20+fmtSize:]
		if float {
			if string(rest[0:4]) != "fact" || le.Uint32(rest[8:]) != uint32(len(in)/2) {
				t.Fatalf("bad fact chunk % x", rest[:12])
			}
			rest = rest[12:]
		}
		if string(rest[0:4]) != "data" || int(le.Uint32(rest[4:])) != len(rest)-8 || len(rest)-8 != len(in)*int(bits)/8 {
			t.Fatalf("float=%v: bad data chunk", float)
		}
		data := rest[8:]
		for i, x := range in {
			var got float32
			if float {
				got = math.Float32frombits(le.Uint32(data[4*i:]))
			} else {
				got = float32(int16(le.Uint16(data[2*i:]))) / 32767
				x = max(-1, min(1, x))
			}
			if math.Abs(float64(got-x)) > 1.0/32767 {
				t.Errorf("float=%v: sample %d = %v, want %v", float, i, got, x)
			}
		}
	}
	if err := WriteWAV(&bytes.Buffer{}, []float32{1, 2, 3}, 2, SampleRate, false); err == nil || err.Error() != "wav: bad channel count, rate or sample count" {
		t.Errorf("odd sample count for stereo: %v", err)
	}
}
