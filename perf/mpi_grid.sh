#!/usr/bin/env bash
# HDA* over MPI (engine/mpi; a build with -DHDASOKO_MPI=ON): ranks x threads
# grids on one machine (loopback, --oversubscribe). For each level, one
# sequential A* run without mpirun (same flags) is the base; then for each
# grid point, R runs: push count (must equal A*'s), expanded, search
# overhead (expanded / A*'s), messages sent to other workers / generated
# (communication overhead), load balance (max / mean expanded per worker,
# over every rank's workers), seconds and speedup (A*'s seconds / these;
# meaningless on an oversubscribed machine). One line per run, flushed, so a
# stopped run keeps what it did.
#
#   perf/mpi_grid.sh [repeats] [levels] [grid]
#     defaults: 3, "xsokoban:1 xsokoban:2 xsokoban:3 xsokoban:38 xsokoban:78",
#               "1x1 1x2 2x1 2x2 4x1 4x2"
#   HDASOKO=path/to/hdasoko  EXTRA="--distribution abstract --zone-cells 8"
#   RUN_TIMEOUT=seconds: SIGINT a run after that long (every rank stops and
#     reports what it expanded, outcome interrupted)
#   BASE_CACHE=file: A* base runs are kept there ("file:level expanded
#     seconds" lines) and reused by later calls (A* does not depend on EXTRA's
#     --distribution)
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${HDASOKO:-$root/build-mpi/hdasoko}
repeats=${1:-3}
levels=${2:-xsokoban:1 xsokoban:2 xsokoban:3 xsokoban:38 xsokoban:78}
grid=${3:-1x1 1x2 2x1 2x2 4x1 4x2}
export OMPI_MCA_btl_vader_single_copy_mechanism=none
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
echo "# commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null), $(nproc) cores, ${EXTRA:-}"
printf '%-12s %6s %5s %7s %12s %7s %12s %8s %6s %9s %7s %s\n' level ranks thr pushes expanded so messages comm lb seconds speedup outcome
for spec in $levels; do
  file=${spec%%:*}; level=${spec##*:}
  base=
  [ -n "${BASE_CACHE:-}" ] && [ -f "$BASE_CACHE" ] && base=$(awk -v s="$spec" '$1 == s {print $2, $3; exit}' "$BASE_CACHE")
  if [ -z "$base" ]; then
    base=$("$bin" solve "$root/levels/$file.xsb" --level "$level" --search astar --json --quiet ${EXTRA:-} 2>/dev/null |
           python3 -c 'import json, sys; d = json.load(sys.stdin); print(d["stats"]["expanded"], d["stats"]["seconds"])')
    [ -n "${BASE_CACHE:-}" ] && echo "$spec $base" >> "$BASE_CACHE"
  fi
  echo "# $spec A* (one worker, no mpirun): expanded, seconds: $base"
  for g in $grid; do
    ranks=${g%%x*}; threads=${g##*x}
    for ((r = 0; r < repeats; ++r)); do
      out=$(${RUN_TIMEOUT:+timeout -s INT $RUN_TIMEOUT} mpirun -n "$ranks" --oversubscribe "$bin" solve "$root/levels/$file.xsb" --level "$level" \
              --threads "$threads" --json --quiet ${EXTRA:-} 2>/dev/null)
      python3 - "$file:$level" "$ranks" "$threads" $base <<PY
import json, sys
d = json.loads('''$out''')
s = d["stats"]
base_expanded, base_seconds = float(sys.argv[4]), float(sys.argv[5])
per = [w["expanded"] for w in d.get("workers", [])] or [s["expanded"]]
lb = max(per) / (sum(per) / len(per)) if sum(per) else 1.0
print("%-12s %6s %5s %7s %12d %7.3f %12d %8.3f %6.3f %9.2f %7.2f %s" % (sys.argv[1], sys.argv[2], sys.argv[3],
      d.get("pushes", "-"), s["expanded"], s["expanded"] / max(base_expanded, 1), s["messages_sent"],
      s["communication_overhead"], lb, s["seconds"], base_seconds / max(s["seconds"], 1e-9), d["outcome"]), flush=True)
PY
    done
  done
done
