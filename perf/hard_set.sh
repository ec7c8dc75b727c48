# The HDA* hard set, level:number:heuristic, read by perf/last_layer.sh and
# perf/pair_ceiling.sh (SET overrides it there). Sourced, not run.
# shellcheck disable=SC2034
hard_set="xsokoban:3:pdb xsokoban:55:pdb xsokoban:5:pdb xsokoban:49:pdb xsokoban:9:pdb xsokoban:51:pdb microban:93:matching xsokoban:3:matching"
