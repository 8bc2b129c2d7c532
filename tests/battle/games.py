"""Battles shared by the battle, report and command tests (each is played once per test session)."""

from __future__ import annotations

from functools import cache

from strategium.battle.run import BattleResult, play_battle
from strategium.battle.setup import BattleSetup

SHORT = BattleSetup(turns=2)
"""The demo with heuristic players over two Game Turns (a few seconds)."""


@cache
def short_battle(seed: int = 5, regions: bool = True) -> BattleResult:
    """The demo, two Game Turns, heuristic players, with the report's placement regions."""
    return play_battle(SHORT, seed, regions=regions)


@cache
def demo_battle(seed: int) -> BattleResult:
    """The whole demo battle with heuristic players (no regions)."""
    return play_battle(BattleSetup(), seed)
