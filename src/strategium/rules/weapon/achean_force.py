"""Achean Force (Liber Hereticus p.259): a Thousand Sons weapon a Psyker's unit may empower with a Psychic check.

Read from the data's rule text (paraphrased, never copied) and CORE_B §1 (Psychic checks are Leadership-based):

- ACF-1: a unit with at least one model of the Psyker Sub-type (itself or a character joined to it) may, before the
  first attacks it makes with an Achean Force weapon in a phase, take one Psychic check. The engine always takes it:
  a failed check costs nothing (ACF-3), so the choice can only help.
- ACF-2: the check is a Leadership test (2D6, passed at or under the Leadership used) on the Leadership of one model
  of the unit that is not an Independent Character; the engine picks the highest such Leadership. A unit whose
  models are all Independent Characters has no model to take it: no check. No modifier is applied (the Psychic
  check is not a Morale check nor a Pinning test).
- ACF-3: passed: every attack made that phase by the unit's models with Achean Force weapons has +2 Strength (after
  the weapon's own Strength and any other modifier), in the shooting and in the close combat of that phase; the
  bonus ends with the phase. Failed: no bonus, the models attack as normal (no Perils of the Warp).
- ACF-4: one check per unit per phase (an effect until the end of the phase remembers it, passed or failed).

- ACF-5: an Achean Force weapon counts as a Force weapon for the rules that affect Force weapons
  (:func:`counts_as_force`: the test those rules are to use; Adamantium Will and Corrupted, which read it, are
  their own rules).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from strategium.army.army import Model
from strategium.catalogue.citations import Reason
from strategium.catalogue.registry import RuleRef
from strategium.engine.assault.fighter import host
from strategium.engine.assault.melee_choice import melee_strength
from strategium.engine.attacks import damage
from strategium.engine.core.effects import Duration, EffectKind
from strategium.engine.core.events import Ruling
from strategium.engine.questions.profiles_now import current
from strategium.engine.shooting.attack import before_volley
from strategium.engine.shooting.plan import Volley
from strategium.model.unit_types import SubType
from strategium.model.weapons import WeaponProfile

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

RULE = "Achean Force"
BONUS = 2


def _why(text: str) -> Reason:
    return Reason.of(RULE, text)


def _is_ic(model: Model) -> bool:
    return model.has_rule("Independent Character") or model.profile.unit_type.has(SubType.INDEPENDENT_CHARACTER)


def _checked(game: Game, unit_id: str) -> bool | None:
    """ACF-4: whether the unit passed its check this phase (None: not taken yet)."""
    for kind, passed in ((EffectKind.PSYCHIC_CHECK_PASSED, True), (EffectKind.PSYCHIC_CHECK_FAILED, False)):
        if any(e.rule is not None and e.rule.name == RULE for e in game.effects_on(unit_id, kind)):
            return passed
    return None


def empowered(game: Game, unit_id: str) -> bool:
    """ACF-1..ACF-4: whether the attacks of ``unit_id`` (the unit with its joined characters) with Achean Force weapons
    have +2 Strength now, taking the unit's Psychic check if it has not taken one this phase (rolls dice)."""
    known = _checked(game, unit_id)
    if known is not None:
        return known
    models = damage.living(game, unit_id)
    name = game.state.unit(unit_id).name
    if not any(m.profile.unit_type.has(SubType.PSYKER) for _, m in models):
        return False
    takers = [(getattr(current(game, uid, m), "ld", None), m) for uid, m in models if not _is_ic(m)]
    scored = [(ld, m) for ld, m in takers if ld is not None]
    if not scored:
        game.log(Ruling(f"{name} has no model to take the Achean Force check", (_why("ACF-2: not an IC"),)))
        return False
    ld, taker = max(scored, key=lambda t: t[0])
    roll = game.logged(game.state.dice.two_d6(f"Achean Force: Psychic check on {taker.name}'s Ld {ld}", who=unit_id))
    passed = bool(roll.total <= ld)
    why = _why(
        f"ACF-2: a Psychic check on the Leadership of {taker.name} (the highest of the unit's models that are not "
        f"Independent Characters): {roll.total} against Ld {ld}, {'passed' if passed else 'failed'}"
    )
    effect = _why(
        f"ACF-3: +{BONUS} Strength to its Achean Force attacks this phase"
        if passed
        else "ACF-3: failed, no bonus, its models attack as normal"
    )
    kind = EffectKind.PSYCHIC_CHECK_PASSED if passed else EffectKind.PSYCHIC_CHECK_FAILED
    game.log(Ruling(f"{name} {'passes' if passed else 'fails'} its Achean Force Psychic check", (why, effect)))
    game.add_effect(kind, unit_id, Duration.UNTIL_END_OF_PHASE, effect, rule=RuleRef(RULE))
    return passed


def _has(rules: tuple[object, ...]) -> bool:
    return any(isinstance(r, RuleRef) and r.name == RULE for r in rules)


def counts_as_force(weapon: WeaponProfile) -> bool:
    """ACF-5: True for a weapon with Force or Achean Force (a Force weapon for the rules that affect those)."""
    return any(isinstance(r, RuleRef) and r.name in ("Force", RULE) for r in weapon.type.rules)


@before_volley
def _volley(game: Game, unit_id: str, volley: Volley) -> Volley:
    """ACF-3 in the Shooting phase (and a Reaction's shooting): the volley's Strength +2 once the check is passed."""
    if not _has(volley.rules) or not empowered(game, unit_id):
        return volley
    strength = volley.strength + BONUS
    game.log(
        Ruling(
            f"{volley.weapon.name} fires at S{strength}",
            (_why(f"ACF-3: S{volley.strength} +{BONUS} (a passed Psychic check)"),),
        )
    )
    return replace(volley, strength=strength)


@melee_strength
def _melee(
    game: Game, unit_id: str, model: Model, weapon: WeaponProfile | None, strength: int
) -> tuple[int, Reason] | None:
    """ACF-3 in the Fight sub-phase: the attacks with an Achean Force weapon at +2 Strength once the check is passed."""
    if weapon is None or not _has(weapon.type.rules) or not empowered(game, host(game, unit_id)):
        return None
    return strength + BONUS, _why(f"ACF-3: {weapon.name} strikes at S{strength} +{BONUS} (a passed Psychic check)")
