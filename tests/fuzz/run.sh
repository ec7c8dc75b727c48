#!/usr/bin/env bash
# Runs the libFuzzer targets, each for SECONDS, on a corpus seeded from
# levels/ (every level of every collection), tests/parse (bad inputs),
# generated levels (tests/generate) and the checked-in corpus
# (tests/fuzz/corpus, which holds every crash found so far). Builds
# build-fuzz with clang (-DHDASOKO_FUZZ=ON) when needed; the corpus grows in
# build-fuzz/corpus/<target> across runs. Prints executions and time per
# target; a crash leaves its input in build-fuzz/artifacts/<target>/ and
# makes the script exit 1 (copy the input into tests/fuzz/corpus/<target>/
# once fixed: ctest replays it from then on). Seeds are made with the
# regular build's hdasoko and differential ($TOOLS, default build).
# A single allocation over 64 MB (solve; 256 MB for the others) is a
# finding (-malloc_limit_mb, far below -rss_limit_mb): the fuzzed levels are
# tiny, so such a request is a runaway (issue 68), which a memory-limit
# outcome used to hide; so is a memory-limit outcome (solve_fuzz.cpp).
#   tests/fuzz/run.sh SECONDS [parse|verify|solve ...]    (default: all three)
#   RUNS=10000000 tests/fuzz/run.sh SECONDS parse         (also stop after RUNS executions)
#   JOBS=2 tests/fuzz/run.sh SECONDS solve                  (JOBS fuzzers side by side on one corpus;
#                                                            executions and searches are their sums)
# The fuzzers run under nice (NICE, default 10): the machine is shared.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:?usage: tests/fuzz/run.sh SECONDS [target...]}
shift
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(parse verify solve)
build=build-fuzz
tools=${TOOLS:-build}

# Runs a command quietly; if it fails, the end of its output (a compiler's
# errors) goes to stderr, so that a CI log shows why.
quiet() {
    local log status=0
    log=$(mktemp)
    "$@" >"$log" 2>&1 || status=$?
    [ "$status" -eq 0 ] || { tail -n 80 "$log" >&2; echo "failed ($status): $*" >&2; }
    rm -f "$log"
    return "$status"
}
if [ ! -f "$build/build.ninja" ]; then
    quiet cmake -S . -B "$build" -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHDASOKO_FUZZ=ON
fi
quiet nice -n 10 cmake --build "$build" -j2 --target "${targets[@]/#/fuzz_}"
quiet nice -n 10 cmake --build "$tools" -j2 --target hdasoko differential

# One file per level of a collection (blank-line separated paragraphs).
split_levels() {  # FILE DIR PREFIX
    awk -v dir="$2" -v prefix="$3" 'BEGIN { RS = ""; ORS = "\n" } { print > (dir "/" prefix "-" NR ".xsb") }' "$1"
}

seed_corpus() {  # TARGET DIR
    local target=$1 dir=$2 seeds
    seeds=$(mktemp -d)
    cp tests/fuzz/corpus/"$target"/* "$dir"/ 2>/dev/null || true
    case $target in
    parse)
        for f in levels/*.xsb; do split_levels "$f" "$dir" "$(basename "$f" .xsb)"; done
        cp tests/parse/*.xsb "$dir"/
        "$tools"/tests/differential --count 200 --write "$dir" >/dev/null
        ;;
    verify)
        # Microban levels with the solutions hdasoko finds, joined by a zero byte.
        split_levels levels/microban.xsb "$seeds" microban
        for n in $(seq 1 40); do
            solution=$("$tools"/hdasoko solve levels/microban.xsb --level "$n" --threads 1 --time-limit 5 --json --quiet |
                python3 -c 'import json, sys; print(json.load(sys.stdin).get("solution", ""))') || continue
            { cat "$seeds/microban-$n.xsb"; printf '\0%s' "$solution"; } >"$dir/microban-$n"
        done
        ;;
    solve)
        # Generated levels, each behind two bytes that pick the configuration.
        "$tools"/tests/differential --count 400 --write "$seeds" >/dev/null
        local i=0
        for f in "$seeds"/*.xsb; do
            { printf "\\x$(printf %02x $((i % 256)))\\x$(printf %02x $((i / 256 % 256)))"; cat "$f"; } >"$dir/$(basename "$f" .xsb)-$i"
            i=$((i + 1))
        done
        ;;
    esac
    rm -rf "$seeds"
}

status=0
for target in "${targets[@]}"; do
    corpus=$build/corpus/$target
    artifacts=$build/artifacts/$target
    mkdir -p "$corpus" "$artifacts"
    [ -n "$(ls -A "$corpus")" ] || seed_corpus "$target" "$corpus"
    case $target in
    solve) max_len=513 malloc_limit=64 ;;
    *) max_len=4096 malloc_limit=256 ;;
    esac
    log=$build/fuzz-$target.log
    rm -f "$log".*
    start=$(date +%s.%N)
    pids=()
    for job in $(seq 1 "${JOBS:-1}"); do
        ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
            nice -n "${NICE:-10}" "$build/tests/fuzz/fuzz_$target" "$corpus" -max_total_time="$seconds" -max_len="$max_len" ${RUNS:+-runs="$RUNS"} \
            -seed="$job" -timeout=30 -rss_limit_mb=4096 -malloc_limit_mb=$malloc_limit -print_final_stats=1 -artifact_prefix="$artifacts/" >"$log.$job" 2>&1 &
        pids+=($!)
    done
    code=0
    for pid in "${pids[@]}"; do wait "$pid" || code=$?; done
    cat "$log".* >"$log"
    elapsed=$(echo "$(date +%s.%N) - $start" | bc)
    execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | paste -sd+ | bc || true)
    searches=$(grep -o 'solve_fuzz: [0-9]* searches' "$log" | grep -o '[0-9]*' | paste -sd+ | bc || true)
    echo "$target: ${execs:-?} executions${searches:+ ($searches searches)} by ${JOBS:-1} job(s) in $(printf %.0f "$elapsed") s, corpus $(ls "$corpus" | wc -l) inputs, exit $code (log $log)"
    if [ "$code" -ne 0 ]; then
        status=1
        grep -m3 -E 'ERROR|SUMMARY|Test unit written' "$log" || true
    fi
done
exit $status
