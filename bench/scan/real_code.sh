#!/usr/bin/env bash
# Scanner throughput (MB/s) on real code: the Sources of the package copies RealCodeScanTests uses,
# extracted with `git archive` from /opt/swift-packages (absent ones skipped) and flattened into one
# directory, then the release ScanBenchmark on it. Not a test. Environment: BENCH_OUT (bench/out),
# DIBUILD_BENCH_THREADS (default "1,<cores>").
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${BENCH_OUT:-$PWD/bench/out}/real-corpus
rm -rf "$out" && mkdir -p "$out/extract"
# Same list as RealCodeScanTests.packages.
packages=$(sed -n '/static let packages/,/^    \]/p' Tests/DIEngineTests/Scan/RealCodeScanTests.swift |
    grep -o '("[^"]*", "[^"]*")' | tr -d '(",)')
while read -r repository tag; do
    source="/opt/swift-packages/$repository.git"
    if [ ! -d "$source" ]; then echo "skipped $repository: no copy at $source" >&2; continue; fi
    mkdir -p "$out/extract/$repository"
    git -C "$source" archive "$tag" Sources | tar -x -C "$out/extract/$repository"
done <<<"$packages"
find "$out/extract" -name '*.swift' | sort | while read -r file; do
    cp "$file" "$out/$(echo "${file#"$out/extract/"}" | tr '/' '_')"
done
rm -rf "$out/extract"
DIBUILD_BENCH=1 DIBUILD_BENCH_CORPUS="$out" swift test -c release --scratch-path .build-release \
    --filter ScanBenchmark 2>&1 | grep -E 'scan benchmark|MB/s'
