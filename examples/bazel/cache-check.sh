#!/bin/sh
# Usage: cache-check.sh   (run by `make cache-check`, after tools/dibuild links to a dibuild)
#
# The remote-cache scenario: nginx serves Bazel's HTTP cache on loopback (remote-cache.sh); two copies
# of the repository's example, at two different absolute paths and each with its own output base, build
# //:app against it. The second copy should execute nothing the first already did: this prints how many
# of its actions were remote cache hits (from Bazel's execution log) and checks that both copies got the
# same factory bytes. Everything lives in one temporary directory, removed at the end; the Bazel servers
# are shut down and nginx stopped even when a build fails.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repository=$(cd "$here/../.." && pwd)
bazel=${BAZEL:-bazel}
action_path=${ACTION_PATH:-$(dirname "$(command -v swiftc)"):/usr/bin:/bin}
dibuild=$(readlink -f "$here/tools/dibuild")
[ -x "$dibuild" ] || { echo "cache-check.sh: $here/tools/dibuild does not lead to an executable" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/dibuild-bazel.XXXXXX")
cleanup() {
    for checkout in first second; do
        if [ -d "$work/$checkout-output" ]; then
            (cd "$work/$checkout/examples/bazel" && "$bazel" --output_user_root="$work/$checkout-output" shutdown) || true
        fi
    done
    sh "$here/remote-cache.sh" stop "$work/cache"
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

port=$(sh "$here/remote-cache.sh" start "$work/cache")
for checkout in first second; do
    root=$work/$checkout
    mkdir -p "$root/examples/bazel/tools" "$root/Sources"
    cp -R "$repository/examples/app" "$root/examples/"
    cp -R "$repository/Sources/DIRuntime" "$root/Sources/"
    cp "$here/WORKSPACE" "$here/BUILD" "$here/app.BUILD" "$here/di_runtime.BUILD" "$here/.bazelrc" \
        "$root/examples/bazel/"
    ln -s "$dibuild" "$root/examples/bazel/tools/dibuild"
    (cd "$root/examples/bazel" && "$bazel" --output_user_root="$work/$checkout-output" --max_idle_secs=60 \
        build --action_env=PATH="$action_path" --remote_cache="http://127.0.0.1:$port" \
        --execution_log_json_file="$work/$checkout.log" //:app)
done

hits=$(grep -c '"remoteCacheHit": true' "$work/second.log" || true)
actions=$(grep -c '"commandArgs"' "$work/second.log" || true)
factory=examples/bazel/bazel-bin/gen/AppFactory.swift
if ! cmp -s "$work/first/$factory" "$work/second/$factory"; then
    echo "cache-check: the two checkouts got different factories" >&2
    exit 1
fi
echo "cache-check: second checkout: $hits of $actions actions were remote cache hits; identical factories"
[ "$hits" -eq "$actions" ] && [ "$actions" -gt 0 ]
