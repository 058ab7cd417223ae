#!/usr/bin/env bash
# Long cache-transparency run (a benchmark script, not part of `make test`): the differential test
# `CacheTransparencyTests` with many edits. After every edit of a generated project, `dibuild build` with
# the cache and `dibuild build --no-cache` (in an identical copy) must give byte-identical exit codes,
# stdout, stderr, factories, depfiles and resolved files.
#
# Environment: DIBUILD_DIFF_STEPS (default 200), DIBUILD_DIFF_SEED (default: the current time; printed, so
# that a failure can be replayed).
set -euo pipefail
cd "$(dirname "$0")/.."
steps=${DIBUILD_DIFF_STEPS:-200}
seed=${DIBUILD_DIFF_SEED:-$(date +%s)}
echo "differential: $steps edits, seed $seed" >&2
swift build --build-tests >&2
DIBUILD_DIFF_STEPS=$steps DIBUILD_DIFF_SEED=$seed swift test --skip-build --filter CacheTransparencyTests
