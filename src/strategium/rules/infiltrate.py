"""Infiltrate (Age of Darkness rulebook p.242): clauses INF-1..INF-10 of SEED_RULES.md.

Paraphrase: a unit with at least one Infiltrate model may deploy after every other unit (INF-1), placed more
than 9" from all enemy units out of sight of the deployed enemy (INF-3), or in a Building more than 9" away
(INF-4), or more than 12" away in plain sight (INF-5); a Dedicated Transport it rides in is placed under the same
limits (INF-6); it may not Charge in its first turn (INF-7); kept in Reserves it gains Outflank (INF-8); it may
then also Scout (INF-9); Independent Characters join only if both or neither can Infiltrate (INF-10).
The geometry of INF-3..INF-5 lives in :mod:`strategium.geometry.regions`.
"""

from __future__ import annotations

from collections.abc import Sequence

from strategium.army.army import Unit
from strategium.engine.citations import Reason

RULE = "Infiltrate"


def reason(clause: str, text: str) -> Reason:
    """A ruling under Infiltrate, naming the clause."""
    return Reason.of(RULE, f"{clause}: {text}")


def can_infiltrate(unit: Unit) -> bool:
    """INF-1: the unit contains at least one model with Infiltrate."""
    return unit.any_model_has(RULE)


def character_join_problem(unit: Unit, characters: Sequence[Unit]) -> Reason | None:
    """INF-10: an infiltrating unit's joined Independent Characters must all have Infiltrate, and the unit
    itself must have it without them. Returns the reason it is refused, or None."""
    if not can_infiltrate(unit):
        return reason("INF-10", f"{unit.name} has no Infiltrate models, so a character cannot infiltrate with it")
    for ic in characters:
        if not can_infiltrate(ic):
            return reason("INF-10", f"{ic.name} lacks Infiltrate and may not join an infiltrating unit")
    return None
