package entries

import (
	"testing"
	"time"
)

func TestParseVisit(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"2024-03-15": "2024-03-15", "2024/03/15": "2024-03-15", "2024-03-15 21:04": "2024-03-15",
		"2024-03-15T21:04:05": "2024-03-15", "45366": "2024-03-15", "45366.75": "2024-03-15",
		// a day past 12 says which is the day, with no format declared
		"15/03/2024": "2024-03-15", "03/15/2024": "2024-03-15", "15/03/2024 21:04": "2024-03-15",
		"29-11-2024": "2024-11-29", "29.11.2024 08:00:45": "2024-11-29", "5/13/2024": "2024-05-13",
	} {
		if got, err := parseVisit(in, ""); err != nil || got != want {
			t.Errorf("parseVisit(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	const notDate = "is not a date: write it as 2024-03-15 (in Excel, format the column as yyyy-mm-dd, or keep it a date cell), or declare the format the file uses: date_format: DD/MM/YYYY"
	for in, want := range map[string]string{
		"03/04/2024":       "is 3 April or 4 March 2024: the show file must say which, date_format: DD/MM/YYYY or MM/DD/YYYY",
		"03-04-2024":       "is 3 April or 4 March 2024: the show file must say which, date_format: DD-MM-YYYY or MM-DD-YYYY",
		"15 March 2024":    notDate,
		"2024-13-01":       notDate,
		"0":                notDate,
		"yesterday":        notDate,
		"31/02/2024":       notDate,
		"15/13/2024":       notDate,
		"03/04/24":         notDate,
		"03/04/2024 25:00": notDate,
	} {
		if got, err := parseVisit(in, ""); err == nil || err.Error() != want {
			t.Errorf("parseVisit(%q) = %q, %v; want the refusal %q", in, got, err, want)
		}
	}
	// declared: the file's dates read in its format; year-first and date
	// cells as ever; a date the format cannot read is refused
	for _, c := range []struct{ format, in, want, err string }{
		{"DD/MM/YYYY", "03/04/2024", "2024-04-03", ""},
		{"DD/MM/YYYY", "3/4/2024 18:00", "2024-04-03", ""},
		{"MM/DD/YYYY", "03/04/2024", "2024-03-04", ""},
		{"DD.MM.YYYY", "03.04.2024", "2024-04-03", ""},
		{"DD/MM/YYYY", "2024-03-15", "2024-03-15", ""},
		{"DD/MM/YYYY", "45366", "2024-03-15", ""},
		{"DD/MM/YYYY", "04/15/2024", "", "is not a date in the show file's date_format DD/MM/YYYY, nor year-first like 2024-03-15"},
		{"DD/MM/YYYY", "03-04-2024", "", "is not a date in the show file's date_format DD/MM/YYYY, nor year-first like 2024-03-15"},
		{"YYYY/MM/DD", "2024/03/15", "2024-03-15", ""},
	} {
		got, err := parseVisit(c.in, c.format)
		if c.err == "" && (err != nil || got != c.want) || c.err != "" && (err == nil || err.Error() != c.err) {
			t.Errorf("parseVisit(%q, %s) = %q, %v; want %q %q", c.in, c.format, got, err, c.want, c.err)
		}
	}
}

func FuzzParseVisit(f *testing.F) {
	for _, s := range []string{"2024-03-15", "45366.5", "03/04/2024", "2024/02/30", "-1", "29/11/2024 08:00", "11.29.2024", "3/4/2024"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, format := range []string{"", "DD/MM/YYYY", "MM/DD/YYYY", "DD.MM.YYYY", "YYYY-MM-DD"} {
			d, err := parseVisit(s, format)
			if err != nil {
				continue
			}
			if _, perr := time.Parse(time.DateOnly, d); perr != nil {
				t.Fatalf("parseVisit(%q, %s) = %q, not a date", s, format, d)
			}
		}
	})
}
