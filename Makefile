# drawshow: make demo | test | check | build | bench | fuzz | fuzz-short | shots | deps | staticcheck | clean
#
# CI runs .ci/run (= make test) as root on a fresh clone, with no display
# and no sound card.

SHELL := /bin/sh
.DEFAULT_GOAL := build

# Go may not be on PATH in CI; /usr/local/go/bin is where it is installed.
export PATH := $(PATH):/usr/local/go/bin
GO ?= go

BIN   := bin/drawshow
STAGE := bin/drawshow-stage
TOOLS := $(CURDIR)/.tools

STATICCHECK_VERSION := v0.8.2
STATICCHECK := $(TOOLS)/staticcheck

# The stage's tests (scenes, cmd/drawshow-stage) load ebiten, which needs
# an X display even to initialise: the tests run under Xvfb when there is
# none. drawshow itself needs none, and drawshow-stage starts its own.
XVFB := $(if $(DISPLAY),,xvfb-run -a -s "-screen 0 1920x1080x24")

# BENCHTIME per benchmark: at 5s each 1M-row import runs 3-4 times and
# `make bench` takes two to three minutes on two cores.
BENCHTIME ?= 5s
BENCHFLAGS ?=
FUZZTIME  ?= 20s


.PHONY: build deps staticcheck test check bench fuzz fuzz-short demo shots clean

# Two programs: drawshow (no graphics library) and drawshow-stage (the
# window), side by side: drawshow hands its stage commands over to it.
build:
	$(GO) build -o $(BIN) ./cmd/drawshow
	$(GO) build -o $(STAGE) ./cmd/drawshow-stage

deps:
	@scripts/deps.sh

# Installed into .tools only when missing, of another version, or built by
# another Go (staticcheck must understand this Go's standard library).
staticcheck:
	@v=$$($(GO) version -m $(STATICCHECK) 2>/dev/null || true); \
	if ! echo "$$v" | grep -q 'honnef.co/go/tools[[:space:]]*$(STATICCHECK_VERSION)' || \
	   ! echo "$$v" | head -1 | grep -q ": $$($(GO) env GOVERSION)$$"; then \
		echo "installing staticcheck $(STATICCHECK_VERSION) into $(TOOLS)"; \
		GOBIN=$(TOOLS) $(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION); \
	fi

test: deps staticcheck
	@echo "== gofmt"; \
	bad=$$(gofmt -l $$(find . -name '*.go' -not -path './.git/*' -not -path './.tools/*')); \
	if [ -n "$$bad" ]; then echo "not gofmt'ed (run gofmt -w):"; echo "$$bad"; exit 1; fi
	@echo "== go vet"
	$(GO) vet ./...
	@echo "== staticcheck"
	$(STATICCHECK) ./...
	@echo "== go test -race"
	$(XVFB) $(GO) test -race -timeout 45m ./...
	@$(MAKE) --no-print-directory fuzz-short

# The quick loop while working: vet, and the tests of the packages that
# need no display, without the race detector (a minute or so).
check:
	$(GO) vet ./...
	$(GO) test ./show/... ./data/... ./audio/...

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

clean:
	rm -rf bin .tools .bench
	$(GO) clean -testcache
