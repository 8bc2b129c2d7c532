"""Battle speed, on one core: wall time per demo battle with heuristic players (target: under 0.5 s), and
battles per second with random players. Figures go in ``docs/benchmarks.md``.

Usage: ``python benchmarks/battle.py [--battles N] [--profile] [--checks]``. Each battle is the bundled demo, five
Game Turns, played in this process (one core); seeds 0, 1, ... ``--profile`` also prints where a heuristic battle's
time goes (cProfile, top functions by cumulative time); ``--checks`` counts the engine's ``Game.check`` calls per
applied action in one battle of each kind (the players' proposals, refused ones included, and the apply's own),
and the refused ones by action type.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import platform
import pstats
import statistics
import sys
import time
from collections import Counter
from unittest.mock import patch

from strategium.battle.run import play_battle
from strategium.battle.setup import BattleSetup, build_scenario
from strategium.engine.core.actions import Action, Verdict
from strategium.engine.core.game import Game

TARGET_SECONDS = 0.5
"""The issue's target for one demo battle with heuristic players."""


def timed(setup: BattleSetup, seeds: range) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU seconds (this process) per battle for each seed (the scenario is built once, outside
    the timing). On a shared machine the CPU figure is the steadier of the two."""
    scenario = build_scenario(setup)
    wall, cpu = [], []
    for seed in seeds:
        start, start_cpu = time.perf_counter(), time.process_time()
        play_battle(setup, seed, scenario=scenario)
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return wall, cpu


def checks_per_action(setup: BattleSetup, seed: int = 0) -> tuple[int, int, Counter[str]]:
    """(``Game.check`` calls, actions applied, refused checks by action type) in one battle of ``setup``."""
    calls = 0
    refused: Counter[str] = Counter()
    original = Game.check

    def counted(game: Game, action: Action) -> Verdict:
        nonlocal calls
        calls += 1
        verdict = original(game, action)
        if not verdict:
            refused[type(action).__name__] += 1
        return verdict

    with patch.object(Game, "check", counted):
        result = play_battle(setup, seed)
    return calls, len(result.game.state.history), refused


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--battles", type=int, default=5, help="battles of each kind (default 5)")
    parser.add_argument("--profile", action="store_true", help="profile one heuristic battle")
    parser.add_argument("--checks", action="store_true", help="count engine checks per action")
    args = parser.parse_args()
    seeds = range(args.battles)
    print(f"CPython {platform.python_version()} at {os.path.realpath(sys.executable)} ({platform.python_compiler()})")
    heuristic, heuristic_cpu = timed(BattleSetup(), seeds)
    med = statistics.median(heuristic)
    verdict = "meets" if med < TARGET_SECONDS else "misses"
    print(
        f"heuristic demo battle: median {med:.2f} s, best {min(heuristic):.2f} s over {len(heuristic)} battles "
        f"({verdict} the {TARGET_SECONDS} s target); CPU median {statistics.median(heuristic_cpu):.2f} s"
    )
    rand, rand_cpu = timed(BattleSetup(players=("random", "random")), seeds)
    print(
        f"random demo battle: median {statistics.median(rand):.2f} s; "
        f"{len(rand) / sum(rand):.2f} battles per second on one core; CPU median {statistics.median(rand_cpu):.2f} s"
    )
    if args.checks:
        for kind in ("heuristic", "random"):
            calls, actions, refused = checks_per_action(BattleSetup(players=(kind, kind)))
            print(f"{kind} demo battle: {calls} engine checks for {actions} actions ({calls / actions:.2f} per action)")
            print(f"  refused: {sum(refused.values())} ({', '.join(f'{k} {n}' for k, n in refused.most_common())})")
    if args.profile:
        profile = cProfile.Profile()
        profile.enable()
        play_battle(BattleSetup(), 0)
        profile.disable()
        pstats.Stats(profile).sort_stats("cumulative").print_stats(25)


if __name__ == "__main__":
    main()
