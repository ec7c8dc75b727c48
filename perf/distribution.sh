#!/usr/bin/env bash
# HDA* work distribution: plain against abstract Zobrist hashing
# (--distribution, board/abstract_zobrist.cpp) at 4, 16 and 64 workers.
# Node and message counts do not depend on the number of cores, so more
# workers than cores still measure search overhead (expanded / one worker's
# expanded) and communication overhead (states sent to another worker /
# generated); the seconds are not a speedup then. One line per run, flushed;
# the one-worker run is the same for both (ownership does not matter).
#
#   perf/distribution.sh [repeats] [levels] [zone-cells]
#     defaults: 3, "xsokoban:3 microban:93", 8
#   HDASOKO=path/to/hdasoko  EXTRA="--hda-lag -1" (more options for every run)
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${HDASOKO:-$root/build/hdasoko}
repeats=${1:-3}
levels=${2:-xsokoban:3 microban:93}
zones=${3:-8}
echo "# commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null), $(nproc) cores, zone cells $zones, ${EXTRA:-}"
printf '%-12s %-9s %7s %7s %12s %8s %12s %12s %8s %9s\n' level dist workers pushes expanded SO generated messages CO seconds
for spec in $levels; do
  file=${spec%%:*}; level=${spec##*:}
  base=
  for workers in 1 4 16 64; do
    for d in zobrist abstract; do
      [ "$workers" = 1 ] && [ "$d" = abstract ] && continue
      runs=$repeats; [ "$workers" = 1 ] && runs=1
      for ((r = 0; r < runs; ++r)); do
        json=$("$bin" solve "$root/levels/$file.xsb" --level "$level" --search hda --threads "$workers" \
                 --distribution "$d" --zone-cells "$zones" --json --quiet ${EXTRA:-})
        line=$(python3 -c '
import json, sys
d = json.loads(sys.argv[1]); s = d["stats"]
base = float(sys.argv[5]) if sys.argv[5] else s["expanded"]
print("%-12s %-9s %7s %7s %12d %8.3f %12d %12d %8.3f %9.2f" % (sys.argv[2], sys.argv[3], sys.argv[4], d.get("pushes", d["outcome"]),
      s["expanded"], s["expanded"] / base, s["generated"], s["messages_sent"], s["communication_overhead"], s["seconds"]))
' "$json" "$file:$level" "$d" "$workers" "$base")
        echo "$line"
        [ -z "$base" ] && base=$(echo "$line" | awk '{print $5}')
      done
    done
  done
done
