#!/usr/bin/env bash
# Many small levels (issue 69): levels proven per second on a fixed set of
# generated 10x10 levels with 4 boxes (build/tests/generate_levels --shape
# boxoban; the same COUNT and SEED give the same levels), for the default
# and for other configurations, each over the whole set in one process.
#
#   perf/throughput.sh [COUNT] [SEED] ["label|flags" ...]
#   e.g. perf/throughput.sh 20000 1
#        perf/throughput.sh 2000 1 "default|" "hda|--search hda"
#
# Default configurations: the default (portfolio and moves pass), the
# portfolio without the moves pass, --jobs 2, and HDA* alone; 2 threads
# each (THREADS). Every level must be proven push-optimal and verified:
# the script fails otherwise. Prints one row per configuration: seconds
# (wall, the whole process), levels/s, levels proven, peak RSS (MB, from
# /usr/bin/time). With OUT=FILE it also appends the rows to FILE (TSV).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
count=${1:-20000}
seed=${2:-1}
shift $(( $# >= 2 ? 2 : $# ))
bin=${HDASOKO:-$root/build/hdasoko}
generate=${GENERATE:-$root/build/tests/generate_levels}
threads=${THREADS:-2}
configs=("$@")
if (( ${#configs[@]} == 0 )); then
    configs=("default|" "no-moves-pass|--portfolio default" "jobs-2|--jobs 2" "hda|--search hda")
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
levels="$work/boxoban-$count-$seed.xsb"
"$generate" --count "$count" --seed "$seed" --shape boxoban > "$levels"

printf '%-16s %10s %10s %10s %10s\n' config seconds levels/s proven rss_mb
status=0
for config in "${configs[@]}"; do
    label=${config%%|*}
    flags=${config#*|}
    # shellcheck disable=SC2086  # flags are words
    /usr/bin/time -f '%e %M' -o "$work/time" \
        "$bin" solve "$levels" --level all --threads "$threads" --quiet $flags > "$work/out" 2>"$work/err" || true
    read -r seconds rss_kb < "$work/time"
    summary=$(grep '^solved ' "$work/out" | tail -1)
    proven=$(sed -n 's/.*; \([0-9,]*\) proven push-optimal.*/\1/p' <<< "$summary" | tr -d ,)
    if [[ "$proven" != "$count" ]]; then
        echo "$label: not every level proven: ${summary:-no summary} ($(head -c 300 "$work/err"))" >&2
        status=1
    fi
    rate=$(awk -v n="$count" -v s="$seconds" 'BEGIN { printf "%.0f", (s > 0 ? n / s : 0) }')
    row=$(printf '%-16s %10s %10s %10s %10.1f' "$label" "$seconds" "$rate" "${proven:-0}" "$(awk -v k="$rss_kb" 'BEGIN { print k / 1024 }')")
    echo "$row"
    [[ -z ${OUT:-} ]] || printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$count" "$seed" "$label" "$seconds" "$rate" \
        "${proven:-0}" "$rss_kb" >> "$OUT"
done
exit $status
