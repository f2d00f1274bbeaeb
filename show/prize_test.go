package show

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

func TestParsePrize(t *testing.T) {
	for _, c := range []struct {
		currency, text string
		amount         int64
		cash           bool
	}{
		{"ZAR", "R2 500", 2500, true},
		{"ZAR", "R2500", 2500, true},
		{"ZAR", "R 2 500", 2500, true},
		{"ZAR", "ZAR 2 500", 2500, true},
		{"ZAR", "R250 000", 250000, true},
		{"ZAR", "R1 000 000", 1000000, true},
		{"ZAR", "R2\u202f500", 2500, true}, // as Money may group
		{"ZAR", "R2\u00a0500", 2500, true},
		{"ZAR", "R5", 5, true},
		{"ZAR", "R2 500 cash", 2500, true},
		{"ZAR", "R5 000 dining voucher", 5000, false},
		{"ZAR", "Weekend for two", 0, false},
		{"ZAR", "Toyota Corolla", 0, false},
		{"ZAR", "Rolex watch", 0, false},
		{"ZAR", "Grand Finale finalist (wild card)", 0, false},
		{"ZAR", "2 500 points", 0, false},
		{"ZAR", "VIP 2 nights", 0, false},
		{"USD", "USD 2 500", 2500, true},
		{"USD", "USD2500", 2500, true},
		{"USD", "Rolex", 0, false},
	} {
		p, err := ParsePrize(c.currency, c.text)
		if err != nil {
			t.Errorf("ParsePrize(%s, %q): %v", c.currency, c.text, err)
			continue
		}
		if p.Amount != c.amount || p.Cash != c.cash || p.Text != c.text {
			t.Errorf("ParsePrize(%s, %q) = %+v, want amount %d cash %v", c.currency, c.text, p, c.amount, c.cash)
		}
		if want := map[bool]string{true: c.currency, false: ""}[c.amount > 0]; p.Currency != want {
			t.Errorf("ParsePrize(%s, %q): currency %q, want %q", c.currency, c.text, p.Currency, want)
		}
	}
}

func TestParsePrizeRefuses(t *testing.T) {
	for _, c := range []struct{ currency, text, why string }{
		{"ZAR", "R2,5OO", "comma"},
		{"ZAR", "R2,500", "comma"},
		{"ZAR", "R2.500", "point"},
		{"ZAR", "R2 500.00", "point"},
		{"ZAR", "R25OO", "letter O"},
		{"ZAR", "R2 5OO", "group of three"},
		{"ZAR", "R2 50", "group of three"},
		{"ZAR", "R2 5000", "group of three"},
		{"ZAR", "R2500 000", "first group"},
		{"ZAR", "R0", "zero"},
		{"ZAR", "R0500", "zero"},
		{"ZAR", "R2x", "not a digit"},
		{"ZAR", "R99999999999999999999", "far above"},
		{"ZAR", "USD 500", "currency is ZAR"},
		{"ZAR", "$500", "currency is ZAR"},
		{"ZAR", "2 500", "no currency"},
		{"ZAR", "", "empty"},
		{"ZAR", "  ", "empty"},
	} {
		_, err := ParsePrize(c.currency, c.text)
		if err == nil {
			t.Errorf("ParsePrize(%s, %q) read", c.currency, c.text)
			continue
		}
		if !strings.Contains(err.Error(), strconv.Quote(c.text)) || !strings.Contains(err.Error(), c.why) {
			t.Errorf("ParsePrize(%s, %q): %v; want the value and %q", c.currency, c.text, err, c.why)
		}
	}
}

// A prize that does not read is a problem of the show file on the prize's
// own line, with its value; the show is not made.
func TestParseShowNamesBadPrize(t *testing.T) {
	text := `promotion: P
property: Q
segments:
  - id: cash
    entries: e.csv
    prizes:
      - R5 000
      - R2,5OO
  - id: bonus
    kind: bonus-jackpot
    entries: b.csv
    windows: ["2024-11-27 20:00-21:00"]
    per_hour: 1
    envelopes: ["R1 000", "R1 5OO"]
`
	sh, err := Parse("s.yaml", []byte(text))
	var se *ShowError
	if sh != nil || !errors.As(err, &se) {
		t.Fatalf("Parse: %v", err)
	}
	want := []string{`8: segment cash: prizes: prize "R2,5OO"`, `14: segment bonus: envelopes: prize "R1 5OO"`}
	for _, w := range want {
		found := false
		for _, m := range se.Errs {
			found = found || strings.HasPrefix(m, w)
		}
		if !found {
			t.Errorf("no problem %q in %q", w, se.Errs)
		}
	}
}

func FuzzParsePrize(f *testing.F) {
	for _, s := range []string{"R2 500", "R2,5OO", "R5 000 dining voucher", "Toyota Corolla", "ZAR 1 000 000", "R2\u202f500", "USD 5", "$5", "2 500", "R0", ""} {
		f.Add("ZAR", s)
	}
	f.Add("USD", "USD 2 500")
	f.Fuzz(func(t *testing.T, currency, text string) {
		if len(currency) != 3 || !isUpperCode(currency) {
			currency = "ZAR"
		}
		p, err := ParsePrize(currency, text)
		if err != nil {
			if !strings.Contains(err.Error(), strconv.Quote(text)) {
				t.Fatalf("error %q does not name the value %q", err, text)
			}
			return
		}
		if p.Text != text || p.Amount < 0 || p.Amount > maxPrize || (p.Amount == 0) != (p.Currency == "") || p.Cash && p.Amount == 0 {
			t.Fatalf("ParsePrize(%q) = %+v", text, p)
		}
		if p.Amount > 0 {
			if p.Currency != currency {
				t.Fatalf("ParsePrize(%q): currency %q", text, p.Currency)
			}
			// the sum it read is the sum Money writes, which reads back the same
			q, err := ParsePrize(currency, Money(currency, p.Amount))
			if err != nil || !q.Cash || q.Amount != p.Amount {
				t.Fatalf("Money(%d) = %q reads %+v, %v", p.Amount, Money(currency, p.Amount), q, err)
			}
		}
	})
}
