"""The pre-game's bookkeeping: which step it is in, who deploys first, whose turn it is to place or redeploy.

Steps, in order (CORE_A §3.1): roll-off for deployment, Reserves declarations (and Independent Characters
joining), deployment, Infiltrate, Scout, the first turn and Seize the Initiative.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from strategium.engine.core.timing import PlayerId


class PreGameStep(StrEnum):
    """The steps of the pre-game."""

    DEPLOYMENT_ROLL = "roll-off to choose who deploys first"
    RESERVES = "Reserves declarations"
    DEPLOY = "deployment"
    INFILTRATE = "Infiltrate"
    SCOUT = "Scout redeployments"
    SEIZE = "Seize the Initiative"
    DONE = "done"


@dataclass
class PreGameTrack:
    """Where the pre-game stands. ``turn`` is whose go it is within the step; ``done`` the players who have
    finished the step (or have nothing more to place); ``eligible`` the Scout units not yet redeployed."""

    step: PreGameStep = PreGameStep.DEPLOYMENT_ROLL
    first_deployer: PlayerId | None = None
    turn: PlayerId | None = None
    done: set[PlayerId] = field(default_factory=set)
    eligible: dict[PlayerId, list[str]] = field(default_factory=dict)

    def copy(self) -> PreGameTrack:
        """An independent copy (for state snapshots)."""
        return PreGameTrack(
            self.step,
            self.first_deployer,
            self.turn,
            set(self.done),
            dict(zip(self.eligible, map(list, self.eligible.values()), strict=True)) if self.eligible else {},
        )

    def key(self) -> tuple[object, ...]:
        """A value (compared with ==) equal for equal tracks (see ``GameState.key``)."""
        eligible = self.eligible  # (empty once the Scout step is over: no tuples built for it)
        pairs = tuple(zip(eligible, map(tuple, eligible.values()), strict=True)) if eligible else ()
        return (self.step, self.first_deployer, self.turn, frozenset(self.done), pairs)
