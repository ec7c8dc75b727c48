#!/usr/bin/env bash
# Penalty patterns on and off, level by level: one lone forward HDA* worker
# (deterministic expansions), the PDB bound on XSokoban and the matching
# bound on Microban unless HEURISTIC says otherwise, the same time limit each.
#
#   perf/penalties.sh [time-limit-s] [extra hdasoko flags...]
#
# Levels: the XSokoban levels proven so far (XSOKOBAN, default below) and the
# 20 Microban levels slowest for `--search hda` at 60 s
# (perf/results/microban-optimal-60s-search-hda-5177318.csv; MICROBAN).
# Appends rows to perf/results/penalties-<commit>.tsv, flushed per run:
# collection, level, penalties, outcome, pushes, lower_bound, expanded,
# generated, seconds. The machine is shared: runs under nice (NICE, default 5).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
limit=${1:-30}
shift $(( $# >= 1 ? 1 : 0 ))
extra=("$@")
bin=${HDASOKO:-$root/build/hdasoko}
commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
out="$root/perf/results/${LABEL:-penalties-$commit}.tsv"
xsokoban=${XSOKOBAN:-"1 2 3 6 7 9 17 38 43 51 55 78 80 83"}
microban=${MICROBAN:-"139 111 123 112 122 99 138 117 109 98 143 108 150 114 134 105 137 113 140 36"}
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
[ -s "$out" ] || printf 'collection\tlevel\tpenalties\toutcome\tpushes\tlower_bound\texpanded\tgenerated\tseconds\n' > "$out"
run() {  # collection heuristic level
    for switch in off on; do
        flag=(--no-penalties)
        [ "$switch" = on ] && flag=(--penalties)
        rm -f "$tmp"
        nice -n "${NICE:-5}" "$bin" solve "$root/levels/$1.xsb" --level "$3" --search hda --threads 1 \
            --heuristic "$2" --quiet --time-limit "$limit" --csv "$tmp" "${flag[@]}" "${extra[@]}" > /dev/null 2>&1 || true
        tail -n 1 "$tmp" | awk -F, -v c="$1" -v s="$switch" \
            'BEGIN{OFS="\t"} {print c, $1, s, $4, $5, $6, $8, $9, $10}' >> "$out"
    done
}
for l in $xsokoban; do run xsokoban "${HEURISTIC:-pdb}" "$l"; done
for l in $microban; do run microban "${HEURISTIC:-matching}" "$l"; done
echo "wrote $out"
