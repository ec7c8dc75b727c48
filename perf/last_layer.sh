#!/usr/bin/env bash
# HDA* where the last f layer dominates, and where it does not: a fixed hard
# set (XSokoban 3, 55, 5, 49, 9 and 51 with the PDB bound, whose work lies in
# the last f layer: one worker expands 595,440 states on 5 and 1,560,610 on 49,
# all but 23 and 42 of them in the optimum's layer; 9 and 51 27,669 and
# 73,332; 3 and 55, the issue's first levels, are solved now by a dive of 161
# and 1,203 expansions; Microban 93 and XSokoban 3 with matching, whose work
# lies below the last layer, though X3 too is 188 expansions now), each at
# several worker counts, R runs each, on the machine as it is ("quiet") and
# with one CPU-bound process per core beside it ("busy"). Every run is solved
# and verified by `hdasoko scale`; the table gives min / median / max of wall
# time and expanded nodes per worker count, and the ratios the HDA* issue asks
# for: median speedup and the slowest run against the one-worker median;
# expanded nodes against the one-worker median (worst and median). A run cut
# by a limit (e.g. --time-limit) stays in as a lower bound; runs_cut counts them.
#
#   perf/last_layer.sh [repeats] [worker counts] [quiet|busy|both] [extra solve flags...]
#   e.g. perf/last_layer.sh 5 1,2,4,8,16 both
#        SET="xsokoban:55:pdb" perf/last_layer.sh 3 1,2 busy --hda-lag -1
# Writes perf/results/last-layer-<commit>.tsv (one row per level, heuristic,
# condition and worker count, appended as each finishes) and prints it.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${HDASOKO:-$root/build/hdasoko}
repeats=${1:-5}
counts=${2:-1,2,4,8,16}
conditions=${3:-both}
shift $(($# < 3 ? $# : 3))
extra=("$@")
. "$root/perf/hard_set.sh"
set_spec=${SET:-$hard_set}
commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
mkdir -p "$root/perf/results"
out=${OUT:-$root/perf/results/last-layer-$commit.tsv}
[ -s "$out" ] || printf 'commit\tdate\tcores\tlevel\theuristic\tcondition\tflags\tworkers\truns\tseconds_min\tseconds_median\tseconds_max\texpanded_min\texpanded_median\texpanded_max\tspeedup_median\tslowest_vs_one\tnodes_median_vs_one\tnodes_worst_vs_one\tpushes\truns_cut\terrors\n' >"$out"

busy_pids=()
start_busy() {
  for _ in $(seq "$(nproc)"); do
    (while :; do :; done) &
    busy_pids+=($!)
  done
}
stop_busy() {
  for p in "${busy_pids[@]}"; do kill "$p" 2>/dev/null || true; done
  busy_pids=()
}
trap stop_busy EXIT

case $conditions in both) conds="quiet busy" ;; *) conds=$conditions ;; esac
for cond in $conds; do
  for spec in $set_spec; do
    IFS=: read -r file level heuristic <<<"$spec"
    [ "$cond" = busy ] && start_busy
    csv=$(mktemp)
    errors=0
    "$bin" scale "$root/levels/$file.xsb" --level "$level" --heuristic "$heuristic" --threads "$counts" \
      --repeat "$repeats" --csv "$csv" "${extra[@]}" >&2 || code=$?
    # 20-22: some runs were cut by a limit (kept in the table as lower bounds, column runs_cut).
    case ${code:-0} in 0 | 20 | 21 | 22) ;; *) errors=1 ;; esac
    code=0
    [ "$cond" = busy ] && stop_busy
    # The one-worker median is the baseline of every ratio (scale's first row).
    awk -F, -v c="$commit" -v d="$(date -u +%FT%TZ)" -v n="$(nproc)" -v f="$file" -v l="$level" \
      -v h="$heuristic" -v k="$cond" -v x="${extra[*]:-}" -v e="$errors" -v OFS='\t' '
      NR == 1 { next }
      NR == 2 { t1 = $4; n1 = $6 }
      { printf "%s\t%s\t%s\t%s %s\t%s\t%s\t%s\t%s\t%s\t%.3f\t%.3f\t%.3f\t%s\t%s\t%s\t%.2f\t%.2f\t%.2f\t%.2f\t%s\t%s\t%s\n",
          c, d, n, f, l, h, k, x, $2, $3, $13, $4, $14, $17, $6, $18, t1 / $4, $14 / t1, $6 / n1, $18 / n1, $12, $22, e }
    ' "$csv" | tee -a "$out"
    rm -f "$csv"
  done
done
echo "results: $out" >&2
