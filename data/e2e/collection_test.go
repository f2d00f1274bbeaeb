package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"drawshow/data/datatest/rig"
	"drawshow/data/export"
	"drawshow/data/record"
	"drawshow/data/session"
	"drawshow/data/store"
	"drawshow/show"
)

// proxyFormFixture is the export fixture with the proxy forms on file: a
// nominee for every card, with the form's contact columns (a cell number
// and an e-mail) and one that is not a contact (the relationship).
func proxyFormFixture(t *testing.T) *rig.Fixture {
	t.Helper()
	f := rig.ExportFixture(t)
	text := strings.Replace(rig.ExportShow, "exclusions: exclusions.csv\n", "exclusions: exclusions.csv\nproxies: proxies.csv\n", 1)
	f.Text = []byte(text)
	rig.Write(t, f.ShowPath, text)
	var b strings.Builder
	b.WriteString("Card,Nominee,Nominee ID,Nominee Cell,Email Address,Relationship\n")
	for i, p := range rig.People {
		fmt.Fprintf(&b, "%s,Nominee of %s,90020250%05d,083 444 %04d,proxy%02d@example.co.za,sister\n", p.Card, p.Card, i, i, i)
	}
	rig.Write(t, filepath.Join(f.Dir, "proxies.csv"), b.String())
	return f
}

// playProxyShow plays the fixture's show as rig.PlayExportShow does, the
// proxy being the nominee on file.
func playProxyShow(t *testing.T, f *rig.Fixture) (*store.DB, *session.Session) {
	t.Helper()
	db, ss := f.OpenWith(t, session.Options{NoWitness: true})
	step := func(c show.Command) {
		t.Helper()
		f.Clock = rig.OnTime(ss, c, f.Clock.Add(7*time.Second))
		if _, err := ss.Do(c, nil); err != nil {
			t.Fatalf("%s %s: %v", c.Op, c.Text, err)
		}
	}
	for _, c := range []show.Command{{Op: show.OpDraw}, {Op: show.OpClaim}, {Op: show.OpDraw}, {Op: show.OpProxy},
		{Op: show.OpDraw}, {Op: show.OpDecline, Text: rig.PaperNote}, {Op: show.OpNext}, {Op: show.OpDraw}, {Op: show.OpDraw}, {Op: show.OpClose}} {
		step(c)
	}
	return db, ss
}

// TestCollectionCarriesTheProxyForm: collection.csv carries, beside the
// entry file's contact columns, the proxy form's: the nominee's name and
// ID stand in proxy and proxy_id, and every contact column of the
// proxies file follows as "proxy form HEADER", for each winner not
// present whose card has a form on file (issue 26, the prize desk).
// verify writes it again from the record.
func TestCollectionCarriesTheProxyForm(t *testing.T) {
	t.Parallel()
	f := proxyFormFixture(t)
	db, ss := playProxyShow(t, f)
	out := filepath.Join(t.TempDir(), "export")
	if _, err := export.Write(db, ss.ID, out); err != nil {
		t.Fatal(err)
	}
	if v, err := rig.VerifyDir(out); err != nil || len(v) > 0 {
		t.Fatalf("verify: %v %q", err, v)
	}
	rows := rig.CSVRows(t, filepath.Join(out, record.CollectionFile))
	if len(rows) != 4 {
		t.Fatalf("%d rows, want a proxy, a decline and two to contact", len(rows))
	}
	for _, r := range rows {
		i := slices.IndexFunc(rig.People, func(p rig.Person) bool { return p.Card == r["card"] })
		want := map[string]string{
			"proxy form Email Address": fmt.Sprintf("proxy%02d@example.co.za", i),
			"proxy form Nominee Cell":  fmt.Sprintf("083 444 %04d", i),
			"Phone":                    rig.People[i].Phone,
		}
		if r["outcome"] == string(show.ByProxy) {
			want["proxy"], want["proxy_id"] = "Nominee of "+r["card"], fmt.Sprintf("90020250%05d", i)
		}
		for k, v := range want {
			if r[k] != v {
				t.Errorf("%s (%s): %s is %q, want %q", r["card"], r["outcome"], k, r[k], v)
			}
		}
		if _, ok := r["proxy form Relationship"]; ok {
			t.Errorf("the form's relationship column is not a contact: %q", r)
		}
	}
	// the form is in the record: a contact edited in the journal is named
	forgedExport(t, out, "a proxy form's contact edited", "lists-loaded", func(dir string) {
		replaceIn(t, filepath.Join(dir, record.JournalFile), "083 444 0001", "083 444 9999")
	})
}

// TestSMSContactsForTheDesk: export writes, beside collection.csv, the
// contact list of the winners not present for the desk's SMS upload
// (Royal Flush 80): the number as E.164, first, with no apostrophe, the
// prize and the day to collect by; a winner with no number says so, and
// the proxy form's number serves where the entry file has none. verify
// holds it to the record (issue 39).
func TestSMSContactsForTheDesk(t *testing.T) {
	t.Parallel()
	f := proxyFormFixture(t)
	db, ss := playProxyShow(t, f)
	out := filepath.Join(t.TempDir(), "export")
	if _, err := export.Write(db, ss.ID, out); err != nil {
		t.Fatal(err)
	}
	if v, err := rig.VerifyDir(out); err != nil || len(v) > 0 {
		t.Fatalf("verify: %v %q", err, v)
	}
	coll := rig.CSVRows(t, filepath.Join(out, record.CollectionFile))
	sms := rig.CSVRows(t, filepath.Join(out, record.ContactsFile))
	if len(sms) != len(coll) || len(sms) == 0 {
		t.Fatalf("%d SMS rows for %d winners not present", len(sms), len(coll))
	}
	for i, r := range sms {
		c := coll[i]
		p := rig.People[slices.IndexFunc(rig.People, func(p rig.Person) bool { return p.Card == r["card"] })]
		// the entry file's Phone, else the proxy form's Nominee Cell
		want := "+27" + strings.ReplaceAll(strings.TrimPrefix(p.Phone, "0"), " ", "")
		if p.Phone == "" {
			want = "+27" + strings.ReplaceAll(strings.TrimPrefix(c["proxy form Nominee Cell"], "0"), " ", "")
		}
		if r["mobile"] != want || r["problem"] != "" || r["card"] != c["card"] || r["collect_by"] != c["collect_by"] || r["prize"] != c["prize"] || r["name"] != c["name"] {
			t.Errorf("SMS row %q\nfor collection row %q; want mobile %s", r, c, want)
		}
	}
	b, err := os.ReadFile(filepath.Join(out, record.ContactsFile))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), "'+") || !strings.HasPrefix(string(b), "mobile,") {
		t.Errorf("sms-contacts.csv is not for machines:\n%s", b)
	}
	// a person reads the same in the workbook, every cell text
	x, err := excelize.OpenFile(filepath.Join(out, record.WinnersXLSX))
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	rows, err := x.GetRows(record.ContactsSheet)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 4+len(sms) || rows[3][0] != "Mobile" {
		t.Fatalf("the Contacts sheet: %q", rows)
	}
	for i, r := range sms {
		cell, _ := excelize.CoordinatesToCellName(1, 5+i)
		if got := rows[4+i]; got[0] != r["mobile"] || got[2] != r["card"] {
			t.Errorf("Contacts row %d %q, want the SMS list's %q", i+1, got, r)
		} else if typ, err := x.GetCellType(record.ContactsSheet, cell); err != nil || r["mobile"] != "" && typ != excelize.CellTypeSharedString && typ != excelize.CellTypeInlineString {
			t.Errorf("Contacts %s is a %v cell (%v), want text", cell, typ, err)
		}
	}
	forgedExport(t, out, "a number edited", `sms-contacts.csv: draw`, func(dir string) {
		replaceIn(t, filepath.Join(dir, record.ContactsFile), "+27825550", "+27825559")
	})
}
