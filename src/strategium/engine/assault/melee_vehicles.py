"""Close combat against Vehicles and Buildings (:mod:`strategium.engine.assault.fight`, item 6 of its docstring; Hammer
of
Wrath, :mod:`strategium.rules.seed.hammer_of_wrath`): the model as an attack target at a Facing, its Armour Values, the
Facing close combat attacks strike (``vehicles.melee_facing``) and how many attacks hit (``fight.vehicle_to_hit``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from strategium.army.army import Model
from strategium.catalogue.citations import Reason
from strategium.catalogue.declared import Situation
from strategium.catalogue.registry import RuleRef
from strategium.combat import TargetVehicle
from strategium.combat.declared import declared_for, reroll
from strategium.combat.sources import configured
from strategium.engine.attacks import damage
from strategium.engine.table.placement import hull_of
from strategium.geometry.bases import facing_arcs, facings_touched
from strategium.geometry.measure import Footprint
from strategium.model.characteristics import (
    BuildingCharacteristics,
    Facing,
    KnightCharacteristics,
    VehicleCharacteristics,
)
from strategium.model.unit_types import SubType

if TYPE_CHECKING:
    from strategium.engine.core.game import Game


def vehicle_target(game: Game, unit_id: str, model: Model, facing: Facing) -> TargetVehicle:
    """The vehicle (or Knight, Titan, Building model) ``model`` of ``unit_id`` as an attack target at ``facing``.

    Raises ``InputError`` for a profile without Armour or Hull Points (from the pipeline)."""
    profile = model.profile.characteristics
    assert isinstance(profile, VehicleCharacteristics | KnightCharacteristics | BuildingCharacteristics)
    return TargetVehicle.from_profile(
        model.name,
        profile,
        facing,
        lost=game.state.units[unit_id].wounds_lost.get(model.id, 0),
        invulnerable_save=model.profile.invulnerable_save,
        rules=damage.model_rules(game, unit_id, model),
        slow=model.profile.unit_type.has(SubType.SLOW),
    )


def armour_map(model: Model) -> dict[Facing, int]:
    """Armour Value per Facing of a model with Armour Values."""
    profile = model.profile.characteristics
    if not isinstance(profile, VehicleCharacteristics | KnightCharacteristics | BuildingCharacteristics):
        return {}
    return {f: a for f in Facing if (a := profile.armour(f)) is not None}


def melee_facing(game: Game, attackers: list[Footprint], unit_id: str, model: Model) -> tuple[Facing, Reason]:
    """The Facing of ``model`` (of ``unit_id``, a Vehicle or Building) that close combat attacks from ``attackers``
    (the attacking models' footprints) strike, by ``vehicles.melee_facing``: always Rear, or the Facing they touch
    (the highest Armour if several; Front if none), with the reason citing the setting."""
    config = game.state.config
    if config.vehicles.melee_facing == "rear":
        return Facing.REAR, configured(config, "vehicles.melee_facing", "close combat attacks strike the Rear Armour")
    hull = hull_of(model, game.state.units[unit_id].poses[model.id])
    touched: set[Facing] = set()
    for fp in attackers:
        if hull is not None:
            touched |= facings_touched(hull, fp) or facing_arcs(hull, fp.centre)
    armour = armour_map(model)
    pick = max(sorted(touched or {Facing.FRONT}), key=lambda f: armour.get(f, 0))
    text = f"the attackers touch the {'/'.join(sorted(f.value for f in touched or {pick}))} Facing: {pick} Armour"
    return pick, configured(config, "vehicles.melee_facing", text)


def roll_vehicle_hits(
    game: Game,
    count: int,
    who: str,
    rules: tuple[RuleRef, ...] = (),
    situation: frozenset[Situation] = frozenset(),
) -> tuple[int, tuple[Reason, ...]]:
    """How many of ``count`` close combat attacks hit a Vehicle or Building (``fight.vehicle_to_hit``). The declared
    clauses of the attack's ``rules`` at the To Hit roll (:mod:`strategium.combat.declared`, with the engine's
    ``situation``) re-roll their dice once: Hatred (X), p.240, re-rolls the failed hits against a hated Vehicle in
    the first round."""
    config = game.state.config
    need = config.fight.vehicle_to_hit
    if need <= 1:
        return count, (configured(config, "fight.vehicle_to_hit", f"{count} attacks hit the vehicle automatically"),)
    dice = game.state.dice
    roll = game.logged(dice.roll(count, 6, reason=f"To Hit against a vehicle ({need}+)", who=who))
    faces: tuple[int, ...] = roll.results
    why: tuple[Reason, ...] = ()
    plan = declared_for(rules, melee=True, situation=situation, vehicle=True)
    if plan is not None and plan.to_hit:
        label = f"To Hit re-roll: against a vehicle ({need}+)"
        faces, again, why = reroll(dice, plan.to_hit, faces, lambda face: face >= need, reason=label, who=who)
        if again is not None:
            game.logged(again)
    hits = sum(1 for face in faces if face >= need)  # (a clause left unapplied is said by the hits' attack)
    return hits, (configured(config, "fight.vehicle_to_hit", f"{count} attacks need {need}+: {hits} hit"), *why)
