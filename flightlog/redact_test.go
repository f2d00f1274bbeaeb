package flightlog

import (
	"testing"
)

func TestMaskNumbers(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"card 6021775679076538 refused", "card •••• 6538 refused"},
		{"card 6021 7756 7907 6538", "card •••• 6538"},
		{"ID 8001015009087,", "ID •••• 9087,"},
		{"ticket 3184001 drawn", "ticket 3184001 drawn"}, // a ticket is no one's
		{"at 2026-12-01 21:30:05", "at 2026-12-01 21:30:05"},
		{"commitment 5f0c12345678901234ab", "commitment 5f0c12345678901234ab"}, // a hash is not a card
		{"pid 4123456", "pid 4123456"},
	} {
		if got := MaskNumbers(c.in); got != c.want {
			t.Errorf("MaskNumbers(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestMaskQuoted(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`proxies.csv row 4, column "Nominee": nominee "Sibusiso Mthembu" is also named on row 2, for card "6001000239701014"`,
			`proxies.csv row 4, column "Nominee": nominee "…" is also named on row 2, for card "…"`},
		{`entries.csv row 9, column "Tier": unknown tier "Platinum \"X\"" (valid: Ace)`,
			`entries.csv row 9, column "Tier": unknown tier "…" (valid: Ace)`},
		{`no column "Card", which the show file names`, `no column "Card", which the show file names`},
		{`sheet "Entries" is empty`, `sheet "Entries" is empty`},
	} {
		if got := MaskQuoted(c.in); got != c.want {
			t.Errorf("MaskQuoted(%q)\n = %q\nwant %q", c.in, got, c.want)
		}
	}
}

func TestRedactorSecrets(t *testing.T) {
	var r Redactor
	r.Add("ab", "Thabo Mokoena", "  ")
	got := r.String("THABO MOKOENA and ab", "8001015009087", "x")
	if want := Redacted + " and ab"; got != want {
		t.Fatalf("got %q, want %q (short secrets are ignored)", got, want)
	}
	if got := r.String("id 8001015009087", "8001015009087"); got != "id "+Redacted {
		t.Fatalf("got %q", got)
	}
}
