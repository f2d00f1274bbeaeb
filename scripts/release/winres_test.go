package main

import (
	"bytes"
	"debug/pe"
	"encoding/binary"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"
)

func TestVersionNumbers(t *testing.T) {
	for v, want := range map[string][4]uint16{
		"v1.2.3":                   {1, 2, 3, 0},
		"v1.2.3-14-gabcdef0":       {1, 2, 3, 14},
		"v10.0.1-2-g1234567-dirty": {10, 0, 1, 2},
		"8437a23":                  {},
		"v1.2":                     {},
		"v1.2.99999":               {1, 2, 0, 0}, // past a uint16: not guessed
	} {
		if got := versionNumbers(v); got != want {
			t.Errorf("versionNumbers(%q) = %v, want %v", v, got, want)
		}
	}
}

// TestIcon: the .ico holds a PNG picture of each size, each of its size,
// the tile's corners see-through and its middle opaque.
func TestIcon(t *testing.T) {
	b, err := icoFile()
	if err != nil {
		t.Fatal(err)
	}
	var head [3]uint16
	binary.Read(bytes.NewReader(b), binary.LittleEndian, &head)
	if head != [3]uint16{0, 1, uint16(len(iconSizes))} {
		t.Fatalf("ico header %v", head)
	}
	for i, size := range iconSizes {
		e := b[6+16*i:]
		w, n, off := int(e[0]), binary.LittleEndian.Uint32(e[8:]), binary.LittleEndian.Uint32(e[12:])
		if w == 0 {
			w = 256
		}
		img, err := png.Decode(bytes.NewReader(b[off : off+n]))
		if err != nil {
			t.Fatalf("picture %d: %v", i, err)
		}
		if w != size || img.Bounds().Dx() != size || img.Bounds().Dy() != size {
			t.Errorf("picture %d: entry says %d, picture is %v, want %d", i, w, img.Bounds(), size)
		}
		if _, _, _, a := img.At(0, 0).RGBA(); a != 0 {
			t.Errorf("%d px: the corner is not see-through", size)
		}
		if _, _, _, a := img.At(size/2, size/2).RGBA(); a != 0xffff {
			t.Errorf("%d px: the middle is not opaque", size)
		}
	}
}

// utf16le is s as a version resource's strings hold it.
func utf16le(s string) []byte {
	var b bytes.Buffer
	binary.Write(&b, binary.LittleEndian, utf16.Encode([]rune(s)))
	return b.Bytes()
}

// TestWindowsResources: a Windows program built with the .syso that
// writeResources makes carries an icon, its group and version information
// naming the program and the version (the resource directory's types 3,
// 14 and 16).
func TestWindowsResources(t *testing.T) {
	if _, err := exec.LookPath(windres()); err != nil {
		t.Skipf("no %s (make deps installs MinGW-w64)", windres())
	}
	src := t.TempDir()
	prog := "drawshow-stage"
	if err := os.MkdirAll(filepath.Join(src, "cmd", prog), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{
		"go.mod":                   "module example.com/res\n\ngo 1.26\n",
		"cmd/" + prog + "/main.go": "package main\n\nfunc main() {}\n",
	} {
		if err := os.WriteFile(filepath.Join(src, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const version = "v1.2.3-4-gabcdef0"
	p := platform{"windows", "amd64"}
	if err := writeResources(p, version, src, prog); err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(src, prog+".exe")
	cmd := exec.Command("go", "build", "-o", exe, "./cmd/"+prog)
	cmd.Dir, cmd.Env = src, append(os.Environ(), "GOOS=windows", "GOARCH=amd64", "CGO_ENABLED=0", "GOFLAGS=-mod=mod")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	f, err := pe.Open(exe)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s := f.Section(".rsrc")
	if s == nil {
		t.Fatal("no .rsrc section")
	}
	data, err := s.Data()
	if err != nil {
		t.Fatal(err)
	}
	// the root directory: 16 bytes, then its named and numbered entries
	named, ids := binary.LittleEndian.Uint16(data[12:]), binary.LittleEndian.Uint16(data[14:])
	var types []uint32
	for i := range int(named + ids) {
		types = append(types, binary.LittleEndian.Uint32(data[16+8*i:]))
	}
	for _, want := range []uint32{3, 14, 16} { // RT_ICON, RT_GROUP_ICON, RT_VERSION
		if !slices.Contains(types, want) {
			t.Errorf("no resource of type %d among %v", want, types)
		}
	}
	for _, want := range []string{version, prog + ".exe", programDescriptions[prog], "ProductVersion"} {
		if !bytes.Contains(data, utf16le(want)) {
			t.Errorf("the version information does not say %q", want)
		}
	}
	// windres took each picture as the .ico has it
	ico, _ := icoFile()
	last := len(iconSizes) - 1
	n, off := binary.LittleEndian.Uint32(ico[6+16*last+8:]), binary.LittleEndian.Uint32(ico[6+16*last+12:])
	if !bytes.Contains(data, ico[off:off+n]) {
		t.Errorf("the %d px picture is not in the program", iconSizes[last])
	}
}

// TestQuickStart: the Windows zip's quick start says, for the person who
// opens it, the steps the issue asks for, with this release's version;
// the Linux archive has none.
func TestQuickStart(t *testing.T) {
	g := guides(platform{"windows", "amd64"}, "v1.2.3")
	if len(g) != 1 || g[0].Name != "QUICK-START.html" {
		t.Fatalf("windows guides %+v", g)
	}
	page := string(g[0].Data)
	for _, want := range []string{
		"Version v1.2.3", "Extract All", "Double-click <code>drawshow-stage.exe</code>", "drawshow run ", "--db",
		"operator's console", "campaign.db.log", `%LocalAppData%\drawshow\drawshow-stage.log`,
		"<kbd>E</kbd>", "drawshow archive", "independent auditor", "prize desk", "<kbd>Ctrl</kbd>+<kbd>Q</kbd>",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the quick start does not say %q", want)
		}
	}
	if strings.Contains(page, "{{") {
		t.Error("a placeholder left in the quick start")
	}
	if g := guides(platform{"linux", "amd64"}, "v1.2.3"); g != nil {
		t.Errorf("linux guides %+v", g)
	}
}

// TestSums: SHA256SUMS names each archive by its file name with its
// SHA-256, as sha256sum -c checks it in the folder.
func TestSums(t *testing.T) {
	dir := t.TempDir()
	var archives []string
	for name, body := range map[string]string{"drawshow-v1-windows-amd64.zip": "zip", "drawshow-v1-linux-amd64.tar.gz": "tar"} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		archives = append(archives, p)
	}
	slices.Sort(archives)
	sums := filepath.Join(dir, "SHA256SUMS")
	if err := writeSums(sums, archives); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(sums)
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	if len(lines) != 2 || !strings.HasSuffix(lines[0], "  drawshow-v1-linux-amd64.tar.gz") || !strings.HasSuffix(lines[1], "  drawshow-v1-windows-amd64.zip") || len(lines[0]) != 64+2+len("drawshow-v1-linux-amd64.tar.gz") {
		t.Fatalf("SHA256SUMS:\n%s", b)
	}
	if _, err := exec.LookPath("sha256sum"); err == nil {
		cmd := exec.Command("sha256sum", "-c", "SHA256SUMS")
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("sha256sum -c: %v\n%s", err, out)
		}
	}
}

// TestDepsForTheBuildOnly: make release installs the packages the build
// needs (cgo for both platforms, MinGW-w64 with windres), not the tests'
// browser, office suite, sound server or X server.
func TestDepsForTheBuildOnly(t *testing.T) {
	out, err := exec.Command("sh", "../deps.sh", "--build", "--list").Output()
	if err != nil {
		t.Fatalf("deps.sh --build --list: %v", err)
	}
	got := strings.Fields(string(out))
	for _, want := range []string{"build-essential", "gcc-mingw-w64-x86-64", "binutils-mingw-w64-x86-64", "libgl1-mesa-dev"} {
		if !slices.Contains(got, want) {
			t.Errorf("the build's packages lack %s: %v", want, got)
		}
	}
	for _, not := range []string{"chromium", "libreoffice-calc-nogui", "pulseaudio", "pulseaudio-utils", "xvfb", "poppler-utils", "debootstrap"} {
		if slices.Contains(got, not) {
			t.Errorf("the build's packages hold %s, a test tool", not)
		}
	}
	all, err := exec.Command("sh", "../deps.sh", "--list").Output()
	if err != nil {
		t.Fatalf("deps.sh --list: %v", err)
	}
	for _, p := range append(got, "chromium", "pulseaudio") {
		if !slices.Contains(strings.Fields(string(all)), p) {
			t.Errorf("deps.sh (everything) lacks %s", p)
		}
	}
}
