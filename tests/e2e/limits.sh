#!/usr/bin/env bash
# tests/e2e/limits: memory limits hold. --memory-limit stops a search with
# its statistics and exit code 21, its peak resident memory (VmHWM, from
# /proc) within the limit plus a small margin at 1, 2 and 16 workers; memory that
# runs out below the limit (here: ulimit -v) is reported the same way, never
# a crash (mimalloc's operator new used to abort(); search threads let
# std::bad_alloc end the process). Not under sanitizers, which need address
# space of their own and count memory differently.
# Usage: bash tests/e2e/limits.sh <hdasoko binary> <repo root>
set -u

hdasoko=${1:?usage: limits.sh <hdasoko binary> <repo root>}
root=${2:?usage: limits.sh <hdasoko binary> <repo root>}
xsokoban=$root/levels/xsokoban.xsb
source "$(dirname "$0")/lib/checks.bash"

if ldd "$hdasoko" 2>/dev/null | grep -qE 'lib(a|t)san'; then
    echo "limits.sh: sanitizer build, skipped"
    exit 0
fi

# XSokoban 50 needs far more than 32 MB: the limit always stops it. The
# limit holds the whole process (cli/memory_watch): peak RSS within it plus
# 10 MB, the most a closed-table growth adds for a moment (its old array).
# 16 workers hold about 50 MB before they search, so they get 96 MB.
for run in "1 32" "2 32" "16 96"; do
    read -r threads limit <<<"$run"
    expect_exit 21 "limit_$threads" solve "$xsokoban" --level 50 --search hda --threads "$threads" \
        --memory-limit "$limit" --time-limit 300 --json --quiet
    [ "$(json_get "$tmp/limit_$threads.out" 'd["outcome"]')" = memory_limit ] ||
        fail "limit_$threads: outcome is not memory_limit"
    [ "$(json_get "$tmp/limit_$threads.out" "d['stats']['peak_rss_bytes'] <= ($limit + 10) << 20")" = True ] ||
        fail "limit_$threads: peak RSS $(json_get "$tmp/limit_$threads.out" 'd["stats"]["peak_rss_bytes"] >> 20') MB over $((limit + 10)) MB"
done

# Address space that runs out long before the 2000 MB limit: every failed
# allocation, in any worker, becomes the memory limit.
# A thread the system refuses (no room for its stack) after others started
# is a memory limit too: once it aborted the process (a joinable std::thread
# unwound; concurrent/thread_group.hpp), about one run in twenty.
for run in 1 2 3 4 5; do
    threads=$((run % 2 ? 2 : 4))
    (
        ulimit -v 100000
        "$hdasoko" solve "$xsokoban" --level 50 --threads $threads --memory-limit 2000 --time-limit 300 --quiet \
            >"$tmp/ulimit.out" 2>"$tmp/ulimit.err"
    )
    code=$?
    [ "$code" -eq 21 ] || fail "ulimit, $threads threads: exit code $code, expected 21 (134: abort)"
    expect_in "$tmp/ulimit.out" "memory_limit" ulimit
    expect_in "$tmp/ulimit.out" "expanded" ulimit
done

finish limits.sh
