#!/usr/bin/env bash
# Each pruning and bound technique of the optimal search alone and all
# together, level by level: one lone forward HDA* worker (deterministic
# expansions), the PDB bound on XSokoban and the matching bound on Microban
# unless HEURISTIC says otherwise, the same time limit for every run.
#
#   perf/techniques.sh [time-limit-s] [extra hdasoko flags...]
#   CONFIGS="none default penalties" perf/techniques.sh 30
#
# Configurations (CONFIGS, default all, in this order per level so that a
# run cut short compares them on the same levels):
#   none        every technique below off
#   pi-corral, deadlock-search, goal-patterns, frozen-goals, conflicts, tunnels,
#   penalties:
#               that one alone (the others off)
#   default     the defaults: all but penalties on
#   all         the defaults and penalties
# Levels: XSOKOBAN (default: the 25 proven by the default portfolio at 60 s,
# perf/results/xsokoban-optimal-60s-default-9dd65e1.csv) and MICROBAN (the
# 20 slowest for `--search hda` at 60 s,
# perf/results/microban-optimal-60s-search-hda-5177318.csv). PART=xsokoban or
# PART=microban runs one collection only (two halves side by side on two
# cores). Appends rows to perf/results/$LABEL.tsv (default
# techniques-<commit>.tsv), flushed per run: collection, level, config,
# outcome, pushes, lower_bound, expanded, generated, seconds. Runs under nice
# (NICE, default 5): the machine is shared.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
limit=${1:-30}
shift $(( $# >= 1 ? 1 : 0 ))
extra=("$@")
bin=${HDASOKO:-$root/build/hdasoko}
commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
out="$root/perf/results/${LABEL:-techniques-$commit}.tsv"
xsokoban=${XSOKOBAN:-"1 2 3 4 6 7 9 17 38 43 48 49 51 54 55 56 60 68 73 78 80 81 82 83 84"}
microban=${MICROBAN:-"139 111 123 112 122 99 138 117 109 98 143 108 150 114 134 105 137 113 140 36"}
configs=${CONFIGS:-"none pi-corral deadlock-search goal-patterns frozen-goals conflicts tunnels penalties default all"}
techniques="pi-corral deadlock-search goal-patterns frozen-goals conflicts tunnels"
flags_of() {  # the solve flags of a configuration
    local t f=()
    case $1 in
        default) ;;
        all) f=(--penalties) ;;
        *)
            for t in $techniques; do [ "$t" = "$1" ] || f+=("--no-$t"); done
            [ "$1" = penalties ] && f+=(--penalties)
            ;;
    esac
    echo "${f[@]}"
}
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
[ -s "$out" ] || printf 'collection\tlevel\tconfig\toutcome\tpushes\tlower_bound\texpanded\tgenerated\tseconds\n' > "$out"
run() {  # collection heuristic level
    local c
    for c in $configs; do
        rm -f "$tmp"
        # shellcheck disable=SC2046
        nice -n "${NICE:-5}" "$bin" solve "$root/levels/$1.xsb" --level "$3" --search hda --threads 1 \
            --heuristic "$2" --quiet --time-limit "$limit" --csv "$tmp" $(flags_of "$c") "${extra[@]}" \
            > /dev/null 2>&1 || true
        tail -n 1 "$tmp" | awk -F, -v col="$1" -v c="$c" \
            'BEGIN{OFS="\t"} {print col, $1, c, $4, $5, $6, $8, $9, $10}' >> "$out"
    done
}
[ "${PART:-}" = microban ] || for l in $xsokoban; do run xsokoban "${HEURISTIC:-pdb}" "$l"; done
[ "${PART:-}" = xsokoban ] || for l in $microban; do run microban "${HEURISTIC:-matching}" "$l"; done
echo "wrote $out"
