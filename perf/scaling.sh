#!/usr/bin/env bash
# HDA* scaling on the levels the issue names: for each level, `hdasoko scale`
# over 1, 2, 4, 8, 16 workers with R repeats; the table goes to stdout, the
# CSV and the plot to perf/results/.
#
#   perf/scaling.sh [repeats]      (default 3)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${HDASOKO:-$root/build/hdasoko}
repeats=${1:-3}
commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
mkdir -p "$root/perf/results"
for spec in xsokoban:3 xsokoban:7 microban:93; do
  file=${spec%%:*}; level=${spec##*:}
  out="$root/perf/results/scaling-$file-$level"
  echo "== $file $level (commit $commit, $(nproc) cores)"
  "$bin" scale "$root/levels/$file.xsb" --level "$level" --threads 1,2,4,8,16 --repeat "$repeats" \
    --csv "$out.csv" --plot "$out.svg"
done
