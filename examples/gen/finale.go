package main

import (
	"drawshow/data/datatest"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"time"
)

// finale writes the examples of the finale mechanics: the Royal Flush's
// month-end draws, manual bin and wild card (Gold Reef City) and its Grand
// Finale (Montecasino); the Gold Reef City Wednesday bonus jackpot; and
// Summer Festivo's Jackpot Chest on an ordinary and a guaranteed Sunday
// (Montecasino). They reuse the memberships of the other examples of the
// same casino, each with its own random stream, so that changing one
// example leaves the others' bytes alone.
func finale(files map[string][]byte, grc []*member, grcExclusions []byte, mc []*member, mcExclusions []byte) {
	monthEnd(files, grc, grcExclusions)
	bonusJackpot(files, grc, grcExclusions)
	grandFinale(files, grc, mc)
	jackpotChest(files, mc, mcExclusions)
}

// script writes a headless action script, keeping the show clock it has
// reached so that a wait can bring it to a draw's time.
type script struct {
	b     strings.Builder
	clock time.Time
}

func newScript(clock time.Time, header string) *script {
	s := &script{clock: clock}
	s.b.WriteString(header)
	return s
}

func (s *script) say(lines ...string) {
	for _, l := range lines {
		s.b.WriteString(l)
		s.b.WriteByte('\n')
	}
}

func (s *script) wait(d time.Duration) {
	s.clock = s.clock.Add(d)
	var w strings.Builder
	for _, u := range []struct {
		unit time.Duration
		name string
	}{{time.Hour, "h"}, {time.Minute, "m"}, {time.Second, "s"}} {
		if n := d / u.unit; n > 0 {
			fmt.Fprintf(&w, "%d%s", n, u.name)
			d -= n * u.unit
		}
	}
	s.say("wait " + w.String())
}

// until waits until t, if the clock is not there yet.
func (s *script) until(t time.Time) {
	if t.After(s.clock) {
		s.wait(t.Sub(s.clock))
	}
}

func (s *script) bytes() []byte { return []byte(s.b.String()) }

// printed is a member who printed an entry ticket (or receipt) at an
// eHost on a draw day.
type printed struct {
	m      *member
	points int
	at     time.Time
}

// printing lets the members who printed spread their eHost visits over the
// day from 08:00 to before close, in time order.
func printing(rng *rand.Rand, d time.Time, ps []printed, close time.Duration) []printed {
	rng.Shuffle(len(ps), func(i, j int) { ps[i], ps[j] = ps[j], ps[i] })
	for i, t := range activations(rng, d, len(ps), close) {
		ps[i].at = t
	}
	return ps
}

// The month-end draws of Sunday 24 November 2024: five bins, 14:00 to
// 18:00 (53).
var monthEndHours = []int{14, 15, 16, 17, 18}

// What the rehearsal seed of examples/README.md makes of the month-end
// example, pinned here so that the Grand Finale's Gold Reef City finalists
// are those it ends with: the receipt the host draws by hand from the
// manual bin of the 15 winners (56; any of the 15 would do), and the two
// wild-card finalists the seed draws from bins 2 and 5 (68).
const (
	novemberFinalist = "6001387875912773"
	wildCardFirst    = "6001544551671848"
	wildCardSecond   = "6001969780672756"
)

// wildCardTyper is the promotions host who types the wild card's numbers
// from the physical draw of the balls 1 to 5.
const wildCardTyper = "Thandi Mokoena"

// monthEnd writes the Royal Flush month-end draws with the manual bin and
// the wild card of Sunday 24 November 2024 at Gold Reef City.
func monthEnd(files map[string][]byte, members []*member, exclusions []byte) {
	rng := rand.New(rand.NewPCG(20241124, 0x42696e73)) // "Bins"
	d := day(2024, 11, 24)

	// 48, 49, 51: the points each member earned in November, which are
	// this month's only. 54, 59: a member activates the day's entries by
	// printing a receipt at an eHost from 08:00 until the start of a draw;
	// the casino system puts the member in that draw's bin and every later
	// one of the day. A few print with too few points for an entry.
	var ps []printed
	for _, m := range members {
		points := int(math.Round(tiers[m.tier].weekPoints * 4.3 * math.Exp(0.8*rng.NormFloat64())))
		p := rng.Float64()
		if p < 0.45 && (points >= 300 || p < 0.1) {
			ps = append(ps, printed{m: m, points: points})
		}
	}
	ps = printing(rng, d, ps, 18*time.Hour)
	var bins strings.Builder
	for i, h := range monthEndHours {
		start := d.Add(time.Duration(h) * time.Hour)
		rows := [][]string{{"Card Number", "Member Name", "Tier", "November Points", "Printed At"}}
		for _, p := range ps {
			if p.at.Before(start) {
				rows = append(rows, []string{p.m.card, p.m.name(), p.m.tierName(), fmt.Sprint(p.points), p.at.Format(clockFmt)})
			}
		}
		name := fmt.Sprintf("entries/bin-%d-%02d00.csv", i+1, h)
		files["royal-flush-month-end/"+name] = csvFile(rows)
		fmt.Fprintf(&bins, "      - {at: \"%s\", entries: %s}\n", start.Format("2006-01-02T15:04"), name)
	}
	files["royal-flush-month-end/show.yaml"] = []byte(fmt.Sprintf(monthEndShow, bins.String()))
	files["royal-flush-month-end/exclusions.csv"] = exclusions

	s := newScript(d.Add(14*time.Hour), `# Royal Flush month-end draws at Gold Reef City, Sunday 24 November 2024:
# five bins of three winners, the manual bin of their 15 receipts, and the
# wild card (rehearsal seed 000102…1e1f, clock 2024-11-24T14:00)
`)
	for i, h := range monthEndHours {
		s.until(d.Add(time.Duration(h) * time.Hour))
		s.say(fmt.Sprintf("# Bin %d, %02d:00: three winners, once each in this bin (50, 53)", i+1, h))
		for k := range 3 {
			if i == 1 && k == 1 {
				s.say("# not at the draw area in 90 seconds: a redraw (64)", "draw")
				s.wait(90 * time.Second)
			}
			if i == 3 && k == 2 {
				s.say("# a nominee with the signed proxy form stands in (60, 62)", "draw", "proxy "+monthEndProxy(rng))
				continue
			}
			s.say("draw", "claim")
		}
		s.say("next")
	}
	s.say("# 56: the 15 winners' receipts go into a manual bin; the host draws one",
		"# by hand and types its number: November's Grand Finale finalist",
		"ticket "+novemberFinalist, "claim", "next",
		"# 66-68: the wild card, right after the last monthly draw. A manual",
		"# draw of the numbers 1 to 5 says which bins the 2 finalists come from",
		"numbers 2 5 by="+wildCardTyper, "next",
		"# 69: the finalists, or their nominated proxies, must be present",
		"draw", "claim", "next",
		"draw", "claim", "close")
	files["royal-flush-month-end/actions.txt"] = s.bytes()
}

// monthEndProxy is a nominee typed from a proxy form at the draw.
func monthEndProxy(rng *rand.Rand) string {
	c := &communities[pickCommunity(rng)]
	return fmt.Sprintf("%s %s id=%s", c.first[rng.IntN(len(c.first))], c.surnames[rng.IntN(len(c.surnames))], datatest.SAID(rng))
}

// The Royal Flush's participating casinos, five finalists each (66); the
// Grand Finale is at Montecasino (70.2).
var finaleProperties = []string{"Montecasino", "Gold Reef City", "Silverstar", "Suncoast", "Golden Horse", "Emnotweni"}

// finaleProxyFor is the finalist the rehearsal seed draws fourth at the
// Grand Finale: a nomination on file makes the example's proxy.
const finaleProxyFor = "6001095374740088"

// grandFinale writes the Royal Flush Grand Finale of Sunday 1 December 2024
// at Montecasino.
func grandFinale(files map[string][]byte, grc, mc []*member) {
	rng := rand.New(rand.NewPCG(20241201, 0x466c7368)) // "Flsh"
	taken := map[string]bool{}
	for _, m := range slices.Concat(grc, mc) {
		taken[m.card] = true
	}
	find := func(ms []*member, card string) *member {
		for _, m := range ms {
			if m.card == card {
				return m
			}
		}
		return nil
	}
	qualified := []string{"Month-end draw, September 2024", "Month-end draw, October 2024", "Month-end draw, November 2024", "Wild card", "Wild card"}
	rows := [][]string{{"Card Number", "Member Name", "Tier", "Property", "Qualified"}}
	var finalists []*member
	for _, prop := range finaleProperties {
		var five []*member
		switch prop {
		case "Gold Reef City":
			// two earlier months' finalists, and the three of the
			// month-end example: November's manual bin and the wild card
			for _, m := range shuffled(rng, grc) {
				if len(five) < 2 && !slices.Contains([]string{novemberFinalist, wildCardFirst, wildCardSecond}, m.card) {
					five = append(five, m)
				}
			}
			for _, c := range []string{novemberFinalist, wildCardFirst, wildCardSecond} {
				m := find(grc, c)
				if m == nil {
					// the month-end data changed: pin its results again
					m = shuffled(rng, grc)[0]
				}
				five = append(five, m)
			}
		case "Montecasino":
			five = shuffled(rng, mc)[:5]
		default:
			for _, m := range makeMembers(rng, 40) {
				if len(five) < 5 && !taken[m.card] {
					taken[m.card] = true
					five = append(five, m)
				}
			}
		}
		for i, m := range five {
			rows = append(rows, []string{m.card, m.name(), m.tierName(), prop, qualified[i]})
			finalists = append(finalists, m)
		}
	}
	// 75: proxy forms, one the seed's fourth finalist's nominee's
	proxies := [][]string{{"Card Number", "Member Name", "Nominee Name", "Nominee ID", "Relationship"}}
	nominated := []*member{finalists[rng.IntN(len(finalists))], finalists[rng.IntN(len(finalists))]}
	if m := find(finalists, finaleProxyFor); m != nil {
		nominated = append(nominated, m)
	}
	var nomineeOf string
	for _, m := range byCard(slices.Compact(byCard(nominated))) {
		c := &communities[m.community]
		nominee := c.first[rng.IntN(len(c.first))] + " " + m.last
		proxies = append(proxies, []string{m.card, m.name(), nominee, datatest.SAID(rng), []string{"Spouse", "Parent", "Child", "Sibling"}[rng.IntN(4)]})
		if m.card == finaleProxyFor {
			nomineeOf = nominee
		}
	}
	files["grand-finale/show.yaml"] = []byte(finaleShow)
	files["grand-finale/finalists.csv"] = csvFile(rows)
	files["grand-finale/proxies.csv"] = csvFile(proxies)
	files["grand-finale/actions.txt"] = []byte(fmt.Sprintf(finaleActions, nomineeOf, nomineeOf))
}

// The Jackpot Chest Sundays of the examples: an ordinary one and a
// guaranteed one (5.2, 5.10).
var (
	chestSunday     = day(2024, 12, 8)
	guaranteeSunday = day(2024, 12, 29)
)

// jackpotChest writes the Jackpot Chest draws of Sunday 8 December 2024
// (drawn electronically, 20 balls) and Sunday 29 December 2024 (a
// guaranteed week, tickets drawn by hand from the entry bin, 5 balls) at
// Montecasino.
func jackpotChest(files map[string][]byte, members []*member, exclusions []byte) {
	rng := rand.New(rand.NewPCG(20241208, 0x43686573)) // "Ches"

	// 5.1, 5.3: the points each member earned from 1 December, a week at a
	// time; 5.5, 5.6: who printed entry tickets on each Sunday, the bins
	// open 08:00 to 15:55. A few print with fewer than 100 points.
	weeks := make([][]int, len(members))
	for i, m := range members {
		total := 0
		for range 4 {
			total += int(math.Round(tiers[m.tier].weekPoints * 0.6 * math.Exp(0.9*rng.NormFloat64())))
			weeks[i] = append(weeks[i], total)
		}
	}
	week := func(d time.Time, n int) []printed {
		var ps []printed
		for i, m := range members {
			p := rng.Float64()
			if p < 0.3 && (weeks[i][n] >= 100 || p < 0.04) {
				ps = append(ps, printed{m: m, points: weeks[i][n]})
			}
		}
		return printing(rng, d, ps, 15*time.Hour+55*time.Minute)
	}
	entries := func(ps []printed) []byte {
		rows := [][]string{{"Card Number", "Member Name", "Tier", "Points Since 1 Dec", "Printed At"}}
		for _, p := range ps {
			rows = append(rows, []string{p.m.card, p.m.name(), p.m.tierName(), fmt.Sprint(p.points), p.at.Format(clockFmt)})
		}
		return csvFile(rows)
	}

	files["jackpot-chest/show.yaml"] = []byte(chestShow)
	files["jackpot-chest/entries/chest-2024-12-08.csv"] = entries(week(chestSunday, 0))
	files["jackpot-chest/exclusions.csv"] = exclusions
	files["jackpot-chest/actions.txt"] = []byte(chestActions)

	// The guaranteed Sunday: the host reads out the tickets drawn from the
	// physical bin. The eHost ticket carries the member's card number, the
	// bin's ticket; the draw takes some with more tickets in the bin more
	// often, as a drum does.
	ps := week(guaranteeSunday, 3)
	ex := map[string]bool{}
	for _, l := range strings.Split(string(exclusions), "\n")[1:] {
		c, _, _ := strings.Cut(l, ",")
		ex[c] = true
	}
	var drum []string
	for _, p := range ps {
		if !ex[p.m.card] && p.points >= 100 {
			for range min(p.points/100, []int{4, 4, 3, 1, 1}[p.m.tier]) {
				drum = append(drum, p.m.card)
			}
		}
	}
	var drawn []string
	for len(drawn) < 6 {
		if c := drum[rng.IntN(len(drum))]; !slices.Contains(drawn, c) {
			drawn = append(drawn, c)
		}
	}
	files["jackpot-chest-guaranteed/show.yaml"] = []byte(guaranteedShow)
	files["jackpot-chest-guaranteed/entries/chest-2024-12-29.csv"] = entries(ps)
	files["jackpot-chest-guaranteed/exclusions.csv"] = exclusions
	args := make([]any, len(drawn))
	for i, c := range drawn {
		args[i] = c
	}
	files["jackpot-chest-guaranteed/actions.txt"] = []byte(fmt.Sprintf(guaranteedActions, args...))
}

// The Wednesday bonus jackpot floor at Gold Reef City: the areas RAPS sees
// players in, and their devices. 8: the sessions are open on the Main
// Casino floor, the Salon Prive and Barneys; the Poker Room is not among
// them.
var bonusAreas = []struct {
	name    string
	share   float64
	devices []string
}{
	{"Main Casino Floor", 0.68, slices.Concat(numberedDevices("S", 1001, 480), numberedDevices("BJ", 1, 16), numberedDevices("RO", 1, 6))},
	{"Salon Prive", 0.12, slices.Concat(numberedDevices("S", 5001, 48), numberedDevices("BJ", 51, 4), numberedDevices("RO", 51, 2))},
	{"Barneys", 0.15, numberedDevices("S", 3001, 160)},
	{"Poker Room", 0.05, numberedDevices("PK", 1, 8)},
}

// bonusExcludedDevices are the slot machines marked as excluded from
// bonusing (17): a linked progressive bank on the main floor and one at
// Barneys.
var bonusExcludedDevices = []string{"S1101", "S1102", "S1103", "S1104", "S3017"}

// numberedDevices names n devices from number from: slots S1001, tables
// BJ01.
func numberedDevices(prefix string, from, n int) []string {
	width := 2
	if prefix == "S" {
		width = 4
	}
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("%s%0*d", prefix, width, from+i)
	}
	return out
}

// bonusJackpot writes the Wednesday bonus jackpot of 20 November 2024 at
// Gold Reef City: the RAPS list of the active players, and a rehearsal.
func bonusJackpot(files map[string][]byte, members []*member, exclusions []byte) {
	rng := rand.New(rand.NewPCG(20241120, 0x52415053)) // "RAPS"
	// who plays on a Wednesday evening: the higher tiers more often; their
	// spend in the session, per tier (the qualifying spend of 10)
	playing := []float64{0.6, 0.45, 0.3, 0.2, 0.12}
	spend := []float64{3_500, 1_600, 650, 300, 150}
	var active []*member
	for _, m := range members {
		if rng.Float64() < playing[m.tier] {
			active = append(active, m)
		}
	}
	active = shuffled(rng, active)
	used := map[string]bool{}
	type seat struct {
		device, area string
		m            *member
		spend        int
	}
	var seats []seat
	for i, m := range active {
		var device, area string
		switch {
		case i < len(bonusExcludedDevices):
			// someone is playing each excluded machine
			device = bonusExcludedDevices[i]
			area = "Main Casino Floor"
			if strings.HasPrefix(device, "S3") {
				area = "Barneys"
			}
		default:
			for device == "" || used[device] {
				x, a := rng.Float64(), 0
				for ; a < len(bonusAreas)-1; a++ {
					if x -= bonusAreas[a].share; x < 0 {
						break
					}
				}
				if bonusAreas[a].name == "Salon Prive" && m.tier > 1 {
					a = 0 // the Prive is for Ace and King
				}
				area, device = bonusAreas[a].name, bonusAreas[a].devices[rng.IntN(len(bonusAreas[a].devices))]
			}
		}
		used[device] = true
		seats = append(seats, seat{device, area, m, int(math.Round(spend[m.tier]*math.Exp(rng.NormFloat64())/10) * 10)})
	}
	slices.SortFunc(seats, func(a, b seat) int { return strings.Compare(a.device, b.device) })
	rows := [][]string{{"Device", "Area", "Card Number", "Member Name", "Tier", "Spend"}}
	for _, s := range seats {
		rows = append(rows, []string{s.device, s.area, s.m.card, s.m.name(), s.m.tierName(), fmt.Sprint(s.spend)})
	}
	files["bonus-jackpot/show.yaml"] = []byte(bonusShow)
	files["bonus-jackpot/entries/raps-2024-11-20.csv"] = csvFile(rows)
	files["bonus-jackpot/exclusions.csv"] = exclusions

	d := day(2024, 11, 20)
	s := newScript(d.Add(18*time.Hour), `# Wednesday Bonus Jackpot at Gold Reef City, 20 November 2024: a rehearsal
# of six winners over both sessions, not the night's thirty
# (rehearsal seed 000102…1e1f, clock 2024-11-20T18:00)
# 18:00-19:00. 11: 90 seconds at the device from when the team arrives;
# 13, 14: the winner chooses a prize card and turns it over
`)
	s.say("# found playing at the device: claimed at once", "draw", "claim", "choose 3")
	s.wait(4 * time.Minute)
	s.say("# 18: the Rewards card in the machine is not the player's: forfeit, and", "# a re-selection", "draw", "arrived", "forfeit")
	s.wait(2 * time.Minute)
	s.say("draw", "arrived", "claim", "choose 1")
	s.wait(5 * time.Minute)
	s.say("draw", "arrived", "claim", "choose 5")
	s.wait(4 * time.Minute)
	s.say("# 11, 16: the team reaches the device a minute after the announcement;", "# nobody there in 90 seconds, no decline register: re-selection", "draw")
	s.wait(time.Minute)
	s.say("arrived")
	s.wait(90 * time.Second)
	s.say("draw", "arrived", "claim", "choose 2")
	s.say("# the first session's other winners are not scripted; the second session")
	s.until(d.Add(20*time.Hour + 2*time.Minute))
	s.say("draw", "arrived", "claim", "choose 4")
	s.wait(3 * time.Minute)
	s.say("draw", "arrived", "claim", "choose 1")
	s.say("skip rehearsal: the script draws six of the night's thirty winners", "close")
	files["bonus-jackpot/actions.txt"] = s.bytes()
}

const monthEndShow = `# Royal Flush at Gold Reef City, clauses 48-69: the month-end draws of
# Sunday 24 November 2024, the manual bin of their winners' receipts, and
# the wild card for the Grand Finale.
` + generated + `promotion: Royal Flush
property: Gold Reef City
currency: ZAR
timezone: Africa/Johannesburg
claim_seconds: 90
# 1-3: under 18, refusal of entry, self-excluded; staff, agents, service
# providers and their families
exclusions: exclusions.csv
segments:
  - id: month-end
    kind: month-end
    title: November Month-End Draw
    # 53: electronic draws at 14:00, 15:00, 16:00, 17:00 and 18:00, three
    # winners a bin. 54, 58, 59: a bin is the members who printed a receipt
    # at an eHost from 08:00 until its draw, each with the points earned in
    # November (48, 49, 51: points per monthly draw, not rolled over).
    columns: {points: November Points}
    tickets: points
    # 55's table of the points criteria is missing from the terms: 300
    # points an entry, as the Saturday Cash Draws (34), until marketing says
    points_per_ticket: 300
    # 50: no cap on entries; a member wins once per draw bin (and may win
    # in another bin)
    win_once: draw
    # 60-64: present in 90 seconds, or a nominee with a proxy form
    attendance: required
    winners: 3
    # the terms do not set the month-end prizes
    prizes: ["R5 000"]
    bins:
%s  - id: finalist
    kind: manual-bin
    title: November Grand Finale Finalist
    # 56: all 15 winners' receipts in a manual bin, one name drawn for a
    # finalist spot; the host types the number on the receipt drawn
    from: [month-end]
    manual: true
    winners: 1
    attendance: required
    prizes: ["Grand Finale finalist"]
  - id: wild-card
    kind: wild-card
    title: Wild Card
    # 66-68: two more finalists, from the bins the manual draw of the
    # numbers 1 to 5 chooses, one from each; a finalist already is passed
    # over. 69: finalists or their proxies must be present.
    from: [month-end]
    winners: 2
    attendance: required
    prizes: ["Grand Finale finalist (wild card)"]
`

const finaleShow = `# Royal Flush, clause 70: the Grand Finale at Montecasino, Sunday 1
# December 2024, 16:00.
` + generated + `promotion: Royal Flush
property: Montecasino
currency: ZAR
timezone: Africa/Johannesburg
# 76: 90 seconds from the announcement
claim_seconds: 90
# 75: proxy forms, from 08:00 until 15 minutes before the draw; 78: a
# nominee takes no prize
proxies: proxies.csv
segments:
  - id: grand-finale
    kind: royal-flush
    title: Royal Flush Grand Finale
    at: "2024-12-01T16:00"
    # 66, 70.1: five verified finalists from each participating casino:
    # at Gold Reef City three month-end finalists (56) and two wild cards
    # (66-68). One row per finalist, one ticket each; the property column
    # groups them on the finalists board.
    entries: finalists.csv
    # 70.2: five winners; 73: once each (a finalist has one ticket)
    winners: 5
    # 70.3, 75: present in person or by a nominated proxy
    attendance: required
    # 70.5: one prize behind each card A, K, Q, J, 10, fixed when the bin
    # freezes; the card's rank says nothing of the prize. The terms do not
    # list the prizes: the amounts below are this example's.
    prizes: ["R250 000", "R100 000", "R50 000", "R25 000", "R10 000"]
`

const finaleActions = `# Royal Flush Grand Finale, Montecasino, Sunday 1 December 2024 16:00
# (rehearsal seed 000102…1e1f, clock 2024-12-01T16:00)
draw
claim
# 79: not at the stage in 90 seconds: a redraw
draw
wait 90s
draw
claim
# a nominee on the proxy forms, %s, stands in (75)
draw
proxy %s
draw
claim
draw
claim
# 70.4: the five winners choose a card in the order drawn; each turns
# over to the prize fixed behind it (70.5)
choose K
choose 10
choose A
choose Q
choose J
close
`

const chestShow = `# Summer Festivo Prize Splash at Montecasino, section 5: the Jackpot Chest
# of Sunday 8 December 2024, 16:00.
` + generated + `promotion: Summer Festivo Prize Splash
property: Montecasino
currency: ZAR
timezone: Africa/Johannesburg
# 5.15: 90 seconds to reach the verification desk
claim_seconds: 90
# 1, 2: excluded persons, staff and their families; none of them is
# among tonight's points earners, which the manager has seen
exclusions: {file: exclusions.csv, expect_unmatched: true}
segments:
  - id: jackpot-chest
    kind: jackpot-chest
    title: Jackpot Chest
    # 5.2: Sundays at 16:00, five winners
    at: "2024-12-08T16:00"
    # 5.5, 5.6: members who printed entry tickets at the eHost from 08:00
    # until 15:55, with the points earned from 1 December (5.1, 5.3)
    entries: entries/chest-2024-12-08.csv
    columns: {points: Points Since 1 Dec}
    tickets: points
    # 5.3: 100 points a ticket; 5.4: at most 4 for Ace and King, 3 for
    # Queen, 1 for Jack and Ten
    points_per_ticket: 100
    cap: {ace: 4, king: 4, queen: 3, jack: 1, ten: 1}
    winners: 5
    # 5.11-5.17: present, or a proxy; 90 seconds, then a redraw
    attendance: required
    # 5.2 calls the draws manual: the tickets go in a physical bin. This
    # Sunday the TEEDS system draws them from the same tickets (5.11:
    # "drawn/generated"); the guaranteed example types them by hand.
    # 5.7: the progressive jackpot starts at R20 000, grows R20 000 a draw
    # it is not won and goes back to R20 000 once won, kept in the campaign
    # database across the Sundays; the consolation is R2 000. 5.21: one
    # jackpot ball and 19 consolation balls.
    jackpot:
      name: summer-festivo-jackpot-chest
      base: 20000
      step: 20000
      consolation: 2000
      balls: 20
`

const chestActions = `# Jackpot Chest, Montecasino, Sunday 8 December 2024 16:00
# (rehearsal seed 000102…1e1f, clock 2024-12-08T16:00)
draw
claim
draw
claim
# 5.17: not at the verification desk in 90 seconds, no proxy form: a redraw
draw
wait 90s
draw
claim
draw
claim
draw
claim
# 5.20, 5.21: in seat order each winner chooses one of the 20 balls; a
# chosen ball leaves play; once the jackpot ball comes out the rest get the
# consolation without choosing. With the rehearsal seed nobody finds it
# this Sunday: the jackpot grows to R40 000 for the next.
choose 07
choose 13
choose 02
choose 18
choose 11
close
`

const guaranteedShow = `# Summer Festivo Prize Splash at Montecasino, section 5: the Jackpot Chest
# of Sunday 29 December 2024, 16:00, a guaranteed week (5.10).
` + generated + `promotion: Summer Festivo Prize Splash
property: Montecasino
currency: ZAR
timezone: Africa/Johannesburg
claim_seconds: 90
exclusions: exclusions.csv
segments:
  - id: jackpot-chest
    kind: jackpot-chest
    title: Jackpot Chest — Guaranteed
    at: "2024-12-29T16:00"
    # 5.3: the points earned from 1 December until this draw
    entries: entries/chest-2024-12-29.csv
    columns: {points: Points Since 1 Dec}
    tickets: points
    points_per_ticket: 100
    cap: {ace: 4, king: 4, queen: 3, jack: 1, ten: 1}
    winners: 5
    attendance: required
    # 5.2, 5.5: a manual ticketed draw: the host types the number of each
    # ticket drawn from the entry bin (the card number the eHost printed);
    # one not in the frozen bin, or drawn before, is refused
    manual: true
    # 5.10, 5.22: the jackpot is guaranteed: one jackpot ball and four
    # consolation balls for five winners. Its value is the ledger's in the
    # campaign database; run alone it starts at the base.
    jackpot:
      name: summer-festivo-jackpot-chest
      base: 20000
      step: 20000
      consolation: 2000
      guaranteed: true
`

const guaranteedActions = `# Jackpot Chest, guaranteed week, Montecasino, Sunday 29 December 2024 16:00
# (rehearsal seed 000102…1e1f, clock 2024-12-29T16:00)
# the host reads each ticket drawn from the bin and types its number
ticket %s
claim
ticket %s
claim
# 5.17: not at the desk in 90 seconds: another ticket is drawn
ticket %s
wait 90s
ticket %s
claim
ticket %s
claim
ticket %s
claim
# 5.22: five balls for five winners, one the jackpot: it is won tonight.
# With the rehearsal seed the third winner's ball is the jackpot; the last
# two get the consolation without choosing (5.20)
choose 02
choose 05
choose 04
close
`

const bonusShow = `# Royal Flush at Gold Reef City, clauses 4-18: the Wednesday Bonus Jackpot
# of 20 November 2024.
` + generated + `promotion: Royal Flush
property: Gold Reef City
currency: ZAR
timezone: Africa/Johannesburg
# 11, 16: 90 seconds at the device from when the promotions team arrives
claim_seconds: 90
# none of the excluded is among tonight's active players
exclusions: {file: exclusions.csv, expect_unmatched: true}
segments:
  - id: bonus-jackpot
    kind: bonus-jackpot
    title: Wednesday Bonus Jackpot
    at: "2024-11-20T18:00"
    # 7, 9: RAPS's list of the players active at a slot machine or table,
    # one row a device, with the area, the card in it and the qualifying
    # spend (10)
    entries: entries/raps-2024-11-20.csv
    # 4: Ace, King and Queen cardholders only
    tiers: [ace, king, queen]
    # 10's table of minimum spends is missing from the terms: Montecasino's
    # (Summer Festivo 3.6: R600 for Ace and King, R200 for Queen) until
    # marketing says
    min_spend: {ace: 600, king: 600, queen: 200}
    # 17: the slot machines marked as excluded from bonusing
    exclude_devices: [S1101, S1102, S1103, S1104, S3017]
    # 8: the main casino floor, the Salon Prive and Barneys only
    exclude_areas: [Poker Room]
    # 5: the sessions; 6: 15 winners an hour, 30 in all
    windows: ["2024-11-20 18:00-19:00", "2024-11-20 20:00-21:00"]
    per_hour: 15
    attendance: required
    # 13, 14: a prize card chosen face down; the terms do not list the
    # values: these are this example's
    envelopes: ["R1 000", "R1 500", "R2 000", "R3 000", "R5 000"]
`
