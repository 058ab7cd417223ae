# `make demo` builds dibuild, then builds and runs examples/app with Ninja (examples/ninja/build.ninja,
# whose config.ninja points at .build/debug/dibuild); `make test` runs the whole test suite.
# Both first install missing system packages with apt-get when run as root.

SWIFT ?= swift
SYSTEM_PACKAGES := $(shell grep -v '^\#' .ci/packages)

.PHONY: demo test tsan build lint system-packages

demo: build
	ninja -C examples/ninja run

test: system-packages
	$(SWIFT) build --build-tests
	$(SWIFT) test

# The DIRuntime and Deli compatibility tests (incl. the 16-thread stress test) under Thread Sanitizer,
# in their own build folder.
tsan: system-packages
	$(SWIFT) test --sanitize=thread --scratch-path .build-tsan --filter 'DIRuntimeTests|DeliCompatibilityTests'

# Tests/Fixtures holds scanner inputs with deliberate formatting and syntax errors: not linted.
lint:
	$(SWIFT) format lint --strict -r Sources Tests/DIEngineTests Tests/DIRuntimeTests Tests/DeliCompatibilityTests Tests/DIBuildCLITests

build: system-packages
	$(SWIFT) build --product dibuild

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
