#!/usr/bin/env bash
# HDA* against sequential A* on levels too slow for ctest (the ctest suite
# covers the rest of Microban and XSokoban 1, 2, 38, 78 at 1, 2, 3, 4, 8 and
# 16 workers): for each level, A*'s push count, then HDA*'s at each worker
# count; every solution is verified by hdasoko before it is reported.
#
#   perf/hda_check.sh FILE "LEVELS" ["WORKERS"] [time-limit-s]
#   perf/hda_check.sh levels/microban.xsb "93 139 153" "1 2 3 4 8 16" 600
#
# Prints one line per (level, workers) and exits 1 on any mismatch.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
file=${1:?usage: perf/hda_check.sh FILE LEVELS [WORKERS] [time-limit-s]}
levels=${2:?levels}
workers=${3:-1 2 3 4 8 16}
limit=${4:-600}
bin=${HDASOKO:-$root/build/hdasoko}
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
field() { python3 -c "import csv,sys; r=list(csv.DictReader(l for l in open('$tmp') if not l.startswith('#')))[0]; print(r['$1'])"; }
status=0
for level in $levels; do
    "$bin" solve "$file" --level "$level" --search astar --time-limit "$limit" --quiet --csv "$tmp" >/dev/null || true
    reference=$(field pushes)
    echo "level $level astar: $(field outcome) pushes $reference expanded $(field expanded) seconds $(field seconds)"
    for t in $workers; do
        "$bin" solve "$file" --level "$level" --search hda --threads "$t" --time-limit "$limit" --quiet --csv "$tmp" >/dev/null || true
        pushes=$(field pushes)
        verdict=same
        [ "$pushes" = "$reference" ] || { verdict=DIFFERENT; status=1; }
        echo "level $level hda $t workers: $(field outcome) pushes $pushes ($verdict) expanded $(field expanded) seconds $(field seconds)"
    done
done
exit $status
