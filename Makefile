# drawshow: make build | test | bench | fuzz | demo | deps | staticcheck | clean
#
# CI runs .ci/run (= make test) as root on a fresh clone, with no display
# and no sound card.

SHELL := /bin/sh
.DEFAULT_GOAL := build

# Go may not be on PATH in CI; /usr/local/go/bin is where it is installed.
export PATH := $(PATH):/usr/local/go/bin
GO ?= go

BIN   := bin/drawshow
TOOLS := $(CURDIR)/.tools

STATICCHECK_VERSION := v0.8.2
STATICCHECK := $(TOOLS)/staticcheck

# ebiten needs an X display even to initialise; use Xvfb when there is none.
XVFB := $(if $(DISPLAY),,xvfb-run -a -s "-screen 0 1920x1080x24")

# BENCHTIME per benchmark: at 5s each 1M-row import runs 3-4 times and
# `make bench` takes two to three minutes on two cores.
BENCHTIME ?= 5s
BENCHFLAGS ?=
FUZZTIME  ?= 20s

# The rehearsal seed the Saturday example's action script is written for.
DEMO_SEED := 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f

.PHONY: build deps staticcheck test bench fuzz demo clean

build:
	$(GO) build -o $(BIN) ./cmd/drawshow

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
	$(XVFB) $(GO) test -race ./...

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

demo: build
	@echo "make demo will show the full-screen stage; it comes with the stage issue."
	@echo "Until then, the Saturday example headless (a rehearsal, fresh database):"
	rm -f /tmp/drawshow-demo.db /tmp/drawshow-demo.db-wal /tmp/drawshow-demo.db-shm
	$(BIN) run examples/saturday/show.yaml --db /tmp/drawshow-demo.db --headless \
		--actions examples/saturday/actions.txt --rehearsal \
		--seed $(DEMO_SEED) --clock 2024-11-30T21:30

clean:
	rm -rf bin .tools .bench
	$(GO) clean -testcache
