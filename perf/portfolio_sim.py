#!/usr/bin/env python3
"""Predicts what a portfolio solves on C cores from its members' one-thread
runs (perf/run_collection.sh CSVs: level, solved, seconds), without running
anything: a member solves a level when the CPU it has had by the time limit
reaches its time alone. Members share the cores equally; one marked early
runs beside the others only for the first EARLY seconds (the portfolio's
early members). It ignores memory, cache and scheduler effects, so levels
whose time alone is near a member's share can go either way.

  perf/portfolio_sim.py LIMIT EARLY NAME=FILE.csv[:early] ...
  perf/portfolio_sim.py 30 10 fess=perf/results/xsokoban-any-30s-fess-b91e306.csv \\
      fess-box=perf/results/xsokoban-any-30s-fess-box-b91e306.csv \\
      reverse-greedy=perf/results/xsokoban-any-30s-reverse-greedy-48a4aa6.csv:early
  (75 solved, as the default portfolio did at b91e306)
"""
import csv
import sys

CORES = 2
STEP = 0.01  # seconds of wall time per simulated step


def load(path):
    """level -> seconds alone, or None when the member did not solve it."""
    times = {}
    for row in csv.DictReader(line for line in open(path) if not line.startswith('#')):
        times[int(row['level'])] = float(row['seconds']) if row['solved'] == '1' else None
    return times


def simulate(members, limit, early_s):
    """members: (name, times, early). Returns level -> (winner, wall seconds)."""
    levels = sorted(set().union(*(times.keys() for _, times, _ in members)))
    solved = {}
    for level in levels:
        cpu = [0.0] * len(members)
        t = 0.0
        while t < limit and level not in solved:
            active = [i for i, (_, _, early) in enumerate(members) if not early or t < early_s]
            share = min(1.0, CORES / len(active))
            for i in active:
                cpu[i] += share * STEP
                alone = members[i][1].get(level)
                if alone is not None and cpu[i] >= alone:
                    solved[level] = (members[i][0], t)
                    break
            t += STEP
    return solved, levels


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    limit, early_s = float(sys.argv[1]), float(sys.argv[2])
    members = []
    for spec in sys.argv[3:]:
        name, path = spec.split('=', 1)
        early = path.endswith(':early')
        members.append((name, load(path[:-len(':early')] if early else path), early))
    solved, levels = simulate(members, limit, early_s)
    print(f"{len(solved)} of {len(levels)} solved; unsolved: "
          + ' '.join(str(level) for level in levels if level not in solved))


if __name__ == '__main__':
    main()
