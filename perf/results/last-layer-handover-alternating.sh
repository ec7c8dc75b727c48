#!/bin/bash
# alternating on/off runs, 2 workers: cond level heuristic runs
B=/work/main/build/hdasoko
cond=$1; shift
pids=()
if [ "$cond" = busy ]; then for _ in $(seq $(nproc)); do (while :; do :; done) & pids+=($!); done; fi
for spec in "$@"; do
  IFS=: read -r file level heur <<<"$spec"
  for r in 1 2 3; do
    for h in --no-handover --handover; do
      out=$($B solve /work/main/levels/$file.xsb --level $level --search hda --heuristic $heur --threads 2 $h --json 2>/dev/null)
      echo "$out" | python3 -c "
import json,sys; d=json.load(sys.stdin); s=d['stats']
print('$cond $file $level $heur $h', d['outcome'], d.get('pushes'), s['expanded'], round(s['seconds'],3), [w['expanded'] for w in d['workers']])"
    done
  done
done
for p in "${pids[@]}"; do kill $p; done
