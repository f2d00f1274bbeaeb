package rig

import (
	"strings"
	"testing"

	"drawshow/data/paper"
	"drawshow/data/store"
)

// StatementText is the card's statement of db, as the desk reads it out.
func StatementText(t testing.TB, db *store.DB, card string) string {
	t.Helper()
	st, err := paper.StatementOf(db, card)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := st.WriteText(&b, "campaign.db"); err != nil {
		t.Fatal(err)
	}
	return b.String()
}
