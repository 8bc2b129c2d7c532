"""Independent Character (Age of Darkness rulebook p.241): who may join whom before deployment.

Paraphrase of what is implemented: an Independent Character may join another friendly unit; it may not join a
unit with Vehicle, Dreadnought or Automata models or Monstrous models unless it shares that type; Infantry units
take only Infantry or Primarch models, Cavalry units only Cavalry (Unit Types pp.195-197). A character that has
joined deploys with the unit and counts as part of it.

A character made Cavalry by a Militia Cavalry Mount (MCM-2) joining an Infantry unit is contested (RULINGS MIL-07):
``statuses.mounted_ic_may_join_infantry`` (default false: the Cavalry restriction holds) decides, and the ruling
cites it either way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from strategium.army.army import Unit
from strategium.catalogue.citations import Reason
from strategium.combat.sources import configured
from strategium.config import RulesConfig
from strategium.engine.questions.joining import JoinStage, join_rule
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


MOUNT = "Militia Cavalry Mount"


def _mounted_onto_infantry(character: Unit, unit: Unit) -> bool:
    """Every model of ``character`` is Cavalry by a Militia Cavalry Mount and ``unit`` is all Infantry."""
    return all(m.has_rule(MOUNT) and m.profile.unit_type.unit_type is UnitType.CAVALRY for m in character.models) and (
        _types(unit) == {UnitType.INFANTRY}
    )


def join_problem(character: Unit, unit: Unit, config: RulesConfig | None = None) -> Reason | None:
    """Why ``character`` may not join ``unit``, or None if it may. ``config`` (default: the default rules
    configuration) gives ``statuses.mounted_ic_may_join_infantry`` for a mounted Militia character."""
    if not is_independent_character(character):
        return Reason.of(RULE, f"{character.name} is not an Independent Character")
    if _mounted_onto_infantry(character, unit):
        config = config or RulesConfig()
        if config.statuses.mounted_ic_may_join_infantry:
            return None
        return configured(
            config,
            "statuses.mounted_ic_may_join_infantry",
            f"{character.name}, Cavalry by its {MOUNT}, may not join the Infantry unit {unit.name}",
        )
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


if TYPE_CHECKING:
    from strategium.engine.core.game import Game


@join_rule
def _may_join(game: Game, character: Unit, host: Unit, stage: JoinStage) -> tuple[bool, Reason | None]:
    """The engine's question (:mod:`strategium.engine.questions.joining`), answered by :func:`join_problem`."""
    problem = join_problem(character, host, game.state.config)
    return problem is None, problem
