#!/bin/sh
# Builds the DIRuntime benchmark with `swiftc -O` and prints resolutions per second.
# Usage: bench/runtime/run.sh   (from anywhere; the binary goes to bench/out/, which git ignores)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out="$root/bench/out"
mkdir -p "$out"
swiftc -O -wmo -swift-version 6 -module-name RuntimeBench -o "$out/runtime-bench" \
    "$here/main.swift" "$root"/Sources/DIRuntime/*.swift
"$out/runtime-bench"
