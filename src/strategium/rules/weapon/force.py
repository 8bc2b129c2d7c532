"""Force (Age of Darkness rulebook p.238) with the Psychic check and Perils of the Warp it needs.

Read from the data's rule texts (paraphrased, never copied) and CORE_B §1 (Psychic checks are Leadership-based):

- FRC-1: a Psyker (a model of the Psyker Sub-type) with a Force weapon may take a Psychic check before its attacks
  with it; ``weapon_rules.force_check`` says whether it does (default: always). One check a phase for each model (an
  effect until the end of the phase remembers it, passed or failed).
- FRC-2: the Psychic check is a Leadership test on the Psyker's own Leadership: 2D6, passed at or under it, no
  modifier (it is not a Morale check nor a Pinning test).
- FRC-3: passed: the Strength of its attacks with that weapon is doubled (after the other modifiers).
- FRC-4: failed: Perils of the Warp strikes the Psyker's unit (:func:`perils_of_the_warp`); a Psyker that survives
  attacks as normal (undoubled), one removed makes no attacks.
- Perils of the Warp (p.201, text not read): ``weapon_rules.perils_of_the_warp_wounds`` Wounds (default D3) on the
  unit, each allocated to the Psyker while it stands and then to the unit's other models in order; only an
  Invulnerable Save may be taken, no Damage Mitigation roll.

Not played: Force weapons fired in the Shooting phase (a volley of several firers would need to split on their
checks); Force abilities that are not weapons; Adamantium Will's Invulnerable Save against Force weapons and Perils,
and Corrupted (Instant Death from Force), which are their own rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from strategium.army.army import Model
from strategium.catalogue.citations import Reason
from strategium.catalogue.registry import RuleRef
from strategium.combat.sources import configured
from strategium.engine.assault.melee_choice import melee_strength
from strategium.engine.attacks import damage
from strategium.engine.core.effects import Duration, EffectKind
from strategium.engine.core.events import Ruling
from strategium.engine.questions.profiles_now import current
from strategium.model.unit_types import SubType
from strategium.model.weapons import WeaponProfile

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

RULE = "Force"


def _why(text: str) -> Reason:
    return Reason.of(RULE, text)


def psychic_check(game: Game, unit_id: str, model: Model, rule: str) -> bool:
    """FRC-2: a Psychic check on ``model``'s Leadership (2D6, passed at or under it), logged citing ``rule``; a model
    with no Leadership passes. Raises ``DiceError`` as :meth:`Dice.two_d6`."""
    ld = getattr(current(game, unit_id, model), "ld", None)
    if ld is None:
        return True
    roll = game.logged(game.state.dice.two_d6(f"{rule}: Psychic check on {model.name}'s Ld {ld}", who=model.id))
    passed = bool(roll.total <= ld)
    text = f"a Psychic check (FRC-2) is 2D6 against Leadership: {roll.total} against Ld {ld}"
    game.log(
        Ruling(f"{model.id} {'passes' if passed else 'fails'} its Psychic check ({rule})", (Reason.of(rule, text),))
    )
    return passed


def perils_of_the_warp(game: Game, unit_id: str, model: Model, rule: str) -> None:
    """Perils of the Warp on the unit of ``model`` (the Psyker of ``unit_id``), as the module docstring says."""
    from strategium.engine.movement.common import inflict_wound

    s = game.state
    config = s.config
    count_text = config.weapon_rules.perils_of_the_warp_wounds
    if count_text == "1":
        count = 1
    else:
        sides = 3 if count_text == "D3" else 6
        count = game.logged(s.dice.roll(1, sides, reason=f"Perils of the Warp: Wounds on {model.name}'s unit")).total
    why = configured(
        config,
        "weapon_rules.perils_of_the_warp_wounds",
        f"Perils of the Warp: {count} Wounds, the Psyker first, Invulnerable Saves only, no Damage Mitigation",
    )
    game.log(Ruling(f"{model.id}'s unit suffers Perils of the Warp: {count} Wounds ({rule} failed)", (why,)))
    host = next((uid for uid in s.units if unit_id in damage.members(game, uid) and uid != unit_id), unit_id)
    for _ in range(count):
        standing = damage.living(game, host)
        if not standing:
            return
        uid, target = next(((u, m) for u, m in standing if m.id == model.id), standing[0])
        invulnerable = target.profile.invulnerable_save
        if invulnerable is not None:
            roll = game.logged(
                s.dice.d6(f"Invulnerable Save ({invulnerable}+): Perils on {target.name}", who=target.id)
            )
            if roll.total >= invulnerable:
                game.log(Ruling(f"{target.id} passes its Invulnerable Save against Perils: {roll.total}", (why,)))
                continue
        inflict_wound(game, uid, target, "Perils of the Warp")


def _checked(game: Game, unit_id: str, model_id: str) -> bool | None:
    """FRC-1: whether the model passed its Force check this phase (None: not taken yet)."""
    for kind, passed in ((EffectKind.PSYCHIC_CHECK_PASSED, True), (EffectKind.PSYCHIC_CHECK_FAILED, False)):
        if any(
            e.model_id == model_id and e.rule is not None and e.rule.name == RULE
            for e in game.effects_on(unit_id, kind)
        ):
            return passed
    return None


def empowered(game: Game, unit_id: str, model: Model) -> bool:
    """FRC-1..FRC-4: whether the Psyker's Force attacks have doubled Strength now, taking its check (and Perils on a
    failure) if it has taken none this phase."""
    known = _checked(game, unit_id, model.id)
    if known is not None:
        return known
    passed = psychic_check(game, unit_id, model, RULE)
    kind = EffectKind.PSYCHIC_CHECK_PASSED if passed else EffectKind.PSYCHIC_CHECK_FAILED
    text = "FRC-3: passed: its Force attacks at double Strength this phase" if passed else "FRC-4: failed: Perils"
    game.add_effect(kind, unit_id, Duration.UNTIL_END_OF_PHASE, _why(text), rule=RuleRef(RULE), model_id=model.id)
    if not passed:
        perils_of_the_warp(game, unit_id, model, RULE)
    return passed


@melee_strength
def _melee(
    game: Game, unit_id: str, model: Model, weapon: WeaponProfile | None, strength: int
) -> tuple[int, Reason] | None:
    """FRC-3 in the Fight sub-phase."""
    if weapon is None or not any(isinstance(r, RuleRef) and r.name == RULE for r in weapon.type.rules):
        return None
    if not model.profile.unit_type.has(SubType.PSYKER):
        return None
    config = game.state.config
    if not config.weapon_rules.force_check:
        game.log(
            Ruling(
                f"{model.id} takes no Force check",
                (configured(config, "weapon_rules.force_check", "the Psyker does not take the check"),),
            )
        )
        return None
    if not empowered(game, unit_id, model):
        return None
    return strength * 2, _why(f"FRC-3: {weapon.name} strikes at S{strength} doubled: S{strength * 2}")
