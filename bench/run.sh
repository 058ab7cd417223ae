#!/usr/bin/env bash
# Incremental-build benchmark (not a test): builds dibuild in release, generates projects of 1,000 and
# 10,000 files with bench/gen_project.py and measures `dibuild build` side by side: cold (no cache), no-op,
# one-file edit without and with a DI change, and --no-cache; hyperfine for times when present (else a
# plain loop), /usr/bin/time -v for peak RSS. Prints a Markdown table.
#
# Environment: BENCH_SIZES (default "1000 10000"), BENCH_RUNS (default 10), BENCH_OUT (default bench/out).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=${BENCH_OUT:-$root/bench/out}
sizes=${BENCH_SIZES:-"1000 10000"}
runs=${BENCH_RUNS:-10}

swift build -c release --product dibuild >&2
dibuild="$(swift build -c release --show-bin-path)/dibuild"
mkdir -p "$out"
results="$out/results.tsv"
: >"$results"

# scenario name, prepare command (run before every measured run), build arguments
scenarios=(
    "cold (no cache)|rm -rf .dibuild build|"
    "no-op|:|"
    "edit, non-DI change|python3 $root/bench/edit.py plain EDITED|"
    "edit, DI change|python3 $root/bench/edit.py di EDITED|"
    "--no-cache|:|--no-cache"
)

measure() { # size, name, prepare, arguments
    local size=$1 name=$2 prepare=$3 arguments=$4 json="$out/hyperfine.json"
    local command="$dibuild build $arguments"
    local mean stddev
    if command -v hyperfine >/dev/null; then
        hyperfine --style none --warmup 2 --runs "$runs" --prepare "$prepare" --export-json "$json" \
            "$command" >/dev/null
        read -r mean stddev < <(python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["results"][0]
print(r["mean"] * 1000, (r["stddev"] or 0) * 1000)' "$json")
    else
        local times=()
        for _ in $(seq "$runs"); do
            eval "$prepare"
            local start end
            start=$(date +%s%N)
            $command >/dev/null
            end=$(date +%s%N)
            times+=($(((end - start) / 1000)))
        done
        read -r mean stddev < <(python3 -c 'import statistics,sys; t=[int(x)/1000 for x in sys.argv[1:]]
print(statistics.mean(t), statistics.pstdev(t))' "${times[@]}")
    fi
    eval "$prepare"
    local rss
    rss=$(/usr/bin/time -v $command 2>&1 >/dev/null | awk -F': ' '/Maximum resident set size/ {print $2}')
    printf '%s\t%s\t%.1f\t%.1f\t%s\n' "$size" "$name" "$mean" "$stddev" "$rss" >>"$results"
    echo "$size files, $name: $(printf '%.1f' "$mean") ms, peak RSS $((rss / 1024)) MB" >&2
}

for size in $sizes; do
    project="$out/project-$size"
    rm -rf "$project"
    python3 bench/gen_project.py "$project" --files "$size" --seed 1 >&2
    # Sources as a checkout leaves them: older than the racy window.
    find "$project/Sources" -name '*.swift' -exec touch -d @1600000000 {} +
    edited=$(find "$project/Sources" -name '*.swift' | sort | sed -n "$((size / 2))p")
    (
        cd "$project"
        "$dibuild" build
        for scenario in "${scenarios[@]}"; do
            IFS='|' read -r name prepare arguments <<<"$scenario"
            measure "$size" "$name" "${prepare//EDITED/$edited}" "$arguments"
        done
    )
done

python3 - "$results" "$sizes" <<'PY'
import sys
rows = [line.rstrip("\n").split("\t") for line in open(sys.argv[1])]
sizes = sys.argv[2].split()
names = list(dict.fromkeys(row[1] for row in rows))
cell = {(row[0], row[1]): row for row in rows}
header = "| scenario | " + " | ".join(f"{int(s):,} files: time (ms) | peak RSS (MB)" for s in sizes) + " |"
print(header)
print("|---" * (1 + 2 * len(sizes)) + "|")
for name in names:
    parts = []
    for size in sizes:
        row = cell.get((size, name))
        parts += [f"{float(row[2]):.1f} ± {float(row[3]):.1f}", f"{int(row[4]) / 1024:.0f}"] if row else ["", ""]
    print(f"| {name} | " + " | ".join(parts) + " |")
PY
