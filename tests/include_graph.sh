#!/usr/bin/env bash
# tests/include_graph.sh SOURCE_DIR: the engine's include graph is one-way.
# A file of engine/<dir> may include (#include "<other>/...") only its own
# directory and those before it in `layers`; the check fails on any other
# include, and on an engine directory the order leaves out. CMakeLists.txt
# links the libraries along the same order.
set -euo pipefail
layers=(memory level board state concurrent moves solution deadlock heuristic plan search fess portfolio run mpi)

cd "${1:-.}/engine"
declare -A rank
for i in "${!layers[@]}"; do rank[${layers[$i]}]=$i; done
status=0
for dir in */; do
  dir=${dir%/}
  if [[ -z ${rank[$dir]+set} ]]; then
    echo "engine/$dir: not in the layer order of tests/include_graph.sh"
    status=1
  fi
done
# Lines "dir/file:line:#include \"other/".
while IFS= read -r hit; do
  file=${hit%%:*}
  dir=${file%%/*}
  other=${hit##*#include \"}
  other=${other%/}
  [[ -n ${rank[$dir]+set} ]] || continue  # reported above
  if [[ -z ${rank[$other]+set} ]] || (( rank[$other] > rank[$dir] )); then
    echo "engine/${hit%%:#include*}: $dir includes $other/, which is not below it"
    status=1
  fi
done < <(grep -rnoE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"[a-z_]+/' --include='*.hpp' --include='*.cpp' . |
         sed -E 's|^\./||; s/#[[:space:]]*include[[:space:]]*"/#include "/; s/:[[:space:]]+#/:#/')
exit $status
