package show

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestResolvePathElsewhere(t *testing.T) {
	for _, c := range []struct{ dir, f, want string }{
		{"/srv/shows", "entries/x.csv", "/srv/shows/entries/x.csv"},
		{"/srv/shows", `entries\x.csv`, "/srv/shows/entries/x.csv"},          // written on Windows
		{"/srv/shows", `..\shared\register.csv`, "/srv/shared/register.csv"}, // up a folder
		{".", `entries\x.csv`, "entries/x.csv"},
		{"/srv/shows", "/data/x.csv", "/data/x.csv"},
		{"/srv/shows", `\data\x.csv`, "/data/x.csv"},
		{"/srv/shows", `C:\shows\x.csv`, `C:\shows\x.csv`}, // another machine's: as written
		{"/srv/shows", "c:/shows/x.csv", "c:/shows/x.csv"},
		{"/srv/shows", `\\promo-nas\draws\x.csv`, `\\promo-nas\draws\x.csv`},
		{"/srv/shows", "", ""},
	} {
		if got := resolvePath(false, c.dir, c.f); got != c.want {
			t.Errorf("resolvePath(%q, %q) = %q, want %q", c.dir, c.f, got, c.want)
		}
	}
}

func TestResolvePathWindows(t *testing.T) {
	for _, c := range []struct{ dir, f, want string }{
		{`C:\shows`, `entries\x.csv`, `C:\shows\entries\x.csv`},
		{`C:\shows`, "entries/x.csv", `C:\shows\entries\x.csv`},
		{`C:\shows\sat`, `..\shared\register.csv`, `C:\shows\shared\register.csv`},
		{".", `entries\x.csv`, `entries\x.csv`},
		{`C:\shows`, `D:\exports\x.csv`, `D:\exports\x.csv`},
		{`C:\shows`, "d:/exports/x.csv", `d:\exports\x.csv`},
		{`D:\shows`, `\exports\x.csv`, `D:\exports\x.csv`}, // rooted: the show's drive
		{`C:\shows`, `\\promo-nas\draws\x.csv`, `\\promo-nas\draws\x.csv`},
		{`\\promo-nas\draws\sat`, `entries\x.csv`, `\\promo-nas\draws\sat\entries\x.csv`},
		{`\\promo-nas\draws\sat`, `..\..\x.csv`, `\\promo-nas\draws\x.csv`}, // not above the share
		{`\\promo-nas\draws`, `\x.csv`, `\\promo-nas\draws\x.csv`},
		{`C:\shows`, "", ""},
	} {
		if got := resolvePath(true, c.dir, c.f); got != c.want {
			t.Errorf("resolvePath(%q, %q) = %q, want %q", c.dir, c.f, got, c.want)
		}
	}
}

func TestWinVolume(t *testing.T) {
	for p, want := range map[string]string{
		"C:/x": "C:", "z:": "z:", "//srv/share/x": "//srv/share", "//srv/share": "//srv/share",
		"//srv": "", "//srv/": "", "///x": "", "/x": "", "x": "", "1:/x": "", "": "",
	} {
		if got := winVolume(p); got != want {
			t.Errorf("winVolume(%q) = %q, want %q", p, got, want)
		}
	}
}

// A show file written on Windows loads on Linux with its files in its
// own folder.
func TestParseWindowsPaths(t *testing.T) {
	text := strings.Replace(issueExample, "tickets: per-row ", "tickets: points  ", 1)
	text = strings.ReplaceAll(text, "entries/saturday.csv", `entries\saturday.csv`)
	text = strings.ReplaceAll(text, "exclusions: exclusions.csv", `exclusions: ..\shared\exclusions.csv`)
	sh, err := Parse("/srv/shows/royal/show.yaml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.FromSlash("/srv/shows/shared/exclusions.csv"); len(sh.Exclusions) != 1 || sh.Exclusions[0] != want {
		t.Errorf("exclusions %q, want %q", sh.Exclusions, want)
	}
	if want := filepath.FromSlash("/srv/shows/royal/entries/saturday.csv"); sh.Segments[0].Entries != want {
		t.Errorf("entries %q, want %q", sh.Segments[0].Entries, want)
	}
}

// FuzzResolvePath: any path resolves without a panic; elsewhere than
// Windows a relative path with no volume stays inside or beside the
// folder's tree, and on Windows the result has no slash left.
func FuzzResolvePath(f *testing.F) {
	f.Add(`entries\x.csv`, false)
	f.Add(`\\srv\share\..\..\x`, true)
	f.Add(`C:..\x`, true)
	f.Fuzz(func(t *testing.T, p string, windows bool) {
		got := resolvePath(windows, "/srv/shows", p)
		if p == "" != (got == "") {
			t.Fatalf("%q resolved to %q", p, got)
		}
		if windows && strings.Contains(got, "/") {
			t.Fatalf("%q resolved to %q, with a slash", p, got)
		}
	})
}
