#!/usr/bin/env bash
# tests/e2e/plot: --plot FILE.svg draws a collection run's per-level times
# (cli/results_plot). The file is well-formed SVG (parsed) with one bar per level,
# each bar's class (proven, solved, unsolved) matching that level's CSV row,
# and the three results all occur here: solved and proven levels, a proven
# unsolvable one, and one the node limit stops. bench writes it too; a path
# that is not .svg is a bad option.
# Usage: bash tests/e2e/plot.sh <hdasoko binary> <repo root>
set -u

hdasoko=${1:?usage: plot.sh <hdasoko binary> <repo root>}
root=${2:?usage: plot.sh <hdasoko binary> <repo root>}
source "$(dirname "$0")/lib/checks.bash"

# Microban 1 and 2, a level proven unsolvable, XSokoban 1 (99 expansions
# of A*: the node limit of 50 stops it).
cat >"$tmp/four.xsb" <<'LEVELS'
; 1
####
# .#
#  ###
#*@  #
#  $ #
#  ###
####

; 2
######
#    #
# #@ #
# $* #
# .* #
#    #
######

; unsolvable
######
#$ @.#
######

; XSokoban 1
    #####
    #   #
    #$  #
  ###  $##
  #  $ $ #
### # ## #   ######
#   # ## #####  ..#
# $  $          ..#
##### ### #@##  ..#
    #     #########
    #######
LEVELS

# Any mode: a solution without a proof is "solved"; A* proves the others.
expect_exit 22 optimal solve "$tmp/four.xsb" --level all --search astar --threads 1 --node-limit 50 \
    --quiet --csv "$tmp/optimal.csv" --plot "$tmp/optimal.svg"
expect_exit 0 any solve "$tmp/four.xsb" --level 1 --mode any --portfolio reverse-greedy --threads 1 --quiet \
    --plot "$tmp/any.svg"
check_svg() {  # SVG CSV-or-empty EXPECTED-CLASSES
    python3 - "$@" <<'PY' || fail "$1: $(tail -1 "$tmp/check.err" 2>/dev/null)"
import csv, sys, xml.etree.ElementTree as ET
svg, table, expected = sys.argv[1], sys.argv[2], sys.argv[3].split(",")
ns = {"s": "http://www.w3.org/2000/svg"}
root = ET.parse(svg).getroot()  # raises on malformed XML
assert root.tag == "{http://www.w3.org/2000/svg}svg", root.tag
bars = root.findall(".//s:g[@class='levels']/s:rect", ns)
got = [b.get("class") for b in bars]
assert got == expected, f"bars {got}, expected {expected}"
for b in bars:
    assert float(b.get("height")) >= 0 and b.find("s:title", ns) is not None
if table:
    rows = [r for r in csv.reader(l for l in open(table) if not l.startswith("#"))][1:]
    for row, cls in zip(rows, got):
        solved, outcome, optimal = row[2], row[3], row[10]
        want = "proven" if outcome == "unsolvable" or optimal == "1" else "solved" if solved == "1" else "unsolved"
        assert want == cls, f"level {row[0]}: CSV says {want}, bar {cls}"
PY
}
check_svg "$tmp/optimal.svg" "$tmp/optimal.csv" proven,proven,proven,unsolved 2>"$tmp/check.err"
check_svg "$tmp/any.svg" "" solved 2>"$tmp/check.err"

expect_exit 10 bench bench "$tmp/four.xsb" --plot "$tmp/bench.svg"
[ -s "$tmp/bench.svg" ] || fail "bench: no SVG written"
expect_exit 30 not_svg solve "$tmp/four.xsb" --level 1 --plot "$tmp/x.png" --quiet
expect_in "$tmp/not_svg.err" "--plot: writes SVG" not_svg

finish plot.sh
