"""Move Through Cover (Age of Darkness rulebook p.243).

Paraphrase of what is implemented, on the engine's Difficult Terrain exemption
(:func:`strategium.engine.movement.common.difficult_terrain_exemption`): a unit whose models all have Move Through
Cover (with its joined characters) is not slowed by Difficult Terrain, neither on a move (Move, Run, a Reaction move:
no loss of allowance) nor on a Charge (no penalty to the Charge Distance; the roll's ruling cites it).

The rule does not lift the Initiative penalty for a Charge through Difficult Terrain (p.222,
:mod:`strategium.engine.assault.charges`); its status stays partial (``catalogue/status.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from strategium.army.army import Model
from strategium.catalogue.citations import Reason
from strategium.engine.movement.common import difficult_terrain_exemption

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

RULE = "Move Through Cover"
CHARGING = Reason.of(RULE, "no penalty for charging through Difficult Terrain")
MOVING = Reason.of(RULE, "not slowed by Difficult Terrain")


@difficult_terrain_exemption
def _not_slowed(game: Game, models: Sequence[Model], charging: bool) -> Reason | None:
    if not models or not all(m.has_rule(RULE) for m in models):
        return None
    return CHARGING if charging else MOVING
