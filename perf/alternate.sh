#!/usr/bin/env bash
# A/B on a noisy machine: several configurations of `hdasoko solve` on one
# level, run one after the other in each round (so that a slow phase of the
# machine falls on all of them alike), then for each the min / median / max
# of search_s over the rounds, the median speedup against the first
# configuration, and the median expanded nodes. Every run must be solved and
# verified.
#
#   perf/alternate.sh ROUNDS FILE LEVEL "label|binary|flags" ...
#   e.g. perf/alternate.sh 5 levels/xsokoban.xsb 51 \
#          "one|build/hdasoko|--search hda --heuristic pdb --threads 1" \
#          "two|build/hdasoko|--search hda --heuristic pdb --threads 2"
# Prints one line per run as it ends, then the summary.
set -euo pipefail
if [ $# -lt 4 ]; then
  sed -n '2,13p' "$0" >&2
  exit 2
fi
rounds=$1 file=$2 level=$3
shift 3
for _ in $(seq "$rounds"); do
  for spec in "$@"; do
    IFS='|' read -r label bin flags <<<"$spec"
    # shellcheck disable=SC2086  # flags are words
    "$bin" solve "$file" --level "$level" $flags --json --quiet | python3 -c '
import json, sys
d = json.load(sys.stdin)
r = d["levels"][0] if "levels" in d else d
if not r.get("verified"):
    sys.exit("not solved and verified: " + str(r.get("outcome")))
print(sys.argv[1], "%.4f" % r["phases"]["search_s"], r["stats"]["expanded"], flush=True)' "$label"
  done
done | python3 -c '
import collections, statistics, sys
seconds, nodes = collections.defaultdict(list), collections.defaultdict(list)
for line in sys.stdin:
    print(line.rstrip(), flush=True)
    label, s, e = line.split()
    seconds[label].append(float(s))
    nodes[label].append(int(e))
base = None
for label, s in seconds.items():
    m = statistics.median(s)
    base = base or m
    print("%-12s seconds %.3f / %.3f / %.3f  speedup %.2f  expanded %d"
          % (label, min(s), m, max(s), base / m, statistics.median(nodes[label])))'
