#!/usr/bin/env bash
# Solves every level of a collection and writes one CSV row per level
# (level, title, solved, outcome, pushes, moves, expanded, generated, seconds)
# so that later changes can be compared level by level.
#
#   perf/run_collection.sh levels/microban.xsb [time-limit-s] [extra hdasoko flags...]
#   LABEL=xsokoban-any-30s-default perf/run_collection.sh levels/xsokoban.xsb 30 \
#       --mode any --portfolio default --threads 2
#
# Writes perf/results/<collection>-<commit>.csv (perf/results/$LABEL.csv when
# LABEL is set; one row per level, flushed as each level ends, so a run cut
# short keeps what it did), the full report beside it as .txt, and prints
# the summary line. The solver runs under nice (NICE, default 10): the
# machine is shared.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
file=${1:?usage: perf/run_collection.sh FILE [time-limit-s] [flags...]}
limit=${2:-60}
shift $(( $# >= 2 ? 2 : 1 ))
bin=${HDASOKO:-$root/build/hdasoko}
commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
name=$(basename "$file" .xsb)
out="$root/perf/results/${LABEL:-$name-$commit}.csv"
mkdir -p "$root/perf/results"
set +e
nice -n "${NICE:-10}" "$bin" solve "$file" --level all --quiet --time-limit "$limit" --csv "$out" "$@" \
    > "${out%.csv}.txt"
status=${PIPESTATUS[0]}
set -e
tail -n 1 "${out%.csv}.txt"
echo "wrote $out (exit $status)"
