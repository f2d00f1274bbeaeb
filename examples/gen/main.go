// Command gen writes the example shows of the draws in the promotions'
// terms that examples/saturday (written by hand) does not cover:
//
//	examples/friday-prive           Summer Festivo, 4: Friday Prive Nights
//	examples/day-of-reconciliation  Summer Festivo, 7: Tiered EOD draw
//	examples/nye-prive              Summer Festivo, 8: New Year's Eve Prive draw
//	examples/saturday-cash          Royal Flush, 34–47: Saturday Cash Draws
//	examples/royal-flush-month-end  Royal Flush, 48–69: month-end draws, manual bin, wild card
//	examples/grand-finale           Royal Flush, 70: the Grand Finale's Royal Flush
//	examples/bonus-jackpot          Royal Flush, 4–18: Wednesday Bonus Jackpot
//	examples/jackpot-chest          Summer Festivo, 5: Jackpot Chest
//	examples/jackpot-chest-guaranteed  Summer Festivo, 5.10, 5.22: a guaranteed week
//
// Each gets its show file, its entry files as the casino system exports
// them, the desk's lists, and the headless action script that runs the show
// to its close with the rehearsal seed of examples/README.md. The members,
// cards, phone numbers, e-mail addresses and ID numbers are invented; a
// fixed seed makes every run write the same bytes. From the repository root:
//
//	go run ./examples/gen            # rewrites those folders
//	go run ./examples/gen -out DIR   # writes them into DIR instead
//
// The action scripts are written for the data this program writes: change
// the data and the winners change, and a script may need changing too
// (cmd/drawshow's TestExamples says which line was refused).
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
	"time"
)

const cardPrefix = "6001" // Tsogo Rewards cards: 16 digits, the last a Luhn check

var (
	sast = time.FixedZone("SAST", 2*3600)
	day  = func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, sast) }
)

func main() {
	log.SetFlags(0)
	out := flag.String("out", "examples", "write the example folders into `DIR`")
	flag.Parse()
	files := map[string][]byte{}
	mc, mcExclusions := montecasino(files)
	grc, grcExclusions := goldReefCity(files)
	finale(files, grc, grcExclusions, mc, mcExclusions)
	for _, name := range slices.Sorted(maps.Keys(files)) {
		path := filepath.Join(*out, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			log.Fatal(err)
		}
		if err := os.WriteFile(path, files[name], 0o644); err != nil {
			log.Fatal(err)
		}
	}
	for _, name := range slices.Sorted(maps.Keys(files)) {
		if strings.Contains(name, "/entries/") {
			fmt.Fprintf(os.Stderr, "%s: %d rows\n", filepath.Join(*out, name), bytes.Count(files[name], []byte("\n"))-1)
		}
	}
}

// Tiers with their share of the membership and, for a member of the tier,
// the median spend and gaming visits in the last 12 months and the median
// points earned in a week of Royal Flush.
var tiers = []struct {
	name          string
	share         float64
	spend, visits float64
	weekPoints    float64
}{
	{"Ace", 0.03, 650_000, 70, 14_000},
	{"King", 0.08, 160_000, 45, 5_500},
	{"Queen", 0.17, 40_000, 28, 2_200},
	{"Jack", 0.27, 9_000, 14, 900},
	{"Ten", 0.45, 2_500, 6, 380},
}

type member struct {
	card          string
	first, last   string
	tier          int // index in tiers
	mobile, email string
	lastVisit     time.Time // last gaming visit before 16 December 2024
	visits        int       // gaming visits in the 12 months to 6 December 2024
	spend         int       // rand spent in them
	points        int       // Royal Flush: points earned in the week to 23 November 2024
	community     int
}

func (m *member) name() string     { return m.first + " " + m.last }
func (m *member) tierName() string { return tiers[m.tier].name }

// spendQualified is 4.2: an average spend of R5 000, or a total of R50 000
// or more, in the last 12 months.
func (m *member) spendQualified() bool { return m.spend >= 50_000 || m.spend/m.visits >= 5_000 }

// makeMembers invents n members, sorted by card number.
func makeMembers(rng *rand.Rand, n int) []*member {
	cards, emails := map[string]bool{}, map[string]bool{}
	var ms []*member
	for len(ms) < n {
		m := &member{community: pickCommunity(rng)}
		c := &communities[m.community]
		m.first, m.last = c.first[rng.IntN(len(c.first))], c.surnames[rng.IntN(len(c.surnames))]
		for m.card == "" || cards[m.card] {
			m.card = datatest.Luhn(fmt.Sprintf("%s%011d", cardPrefix, rng.Int64N(1e11)))
		}
		cards[m.card] = true
		x := rng.Float64()
		for m.tier = 0; m.tier < len(tiers)-1; m.tier++ {
			if x -= tiers[m.tier].share; x < 0 {
				break
			}
		}
		t := tiers[m.tier]
		m.visits = max(1, int(math.Round(t.visits*math.Exp(0.5*rng.NormFloat64()))))
		m.spend = int(math.Round(t.spend*math.Exp(0.9*rng.NormFloat64())/10) * 10)
		m.points = int(math.Round(t.weekPoints * math.Exp(0.9*rng.NormFloat64())))
		m.lastVisit = lastVisit(rng)
		if rng.Float64() < 0.8 {
			m.mobile = mobile(rng)
		}
		if rng.Float64() < 0.55 {
			for m.email == "" || emails[m.email] {
				m.email = email(rng, m)
			}
			emails[m.email] = true
		}
		ms = append(ms, m)
	}
	slices.SortFunc(ms, func(a, b *member) int { return strings.Compare(a.card, b.card) })
	return ms
}

// lastVisit is a member's last gaming visit before 16 December 2024: most in
// 2024, some in 2023, a few longer ago than the two years of 7.2.
func lastVisit(rng *rand.Rand) time.Time {
	between := func(from, to time.Time) time.Time {
		return from.AddDate(0, 0, rng.IntN(int(to.Sub(from).Hours()/24)+1))
	}
	switch x := rng.Float64(); {
	case x < 0.55:
		return between(day(2024, 10, 1), day(2024, 12, 15))
	case x < 0.75:
		return between(day(2024, 1, 1), day(2024, 9, 30))
	case x < 0.88:
		return between(day(2023, 1, 1), day(2023, 12, 31))
	case x < 0.92:
		return between(day(2022, 9, 1), day(2022, 12, 31))
	default:
		return between(day(2019, 3, 1), day(2022, 8, 31))
	}
}

// activations spreads n eHost activations over a day from 08:00 to before
// the draw at close, in time order.
func activations(rng *rand.Rand, d time.Time, n int, close time.Duration) []time.Time {
	ts := make([]time.Time, n)
	open := 8 * time.Hour
	for i := range ts {
		ts[i] = d.Add(open + time.Duration(rng.Int64N(int64(close-open)))).Truncate(time.Second)
	}
	slices.SortFunc(ts, func(a, b time.Time) int { return a.Compare(b) })
	return ts
}

func shuffled(rng *rand.Rand, ms []*member) []*member {
	out := slices.Clone(ms)
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

func byCard(ms []*member) []*member {
	out := slices.Clone(ms)
	slices.SortFunc(out, func(a, b *member) int { return strings.Compare(a.card, b.card) })
	return out
}

const clockFmt = "2006-01-02 15:04:05"

// montecasino writes the three Summer Festivo examples over one membership,
// and returns the members and their exclusions list for the finale examples.
func montecasino(files map[string][]byte) ([]*member, []byte) {
	rng := rand.New(rand.NewPCG(20241206, 0x4d6f6e74)) // "Mont"
	members := makeMembers(rng, 3000)

	// The exclusions: members who self-excluded, were refused entry or are
	// staff or family (1, 2; 7.1), two of them big enough players to
	// qualify for the Prive.
	var big []*member
	for _, m := range members {
		if m.tier <= 1 && m.spendQualified() {
			big = append(big, m)
		}
	}
	big = shuffled(rng, big)[:2]
	excluded := shuffled(rng, members)[:4]
	for _, m := range big {
		if !slices.Contains(excluded, m) {
			excluded = append(excluded, m)
		}
	}
	excluded = byCard(excluded)
	exclusions := [][]string{{"Card Number", "Member Name", "Reason", "Listed On"}}
	reasons := []string{"Self-excluded (NRGP)", "Staff", "Refusal of Entry", "Staff family", "Self-excluded (NRGP)", "Marketing service provider"}
	for i, m := range excluded {
		exclusions = append(exclusions, []string{m.card, m.name(), reasons[i], fmt.Sprintf("2024-%02d-%02d", 1+rng.IntN(11), 1+rng.IntN(28))})
	}
	exclusionsFile := csvFile(exclusions)

	// 4: Friday 6 December 2024. The casino system's export: the members
	// who passed the spend test and activated their tickets at the eHost.
	// A Queen who passed it can activate too; the show's tiers keep her out.
	var prive []*member
	for _, m := range members {
		p := map[string]float64{"Ace": 0.85, "King": 0.8, "Queen": 0.12}[m.tierName()]
		if m.spendQualified() && rng.Float64() < p {
			prive = append(prive, m)
		}
	}
	prive = shuffled(rng, prive)
	rows := [][]string{{"Card Number", "Member Name", "Tier", "Visits (12m)", "Average Spend (12m)", "Total Spend (12m)", "Activated At"}}
	for i, t := range activations(rng, day(2024, 12, 6), len(prive), 20*time.Hour+55*time.Minute) {
		m := prive[i]
		rows = append(rows, []string{m.card, m.name(), m.tierName(), fmt.Sprint(m.visits), fmt.Sprint(m.spend / m.visits), fmt.Sprint(m.spend), t.Format(clockFmt)})
	}
	files["friday-prive/show.yaml"] = []byte(fridayShow)
	files["friday-prive/entries/prive-2024-12-06.csv"] = csvFile(rows)
	files["friday-prive/exclusions.csv"] = exclusionsFile
	files["friday-prive/actions.txt"] = []byte(fridayActions)

	// 7: Monday 16 December 2024. The export: every member who activated
	// the ticket at the eHost on the day (7.5), with the last gaming
	// visit; the show file's qualify keeps out those without one in the
	// two years before the draw (7.2).
	var eod []*member
	for _, m := range members {
		if rng.Float64() < 0.5 {
			eod = append(eod, m)
		}
	}
	eod = shuffled(rng, eod)
	rows = [][]string{{"Card Number", "Member Name", "Tier", "Last Gaming Visit", "Activated At"}}
	for i, t := range activations(rng, day(2024, 12, 16), len(eod), 19*time.Hour+55*time.Minute) {
		m := eod[i]
		rows = append(rows, []string{m.card, m.name(), m.tierName(), m.lastVisit.Format("2006-01-02"), t.Format(clockFmt)})
	}
	files["day-of-reconciliation/show.yaml"] = []byte(eodShow)
	files["day-of-reconciliation/entries/eod-2024-12-16.csv"] = csvFile(rows)
	files["day-of-reconciliation/exclusions.csv"] = exclusionsFile
	files["day-of-reconciliation/actions.txt"] = []byte(eodActions)

	// 8: Tuesday 31 December 2024. The eHost's tickets: Ace, King and Queen
	// members with a gaming visit in 2024 (8.2) who printed one on the day
	// (8.1); some printed a second by mistake, which 8.3 does not count.
	var nye []*member
	for _, m := range members {
		if m.tier <= 2 && m.lastVisit.Year() == 2024 && rng.Float64() < 0.55 {
			nye = append(nye, m)
			if rng.Float64() < 0.06 {
				nye = append(nye, m)
			}
		}
	}
	nye = shuffled(rng, nye)
	rows = [][]string{{"Ticket No", "Card Number", "Member Name", "Tier", "Printed At", "Mobile", "Email"}}
	for i, t := range activations(rng, day(2024, 12, 31), len(nye), 21*time.Hour+55*time.Minute) {
		m := nye[i]
		rows = append(rows, []string{fmt.Sprint(8_310_001 + i), m.card, m.name(), m.tierName(), t.Format(clockFmt), m.mobile, m.email})
	}
	files["nye-prive/show.yaml"] = []byte(nyeShow)
	files["nye-prive/entries/nye-2024-12-31.csv"] = csvFile(rows)
	files["nye-prive/exclusions.csv"] = exclusionsFile
	files["nye-prive/actions.txt"] = []byte(nyeActions)
	return members, exclusionsFile
}

// bonusEntriesPerWin is what a bonus-jackpot win adds to that week's
// Saturday Cash Draw. Clause 34.1 says the winners "will earn entries … as
// follows;" and the list that should follow is missing from the terms:
// this number is an assumption for marketing to confirm.
const bonusEntriesPerWin = 5

// goldReefCity writes the Royal Flush Saturday Cash Draw example, and
// returns the members and their exclusions list for the finale examples.
func goldReefCity(files map[string][]byte) ([]*member, []byte) {
	rng := rand.New(rand.NewPCG(20241123, 0x47524321)) // "GRC!"
	members := makeMembers(rng, 1300)

	// That week's bonus-jackpot winners: Wednesday 20 November, 30 wins
	// among Ace, King and Queen cardholders (4, 6); Saturday 23 November, 45
	// among all (19, 21). RAPS picks them; someone may win twice.
	wins := map[*member]int{}
	var akq []*member
	for _, m := range members {
		if m.tier <= 2 {
			akq = append(akq, m)
		}
	}
	for range 30 {
		wins[akq[rng.IntN(len(akq))]]++
	}
	for range 45 {
		wins[members[rng.IntN(len(members))]]++
	}

	rows := [][]string{{"Card Number", "Member Name", "Tier", "Play Points", "Bonus Jackpot Wins", "Bonus Entry Points", "Entry Points", "Mobile"}}
	for _, m := range members {
		bonus := wins[m] * bonusEntriesPerWin * 300
		rows = append(rows, []string{m.card, m.name(), m.tierName(), fmt.Sprint(m.points), fmt.Sprint(wins[m]), fmt.Sprint(bonus), fmt.Sprint(m.points + bonus), m.mobile})
	}

	// The desk's lists: cards at random, and two members the rehearsal seed
	// of actions.txt draws third and fourth at 21:30 (its picks follow from
	// the bin and the seed alone), so that the example shows the register
	// and a proxy at work.
	onRegister, withProxy := find(members, drawnThird), find(members, drawnFourth)
	pool := slices.DeleteFunc(shuffled(rng, members), func(m *member) bool { return m == onRegister || m == withProxy })
	take := func(n int) []*member { p := slices.Clone(pool[:n]); pool = pool[n:]; return p }
	excluded := byCard(take(3))
	declined := byCard(append(take(2), onRegister))
	nominated := byCard(append(take(3), withProxy))
	exclusions := [][]string{{"Card Number", "Member Name", "Reason", "Listed On"}}
	for i, m := range excluded {
		exclusions = append(exclusions, []string{m.card, m.name(), []string{"Self-excluded (NRGP)", "Staff family", "Refusal of Entry"}[i], fmt.Sprintf("2024-%02d-%02d", 1+rng.IntN(10), 1+rng.IntN(28))})
	}
	// a barred card that played nothing this week
	exclusions = append(exclusions, []string{datatest.Luhn(cardPrefix + "00041723051"), "Stephanus Visser", "Refusal of Entry", "2023-08-16"})
	register := [][]string{{"Card Number", "Member Name", "Registered At"}}
	for i, m := range declined {
		register = append(register, []string{m.card, m.name(), fmt.Sprintf("2024-11-23 %02d:%02d", 15+2*i, 10+17*i)})
	}
	proxies := [][]string{{"Card Number", "Member Name", "Nominee Name", "Nominee ID", "Relationship"}}
	var proxyName string
	for _, m := range nominated {
		c := &communities[m.community]
		nominee, rel := c.first[rng.IntN(len(c.first))]+" "+m.last, []string{"Spouse", "Parent", "Child", "Sibling"}[rng.IntN(4)]
		if rng.IntN(3) == 0 {
			o := &communities[pickCommunity(rng)]
			nominee, rel = o.first[rng.IntN(len(o.first))]+" "+o.surnames[rng.IntN(len(o.surnames))], "Friend"
		}
		proxies = append(proxies, []string{m.card, m.name(), nominee, datatest.SAID(rng), rel})
		if m == withProxy {
			proxyName = nominee
		}
	}
	files["saturday-cash/show.yaml"] = []byte(saturdayShow)
	files["saturday-cash/entries/saturday-2024-11-23.csv"] = csvFile(rows)
	files["saturday-cash/exclusions.csv"] = csvFile(exclusions)
	files["saturday-cash/register.csv"] = csvFile(register)
	files["saturday-cash/proxies.csv"] = csvFile(proxies)
	files["saturday-cash/actions.txt"] = []byte(fmt.Sprintf(saturdayActions, onRegister.name(), withProxy.name(), proxyName, proxyName))
	return members, csvFile(exclusions)
}

// The members the rehearsal seed draws third and fourth in the 21:30 draw.
const (
	drawnThird  = "6001637176279755"
	drawnFourth = "6001670451628859"
)

func find(ms []*member, card string) *member {
	for _, m := range ms {
		if m.card == card {
			return m
		}
	}
	panic("no member has card " + card + ": the data changed; choose the register and proxy members again")
}

func mobile(rng *rand.Rand) string {
	prefixes := []string{"60", "61", "62", "63", "64", "65", "66", "71", "72", "73", "74", "76", "78", "79", "81", "82", "83", "84"}
	n := rng.IntN(10_000_000)
	return fmt.Sprintf("+27 %s %03d %04d", prefixes[rng.IntN(len(prefixes))], n/10_000, n%10_000)
}

func email(rng *rand.Rand, m *member) string {
	fold := strings.NewReplacer("á", "a", "â", "a", "ã", "a", "ç", "c", "é", "e", "è", "e", "ê", "e", "ë", "e", "í", "i",
		"ó", "o", "ô", "o", "ö", "o", "ú", "u", " ", "", "-", "", "'", "")
	first, last := fold.Replace(strings.ToLower(m.first)), fold.Replace(strings.ToLower(m.last))
	local := []string{first + "." + last, first + last + fmt.Sprintf("%02d", rng.IntN(100)), first[:1] + last, last + "." + first}[rng.IntN(4)]
	return local + "@" + []string{"gmail.com", "gmail.com", "gmail.com", "outlook.com", "yahoo.com", "icloud.com", "webmail.co.za", "mweb.co.za", "telkomsa.net"}[rng.IntN(9)]
}

func csvFile(rows [][]string) []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	if err := w.WriteAll(rows); err != nil {
		panic(err)
	}
	return b.Bytes()
}

type community struct {
	share           float64
	first, surnames []string
}

func pickCommunity(rng *rand.Rand) int {
	x := rng.Float64()
	for i, c := range communities {
		if x -= c.share; x < 0 {
			return i
		}
	}
	return len(communities) - 1
}

var communities = []community{
	{0.22, []string{"Sibusiso", "Themba", "Thulani", "Bongani", "Mandla", "Sifiso", "Nkosinathi", "Lungelo", "Nhlanhla", "Zanele", "Nomvula", "Thandeka", "Lindiwe", "Busisiwe", "Sibongile", "Ayanda", "Andile", "Mbali", "Siyabonga", "Precious", "Blessing", "Lwandile", "Asanda", "Unathi", "Mandisa", "Xolani"},
		[]string{"Dlamini", "Nkosi", "Ndlovu", "Mkhize", "Zulu", "Khumalo", "Mthembu", "Ngcobo", "Buthelezi", "Shabalala", "Cele", "Gumede", "Mhlongo", "Ntuli", "Sithole", "Zwane", "Dube", "Mbatha", "Ngwenya", "Mlambo", "Mbete", "Madikizela", "Jali", "Gqola"}},
	{0.24, []string{"Thabo", "Lerato", "Palesa", "Mpho", "Lebohang", "Nthabiseng", "Tumelo", "Refiloe", "Karabo", "Tshepo", "Kagiso", "Kgomotso", "Boitumelo", "Lesego", "Kabelo", "Tebogo", "Naledi", "Katlego", "Thapelo", "Lesiba", "Mahlatse", "Koketso", "Dikeledi", "Tinyiko", "Mashudu", "Rudzani", "Tshilidzi"},
		[]string{"Mokoena", "Mofokeng", "Motaung", "Radebe", "Moloi", "Tshabalala", "Molefe", "Modise", "Masilo", "Pule", "Phiri", "Mphahlele", "Ledwaba", "Mashego", "Makgoba", "Kekana", "Maluleke", "Baloyi", "Mathebula", "Chauke", "Mabunda", "Mudau", "Mulaudzi", "Ndou", "Letsoalo", "Mogale"}},
	{0.2, []string{"Pieter", "Johan", "Jaco", "Riaan", "Stéfan", "André", "Anél", "Marné", "Liezl", "Elmarie", "Christo", "François", "Ruan", "Marius", "Kobus", "Hendrik", "Elsabé", "Chanté", "Renée", "Zoë", "Mariska", "Juan-Pierre", "Anna-Marie", "Hélène", "Corné", "Willem", "Ilse", "Tiaan"},
		[]string{"van der Merwe", "du Plessis", "de Villiers", "Botha", "Pretorius", "Nel", "Venter", "Coetzee", "Steyn", "Fourie", "van Wyk", "Joubert", "Kruger", "le Roux", "du Toit", "van Zyl", "Erasmus", "Viljoen", "Cronjé", "Naudé", "Kotzé", "Pienaar", "Jansen van Rensburg", "Lötter", "Februarie", "Cupido", "Fortuin"}},
	{0.16, []string{"James", "Michael", "Sarah", "Jessica", "Megan", "Ryan", "Bradley", "Kyle", "Lauren", "Nicole", "Claire", "Gareth", "Craig", "Warren", "Grant", "Shaun", "Tracey", "Candice", "Bronwyn", "Trevor", "Courtney", "Chloé", "Siobhan", "Robyn", "Duncan", "Natalie"},
		[]string{"Smith", "Jones", "Williams", "Brown", "Taylor", "Murray", "Campbell", "Stewart", "Robertson", "Thomson", "Anderson", "Reid", "Fraser", "Harris", "Clarke", "Walker", "O'Brien", "O'Connor", "Kelly", "Ryan", "McKenzie", "Edwards", "Hughes", "Morgan", "Cohen", "Jacobs"}},
	{0.12, []string{"Pravin", "Rajesh", "Anand", "Dinesh", "Suren", "Kamlesh", "Nirvana", "Priya", "Kavitha", "Shireen", "Yusuf", "Farouk", "Ebrahim", "Fatima", "Aisha", "Zaheera", "Riaz", "Nadia", "Vishal", "Reshma", "Thirusha", "Desmond", "Kevin", "Sharlene"},
		[]string{"Naidoo", "Pillay", "Govender", "Moodley", "Reddy", "Chetty", "Singh", "Maharaj", "Padayachee", "Naicker", "Ramsamy", "Moosa", "Patel", "Desai", "Essop", "Cassim", "Suliman", "Omar", "Khan", "Ebrahim", "Jeewa", "Bhana"}},
	{0.06, []string{"João", "José", "Manuel", "António", "Carlos", "Paulo", "Ana", "Maria", "Teresa", "Sofia", "Lucas", "Inês", "Tiago", "Rui", "Wei", "Jun", "Mei", "Lin", "Kenneth", "Dimitri", "Nikos", "Eleni"},
		[]string{"Ferreira", "da Silva", "dos Santos", "Pereira", "Gonçalves", "Rodrigues", "Fernandes", "Correia", "de Sousa", "Nunes", "Chen", "Wang", "Li", "Ho", "Wong", "Papadopoulos", "Georgiou", "Kyriacou"}},
}

const generated = "# Written by `go run ./examples/gen`; change the generator, not this file.\n" +
	"# The members, cards and contact details are invented.\n"

const fridayShow = `# Summer Festivo Prize Splash at Montecasino, section 4: Friday Prive
# Nights. The draw of Friday 6 December 2024, 21:00 in the Prive (4.5).
` + generated + `promotion: Summer Festivo Prize Splash
property: Montecasino
currency: ZAR
timezone: Africa/Johannesburg
claim_seconds: 90
# 1, 2: under 18, refusal of entry, self-excluded; staff, agents, service
# providers and their families
exclusions: exclusions.csv
segments:
  - id: friday-prive
    kind: draw
    title: Friday Prive Night
    at: "2024-12-06T21:00"
    # The members who activated their tickets at the eHost from 08:00 (4.6)
    entries: entries/prive-2024-12-06.csv
    # 4.2: "average spend of R5 000 or total spend of R50 000 or more in the
    # last 12 months": a member passes either. The casino's export lists
    # only those who passed it, and drawshow holds every row to it again;
    # a row below both is counted (below_spend) and kept out.
    qualify:
      any:
        - spend: {column: Average Spend (12m), min: 5000, name: average spend}
        - spend: {column: Total Spend (12m), min: 50000, name: total spend}
    # 4.1: Ace and King cardholders only. A Queen who passed the spend test
    # can activate too, so the export has a few: tiers keeps them out.
    tiers: [ace, king]
    # 4.4: Ace 1 000 tickets, King 500; one row per member, points unused
    tickets: points
    fixed: {ace: 1000, king: 500}
    # 4.8: an attendance draw (90 seconds to claim); one win per draw
    attendance: required
    win_once: draw
    winners: 3
    # the terms do not set the prizes: the amounts the Prive advertises
    prizes: ["R20 000", "R10 000", "R5 000"]
`

const eodShow = `# Summer Festivo Prize Splash at Montecasino, section 7: the Tiered EOD
# draw, the Day of Reconciliation draw of Monday 16 December 2024, 20:00.
` + generated + `promotion: Summer Festivo Prize Splash
property: Montecasino
currency: ZAR
timezone: Africa/Johannesburg
claim_seconds: 90
# 1, 2 and 7.1: excluded persons, staff, agents, service providers and
# their families
exclusions: exclusions.csv
segments:
  - id: day-of-reconciliation
    kind: draw
    title: Day of Reconciliation Draw
    at: "2024-12-16T20:00"
    # The members, each once, who activated their ticket at the eHost on
    # the day (7.5), with their last gaming visit.
    entries: entries/eod-2024-12-16.csv
    # 7.2: one ticket for every member with at least one gaming visit in
    # the two years before the draw: from 16 December 2022, 731 days
    # before (2024 has a 29 February). The freeze counts who it keeps out.
    qualify:
      last_visit: {column: Last Gaming Visit, within_days: 731}
    tickets: points
    fixed: {ace: 1, king: 1, queen: 1, jack: 1, ten: 1}
    # 7.4: a participant wins once per draw
    win_once: draw
    # section 7 does not say whether winners must be present; this runs it
    # as the promotion's other draws run (90 seconds to claim)
    attendance: required
    # the terms set neither the number of winners nor the prizes
    winners: 5
    prizes: ["R10 000"]
`

const nyeShow = `# Summer Festivo Prize Splash at Montecasino, section 8: the New Year's
# Eve Prive draw, Tuesday 31 December 2024.
` + generated + `promotion: Summer Festivo Prize Splash
property: Montecasino
currency: ZAR
timezone: Africa/Johannesburg
# 1, 2: excluded persons, staff and their families
exclusions: exclusions.csv
segments:
  - id: nye-prive
    kind: draw
    title: New Year's Eve Prive Draw
    # the terms give no time; the one the Prive advertises
    at: "2024-12-31T22:00"
    # 8.1, 8.5: one row per ticket printed at the eHost on the day. 8.2, a
    # gaming visit from 1 January to 30 December 2024, is applied by the
    # casino system: only those members can print one.
    entries: entries/nye-2024-12-31.csv
    tickets: per-row
    # 8.2: Ace, King and Queen cardholders only
    tiers: [ace, king, queen]
    # 8.3: at most one entry per person: a second ticket printed by the
    # same member does not count (the lower ticket number stays)
    cap: {ace: 1, king: 1, queen: 1}
    # 8.6, 8.7: winners need not be present; Gaming Ambassadors contact them
    # and they collect within 15 days (collection.csv in the export)
    attendance: not-required
    win_once: draw
    # the terms set neither the number of winners nor the prizes
    winners: 3
    prizes: ["R50 000", "R25 000", "R10 000"]
`

const saturdayShow = `# Royal Flush at Gold Reef City, clauses 34-47: the Saturday Cash Draw of
# Saturday 23 November 2024.
` + generated + `promotion: Royal Flush
property: Gold Reef City
currency: ZAR
timezone: Africa/Johannesburg
claim_seconds: 90
# 1-3: under 18, refusal of entry, self-excluded; staff, agents, service
# providers and their families
exclusions: exclusions.csv
# the Customer Service Desk's register (30): members acknowledged for a
# prize when they decline to be present "when the prize winners are
# announced on that day"
register: register.csv
# 42, 44: proxy forms, a nominee standing for one participant only
proxies: proxies.csv
segments:
  - id: sat-cash
    kind: draw
    title: Saturday Cash Draw
    # 35: five winners at 21:30, after the bonus jackpot sessions
    at: "2024-11-23T21:30"
    # One row per member who printed a ticket at an eHost (40, 41), from the
    # casino system's export. 34.2: 300 points per entry. 34.1: that week's
    # Wednesday and Saturday bonus-jackpot winners earn entries too. A show
    # file cannot add entries to a member, so the export adds them as points:
    # Entry Points = Play Points + 300 x the entries the bonus wins earn.
    # The number of entries a win earns is missing from the terms (34.1 ends
    # "as follows;"); the export assumes 5 a win until marketing says.
    entries: entries/saturday-2024-11-23.csv
    columns: {points: Entry Points}
    tickets: points
    points_per_ticket: 300
    winners: 5
    # the terms do not set the prize
    prizes: ["R5 000"]
    # 36: a patron wins once per promotional day
    win_once: day
  - id: sat-cash-late
    kind: draw
    title: Saturday Late Cash Draw
    # Not in the terms, which have one draw of five a Saturday: an extra
    # draw the same night from the same entries (38: draw times as
    # advertised), where 36 bars the 21:30 draw's winners.
    at: "2024-11-23T23:00"
    entries: entries/saturday-2024-11-23.csv
    columns: {points: Entry Points}
    tickets: points
    points_per_ticket: 300
    winners: 2
    prizes: ["R2 000"]
    win_once: day
`

const fridayActions = `# Friday Prive Night, 21:00: three winners, one of whom is not there
# (rehearsal seed 000102…1e1f, clock 2024-12-06T21:00)
draw
claim
draw
wait 90s
draw
claim
draw
claim
close
`

const eodActions = `# Day of Reconciliation Draw, 20:00: five winners; one card is not the
# holder's, one winner does not come forward
# (rehearsal seed 000102…1e1f, clock 2024-12-16T20:00)
draw
claim
draw
forfeit
draw
claim
draw
wait 90s
draw
claim
draw
claim
draw
claim
close
`

const nyeActions = `# New Year's Eve Prive Draw: winners need not be present, so each pick is
# decided at once (to be contacted, 15 days to collect)
# (rehearsal seed 000102…1e1f, clock 2024-12-31T22:00)
draw
draw
draw
close
`

const saturdayActions = `# Saturday Cash Draw, 21:30: five winners
# (rehearsal seed 000102…1e1f, clock 2024-11-23T21:30)
draw
claim
# a no-show: the 90 seconds pass, then a redraw
draw
wait 90s
# %s is on the decline register: a winner in absence at once
draw
# %s's nominee, %s, comes forward
draw
proxy %s
draw
claim
# the card is not the holder's
draw
forfeit
draw
claim
next
# Saturday Late Cash Draw, 23:00: the five winners of 21:30 are barred (36)
wait until 23:00
draw
claim
draw
claim
close
`
