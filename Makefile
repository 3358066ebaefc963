# bijoux-assets: `make assets` builds every asset from art/ into build/;
# `make test` runs the tests. Both install the system libraries they need first.

SWIFT      ?= swift
ART        ?= art
OUT        ?= build
APT_PKGS   := pkg-config libpng-dev zlib1g-dev librsvg2-dev libcairo2-dev libxml2-dev time
BREW_PKGS  := pkg-config libpng librsvg cairo libxml2
PC_MODULES := libpng zlib librsvg-2.0 cairo libxml-2.0
# Homebrew's libxml2 is keg-only: pkg-config finds it only through this path.
ifeq ($(shell uname -s),Darwin)
export PKG_CONFIG_PATH := $(shell brew --prefix libxml2 2>/dev/null)/lib/pkgconfig$(if $(PKG_CONFIG_PATH),:$(PKG_CONFIG_PATH))
endif
SUDO       := $(shell if [ "$$(id -u)" != 0 ] && command -v sudo >/dev/null 2>&1; then echo sudo; fi)
RELEASE_BIN = $(shell $(SWIFT) build -c release --show-bin-path)/bijoux-assets

.PHONY: all deps assets charm test goldens bench fuzz clean help

all: assets

help:
	@echo "make assets            build every asset from $(ART)/ into $(OUT)/"
	@echo "make charm NAME=<id>   rebuild one charm (and its 22 px preview) only"
	@echo "make test              run the test suite (goldens included)"
	@echo "make bench             speed and memory against reference tools"
	@echo "make fuzz              libFuzzer on the PNG, SVG and JSON readers (FUZZ_SECONDS each)"
	@echo "make deps              install the system libraries (apt-get or brew)"
	@echo "make clean             remove build products"

# Installs the C libraries when pkg-config cannot find them.
deps:
	@if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists $(PC_MODULES) && { [ "$$(uname -s)" = Darwin ] || [ -x /usr/bin/time ]; }; then \
	  exit 0; \
	elif [ "$$(uname -s)" = Darwin ]; then \
	  echo "Installing with Homebrew: $(BREW_PKGS)"; \
	  brew install $(BREW_PKGS); \
	elif command -v apt-get >/dev/null 2>&1; then \
	  echo "Installing with apt-get: $(APT_PKGS)"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $(APT_PKGS); \
	else \
	  echo "error: install $(APT_PKGS) (Debian names) with your package manager" >&2; exit 1; \
	fi

assets: deps
	$(SWIFT) build -c release --product bijoux-assets
	$(RELEASE_BIN) build --art $(ART) --out $(OUT)

charm: deps
	@if [ -z "$(NAME)" ]; then echo "usage: make charm NAME=<id>" >&2; exit 2; fi
	$(SWIFT) build -c release --product bijoux-assets
	$(RELEASE_BIN) charm $(NAME) --art $(ART) --out $(OUT)

# The tests run with a temporary folder of their own, which must be empty afterwards:
# a test that leaves files behind fails the run.
test: deps
	@tmp=$$(mktemp -d "$${TMPDIR:-/tmp}/bijoux-make-test.XXXXXX") && chmod 755 "$$tmp" && \
	TMPDIR="$$tmp" $(SWIFT) test; status=$$?; \
	left=$$(ls -A "$$tmp"); rm -rf "$$tmp"; \
	if [ -n "$$left" ]; then echo "error: the tests left files in the temporary folder: $$(echo $$left)" >&2; exit 1; fi; \
	exit $$status

# Re-records every golden from the current outputs (look at the diff before committing).
# The first run fails when it writes anything (so recording is never silent); the
# second must pass.
goldens: deps
	BIJOUX_RECORD=all $(SWIFT) test --filter SampleArtGoldenTests || true
	$(SWIFT) test --filter SampleArtGoldenTests

bench: deps
	$(SWIFT) build -c release --product bijoux-assets
	Benchmarks/run "$(RELEASE_BIN)"

# Not in CI: each target runs for FUZZ_SECONDS; findings go to .build/fuzz/<target>/.
FUZZ_SECONDS ?= 30
FUZZ_TARGETS ?= png svg json
fuzz: deps
	Tests/Fuzz/run $(FUZZ_SECONDS) $(FUZZ_TARGETS)

clean:
	rm -rf .build Benchmarks/work
	find $(OUT) -mindepth 1 ! -name README.md -exec rm -rf {} + 2>/dev/null || true
