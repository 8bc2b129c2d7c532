"""Psychic Focus (Age of Darkness rulebook p.323): a psychic weapon its Psyker must first pass a Psychic check to use.

Read from the data's rule text (paraphrased, never copied); the check and Perils of the Warp are those of
:mod:`strategium.rules.weapon.force` (FRC-2, ``weapon_rules.perils_of_the_warp_wounds``):

- PSF-1: before the To Hit rolls of a volley of a Psychic Focus weapon, each of its firers that is a Psyker takes a
  Psychic check (2D6 against its own Leadership). A firer that passes fires as normal.
- PSF-2: a firer that fails suffers Perils of the Warp on its unit and does not fire that weapon: its share of the
  volley's shots (an equal share each, as the volley was planned) is not fired.

Not played: Psychic Focus weapons in close combat (the weapon a model fights with is also asked when no dice may be
rolled, by the engine's agents); a Psyker that failed firing another weapon instead (its weapons were chosen when
the Shooting Attack was declared).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from strategium.catalogue.citations import Reason
from strategium.catalogue.registry import RuleRef
from strategium.engine.attacks import damage
from strategium.engine.core.events import Ruling
from strategium.engine.shooting.attack import before_volley
from strategium.engine.shooting.plan import Volley
from strategium.model.unit_types import SubType
from strategium.rules.weapon.force import perils_of_the_warp, psychic_check

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

RULE = "Psychic Focus"


@before_volley
def _volley(game: Game, unit_id: str, volley: Volley) -> Volley:
    """PSF-1, PSF-2: each Psyker firer's check; the volley without the shares of those that failed."""
    if not any(isinstance(r, RuleRef) and r.name == RULE for r in volley.rules) or not volley.firers:
        return volley
    models = {m.id: (uid, m) for uid, m in damage.living(game, unit_id)}
    failed: list[str] = []
    for model_id in volley.firers:
        found = models.get(model_id)
        if found is None or not found[1].profile.unit_type.has(SubType.PSYKER):
            continue
        uid, model = found
        if not psychic_check(game, uid, model, RULE):
            failed.append(model_id)
            perils_of_the_warp(game, uid, model, RULE)
    if not failed:
        return volley
    total = len(volley.firers)
    kept = tuple(f for f in volley.firers if f not in failed)
    why = Reason.of(RULE, f"PSF-2: a failed Psychic check: {', '.join(failed)} may not fire {volley.weapon.name}")
    game.log(Ruling(f"{len(failed)} of {total} do not fire {volley.weapon.name}", (why,)))
    shots = volley.shots * len(kept) // total
    dice = volley.dice[: len(volley.dice) * len(kept) // total]
    return replace(volley, firers=kept, shots=shots, dice=dice)
