# gallery — build, run and test. `make run` and `make test` install what they need first.
# Every target but `test` uses one release build in .build/release (CONFIG=debug for a debug one).
SWIFT        ?= swift
CONFIG       ?= release
BUILD_DIR    := .build/$(CONFIG)
# Release builds link the Swift runtime in: no run-time search of the toolchain's library folder for each of the ~90
# shared libraries, 11 fewer libraries mapped (headless start and quit: 0.92x the CPU, 3.4 MiB less peak memory), and
# the installed programs run where no Swift toolchain is.
STATIC_STDLIB := $(if $(filter release,$(CONFIG)),--static-swift-stdlib)
GALLERY      := $(BUILD_DIR)/gallery
DECODER      := $(BUILD_DIR)/gallery-decoder
ARGS         ?=
OUT          ?= out
# On Wayland: window decorations (SDL loads libdecor and its cairo plugin), and OpenGL ES 2 through EGL with Mesa's
# drivers, its software rasteriser included (SDL's Wayland driver shows no software renderer's frames without GL). The
# tests run the window in a headless sway, read its pixels with grim and type with wtype.
WAYLAND_PACKAGES := libdecor-0-0 libdecor-0-plugin-1-cairo libegl1 libgles2 libgl1-mesa-dri sway grim wtype wl-clipboard
APT_PACKAGES := pkg-config libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev fonts-dejavu-core xvfb xdotool xclip strace \
                desktop-file-utils appstream shared-mime-info man-db groff-base zsh jq libturbojpeg0-dev libjpeg-dev libpng-dev libexif-dev \
                libheif-dev libde265-dev libdav1d-dev libavif-dev libjxl-dev libraw-dev libheif-examples libavif-bin libjxl-tools apngasm \
                liblcms2-dev zlib1g-dev libx11-dev nettle-dev libwebp-dev libgif-dev libseccomp-dev imagemagick librsvg2-dev \
                $(WAYLAND_PACKAGES)
SUDO         := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps build release run test headless-demo bench clean lint format

all: build
	@$(MAKE) --no-print-directory generated

# Installs the Debian packages that are missing (and only those), with sudo when not root.
deps:
	@missing=""; for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi
	@command -v $(SWIFT) >/dev/null || { \
	  echo "Swift 6 is needed and was not found: install it from swift.org (or apt-get install swiftlang on newer Debian/Ubuntu)"; \
	  exit 1; }

build: deps
	$(SWIFT) build -c $(CONFIG) $(STATIC_STDLIB)

release:
	$(MAKE) build CONFIG=release

# Opens the window; with no display, renders a scripted tour headless into PNGs instead and says where.
run: build
	@if [ -n "$$DISPLAY$$WAYLAND_DISPLAY" ]; then \
	  $(GALLERY) $(ARGS); \
	else \
	  echo "No display (DISPLAY and WAYLAND_DISPLAY are unset): rendering a scripted tour headless instead."; \
	  mkdir -p $(OUT)/tour; \
	  $(GALLERY) --headless --size 1280x720 --script Scripts/tour.jsonl \
	    --trace $(OUT)/tour/trace.jsonl --shots $(OUT)/tour $(ARGS) && \
	  echo "Tour frames: $$(ls $(OUT)/tour/*.png | wc -l) PNGs in $(OUT)/tour/, trace in $(OUT)/tour/trace.jsonl"; \
	fi

# A warning in our code fails the build itself (-warnings-as-errors and -Werror in Package.swift).
test: deps lint
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	$(MAKE) --no-print-directory build CONFIG=release
	$(MAKE) --no-print-directory install-check CONFIG=release

# The toolchain's swift-format with .swift-format (120 columns, 4 spaces, the project's idioms allowed): `make lint`
# (run first by `make test`) fails while `make format` would change anything.
FORMATTED := Sources Tests Benchmarks
lint:
	$(SWIFT) format lint --strict --recursive --parallel $(FORMATTED)

format:
	$(SWIFT) format format --in-place --recursive --parallel $(FORMATTED)

# Renders the tour headless into $(OUT)/tour (what `make run` does without a display).
headless-demo: build
	mkdir -p $(OUT)/tour
	$(GALLERY) --headless --size 1280x720 --script Scripts/tour.jsonl --trace $(OUT)/tour/trace.jsonl --shots $(OUT)/tour $(ARGS)
	@echo "Frames in $(OUT)/tour/"

clean:
	rm -rf .build $(OUT)

# Prints engine and headless frame-cost numbers (release build), then the idle CPU and memory of the real
# window under Xvfb when xvfb-run is available, and gallery's cold and warm grid fill (one pair; `make bench-fill`
# adds nsxiv and more runs) when Xvfb, ImageMagick and the XTest headers are there.
bench: build
	$(BUILD_DIR)/gallery-bench
	@if command -v xvfb-run >/dev/null; then Scripts/bench-window.sh $(GALLERY); fi
	@if command -v Xvfb >/dev/null && command -v convert >/dev/null && pkg-config --exists xtst 2>/dev/null; then \
	  VIEWERS=gallery Benchmarks/peers/bench-fill.sh $(GALLERY) $(OUT)/peers $(PHOTOS) 1; fi

# ---- Install: `make install [PREFIX=/usr/local] [DESTDIR=]`, `make uninstall` -------------------------------
# The man page, completions and desktop entry are generated from the built program into $(GENERATED), never
# hand-kept: swift-argument-parser's generate-manual tool and --generate-completion-script, plus gallery-docs
# (KeyMap's keys and gestures, the image MIME types PhotoIndex opens, the AppStream metainfo).
PREFIX      ?= /usr/local
DESTDIR     ?=
GENERATED   := $(BUILD_DIR)/generated
MANUAL_OUT  := $(GENERATED)/manual
# swift-argument-parser's manual generator, built on its own: its package plugin (`swift package generate-manual`)
# relinked both programs without the static Swift runtime, so the installed ones needed the toolchain.
MANUAL_TOOL := $(BUILD_DIR)/generate-manual
MANUAL_DATE := $(shell git log -1 --format=%cs 2>/dev/null || date -u +%F)
# AppStreamMetainfo.fileName (a test keeps them equal).
METAINFO    := io.github.gallery_pager.Gallery.metainfo.xml
INSTALLED   := bin/gallery bin/gallery-decoder share/applications/gallery.desktop share/icons/hicolor/scalable/apps/gallery.svg \
               share/metainfo/$(METAINFO) \
               share/man/man1/gallery.1 share/bash-completion/completions/gallery \
               share/zsh/site-functions/_gallery share/fish/vendor_completions.d/gallery.fish

.PHONY: generated install uninstall install-check readme screenshots

# Remade whenever the build changed; `make install` itself never compiles, so `sudo make install` after `make`
# leaves no root-owned files in .build.
generated: $(GENERATED)/.done

$(GENERATED)/.done: $(GALLERY) $(BUILD_DIR)/gallery-docs
	@rm -rf $(GENERATED) && mkdir -p $(GENERATED) $(MANUAL_OUT)
	$(SWIFT) build -c $(CONFIG) --product generate-manual
	$(MANUAL_TOOL) $(GALLERY) --date $(MANUAL_DATE) --output-directory $(MANUAL_OUT)
	$(GALLERY) --experimental-dump-help > $(GENERATED)/help.json
	$(BUILD_DIR)/gallery-docs manual $(MANUAL_OUT)/gallery.1 --help-dump $(GENERATED)/help.json > $(GENERATED)/gallery.1
	$(BUILD_DIR)/gallery-docs desktop-entry --help-dump $(GENERATED)/help.json > $(GENERATED)/gallery.desktop
	$(BUILD_DIR)/gallery-docs metainfo --help-dump $(GENERATED)/help.json > $(GENERATED)/$(METAINFO)
	for shell in bash zsh fish; do $(GALLERY) --generate-completion-script=$$shell > $(GENERATED)/completion.$$shell; done
	@touch $@

$(GALLERY) $(DECODER) $(BUILD_DIR)/gallery-docs:
	@echo "$@ is missing: build it first with \`make\` (or \`make CONFIG=$(CONFIG)\`)" >&2; exit 1

# gallery-decoder goes beside gallery: the viewer starts its decoder processes from its own executable's directory.
install: generated $(DECODER)
	install -D -m 755 $(GALLERY) $(DESTDIR)$(PREFIX)/bin/gallery
	install -D -m 755 $(DECODER) $(DESTDIR)$(PREFIX)/bin/gallery-decoder
	install -D -m 644 $(GENERATED)/gallery.desktop $(DESTDIR)$(PREFIX)/share/applications/gallery.desktop
	install -D -m 644 $(GENERATED)/$(METAINFO) $(DESTDIR)$(PREFIX)/share/metainfo/$(METAINFO)
	install -D -m 644 Assets/Icons/gallery.svg $(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/gallery.svg
	install -D -m 644 $(GENERATED)/gallery.1 $(DESTDIR)$(PREFIX)/share/man/man1/gallery.1
	install -D -m 644 $(GENERATED)/completion.bash $(DESTDIR)$(PREFIX)/share/bash-completion/completions/gallery
	install -D -m 644 $(GENERATED)/completion.zsh $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_gallery
	install -D -m 644 $(GENERATED)/completion.fish $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/gallery.fish
	install -d $(DESTDIR)$(PREFIX)/share/gallery/Photos
	install -m 644 Assets/Photos/* $(DESTDIR)$(PREFIX)/share/gallery/Photos/
	install -d $(DESTDIR)$(PREFIX)/share/doc/gallery
	install -m 644 README.md docs/*.md $(DESTDIR)$(PREFIX)/share/doc/gallery/
	@# Menus and "Open with" pick the entry up at once where the caches exist; harmless where they do not.
	@if [ -z "$(DESTDIR)" ]; then \
	  update-desktop-database -q $(PREFIX)/share/applications 2>/dev/null || true; \
	  gtk-update-icon-cache -q $(PREFIX)/share/icons/hicolor 2>/dev/null || true; \
	fi
	@echo "Installed gallery into $(DESTDIR)$(PREFIX)"

uninstall:
	rm -f $(addprefix $(DESTDIR)$(PREFIX)/,$(INSTALLED))
	rm -rf $(DESTDIR)$(PREFIX)/share/gallery $(DESTDIR)$(PREFIX)/share/doc/gallery
	@if [ -z "$(DESTDIR)" ]; then \
	  update-desktop-database -q $(PREFIX)/share/applications 2>/dev/null || true; \
	  gtk-update-icon-cache -q $(PREFIX)/share/icons/hicolor 2>/dev/null || true; \
	fi

# `make test`'s last step: installs the test build into a temporary DESTDIR and checks what a user gets.
install-check:
	@set -e; root=$$(mktemp -d); trap 'rm -rf "$$root"' EXIT; \
	  echo "Installing into a temporary DESTDIR and checking it:"; \
	  $(MAKE) --no-print-directory install DESTDIR=$$root PREFIX=/usr > $$root.log 2>&1 || { cat $$root.log; exit 1; }; \
	  Scripts/check-install.sh $$root/usr; \
	  $(MAKE) --no-print-directory uninstall DESTDIR=$$root PREFIX=/usr > /dev/null; \
	  leftover=$$(find $$root -type f); [ -z "$$leftover" ] || { echo "uninstall left: $$leftover"; exit 1; }; \
	  rm -f $$root.log; printf "  %-28s ok\n" "uninstall removes it all"

# Rewrites README's keys table from KeyMap (a test fails while it differs).
readme: build
	$(BUILD_DIR)/gallery-docs update-readme README.md

# Regenerates README's pictures in docs/images with the headless runner (Scripts/readme-pictures.jsonl):
# a still, and the frames of a fling across the loop seam made into a small GIF by ImageMagick.
screenshots: build
	@$(MAKE) --no-print-directory deps APT_PACKAGES=imagemagick
	rm -rf $(OUT)/readme && mkdir -p $(OUT)/readme docs/images
	$(GALLERY) --headless --size 960x540 --script Scripts/readme-pictures.jsonl --shots $(OUT)/readme
	convert $(OUT)/readme/screenshot.png -strip -quality 85 docs/images/screenshot.jpg
	convert -delay 4 -loop 0 $(OUT)/readme/fling-*.png \( +clone -set delay 120 \) +swap +delete \
	  -resize 480x270 -strip -layers Optimize docs/images/fling.gif
	@ls -l docs/images

# ---- gallery against nsxiv and feh: `make bench-peers [PHOTOS=2000] [RUNS=9] [PAGES=100] [PEERS_DISPLAY=N]` ------
# Each viewer as a user starts it, under openbox on a private Xvfb: the window mapped, the first paint, the CPU and the
# memory (with gallery's decoder processes) it took, then page turns, interleaved (about 3 min; the photo folder is
# generated once into $(OUT)/peers). Benchmarks/peers/bench-peers.sh says what each column means and takes
# BASELINE=path/to/gallery (an older build in the same rounds), WM=none and BUSY=1 (one core kept busy) from the
# environment or the make command line.
PHOTOS             ?= 2000
RUNS               ?= 9
PAGES              ?= 100
PEERS_DISPLAY      ?=
PEERS_APT_PACKAGES := nsxiv feh openbox x11-utils stress-ng xvfb xdotool imagemagick gcc libc6-dev libx11-dev libxtst-dev

.PHONY: bench-peers
bench-peers: build
	@$(MAKE) --no-print-directory deps APT_PACKAGES="$(PEERS_APT_PACKAGES)"
	BASELINE="$(BASELINE)" WM="$(WM)" BUSY="$(BUSY)" Benchmarks/peers/bench-peers.sh $(GALLERY) $(OUT)/peers $(PHOTOS) $(RUNS) $(PAGES) $(PEERS_DISPLAY)

# ---- Wayland against X11 without a GPU: `make bench-wayland [RUNS=9]` (about 3 minutes, as root) -------------------
# First paint, resident memory and idle CPU of the window with OpenGL ES 2 on llvmpipe in a headless sway, and with
# SDL's software renderer under Xvfb, on the bundled photos at 800x600, interleaved (Scripts/bench-wayland.sh).
.PHONY: bench-wayland
bench-wayland: build
	@$(MAKE) --no-print-directory deps APT_PACKAGES="sway grim xvfb xdotool x11-apps imagemagick python3"
	Scripts/bench-wayland.sh $(GALLERY) $(RUNS)

# ---- Filling the thumbnail grid: `make bench-fill [PHOTOS=2000] [FILL_RUNS=3] [PEERS_DISPLAY=N]` ---------------------
# gallery's grid mode against `nsxiv -t`: launch → a 1280×720 grid of PHOTOS photos filled and still, cold (a fresh
# XDG_CACHE_HOME) and warm (the cache the cold run left), and the thumbnails each wrote (about 2 min; the folder is
# the peers benchmark's, in $(OUT)/peers). Benchmarks/peers/bench-fill.sh says what each column means.
FILL_RUNS ?= 3

.PHONY: bench-fill
bench-fill: build
	@$(MAKE) --no-print-directory deps APT_PACKAGES="$(PEERS_APT_PACKAGES)"
	Benchmarks/peers/bench-fill.sh $(GALLERY) $(OUT)/peers $(PHOTOS) $(FILL_RUNS) $(PEERS_DISPLAY)

# --- Reliability: soak, sanitizers, fuzzing (docs/RELIABILITY.md) ---
.PHONY: soak
SOAK_RUNS    ?= 2000
SOAK_RUN_SECONDS ?= 300

# Thousands of generated scripts headless in every mode (photos, 100,000 generated pages, the hostile corpus; feed
# requests failing), every frame checked, then the 100,000-advance endurance run; prints the counts and the resource
# figures. Fails if any case failed; a run taking over SOAK_RUN_SECONDS of wall-clock time ends it, printing its seed.
soak: deps
	$(SWIFT) build -c release --static-swift-stdlib --product gallery-soak
	.build/release/gallery-soak --runs $(SOAK_RUNS) --run-seconds $(SOAK_RUN_SECONDS)

.PHONY: sanitize fuzz
# The tests under AddressSanitizer (with LeakSanitizer) and ThreadSanitizer, each in its own build folder, with fewer soak
# seeds (the sanitizers are slow); then the Mutex-under-TSan reproduction (docs/RELIABILITY.md).
SANITIZE_SOAK_SEEDS ?= 4
sanitize: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build/asan
	GALLERY_SOAK_SEEDS=$(SANITIZE_SOAK_SEEDS) ASAN_OPTIONS=detect_leaks=1 GALLERY_TEST_TIME_SCALE=4 \
	  LSAN_OPTIONS=suppressions=$(CURDIR)/Sanitizers/lsan.supp:print_suppressions=0 \
	  $(SWIFT) test --skip-build --sanitize=address --scratch-path .build/asan
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build/tsan
	GALLERY_SOAK_SEEDS=$(SANITIZE_SOAK_SEEDS) GALLERY_TEST_TIME_SCALE=4 TSAN_OPTIONS=halt_on_error=1 \
	  $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build/tsan
	Scripts/mutex-under-tsan.sh

# Each libFuzzer target (Fuzz/*Fuzz.swift: script parser, trace reader, image header, EXIF, ICC, output policy, PNG text,
# animation scan) for FUZZ_SECONDS from a generated seed corpus (the image targets' includes the soak's hostile corpus,
# written by gallery-soak). The modules each harness imports are compiled from SwiftPM's own module graph (jq reads it).
FUZZ_SECONDS ?= 60
fuzz: deps
	$(SWIFT) build --product gallery
	$(SWIFT) build --product gallery-soak
	FUZZ_SECONDS=$(FUZZ_SECONDS) SWIFT=$(SWIFT) Scripts/fuzz.sh
