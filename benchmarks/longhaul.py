"""The long-haul check (issue 18, not in CI): many random-player battles over many seeds, over the real rosters
and the bundled demo armies, with the state invariants checked after every action
(:mod:`strategium.agents.invariants`, as ``tests/battle/test_conformance.py`` does for the demo alone).

Usage: ``python benchmarks/longhaul.py [--battles N] [--seed S] [--turns T] [--workers W] [--shared DIR]``.
``--battles`` is the total, shared out over the pairings below in turn (each pairing gets its own block of seeds
from ``S``, so a run is reproducible pairing by pairing). Every battle is played to its end (``T`` Game Turns,
default 5, or a Sudden Death before), both sides random players. The pairings: the demo (its own two armies on
its own table), each demo army against its mirror, each real roster of ``shared/data/rosters`` against a demo
army (as player 1; and as player 2 against the Emperor's Children) and each roster against the next one, all
on the demo scenario's table; a pairing that makes no battle (a roster with no playable unit, a Building with
no place) is named and left out.

It prints one line per pairing (battles, failed, Sudden Deaths, wins of each player, draws, CPU seconds per
battle) and the failures (seed, ``Type: message``), then a total; exit code 1 when any battle failed. Figures go
in ``docs/input-limits.md`` ("The fuzz suite and the long-haul check") and ``docs/benchmarks.md``.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from strategium.battle.montecarlo import BattleStats, default_workers, run_battles
from strategium.battle.setup import BattleSetup, build_scenario
from strategium.errors import StrategiumError

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("STRATEGIUM_SHARED", REPO.parent / "shared"))
DEMO_ARMIES = ("emperors_children", "imperialis_militia")


@dataclass(frozen=True)
class Pairing:
    """One kind of battle: a label and its setup (random players on both sides)."""

    label: str
    setup: BattleSetup


def builds(setup: BattleSetup) -> bool:
    """Whether the setup makes a battle (each side has a playable unit left, a Building has its place)."""
    try:
        build_scenario(setup)
    except StrategiumError:
        return False
    return True


def pairings(rosters: Path, turns: int) -> tuple[list[Pairing], list[str]]:
    """The pairings played, in the order battles are shared out (see the module docstring), and the labels of
    the candidate pairings left out because they make no battle (a roster with no playable unit, say)."""
    players = ("random", "random")

    def pair(first: str, second: str) -> Pairing:
        label = f"{Path(first).name} v {Path(second).name}"
        return Pairing(label, BattleSetup(armies=(first, second), turns=turns, players=players))

    candidates = [Pairing("demo", BattleSetup(turns=turns, players=players))]
    candidates += [pair(a, a) for a in DEMO_ARMIES]
    real = sorted(str(p) for p in rosters.glob("*.ros*")) if rosters.is_dir() else []
    candidates += [pair(roster, DEMO_ARMIES[index % 2]) for index, roster in enumerate(real)]
    # (as player 2 against the Emperor's Children only: the Militia's Building has a place for player 2 alone)
    candidates += [pair(DEMO_ARMIES[0], roster) for roster in real]
    candidates += [pair(first, second) for first, second in zip(real, real[1:] + real[:1], strict=True)]
    kept = [p for p in candidates if builds(p.setup)]
    return kept, [p.label for p in candidates if p not in kept]


def shares(total: int, parts: int) -> list[int]:
    """``total`` battles shared out over ``parts`` pairings, as evenly as whole numbers allow."""
    return [total // parts + (1 if i < total % parts else 0) for i in range(parts)]


def line(label: str, stats: tuple[BattleStats, ...], seconds: float) -> str:
    """One pairing's summary line."""
    done = [b for b in stats if b.error is None]
    wins = Counter(b.winner for b in done)
    per = seconds / len(stats) if stats else 0.0
    return (
        f"{label:<58} {len(stats):>5} battles  {len(stats) - len(done):>3} failed  "
        f"{sum(b.sudden_death for b in done):>4} Sudden Death  P1 {wins[1]:>4}  P2 {wins[2]:>4}  "
        f"draws {wins[None]:>4}  {per:5.2f} CPU s/battle"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--battles", type=int, default=2000, help="battles in all (default 2000)")
    parser.add_argument("--seed", type=int, default=50_000, help="first seed (default 50000)")
    parser.add_argument("--turns", type=int, default=5, help="Game Turns per battle (default 5)")
    parser.add_argument("--workers", type=int, default=default_workers(), help="processes (default: CPU count)")
    parser.add_argument("--shared", type=Path, default=SHARED, help="the shared folder (rosters in data/rosters)")
    args = parser.parse_args(argv)
    chosen, skipped = pairings(args.shared / "data" / "rosters", args.turns)
    counts = shares(args.battles, len(chosen))
    print(
        f"long-haul: {args.battles} random-player battles of {args.turns} Game Turns over {len(chosen)} pairings, "
        f"invariants after every action; seeds from {args.seed}; {args.workers} worker(s); "
        f"Python {platform.python_version()} ({sys.executable})",
        flush=True,
    )
    for label in skipped:
        print(f"left out (makes no battle): {label}", flush=True)
    failures: list[tuple[str, int, str]] = []
    total = finished = 0
    cpu_total = 0.0
    started = time.perf_counter()
    for index, (pairing, count) in enumerate(zip(chosen, counts, strict=True)):
        if count == 0:
            continue
        first = args.seed + 100_000 * index
        wall = time.perf_counter()
        cpu = time.process_time() + _children_cpu()
        stats = run_battles(pairing.setup, count, first, args.workers, invariants=True)
        used = time.process_time() + _children_cpu() - cpu
        cpu_total += used
        print(line(pairing.label, stats, used) + f"  ({time.perf_counter() - wall:.0f} s wall)", flush=True)
        total += len(stats)
        finished += sum(b.error is None for b in stats)
        failures += [(pairing.label, b.seed, b.error) for b in stats if b.error is not None]
    for label, seed, error in failures:
        print(f"FAILED {label} seed {seed}: {error}")
    elapsed = time.perf_counter() - started
    print(
        f"total: {total} battles, {finished} finished, {len(failures)} failed; "
        f"{cpu_total:.0f} CPU s ({cpu_total / max(total, 1):.2f} per battle), {elapsed:.0f} s wall",
        flush=True,
    )
    return 1 if failures else 0


def _children_cpu() -> float:
    """CPU seconds of the finished worker processes (``--workers`` > 1 plays in child processes)."""
    times = os.times()
    return times.children_user + times.children_system


if __name__ == "__main__":
    sys.exit(main())
