"""Battle speed, on one core: wall time per demo battle with heuristic players (target: under 0.5 s), and
battles per second with random players. Figures go in ``docs/benchmarks.md``.

Usage: ``python benchmarks/battle.py [--battles N] [--profile]``. Each battle is the bundled demo, five Game
Turns, played in this process (one core); seeds 0, 1, ... ``--profile`` also prints where a heuristic battle's
time goes (cProfile, top functions by cumulative time).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import time

from strategium.battle.run import play_battle
from strategium.battle.setup import BattleSetup, build_scenario

TARGET_SECONDS = 0.5
"""The issue's target for one demo battle with heuristic players."""


def timed(setup: BattleSetup, seeds: range) -> list[float]:
    """Seconds per battle for each seed (the scenario is built once, outside the timing)."""
    scenario = build_scenario(setup)
    out = []
    for seed in seeds:
        start = time.perf_counter()
        play_battle(setup, seed, scenario=scenario)
        out.append(time.perf_counter() - start)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--battles", type=int, default=5, help="battles of each kind (default 5)")
    parser.add_argument("--profile", action="store_true", help="profile one heuristic battle")
    args = parser.parse_args()
    seeds = range(args.battles)
    heuristic = timed(BattleSetup(), seeds)
    med = statistics.median(heuristic)
    verdict = "meets" if med < TARGET_SECONDS else "misses"
    print(
        f"heuristic demo battle: median {med:.2f} s, best {min(heuristic):.2f} s over {len(heuristic)} battles "
        f"({verdict} the {TARGET_SECONDS} s target)"
    )
    rand = timed(BattleSetup(players=("random", "random")), seeds)
    print(
        f"random demo battle: median {statistics.median(rand):.2f} s; "
        f"{len(rand) / sum(rand):.2f} battles per second on one core"
    )
    if args.profile:
        profile = cProfile.Profile()
        profile.enable()
        play_battle(BattleSetup(), 0)
        profile.disable()
        pstats.Stats(profile).sort_stats("cumulative").print_stats(25)


if __name__ == "__main__":
    main()
