#!/usr/bin/env bash
# Limits that hold (issue 16): peak resident memory against --memory-limit,
# and the time from a limit or stop signal to the process's exit.
#
#   perf/memory_limits.sh memory [LIMITS_MB] [WORKERS]   # default: 256,1024,4096  1,2,16
#   perf/memory_limits.sh stop [RUNS]                    # default: 3 runs each
#   perf/memory_limits.sh collection FILE LEVELS LIMITS_MB SECONDS [CONFIGS]
#
# memory: for each limit and worker count, HDA* alone (--search hda) and the
# default portfolio on the workers' threads solve a hard XSokoban level
# (LEVEL, default 50: not solved within 4 GB) until the limit stops them.
# Peak RSS is VmHWM from /proc/<pid>/status, read by the process itself at
# exit (peak_rss_bytes in the JSON) and checked by /usr/bin/time's maximum
# resident set; "own" is the searches' own count of their tables.
# stop: --time-limit 1 (wall time less the limit; includes start-up and the
# report), then SIGINT and SIGTERM sent after 2 s (time from kill to exit),
# for HDA* and the default optimal and any portfolios at 1, 2 and 16
# threads, the moves metric, and every portfolio member alone on 2 threads.
# collection: one process per limit and configuration solves the levels
# LEVELS of FILE ('all' or numbers separated by commas) at SECONDS each on 2
# threads; its peak RSS (/usr/bin/time) against the bound 1.1 x limit +
# 30 MB (issue 68), and the levels solved. CONFIGS: default (the optimal
# default portfolio), members (every member alone: the optimal ones in
# optimal mode, the others in any mode), both, or member names separated by
# commas (default: default).
# Rows are appended to perf/results/memory-budget-<commit>.tsv.
# Rows are appended to perf/results/memory-limits-<commit>.tsv and
# perf/results/stop-latency-<commit>.tsv as each run ends. Runs under nice
# (NICE, default 5): the machine is shared. HDASOKO names the binary
# (default build/hdasoko; give a copy when rebuilding meanwhile).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${HDASOKO:-$root/build/hdasoko}
level=${LEVEL:-50}
file=$root/levels/xsokoban.xsb
commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
nice_level=${NICE:-5}
what=${1:?usage: perf/memory_limits.sh memory|stop ...}
mkdir -p "$root/perf/results"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

json() {  # FILE EXPRESSION over d
    python3 -c "import json, sys; d = json.load(open(sys.argv[1])); print($2)" "$1"
}

configs() {  # WORKERS: name and flags of each configuration in CONFIGS (default hda,portfolio)
    [[ ,${CONFIGS:-hda,portfolio}, == *,hda,* ]] && echo "hda --search hda --threads $1"
    [[ ,${CONFIGS:-hda,portfolio}, == *,portfolio,* ]] && echo "portfolio --portfolio default --threads $1"
    return 0
}

stop_configs() {  # name and flags: HDA* and the default portfolios at 1, 2 and 16 threads, each member alone
    local w m
    for w in 1 2 16; do
        echo "hda-$w --search hda --threads $w"
        echo "portfolio-$w --portfolio default --threads $w"
        echo "any-$w --mode any --portfolio default --threads $w"
    done
    echo "moves-2 --metric moves --threads 2"
    for m in $("$bin" solve --help | sed -n 's/^ *\([a-z-]*\): .*(\(optimal\|any solution\))$/\1/p'); do
        [[ $("$bin" solve --help | grep "^ *$m: ") == *"(optimal)"* ]] && echo "$m --portfolio $m --threads 2" ||
            echo "$m --mode any --portfolio $m --threads 2"
    done
}

case $what in
memory)
    limits=${2:-256,1024,4096}
    workers=${3:-1,2,16}
    out=$root/perf/results/memory-limits-$commit.tsv
    [ -f "$out" ] || printf 'limit_mb\tworkers\tconfig\texit\toutcome\tpeak_rss_mb\ttime_max_rss_mb\town_mb\tstored\tseconds\tover_limit_mb\n' >"$out"
    for limit in ${limits//,/ }; do
        for w in ${workers//,/ }; do
            while read -r name flags; do
                set +e
                /usr/bin/time -f '%M' -o "$tmp/time" nice -n "$nice_level" "$bin" solve "$file" --level "$level" \
                    $flags --memory-limit "$limit" --json --quiet >"$tmp/out.json" 2>/dev/null
                code=$?
                set -e
                peak=$(json "$tmp/out.json" 'd["stats"]["peak_rss_bytes"] / 1048576')
                printf '%s\t%s\t%s\t%s\t%s\t%.1f\t%.1f\t%.1f\t%s\t%.1f\t%.1f\n' "$limit" "$w" "$name" "$code" \
                    "$(json "$tmp/out.json" 'd["outcome"]')" "$peak" "$(echo "$(tail -1 "$tmp/time") / 1024" | bc -l)" \
                    "$(json "$tmp/out.json" 'd["stats"].get("memory_bytes", 0) / 1048576')" \
                    "$(json "$tmp/out.json" 'd["stats"]["stored"]')" "$(json "$tmp/out.json" 'd["stats"]["seconds"]')" \
                    "$(echo "$peak - $limit" | bc -l)" | tee -a "$out"
            done < <(configs "$w")
        done
    done
    ;;
stop)
    runs=${2:-3}
    out=$root/perf/results/stop-latency-$commit.tsv
    [ -f "$out" ] || printf 'config\tstop\trun\texit\tseconds_to_exit\n' >"$out"
    while read -r name flags; do
            for run in $(seq 1 "$runs"); do
                start=$(date +%s.%N)
                set +e
                nice -n "$nice_level" "$bin" solve "$file" --level "$level" $flags --time-limit 1 --quiet >/dev/null 2>&1
                code=$?
                set -e
                printf '%s\ttime-limit\t%s\t%s\t%.3f\n' "$name" "$run" "$code" \
                    "$(echo "$(date +%s.%N) - $start - 1" | bc -l)" | tee -a "$out"
                for sig in INT TERM; do
                    nice -n "$nice_level" "$bin" solve "$file" --level "$level" $flags --quiet >/dev/null 2>&1 &
                    pid=$!
                    sleep 2
                    sent=$(date +%s.%N)
                    kill -s "$sig" "$pid"
                    set +e
                    wait "$pid"
                    code=$?
                    set -e
                    printf '%s\tSIG%s\t%s\t%s\t%.3f\n' "$name" "$sig" "$run" "$code" \
                        "$(echo "$(date +%s.%N) - $sent" | bc -l)" | tee -a "$out"
                done
            done
    done < <(stop_configs)
    ;;
collection)
    coll=${2:?collection FILE LEVELS LIMITS_MB SECONDS [CONFIGS]}
    levels=${3:?} limits=${4:?} seconds=${5:?} which=${6:-default}
    out=$root/perf/results/memory-budget-$commit.tsv
    [ -f "$out" ] || printf 'file\tlevels\tlimit_mb\tseconds\tconfig\texit\tsolved\tpeak_rss_mb\tbound_mb\twithin\n' >"$out"
    if [ "$levels" = all ]; then
        cp "$coll" "$tmp/levels.xsb"
    else  # the chosen levels, in order, as one collection (blank-line separated paragraphs)
        awk -v want=",$levels," 'BEGIN { RS = ""; ORS = "\n\n" } index(want, "," NR ",") { print }' "$coll" >"$tmp/levels.xsb"
    fi
    while read -r name flags; do
        [[ ,$which, == *,both,* || ,$which, == *,$name,* || ( ,$which, == *,members,* && $name != default ) ]] ||
            continue
        for limit in ${limits//,/ }; do
            set +e
            /usr/bin/time -f '%M' -o "$tmp/time" nice -n "$nice_level" "$bin" solve "$tmp/levels.xsb" --level all \
                $flags --memory-limit "$limit" --time-limit "$seconds" --quiet --csv "$tmp/rows.csv" >/dev/null 2>&1
            code=$?
            set -e
            peak=$(echo "$(tail -1 "$tmp/time") / 1024" | bc -l)
            bound=$(echo "1.1 * $limit + 30" | bc -l)
            solved=$(python3 -c "import csv, sys; print(sum(1 for r in csv.DictReader(l for l in open(sys.argv[1]) if not l.startswith('#')) if r['solved'] in ('1', 'true', 'yes')))" "$tmp/rows.csv" 2>/dev/null || echo '?')
            printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%.1f\t%.1f\t%s\n' "$(basename "$coll")" "$levels" "$limit" "$seconds" \
                "$name" "$code" "$solved" "$peak" "$bound" "$(echo "$peak <= $bound" | bc)" | tee -a "$out"
        done
    done < <(echo "default --threads 2"; stop_configs | grep -vE '^(hda|portfolio|any|moves)-[0-9]+ ')
    ;;
*)
    echo "usage: perf/memory_limits.sh memory|stop|collection ..." >&2
    exit 2
    ;;
esac
