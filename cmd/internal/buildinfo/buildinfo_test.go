package buildinfo

import (
	"runtime/debug"
	"strings"
	"testing"
)

func TestVersionUnstamped(t *testing.T) {
	if version != "" {
		t.Skip("this test binary was stamped")
	}
	if Version() != Devel {
		t.Fatalf("Version() = %q, want %q", Version(), Devel)
	}
}

func TestWriteRelease(t *testing.T) {
	bi := &debug.BuildInfo{
		GoVersion: "go1.26.8",
		Deps: []*debug.Module{
			{Path: "github.com/mattn/go-sqlite3", Version: "v1.14.53"},
			{Path: "golang.org/x/sys", Version: "v0.50.0", Replace: &debug.Module{Path: "../sys", Version: "(devel)"}},
		},
		Settings: []debug.BuildSetting{
			{Key: "GOOS", Value: "windows"}, {Key: "GOARCH", Value: "amd64"},
			{Key: "vcs.revision", Value: "4399d7e0"}, {Key: "vcs.modified", Value: "true"},
		},
	}
	var b strings.Builder
	if err := fromBuildInfo("v1.2.0-3-g4399d7e-dirty", bi).Write(&b, "drawshow"); err != nil {
		t.Fatal(err)
	}
	want := `drawshow v1.2.0-3-g4399d7e-dirty
  built with go1.26.8 for windows/amd64
  from commit 4399d7e0, with uncommitted changes
  dependencies:
    github.com/mattn/go-sqlite3 v1.14.53
    golang.org/x/sys v0.50.0 => ../sys (devel)
`
	if b.String() != want {
		t.Fatalf("got\n%s\nwant\n%s", b.String(), want)
	}
}

// A build without the stamp says so rather than pass for a release.
func TestWriteDevel(t *testing.T) {
	var b strings.Builder
	if err := fromBuildInfo(Devel, nil).Write(&b, "drawshow-stage"); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if !strings.HasPrefix(out, "drawshow-stage devel\n") || !strings.Contains(out, "not a release build") {
		t.Fatalf("an unstamped build:\n%s", out)
	}
	if strings.Contains(out, "dependencies") || strings.Contains(out, "commit") {
		t.Fatalf("no build information, yet:\n%s", out)
	}
}
