#!/bin/sh
# Usage: list-sources.sh ROOT OUTPUT [--phony]
#
# Neither Ninja nor Make has a recursive glob, so this writes the `*.swift` files below ROOT to OUTPUT,
# one per line, sorted by byte order, skipping hidden entries as dibuild does. OUTPUT is replaced only
# when the list changed, so that with Ninja's `restat = 1` nothing downstream reruns when it did not.
#
# It also writes the depfile OUTPUT.d, naming every directory below ROOT: adding, removing or renaming
# an entry changes only the mtime of the directory that holds it (a new subfolder changes its parent),
# so the build system reruns this script exactly when the list may have changed. Files themselves are
# not listed: editing one changes nothing here. --phony is passed on to write-depfile.sh (for Make).
set -eu
root=$1 output=$2 phony=${3-}
tools=$(dirname "$0")

walk() { LC_ALL=C find "$root" -name '.?*' ! -name .. -prune -o "$@" -print | LC_ALL=C sort; }

mkdir -p "$(dirname "$output")"
walk -type f -name '*.swift' > "$output.tmp"
if cmp -s "$output.tmp" "$output"; then
    rm -f "$output.tmp"
else
    mv -f "$output.tmp" "$output"
fi
walk -type d | sh "$tools/write-depfile.sh" "$output" "$output.d" $phony
