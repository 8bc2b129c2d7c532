"""Fleet (X) (Age of Darkness rulebook p.238).

Paraphrase of what is implemented, on two of the engine's distance hooks:

- a model with Fleet (X) adds X to its Run distance
  (:func:`strategium.engine.movement.common.run_distance_bonus`, asked after Light);
- a charging unit whose models on the table all have Fleet (X) adds the lowest X to its Charge Distance
  (:func:`strategium.engine.assault.charges.charge_distance_bonus`, after the ``charge.movement_bonus`` band).

A value that is not a number (``Fleet (D3)``) adds nothing. The distance of a Reaction move is in
:mod:`strategium.rules.core.reactions`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from strategium.army.army import Model
from strategium.catalogue.citations import Reason
from strategium.engine.assault.charges import charge_distance_bonus
from strategium.engine.movement.common import run_distance_bonus

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

RULE = "Fleet"


@run_distance_bonus
def _run(game: Game, unit_id: str, model: Model) -> tuple[float, Reason] | None:
    fleet = model.rule(RULE)
    if fleet is None or not fleet.value:
        return None
    return fleet.value, Reason.of(RULE, f"Fleet ({fleet.value}) adds {fleet.value} to the Run distance")


@charge_distance_bonus
def _charge(game: Game, unit_id: str, models: list[Model]) -> tuple[int, Reason] | None:
    fleet = [m.rule(RULE) for m in models]
    if not models or not all(f is not None and f.value for f in fleet):
        return None
    x = min(f.value or 0 for f in fleet if f is not None)
    return x, Reason.of(RULE, f"Fleet ({x}): +{x} to the Charge Distance")
