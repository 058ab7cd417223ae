#!/bin/sh
# Usage: list-sources.sh DIRECTORY — the Swift files below DIRECTORY, one per line, sorted by byte
# order, hidden entries skipped as dibuild does (meson.build has no globs).
LC_ALL=C find "$1" -name '.?*' ! -name .. -prune -o -type f -name '*.swift' -print | LC_ALL=C sort
