#!/usr/bin/env bash
# Code generation benchmark: a synthetic app with N registrations (default 5,000), timed through
# `dibuild generate` / `dibuild build` (release build) and `swiftc -c` of the generated factory.
#
# Usage (from anywhere): bench/codegen/run.sh [N]
# Needs python3 and hyperfine. Prints the figures; bench/codegen/README.md records them.
set -euo pipefail

count=${1:-5000}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/dibuild-codegen-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

(cd "$root" && swift build -c release --product dibuild >/dev/null)
dibuild="$root/.build/release/dibuild"

python3 "$here/make_app.py" "$work/app" "$count"
mkdir -p "$work/runtime" "$work/objects"
swiftc -swift-version 6 -emit-library -static -emit-module -parse-as-library -module-name DIRuntime \
    -emit-module-path "$work/runtime/DIRuntime.swiftmodule" -o "$work/runtime/libDIRuntime.a" \
    "$root"/Sources/DIRuntime/*.swift

cd "$work/app"
echo "== dibuild (release) on $count registrations"
hyperfine --runs 5 --warmup 1 \
    -n "generate --no-cache (cold: scan every file)" "$dibuild generate --no-cache > /dev/null" \
    -n "generate (warm cache)" "$dibuild generate > /dev/null"
"$dibuild" build
hyperfine --runs 5 --warmup 1 -n "build, nothing changed (warm cache, outputs unchanged)" "$dibuild build"
"$dibuild" build -v 2>&1 | sed 's/^/  /'
wc -l -c Generated/BenchFactory.swift Deli.resolved | sed 's/^/  /'

echo "== swiftc -c (debug, Swift 6 mode)"
sources=(Sources/*.swift)
factory=Generated/BenchFactory.swift
# The factory as the only primary file of the frontend: its own type-checking and code generation.
hyperfine --runs 3 -n "swiftc -frontend -c factory (primary file)" \
    "swiftc -frontend -c -primary-file $factory ${sources[*]} -module-name Bench -parse-as-library \
     -swift-version 6 -I $work/runtime -o $work/objects/factory.o"
# The whole module with and without the factory, one frontend job per file as in debug builds.
hyperfine --runs 3 \
    -n "swiftc -c whole app + factory" \
    "cd $work/objects && swiftc -c -j2 -parse-as-library -module-name Bench -swift-version 6 -I $work/runtime \
     $work/app/Sources/*.swift $work/app/$factory" \
    -n "swiftc -c whole app without factory" \
    "cd $work/objects && swiftc -c -j2 -parse-as-library -module-name Bench -swift-version 6 -I $work/runtime \
     $work/app/Sources/*.swift"
