"""Skyfire (Age of Darkness rulebook p.247; CORE_B §1.3 and §1.9), on
:func:`strategium.engine.shooting.weapon_limits.snap_shot_rule` (w20l).

Paraphrase of what is played:

- SKY-1: a weapon with Skyfire, or any weapon of a model with Skyfire, fires at its normal Ballistic Skill at a unit
  of Flyers or Skimmers (the Sub-types of the target's models), and only Snap Shots at any other target.

The engine does not yet model Flyers in flight (Zooming and the Snap Shots it forces on weapons without Skyfire), so
the "normal Ballistic Skill" half changes nothing today: a Flyer is shot at full BS by every weapon. Other reasons
for Snap Shots (Heavy weapons after moving, Reactions) still apply to a Skyfire weapon.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from strategium.army.army import Model
from strategium.catalogue.citations import Reason
from strategium.engine.shooting.weapon_limits import snap_shot_rule
from strategium.model.unit_types import SubType
from strategium.model.weapons import WeaponProfile

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

RULE = "Skyfire"


def has_skyfire(model: Model, weapon: WeaponProfile) -> bool:
    """The weapon, or the model firing it, has Skyfire."""
    return model.rule(RULE) is not None or any(getattr(r, "name", None) == RULE for r in weapon.type.rules)


def is_air_target(game: Game, target_id: str) -> bool:
    """SKY-1: the target unit's models are Flyers or Skimmers."""
    models = game.state.unit(target_id).models
    return bool(models) and all(
        m.profile.unit_type.has(SubType.FLYER) or m.profile.unit_type.has(SubType.SKIMMER) for m in models
    )


@snap_shot_rule
def _snap_at_ground_targets(
    game: Game, unit_id: str, model: Model, weapon: WeaponProfile, target_id: str
) -> Reason | None:
    if not has_skyfire(model, weapon) or is_air_target(game, target_id):
        return None
    name = game.state.unit(target_id).name
    return Reason.of(RULE, f"SKY-1: {weapon.name} fires only Snap Shots at {name}, neither Flyers nor Skimmers")
