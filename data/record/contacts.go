package record

import (
	"errors"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// ContactsFile is the prize desk's contact list for an SMS upload: the
// winners not present, each with a number written for machines (E.164,
// +27825551234), the prize and the date to collect by (Royal Flush 80).
// It is a file for a bulk-SMS service, not for a spreadsheet: its cells
// are as they are, where a spreadsheet would take +27… for a formula. A
// person reads the same contacts in winners.xlsx's Contacts sheet.
const ContactsFile = "sms-contacts.csv"

// contactsCSV are the SMS list's columns: the number first, as upload
// services expect it.
var contactsCSV = []string{"mobile", "name", "card", "prize", "collect_by", "show", "segment", "pick", "why", "mobile_as_given", "problem"}

// mobileHeader ranks a contact column as a mobile number: a mobile or
// cell column before a phone or tel one; 0 when it is not a number.
func mobileHeader(h string) int {
	h = strings.ToLower(h)
	switch {
	case strings.Contains(h, "mail") || strings.Contains(h, "address"):
		return 0
	case strings.Contains(h, "mobile") || strings.Contains(h, "cell") || strings.Contains(h, "whatsapp"):
		return 2
	case strings.Contains(h, "phone") || strings.Contains(h, "tel") || strings.Contains(h, "contact"):
		return 1
	}
	return 0
}

// mobileOf is the number a winner is texted at: the entry file's mobile
// column, else its phone column, else the proxy form's; "" when none
// has one.
func mobileOf(cols ...map[string]string) string {
	for _, c := range cols {
		best, at := 0, ""
		for _, h := range slices.Sorted(maps.Keys(c)) {
			if r := mobileHeader(h); r > best && strings.TrimSpace(c[h]) != "" {
				best, at = r, c[h]
			}
		}
		if at != "" {
			return at
		}
	}
	return ""
}

// E164 writes a phone number as E.164 (+27825551234): spaces, dashes,
// dots, brackets and a spreadsheet's leading apostrophe dropped; 00 for
// +; a national number (082 555 1234) dialled with code, the country
// calling code, which also serves one whose leading 0 a spreadsheet
// dropped (825551234, nine digits in South Africa).
func E164(v, code string) (string, error) {
	s := strings.TrimPrefix(strings.TrimSpace(v), "'")
	var b strings.Builder
	for i, r := range s {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == '+' && i == 0:
			b.WriteRune(r)
		case r == ' ' || r == '-' || r == '.' || r == '(' || r == ')' || r == '\u00a0' || r == '/':
		default:
			return "", errors.New("holds " + string(r) + ": not a phone number")
		}
	}
	n := b.String()
	switch {
	case n == "":
		return "", errors.New("is empty")
	case strings.HasPrefix(n, "+"):
	case strings.HasPrefix(n, "00"):
		n = "+" + n[2:]
	case code == "":
		return "", errors.New("is a national number, and the show file gives no country calling code (desk: {phone_code: +27})")
	case strings.HasPrefix(n, "0"):
		n = "+" + code + n[1:]
	case strings.HasPrefix(n, code) && len(n) > 10:
		n = "+" + n
	case code == "27" && len(n) == 9:
		n = "+27" + n // its leading 0 dropped by a spreadsheet
	default:
		return "", errors.New("is not a number that can be dialled: give it with its country code (+27…) or its leading 0")
	}
	if d := len(n) - 1; d < 8 || d > 15 || n[1] == '0' {
		return "", errors.New("is not a number that can be dialled: an international number has 8 to 15 digits after the +")
	}
	return n, nil
}

// contactsTable is sms-contacts.csv: one row a winner not present, in
// the order of collection.csv. A winner whose number is missing or cannot
// be written as E.164 has an empty mobile and the problem in words, with
// the number as given: the desk calls them instead.
func (x *Set) contactsTable() Table {
	t := Table{File: ContactsFile, Heads: contactsCSV, Raw: true}
	for _, s := range x.st.Segs {
		for i := range s.Picks {
			p := &s.Picks[i]
			if !NotPresent(p.Outcome) {
				continue
			}
			r := x.pickRow(s, p)
			form, _ := x.st.ProxyFor(s, p.Participant)
			given := mobileOf(r.who.Extra, form.Contact)
			mobile, problem := "", "no mobile or phone number in the entry file or the proxy form"
			if given != "" {
				if n, err := E164(given, x.sh.Desk.PhoneCode); err != nil {
					problem = "the number " + err.Error()
				} else {
					mobile, problem = n, ""
				}
			}
			t.Rows = append(t.Rows, Line{rowName(s.Seg.ID, p.K), []string{
				mobile, r.who.Name, p.Participant, p.Won(), x.CollectBy(p), x.st.ID, s.Seg.ID, strconv.Itoa(p.K + 1), Status(p), given, problem,
			}})
		}
	}
	return t
}
