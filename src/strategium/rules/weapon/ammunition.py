"""Limited Ammunition (Liber Astartes / Liber Hereticus p.122) and One Use/One Shot (Age of Darkness rulebook
p.243): weapons whose Shooting Attacks run out, tracked per model in ``UnitStatus.weapons_fired`` and
``weapons_spent`` (w20l), on :func:`strategium.engine.shooting.attack.after_volley`.

Paraphrase of what is played:

- LIM-1: once a volley of a Limited Ammunition weapon is fully resolved, each model that fired it rolls a D6, +1 if
  that model's weapon had fired earlier in the battle; on a total of 6 or more the weapon makes no more Shooting
  Attacks this battle. The roll and its result are logged.
- ONE-1: a One Use (One Shot) weapon that has made a Shooting Attack makes no more this battle.
- Either way the engine's plan refuses the spent weapon from then on, citing the rule
  (:mod:`strategium.engine.shooting.plan`), and the model may fire another weapon instead.

Not played: the Vehicle Damage side (LIM: a spent weapon counts as lost already and cannot be picked by a Weapon
Destroyed result; ONE: a used weapon can be neither lost nor mended); One Use weapons in close combat and One Use
abilities are not tracked; each profile of a multi-profile weapon is tracked on its own name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from strategium.catalogue.citations import Reason
from strategium.engine.core.events import Ruling
from strategium.engine.shooting.attack import after_volley
from strategium.engine.shooting.plan import Volley

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

LIMITED = "Limited Ammunition"
ONE_USE = "One Use/One Shot"


def _rule(volley: Volley) -> str | None:
    names = {getattr(r, "name", None) for r in volley.weapon.type.rules}
    return ONE_USE if ONE_USE in names else LIMITED if LIMITED in names else None


def _owner(game: Game, unit_id: str, model_id: str) -> str:
    """The unit (the firing unit or a joined character's) whose model is ``model_id``."""
    s = game.state
    for uid in (unit_id, *[u.id for u in s.characters_joined_to(unit_id)]):
        if any(m.id == model_id for m in s.unit(uid).models):
            return uid
    return unit_id


@after_volley
def _shots_left(game: Game, unit_id: str, volley: Volley) -> None:
    rule = _rule(volley)
    if rule is None:
        return
    s = game.state
    weapon = volley.weapon.name
    for model_id in dict.fromkeys(volley.firers):
        status = s.units[_owner(game, unit_id, model_id)]
        before = (model_id, weapon) in status.weapons_fired
        if not before:
            status.weapons_fired = (*status.weapons_fired, (model_id, weapon))
        if rule == ONE_USE:
            why = Reason.of(rule, "ONE-1: a One Use weapon that has attacked may not be used again this battle")
            status.weapons_spent = (*status.weapons_spent, (model_id, weapon, rule))
            game.log(Ruling(f"{model_id}'s {weapon} is used up", (why,)))
            continue
        bonus = 1 if before else 0
        roll = game.logged(s.dice.d6(f"Limited Ammunition: {weapon} of {model_id}", who=model_id))
        total = roll.total + bonus
        added = " + 1 (fired before)" if bonus else ""
        if total >= 6:
            status.weapons_spent = (*status.weapons_spent, (model_id, weapon, rule))
            text = f"LIM-1: {roll.total}{added} = {total}, 6 or more: no more Shooting Attacks this battle"
            game.log(Ruling(f"{model_id}'s {weapon} is out of ammunition", (Reason.of(rule, text),)))
        else:
            text = f"LIM-1: {roll.total}{added} = {total}, under 6: the weapon may fire again"
            game.log(Ruling(f"{model_id}'s {weapon} keeps its ammunition", (Reason.of(rule, text),)))
