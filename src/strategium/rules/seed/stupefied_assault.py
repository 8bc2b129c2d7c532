"""Legiones Hereticus (Emperor's Children): Stupefied in the Assault phase (Exemplary Battles of the Age of Darkness
vol.1 p.107): clauses STU-4, STU-10, STU-11 and STU-12 of SEED_RULES.md. The shooting side is in
:mod:`strategium.rules.seed.stupefied`.

Paraphrase and where each clause lives:

- STU-4: a Charge declared by a Stupefied unit is always Disordered (a cause registered with
  :func:`strategium.engine.assault.charges.disorder_cause`, asked as the Charge is declared).
- STU-11: a unit that becomes Stupefied during its own Charge (after Overwatch, say) goes on charging, but the Charge
  is Disordered (the same cause, asked again before the roll and when the move ends).
- STU-10: a Stupefied unit fights normally when charged, but its chargers take no Initiative penalty for Difficult
  Terrain, even if it stands in it (:func:`strategium.engine.assault.charges.terrain_exemption`).
- STU-12: a Stupefied unit may be locked in combat and still takes the Assault phase's Morale checks (the Stupefied
  block of ``Query.TAKES_MORALE_CHECKS`` holds only in the Movement and Shooting phases; a ruling says so,
  :func:`strategium.engine.assault.resolution.morale_note`); Falling Back is a forced move and ends Stupefied (STU-9).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from strategium.catalogue.citations import Reason
from strategium.engine.assault.charges import disorder_cause, terrain_exemption
from strategium.engine.assault.resolution import morale_note
from strategium.engine.core.board import ChargeRecord
from strategium.rules.seed.stupefied import is_stupefied, reason

if TYPE_CHECKING:
    from strategium.engine.core.game import Game


@disorder_cause
def _stu_4_and_11(game: Game, record: ChargeRecord, declaring: bool) -> Reason | None:
    if not is_stupefied(game, record.unit_id):
        return None
    if declaring:
        return reason("STU-4", "a Charge declared by a Stupefied unit is always Disordered")
    if any(r.text.startswith("STU-4") for r in record.disordered):
        return None
    return reason("STU-11", "it became Stupefied during its own Charge: the Charge goes on, Disordered")


@terrain_exemption
def _stu_10(game: Game, target_id: str) -> Reason | None:
    if is_stupefied(game, target_id):
        return reason("STU-10", "chargers of a Stupefied unit take no Difficult Terrain Initiative penalty")
    return None


@morale_note
def _stu_12(game: Game, unit_id: str) -> Reason | None:
    if is_stupefied(game, unit_id):
        return reason("STU-12", "a Stupefied unit still takes the Assault phase's Morale checks")
    return None
