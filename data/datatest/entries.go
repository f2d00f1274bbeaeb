// Package datatest makes the large entry files the benchmarks of data and
// cmd/drawshow import, and the card and ID numbers the demo's and the
// examples' generators write: test material, not part of the program.
// Its folder formats holds what each record format was written in (see
// rig.Formats).
package datatest

import (
	"encoding/csv"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
)

// WriteEntryCSV writes an entry file as a casino's Rewards export looks:
// header "Ticket No,Card,Name,Tier,Points", one row per ticket, unique
// 8-digit tickets in random order, about `people` distinct 16-digit cards
// (a few hold many tickets, most hold few), South African names (accents,
// apostrophes, commas and quotes that need CSV quoting), Rewards tiers.
// The content depends only on rows and people.
func WriteEntryCSV(path string, rows, people int) error {
	rng := rand.New(rand.NewPCG(2024, 1130))
	first := []string{"Thabo", "Sipho", "Nomvula", "Lerato", "Pieter", "Johan", "Anél", "Zoë", "Thandiwe", "Bongani",
		"Kagiso", "Naledi", "Refilwe", "Mpho", "Ayanda", "Lindiwe", "Karabo", "François", "Marié", "Siyabonga",
		"Precious", "Themba", "Nosipho", "René", "Chloé", "Priya", "Rajesh", "Fatima", "Ruan", "Annelie"}
	last := []string{"Dlamini", "Nkosi", "Ndlovu", "Khumalo", "Mokoena", "Botha", "van der Merwe", "du Plessis", "Naidoo",
		"Pillay", "Mthembu", "Ngcobo", "Zulu", "Mahlangu", "Molefe", "Coetzée", "Müller", "O'Reilly", "Dlamini-Zuma",
		"Ramaphosa", "Sithole", "Steyn", "Jacobs", "Adams", "Govender", "Le Roux", "Mbeki", "Nel", "Pretorius", "Van Wyk"}
	tiers := []string{"Ace", "King", "Queen", "Jack", "Ten"}

	type person struct {
		card, name, tier string
		points           int
	}
	ps := make([]person, people)
	seen := make(map[uint64]bool, people)
	for i := range ps {
		n := rng.Uint64N(1_000_000_000_000)
		for seen[n] {
			n = rng.Uint64N(1_000_000_000_000)
		}
		seen[n] = true
		name := first[rng.IntN(len(first))] + " " + last[rng.IntN(len(last))]
		switch i % 50 {
		case 7: // "Surname, First" needs quoting
			name = last[rng.IntN(len(last))] + ", " + first[rng.IntN(len(first))]
		case 23: // a nickname in quotes
			name = first[rng.IntN(len(first))] + ` "Jannie" ` + last[rng.IntN(len(last))]
		}
		t := 4 // ten 35%, jack 30%, queen 20%, king 10%, ace 5%
		switch u := rng.IntN(100); {
		case u < 5:
			t = 0
		case u < 15:
			t = 1
		case u < 35:
			t = 2
		case u < 65:
			t = 3
		}
		ps[i] = person{card: fmt.Sprintf("6001%012d", n), name: name, tier: tiers[t], points: rng.IntN(100_000)}
	}
	// Every participant holds one ticket; the rest go mostly to a few.
	owner := make([]int32, rows)
	for r := range owner {
		if r < people {
			owner[r] = int32(r)
		} else {
			u := rng.Float64()
			owner[r] = int32(math.Min(float64(people-1), float64(people)*u*u*u))
		}
	}
	rng.Shuffle(len(owner), func(i, j int) { owner[i], owner[j] = owner[j], owner[i] })
	tickets := rng.Perm(rows)

	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	w := csv.NewWriter(f)
	w.Write([]string{"Ticket No", "Card", "Name", "Tier", "Points"})
	rec := make([]string, 5)
	for r := range rows {
		p := &ps[owner[r]]
		rec[0] = strconv.Itoa(10_000_000 + tickets[r])
		rec[1], rec[2], rec[3], rec[4] = p.card, p.name, p.tier, strconv.Itoa(p.points)
		w.Write(rec)
	}
	w.Flush()
	if err := w.Error(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
