"""Rad-Phage (Age of Darkness rulebook p.245): a model that loses Wounds to the weapon and survives is weakened.

Read from the game system data's rule text (paraphrased, never copied):

- RAD-1: a model that loses at least one Wound to an attack with the rule (shooting or close combat) and is still
  alive once that attack is applied has -1 Toughness for the rest of the battle (an effect on the model).
- RAD-2: a second Rad-Phage attack adds nothing to a model that has it already; other rules that lower Toughness
  still add to it.
- RAD-3: it never takes a model's Toughness below 1: a model whose profile Toughness is 1 loses nothing.

Not played: a model whose Toughness other rules have already lowered to 1 is lowered to 0 (RAD-3 reads the profile's
Toughness, not the value in force).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from strategium.army.army import Model
from strategium.catalogue.citations import Reason
from strategium.combat import AttackSpec
from strategium.combat.attack import AttackResult
from strategium.engine.attacks.follow_up import after_wounds
from strategium.engine.core.effects import Duration, EffectKind
from strategium.engine.questions.profiles_now import Modifier, effect_modifier_source

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

RULE = "Rad-Phage"


@after_wounds
def _weaken(
    game: Game, unit_id: str, spec: AttackSpec, result: AttackResult, models: tuple[tuple[str, str], ...]
) -> None:
    if not spec.has(RULE):
        return
    s = game.state
    hurt = dict.fromkeys(models[r.index] for r in result.records if r.wounds_lost > 0 and r.index < len(models))
    for uid, model_id in hurt:
        if model_id not in s.units[uid].poses:
            continue  # removed: it did not survive
        if any(e.model_id == model_id for e in game.effects_on(uid, EffectKind.RAD_PHAGE)):
            continue  # RAD-2: not cumulative
        game.add_effect(
            EffectKind.RAD_PHAGE,
            uid,
            Duration.PERMANENT,
            Reason.of(RULE, f"RAD-1: {model_id} lost Wounds to {spec.name} and survived: -1 Toughness"),
            model_id=model_id,
        )


@effect_modifier_source(EffectKind.RAD_PHAGE, on_unit=True)
def _toughness(game: Game, unit_id: str, model: Model) -> list[Modifier]:
    if not any(e.model_id == model.id for e in game.effects_on(unit_id, EffectKind.RAD_PHAGE)):
        return []
    t = getattr(model.profile.characteristics, "t", None)
    if t is None or t <= 1:
        return [Modifier("t", Reason.of(RULE, "RAD-3: Toughness 1 is not lowered"))]
    return [Modifier("t", Reason.of(RULE, "RAD-1, RAD-2: -1 Toughness (once, however many attacks)"), add=-1)]
