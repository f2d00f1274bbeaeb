// Command gen writes the demo show that drawshow embeds (package
// drawshow/assets/demo): a Saturday night of the "Summer Nights" promotion
// at the fictional Jacaranda Grove Casino, with its entry files, the desk's
// lists and the casino's logo.
//
// Everything comes from a fixed seed, so a run writes the same bytes each
// time. From the repository root:
//
//	go run ./assets/demo/gen            # rewrites assets/demo
//	go run ./assets/demo/gen -out DIR   # writes the files into DIR
//
// The members, cards, phone numbers and e-mail addresses are invented.
package main

import (
	"bytes"
	"drawshow/data/datatest"
	"encoding/csv"
	"flag"
	"fmt"
	"log"
	"maps"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// The night and its sizes.
const (
	population   = 1850 // members with points in the promotion period
	cashMembers  = 1400 // of them, members with tickets for the cash draw
	firstTicket  = 3184001
	cardPrefix   = "602177" // six digits, then nine, then a Luhn check digit
	showDate     = "2026-12-05"
	seedA, seedB = 20261205, 0x4a616361 // "Jaca"
)

// Tiers, with their share of the membership and, for a member of the tier,
// the mean extra cash-draw tickets (beyond the first) and the median points
// earned in the promotion period.
var tiers = []struct {
	name   string
	share  float64
	extra  float64
	points float64
}{
	{"Ace", 0.015, 7.5, 16000},
	{"King", 0.05, 6.0, 6500},
	{"Queen", 0.13, 4.6, 2800},
	{"Jack", 0.27, 3.4, 1200},
	{"Ten", 0.535, 2.55, 420},
}

type member struct {
	card           string
	first, surname string
	community      *community
	tier           string
	points         uint64
	mobile, email  string
	tickets        int // cash-draw tickets; 0 when not in that file
}

func (m *member) name() string { return m.first + " " + m.surname }

func main() {
	log.SetFlags(0)
	out := flag.String("out", filepath.Join("assets", "demo"), "write the demo show into `DIR`")
	flag.Parse()
	if err := generate(*out); err != nil {
		log.Fatal(err)
	}
}

func generate(dir string) error {
	rng := rand.New(rand.NewPCG(seedA, seedB))
	members := makeMembers(rng)

	// The cash draw's ticket holders, and their tickets in the order the
	// Rewards system issued them through the week.
	holders := slices.Clone(members)
	rng.Shuffle(len(holders), func(i, j int) { holders[i], holders[j] = holders[j], holders[i] })
	holders = holders[:cashMembers]
	var issued []*member
	for _, m := range holders {
		m.tickets = cashTickets(rng, m.tier)
		for range m.tickets {
			issued = append(issued, m)
		}
	}
	rng.Shuffle(len(issued), func(i, j int) { issued[i], issued[j] = issued[j], issued[i] })

	// The desk's lists: cards taken from both entry files, none twice.
	both := func() []*member {
		var b []*member
		for _, m := range members {
			if m.tickets > 0 {
				b = append(b, m)
			}
		}
		return b
	}()
	rng.Shuffle(len(both), func(i, j int) { both[i], both[j] = both[j], both[i] })
	pick := func(n int) []*member { p := both[:n]; both = both[n:]; return p }
	excluded := pick(4)
	declined := pick(3)
	nominated := pick(6)
	slices.SortFunc(excluded, byCard)
	slices.SortFunc(declined, byCard)
	slices.SortFunc(nominated, byCard)

	files := map[string][]byte{
		"show.yaml":             []byte(showFile),
		"entries/cash-draw.csv": cashFile(issued),
		"entries/members.csv":   membersFile(members),
		"exclusions.csv":        exclusionsFile(rng, excluded),
		"register.csv":          registerFile(declined),
		"proxies.csv":           proxiesFile(rng, nominated),
		"logo.png":              logo(),
	}
	for _, name := range slices.Sorted(maps.Keys(files)) {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, files[name], 0o644); err != nil {
			return err
		}
	}
	fmt.Fprintf(os.Stderr, "wrote %s: %d members, %d of them with %d cash-draw tickets\n",
		dir, len(members), len(holders), len(issued))
	return nil
}

func byCard(a, b *member) int { return strings.Compare(a.card, b.card) }

// makeMembers invents the membership, sorted by card number.
func makeMembers(rng *rand.Rand) []*member {
	cards := map[string]bool{}
	emails := map[string]bool{}
	var members []*member
	for len(members) < population {
		m := &member{}
		m.community = pickCommunity(rng)
		m.first, m.surname = personName(rng, m.community)
		for m.card == "" || cards[m.card] {
			m.card = datatest.Luhn(fmt.Sprintf("%s%09d", cardPrefix, rng.IntN(1e9)))
		}
		cards[m.card] = true
		t := pickTier(rng)
		m.tier = tiers[t].name
		m.points = uint64(math.Round(tiers[t].points * math.Exp(0.85*rng.NormFloat64())))
		if rng.Float64() < 0.72 {
			m.mobile = mobile(rng)
		}
		if rng.Float64() < 0.48 {
			for m.email == "" || emails[m.email] {
				m.email = email(rng, m)
			}
			emails[m.email] = true
		}
		members = append(members, m)
	}
	slices.SortFunc(members, byCard)
	return members
}

// personName is a given name and surname from community c.
func personName(rng *rand.Rand, c *community) (first, surname string) {
	return givenName(rng, c), c.surnames[rng.IntN(len(c.surnames))]
}

func givenName(rng *rand.Rand, c *community) string {
	if c.borrowed > 0 && rng.Float64() < c.borrowed {
		return c.borrow[rng.IntN(len(c.borrow))]
	}
	return c.first[rng.IntN(len(c.first))]
}

func pickCommunity(rng *rand.Rand) *community {
	x := rng.Float64()
	for i := range communities {
		if x -= communities[i].share; x < 0 {
			return &communities[i]
		}
	}
	return &communities[len(communities)-1]
}

func pickTier(rng *rand.Rand) int {
	x := rng.Float64()
	for i, t := range tiers {
		if x -= t.share; x < 0 {
			return i
		}
	}
	return len(tiers) - 1
}

// cashTickets is a member's tickets for the cash draw: 1 to 12, more for
// the higher tiers, who play more.
func cashTickets(rng *rand.Rand, tier string) int {
	for _, t := range tiers {
		if t.name == tier {
			return min(12, 1+int(rng.ExpFloat64()*t.extra))
		}
	}
	panic("unknown tier " + tier)
}

// mobile is a South African mobile number, written as the Rewards system
// exports it.
func mobile(rng *rand.Rand) string {
	prefixes := []string{"60", "61", "62", "63", "64", "65", "66", "67", "68", "71", "72", "73", "74", "76", "78", "79", "81", "82", "83", "84"}
	n := rng.IntN(10_000_000)
	return fmt.Sprintf("+27 %s %03d %04d", prefixes[rng.IntN(len(prefixes))], n/10_000, n%10_000)
}

var mailDomains = []struct {
	domain string
	share  float64
}{
	{"gmail.com", 0.42}, {"outlook.com", 0.1}, {"yahoo.com", 0.09}, {"icloud.com", 0.08},
	{"webmail.co.za", 0.08}, {"mweb.co.za", 0.06}, {"telkomsa.net", 0.05},
	{"vodamail.co.za", 0.05}, {"hotmail.com", 0.07},
}

func email(rng *rand.Rand, m *member) string {
	first, last := ascii(m.first), ascii(m.surname)
	var local string
	switch rng.IntN(6) {
	case 0, 1:
		local = first + "." + last
	case 2:
		local = first + last + fmt.Sprintf("%02d", rng.IntN(100))
	case 3:
		local = first[:1] + last
	case 4:
		local = last + "." + first
	default:
		local = first + fmt.Sprintf("%d", 1958+rng.IntN(46))
	}
	for _, r := range local {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '.') {
			panic(fmt.Sprintf("e-mail address %q of %s: fold %q in ascii", local, m.name(), r))
		}
	}
	x := rng.Float64()
	for _, d := range mailDomains {
		if x -= d.share; x < 0 {
			return local + "@" + d.domain
		}
	}
	return local + "@gmail.com"
}

// ascii folds a name to the letters of an e-mail address: lower case,
// accents dropped, spaces, dashes and apostrophes gone.
func ascii(s string) string {
	fold := strings.NewReplacer("á", "a", "à", "a", "â", "a", "ã", "a", "ç", "c", "é", "e", "ê", "e", "ë", "e",
		"è", "e", "í", "i", "ó", "o", "ô", "o", "õ", "o", "ö", "o", "ú", "u", "ü", "u", " ", "", "-", "", "'", "")
	return fold.Replace(strings.ToLower(s))
}

// csvFile writes rows as CSV; bom starts the file with a UTF-8 byte order
// mark, as Excel writes "CSV UTF-8".
func csvFile(bom bool, rows [][]string) []byte {
	var b bytes.Buffer
	if bom {
		b.WriteString("\uFEFF")
	}
	w := csv.NewWriter(&b)
	if err := w.WriteAll(rows); err != nil {
		panic(err)
	}
	return b.Bytes()
}

// cashFile is the cash draw's entry file: one row a ticket, by ticket number.
func cashFile(issued []*member) []byte {
	rows := [][]string{{"Ticket No", "Card Number", "Member Name", "Tier"}}
	for i, m := range issued {
		rows = append(rows, []string{fmt.Sprint(firstTicket + i), m.card, m.name(), m.tier})
	}
	return csvFile(false, rows)
}

// membersFile is the points export: one row a member, with the contact
// details the prize desk uses for winners who were not there.
func membersFile(members []*member) []byte {
	rows := [][]string{{"Rewards Card No", "Member Name", "Card Tier", "Points Earned", "Mobile", "Email"}}
	for _, m := range members {
		rows = append(rows, []string{m.card, m.name(), m.tier, fmt.Sprint(m.points), m.mobile, m.email})
	}
	return csvFile(true, rows)
}

func exclusionsFile(rng *rand.Rand, excluded []*member) []byte {
	reasons := []string{"Self-excluded (NRGP)", "Staff", "Staff family", "Self-excluded (NRGP)"}
	rows := [][]string{{"Card Number", "Member Name", "Reason", "Listed On"}}
	for i, m := range excluded {
		listed := fmt.Sprintf("2026-%02d-%02d", 1+rng.IntN(11), 1+rng.IntN(28))
		rows = append(rows, []string{m.card, m.name(), reasons[i%len(reasons)], listed})
	}
	// A barred card that played nothing this period.
	first, surname := personName(rng, pickCommunity(rng))
	rows = append(rows, []string{datatest.Luhn(cardPrefix + "000417230"), first + " " + surname, "Refused entry", "2025-08-16"})
	return csvFile(false, rows)
}

func registerFile(declined []*member) []byte {
	rows := [][]string{{"Card Number", "Member Name", "Acknowledged On"}}
	for i, m := range declined {
		rows = append(rows, []string{m.card, m.name(), fmt.Sprintf("2026-11-%02d", 3+4*i)})
	}
	return csvFile(false, rows)
}

// proxiesFile nominates a relative or friend for each of nominated: a
// spouse, parent, child or sibling with the member's surname, or a friend.
func proxiesFile(rng *rand.Rand, nominated []*member) []byte {
	rows := [][]string{{"Card Number", "Member Name", "Nominee Name", "Nominee ID", "Relationship"}}
	used := map[string]bool{}
	for _, m := range nominated {
		var name, rel string
		for name == "" || used[name] || name == m.name() {
			if rng.IntN(3) > 0 {
				name = givenName(rng, m.community) + " " + m.surname
				rel = []string{"Spouse", "Parent", "Child", "Sibling"}[rng.IntN(4)]
			} else {
				first, surname := personName(rng, pickCommunity(rng))
				name, rel = first+" "+surname, "Friend"
			}
		}
		used[name] = true
		rows = append(rows, []string{m.card, m.name(), name, datatest.SAID(rng), rel})
	}
	return csvFile(false, rows)
}

const showFile = `# drawshow's demo: a Saturday night at a fictional casino. The members,
# cards, phone numbers and e-mail addresses are invented.
# Written by ` + "`go run ./assets/demo/gen`" + `; change the generator, not this file.
promotion: Summer Nights
property: Jacaranda Grove Casino
currency: ZAR
timezone: Africa/Johannesburg
claim_seconds: 90
brand:
  name: Jacaranda Grove
  primary: "#5b3a99"
  accent: "#f4b942"
  background: "#160f2b"
  logo: logo.png
exclusions: exclusions.csv
register: register.csv
proxies: proxies.csv
segments:
  - id: sat-cash
    title: Saturday Cash Draw
    at: "` + showDate + `T21:30"
    entries: entries/cash-draw.csv
    tickets: per-row
    winners: 5
    prizes: ["R10 000"]
    win_once: day
  - id: points-draw
    title: Summer Nights Points Draw
    at: "` + showDate + `T22:00"
    entries: entries/members.csv
    columns: {card: Rewards Card No, tier: Card Tier, points: Points Earned}
    tickets: points
    points_per_ticket: 300
    cap: {ace: 4, king: 4, queen: 3, jack: 1, ten: 1}
    winners: 3
    prizes: ["R50 000", "R25 000", "R10 000"]
    win_once: day
  - id: members-draw
    title: Members' Draw (winners need not be present)
    at: "` + showDate + `T22:30"
    entries: entries/members.csv
    columns: {card: Rewards Card No, tier: Card Tier, points: Points Earned}
    tickets: points
    fixed: {ace: 1, king: 1, queen: 1, jack: 1, ten: 1}
    winners: 2
    prizes: ["Two nights for two at the Jacaranda Grove Hotel", "R5 000 dining voucher"]
    win_once: day
    attendance: not-required
  - id: bonus-play
    kind: slide
    title: Bonus Play Multiplier
    at: "` + showDate + `T22:45"
    body: |
      Play Slots and Tables with the Tsogo Sun App and your Bonus Play is multiplied:
      Ace 6x · King 5x · Queen 4x · Jack and Ten 3x.
      Multiplied Bonus Play shows on the app once your session ends.
`
