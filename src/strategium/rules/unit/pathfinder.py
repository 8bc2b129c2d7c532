"""Pathfinder (Age of Darkness rulebook p.247).

Paraphrase of what is implemented, on the engine's Dangerous Terrain exemption
(:func:`strategium.engine.movement.common.dangerous_terrain_exemption`): when a unit with one or more Pathfinder models
(it, or a character joined to it) moves through Dangerous Terrain, each of its models passes its Dangerous Terrain
test automatically, without a roll; the ruling cites Pathfinder. It is asked before the Sub-types that pass
automatically (Assassin, Gargantuan, Knight, Titan), so a Pathfinder model of those Sub-types cites Pathfinder.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from strategium.army.army import Model, Unit
from strategium.catalogue.citations import Reason
from strategium.engine.movement.common import dangerous_terrain_exemption

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

RULE = "Pathfinder"
PASSES = Reason.of(RULE, "passes automatically")


@dangerous_terrain_exemption
def _passes(game: Game, units: Sequence[Unit], model: Model) -> Reason | None:
    return PASSES if any(m.has_rule(RULE) for u in units for m in u.models) else None
