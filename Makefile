# gallery — build, run and test. `make run` and `make test` install what they need first.
SWIFT        ?= swift
CONFIG       ?= debug
BUILD_DIR    := .build/$(CONFIG)
GALLERY      := $(BUILD_DIR)/gallery
ARGS         ?=
OUT          ?= out
APT_PACKAGES := pkg-config libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev fonts-dejavu-core xvfb xdotool \
                libturbojpeg0-dev libexif-dev
SUDO         := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps build release run test headless-demo bench clean

all: build

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
	$(SWIFT) build -c $(CONFIG)

release:
	$(MAKE) build CONFIG=release

# Opens the window; with no display, renders a scripted tour headless into PNGs instead and says where.
run: deps
	$(SWIFT) build -c release
	@if [ -n "$$DISPLAY$$WAYLAND_DISPLAY" ]; then \
	  .build/release/gallery $(ARGS); \
	else \
	  echo "No display (DISPLAY and WAYLAND_DISPLAY are unset): rendering a scripted tour headless instead."; \
	  mkdir -p $(OUT)/tour; \
	  .build/release/gallery --headless --size 1280x720 --script Scripts/tour.jsonl \
	    --trace $(OUT)/tour/trace.jsonl --shots $(OUT)/tour $(ARGS) && \
	  echo "Tour frames: $$(ls $(OUT)/tour/*.png | wc -l) PNGs in $(OUT)/tour/, trace in $(OUT)/tour/trace.jsonl"; \
	fi

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# Renders the tour headless into $(OUT)/tour (what `make run` does without a display).
headless-demo: deps
	$(SWIFT) build -c $(CONFIG)
	mkdir -p $(OUT)/tour
	$(GALLERY) --headless --size 1280x720 --script Scripts/tour.jsonl --trace $(OUT)/tour/trace.jsonl --shots $(OUT)/tour $(ARGS)
	@echo "Frames in $(OUT)/tour/"

clean:
	rm -rf .build $(OUT)

# Prints engine and headless frame-cost numbers (release build), then the idle CPU and memory of the real
# window under Xvfb when xvfb-run is available.
bench: deps
	$(SWIFT) build -c release --product gallery-bench
	$(SWIFT) build -c release --product gallery
	.build/release/gallery-bench
	@if command -v xvfb-run >/dev/null; then Scripts/bench-window.sh .build/release/gallery; fi
