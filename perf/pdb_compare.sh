#!/usr/bin/env bash
# Expanded nodes with each heuristic on chosen levels, sequential A* (the
# node counts do not depend on timing), next to the paper's counts for the
# XSokoban levels of Pereira, Ritt and Buriol (AIJ 2015) where we have them.
#
#   perf/pdb_compare.sh [time-limit-s] [levels...]   (default 1 2 3 6 17 38 55 78 83)
#
# Writes perf/results/pdb-compare-<commit>.tsv: header, then one row per
# level and heuristic with commit, date, machine, outcome, pushes, initial_h,
# expanded, generated, reopened, pdb and search seconds.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
limit=${1:-240}
shift $(( $# >= 1 ? 1 : 0 ))
levels=("$@")
[ ${#levels[@]} -eq 0 ] && levels=(1 2 3 6 17 38 55 78 83)
bin=${HDASOKO:-$root/build/hdasoko}
heuristics=${HEURISTICS:-"matching pdb-static pdb"}
commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
out="$root/perf/results/pdb-compare-$commit.tsv"
mkdir -p "$root/perf/results"
declare -A paper=([1]=2972 [2]=6602 [3]=1237663 [6]=304705 [17]=18536 [38]=199189 [55]=136768 [78]=9294 [83]=67520)
printf 'commit\tdate\tmachine\tlevel\theuristic\toutcome\tpushes\tinitial_h\texpanded\tgenerated\treopened\tpdb_s\tsearch_s\tpaper_expanded\terrors\n' >"$out"
for level in "${levels[@]}"; do
    for h in $heuristics; do
        json=$("$bin" solve "$root/levels/xsokoban.xsb" --level "$level" --search astar --heuristic "$h" \
            --time-limit "$limit" --quiet --json || true)
        row=$(python3 - "$json" <<'PY'
import json, sys
d = json.loads(sys.argv[1])
s, p = d["stats"], d["phases"]
print("|".join(str(x) for x in [d["outcome"], d.get("pushes", ""), s["initial_h"], s["expanded"],
      s["generated"], s["reopened"], round(p["pdb_s"], 4), round(p["search_s"], 2),
      0 if d["outcome"] in ("solved", "time_limit", "memory_limit", "node_limit") and "error" not in d else 1]))
PY
)
        IFS='|' read -r outcome pushes h0 expanded generated reopened pdb_s search_s errors <<<"$row"
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$commit" "$(date -u +%FT%TZ)" \
            "$(hostname)" "$level" "$h" "$outcome" "$pushes" "$h0" "$expanded" "$generated" "$reopened" \
            "$pdb_s" "$search_s" "${paper[$level]:-}" "$errors" | tee -a "$out"
    done
done
echo "wrote $out"
