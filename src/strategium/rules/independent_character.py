"""Independent Character (Age of Darkness rulebook p.241): who may join whom before deployment.

Paraphrase of what is implemented: an Independent Character may join another friendly unit; it may not join a
unit with Vehicle, Dreadnought or Automata models or Monstrous models unless it shares that type; Infantry units
take only Infantry or Primarch models, Cavalry units only Cavalry (Unit Types pp.195-197). A character that has
joined deploys with the unit and counts as part of it.
"""

from __future__ import annotations

from strategium.army.army import Unit
from strategium.engine.citations import Reason
from strategium.model.unit_types import SubType, UnitType

RULE = "Independent Character"

_SAME_TYPE_ONLY = (UnitType.VEHICLE, UnitType.DREADNOUGHT, UnitType.AUTOMATA, UnitType.CAVALRY, UnitType.DAEMON)


def _types(unit: Unit) -> set[UnitType | None]:
    return {m.profile.unit_type.unit_type for m in unit.models}


def is_independent_character(unit: Unit) -> bool:
    """Every model of the unit is an Independent Character (by rule or Sub-type)."""
    return bool(unit.models) and all(
        m.has_rule(RULE) or m.profile.unit_type.has(SubType.INDEPENDENT_CHARACTER) for m in unit.models
    )


def join_problem(character: Unit, unit: Unit) -> Reason | None:
    """Why ``character`` may not join ``unit``, or None if it may."""
    if not is_independent_character(character):
        return Reason.of(RULE, f"{character.name} is not an Independent Character")
    mine, theirs = _types(character), _types(unit)
    for kind in _SAME_TYPE_ONLY:
        if (kind in theirs) != (kind in mine):
            return Reason.of(RULE, f"{character.name} and {unit.name} must share the {kind} Unit Type to join")
    if UnitType.INFANTRY in theirs and not mine <= {UnitType.INFANTRY, UnitType.PRIMARCH}:
        return Reason.of(RULE, f"an Infantry unit takes only Infantry or Primarch models ({character.name})")
    if any(m.profile.unit_type.has(SubType.MONSTROUS) for m in unit.models) and not all(
        m.profile.unit_type.has(SubType.MONSTROUS) for m in character.models
    ):
        return Reason.of(RULE, f"only a Monstrous character may join {unit.name}")
    return None
