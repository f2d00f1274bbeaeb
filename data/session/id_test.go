package session

import (
	"testing"
	"time"

	"drawshow/show"
)

// TestShowBaseTransliterates: a show id keeps a promotion's letters
// without their accents, not without the letters (issue 40: "Festivo
// Zoë" made festivo-zo-…).
func TestShowBaseTransliterates(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 12, 7, 18, 0, 0, 0, time.UTC)
	for promo, want := range map[string]string{
		"Festivo Zoë":                  "festivo-zoe-2026-12-07",
		"Royal Flush":                  "royal-flush-2026-12-07",
		"Łódź Straße Ærø Cash Draw":    "lodz-strasse-aero-cash-draw-2026-12-07",
		"Summer Festivo Prize Splash!": "summer-festivo-prize-splash-2026-12-07",
		"李小龍":                          "show-2026-12-07",
	} {
		sh := &show.Show{Promotion: promo, Location: time.UTC}
		if got := ShowBase(sh, at); got != want {
			t.Errorf("ShowBase(%q) = %q, want %q", promo, got, want)
		}
	}
}
