"""Who won a battle: the project's default victory conditions (documented in ``docs/battle.md``).

HH2's missions are not implemented yet, so strategium decides a battle by a stated default:

- **Sudden Death** (when the rules configuration's ``game.sudden_death`` is on, the default): at the end of a
  Player Turn, a side with no unit left in play loses at once and the battle stops. A unit is in play when it
  stands on the table, is embarked in a Transport or Building, or is still to arrive from Reserves.
- Otherwise, after the last Game Turn, each side scores the **points of the enemy units it destroyed** (their
  army-list points; Buildings count, as units of the army); the higher score wins, equal scores are a draw.
  Units still in Reserves when the battle ends count as destroyed when the rules configuration's
  ``reserves.unarrived_count_as_destroyed`` is on (the default; 7th-edition convention), and the outcome names them.
"""

from __future__ import annotations

from dataclasses import dataclass

from strategium.engine.core.board import Location
from strategium.engine.core.state import GameState
from strategium.engine.core.timing import PlayerId

IN_PLAY = (Location.TABLE, Location.EMBARKED, Location.RESERVES)
"""Locations of a unit that still counts for Sudden Death."""


@dataclass(frozen=True)
class Outcome:
    """The result: ``winner`` (None for a draw), each player's victory points (``scores[p - 1]``: points of the
    enemy units player ``p`` destroyed), ``sudden_death`` when a side was wiped out, and ``game_turns`` played."""

    winner: PlayerId | None
    scores: tuple[int, int]
    sudden_death: bool
    game_turns: int
    unarrived: tuple[str, ...] = ()
    """The units still in Reserves counted as destroyed (``P1 Javelin Squadron``), with the setting's citation
    last; empty when none were (or the setting is off)."""

    def text(self) -> str:
        """One line, e.g. ``Player 1 wins by Sudden Death after Game Turn 3 (victory points 1070 to 475)``."""
        score = f"victory points {self.scores[0]} to {self.scores[1]}"
        if self.unarrived:
            score += f"; counted as destroyed, still in Reserves: {', '.join(self.unarrived)}"
        if self.winner is None:
            return f"A draw after Game Turn {self.game_turns} ({score})"
        how = "by Sudden Death" if self.sudden_death else "on victory points"
        return f"Player {self.winner} wins {how} after Game Turn {self.game_turns} ({score})"


def wiped_out(state: GameState) -> tuple[PlayerId, ...]:
    """The players with no unit in play (see the module docstring)."""
    alive = {s.player for s in state.units.values() if s.location in IN_PLAY}
    return tuple(p for p in (1, 2) if p not in alive)


def _lost(state: GameState) -> tuple[Location, ...]:
    """Where a unit counts as destroyed at the end: destroyed, and still in Reserves by the configuration."""
    if state.config.reserves.unarrived_count_as_destroyed:
        return (Location.DESTROYED, Location.RESERVES)
    return (Location.DESTROYED,)


def destroyed_points(state: GameState, player: PlayerId) -> int:
    """The points of ``player``'s units that count as destroyed at the end (what the opponent scores): destroyed,
    or still in Reserves when ``reserves.unarrived_count_as_destroyed`` is on."""
    lost = _lost(state)
    return sum(u.points for u in state.armies[player - 1].units if state.units[u.id].location in lost)


def unarrived(state: GameState) -> tuple[str, ...]:
    """The units counted as destroyed because they are still in Reserves (``P2 Javelin Squadron``), then the
    setting's citation; empty when there are none or the setting is off."""
    if Location.RESERVES not in _lost(state):
        return ()
    names = tuple(
        f"P{player} {u.name}"
        for player, army in enumerate(state.armies, start=1)
        for u in army.units
        if state.units[u.id].location is Location.RESERVES
    )
    return (*names, state.config.cite("reserves.unarrived_count_as_destroyed")) if names else ()


def decide(state: GameState, sudden_death: bool) -> Outcome:
    """The outcome of a finished (or Sudden-Death-stopped) battle."""
    scores = (destroyed_points(state, 2), destroyed_points(state, 1))
    turns, late = state.clock.game_turn, unarrived(state)
    if sudden_death:
        gone = wiped_out(state)
        if len(gone) == 1:
            return Outcome(3 - gone[0], scores, True, turns, late)
        if len(gone) == 2:
            return Outcome(None, scores, True, turns, late)
    if scores[0] == scores[1]:
        return Outcome(None, scores, False, turns, late)
    return Outcome(1 if scores[0] > scores[1] else 2, scores, False, turns, late)
