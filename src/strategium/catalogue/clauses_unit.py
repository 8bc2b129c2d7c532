"""Declared clauses of model and unit special rules (bearer: the attacking model), by canonical rule name.

Each clause is data in the vocabulary of :mod:`strategium.catalogue.declared`, played by
:mod:`strategium.combat.declared`; book, page and paraphrase are the rule's ``RuleDef``. The engine adds the
attacking model's rules that have clauses to its attacks (``strategium.combat.declared.acting_rules``).
"""

from __future__ import annotations

from typing import Final

from strategium.catalogue.declared import Bearer, Clause, Reroll, RerollWhich, Situation, TargetMatches, Trigger, X

UNIT_CLAUSES: Final[dict[str, tuple[Clause, ...]]] = {
    # Hatred (X), rulebook p.240 (CORE_B §5.5, confirmed): in the first round of each combat the model re-rolls failed
    # close combat To Hit rolls against the foe X names. The first round is for a unit not locked when the Assault
    # phase began that charges or is charged by an enemy unit; an enemy Charge into a unit already locked makes a new
    # one. Project reading, per attacking unit (strategium.engine.assault.fight.first_round): the unit made a
    # successful Charge this Player Turn, or an enemy unit's successful Charge of this Player Turn locked it (a
    # friendly unit charging into its combat gives it none). The model's rules are its own and those its unit gained
    # from an effect in force. The (X) read: "Everything" or none (every enemy: all the real rosters write
    # "Hatred (Everything)"); any other foe is not read yet, and the clause is not applied, with a ruling saying so.
    "Hatred": (
        Clause(
            "HAT-1",
            Trigger.TO_HIT_ROLL,
            (Situation.MELEE, Situation.FIRST_ROUND_OF_COMBAT, TargetMatches(X)),
            (Reroll(RerollWhich.FAILED),),
            "in the first round of a combat, failed close combat To Hit rolls against the hated foe ({x}) are "
            "re-rolled",
            bearer=Bearer.MODEL,
        ),
    ),
}
"""Rule name → its clauses."""
