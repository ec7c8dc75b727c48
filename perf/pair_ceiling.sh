#!/usr/bin/env bash
# What two cores of this machine give two independent searches: the ceiling
# of any 2-worker speedup here. For each level of the HDA* hard set (as
# perf/last_layer.sh), R rounds of: one one-worker search alone, then two
# one-worker searches started together. When the two slow each other down
# (a shared memory bus, caches, a host that lends the same cores to
# others), the machine takes that share of any 2-worker speedup too:
#   ceiling = 2 * (one alone, median) / (one of a pair, median)
# which the table gives beside min / median / max of both (search_s, the
# seconds `scale` times too). Compare it with last_layer.sh's speedup_median.
# Not a strict bound: two processes each build and hold their own tables,
# where one search's workers share them (XSokoban 55, whose search is
# mostly tables: ceiling 1.28, 2 workers 1.61-1.75x; last-layer-s46.md).
#
#   perf/pair_ceiling.sh [rounds] [extra solve flags...]
#   e.g. SET="xsokoban:5:pdb" perf/pair_ceiling.sh 3
# Writes perf/results/pair-ceiling-<commit>.tsv (one row per level, appended
# as each finishes) and prints it.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${HDASOKO:-$root/build/hdasoko}
rounds=${1:-5}
shift $(($# < 1 ? $# : 1))
extra=("$@")
. "$root/perf/hard_set.sh"
set_spec=${SET:-$hard_set}
commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
mkdir -p "$root/perf/results"
out=${OUT:-$root/perf/results/pair-ceiling-$commit.tsv}
[ -s "$out" ] || printf 'commit\tdate\tcores\tlevel\theuristic\trounds\talone_min\talone_median\talone_max\tpair_min\tpair_median\tpair_max\tceiling\n' >"$out"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# search_s of one verified one-worker search, appended to file $1.
one() {
  local file=$1 json
  shift
  json=$("$bin" solve "$@" --search hda --threads 1 --json --quiet "${extra[@]}")
  python3 -c '
import json, sys
d = json.loads(sys.argv[1])
r = d["levels"][0] if "levels" in d else d
if not r.get("verified"):
    sys.exit("not solved and verified: " + str(r.get("outcome")))
print(r["phases"]["search_s"])' "$json" >>"$file"
}
for spec in $set_spec; do
  IFS=: read -r file level heuristic <<<"$spec"
  args=("$root/levels/$file.xsb" --level "$level" --heuristic "$heuristic")
  : >"$tmp/alone"
  : >"$tmp/pair"
  for _ in $(seq "$rounds"); do
    one "$tmp/alone" "${args[@]}"
    one "$tmp/pair" "${args[@]}" &
    a=$!
    one "$tmp/pair" "${args[@]}" &
    b=$!
    wait "$a" "$b"
  done
  python3 - "$tmp/alone" "$tmp/pair" "$commit" "$(date -u +%FT%TZ)" "$(nproc)" "$file $level" "$heuristic" "$rounds" <<'EOF' | tee -a "$out"
import statistics, sys
alone = [float(x) for x in open(sys.argv[1])]
pair = [float(x) for x in open(sys.argv[2])]
ma, mp = statistics.median(alone), statistics.median(pair)
print("\t".join(sys.argv[3:9] + ["%.3f" % v for v in (min(alone), ma, max(alone), min(pair), mp, max(pair))] + ["%.2f" % (2 * ma / mp)]))
EOF
done
echo "results: $out" >&2
