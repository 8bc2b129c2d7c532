"""Scout (Age of Darkness rulebook p.246): clauses SCT-1..SCT-10 of SEED_RULES.md.

Paraphrase: after all deployment (Infiltrators included) and before the first turn, a unit with at least one
Scout model may redeploy (SCT-1), each model ending entirely within 6" (Infantry, Artillery, Dreadnought,
Automata) or 12" (other Unit Types) of where it stood (SCT-2), more than 9" from every enemy unit, free to leave
its deployment zone (SCT-3); it may not Charge in the first Game Turn (SCT-4); nobody embarks or disembarks
(SCT-5); both sides alternate after a roll-off (SCT-6); a Scout unit inside its Dedicated Transport gives the
Transport Scout (SCT-7), which it keeps whoever rides in it (SCT-8); kept in Reserves it gains Outflank (SCT-9).
"""

from __future__ import annotations

from strategium.army.army import Unit
from strategium.catalogue.citations import Reason

RULE = "Scout"


def reason(clause: str, text: str) -> Reason:
    """A ruling under Scout, naming the clause."""
    return Reason.of(RULE, f"{clause}: {text}")


def has_scout(unit: Unit) -> bool:
    """SCT-1: the unit contains at least one model with Scout."""
    return unit.any_model_has(RULE)
