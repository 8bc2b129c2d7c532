"""Relentless (Age of Darkness rulebook p.245): clauses REL-1 and REL-2 of SEED_RULES.md.

Paraphrase: Relentless models may fire Heavy and Ordnance weapons counting as Stationary even after moving in the
preceding Movement phase (REL-1), and may declare a Charge in a turn in which they fired Heavy, Ordnance or Rapid
Fire weapons (REL-2). Primarchs always have Relentless (p.196).

Both are exemptions to engine blocks: REL-1 lifts the ``moved`` block of ``Query.STATIONARY_FOR_HEAVY``, REL-2 the
``fired-heavy`` / ``fired-rapid-fire`` / ``fired-ordnance`` blocks of ``Query.MAY_CHARGE`` (set by
:mod:`strategium.engine.shooting`). The queries are asked of a unit: the exemption applies when every model of it
still on the table (joined characters included) is Relentless; a unit of mixed models keeps the block.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from strategium.army.army import Model
from strategium.engine.citations import Reason
from strategium.engine.queries import Block, Query, exemption
from strategium.model.unit_types import UnitType

if TYPE_CHECKING:
    from strategium.engine.game import Game

RULE = "Relentless"
CHARGE_BLOCKS = frozenset({"fired-heavy", "fired-rapid-fire", "fired-ordnance"})


def is_relentless(model: Model) -> bool:
    """The model has Relentless, by its own rule or as a Primarch (p.196)."""
    return model.has_rule(RULE) or model.profile.unit_type.counts_as(UnitType.PRIMARCH)


def unit_is_relentless(game: Game, unit_id: str) -> bool:
    """Every model of the unit on the table (with its joined characters) is Relentless."""
    from strategium.engine.damage import living

    models = [m for _, m in living(game, unit_id)] or list(game.state.unit(unit_id).models)
    return bool(models) and all(is_relentless(m) for m in models)


@exemption(Query.STATIONARY_FOR_HEAVY)
def _rel_1(game: Game, unit_id: str, block: Block) -> Reason | None:
    if block.id == "moved" and unit_is_relentless(game, unit_id):
        return Reason.of(RULE, "REL-1: Relentless models fire Heavy and Ordnance weapons as if Stationary")
    return None


@exemption(Query.MAY_CHARGE)
def _rel_2(game: Game, unit_id: str, block: Block) -> Reason | None:
    if block.id in CHARGE_BLOCKS and unit_is_relentless(game, unit_id):
        return Reason.of(RULE, "REL-2: Relentless models may Charge after firing Heavy, Ordnance or Rapid Fire")
    return None
