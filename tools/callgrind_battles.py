"""The workload of the instruction counts in docs/benchmarks.md: a warm-up heuristic demo battle (seed 9), then N more
(seeds 0 to N-1), in one process, the scenario built once.

Usage (from the repository root)::

    PYTHONHASHSEED=0 PYTHONPATH=src valgrind --tool=callgrind python tools/callgrind_battles.py 0
    PYTHONHASHSEED=0 PYTHONPATH=src valgrind --tool=callgrind python tools/callgrind_battles.py 2

The instructions per warm battle are (the second run's total less the first's) / 2: the start-up and the warm-up
battle taken off. ``PYTHONHASHSEED=0`` keeps string hashing, which moves the count by about 1%, the same.
"""

from __future__ import annotations

import sys

from strategium.battle.run import play_battle
from strategium.battle.setup import BattleSetup, build_scenario


def main(argv: list[str]) -> int:
    """Play the warm-up battle and ``argv[0]`` more. Returns the exit status (2: no whole number given)."""
    if len(argv) != 1 or not argv[0].isdigit():
        print("usage: python tools/callgrind_battles.py N", file=sys.stderr)
        return 2
    setup = BattleSetup()
    scenario = build_scenario(setup)
    play_battle(setup, 9, scenario=scenario)
    for seed in range(int(argv[0])):
        play_battle(setup, seed, scenario=scenario)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
