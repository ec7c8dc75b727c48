#!/usr/bin/env bash
# Solves every level of a collection and writes one CSV row per level
# (level, title, solved, outcome, pushes, moves, expanded, generated, seconds)
# so that later changes can be compared level by level.
#
#   perf/run_collection.sh levels/microban.xsb [time-limit-s] [extra hdasoko flags...]
#
# Writes perf/results/<collection>-<commit>.csv and prints the summary line.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
file=${1:?usage: perf/run_collection.sh FILE [time-limit-s] [flags...]}
limit=${2:-60}
shift $(( $# >= 2 ? 2 : 1 ))
bin=${HDASOKO:-$root/build/hdasoko}
commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
name=$(basename "$file" .xsb)
out="$root/perf/results/$name-$commit.csv"
mkdir -p "$root/perf/results"
set +e
"$bin" solve "$file" --level all --quiet --time-limit "$limit" --csv "$out" "$@" | tail -n 1
status=${PIPESTATUS[0]}
set -e
echo "wrote $out (exit $status)"
