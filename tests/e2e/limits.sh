#!/usr/bin/env bash
# tests/e2e/limits: memory limits hold. --memory-limit stops a search with
# its statistics and exit code 21, its peak resident memory (VmHWM, from
# /proc) within the limit plus a margin for the process itself; memory that
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

# XSokoban 50 needs far more than 32 MB: the limit always stops it.
for threads in 1 2; do
    expect_exit 21 "limit_$threads" solve "$xsokoban" --level 50 --threads "$threads" --memory-limit 32 \
        --time-limit 300 --json --quiet
    [ "$(json_get "$tmp/limit_$threads.out" 'd["outcome"]')" = memory_limit ] ||
        fail "limit_$threads: outcome is not memory_limit"
    # The search's tables stay under 32 MB; the process adds its code,
    # libraries, stacks and buffers: 40 MB of margin.
    [ "$(json_get "$tmp/limit_$threads.out" 'd["stats"]["peak_rss_bytes"] <= (32 + 40) << 20')" = True ] ||
        fail "limit_$threads: peak RSS $(json_get "$tmp/limit_$threads.out" 'd["stats"]["peak_rss_bytes"] >> 20') MB over 72 MB"
done

# Address space that runs out long before the 2000 MB limit: every failed
# allocation, in any worker, becomes the memory limit.
(
    ulimit -v 100000
    "$hdasoko" solve "$xsokoban" --level 50 --threads 2 --memory-limit 2000 --time-limit 300 --quiet \
        >"$tmp/ulimit.out" 2>"$tmp/ulimit.err"
)
code=$?
[ "$code" -eq 21 ] || fail "ulimit: exit code $code, expected 21 (134: abort)"
expect_in "$tmp/ulimit.out" "memory_limit" ulimit
expect_in "$tmp/ulimit.out" "expanded" ulimit

finish limits.sh
