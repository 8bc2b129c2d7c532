"""Game Turns, Player Turns, phases and sub-phases (Age of Darkness rulebook, turn sequence; CORE_A §4.1).

A Game Turn holds one Player Turn per player. ``turn_index`` counts Player Turns from 1 across the whole game
(0 is the pre-game), which makes "the controlling player's next turn" a simple comparison.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

PlayerId = int
"""Players are 1 and 2 (the order the armies were given in)."""


def opponent(player: PlayerId) -> PlayerId:
    """The other player."""
    return 3 - player


class Phase(StrEnum):
    """Where the game is."""

    PRE_GAME = "Pre-game"
    MOVEMENT = "Movement phase"
    SHOOTING = "Shooting phase"
    ASSAULT = "Assault phase"
    GAME_OVER = "Game over"


class SubPhase(StrEnum):
    """Sub-phases of the Movement and Assault phases (the Shooting phase has none)."""

    NONE = "-"
    RESERVES = "Reserves"
    MOVE = "Move"
    CHARGE = "Charge sub-phase"
    FIGHT = "Fight sub-phase"
    RESOLUTION = "Resolution sub-phase"


PHASE_ORDER: tuple[tuple[Phase, SubPhase], ...] = (
    (Phase.MOVEMENT, SubPhase.RESERVES),
    (Phase.MOVEMENT, SubPhase.MOVE),
    (Phase.SHOOTING, SubPhase.NONE),
    (Phase.ASSAULT, SubPhase.CHARGE),
    (Phase.ASSAULT, SubPhase.FIGHT),
    (Phase.ASSAULT, SubPhase.RESOLUTION),
)
"""The steps of one Player Turn, in order."""


@dataclass(frozen=True)
class Clock:
    """Where the game stands: Game Turn (0 = pre-game), Player Turn counter, active player, phase, sub-phase."""

    game_turn: int = 0
    turn_index: int = 0
    active_player: PlayerId = 1
    phase: Phase = Phase.PRE_GAME
    sub_phase: SubPhase = SubPhase.NONE

    def __str__(self) -> str:
        if self.phase is Phase.PRE_GAME:
            return "Pre-game"
        if self.phase is Phase.GAME_OVER:
            return "Game over"
        sub = "" if self.sub_phase is SubPhase.NONE else f", {self.sub_phase.value}"
        return f"Game Turn {self.game_turn}, player {self.active_player}'s turn, {self.phase.value}{sub}"

    def with_step(self, phase: Phase, sub_phase: SubPhase) -> Clock:
        """The same turn at another step."""
        return replace(self, phase=phase, sub_phase=sub_phase)
