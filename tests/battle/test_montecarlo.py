"""Monte Carlo: Wilson intervals, the summary, and the same summary whatever the number of workers."""

from __future__ import annotations

import pytest

from strategium.agents import seed_rules
from strategium.battle.montecarlo import BattleStats, Tally, UnitLoss, run_battles, summarise, wilson
from strategium.battle.setup import BattleSetup


def test_wilson_interval_exact_values() -> None:
    lo, hi = wilson(0, 8)
    assert lo == 0.0 and hi == pytest.approx(1.959964**2 / (8 + 1.959964**2))  # k = 0: z² / (n + z²)
    lo, hi = wilson(12, 20)
    assert lo == pytest.approx(0.38658, abs=1e-5) and hi == pytest.approx(0.78119, abs=1e-5)
    assert wilson(0, 0) == (0.0, 1.0)
    assert Tally(12, 20).text() == "12 (60.0%; 38.7-78.1%)"


def test_summarise_counts_wins_losses_moments_and_errors() -> None:
    moments = tuple((m, 2 if m == seed_rules.SCOUT else 0) for m in seed_rules.MOMENTS)
    stats = (
        BattleStats(0, 1, False, (100, 0), (UnitLoss("P1 a", "A", 2, 10),), moments),
        BattleStats(1, None, False, (0, 0), (UnitLoss("P1 a", "A", 4, 10),), moments),
        BattleStats(2, 2, True, (0, 50), (UnitLoss("P1 a", "A", 10, 10),), moments),
        BattleStats(3, error="PlayerError: no"),
    )
    s = summarise(stats)
    assert (s.runs, s.finished, s.sudden_deaths) == (4, 3, 1)
    assert s.wins == (Tally(1, 3), Tally(1, 3)) and s.draws == Tally(1, 3)
    assert s.losses_of(1) == Tally(1, 3)
    assert s.losses == (("P1 a", "A", 16 / 3, 10),)
    scout = next(m for m in s.moments if m[0] == seed_rules.SCOUT)
    assert scout == (seed_rules.SCOUT, Tally(3, 3), 2.0)
    assert s.errors == ((3, "PlayerError: no"),)


def test_same_summary_whatever_the_workers() -> None:
    setup = BattleSetup(turns=1, players=("random", "random"))
    one = run_battles(setup, 3, seed=40, workers=1)
    two = run_battles(setup, 3, seed=40, workers=2)
    assert [b.seed for b in one] == [40, 41, 42]
    assert one == two and summarise(one) == summarise(two)
    assert all(b.error is None for b in one)
