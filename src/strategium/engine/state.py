"""``GameState``: everything that changes during one battle, in one snapshot-able root (STYLE items 1, 4).

The armies themselves (their profiles) never change and are shared between snapshots; what changes (the
clock, effects, the log, the pending decision, and later positions and wounds) lives here.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from strategium.army.army import Army, Unit
from strategium.engine.decisions import Decision
from strategium.engine.effects import Effect
from strategium.engine.events import Event
from strategium.engine.timing import Clock, PlayerId


@dataclass
class GameState:
    """One battle in progress.

    ``armies[p - 1]`` is player ``p``'s army (players are 1 and 2). ``effects`` are the effects in force, in
    the order they were made. ``events`` is the game log. ``pending`` is the decision the engine waits for
    (None when the game is over).
    """

    armies: tuple[Army, Army]
    last_game_turn: int
    first_player: PlayerId = 1
    clock: Clock = field(default_factory=Clock)
    effects: tuple[Effect, ...] = ()
    next_effect_id: int = 1
    events: list[Event] = field(default_factory=list)
    pending: Decision | None = None

    def unit(self, unit_id: str) -> Unit:
        """The army-list unit with this id; raises KeyError if there is none."""
        for army in self.armies:
            for unit in army.units:
                if unit.id == unit_id:
                    return unit
        raise KeyError(unit_id)

    def owner(self, unit_id: str) -> PlayerId:
        """Which player controls the unit; raises KeyError if there is no such unit."""
        for player, army in enumerate(self.armies, start=1):
            if any(u.id == unit_id for u in army.units):
                return player
        raise KeyError(unit_id)

    def snapshot(self) -> GameState:
        """A copy for undo and look-ahead (python-chess memento style: no inverse logic).

        The armies and the logged events are immutable and shared; the event list itself is copied.
        """
        memo: dict[int, object] = {id(self.armies): self.armies, id(self.events): list(self.events)}
        return copy.deepcopy(self, memo=memo)
