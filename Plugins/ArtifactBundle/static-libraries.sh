#!/bin/sh
# Usage: static-libraries.sh DIRECTORY
#
# Prepares DIRECTORY so that a release dibuild links libyaml, libxxhash and libstdc++ statically, and
# prints it: run `swift build` with PKG_CONFIG_PATH set to it. DIRECTORY gets links to the static
# libraries and pkg-config files naming it, so the linker finds each `.a` before the system's `.so`.
# A static binary starts faster (no shared objects for the dynamic loader to map and relocate) and needs
# no libyaml or libxxhash where it runs. A library whose `.a` is not installed stays shared.
set -eu
directory=$1
mkdir -p "$directory"
directory=$(cd "$directory" && pwd)
rm -f "$directory"/*.a "$directory"/*.pc

# link LIBRARY PACKAGE: links lib$LIBRARY.a into the directory; with PACKAGE, writes PACKAGE.pc for it.
link() {
    archive=""
    if [ -n "${2-}" ] && libdir=$(pkg-config --variable=libdir "$2" 2>/dev/null); then
        archive="$libdir/lib$1.a"
    else
        archive=$(${CC:-cc} -print-file-name="lib$1.a" 2>/dev/null || true)
    fi
    [ -f "$archive" ] || return 0
    ln -s "$archive" "$directory/lib$1.a"
    [ -n "${2-}" ] || return 0
    cat > "$directory/$2.pc" <<PC
Name: $2
Description: lib$1, linked statically
Version: $(pkg-config --modversion "$2")
Cflags: $(pkg-config --cflags "$2")
Libs: -L$directory -l$1
PC
}

link yaml yaml-0.1
link xxhash libxxhash
link stdc++
echo "$directory"
