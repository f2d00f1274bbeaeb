// Command release builds drawshow's release archives (make release): for
// each platform both programs, built for it (cgo through Debian's MinGW-w64
// for Windows), with the README and the docs it links to, the show
// file's JSON Schema, the examples and every licence of what is linked
// in, in dist/drawshow-VERSION-windows-amd64.zip and
// dist/drawshow-VERSION-linux-amd64.tar.gz, with SHA256SUMS beside them.
// The Windows programs carry an icon and version information, and the zip
// a quick start for the promotions manager (QUICK-START.html). Beside
// them, the auditor's drawshow-verify, built without cgo, in an archive
// of its own for each of macOS arm64 and amd64, Windows and Linux.
//
//	go run ./scripts/release [-version V] [-out DIR] [-platforms windows/amd64,linux/amd64] [-verifier-platforms LIST]
package main

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"html"
	"io"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// versionVar is the variable the version is stamped into at link time.
const versionVar = "drawshow/cmd/internal/buildinfo.version"

// programs are the two programs every archive of the show's laptop
// holds; verifier is the auditor's, built without cgo, alone in an
// archive of its own for each of verifierPlatforms.
var (
	programs = []string{"drawshow", "drawshow-stage"}
	verifier = "drawshow-verify"
)

// verifierPlatforms are where an auditor may check a record: macOS on
// Apple silicon and on Intel, Windows and Linux.
const verifierPlatforms = "darwin/arm64,darwin/amd64,windows/amd64,linux/amd64"

func main() {
	version := flag.String("version", "", "the release `VERSION` (default: git describe --tags --always --dirty)")
	out := flag.String("out", "dist", "write the archives into `DIR`")
	list := flag.String("platforms", "windows/amd64,linux/amd64", "the `GOOS/GOARCH` list to build")
	verifiers := flag.String("verifier-platforms", verifierPlatforms, "the `GOOS/GOARCH` list to build drawshow-verify for (none: empty)")
	flag.Parse()
	if err := run(*version, *out, split(*list), split(*verifiers)); err != nil {
		fmt.Fprintln(os.Stderr, "release:", err)
		os.Exit(1)
	}
}

// split is a comma-separated list's items; none for an empty list.
func split(list string) []string {
	if list == "" {
		return nil
	}
	return strings.Split(list, ",")
}

func run(version, out string, list, verifiers []string) error {
	if version == "" {
		v, err := output("git", "describe", "--tags", "--always")
		if err != nil {
			return fmt.Errorf("the version from git: %v (give -version)", err)
		}
		version = v
	}
	epoch, err := sourceDate()
	if err != nil {
		return err
	}
	out, err = filepath.Abs(out) // the builds run in the exported tree
	if err != nil {
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	// a release is one commit: HEAD's files, not the working copy's
	if st, _ := output("git", "status", "--porcelain", "--untracked-files=no"); st != "" {
		fmt.Fprintln(os.Stderr, "release: the working copy has uncommitted changes; the release is HEAD without them")
	}
	src, err := os.MkdirTemp("", "drawshow-release-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(src)
	if err := exportHead(src); err != nil {
		return err
	}
	if err := checkToolchain(src); err != nil {
		return err
	}
	var archives []string
	builds := make([]func() (string, error), 0, len(list)+len(verifiers))
	var names []string
	for _, s := range list {
		p, err := parsePlatform(s)
		if err != nil {
			return err
		}
		builds = append(builds, func() (string, error) { return release(p, version, src, out, epoch) })
		names = append(names, p.String())
	}
	for _, s := range verifiers {
		p, err := parsePlatform(s)
		if err != nil {
			return err
		}
		builds = append(builds, func() (string, error) { return releaseVerifier(p, version, src, out, epoch) })
		names = append(names, verifier+" "+p.String())
	}
	for i, build := range builds {
		start := time.Now()
		path, err := build()
		if err != nil {
			return fmt.Errorf("%s: %w", names[i], err)
		}
		st, err := os.Stat(path)
		if err != nil {
			return err
		}
		fmt.Printf("%s\t%.1f MB\t%.0f s\n", path, float64(st.Size())/1e6, time.Since(start).Seconds())
		archives = append(archives, path)
	}
	sums := filepath.Join(out, "SHA256SUMS")
	if err := writeSums(sums, archives); err != nil {
		return err
	}
	fmt.Printf("%s\n", sums)
	return nil
}

//go:embed quickstart.html
var quickStart string

// guides are what a platform's archive holds for the person who opens it,
// at its top: on Windows, the promotions manager's quick start.
func guides(p platform, version string) []file {
	if p.OS != "windows" {
		return nil
	}
	page := strings.ReplaceAll(quickStart, "{{VERSION}}", html.EscapeString(version))
	return []file{{Name: "QUICK-START.html", Data: []byte(page)}}
}

// writeSums writes SHA256SUMS for the archives, beside them: one line an
// archive, its SHA-256 and its name, as sha256sum -c reads them.
func writeSums(path string, archives []string) error {
	var b strings.Builder
	for _, a := range archives {
		f, err := os.Open(a)
		if err != nil {
			return err
		}
		h := sha256.New()
		_, err = io.Copy(h, f)
		f.Close()
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "%x  %s\n", h.Sum(nil), filepath.Base(a))
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, []byte(b.String()), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// sourceDate is the time every archive entry carries: $SOURCE_DATE_EPOCH,
// else the last commit's, so that two releases of one commit are alike.
func sourceDate() (time.Time, error) {
	s := os.Getenv("SOURCE_DATE_EPOCH")
	if s == "" {
		v, err := output("git", "log", "-1", "--format=%ct")
		if err != nil {
			return time.Time{}, fmt.Errorf("the last commit's time: %v (set SOURCE_DATE_EPOCH)", err)
		}
		s = v
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return time.Time{}, fmt.Errorf("SOURCE_DATE_EPOCH %q: not a count of seconds", s)
	}
	return time.Unix(n, 0).UTC(), nil
}

// release builds and packs one platform's archive from the source tree
// src, and returns its path.
func release(p platform, version, src, out string, epoch time.Time) (string, error) {
	name := fmt.Sprintf("drawshow-%s-%s-%s", version, p.OS, p.Arch)
	tmp, err := os.MkdirTemp(out, ".build-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	var files []file
	for _, prog := range programs {
		if p.OS == "windows" {
			if err := writeResources(p, version, src, prog); err != nil {
				return "", err
			}
		}
		bin := filepath.Join(tmp, p.exe(prog))
		if err := goBuild(p, true, version, src, prog, bin); err != nil {
			return "", err
		}
		files = append(files, file{Name: p.exe(prog), Src: bin, Exec: true})
	}
	files = append(files, guides(p, version)...)
	files = append(files, file{Name: "README.md", Src: filepath.Join(src, "README.md")})
	ex, err := tree(src, "examples")
	if err != nil {
		return "", err
	}
	files = append(files, ex...)
	docs, err := readmeDocs(src, files)
	if err != nil {
		return "", err
	}
	files = append(files, docs...)
	return pack(p, true, src, out, name, programs, files, epoch)
}

// pack writes files, with the licences of what progs link for p (with
// cgo, the show laptop's programs; without, the verifier), into the
// archive name in out, and returns its path.
func pack(p platform, cgo bool, src, out, name string, progs []string, files []file, epoch time.Time) (string, error) {
	mods, err := linkedModules(p, cgo, src, progs)
	if err != nil {
		return "", err
	}
	lic, err := licences(src, mods, cgo)
	if err != nil {
		return "", err
	}
	files = append(files, lic...)
	path := filepath.Join(out, name+p.archiveExt())
	if err := writeArchive(path, name, files, epoch, p.OS == "windows"); err != nil {
		return "", err
	}
	return path, nil
}

// releaseVerifier packs the auditor's verifier for p, built without cgo,
// with its guide and the licences of what it links, and returns the
// archive's path.
func releaseVerifier(p platform, version, src, out string, epoch time.Time) (string, error) {
	name := fmt.Sprintf("%s-%s-%s-%s", verifier, version, p.OS, p.Arch)
	tmp, err := os.MkdirTemp(out, ".build-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, p.exe(verifier))
	if err := goBuild(p, false, version, src, verifier, bin); err != nil {
		return "", err
	}
	files := []file{
		{Name: p.exe(verifier), Src: bin, Exec: true},
		{Name: "README.md", Src: filepath.Join(src, "docs", "verifier.md")},
	}
	return pack(p, false, src, out, name, []string{verifier}, files, epoch)
}

// goBuild builds one program for p, with cgo or without, stamped with
// version. On Windows the stage is a GUI program: no console window
// opens behind it.
func goBuild(p platform, cgo bool, version, src, prog, bin string) error {
	ldflags := "-s -w -X " + versionVar + "=" + version
	if p.OS == "windows" && prog == "drawshow-stage" {
		ldflags += " -H=windowsgui"
	}
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags", ldflags, "-o", bin, "./cmd/"+prog)
	cmd.Dir, cmd.Env = src, p.env(cgo)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go build %s: %v", prog, err)
	}
	return nil
}

// platform is a GOOS/GOARCH pair.
type platform struct{ OS, Arch string }

func parsePlatform(s string) (platform, error) {
	goos, goarch, ok := strings.Cut(strings.TrimSpace(s), "/")
	if !ok || goos == "" || goarch == "" {
		return platform{}, fmt.Errorf("platform %q: write GOOS/GOARCH, e.g. windows/amd64", s)
	}
	return platform{goos, goarch}, nil
}

func (p platform) String() string { return p.OS + "/" + p.Arch }

func (p platform) exe(prog string) string {
	if p.OS == "windows" {
		return prog + ".exe"
	}
	return prog
}

func (p platform) archiveExt() string {
	if p.OS == "windows" {
		return ".zip"
	}
	return ".tar.gz"
}

// env is the build environment for p. With cgo (the show laptop's
// programs: SQLite and miniaudio are C) it goes through MinGW-w64 for
// Windows ($WINDOWS_CC overrides it), with the C compiler's warnings off
// there (miniaudio's are many and harmless); the verifier is pure Go.
func (p platform) env(cgo bool) []string {
	env := append(os.Environ(), "GOOS="+p.OS, "GOARCH="+p.Arch, "CGO_ENABLED=0")
	if !cgo {
		return env
	}
	env[len(env)-1] = "CGO_ENABLED=1"
	if p.OS == "windows" {
		cc := os.Getenv("WINDOWS_CC")
		if cc == "" {
			cc = "x86_64-w64-mingw32-gcc"
		}
		env = append(env, "CC="+cc, "CGO_CFLAGS=-O2 -g -w")
	}
	return env
}

// module is a dependency linked into a program.
type module struct {
	Path, Version, Dir string
}

// linkedModules are the modules whose packages progs link for p, built
// with cgo or without (not every module go.mod names: the tests'
// chromedp is not shipped), each with its folder in the module cache.
func linkedModules(p platform, cgo bool, src string, progs []string) ([]module, error) {
	args := []string{"list", "-deps", "-json=Module"}
	for _, prog := range progs {
		args = append(args, "./cmd/"+prog)
	}
	cmd := exec.Command("go", args...)
	cmd.Dir, cmd.Env = src, p.env(cgo)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	b, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %v\n%s", err, stderr.Bytes())
	}
	mods, err := parseList(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	for i, m := range mods {
		if m.Dir != "" {
			continue
		}
		// listed but not downloaded: fetch it for its licence
		b, err := exec.Command("go", "mod", "download", "-json", m.Path+"@"+m.Version).Output()
		if err != nil {
			return nil, fmt.Errorf("go mod download %s@%s: %v", m.Path, m.Version, err)
		}
		var d struct{ Dir string }
		if err := json.Unmarshal(b, &d); err != nil || d.Dir == "" {
			return nil, fmt.Errorf("go mod download %s@%s: no folder in %q", m.Path, m.Version, b)
		}
		mods[i].Dir = d.Dir
	}
	return mods, nil
}

// parseList reads go list -deps -json=Module's stream of packages into
// the modules they belong to, each once, sorted, the main module left out.
func parseList(r io.Reader) ([]module, error) {
	dec := json.NewDecoder(r)
	seen := map[string]module{}
	for {
		var pkg struct {
			Module *struct {
				Path, Version, Dir string
				Main               bool
				Replace            *struct{ Path, Version, Dir string }
			}
		}
		err := dec.Decode(&pkg)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("go list's output: %v", err)
		}
		m := pkg.Module
		if m == nil || m.Main {
			continue // the standard library, or drawshow itself
		}
		mod := module{m.Path, m.Version, m.Dir}
		if m.Replace != nil {
			mod = module{m.Path, m.Replace.Version, m.Replace.Dir}
		}
		seen[m.Path] = mod
	}
	var out []module
	for _, p := range slices.Sorted(maps.Keys(seen)) {
		out = append(out, seen[p])
	}
	return out, nil
}

// isLicence reports whether a file at a module's root is one of its
// licence texts or notices, which its licence asks to ship.
func isLicence(name string) bool {
	n := strings.ToUpper(name)
	for _, p := range []string{"LICENSE", "LICENCE", "COPYING", "NOTICE", "PATENTS", "UNLICENSE", "COPYRIGHT"} {
		if strings.HasPrefix(n, p) {
			return true
		}
	}
	return false
}

// licences are the files of LICENSES/: Go's own (its runtime and
// standard library are in every binary), drawshow's fonts and cues for
// the show laptop's programs (the verifier links neither), and each
// linked module's licence files under its path. A module without
// one stops the release: what cannot be shown licensed is not shipped.
func licences(src string, mods []module, laptop bool) ([]file, error) {
	goroot, err := output("go", "env", "GOROOT")
	if err != nil {
		return nil, err
	}
	var files []file
	var index strings.Builder
	index.WriteString("The licences of what the programs are built from.\n\n")
	add := func(dir, to, what string) error {
		ents, err := os.ReadDir(dir)
		if err != nil {
			return err
		}
		var names []string
		for _, e := range ents {
			if !e.IsDir() && isLicence(e.Name()) {
				files = append(files, file{Name: "LICENSES/" + to + "/" + e.Name(), Src: filepath.Join(dir, e.Name())})
				names = append(names, e.Name())
			}
		}
		if len(names) == 0 {
			return fmt.Errorf("%s (%s) has no licence file", what, dir)
		}
		fmt.Fprintf(&index, "%-44s %s/%s\n", what, to, strings.Join(names, ", "+to+"/"))
		return nil
	}
	gov, _ := output("go", "env", "GOVERSION")
	if err := add(goroot, "go", "Go "+gov+" (runtime, standard library)"); err != nil {
		return nil, err
	}
	// the PDFs' fallback fonts: both kinds of program print a report
	// (verify renders one again to compare)
	if err := add(filepath.Join(src, "data", "internal", "pdfpage", "fonts"), "pdf-fonts", "the PDFs' fallback fonts (data/internal/pdfpage/fonts)"); err != nil {
		return nil, err
	}
	cNote := verifierC
	if laptop {
		if err := add(filepath.Join(src, "assets", "fonts"), "fonts", "the fonts (assets/fonts)"); err != nil {
			return nil, err
		}
		files = append(files, file{Name: "LICENSES/cues/LICENSE-cues.md", Src: filepath.Join(src, "audio", "LICENSE-cues.md")})
		fmt.Fprintf(&index, "%-44s %s\n", "the sound cues (synthesised by drawshow)", "cues/LICENSE-cues.md")
		cNote = showLaptopC
	}
	for _, m := range mods {
		if err := add(m.Dir, m.Path, m.Path+" "+m.Version); err != nil {
			return nil, err
		}
	}
	index.WriteString(cNote)
	files = append(files, file{Name: "LICENSES/README.txt", Data: []byte(index.String())})
	return files, nil
}

// The C each kind of archive carries, as LICENSES/README.txt ends.
const (
	showLaptopC = `
C code compiled in through cgo, under the licences of the modules that
carry it: SQLite (public domain, in github.com/mattn/go-sqlite3),
miniaudio (public domain or MIT No Attribution, in github.com/gen2brain/malgo)
and, on Linux, GLFW (zlib licence, in github.com/hajimehoshi/ebiten/v2).
`
	verifierC = `
No C code is compiled in: SQLite (public domain) is linked as Go, the
translation modernc.org/sqlite makes of it, under that module's licence.
`
)

// tree is every file under src/dir, named by its path from src.
func tree(src, dir string) ([]file, error) {
	var out []file
	err := filepath.WalkDir(filepath.Join(src, dir), func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		out = append(out, file{Name: filepath.ToSlash(rel), Src: path})
		return nil
	})
	return out, err
}

// shippedDocs are the files the release carries besides those the
// README links to: the show file's JSON Schema, which docs/showfile.md
// tells an editor to use.
var shippedDocs = []string{"docs/showfile.schema.json"}

// readmeLink is a link or an image of the README: its target, without
// the #part.
var readmeLink = regexp.MustCompile(`\]\(([^()\s#]*)(?:#[^()\s]*)?\)|<img [^>]*src="([^"#]+)"`)

// readmeDocs are the files of src the README links to (a doc, a
// screenshot), that files does not already hold, and shippedDocs, so
// every link of the README in the archive opens. A link to a file not
// there fails the release.
func readmeDocs(src string, files []file) ([]file, error) {
	b, err := os.ReadFile(filepath.Join(src, "README.md"))
	if err != nil {
		return nil, err
	}
	have := map[string]bool{}
	for _, f := range files {
		have[f.Name] = true
	}
	var out []file
	add := func(name string) error {
		name = path.Clean(name)
		if have[name] {
			return nil
		}
		if name == ".." || strings.HasPrefix(name, "../") || path.IsAbs(name) {
			return fmt.Errorf("README.md links to %s, outside the source tree", name)
		}
		p := filepath.Join(src, filepath.FromSlash(name))
		if st, err := os.Stat(p); err != nil || st.IsDir() {
			return fmt.Errorf("README.md links to %s, which is not a file of the source tree", name)
		}
		have[name] = true
		out = append(out, file{Name: name, Src: p})
		return nil
	}
	for _, m := range readmeLink.FindAllStringSubmatch(string(b), -1) {
		target := m[1] + m[2]
		if target == "" || strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
			continue // a link within the README, or to the web
		}
		if err := add(target); err != nil {
			return nil, err
		}
	}
	for _, name := range shippedDocs {
		if err := add(name); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// exportHead writes the files of the commit HEAD into dir (git archive).
func exportHead(dir string) error {
	cmd := exec.Command("git", "archive", "--format=tar", "HEAD")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	r, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	xerr := untar(r, dir)
	io.Copy(io.Discard, r)
	if err := cmd.Wait(); err != nil {
		return fmt.Errorf("git archive HEAD: %v %s", err, strings.TrimSpace(stderr.String()))
	}
	return xerr
}

// output runs a command and returns its standard output, trimmed.
func output(name string, args ...string) (string, error) {
	var stderr bytes.Buffer
	cmd := exec.Command(name, args...)
	cmd.Stderr = &stderr
	b, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("%s %s: %v %s", name, strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return strings.TrimSpace(string(b)), nil
}

// checkToolchain refuses to build with another Go than the one go.mod's
// toolchain line names (the standard library's known vulnerabilities are
// fixed there): a Go set to GOTOOLCHAIN=local ignores the line, and make
// release sets GOTOOLCHAIN to it.
func checkToolchain(src string) error {
	mod, err := os.ReadFile(filepath.Join(src, "go.mod"))
	if err != nil {
		return err
	}
	var want string
	for _, l := range strings.Split(string(mod), "\n") {
		if v, ok := strings.CutPrefix(l, "toolchain "); ok {
			want = strings.TrimSpace(v)
		}
	}
	if want == "" {
		return nil
	}
	cmd := exec.Command("go", "env", "GOVERSION")
	cmd.Dir = src
	b, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("go env GOVERSION: %v", err)
	}
	if got := strings.TrimSpace(string(b)); got != want {
		return fmt.Errorf("the Go here is %s, go.mod's toolchain is %s: run make release, or set GOTOOLCHAIN=%s (or auto)", got, want, want)
	}
	return nil
}
