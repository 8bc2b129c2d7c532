"""Relentless (Age of Darkness rulebook p.245): clauses REL-1 and REL-2 of SEED_RULES.md.

Paraphrase: Relentless models may fire Heavy and Ordnance weapons counting as Stationary even after moving in the
preceding Movement phase (REL-1), and may declare a Charge in a turn in which they fired Heavy, Ordnance or Rapid
Fire weapons (REL-2). Primarchs always have Relentless (p.196).

Both are exemptions to engine blocks: REL-1 lifts the ``moved`` block of ``Query.STATIONARY_FOR_HEAVY``, REL-2 the
``fired-heavy`` / ``fired-rapid-fire`` / ``fired-ordnance`` blocks of ``Query.MAY_CHARGE`` (set by
:mod:`strategium.engine.shooting.blockers`). The queries are asked of a unit. REL-1 applies when every model of it
still on the table is Relentless (a joined character is planned as its own member:
``engine/shooting/members.py``). REL-2 in a unit of mixed models (say a Relentless character joined to a squad):
``charge.fired_weapon_exemption`` (default
``firing_models``: the Charge is allowed when every member that fired such a weapon is Relentless; ``whole_unit``:
only when every model of the unit is).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from strategium.army.army import Model
from strategium.catalogue.citations import Reason
from strategium.engine.core.watchers import Fact
from strategium.engine.questions.queries import Block, Query, exemption
from strategium.model.unit_types import UnitType

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

RULE = "Relentless"
CHARGE_BLOCKS = frozenset({"fired-heavy", "fired-rapid-fire", "fired-ordnance"})


def is_relentless(model: Model) -> bool:
    """The model has Relentless, by its own rule or as a Primarch (p.196)."""
    return model.has_rule(RULE) or model.profile.unit_type.counts_as(UnitType.PRIMARCH)


def unit_is_relentless(game: Game, unit_id: str) -> bool:
    """Every model of the unit on the table (with its joined characters) is Relentless."""
    from strategium.engine.attacks.damage import living

    models = [m for _, m in living(game, unit_id)] or list(game.state.unit(unit_id).models)
    return bool(models) and all(is_relentless(m) for m in models)


def _own_models_relentless(game: Game, unit_id: str) -> bool:
    """Every model of the unit itself (not its joined characters, planned as their own members) on the table is
    Relentless."""
    s = game.state
    status = s.units[unit_id]
    models = [m for m in s.unit(unit_id).models if m.id in status.poses] or list(s.unit(unit_id).models)
    return bool(models) and all(is_relentless(m) for m in models)


@exemption(Query.STATIONARY_FOR_HEAVY)
def _rel_1(game: Game, unit_id: str, block: Block) -> Reason | None:
    if block.id == "moved" and _own_models_relentless(game, unit_id):
        return Reason.of(RULE, "REL-1: Relentless models fire Heavy and Ordnance weapons as if Stationary")
    return None


_FIRED_FACTS = (Fact.FIRED_HEAVY, Fact.FIRED_RAPID_FIRE, Fact.FIRED_ORDNANCE)


def _fired_are_relentless(game: Game, unit_id: str) -> bool:
    """Every member of the unit (its own models, each joined character) that fired a Heavy, Rapid Fire or Ordnance
    weapon this turn is wholly Relentless (its living models)."""
    from strategium.engine.attacks.damage import members

    s = game.state
    fired = [uid for uid in members(game, unit_id) if any(s.facts.has(uid, f) for f in _FIRED_FACTS)]
    return bool(fired) and all(_own_models_relentless(game, uid) for uid in fired)


@exemption(Query.MAY_CHARGE)
def _rel_2(game: Game, unit_id: str, block: Block) -> Reason | None:
    if block.id not in CHARGE_BLOCKS:
        return None
    from strategium.engine.movement.common import config_reason

    if unit_is_relentless(game, unit_id):
        return Reason.of(RULE, "REL-2: Relentless models may Charge after firing Heavy, Ordnance or Rapid Fire")
    if game.state.config.charge.fired_weapon_exemption == "firing_models" and _fired_are_relentless(game, unit_id):
        text = "REL-2: the models that fired Heavy, Ordnance or Rapid Fire weapons are Relentless: they may Charge"
        return config_reason(game, "charge.fired_weapon_exemption", text)
    return None
