package main

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"drawshow/data/paper"
	"drawshow/show"
)

// sheetLines is the text of a PDF as pdftotext -layout reads it (without
// the rehearsal's diagonal watermark), a line each, trimmed, with its runs
// of spaces made one.
func sheetLines(t *testing.T, path string) []string {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Fatal("pdftotext is not installed: the sheet cannot be read back (apt-get install poppler-utils, or make deps)")
	}
	out, err := exec.Command("pdftotext", "-layout", "-nodiag", "-enc", "UTF-8", path, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext %s: %v", path, err)
	}
	lines := strings.Split(string(out), "\n")
	for i, l := range lines {
		lines[i] = strings.Join(strings.Fields(l), " ")
	}
	return lines
}

func fileSum(t *testing.T, path string) (sum string, size int) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:]), len(b)
}

// checkSheet reads the sheet at path back and requires on it what the show
// file at showPath and the commitment say: the commitment in full and in
// groups of four, the show file's hash, each list and entry file present
// with its hash and size (those in absent as not present), every segment
// of the run sheet, the status, and the two signature lines.
func checkSheet(t *testing.T, path, showPath, commitment string, rehearsal bool, absent ...string) []string {
	t.Helper()
	lines := sheetLines(t, path)
	text := strings.Join(lines, "\n")
	has := func(what, s string) {
		t.Helper()
		// sheetLines makes every run of spaces one plain space, the narrow
		// no-break space in show.Thousands' groups among them
		s = strings.ReplaceAll(s, "\u202f", " ")
		if !strings.Contains(text, s) {
			t.Errorf("the sheet lacks %s: %q", what, s)
		}
	}
	has("the commitment", "Commitment C "+commitment)
	g := strings.Fields(paper.Group4(commitment))
	if len(g) != 16 {
		t.Fatalf("commitment %q in %d groups", commitment, len(g))
	}
	has("the commitment's first groups", "In groups of four "+strings.Join(g[:8], " ")+"\n"+strings.Join(g[8:], " ")+"\n")
	sum, size := fileSum(t, showPath)
	has("the show file", "Show file show.yaml "+show.Thousands(size)+" bytes\nSHA-256 "+sum+"\n")

	sh, err := show.Load(showPath)
	if err != nil {
		t.Fatal(err)
	}
	var named []string
	for _, p := range []string{sh.Exclusions[0], sh.Register, sh.Proxies} {
		if p != "" {
			named = append(named, p)
		}
	}
	for _, s := range sh.Segments {
		for _, p := range []string{s.Entries, s.Register, s.Proxies} {
			if p != "" && !slices.Contains(named, p) {
				named = append(named, p)
			}
		}
	}
	if len(named) == 0 {
		t.Fatal("the test's show names no file")
	}
	for _, p := range named {
		rel, err := filepath.Rel(filepath.Dir(showPath), p)
		if err != nil {
			t.Fatal(err)
		}
		rel = filepath.ToSlash(rel)
		if slices.Contains(absent, rel) {
			has(rel+", not present", rel+"\n")
			continue
		}
		sum, size := fileSum(t, p)
		has(rel, rel+" "+show.Thousands(size)+" bytes\n")
		has(rel+"'s SHA-256", "SHA-256 "+sum+"\n")
	}
	for _, rel := range absent {
		i := slices.IndexFunc(lines, func(l string) bool { return strings.HasSuffix(l, " "+rel) })
		if i < 0 || !slices.Contains(lines[i:min(i+4, len(lines))], "SHA-256 "+paper.NotPresent) {
			t.Errorf("%s is not said to be absent:\n%s", rel, text)
		}
	}

	has("the run sheet's timezone", "times in "+sh.Timezone)
	for _, s := range sh.Segments {
		i := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, s.ID+" ") })
		if i < 0 {
			t.Errorf("the run sheet lacks segment %s", s.ID)
			continue
		}
		// the title may wrap onto the lines below
		block := lines[i]
		for _, l := range lines[i+1:] {
			if l == "" || slices.ContainsFunc(sh.Segments, func(o show.Segment) bool { return strings.HasPrefix(l, o.ID+" ") }) {
				break
			}
			block += " " + l
		}
		prizes := strings.Join(s.Prizes, ", ")
		if len(s.Prizes) > 1 && !slices.ContainsFunc(s.Prizes, func(p string) bool { return p != s.Prizes[0] }) {
			prizes = s.Prizes[0] + " each"
		}
		tail := string(s.Kind) + " " + s.At.In(sh.Location).Format("2006-01-02 15:04") + " " + show.Thousands(s.Winners) + " " + prizes
		if !strings.Contains(lines[i], tail) {
			t.Errorf("run sheet line of %s: %q, want %q in it", s.ID, lines[i], tail)
		}
		for _, w := range strings.Fields(s.Title) {
			if !strings.Contains(block, w) {
				t.Errorf("run sheet of %s: %q lacks %q of its title %q", s.ID, block, w, s.Title)
			}
		}
	}

	if rehearsal {
		has("the status", "\nREHEARSAL\n")
		has("the banner", "REHEARSAL - NOT AN OFFICIAL RESULT")
	} else {
		has("the status", "\nOFFICIAL\n")
		has("the banner", "OFFICIAL SHOW")
		if strings.Contains(text, "REHEARSAL") {
			t.Error("an official show's sheet says REHEARSAL")
		}
	}
	has("the auditor's signature", "Independent auditor\n\n\nName Signature Date\n")
	has("the manager's signature", "Promotions manager\n\n\nName Signature Date\n")
	if t.Failed() {
		t.Logf("the sheet reads:\n%s", text)
	}
	return lines
}

func TestSheet(t *testing.T) {
	dir := t.TempDir()
	db, out := filepath.Join(dir, "campaign.db"), filepath.Join(dir, "sheet.pdf")
	// no actions: the run only opens the show
	if _, stderr, err := drawshow(t, "", runArgs(crashShow, db, "-")...); err != nil {
		t.Fatalf("run: %v\n%s", err, stderr)
	}
	seed, _ := hex.DecodeString(testSeed)
	c := show.Commitment(seed)
	before := readJournal(t, db)
	stdout, stderr, err := drawshow(t, "", "sheet", crashShow, "--db", db, "--out", out)
	if err != nil {
		t.Fatalf("sheet: %v\n%s", err, stderr)
	}
	if want := "pre-show sheet of show royal-flush-2024-11-30 (REHEARSAL) to " + out + ": commitment " + paper.Group4(c) + "; 5 of 5 list and entry file(s) hashed; 4 segment(s)\n"; stdout != want || stderr != "" {
		t.Errorf("sheet said %q, %q; want %q", stdout, stderr, want)
	}
	checkSheet(t, out, crashShow, c, true)
	sameJournal(t, readJournal(t, db), before) // it only reads
	if left, _ := filepath.Glob(filepath.Join(dir, ".sheet*")); len(left) > 0 {
		t.Errorf("left beside the sheet: %v", left)
	}
}

func TestSheetOfficialWithAFileToCome(t *testing.T) {
	showFile := filepath.Join(copyDir(t, filepath.Dir(crashShow)), "show.yaml")
	tonight(t, showFile, "2024-11-30") // an official show runs on its own night
	if err := os.Remove(filepath.Join(filepath.Dir(showFile), "entries", "points.csv")); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	db, out := filepath.Join(dir, "campaign.db"), filepath.Join(dir, "sheet.pdf")
	stdout, stderr, err := drawshow(t, "", "run", showFile, "--db", db, "--headless", "--actions", "-")
	if err != nil {
		t.Fatalf("run: %v\n%s", err, stderr)
	}
	m := regexp.MustCompile(`commitment ([0-9a-f]{64})`).FindStringSubmatch(stdout + stderr)
	if m == nil {
		t.Fatalf("no commitment in %q, %q", stdout, stderr)
	}
	c := m[1]
	if stdout, stderr, err = drawshow(t, "", "sheet", showFile, "--db", db, "--out", out); err != nil {
		t.Fatalf("sheet: %v\n%s", err, stderr)
	}
	if !strings.Contains(stdout, "(OFFICIAL)") || !strings.Contains(stdout, "4 of 5 list and entry file(s) hashed") {
		t.Errorf("sheet said %q", stdout)
	}
	lines := checkSheet(t, out, showFile, c, false, "entries/points.csv")
	if text := strings.Join(lines, " "); !strings.Contains(text, "Seed 32 bytes from crypto/rand") || strings.Contains(text, "Printed after the first draw began") {
		t.Errorf("an official sheet before the first draw:\n%s", strings.Join(lines, "\n"))
	}

	// printed after the first freeze, it says so
	if _, stderr, err := drawshow(t, "no-witness\ndraw early\n", "run", showFile, "--db", db, "--headless", "--actions", "-"); err != nil {
		t.Fatalf("draw: %v\n%s", err, stderr)
	}
	frozen := "the bin of sat-cash was frozen at " + today(t) + " "
	if _, stderr, err = drawshow(t, "", "sheet", showFile, "--db", db, "--out", out); err != nil || !strings.Contains(stderr, "warning: "+frozen) {
		t.Fatalf("sheet after the first draw: %v\n%s", err, stderr)
	}
	if text := strings.Join(strings.Fields(strings.Join(sheetLines(t, out), " ")), " "); !strings.Contains(text, "Printed after the first draw began ("+frozen) {
		t.Errorf("a late sheet does not say so:\n%s", text)
	}
}

func TestSheetRefused(t *testing.T) {
	dir := t.TempDir()
	db, out := filepath.Join(dir, "campaign.db"), filepath.Join(dir, "sheet.pdf")
	if _, stderr, err := drawshow(t, "", runArgs(crashShow, db, "-")...); err != nil {
		t.Fatalf("run: %v\n%s", err, stderr)
	}
	other := filepath.Join(t.TempDir(), "show.yaml")
	text, err := os.ReadFile(exampleShow)
	if err != nil {
		t.Fatal(err)
	}
	// the example's show file, read from another folder: its files are not
	// there, which a sheet of an opened show would list as to come
	if err := os.WriteFile(other, text, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		args []string
		want []string
	}{
		{"never opened", []string{"sheet", other, "--db", db, "--out", out},
			[]string{"no open show in " + db + " was opened from " + other, "run the show first", "drawshow run " + other + " --db " + db + " --headless --actions -"}},
		{"no such show", []string{"sheet", crashShow, "--db", db, "--show", "nonesuch", "--out", out}, []string{`no show "nonesuch"`}},
		{"no database", []string{"sheet", crashShow, "--db", filepath.Join(dir, "none.db"), "--out", out}, []string{"no campaign database"}},
		{"no out", []string{"sheet", crashShow, "--db", db}, []string{"sheet needs --db FILE and --out FILE.pdf"}},
		{"not a pdf", []string{"sheet", crashShow, "--db", db, "--out", filepath.Join(dir, "sheet.txt")}, []string{"the sheet is a PDF; name it FILE.pdf"}},
		{"no show file", []string{"sheet", "--db", db, "--out", out}, []string{"sheet needs one show file"}},
	} {
		_, stderr, err := drawshow(t, "", c.args...)
		for _, w := range c.want {
			if err == nil || !strings.Contains(err.Error(), w) {
				t.Errorf("%s: %v (%s), want %q", c.name, err, stderr, w)
			}
		}
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a refused sheet left %s: %v", out, err)
	}
}
