package verify

import (
	"encoding/json"
	"slices"
	"testing"
)

// TestDiffJSONNamesDrawsAndPicks: a difference inside a list is named by
// what the auditor reads on paper, the draw's id and the pick's number,
// not by its place in the list.
func TestDiffJSONNamesDrawsAndPicks(t *testing.T) {
	t.Parallel()
	a := `{"draws":[{"id":"sat-cash","picks":[{"k":0,"outcome":"claimed"},{"k":1,"outcome":"claimed"}]}],"totals":{"cash":5000},
		"wild_cards":[{"segment":"wc","numbers":[3,7]}],"jackpots":[{"name":"chest","history":[{"date":"2024-12-01","value":20000}]}]}`
	b := `{"draws":[{"id":"sat-cash","picks":[{"k":0,"outcome":"claimed"},{"k":1,"outcome":"forfeit"}]}],"totals":{"cash":4000},
		"wild_cards":[{"segment":"wc","numbers":[3,8]}],"jackpots":[{"name":"chest","history":[{"date":"2024-12-01","value":40000}]}]}`
	got := DiffJSON(json.RawMessage(a), json.RawMessage(b), "record.json", "the database")
	want := []string{
		`draw sat-cash, pick 2, outcome: "claimed" in record.json, "forfeit" in the database`,
		`jackpot chest, week 2024-12-01, value: 20000 in record.json, 40000 in the database`,
		`totals.cash: 5000 in record.json, 4000 in the database`,
		`wild card wc, numbers[1]: 7 in record.json, 8 in the database`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
}
