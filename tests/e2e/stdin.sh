#!/usr/bin/env bash
# tests/e2e/stdin: `-` reads the level or collection from standard input in
# solve, verify (the level or the solution, not both), analyze, bench and
# scale; errors in it are named `<stdin>:line:column`.
# Usage: bash tests/e2e/stdin.sh <hdasoko binary> <repo root>
set -u

hdasoko=${1:?usage: stdin.sh <hdasoko binary> <repo root>}
root=${2:?usage: stdin.sh <hdasoko binary> <repo root>}
microban=$root/levels/microban.xsb
source "$(dirname "$0")/lib/checks.bash"

awk 'BEGIN{RS=""; ORS="\n\n"} NR<=6' "$microban" >"$tmp/three.xsb"  # Microban 1-3 with their comments
awk 'BEGIN{RS=""; ORS="\n\n"} NR<=2' "$microban" >"$tmp/one.xsb"

expect_exit 0 solve solve - --json --quiet <"$tmp/one.xsb"
[ "$(json_get "$tmp/solve.out" 'd["pushes"]')" = 8 ] || fail "solve: microban 1 from stdin should take 8 pushes"
[ "$(json_get "$tmp/solve.out" 'd["file"]')" = "<stdin>" ] || fail "solve: the file is not named <stdin>"
expect_exit 0 solve_all solve - --level all --quiet <"$tmp/three.xsb"
expect_in "$tmp/solve_all.out" "solved 3 of 3" solve_all
expect_exit 0 solve_level solve - --level 3 --quiet <"$tmp/three.xsb"
expect_in "$tmp/solve_level.out" "#3" solve_level
expect_exit 30 solve_range solve - --level 4 <"$tmp/three.xsb"
expect_in "$tmp/solve_range.err" "<stdin>" solve_range

solution=$(json_get "$tmp/solve.out" 'd["solution"]')
expect_exit 0 verify_level verify - "$solution" <"$tmp/one.xsb"
expect_in "$tmp/verify_level.out" "valid: solves level 1 in 8 pushes" verify_level
printf 'Solution\n%s\n' "$solution" | "$hdasoko" verify "$tmp/one.xsb" - >"$tmp/verify_solution.out" 2>&1
code=$?
[ "$code" -eq 0 ] || fail "verify_solution: exit code $code, expected 0"
expect_in "$tmp/verify_solution.out" "valid: solves level 1 in 8 pushes" verify_solution
expect_exit 30 verify_both verify - - <"$tmp/one.xsb"

expect_exit 0 analyze analyze - --level all <"$tmp/three.xsb"
expect_exit 0 bench bench - <"$tmp/three.xsb"
expect_in "$tmp/bench.out" "solved 3 of 3" bench
expect_exit 0 scale scale - --level 2 --threads 1 --repeat 1 <"$tmp/three.xsb"

# Bad input on stdin: file:line:column with the name <stdin>; nothing at all.
printf '#####\n#@$.#\n#x  #\n#####\n' >"$tmp/bad.xsb"
expect_exit 30 bad solve - <"$tmp/bad.xsb"
expect_in "$tmp/bad.err" "<stdin>:3:2:" bad
expect_exit 30 empty solve - </dev/null
expect_in "$tmp/empty.err" "<stdin>" empty

finish stdin.sh
