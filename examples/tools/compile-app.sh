#!/bin/sh
# Usage: compile-app.sh SOURCES_LIST FACTORY OUTPUT [--phony] -- SWIFTC [FLAGS...]
#
# Compiles the app module (the sources named in SOURCES_LIST plus the generated FACTORY) to objects
# with the Swift driver's incremental mode: the driver recompiles only the files that changed and those
# whose dependencies' interfaces changed, so an edit to a non-DI file leaves the factory's object alone,
# and a rewritten factory recompiles only what depends on it. Objects go to `obj/` next to OUTPUT,
# mirroring the source paths without leading `../`; the factory's object is `obj/<its name>.o`.
#
# OUTPUT receives the objects as a response file for the link step (`swiftc @OUTPUT`). It is rewritten
# on every run, so the link follows every compile. OUTPUT.d lists every source from SOURCES_LIST, so
# that touching any of them reruns this; --phony adds the empty rules that GNU Make needs.
set -eu
list=$1 factory=$2 output=$3
shift 3
phony=
if [ "${1-}" = --phony ]; then phony=--phony; shift; fi
[ "${1-}" = -- ] && shift

build=$(dirname "$output")
objects=$build/obj
map=$build/app-output-file-map.json
inputs=$build/app-inputs.txt
{ cat "$list"; printf '%s\n' "$factory"; } > "$inputs"

object_of() {
    if [ "$1" = "$factory" ]; then
        printf '%s/%s\n' "$objects" "$(basename "$1" .swift)"
    else
        printf '%s/%s\n' "$objects" "$(printf '%s\n' "${1%.swift}" | sed -e 's|^\(\.\./\)*||' -e 's|^\./||')"
    fi
}
# JSON and response files both take "…" with backslash escapes.
quote() { printf '"%s"' "$(printf '%s' "$1" | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g')"; }

# The output file map tells the driver where each file's object and dependency record go; the entry
# for "" names the module-wide record that makes incremental builds possible. The sources are
# appended to the command line as they are read, so names with spaces survive.
printf '{\n  "": {"swift-dependencies": %s}' "$(quote "$objects/App.swiftdeps")" > "$map"
: > "$output.tmp"
while IFS= read -r source; do
    base=$(object_of "$source")
    mkdir -p "$(dirname "$base")"
    printf ',\n  %s: {"object": %s, "swift-dependencies": %s}' \
        "$(quote "$source")" "$(quote "$base.o")" "$(quote "$base.swiftdeps")" >> "$map"
    quote "$base.o" >> "$output.tmp"
    printf '\n' >> "$output.tmp"
    set -- "$@" "$source"
done < "$inputs"
printf '\n}\n' >> "$map"

"$@" -incremental -c -output-file-map "$map"

mv -f "$output.tmp" "$output"
sh "$(dirname "$0")/write-depfile.sh" "$output" "$output.d" $phony < "$list"
