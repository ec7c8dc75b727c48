#!/usr/bin/env bash
# tests/mpi/loopback: HDA* over MPI on one machine (engine/mpi; built with
# -DHDASOKO_MPI=ON, ctest label mpi). 2 and 3 ranks (--oversubscribe) x 1
# and 2 threads give sequential A*'s push counts on small Microban levels and
# XSokoban 1, 2 and 78, with plain and abstract Zobrist ownership; the
# solution printed once (rank 0) and verified; every rank exits with the
# usual code. A time limit and a node limit stop every rank; SIGINT to
# mpirun ends the run. Every run has a wall-clock bound, so a rank that never
# learns of the end fails the test instead of hanging it.
# Usage: bash tests/mpi/loopback.sh <hdasoko binary> <repo root>
set -u

hdasoko=${1:?usage: loopback.sh <hdasoko binary> <repo root>}
root=${2:?usage: loopback.sh <hdasoko binary> <repo root>}
microban=$root/levels/microban.xsb
xsokoban=$root/levels/xsokoban.xsb
source "$root/tests/e2e/lib/checks.bash"

# Containers: no cross-memory attach, maybe root.
export OMPI_MCA_btl_vader_single_copy_mechanism=none
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1

# mpirun NAME RANKS ARGS...: stdout/stderr/exit code like run(), at most 120 s.
mpi_run() {
    local name=$1 ranks=$2
    shift 2
    timeout 120 mpirun -n "$ranks" --oversubscribe "$hdasoko" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"
    code=$?
}

pushes_of() { json_get "$1" 'd["pushes"] if d["outcome"] == "solved" and d["verified"] else d["outcome"]'; }

check_level() {  # FILE LEVEL CONFIGS...   (config: RANKSxTHREADS[:abstract])
    local file=$1 level=$2
    shift 2
    run "astar_$level" solve "$file" --level "$level" --search astar --json --quiet
    local want
    want=$(pushes_of "$tmp/astar_$level.out")
    for config in "$@"; do
        local ranks=${config%%x*} rest=${config#*x} threads distribution=zobrist
        threads=${rest%%:*}
        [ "$rest" != "$threads" ] && distribution=${rest#*:}
        local name="mpi_$(basename "$file" .xsb)_${level}_${ranks}x${threads}_$distribution"
        mpi_run "$name" "$ranks" solve "$file" --level "$level" --threads "$threads" --json --quiet \
            --distribution "$distribution" --time-limit 100
        [ "$code" -eq 0 ] || fail "$name: exit code $code, expected 0"
        [ "$(grep -c '"outcome"' "$tmp/$name.out")" -eq 1 ] || fail "$name: expected one report (rank 0), got $(grep -c '"outcome"' "$tmp/$name.out")"
        local got
        got=$(pushes_of "$tmp/$name.out")
        [ "$got" = "$want" ] || fail "$name: $got pushes, A*: $want"
        local workers
        workers=$(json_get "$tmp/$name.out" 'len(d["workers"])')
        [ "$workers" = $((ranks * threads)) ] || fail "$name: $workers workers reported, expected $((ranks * threads))"
    done
}

for level in 1 2 3; do
    check_level "$microban" "$level" 2x1 2x2 3x1 3x2 3x2:abstract
done
check_level "$xsokoban" 1 2x1 2x2 3x1 3x2:abstract
check_level "$xsokoban" 2 2x2 3x1
check_level "$xsokoban" 78 2x1 3x2

# Limits reach every rank: XSokoban 50 takes minutes.
mpi_run time_limit 3 solve "$xsokoban" --level 50 --threads 1 --time-limit 1 --json --quiet
[ "$code" -eq 20 ] || fail "time_limit: exit code $code, expected 20"
[ "$(json_get "$tmp/time_limit.out" 'd["outcome"]')" = time_limit ] || fail "time_limit: outcome not time_limit"
mpi_run node_limit 2 solve "$xsokoban" --level 50 --threads 2 --node-limit 2000 --json --quiet
[ "$code" -eq 22 ] || fail "node_limit: exit code $code, expected 22"
[ "$(json_get "$tmp/node_limit.out" 'd["outcome"]')" = node_limit ] || fail "node_limit: outcome not node_limit"
# Each rank stops at its share: together within the limit (they once made
# 170k expansions of a 100k limit, the sum being checked only per wave).
[ "$(json_get "$tmp/node_limit.out" 'd["stats"]["expanded"] <= 2000')" = True ] ||
    fail "node_limit: $(json_get "$tmp/node_limit.out" 'd["stats"]["expanded"]') expanded, limit 2000"

# SIGINT to mpirun (which passes it on to the ranks): the run ends, far
# sooner than its time limit.
timeout 120 mpirun -n 2 --oversubscribe "$hdasoko" solve "$xsokoban" --level 50 --threads 1 --time-limit 100 \
    --json --quiet >"$tmp/sigint.out" 2>"$tmp/sigint.err" &
pid=$!
sleep 2
start=$SECONDS
kill -INT "$pid"
wait "$pid"
code=$?
[ "$code" -ne 0 ] && [ "$code" -ne 124 ] || fail "sigint: exit code $code"
[ $((SECONDS - start)) -lt 30 ] || fail "sigint: took $((SECONDS - start)) s to end"

# Bad input fails on every rank with the usual code.
printf '#####\n#@$ #\n#####\n' >"$tmp/bad.xsb"
mpi_run bad 2 solve "$tmp/bad.xsb" --quiet
[ "$code" -eq 30 ] || fail "bad input: exit code $code, expected 30"

# An error on one rank only (here its level file is missing, as when a
# machine of a cluster lacks it) ends every rank at once with an error
# code; the other ranks used to wait for it in the next collective.
printf '#####\n#@$.#\n#####\n' >"$tmp/good.xsb"
start=$SECONDS
timeout 120 mpirun -n 2 --oversubscribe sh -c \
    '[ "$OMPI_COMM_WORLD_RANK" = 1 ] && f=$0.missing || f=$0; exec "$1" solve "$f" --level 1 --time-limit 60 --quiet' \
    "$tmp/good.xsb" "$hdasoko" >"$tmp/one_rank.out" 2>"$tmp/one_rank.err"
code=$?
[ "$code" -ne 0 ] && [ "$code" -ne 124 ] || fail "error on one rank: exit code $code"
[ $((SECONDS - start)) -lt 30 ] || fail "error on one rank: took $((SECONDS - start)) s to end"
expect_in "$tmp/one_rank.err" "missing" one_rank

finish loopback.sh
