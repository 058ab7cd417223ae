# `make demo` builds dibuild, then builds and runs examples/app with Ninja (examples/ninja/build.ninja,
# whose config.ninja points at .build/debug/dibuild); `make test` runs the whole test suite.
# Both first install missing system packages with apt-get when run as root.

SWIFT ?= swift
SYSTEM_PACKAGES := $(shell grep -v '^\#' .ci/packages)
# The release binary's link flags (`make artifactbundle`; bench/run.sh measures the same binary):
# docs/architecture.md, "What a no-op build costs", says what each one saves at every start.
RELEASE_LINK_FLAGS := --static-swift-stdlib -Xlinker -no-pie -Xlinker --no-export-dynamic

.PHONY: demo test tsan fuzz fuzz-build build lint docs artifactbundle system-packages

demo: build
	ninja -C examples/ninja run

test: system-packages
	$(SWIFT) build --build-tests
	$(SWIFT) test

# Under Thread Sanitizer, in their own build folder: the DIRuntime and Deli compatibility tests (incl. the
# 16-thread stress test), and the engine's concurrency — the parallel scan, the link state written on a
# second thread beside validation and generation — through the incremental-build and cache-transparency
# tests, which run the sanitised dibuild. (FailureBehaviourTests stays out: under `ulimit -f` a sanitised
# binary dies before main.)
tsan: system-packages
	$(SWIFT) test --sanitize=thread --scratch-path .build-tsan \
		--filter 'DIRuntimeTests|DeliCompatibilityTests|IncrementalBuildTests|IncrementalLinkTests|CacheTransparencyTests'

# libFuzzer targets (scanner, yaml, property-path, cache-reader: FuzzEntries), in their own build folder;
# Package.swift adds the driver only under DIBUILD_FUZZ=1. Each target runs FUZZ_SECONDS from a copy of
# its seed corpus (Tests/Fuzz/<target>/corpus); a crash input is written to Tests/Fuzz/<target>/crashes,
# which `make test` replays once it is committed.
FUZZ_TARGETS := scanner yaml property-path cache-reader
FUZZ_SECONDS ?= 60
FUZZ_FLAGS := -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address

fuzz-build: system-packages
	DIBUILD_FUZZ=1 $(SWIFT) build --scratch-path .build-fuzz --product dibuild-fuzz $(FUZZ_FLAGS)

fuzz: fuzz-build
	@set -e; binary="$$(DIBUILD_FUZZ=1 $(SWIFT) build --scratch-path .build-fuzz --show-bin-path)/dibuild-fuzz"; \
	for target in $(FUZZ_TARGETS); do \
		work=".build-fuzz/corpus/$$target"; mkdir -p "$$work" "Tests/Fuzz/$$target/crashes"; \
		echo "fuzzing $$target for $(FUZZ_SECONDS) s"; \
		ASAN_OPTIONS=detect_leaks=0 DIBUILD_FUZZ_TARGET=$$target "$$binary" -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=4096 \
			-max_len=65536 -print_final_stats=1 -artifact_prefix="Tests/Fuzz/$$target/crashes/" \
			"$$work" "Tests/Fuzz/$$target/corpus" 2>".build-fuzz/$$target.log" \
			|| { tail -40 ".build-fuzz/$$target.log"; exit 1; }; \
		grep -E '^stat::number_of_executed_units|^Done' ".build-fuzz/$$target.log" || true; \
	done

# Tests/Fixtures holds scanner inputs with deliberate formatting and syntax errors: not linted.
lint:
	$(SWIFT) format lint --strict -r Sources Plugins Tests/DIEngineTests Tests/DIRuntimeTests Tests/DeliCompatibilityTests Tests/DIBuildCLITests Tests/TestSupport

# docs/diagnostics.md is generated from the diagnostics catalogue (a test fails when it is out of date).
docs: build
	$(SWIFT) run --skip-build dibuild explain --all --format markdown > docs/diagnostics.md

build: system-packages
	$(SWIFT) build --product dibuild

# A release dibuild (Swift runtime linked statically) as a SwiftPM artifact bundle, in
# .build/artifactbundle: the zip and its checksum for `.binaryTarget(url:checksum:)`, and dibuild-plugin/,
# a package with DIRuntime and the DIBuildPlugin running that binary (Plugins/ArtifactBundle/make-bundle.sh).
# libyaml, libxxhash and libstdc++ are linked statically too when their archives are installed
# (Plugins/ArtifactBundle/static-libraries.sh), and the executable is not position-independent: together
# they halve what the dynamic loader does at each start. It exports no symbols either: the toolchain
# exports every Swift symbol of an executable linked with --static-swift-stdlib (35,000 for dibuild), and
# the runtime's start-up searches them with dladdr (docs/architecture.md, "What a no-op build costs").
artifactbundle: system-packages
	PKG_CONFIG_PATH="$$(sh Plugins/ArtifactBundle/static-libraries.sh .build/static-libraries)$${PKG_CONFIG_PATH:+:$$PKG_CONFIG_PATH}" \
		$(SWIFT) build -c release --product dibuild $(RELEASE_LINK_FLAGS)
	sh Plugins/ArtifactBundle/make-bundle.sh "$$($(SWIFT) build -c release $(RELEASE_LINK_FLAGS) --show-bin-path)/dibuild" .build/artifactbundle

system-packages:
	@command -v dpkg >/dev/null 2>&1 || exit 0; \
	missing=""; \
	for package in $(SYSTEM_PACKAGES); do \
		dpkg -s "$$package" >/dev/null 2>&1 || missing="$$missing $$package"; \
	done; \
	[ -z "$$missing" ] && exit 0; \
	if [ "$$(id -u)" -ne 0 ]; then \
		echo "warning: missing system packages:$$missing (run 'make' as root to install them)" >&2; exit 0; \
	fi; \
	apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $$missing
