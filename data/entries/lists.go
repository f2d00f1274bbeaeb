package entries

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"drawshow/show"
)

// ReadCards reads a list of card numbers, such as the exclusions file or the
// decline register, from a CSV or XLSX file as Read does. cardHeader
// names the header of the card column; when it is empty the column is found
// by the usual card headers (see Read). Other columns are ignored. A
// row without a card, or whose card is not a card number, is an error; the
// cards are returned as NormCard gives them, so a card listed twice in two
// spellings counts once. The cards are returned sorted, with the file's
// SHA-256 (in hex) of the bytes they were read from.
func ReadCards(path, sheet, cardHeader string, opts ...Option) (cards []string, sum string, err error) {
	cards, sum, _, err = readCards(path, sheet, cardHeader, 0, optionsOf(opts))
	return cards, sum, err
}

// readCards is ReadCards of a file whose header is on row headerRow, or
// found when it is 0, with the summary rows it ended on, dropped.
func readCards(path, sheet, cardHeader string, headerRow int, o options) (cards []string, sum string, dropped []Dropped, err error) {
	t, err := openTable(path, sheet, o)
	if err != nil {
		return nil, "", nil, err
	}
	defer t.Close()
	t.HeaderRow = headerRow
	idx, fe := findColumns(t, []column{{role: "card", name: cardHeader, aliases: cardHeaders, need: true}})
	if fe != nil {
		return nil, "", nil, fe
	}
	col := t.Header()[idx[0]]
	fe = &FileError{File: path}
	set := make(map[string]struct{})
	twins := newCardIDs()
	f := footOf(t, idx[0])
	for f.Next() {
		rec := f.Record()
		c := rowCheck{fe: fe, line: f.Line()}
		if card := c.cardID(col, cell(rec, idx[0])); card != "" {
			if other, row, ok := twins.add(card, f.Line()); ok {
				c.bad(col, card, twinMsg(card, other, row))
				continue
			}
			set[strings.Clone(card)] = struct{}{}
		}
	}
	if err := finish(t, fe); err != nil {
		return nil, "", nil, err
	}
	if sum, err = t.SHA256(); err != nil {
		return nil, "", nil, err
	}
	cards = make([]string, 0, len(set))
	for card := range set {
		cards = append(cards, card)
	}
	slices.Sort(cards)
	return cards, sum, f.Dropped, nil
}

// signedHeaders are the usual headers of a decline register's signing
// times, normalized.
var signedHeaders = []string{"signed", "signed at", "signed on", "date signed", "time signed", "signature date", "signature time", "date and time signed"}

// readRegister reads a decline register: its cards and, where it has a
// column of signing times (Signed), when each signed, as
// "2006-01-02 15:04:05" in the show's time, parallel to the cards; nil
// when it has none. A card on the register twice keeps its first
// signature.
func readRegister(path string, headerRow int, format string, o options) (cards, signed []string, sum string, dropped []Dropped, err error) {
	t, err := openTable(path, "", o)
	if err != nil {
		return nil, nil, "", nil, err
	}
	defer t.Close()
	t.HeaderRow = headerRow
	idx, fe := findColumns(t, []column{{role: "card", aliases: cardHeaders, need: true}, {role: "signing time", aliases: signedHeaders}})
	if fe != nil {
		return nil, nil, "", nil, fe
	}
	col := t.Header()[idx[0]]
	fe = &FileError{File: path}
	when := map[string]string{}
	twins := newCardIDs()
	f := footOf(t, idx[0])
	for f.Next() {
		rec := f.Record()
		c := rowCheck{fe: fe, line: f.Line()}
		card := c.cardID(col, cell(rec, idx[0]))
		if card == "" {
			continue
		}
		if other, row, ok := twins.add(card, f.Line()); ok {
			c.bad(col, card, twinMsg(card, other, row))
			continue
		}
		stamp := ""
		if idx[1] >= 0 {
			v := strings.TrimSpace(cell(rec, idx[1]))
			at, err := parseWhen(v, format)
			if err != nil {
				c.bad(t.Header()[idx[1]], v, "the signing time "+err.Error())
				continue
			}
			stamp = at.Format(time.DateTime)
		}
		if _, seen := when[card]; !seen {
			when[strings.Clone(card)] = stamp
		}
	}
	if err := finish(t, fe); err != nil {
		return nil, nil, "", nil, err
	}
	if sum, err = t.SHA256(); err != nil {
		return nil, nil, "", nil, err
	}
	cards = slices.Sorted(maps.Keys(when))
	if idx[1] >= 0 {
		for _, c := range cards {
			signed = append(signed, when[c])
		}
	}
	return cards, signed, sum, f.Dropped, nil
}

// Proxy is a nominee who may claim a prize for a participant who cannot be
// there.
type Proxy struct {
	Card string // the participant's card
	Name string // the nominee's name
	ID   string // the nominee's ID or passport number; may be empty
	// Contact is the form's contact columns (show.ContactColumn) that are
	// not empty, by header; nil when it has none
	Contact map[string]string
}

// Usual headers of a proxy file's nominee columns, in the form normHeader
// gives.
var (
	nomineeHeaders   = []string{"nominee", "nominee name", "proxy", "proxy name", "representative"}
	nomineeIDHeaders = []string{"nominee id", "id", "id number", "proxy id", "passport"}
)

// ReadProxies reads the proxy nominations from a CSV or XLSX file as
// Read does. Its columns are found by their usual headers:
//
//	card:       as for Read
//	nominee:    Nominee, Nominee Name, Proxy, Proxy Name, Representative
//	nominee ID: Nominee ID, ID, ID Number, Proxy ID, Passport (optional)
//
// Any other column whose header names a way to reach a person (phone,
// cell, mail, address…: show.ContactColumn) is the form's contact, kept
// with the nomination for the prize desk's list.
//
// Every row needs a card and a nominee name; the card is compared as
// NormCard gives it, and a name or ID holding a control character or a
// bidirectional control is an error. A card may be listed more than
// once only with the same nominee, and a nominee may stand for one
// participant only: two rows name the same nominee when their IDs match
// (ignoring case and spaces), or, where either ID is empty, their names match
// ignoring case. The result has one Proxy per card, sorted by card, and
// the file's SHA-256 (in hex) of the bytes they were read from.
func ReadProxies(path, sheet string, opts ...Option) (proxies []Proxy, sum string, err error) {
	proxies, sum, _, err = readProxies(path, sheet, 0, optionsOf(opts))
	return proxies, sum, err
}

// readProxies is ReadProxies of a file whose header is on row headerRow,
// or found when it is 0.
func readProxies(path, sheet string, headerRow int, o options) (proxies []Proxy, sum string, dropped []Dropped, err error) {
	t, err := openTable(path, sheet, o)
	if err != nil {
		return nil, "", nil, err
	}
	defer t.Close()
	t.HeaderRow = headerRow
	idx, fe := findColumns(t, []column{
		{role: "card", aliases: cardHeaders, need: true},
		{role: "nominee", aliases: nomineeHeaders, need: true},
		{role: "nominee ID", aliases: nomineeIDHeaders},
	})
	if fe != nil {
		return nil, "", nil, fe
	}
	header := t.Header()
	colCard, colName, colID := header[idx[0]], header[idx[1]], ""
	if idx[2] >= 0 {
		colID = header[idx[2]]
	}
	var contacts []int
	for i, h := range header {
		if !slices.Contains(idx, i) && h != "" && show.ContactColumn(h) {
			contacts = append(contacts, i)
		}
	}

	ns := nominations{byCard: map[string]int{}, byID: map[string]int{}, byName: map[string][]int{}}
	fe = &FileError{File: path}
	twins := newCardIDs()
	f := footOf(t, idx[0])
	for f.Next() {
		rec := f.Record()
		c := rowCheck{fe: fe, line: f.Line(), ok: true}
		n := nomination{
			Proxy: Proxy{
				Card: strings.Clone(cell(rec, idx[0])),
				Name: strings.Clone(cell(rec, idx[1])),
				ID:   strings.Clone(cell(rec, idx[2])),
			},
			line: f.Line(),
		}
		n.id = strings.ToUpper(strings.Join(strings.Fields(n.ID), ""))
		n.name = strings.ToLower(strings.Join(strings.Fields(n.Name), " "))
		n.Card = c.cardID(colCard, n.Card)
		if other, row, ok := twins.add(n.Card, f.Line()); ok {
			c.bad(colCard, n.Card, twinMsg(n.Card, other, row))
		}
		if n.Name == "" {
			c.bad(colName, "", "the nominee's name is empty")
		}
		c.checkName(colName, "nominee's name", n.Name)
		if colID != "" {
			c.checkName(colID, "nominee's ID", n.ID)
		}
		for _, i := range contacts {
			v := cell(rec, i)
			c.checkName(header[i], "contact", v)
			if v == "" {
				continue
			}
			if n.Contact == nil {
				n.Contact = map[string]string{}
			}
			n.Contact[strings.Clone(header[i])] = strings.Clone(v)
		}
		if !c.ok {
			continue
		}
		ns.add(n, &c, colName, colID)
	}
	if err := finish(t, fe); err != nil {
		return nil, "", nil, err
	}
	if sum, err = t.SHA256(); err != nil {
		return nil, "", nil, err
	}
	proxies = make([]Proxy, len(ns.all))
	for i, n := range ns.all {
		proxies[i] = n.Proxy
	}
	slices.SortFunc(proxies, func(a, b Proxy) int { return strings.Compare(a.Card, b.Card) })
	return proxies, sum, f.Dropped, nil
}

// nomination is a row of a proxy file, its ID and name normalized for
// comparing.
type nomination struct {
	Proxy
	line     int
	id, name string
}

// nominations are a proxy file's rows so far, by card, by ID and by
// name (each an index in all): a participant has one nominee, and a
// nominee stands for one participant.
type nominations struct {
	all    []nomination
	byCard map[string]int
	byID   map[string]int
	byName map[string][]int
}

// add adds the row n unless it names a second nominee for a card, or a
// nominee already named for another card: c says which.
func (ns *nominations) add(n nomination, c *rowCheck, colName, colID string) {
	same := func(o nomination) bool {
		if n.id != "" && o.id != "" {
			return n.id == o.id
		}
		return n.name == o.name
	}
	if i, ok := ns.byCard[n.Card]; ok {
		if o := ns.all[i]; !same(o) {
			c.bad(colName, n.Name, fmt.Sprintf("card %q already has nominee %s on row %d; a participant has one nominee", n.Card, describe(o.Proxy), o.line))
		}
		return
	}
	var other *nomination
	if i, ok := ns.byID[n.id]; ok && n.id != "" {
		other = &ns.all[i]
	}
	for _, i := range ns.byName[n.name] {
		if other == nil && ns.all[i].Card != n.Card && same(ns.all[i]) {
			other = &ns.all[i]
		}
	}
	if other != nil {
		col, v := colName, n.Name
		if n.id != "" && n.id == other.id {
			col, v = colID, n.ID
		}
		c.bad(col, v, fmt.Sprintf("nominee %s is also named on row %d, for card %q: a nominee may stand for one participant only", describe(n.Proxy), other.line, other.Card))
		return
	}
	ns.byCard[n.Card] = len(ns.all)
	if n.id != "" {
		ns.byID[n.id] = len(ns.all)
	}
	ns.byName[n.name] = append(ns.byName[n.name], len(ns.all))
	ns.all = append(ns.all, n)
}

func describe(p Proxy) string {
	if p.ID == "" {
		return fmt.Sprintf("%q", p.Name)
	}
	return fmt.Sprintf("%q (ID %s)", p.Name, p.ID)
}

// ReadLists reads the desk's lists named in the show file, and a
// segment's selection by another system: every list is read, so one bad
// file does not hide another. It leaves Lists.ExclusionsStored to the
// store, which hashes the list as it keeps it. The exclusions are the
// cards of every exclusions list, each once.
func ReadLists(sh *show.Show, exclusions []string, register, proxies, selected string, opts ...Option) (*show.Lists, []string, error) {
	r, err := ReadListsDropped(sh, exclusions, register, proxies, selected, opts...)
	if err != nil {
		return nil, nil, err
	}
	return r.Lists, r.Excluded, nil
}

// ExclusionCards reads one exclusions list of sh at path as the show
// reads it: its cards and the SHA-256 of its bytes, for a statement to
// name the list a card is on.
func ExclusionCards(sh *show.Show, path string, opts ...Option) (cards []string, sum string, err error) {
	cards, sum, _, err = readCards(path, "", "", sh.Opts(path).HeaderRow, optionsOf(opts))
	return cards, sum, err
}

// ListsRead is what ReadListsDropped read of the desk's lists.
type ListsRead struct {
	Lists    *show.Lists
	Excluded []string   // the cards of every exclusions list, each once
	ByList   [][]string // each exclusions list's own cards, in the show file's order
	Dropped  []string   // the summary rows (a TOTAL, a count) the lists ended on, in words
}

// ReadListsDropped is ReadLists with each exclusions list's own cards,
// which check matches one by one, and the summary rows the lists ended
// on, which were dropped.
func ReadListsDropped(sh *show.Show, exclusions []string, register, proxies, selected string, opts ...Option) (*ListsRead, error) {
	o := optionsOf(opts)
	l := &show.Lists{}
	r := &ListsRead{Lists: l}
	var ex []string
	var errs []error // every list is read, so one bad file does not hide another
	for _, path := range exclusions {
		cards, sum, ds, err := readCards(path, "", "", sh.Opts(path).HeaderRow, o)
		errs, r.Dropped = append(errs, err), append(r.Dropped, DroppedNotes(sh.Rel(path), "a card", ds)...)
		ex, r.ByList = append(ex, cards...), append(r.ByList, cards)
		if len(exclusions) == 1 {
			l.ExclusionsFile, l.ExclusionsSHA256 = sh.Rel(path), sum
		} else {
			l.ExclusionLists = append(l.ExclusionLists, show.ListFile{File: sh.Rel(path), SHA256: sum, Cards: len(cards)})
		}
	}
	if len(exclusions) > 1 { // a card on two lists, however each spells it, is one card
		slices.Sort(ex)
		seen := map[string]bool{}
		ex = slices.DeleteFunc(ex, func(c string) bool {
			k := show.CardKey(c)
			dup := seen[k]
			seen[k] = true
			return dup
		})
	}
	l.Exclusions = len(ex)
	if register != "" {
		var err error
		var ds []Dropped
		l.Register, l.RegisterSigned, l.RegisterSHA256, ds, err = readRegister(register, sh.Opts(register).HeaderRow, sh.DateFormat, o)
		errs, r.Dropped = append(errs, err), append(r.Dropped, DroppedNotes(sh.Rel(register), "a card", ds)...)
		l.RegisterFile = sh.Rel(register)
	}
	if proxies != "" {
		ps, sum, ds, err := readProxies(proxies, "", sh.Opts(proxies).HeaderRow, o)
		errs, r.Dropped = append(errs, err), append(r.Dropped, DroppedNotes(sh.Rel(proxies), "a card", ds)...)
		for _, p := range ps {
			l.Proxies = append(l.Proxies, show.Proxy{Card: p.Card, Name: p.Name, ID: p.ID, Contact: p.Contact})
		}
		l.ProxiesFile, l.ProxiesSHA256 = sh.Rel(proxies), sum
	}
	if selected != "" {
		var err error
		l.Selected, l.SelectedSHA256, err = ReadSelection(selected, "", opts...)
		errs = append(errs, err)
		l.SelectedFile = sh.Rel(selected)
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	r.Excluded = ex
	return r, nil
}
