#!/bin/sh
# Usage: dibuild-path.sh [DIBUILD]
#
# Prints the absolute path of the dibuild executable for the examples' Makefiles: DIBUILD when given
# (relative to the current directory), else this repository's, built first by `swift build --product
# dibuild` (its progress goes to standard error).
set -eu
if [ -n "${1-}" ]; then
    realpath "$1"
else
    repository=$(cd "$(dirname "$0")/../.." && pwd)
    (cd "$repository" && swift build --product dibuild >&2)
    printf '%s/dibuild\n' "$(cd "$repository" && swift build --show-bin-path)"
fi
