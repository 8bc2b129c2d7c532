"""Gets Hot (Age of Darkness rulebook p.239; CORE_B §2 and §3): a weapon that may wound the model firing it.

Read from the game system data's rule text (paraphrased, never copied) and CORE_B (p.239 confirmed):

- GH-1: each unmodified To Hit roll of 1 with the weapon inflicts one Wound on the firing model, at the weapon's AP;
  it cannot be allocated to another model of the unit (a model already removed by an earlier one loses it). Snap
  Shots roll To Hit too, so their 1s count. The Wound has no Strength: no Instant Death.
- GH-2: against that Wound the model may take its Armour or Invulnerable Save and Feel No Pain, but no Cover Save and
  no Shrouded roll (``MitigationContext.ignores_cover``, which bars Shrouded).
- GH-3: a Vehicle (a model with Hull Points) instead rolls a D6 for each such 1: on a 1 or 2 it suffers a Glancing Hit
  (no Damage Mitigation roll is offered: the text bars Shrouded for the firer), played as the Vehicle rules play one
  (:func:`strategium.engine.attacks.vehicle_results.glancing_hit`): a Hull Point lost, a Vehicle Damage roll only with
  ``vehicle_damage.glancing_hits_roll`` (at the weapon's AP), and at no Hull Points left the Vehicle is Wrecked (its
  passengers disembark) or, after an Explodes result, explodes.
- GH-4: a model that re-rolls its To Hit rolls (BS 6+, Twin-linked) suffers the Wound only when the re-roll is a 1:
  the die read is the one that stands after its re-roll.
- GH-5: a weapon that makes no To Hit roll (Blast, Template) rolls a D6 per shot just before firing; each 1 is a shot
  not fired and a GH-1 Wound (or GH-3 roll) on its firer. A model that could re-roll To Hit (BS 6+ or Twin-linked)
  re-rolls those 1s once. A model firing several templates lays those that did not Get Hot (``Volley.not_fired``).
- GH-6 (our reading, the text being silent): the dice of a volley fired by several models are dealt to the firing
  models in order, an equal share each; a 1 wounds the model whose share it is in.

Not read here: Legion or unit rules that change Gets Hot (each its own rule).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from strategium.army.army import Model
from strategium.catalogue.citations import Reason
from strategium.combat.saves import best_save
from strategium.combat.tables import effective_bs, shooting_hit_target
from strategium.dice import Roll
from strategium.engine.attacks import damage
from strategium.engine.core.events import Ruling
from strategium.engine.shooting.attack import after_to_hit, before_area_fire
from strategium.engine.shooting.plan import Volley
from strategium.model.weapons import RangeKind

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

RULE = "Gets Hot"


def _has(volley: Volley) -> bool:
    return any(r.name == RULE for r in volley.rules)


def _why(text: str) -> Reason:
    return Reason.of(RULE, text)


def _owner(game: Game, unit_id: str, model_id: str) -> tuple[str, Model] | None:
    """The unit (the firing unit or a joined character's) and the model of ``model_id``, or None."""
    for uid in damage.members(game, unit_id):
        for model in game.state.unit(uid).models:
            if model.id == model_id:
                return uid, model
    return None


def _firer_of(volley: Volley, index: int, count: int) -> str:
    """GH-6: the firing model whose share of the volley's ``count`` dice holds die ``index`` (from 0)."""
    return volley.firers[index * len(volley.firers) // max(count, 1)]


def wound_firer(game: Game, unit_id: str, model_id: str, volley: Volley, cause: Reason) -> None:
    """One Gets Hot result on the firing model ``model_id`` of ``unit_id`` (or of a character joined to it): GH-1 and
    GH-2 for a model with Wounds, GH-3 for a Vehicle. ``cause`` is the ruling that inflicted it (GH-1 or GH-5).
    Raises ``DiceError`` as :meth:`Dice.d6`."""
    from strategium.engine.attacks import vehicle_results
    from strategium.engine.attacks.wound_mitigation import mitigated
    from strategium.engine.movement.common import inflict_wound

    found = _owner(game, unit_id, model_id)
    s = game.state
    if found is None or model_id not in s.units[found[0]].poses:
        game.log(
            Ruling(
                f"{model_id}'s Gets Hot Wound is lost: the model is gone",
                (cause, _why("GH-1: not allocated to any other model")),
            )
        )
        return
    uid, model = found
    weapon = volley.weapon.name
    who = f"{model.name} of {s.unit(uid).name}"
    if getattr(model.profile.characteristics, "hp", None) is not None:
        roll = game.logged(s.dice.d6(f"Gets Hot: {weapon} on {model.name} (a Glancing Hit on 1-2)", who=model_id))
        glancing = roll.total <= 2
        verdict = "suffers a Glancing Hit" if glancing else "is unharmed"
        game.log(
            Ruling(
                f"{who} {verdict} ({roll.total})",
                (cause, _why("GH-3: a Vehicle rolls a D6: 1-2 is a Glancing Hit")),
            )
        )
        if glancing:  # GH-3: the Vehicle rules' Glancing Hit: a Hull Point, Wrecked (or exploding) at none left
            vehicle_results.glancing_hit(game, damage.Slot(uid, model_id), volley.weapon.ap, RULE)
        return
    ap = volley.weapon.ap
    choice = best_save(
        armour=getattr(model.profile.characteristics, "sv", None),
        invulnerable=model.profile.invulnerable_save,
        cover=None,
        ap=ap,
        ignores_cover=True,
    )
    rule = _why(
        f"GH-2: a Wound at AP {ap if ap is not None else '-'}: Armour and Invulnerable Saves and Feel No Pain "
        "allowed, no Cover Save nor Shrouded roll"
    )
    game.log(Ruling(f"{who} suffers a Wound from its {weapon}", (cause, rule, *choice.reasons)))
    if choice.option is not None:
        roll = game.logged(s.dice.d6(f"{choice.option}: the Gets Hot Wound on {model.name}", who=model_id))
        saved = roll.total >= choice.option.target
        game.log(Ruling(f"{who} {'passes' if saved else 'fails'} its {choice.option}: {roll.total}", (rule,)))
        if saved:
            return
    no_shrouded = _why("GH-2: no Shrouded roll against the Wound of a weapon that Gets Hot")
    if not mitigated(game, uid, model, RULE, no_saves=False, no_shrouded=no_shrouded):
        inflict_wound(game, uid, model, RULE)


@after_to_hit
def _after_to_hit(game: Game, unit_id: str, volley: Volley, rolls: tuple[Roll, ...]) -> None:
    """GH-1, GH-4, GH-6: a Wound on the firer for each To Hit die that stands at 1."""
    if not _has(volley) or not volley.firers:
        return
    faces = list(rolls[0].results)
    if len(rolls) > 1:  # GH-4: the re-roll took every miss (BS 6+, Twin-linked) or every 1, in order
        bs, _ = effective_bs(volley.skill, snap_shots=volley.snap, primarch=volley.primarch, config=game.state.config)
        target = shooting_hit_target(bs).target
        again = rolls[1].results
        failed = [i for i, face in enumerate(faces) if face < target]
        ones = [i for i, face in enumerate(faces) if face == 1]
        taken = failed if len(failed) == len(again) else ones if len(ones) == len(again) else failed[: len(again)]
        for i, face in zip(taken, again, strict=False):
            faces[i] = face
    count = len(faces)
    for i, face in enumerate(faces):
        if face == 1:
            text = (
                f"GH-1: an unmodified To Hit roll of 1{' after its re-roll' if len(rolls) > 1 else ''} with "
                f"{volley.weapon.name} Gets Hot on its firer"
            )
            wound_firer(game, unit_id, _firer_of(volley, i, count), volley, _why(text))


@before_area_fire
def _before_area_fire(game: Game, unit_id: str, volley: Volley, shots: int) -> tuple[Volley, int]:
    """GH-5: a D6 per shot of a Blast or Template weapon before it fires; each 1 (re-rolled once by a model with BS 6+
    or Twin-linked) is a shot not fired and a Wound on its firer."""
    if not _has(volley) or not volley.firers:
        return volley, shots
    s = game.state
    template = volley.weapon.range.kind is RangeKind.TEMPLATE
    count = len(volley.firers) * max(volley.weapon.type.shots or 1, 1) if template else shots
    if count < 1:
        return volley, shots
    name = volley.weapon.name
    roll = game.logged(s.dice.roll(count, 6, reason=f"Gets Hot: {count} shots of {name} (a 1 Gets Hot)", who=unit_id))
    faces = list(roll.results)
    rerolls = volley.skill >= 6 or any(r.name == "Twin-linked" for r in volley.rules)
    ones = [i for i, face in enumerate(faces) if face == 1]
    if rerolls and ones:
        again = game.logged(s.dice.roll(len(ones), 6, reason=f"Gets Hot re-roll: {len(ones)} of {name}", who=unit_id))
        for i, face in zip(ones, again.results, strict=True):
            faces[i] = face
    hot = [i for i, face in enumerate(faces) if face == 1]
    if not hot:
        game.log(Ruling(f"{name}: no shot Gets Hot", (_why("GH-5: a D6 per shot before firing: 2+ fires"),)))
        return volley, shots
    lost: dict[str, int] = {}
    for i in hot:
        firer = _firer_of(volley, i, count)
        lost[firer] = lost.get(firer, 0) + 1
        cause = _why(
            f"GH-5: a 1 before firing{' after its re-roll (GH-4)' if rerolls else ''}: that shot of {name} "
            "is not fired and its firer suffers a Wound"
        )
        wound_firer(game, unit_id, firer, volley, cause)
    if template:  # GH-5: each template that Gets Hot is not laid; a model that fired several lays the rest
        per_model = count // len(volley.firers)
        firers = tuple(f for f in volley.firers if lost.get(f, 0) < per_model)
        not_fired = tuple(f for f in firers for _ in range(lost.get(f, 0)))
        return replace(volley, firers=firers, not_fired=volley.not_fired + not_fired), shots
    return volley, shots - len(hot)
