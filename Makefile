# drawshow: make demo | test | check | build | release | windows | windows-test | bench | fuzz | fuzz-short | shots | schema | deps | staticcheck | govulncheck | clean
#
# CI runs .ci/run (= make test) as root on a fresh clone, with no display
# and no sound card.

SHELL := /bin/sh
.DEFAULT_GOAL := build

# Go may not be on PATH in CI; /usr/local/go/bin is where it is installed.
export PATH := $(PATH):/usr/local/go/bin
GO ?= go

# The Go that builds drawshow is go.mod's toolchain line (go1.26.11: the
# standard library without the vulnerabilities govulncheck found in
# 1.26.8), which the go command fetches through the module proxy. A
# machine whose Go says GOTOOLCHAIN=local (its go.env, go env -w, or the
# environment) ignores that line, so make names the toolchain itself, for
# everything it runs: builds, tests, the tools it installs, the scripts.
export GOTOOLCHAIN := $(shell sed -n 's/^toolchain //p' go.mod)

BIN   := bin/drawshow
STAGE := bin/drawshow-stage
VERIFIER := bin/drawshow-verify
TOOLS := $(CURDIR)/.tools

STATICCHECK_VERSION := v0.8.2
STATICCHECK := $(TOOLS)/staticcheck
GOVULNCHECK_VERSION := v1.9.0
GOVULNCHECK := $(TOOLS)/govulncheck
# The vulnerability database, pinned: golang.org/x/vulndb's OSV files,
# fetched as a module through the Go proxy (vuln.go.dev need not be
# reachable). Raise the pin to learn of newer reports.
VULNDB_VERSION := v0.0.0-20261105234957-e22db6528018

# The version both programs print (drawshow version): the git tag or
# commit of the working copy; a plain go build says "devel".
VERSION := $(shell git describe --tags --always --dirty 2>/dev/null)
LDFLAGS := $(if $(VERSION),-X drawshow/cmd/internal/buildinfo.version=$(VERSION))

# The Windows build, made here with Debian's MinGW-w64 for the cgo parts
# (SQLite, miniaudio; ebiten needs no cgo on Windows), the C compiler's
# warnings off (miniaudio's are many and harmless). make release builds
# the same way, from the committed tree.
WINDOWS_ENV := GOOS=windows GOARCH=amd64 CGO_ENABLED=1 CC=x86_64-w64-mingw32-gcc CGO_CFLAGS="-O2 -g -w"

# The stage's tests (scenes, cmd/drawshow-stage) load ebiten, which needs
# an X display even to initialise: the tests run under Xvfb when there is
# none. drawshow itself needs none, and drawshow-stage starts its own.
XVFB := $(if $(DISPLAY),,xvfb-run -a -s "-screen 0 1920x1080x24")

# BENCHTIME per benchmark: at 5s each 1M-row import runs 3-4 times and
# `make bench` takes two to three minutes on two cores.
BENCHTIME ?= 5s
BENCHFLAGS ?=
FUZZTIME  ?= 20s


.PHONY: build schema deps staticcheck govulncheck-install govulncheck tidy gofmt test check windows windows-test release bench fuzz fuzz-short sound demo shots lookbook clean

# Two programs: drawshow (no graphics library) and drawshow-stage (the
# window), side by side: drawshow hands its stage commands over to it.
# And the auditor's drawshow-verify, built without cgo as released.
build:
	$(GO) build -ldflags '$(LDFLAGS)' -o $(BIN) ./cmd/drawshow
	$(GO) build -ldflags '$(LDFLAGS)' -o $(STAGE) ./cmd/drawshow-stage
	CGO_ENABLED=0 $(GO) build -ldflags '$(LDFLAGS)' -o $(VERIFIER) ./cmd/drawshow-verify

deps:
	@scripts/deps.sh

# docs/showfile.schema.json, the show file's JSON Schema for editors, made
# from the show package's yaml tags and kinds (show/jsonschema.go); the
# show package's TestSchemaFileCurrent fails when it is stale. It writes
# show/zones.txt too, the timezones a show file may name: those of the
# toolchain's lib/time/zoneinfo.zip, which time/tzdata embeds.
schema:
	$(GO) generate ./show

# Installed into .tools only when missing, of another version, or built by
# another Go (staticcheck must understand this Go's standard library).
staticcheck:
	@v=$$($(GO) version -m $(STATICCHECK) 2>/dev/null || true); \
	if ! echo "$$v" | grep -q 'honnef.co/go/tools[[:space:]]*$(STATICCHECK_VERSION)' || \
	   ! echo "$$v" | head -1 | grep -q ": $$($(GO) env GOVERSION)$$"; then \
		echo "installing staticcheck $(STATICCHECK_VERSION) into $(TOOLS)"; \
		GOBIN=$(TOOLS) $(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION); \
	fi

# govulncheck, like staticcheck, at a pinned version in .tools.
govulncheck-install:
	@v=$$($(GO) version -m $(GOVULNCHECK) 2>/dev/null || true); \
	if ! echo "$$v" | grep -q 'golang.org/x/vuln[[:space:]]*$(GOVULNCHECK_VERSION)' || \
	   ! echo "$$v" | head -1 | grep -q ": $$($(GO) env GOVERSION)$$"; then \
		echo "installing govulncheck $(GOVULNCHECK_VERSION) into $(TOOLS)"; \
		GOBIN=$(TOOLS) $(GO) install golang.org/x/vuln/cmd/govulncheck@$(GOVULNCHECK_VERSION); \
	fi

# govulncheck over the module against the pinned database: every
# vulnerable function the code calls fails, but those
# scripts/vulncheck/allowed.txt lets through with its reason.
govulncheck: govulncheck-install
	@echo "== govulncheck (golang.org/x/vulndb $(VULNDB_VERSION))"
	@db=$$($(GO) mod download -json golang.org/x/vulndb@$(VULNDB_VERSION) | sed -n 's/^\t"Dir": "\(.*\)",$$/\1/p'); \
	if [ ! -d "$$db/data/osv" ]; then echo "no vulnerability database at '$$db'"; exit 1; fi; \
	$(GO) run ./scripts/vulncheck -govulncheck $(GOVULNCHECK) -db "$$db/data/osv" ./...

# go.mod and go.sum as go mod tidy would leave them: every direct
# dependency in the first block, none marked indirect.
tidy:
	@echo "== go mod tidy -diff"
	@$(GO) mod tidy -diff || { echo "go.mod or go.sum is not tidy: run go mod tidy"; exit 1; }

# gofmt over every Go file of ours (not the tools', nor a release's sources).
GOFILES = $$(find . -name '*.go' -not -path './.git/*' -not -path './.tools/*' -not -path './dist/*' -not -path './.bench/*')
gofmt:
	@echo "== gofmt"; \
	bad=$$(gofmt -l $(GOFILES)); \
	if [ -n "$$bad" ]; then echo "not gofmt'ed (run gofmt -w):"; echo "$$bad"; exit 1; fi

# The full gate, what CI runs.
test: deps staticcheck gofmt tidy
	@echo "== go vet"
	$(GO) vet ./...
	@echo "== staticcheck"
	$(STATICCHECK) ./...
	@$(MAKE) --no-print-directory govulncheck
	@$(MAKE) --no-print-directory windows
	@$(MAKE) --no-print-directory windows-test
	@echo "== go test -race"
	$(XVFB) $(GO) test -race -timeout 45m ./...
	@$(MAKE) --no-print-directory sound
	@$(MAKE) --no-print-directory fuzz-short

# The tests through a real PulseAudio server (each starts its own): real
# time, so without -race (which skips them) and one package at a time, with
# nothing else running beside them.
SOUND_TESTS = Test(DevicesListsTheSink|DeviceByName|EveryCueRecorded|DeviceVanishes|AudioDevicesAndCuesPlay|StageCuesOnTheServer|StageDeviceVanishes)$$
sound:
	@echo "== sound (a PulseAudio server of each test's own)"
	$(XVFB) $(GO) test -p 1 -count=1 -timeout 20m -run '$(SOUND_TESTS)' ./audio ./cmd/drawshow ./cmd/drawshow-stage

# The quick loop while working: gofmt, vet, staticcheck and the tests of
# the packages that need no display and no browser (not scenes, the stage
# or the console), nor cmd/drawshow's, which build both programs and play
# whole shows; without -race and in -short form. make test stays the gate.
CHECK_PKGS = $$($(GO) list ./... | grep -v -e '/scenes' -e '/cmd/drawshow-stage' -e '/console' -e '/cmd/drawshow$$')
check: staticcheck gofmt
	$(GO) vet ./...
	$(STATICCHECK) ./...
	$(GO) test -short $(CHECK_PKGS)

# The Windows build checked here: both programs built, vet for Windows,
# and every package's tests compiled for it (make windows-test runs them).
windows:
	@echo "== windows/amd64: build, vet, tests compiled"
	@rm -rf .windows && mkdir -p .windows
	$(WINDOWS_ENV) $(GO) build -ldflags '$(LDFLAGS)' -o .windows/drawshow.exe ./cmd/drawshow
	$(WINDOWS_ENV) $(GO) build -ldflags '$(LDFLAGS) -H=windowsgui' -o .windows/drawshow-stage.exe ./cmd/drawshow-stage
	@rm -rf .windows
	$(WINDOWS_ENV) $(GO) vet ./...
	@for p in $$($(WINDOWS_ENV) $(GO) list -f '{{if or .TestGoFiles .XTestGoFiles}}{{.ImportPath}}{{end}}' ./...); do \
		echo "go test -c $$p"; \
		$(WINDOWS_ENV) $(GO) test -c -o /dev/null $$p || exit 1; \
	done

# The Windows programs run, not only built: drawshow.exe and
# drawshow-stage.exe, built as above, under Wine 10 through the program's
# end-to-end test (cmd/drawshow TestProgramEndToEnd: check, a headless
# rehearsal, export twice, verify, archive, verify of the zip, a second
# writer refused, a hand-over to the stage), and each system's record
# verified by the other's program (the zip and the database copy: a
# rehearsal made by the Linux drawshow, verified by drawshow.exe and by
# the auditor's drawshow-verify.exe, built without cgo, and the other
# way). Wine runs in a Debian 13
# chroot that scripts/wine/chroot.sh makes once in .tools/wine-trixie
# (debootstrap and Debian's packages, as root: about 3 minutes and 2 GB);
# the test itself is a Linux program beside it there. Part of make test:
# 3 to 5 minutes with the chroot to make (a fresh clone), 35 s without.
windows-test:
	@echo "== windows-test: drawshow.exe under Wine 10"
	@rm -rf .windows-test && mkdir -p .windows-test
	$(WINDOWS_ENV) $(GO) build -ldflags '$(LDFLAGS)' -o .windows-test/drawshow.exe ./cmd/drawshow
	$(WINDOWS_ENV) $(GO) build -ldflags '$(LDFLAGS) -H=windowsgui' -o .windows-test/drawshow-stage.exe ./cmd/drawshow-stage
	$(GO) test -c -o .windows-test/drawshow.test ./cmd/drawshow
	$(GO) build -ldflags '$(LDFLAGS)' -o .windows-test/drawshow ./cmd/drawshow
	$(WINDOWS_ENV) $(GO) build -o .windows-test/holdopen.exe ./scripts/wine/holdopen
	GOOS=windows GOARCH=amd64 CGO_ENABLED=0 $(GO) build -ldflags '$(LDFLAGS)' -o .windows-test/drawshow-verify.exe ./cmd/drawshow-verify
	@scripts/wine/test.sh .windows-test $(TOOLS)/wine-trixie; status=$$?; rm -rf .windows-test; exit $$status

# dist/drawshow-VERSION-windows-amd64.zip and -linux-amd64.tar.gz, and
# dist/SHA256SUMS: both programs (on Windows with an icon and version
# information), the README and every doc and screenshot it links to, the
# show file's JSON Schema, the Windows quick start, the examples and
# every licence; and the auditor's drawshow-verify (built without cgo) for
# macOS arm64 and amd64, Windows and Linux, one archive each with its
# guide (docs/verifier.md) and licences, all listed in SHA256SUMS. Built
# from the committed tree (HEAD) with the version git describe gives it.
# It installs the build's packages only, not the tests'.
release:
	@scripts/deps.sh --build
	$(GO) run ./scripts/release -out dist

# One package at a time (-p 1) so benchmarks do not share the CPUs. The
# generated 1M-row entry files and the benchmark databases live in .bench/
# (the same disk as the repository, so commits really reach it) and are
# removed afterwards.
bench: deps
	@rm -rf .bench && mkdir -p .bench
	TMPDIR=$(CURDIR)/.bench $(XVFB) $(GO) test -p 1 -run '^$$' -bench . -benchmem -benchtime $(BENCHTIME) -timeout 30m $(BENCHFLAGS) ./...; \
	status=$$?; rm -rf .bench; exit $$status

# Each `go test -fuzz` call takes one target: run every Fuzz function for FUZZTIME.
fuzz: deps
	@FUZZTIME='$(FUZZTIME)' GO='$(GO)' scripts/fuzz.sh

# Every fuzz target for FUZZ_EXECS inputs past its seeds (a count, never a
# time: a short -fuzztime can fail on Go's own deadline), under a minute;
# part of make test.
FUZZ_EXECS ?= 300
fuzz-short:
	@echo "== fuzz (short)"
	@FUZZ_EXECS='$(FUZZ_EXECS)' GO='$(GO)' scripts/fuzz.sh short

# The stage on the embedded demo show (a rehearsal on a temporary
# database). With a display the host drives it from the keyboard; without
# one (CI, SSH) it plays itself on an Xvfb of its own for a minute, silent (no sound
# card there either), and prints its frame statistics.
demo: deps build
	$(if $(DISPLAY),$(BIN) demo,DRAWSHOW_AUDIO=null $(BIN) demo --autoplay --exit-after 60s --stats)

# README screenshots, made by the program itself: the autoplayed demo
# writes a PNG at every scene change; the first of each scene is kept.
shots: deps build
	rm -rf .shots
	DRAWSHOW_AUDIO=null $(BIN) demo --autoplay --exit-after 120s --shots .shots
	scripts/pick-shots.sh .shots docs/screenshots
	rm -rf .shots

# The look book: every scene and moment the scenes' golden tests render,
# as the stage draws them at 1920x1080 (NAME.png) and at 3840x2160
# (NAME@4k.png), and the reveal at 32:9, in docs/lookbook. Git keeps the
# 4K frames of the main moments only (.gitignore).
lookbook: deps
	rm -rf docs/lookbook
	$(XVFB) $(GO) test -count=1 -run 'TestGolden|TestDrawWitnessOnStage|TestLeaderboardFollowsItsFile' ./scenes -lookbook $(CURDIR)/docs/lookbook

clean:
	rm -rf bin .tools .bench .windows .windows-test dist
	$(GO) clean -testcache
