package entries

import (
	"testing"
	"time"
)

func TestParseVisit(t *testing.T) {
	for in, want := range map[string]string{
		"2024-03-15": "2024-03-15", "2024/03/15": "2024-03-15", "2024-03-15 21:04": "2024-03-15",
		"2024-03-15T21:04:05": "2024-03-15", "45366": "2024-03-15", "45366.75": "2024-03-15",
	} {
		if got, err := parseVisit(in); err != nil || got != want {
			t.Errorf("parseVisit(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"03/04/2024", "15 March 2024", "2024-13-01", "0", "yesterday"} {
		const want = "is not a date read without guessing: write it as 2024-03-15 (in Excel, format the column as yyyy-mm-dd, or keep it a date cell)"
		if got, err := parseVisit(in); err == nil || err.Error() != want {
			t.Errorf("parseVisit(%q) = %q, %v; want the refusal %q", in, got, err, want)
		}
	}
}

func FuzzParseVisit(f *testing.F) {
	for _, s := range []string{"2024-03-15", "45366.5", "03/04/2024", "2024/02/30", "-1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := parseVisit(s)
		if err != nil {
			return
		}
		if _, perr := time.Parse(time.DateOnly, d); perr != nil {
			t.Fatalf("parseVisit(%q) = %q, not a date", s, d)
		}
	})
}
