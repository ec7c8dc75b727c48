#!/usr/bin/env bash
# tests/e2e/improve: --improve in --mode any. The first answer comes from one
# sequential member (reverse-greedy, deterministic), so a run with --improve
# starts from the answer of the run without it; the improved answer is never
# worse in (pushes, moves), the verifier accepts it, and where the searches
# ran to their end it has the push count that --mode optimal proves and
# says it is push-optimal. --improve without --mode any is bad input.
# Usage: bash tests/e2e/improve.sh <hdasoko binary> <repo root>
set -u

hdasoko=${1:?usage: improve.sh <hdasoko binary> <repo root>}
root=${2:?usage: improve.sh <hdasoko binary> <repo root>}
source "$(dirname "$0")/lib/checks.bash"

improved_levels=0
check_level() {  # FILE LEVEL NAME
    local file=$1 level=$2 name=$3
    local any=(solve "$file" --level "$level" --mode any --portfolio reverse-greedy --threads 1 --time-limit 60 --json --quiet)
    expect_exit 0 "${name}_plain" "${any[@]}"
    expect_exit 0 "${name}_improve" "${any[@]}" --improve
    expect_exit 0 "${name}_optimal" solve "$file" --level "$level" --search astar --threads 1 --json --quiet
    local p0 m0 p1 m1 popt
    p0=$(json_get "$tmp/${name}_plain.out" 'd["pushes"]')
    m0=$(json_get "$tmp/${name}_plain.out" 'd["moves"]')
    p1=$(json_get "$tmp/${name}_improve.out" 'd["pushes"]')
    m1=$(json_get "$tmp/${name}_improve.out" 'd["moves"]')
    popt=$(json_get "$tmp/${name}_optimal.out" 'd["pushes"]')
    if [ "$p1" -gt "$p0" ] || { [ "$p1" -eq "$p0" ] && [ "$m1" -gt "$m0" ]; }; then
        fail "$name: --improve gave $p1 pushes $m1 moves, without it $p0 pushes $m0 moves"
    fi
    [ "$p1" -eq "$popt" ] || fail "$name: --improve ended at $p1 pushes, the optimum is $popt"
    [ "$(json_get "$tmp/${name}_improve.out" 'd["optimal"]')" = True ] || fail "$name: not reported push-optimal"
    [ "$p1" -lt "$p0" ] || [ "$m1" -lt "$m0" ] && improved_levels=$((improved_levels + 1))
    json_get "$tmp/${name}_improve.out" 'd["solution"]' >"$tmp/$name.lurd"
    expect_exit 0 "${name}_verify" verify "$file" "$tmp/$name.lurd" --level "$level"
    expect_in "$tmp/${name}_verify.out" "valid: solves level $level in $p1 pushes" "${name}_verify"
}

for level in 1 2 3 4 5 6 7 8 9 10 11 12; do
    check_level "$root/levels/microban.xsb" "$level" "microban_$level"
done
check_level "$root/levels/xsokoban.xsb" 1 xsokoban_1
check_level "$root/levels/xsokoban.xsb" 2 xsokoban_2
# The test means something only if --improve found better answers somewhere.
echo "improve.sh: --improve bettered the first answer on $improved_levels of 14 levels"
[ "$improved_levels" -ge 3 ] || fail "--improve improved only $improved_levels of 14 levels"

expect_exit 30 improve_optimal solve "$root/levels/microban.xsb" --level 1 --improve --quiet
expect_in "$tmp/improve_optimal.err" "--improve needs --mode any" improve_optimal

finish improve.sh
