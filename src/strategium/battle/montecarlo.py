"""Monte Carlo: the same battle played N times with seeds ``seed, seed + 1, ...``, in parallel over local processes,
then summed up: wins, draws and losses with 95% Wilson intervals, average losses per unit, how often each seed
rule fired, and the battles that failed (an engine or player error; the others still count).

Each battle depends only on its setup and seed, and results are ordered by seed before they are summed, so the
same N and seed give the same summary whatever the number of workers.
"""

from __future__ import annotations

import math
import os
import warnings
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from functools import lru_cache

from strategium.agents import seed_rules
from strategium.battle.casualties import casualty_rows
from strategium.battle.run import play_battle
from strategium.battle.setup import BattleSetup, build_scenario
from strategium.errors import StrategiumWarning
from strategium.scenario import Scenario

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


@dataclass(frozen=True)
class UnitLoss:
    """What one unit lost in one battle: ``key`` (``P1 tactical-1``), its name, models lost and models."""

    key: str
    name: str
    lost: int
    models: int


@dataclass(frozen=True)
class BattleStats:
    """One battle of a run: its seed, winner (None: a draw), Sudden Death, victory points, the losses of each
    unit and each seed-rule moment's count, the Game Turns played; ``error`` (one line) when the battle failed, the
    rest then empty."""

    seed: int
    winner: int | None = None
    sudden_death: bool = False
    scores: tuple[int, int] = (0, 0)
    losses: tuple[UnitLoss, ...] = ()
    moments: tuple[tuple[str, int], ...] = ()
    error: str | None = None
    game_turns: int = 0


@lru_cache(maxsize=4)
def _scenario(setup: BattleSetup) -> Scenario:
    with warnings.catch_warnings():  # the command built it once and warned then, before any battle
        warnings.simplefilter("ignore", StrategiumWarning)
        return build_scenario(setup)


def battle_stats(setup: BattleSetup, seed: int, invariants: bool = False) -> BattleStats:
    """Play one battle and keep its statistics; an exception becomes ``error`` (``Type: message``)."""
    try:
        result = play_battle(setup, seed, invariants=invariants, scenario=_scenario(setup))
    except Exception as err:  # one failed battle must not end the run: it is reported
        return BattleStats(seed, error=f"{type(err).__name__}: {err}")
    rows = casualty_rows(result.game.state)
    counts = seed_rules.count_moments(result.events)
    return BattleStats(
        seed,
        result.outcome.winner,
        result.outcome.sudden_death,
        result.outcome.scores,
        tuple(UnitLoss(r.key, r.name, r.lost, r.models) for r in rows),
        tuple((m, counts.get(m, 0)) for m in seed_rules.MOMENTS),
        game_turns=result.outcome.game_turns,
    )


def default_workers() -> int:
    """The number of CPUs this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def run_battles(
    setup: BattleSetup,
    runs: int,
    seed: int = 0,
    workers: int = 1,
    invariants: bool = False,
    progress: Callable[[BattleStats], None] | None = None,
) -> tuple[BattleStats, ...]:
    """Play ``runs`` battles (seeds ``seed`` to ``seed + runs - 1``) over ``workers`` processes (1: in this
    process); ``progress`` is called as each battle finishes. Returns the stats ordered by seed."""
    seeds = range(seed, seed + runs)
    out: list[BattleStats] = []
    if workers <= 1 or runs <= 1:
        for s in seeds:
            stats = battle_stats(setup, s, invariants)
            out.append(stats)
            if progress is not None:
                progress(stats)
    else:
        with ProcessPoolExecutor(max_workers=min(workers, runs)) as pool:
            futures = [pool.submit(battle_stats, setup, s, invariants) for s in seeds]
            for future in as_completed(futures):
                stats = future.result()
                out.append(stats)
                if progress is not None:
                    progress(stats)
    return tuple(sorted(out, key=lambda b: b.seed))


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default), as fractions; (0, 1) when ``n`` is 0."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class Tally:
    """A count out of the finished battles, with its 95% Wilson interval (fractions)."""

    count: int
    of: int

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of ``count / of``."""
        return wilson(self.count, self.of)

    def text(self) -> str:
        """E.g. ``12 (60.0%; 38.7-78.1%)``: the count, its share and the 95% interval."""
        if self.of == 0:
            return "0"
        lo, hi = self.interval
        return f"{self.count} ({100 * self.count / self.of:.1f}%; {100 * lo:.1f}-{100 * hi:.1f}%)"


@dataclass(frozen=True)
class Summary:
    """The sum of a run: battles asked for and finished, per-player wins and losses, draws, Sudden Deaths,
    average models lost per unit (``(key, name, average lost, models)``), for each seed-rule moment the battles
    it happened in and its average count per battle, and the failed battles (seed, error)."""

    runs: int
    finished: int
    wins: tuple[Tally, Tally]
    draws: Tally
    sudden_deaths: int
    losses: tuple[tuple[str, str, float, int], ...]
    moments: tuple[tuple[str, Tally, float], ...]
    errors: tuple[tuple[int, str], ...]

    def losses_of(self, player: int) -> Tally:
        """Player ``player``'s losses: the other player's wins."""
        return self.wins[2 - player]


def summarise(stats: tuple[BattleStats, ...]) -> Summary:
    """Sum the battles of a run (see :class:`Summary`)."""
    done = [b for b in stats if b.error is None]
    n = len(done)
    wins = (Tally(sum(b.winner == 1 for b in done), n), Tally(sum(b.winner == 2 for b in done), n))
    draws = Tally(sum(b.winner is None for b in done), n)
    order: dict[str, tuple[str, int]] = {}
    totals: dict[str, int] = {}
    for b in done:
        for loss in b.losses:
            order.setdefault(loss.key, (loss.name, loss.models))
            totals[loss.key] = totals.get(loss.key, 0) + loss.lost
    losses = tuple((k, name, totals[k] / n, models) for k, (name, models) in order.items()) if n else ()
    moments = []
    for m in seed_rules.MOMENTS:
        counts = [dict(b.moments).get(m, 0) for b in done]
        moments.append((m, Tally(sum(c > 0 for c in counts), n), sum(counts) / n if n else 0.0))
    errors = tuple((b.seed, b.error) for b in stats if b.error is not None)
    return Summary(len(stats), n, wins, draws, sum(b.sudden_death for b in done), losses, tuple(moments), errors)
