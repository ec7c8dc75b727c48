#!/usr/bin/env bash
# A/B over a collection, level by level: for each level, every configuration
# in turn, so that a run cut short still compares the configurations on the
# same levels. One CSV per configuration (the solver's own rows, flushed per
# level) and a summary table over the levels all configurations finished.
#
#   perf/ab_collection.sh FILE LIMIT_S NAME_A "FLAGS_A" NAME_B "FLAGS_B" [...]
#   LEVELS="1 2 3" perf/ab_collection.sh levels/xsokoban.xsb 60 \
#       default "" previous "--search hda --heuristic matching --hda-lag -1"
#
# Writes perf/results/$PREFIX-<name>.csv (PREFIX defaults to
# <collection>-<limit>s-<commit>). With SUMMARY_ONLY=1 it only prints the
# summary of existing CSVs. Run it under `setsid` to give it its own
# scheduler autogroup: it then raises that group's weight (AUTOGROUP_NICE,
# default -15, needs root) so that other work on the machine disturbs it
# little.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
file=${1:?usage: perf/ab_collection.sh FILE LIMIT_S NAME FLAGS [NAME FLAGS ...]}
limit=${2:?time limit in seconds}
shift 2
(( $# >= 2 && $# % 2 == 0 )) || { echo "need NAME FLAGS pairs" >&2; exit 2; }
bin=${HDASOKO:-$root/build/hdasoko}
commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
prefix=${PREFIX:-$(basename "$file" .xsb)-${limit}s-$commit}
names=() flags=()
while (( $# )); do names+=("$1"); flags+=("$2"); shift 2; done

summary() {
    local n f
    # levels every configuration finished
    local common
    common=$(for n in "${names[@]}"; do
                 f="$root/perf/results/$prefix-$n.csv"
                 [[ -f $f ]] && grep -v '^#' "$f" | tail -n +2 | cut -d, -f1 | sort -u
             done | sort | uniq -c | awk -v k=${#names[@]} '$1 == k {print $2}' | sort -n)
    local count
    count=$(echo "$common" | grep -c . || true)
    printf '%-12s %7s %7s %7s %10s  (over the %s levels all configurations finished)\n' \
        config solved proven limit seconds "$count"
    for n in "${names[@]}"; do
        f="$root/perf/results/$prefix-$n.csv"
        [[ -f $f ]] || continue
        grep -v '^#' "$f" | tail -n +2 | awk -F, -v levels="$(echo $common)" -v name="$n" '
            BEGIN { split(levels, l, " "); for (i in l) want[l[i]] = 1 }
            want[$1] && !seen[$1]++ {
                solved += $3; proven += ($11 == 1); secs += $10
                if ($4 == "time_limit" || $4 == "unproven") cut++
            }
            END { printf "%-12s %7d %7d %7d %10.1f\n", name, solved, proven, cut, secs }'
    done
}

if [[ ${SUMMARY_ONLY:-0} == 1 ]]; then summary; exit 0; fi
if [[ -w /proc/self/autogroup ]]; then
    echo "${AUTOGROUP_NICE:--15}" > /proc/self/autogroup 2>/dev/null || true
fi
if [[ -z ${LEVELS:-} ]]; then
    # one level per "level N" line of a one-node, zero-time pass
    count=$("$bin" solve "$file" --level all --quiet --node-limit 1 --search astar --heuristic simple \
                --threads 1 2>/dev/null | grep -cE '^[0-9]+ ' || true)
    LEVELS=$(seq 1 "$count")
fi
mkdir -p "$root/perf/results"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for level in $LEVELS; do
    for i in "${!names[@]}"; do
        out="$root/perf/results/$prefix-${names[i]}.csv"
        # shellcheck disable=SC2086  # FLAGS are words on purpose
        "$bin" solve "$file" --level "$level" --quiet --time-limit "$limit" \
            --csv "$tmp/row.csv" ${flags[i]} > "$tmp/out.txt" 2>&1 || true
        if [[ ! -f $out ]]; then
            { echo "# flags: ${flags[i]}"; grep '^#' "$tmp/row.csv"; grep -v '^#' "$tmp/row.csv" | head -n 1; } > "$out"
        fi
        grep -v '^#' "$tmp/row.csv" | tail -n +2 >> "$out"
        rm -f "$tmp/row.csv"
    done
    echo "level $level done ($(date +%T))"
done
summary
