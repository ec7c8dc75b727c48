#!/usr/bin/env bash
# tests/e2e/cli: the hdasoko command end to end. Exit-code bands (0 solved,
# 10 unsolvable, 20/22/23 time, node limit, interrupt, 30 bad input or
# option), parse errors naming file:line:column, --json keys, and verify
# accepting what solve printed and rejecting a wrong solution; --csv, --sok
# (whose solution verifies), bench on a file, scale with its CSV, portfolio
# races; the PDB heuristics and analyze.
# Usage: bash tests/e2e/cli.sh <hdasoko binary> <repo root>
set -u

hdasoko=${1:?usage: cli.sh <hdasoko binary> <repo root>}
root=${2:?usage: cli.sh <hdasoko binary> <repo root>}
microban=$root/levels/microban.xsb
xsokoban=$root/levels/xsokoban.xsb

source "$(dirname "$0")/lib/checks.bash"

# --- exit codes of solve ----------------------------------------------------

expect_exit 0 solved solve "$microban" --level 1 --quiet
# The default proves the push optimum, then the fewest moves among those solutions.
expect_in "$tmp/solved.out" "solved, optimal in pushes, then moves, verified" solved

cat >"$tmp/unsolvable.xsb" <<'EOF'
; two boxes in a corridor that block each other
########
#.@$ $.#
########
EOF
expect_exit 10 unsolvable solve "$tmp/unsolvable.xsb" --quiet

expect_exit 22 node_limit solve "$xsokoban" --level 1 --node-limit 5 --quiet
# XSokoban 50 takes minutes (Microban 144, used here before, is solved in
# about 0.5 s: a loaded machine could see it end before the signal).
expect_exit 20 time_limit solve "$xsokoban" --level 50 --time-limit 0.2 --quiet

# An interrupt prints what was found so far and exits cleanly with 23. (The
# time limit only keeps a lost signal from hanging the test.)
"$hdasoko" solve "$xsokoban" --level 50 --json --quiet --time-limit 60 >"$tmp/interrupt.out" 2>"$tmp/interrupt.err" &
pid=$!
wait_for_handler "$pid" || fail "interrupt: no SIGINT handler after 20 s"
sleep 0.2
kill -INT "$pid"
wait "$pid"
code=$?
if [ "$code" -ne 23 ]; then
    fail "interrupt: exit code $code, expected 23"
elif [ "$(json_get "$tmp/interrupt.out" 'd["outcome"]')" != interrupted ]; then
    fail "interrupt: --json outcome is not 'interrupted'"
fi

# --- bad input and options: 30 ----------------------------------------------

expect_exit 30 missing_file solve "$tmp/no_such_file.xsb"
expect_in "$tmp/missing_file.err" "$tmp/no_such_file.xsb:0:0: cannot open file" missing_file
expect_exit 30 bad_option solve "$microban" --no-such-option
expect_exit 30 bad_heuristic solve "$microban" --heuristic nonsense
expect_exit 30 bad_level solve "$microban" --level x
for lag in 1001 -2 lay 3x; do
    expect_exit 30 "bad_lag_$lag" solve "$microban" --search hda --threads 2 --hda-lag "$lag"
    expect_in "$tmp/bad_lag_$lag.err" "--hda-lag: must be auto, layer or a whole number from -1 to 1000" "bad_lag_$lag"
done
# A value given to an on/off flag: a clear error, not an uncaught exception.
expect_exit 30 bad_flag_value solve "$microban" --tunnels=maybe
expect_in "$tmp/bad_flag_value.err" "--tunnels: takes no value but true or false" bad_flag_value
for lag in auto layer -1 0 1000; do
    expect_exit 0 "lag_$lag" solve "$microban" --level 2 --search hda --threads 2 --hda-lag "$lag"
done
expect_exit 30 out_of_range solve "$microban" --level 156
expect_in "$tmp/out_of_range.err" "out of range" out_of_range
expect_exit 30 zero_level solve "$microban" --level 0
expect_exit 30 no_subcommand "$microban"
expect_exit 30 parse_error solve "$root/tests/parse/two_players.xsb"
expect_in "$tmp/parse_error.err" "$root/tests/parse/two_players.xsb:5:2: more than one player" parse_error

cat >"$tmp/bad_char.xsb" <<'EOF'
#####
#@$.#
#x  #
#####
EOF
expect_exit 30 bad_char solve "$tmp/bad_char.xsb"
expect_in "$tmp/bad_char.err" "$tmp/bad_char.xsb:3:2:" bad_char
expect_exit 30 verify_parse_error verify "$tmp/bad_char.xsb" R

# --- --json -------------------------------------------------------------------

expect_exit 0 json solve "$microban" --level 1 --json --quiet
keys=$(python3 - "$tmp/json.out" <<'EOF'
import json, sys
def keys(v):
    if isinstance(v, dict):
        for k, x in v.items():
            yield k
            yield from keys(x)
    elif isinstance(v, list):
        for x in v:
            yield from keys(x)
try:
    d = json.load(open(sys.argv[1]))
except ValueError as e:
    print("not JSON:", e)
    sys.exit()
found = set(keys(d))
print(" ".join(k for k in ["expanded", "generated", "duplicates", "pushes", "moves", "solution"]
               if k not in found))
EOF
)
[ -z "$keys" ] || fail "json: missing keys: $keys"
[ "$(json_get "$tmp/json.out" 'd["pushes"]')" = 8 ] || fail "json: microban 1 should take 8 pushes"
[ "$(json_get "$tmp/json.out" 'd["outcome"]')" = solved ] || fail "json: outcome is not 'solved'"

# --- verify -------------------------------------------------------------------

solution=$(json_get "$tmp/json.out" 'd["solution"]')
expect_exit 0 verify_string verify "$microban" "$solution" --level 1
expect_in "$tmp/verify_string.out" "valid: solves level 1 in 8 pushes" verify_string
printf 'Solution\n%s\n' "$solution" >"$tmp/solution.txt"
expect_exit 0 verify_file verify "$microban" "$tmp/solution.txt" --level 1

# The same solution without its last move does not solve the level, and it
# solves no other level.
run verify_short verify "$microban" "${solution%?}" --level 1
[ "$code" -ne 0 ] || fail "verify_short: an unfinished solution was accepted"
expect_in "$tmp/verify_short.out" "rejected" verify_short
run verify_other verify "$microban" "$solution" --level 2
[ "$code" -ne 0 ] || fail "verify_other: level 1's solution was accepted for level 2"
run verify_junk verify "$microban" "lurdx" --level 1
[ "$code" -ne 0 ] || fail "verify_junk: a non-LURD letter was accepted"

# --- outputs, workers, bench, scale ------------------------------------------

expect_exit 0 outputs solve "$microban" --level 1 --quiet --threads 2 --csv "$tmp/one.csv" --sok "$tmp/one.sok"
expect_in "$tmp/one.csv" "level,title,solved,outcome,pushes,lower_bound,moves,expanded,generated,seconds,optimal,winner,proven" csv_header
expect_in "$tmp/one.csv" ",pushes-then-moves" csv_proven
expect_in "$tmp/one.csv" "1,1,1,solved,8,8," csv_row
expect_in "$tmp/one.sok" "Solution (8 pushes" sok
# The run header: version and commit, CPU, cores, threads, limits, date, options.
expect_in "$tmp/one.csv" "# hdasoko " csv_run_header
expect_in "$tmp/one.csv" "# threads: 2" csv_run_header
expect_in "$tmp/one.csv" "# cpu: " csv_run_header
expect_in "$tmp/one.csv" "# options: {\"mode\":\"optimal\"" csv_run_header
expect_in "$tmp/outputs.out" "2 threads, memory limit" text_run_header
[ "$(json_get "$tmp/json.out" 'sorted(d["run"])')" = "['commit', 'cores', 'cpu', 'date', 'memory_limit_bytes', 'options', 'threads', 'time_limit_s', 'version']" ] ||
    fail "json: the run header's keys"
# The SOK file is itself a level file whose solution line verifies.
sok_solution=$(sed -n '/^Solution/{n;p;}' "$tmp/one.sok")
expect_exit 0 verify_sok verify "$tmp/one.sok" "$sok_solution"
# Without a SOLUTION, verify checks the file's stored solution sections.
expect_exit 0 verify_stored verify "$tmp/one.sok"
expect_in "$tmp/verify_stored.out" "1 of 1 stored solutions valid" verify_stored
sed 's/^Solution (8 pushes.*/&\nl/' "$tmp/one.sok" >"$tmp/bad.sok"  # a stray move before the solution
expect_exit 10 verify_stored_bad verify "$tmp/bad.sok"
expect_in "$tmp/verify_stored_bad.out" "rejected: $tmp/bad.sok:" verify_stored_bad
expect_exit 30 verify_nothing verify "$microban"
# Level variants: p P b B, run-length rows; run-length solutions.
printf '; variants\n8#|#p-b-.-#|#--B---#|8#\n' >"$tmp/rle.xsb"
expect_exit 0 rle_level solve "$tmp/rle.xsb" --quiet --json
[ "$(json_get "$tmp/rle_level.out" 'd["pushes"]')" = 2 ] || fail "rle_level: expected 2 pushes"
expect_exit 0 rle_solution verify "$tmp/rle.xsb" "r2R"
expect_exit 10 rle_solution_short verify "$tmp/rle.xsb" "rR"
expect_exit 30 rle_solution_bad verify "$tmp/rle.xsb" "2(R"
expect_in "$tmp/rle_solution_bad.err" "SOLUTION:1:2: '(' without a ')' after it" rle_solution_bad

awk 'BEGIN{RS=""; ORS="\n\n"} NR<=6' "$microban" >"$tmp/three.xsb"
expect_exit 0 bench_file bench "$tmp/three.xsb" --csv "$tmp/bench.csv"
expect_in "$tmp/bench_file.out" "solved 3 of 3" bench_file
[ "$(grep -vc '^#' "$tmp/bench.csv")" -eq 4 ] || fail "bench_file: expected a header and 3 CSV rows"

# --jobs: levels solved at once, rows in level order, the same pushes; plain
# progress lines on stderr (not a terminal here); the summary by result.
expect_exit 0 jobs solve "$tmp/three.xsb" --level all --jobs 3 --threads 2 --csv "$tmp/jobs.csv"
expect_exit 0 jobs_seq solve "$tmp/three.xsb" --level all --threads 1 --quiet --csv "$tmp/seq.csv"
[ "$(grep -v '^#' "$tmp/jobs.csv" | cut -d, -f1,5)" = "$(grep -v '^#' "$tmp/seq.csv" | cut -d, -f1,5)" ] ||
    fail "jobs: rows or pushes differ from the sequential run"
expect_in "$tmp/jobs.err" "[3/3] level" jobs_progress
expect_in "$tmp/jobs.out" "by result: optimal 3; total moves" jobs_summary
[ -s "$tmp/jobs_seq.err" ] && fail "jobs_seq: --quiet printed progress"
expect_exit 30 jobs_zero solve "$tmp/three.xsb" --level all --jobs 0

expect_exit 0 scale scale "$microban" --level 2 --threads 1,2 --repeat 2 --csv "$tmp/scale.csv"
expect_in "$tmp/scale.csv" "level,workers,repeats,seconds,speedup" scale_csv
[ "$(wc -l <"$tmp/scale.csv")" -eq 3 ] || fail "scale: expected a header and rows for 1 and 2 workers"
expect_exit 30 scale_bad_threads scale "$microban" --threads 1,x
# A run cut by a limit stays in the table as a lower bound (runs_cut) and
# the limit's code is returned: XSokoban 50 is not solved in 2,000 expansions.
expect_exit 22 scale_cut scale "$xsokoban" --level 50 --threads 1,2 --repeat 2 --node-limit 2000 --csv "$tmp/scale_cut.csv"
[ "$(wc -l <"$tmp/scale_cut.csv")" -eq 3 ] || fail "scale_cut: expected a header and rows for 1 and 2 workers"
[ "$(awk -F, 'NR > 1 { print $NF }' "$tmp/scale_cut.csv" | paste -sd,)" = "2,2" ] || fail "scale_cut: runs_cut should be 2 for 1 and 2 workers"
expect_in "$tmp/scale_cut.err" "kept as a lower bound" scale_cut
expect_exit 30 replot_without_plot scale "$microban" --replot "$tmp/scale.csv"

# Portfolio races: the winner is named, every member reported, and a race
# that proves nothing returns the limit's code; unknown members are errors.
expect_exit 0 portfolio solve "$xsokoban" --level 38 --portfolio hda,astar-simple --quiet
expect_in "$tmp/portfolio.out" "push-optimal, verified" portfolio
expect_in "$tmp/portfolio.out" "winner" portfolio
expect_in "$tmp/portfolio.out" "astar-simple" portfolio
expect_exit 0 portfolio_json solve "$xsokoban" --level 1 --mode any --json
expect_in "$tmp/portfolio_json.out" '"portfolio":{"winner":' portfolio_json
expect_exit 20 portfolio_time solve "$xsokoban" --level 50 --portfolio hda,astar --time-limit 0.3 --quiet
expect_exit 30 portfolio_unknown solve "$xsokoban" --level 1 --portfolio hda,nonsense
expect_in "$tmp/portfolio_unknown.err" "unknown portfolio member 'nonsense'" portfolio_unknown
expect_exit 0 portfolio_reverse solve "$microban" --level 3 --portfolio reverse,reverse-greedy --quiet
expect_in "$tmp/portfolio_reverse.out" "push-optimal, verified" portfolio_reverse
expect_exit 0 portfolio_any solve "$microban" --level 3 --portfolio greedy,reverse-greedy --mode any --quiet
expect_in "$tmp/portfolio_any.out" "verified" portfolio_any
# The feature-space member solves XSokoban 4 (which reverse greedy does not in
# a minute); analyze draws the packing order it follows.
expect_exit 0 portfolio_fess solve "$xsokoban" --level 4 --portfolio fess --mode any --quiet
expect_in "$tmp/portfolio_fess.out" "verified" portfolio_fess
expect_exit 0 analyze_packing analyze "$xsokoban" --level 1
expect_in "$tmp/analyze_packing.out" "packing_order           6 of 6 goals" analyze_packing
# A bidirectional member proves XSokoban 78 (136 pushes); the CSV names the winner.
expect_exit 0 portfolio_bidir solve "$xsokoban" --level 78 --portfolio bidir --threads 2 --quiet --csv "$tmp/bidir.csv"
expect_in "$tmp/portfolio_bidir.out" "solved in 136 pushes" portfolio_bidir
expect_in "$tmp/bidir.csv" "78,78,1,solved,136," portfolio_bidir_csv
expect_in "$tmp/bidir.csv" ",1,bidir" portfolio_bidir_csv
expect_exit 30 bad_mode solve "$xsokoban" --level 1 --mode fastest

# --- the default configuration and anytime answers ---------------------------

# solve alone runs the optimal mode's default portfolio; --search (or
# --heuristic) runs one search.
expect_exit 0 default_portfolio solve "$xsokoban" --level 1 --quiet
expect_in "$tmp/default_portfolio.out" "optimal" default_portfolio
expect_in "$tmp/default_portfolio.out" "pushes                                97" default_portfolio
expect_in "$tmp/default_portfolio.out" "hda-pdb" default_portfolio
expect_exit 0 search_alone solve "$microban" --level 2 --search hda --threads 2 --quiet
grep -q winner "$tmp/search_alone.out" && fail "search_alone: --search hda ran a portfolio"
expect_exit 0 heuristic_alone solve "$microban" --level 2 --heuristic simple --quiet
grep -q winner "$tmp/heuristic_alone.out" && fail "heuristic_alone: --heuristic simple ran a portfolio"

# A limit stops the proof of XSokoban 86 (unproven at 600 s), but the best
# solution the upper-bound members found (reverse greedy and fess-box each
# solve it in under half a second: 164 and 146 pushes at this writing) is
# printed, verified, with the proven lower bound; CSV and JSON carry both,
# and the answer is the shortest of the members' solutions (the vicinity
# improver's among them). (XSokoban 5, used here before, is proven in about
# 2 s since the PDB bound scores triples.)
expect_exit 20 anytime_json solve "$xsokoban" --level 86 --time-limit 2 --threads 2 --quiet --json
best=$(json_get "$tmp/anytime_json.out" 'min(m["pushes"] for m in d["portfolio"]["members"] if m["pushes"])')
[ "$(json_get "$tmp/anytime_json.out" 'd["pushes"]')" = "$best" ] ||
    fail "anytime_json: expected the shortest member solution ($best pushes)"
[ "$(json_get "$tmp/anytime_json.out" 'd["stats"]["initial_h"] <= d["lower_bound"] < d["pushes"]')" = True ] ||
    fail "anytime_json: lower_bound not between the start's h and the pushes"
# The text and CSV of another run (the improver, search/vicinity.hpp, may
# shorten the answer more or less far in 2 s: each run is read for itself).
expect_exit 20 anytime solve "$xsokoban" --level 86 --time-limit 2 --threads 2 --quiet --csv "$tmp/anytime.csv"
best=$(grep '^86,86,1,time_limit,' "$tmp/anytime.csv" | cut -d, -f5)
[ -n "$best" ] || fail "anytime_csv: no time_limit row with a solution for level 86"
expect_in "$tmp/anytime.out" "$best (lower bound " anytime
expect_in "$tmp/anytime.out" "time_limit; best solution found verified" anytime

# One search stopped by a limit: no solution, but its lower bound.
expect_exit 22 lone_bound solve "$microban" --level 153 --search astar --node-limit 20000 --quiet --json
[ "$(json_get "$tmp/lone_bound.out" 'd["lower_bound"] > d["stats"]["initial_h"]')" = True ] ||
    fail "lone_bound: A* stopped after 20000 expansions on Microban 153 should prove more than the start's h"

# --- metrics ------------------------------------------------------------------

# Microban 5: fewest pushes then moves is 6 pushes, 27 moves; fewest moves
# then pushes 8 pushes, 25 moves (tests/search/metric_test checks both
# metrics against Dijkstra over single moves).
expect_exit 0 metric_pushes solve "$microban" --level 5 --metric pushes --quiet --json
[ "$(json_get "$tmp/metric_pushes.out" '(d["pushes"], d["moves"], d["proven"])')" = "(6, 27, 'optimal in pushes, then moves')" ] ||
    fail "metric_pushes: expected 6 pushes, 27 moves, proven in pushes then moves"
expect_exit 0 metric_moves solve "$microban" --level 5 --metric moves --quiet --json
[ "$(json_get "$tmp/metric_moves.out" '(d["pushes"], d["moves"], d["proven"])')" = "(8, 25, 'optimal in moves, then pushes')" ] ||
    fail "metric_moves: expected 8 pushes, 25 moves, proven in moves then pushes"
expect_exit 0 metric_text solve "$microban" --level 5 --metric moves --quiet
expect_in "$tmp/metric_text.out" "solved, optimal in moves, then pushes, verified" metric_text
expect_exit 30 metric_bad solve "$microban" --level 5 --metric boxes

# --- PDB heuristics and analyze ----------------------------------------------

xsokoban=$root/levels/xsokoban.xsb
for h in pdb pdb-static; do
    expect_exit 0 "solve_$h" solve "$xsokoban" --level 2 --heuristic "$h" --threads 2 --json --quiet
    [ "$(json_get "$tmp/solve_$h.out" 'd["pushes"]')" = 131 ] || fail "solve_$h: xsokoban 2 should take 131 pushes"
    [ "$(json_get "$tmp/solve_$h.out" 'd["heuristic"]')" = "$h" ] || fail "solve_$h: heuristic not echoed"
    [ "$(json_get "$tmp/solve_$h.out" '"pdb_s" in d["phases"]')" = True ] || fail "solve_$h: no pdb phase"
done
expect_exit 0 analyze analyze "$xsokoban" --level 1
expect_in "$tmp/analyze.out" "entrance                (15,7)" analyze
expect_in "$tmp/analyze.out" "mmmmmmmmmmmmmE..#" analyze_picture
expect_in "$tmp/analyze.out" "initial_h matching      95" analyze_bounds
expect_in "$tmp/analyze.out" "initial_h pdb           95" analyze_bounds
# Patterns of five (--fives, as solve --pdb-group 5): XSokoban 6's start
# bound rises from 106 with groups of four to 108; without --fives none are
# searched.
expect_exit 0 analyze_fives analyze "$xsokoban" --level 6 --fives
expect_in "$tmp/analyze_fives.out" "106 with groups of four, 108 with patterns of five" analyze_fives
expect_exit 0 analyze_no_fives analyze "$xsokoban" --level 6
expect_in "$tmp/analyze_no_fives.out" "106 with groups of four, - with patterns of five" analyze_no_fives
# The patterns of five switched on after 300 expansions (--fives-after):
# the open states stored before are scored again and some rise (JSON
# raised); XSokoban 62's layer 243 under groups of four is not exhausted
# in 20,000 expansions, so the search stops at the node limit either way.
expect_exit 22 fives_after solve "$xsokoban" --level 62 --search astar --heuristic pdb --fives-after 300 --node-limit 20000 --json --quiet
[ "$(json_get "$tmp/fives_after.out" 'd["stats"]["raised"] > 0')" = True ] || fail "fives_after: no open state raised"
expect_exit 22 fives_never solve "$xsokoban" --level 62 --search astar --heuristic pdb --pdb-group 4 --fives-after 300 --node-limit 20000 --json --quiet
[ "$(json_get "$tmp/fives_never.out" 'd["stats"]["raised"]')" = 0 ] || fail "fives_never: raised without patterns"
expect_exit 0 analyze_all analyze "$xsokoban" --level all --csv "$tmp/analyze.csv"
[ "$(wc -l <"$tmp/analyze.csv")" -eq 91 ] || fail "analyze_all: expected a header and 90 CSV rows"
expect_in "$tmp/analyze.csv" "h_simple,h_matching,h_pdb_static,h_pdb,packing_together,packing_stuck" analyze_csv
# XSokoban 42: 8 goals no lone box can leave, all ordered by pulling boxes together.
awk -F, 'NR == 1 { for (i = 1; i <= NF; ++i) col[$i] = i; next }
         $1 == 42 && $(col["packing_together"]) == 8 && $(col["packing_stuck"]) == 0 { found = 1 }
         END { exit !found }' "$tmp/analyze.csv" ||
    fail "analyze_csv: XSokoban 42 should order 8 goals together, none left"
# Goal-room patterns: XSokoban 29's 16 goals are one group, searched whole.
expect_in "$tmp/analyze.csv" "goal_groups,goal_groups_tested,goal_pattern_states,goal_patterns_s" analyze_csv_goal_patterns
awk -F, 'NR == 1 { for (i = 1; i <= NF; ++i) col[$i] = i; next }
         $1 == 29 && $(col["goal_groups"]) == 1 && $(col["goal_groups_tested"]) == 1 && $(col["goal_pattern_states"]) > 0 { found = 1 }
         END { exit !found }' "$tmp/analyze.csv" ||
    fail "analyze_csv: XSokoban 29 should have one goal group, tested"
# Pair conflicts: XSokoban 41's boxes interact, so the matching with them is
# above the matching alone.
awk -F, 'NR == 1 { for (i = 1; i <= NF; ++i) col[$i] = i; next }
         $1 == 41 && $(col["h_matching_conflicts"]) > $(col["h_matching"]) { found = 1 }
         END { exit !found }' "$tmp/analyze.csv" ||
    fail "analyze_csv: XSokoban 41's matching with pair conflicts should be above the matching"
# Triples: XSokoban 67's maze boxes interact in threes, so the PDB bound with
# the three-box database is above the bound with pairs and conflicts.
awk -F, 'NR == 1 { for (i = 1; i <= NF; ++i) col[$i] = i; next }
         $1 == 67 && $(col["h_pdb_triples"]) > $(col["h_pdb_conflicts"]) { found = 1 }
         END { exit !found }' "$tmp/analyze.csv" ||
    fail "analyze_csv: XSokoban 67's PDB bound with triples should be above the one with pairs"
expect_exit 30 analyze_bad_level analyze "$xsokoban" --level x

finish cli.sh
