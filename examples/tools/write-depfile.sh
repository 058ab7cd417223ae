#!/bin/sh
# Usage: write-depfile.sh TARGET OUTPUT [--phony] < PATHS
#
# Writes a Make/Ninja depfile to OUTPUT: one rule for TARGET whose dependencies are the paths read
# from standard input, one per line, in the order given. Paths are escaped the GCC way, which Ninja
# and GNU Make both read: space -> "\ ", "#" -> "\#", "$" -> "$$". With --phony, an empty rule
# follows for every dependency, so GNU Make does not stop when one of them is deleted (Ninja ignores
# these rules). Written to a temporary file and renamed, so a killed run never leaves half a depfile.
set -eu
target=$1 output=$2 phony=${3-}

# The target travels as the first line, so that it is escaped exactly like the dependencies.
{ printf '%s\n' "$target"; cat; } |
    sed -e 's/\$/$$/g' -e 's/#/\\#/g' -e 's/ /\\ /g' |
    awk -v phony="$phony" '
        NR == 1 { printf "%s:", $0; next }
        { printf " \\\n  %s", $0; dependencies[NR] = $0 }
        END {
            printf "\n"
            if (phony != "--phony" || NR < 2) exit
            printf "\n"
            for (line = 2; line <= NR; line++) printf "%s:\n", dependencies[line]
        }' > "$output.tmp"
mv -f "$output.tmp" "$output"
