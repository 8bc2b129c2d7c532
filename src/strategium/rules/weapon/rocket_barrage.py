"""Rocket Barrage (Liber Astartes / Liber Hereticus p.124), on
:func:`strategium.engine.shooting.weapon_limits.volley_rule_source` (w20l).

Paraphrase of what is played:

- RB-1: when the model's unit has not moved in this turn's Movement phase (the engine's MOVED fact), its weapon
  with Rocket Barrage gains Rending (4+) and Pinning for its Shooting Attacks in the controlling player's turn. The
  text makes it the player's option; it has no cost, so the engine always takes it.

Not played: the rules last until the start of the player's next turn, so they should also apply to the weapon's
Reaction shots in the opponent's turn; the engine does not keep the earlier turn's movement, so it does not give
them then. A model that counts as Stationary through another rule (Relentless) but moved does not gain them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from strategium.army.army import Model
from strategium.catalogue.citations import Reason
from strategium.catalogue.registry import RuleRef, find_rule
from strategium.engine.core.watchers import Fact
from strategium.engine.shooting.weapon_limits import volley_rule_source
from strategium.model.weapons import WeaponProfile

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

RULE = "Rocket Barrage"
_GAINED = tuple(r for r in (find_rule("Rending (4+)"), find_rule("Pinning")) if isinstance(r, RuleRef))


@volley_rule_source
def _rending_and_pinning(
    game: Game, unit_id: str, model: Model, weapon: WeaponProfile
) -> tuple[tuple[RuleRef, ...], Reason] | None:
    if not any(getattr(r, "name", None) == RULE for r in weapon.type.rules):
        return None
    s = game.state
    if s.clock.active_player != s.owner(unit_id) or s.facts.has(unit_id, Fact.MOVED):
        return None
    why = Reason.of(RULE, f"RB-1: {model.id} did not move this turn: its {weapon.name} gains Rending (4+) and Pinning")
    return _GAINED, why
