#!/usr/bin/env bash
# HDA* scaling on three levels that sequential A* proves in 5-60 s here: for
# each, `hdasoko scale` over 1, 2, 4, 8, 16 workers with R repeats; the table
# goes to stdout, the CSV and an SVG plot to perf/results/.
#
#   perf/scaling.sh [repeats]      (default 3)
#   perf/scaling.sh --replot       (redraw the plots from the CSVs only)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${HDASOKO:-$root/build/hdasoko}
commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
mkdir -p "$root/perf/results"
for spec in xsokoban:3 xsokoban:7 microban:93; do
  file=${spec%%:*}; level=${spec##*:}
  out="$root/perf/results/scaling-$file-$level"
  if [ "${1:-}" = "--replot" ]; then
    "$bin" scale "levels/$file.xsb" --level "$level" --replot "$out.csv" --plot "$out.svg"
    continue
  fi
  echo "== $file $level (commit $commit, $(nproc) cores)"
  "$bin" scale "$root/levels/$file.xsb" --level "$level" --threads 1,2,4,8,16 --repeat "${1:-3}" \
    --csv "$out.csv" --plot "$out.svg"
done
