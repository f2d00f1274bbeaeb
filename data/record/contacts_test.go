package record

import "testing"

// TestE164: numbers as the Rewards system and the proxy forms write them,
// ready for an SMS upload; what cannot be dialled says why (issue 39).
func TestE164(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"082 555 1234":           "+27825551234",
		"082-555-1234":           "+27825551234",
		"(082) 555 1234":         "+27825551234",
		"'0825551234":            "+27825551234", // a spreadsheet's text mark
		"+27 82 555 1234":        "+27825551234",
		"0027825551234":          "+27825551234",
		"27825551234":            "+27825551234",
		"825551234":              "+27825551234", // its zero dropped by Excel
		"+44 20 7946 0958":       "+442079460958",
		"011\u00a0555\u00a01234": "+27115551234",
	} {
		if got, err := E164(in, "27"); err != nil || got != want {
			t.Errorf("E164(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for in, code := range map[string]string{"": "27", "n/a": "27", "555": "27", "+27 (0) 82": "27", "082 555 1234": "", "+0825551234": "27", "12345678901234567": "27"} {
		if got, err := E164(in, code); err == nil {
			t.Errorf("E164(%q, %q) = %q, want an error", in, code, got)
		}
	}
}
