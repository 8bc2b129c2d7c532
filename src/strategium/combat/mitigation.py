"""Damage Mitigation rolls: Feel No Pain (X), Shrouded (X) and the Stupefied roll (rulebook p.174).

A Damage Mitigation roll is made after an unsaved Wound, Glancing Hit or Penetrating Hit, before damage is
applied; success cancels it. A model makes at most **one** Damage Mitigation roll of any kind per Wound or
Hit; when several are offered its controller picks one (CORE_B §3, confirmed). Here the pick is a
:class:`MitigationPolicy` value the engine passes in (no callback): by default the best chance, ties in the
order Feel No Pain, Shrouded, Stupefied.

Eligibility (all confirmed unless marked; CORE_B §3, §7.1, §7.5; SEED_RULES STU-6, MCM-1):

- Feel No Pain (X) (p.238): D6 >= X against an unsaved **Wound**; not against Instant Death. Written
  without an X it gives no roll (the rule has no default; the engine says so).
- Shrouded (X) (p.247): D6 >= X against an unsaved Wound, Glancing or Penetrating Hit; a bare "Shrouded" is
  ``damage.shrouded_default`` (6+). Not against melee attacks, not against attacks with Ignores Cover or
  Night Vision, and never for a model with Fearless (Sept 2022 FAQ; RULINGS MIL-03). With several Shrouded
  values (say its own and one granted by Militia Cavalry Mount) the best counts.
- Stupefied roll (Exemplary Battles vol.1 p.107; STU-6): a Stupefied unit's model rolls a D6 against an
  unsaved **Wound**, cancelling it on 6+ after modifiers: +1 if the unit has Fearless, plus any bonus the
  engine passes (the Twisted Desire Reaction gives +2 against one attack). Not against Instant Death.
- Against a Wound that allows "no Saves of any kind" Feel No Pain is barred (its text calls it a special Saving
  Throw); Shrouded is not (its text says it is no Saving Throw and works against such attacks), nor the Stupefied
  roll (``MitigationContext.no_saves``).
- "Instant Death" here means a Wound that inflicts Instant Death (the Instant Death rule, or Strength at
  least double the Toughness: see :mod:`strategium.combat.allocation`). Whether a model with Eternal Warrior,
  which loses only one Wound to it, may still roll is not known: ``damage.eternal_warrior_mitigates_instant_death``
  (default false: the attack still has Instant Death, as STU-6 words it).
- The unit "has Fearless" when one or more of its models have it (Fearless, rulebook p.238: a single Fearless model
  is enough for its unit); Shrouded's bar is per model (its text names the Fearless models themselves).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from strategium.catalogue.citations import Reason
from strategium.catalogue.definitions import Book
from strategium.catalogue.registry import RuleRef
from strategium.combat.sources import DAMAGE_MITIGATION_PAGE, configured, core
from strategium.combat.tables import success_chance
from strategium.config import RulesConfig
from strategium.dice import Dice, Roll

STUPEFIED_TARGET = 6
STUPEFIED_RULE = "Legiones Hereticus (Emperor's Children)"


class DamageKind(StrEnum):
    """What a Damage Mitigation roll may cancel."""

    WOUND = "Wound"
    GLANCING = "Glancing Hit"
    PENETRATING = "Penetrating Hit"


class MitigationKind(StrEnum):
    """The kinds of Damage Mitigation roll, in tie-break order."""

    FEEL_NO_PAIN = "Feel No Pain"
    SHROUDED = "Shrouded"
    STUPEFIED = "Stupefied"


_TIE_ORDER = {MitigationKind.FEEL_NO_PAIN: 0, MitigationKind.SHROUDED: 1, MitigationKind.STUPEFIED: 2}


@dataclass(frozen=True)
class MitigationOption:
    """One Damage Mitigation roll a model may make: success on ``D6 + modifier >= target``."""

    kind: MitigationKind
    target: int
    modifier: int = 0

    @property
    def needed(self) -> int:
        """The natural D6 result needed (``target - modifier``; a natural 1 still fails when that is 1 or less)."""
        return self.target - self.modifier

    @property
    def chance(self) -> Fraction:
        """Exact chance of success."""
        return success_chance(self.needed)

    def __str__(self) -> str:
        name = "Stupefied roll" if self.kind is MitigationKind.STUPEFIED else self.kind.value
        if self.modifier:
            return f"{name} ({self.target}+ with {self.modifier:+d}, needs {self.needed}+)"
        return f"{name} ({self.target}+)"


@dataclass(frozen=True)
class MitigationContext:
    """What about the attack and the Wound decides eligibility.

    ``melee``: a close combat attack; ``ignores_cover`` / ``night_vision``: the attack has that rule;
    ``instant_death``: this Wound inflicts Instant Death on the model (before Eternal Warrior); ``no_saves``: the
    source allows no Saves of any kind (Feel No Pain, a special Saving Throw, is barred; Shrouded is not);
    ``no_shrouded``: the ruling of a rule that bars Shrouded rolls against this Wound (Gets Hot, p.239), logged as
    the refusal.
    """

    damage: DamageKind = DamageKind.WOUND
    melee: bool = False
    ignores_cover: bool = False
    night_vision: bool = False
    instant_death: bool = False
    no_saves: bool = False
    no_shrouded: Reason | None = None


@dataclass(frozen=True)
class MitigationPolicy:
    """How the controller picks among the Damage Mitigation rolls offered (a decision, passed as a value).

    ``prefer``: kinds in order of preference; the first one offered is taken. Otherwise (or if none of them
    is offered) the best chance is taken. ``decline``: make no Damage Mitigation roll at all.
    """

    prefer: tuple[MitigationKind, ...] = ()
    decline: bool = False


@dataclass(frozen=True)
class MitigationOffer:
    """The rolls a model may make against one Wound or Hit, and why each candidate is allowed or refused."""

    options: tuple[MitigationOption, ...]
    reasons: tuple[Reason, ...]


@dataclass(frozen=True)
class MitigationOutcome:
    """One Damage Mitigation step: the option chosen (``None``: none offered or declined), its roll, whether
    it cancelled the Wound or Hit, and the reasons (choice and result)."""

    option: MitigationOption | None
    roll: Roll | None
    success: bool
    reasons: tuple[Reason, ...]


def _rule(rules: Iterable[RuleRef], name: str) -> list[RuleRef]:
    return [r for r in rules if r.name == name]


def _stupefied_reason(text: str) -> Reason:
    return Reason(STUPEFIED_RULE, f"STU-6: {text}", 107, Book.EXEMPLARY_1)


def mitigation_options(
    rules: Iterable[RuleRef],
    context: MitigationContext,
    config: RulesConfig,
    *,
    stupefied: bool = False,
    unit_fearless: bool = False,
    stupefied_bonus: int = 0,
) -> MitigationOffer:
    """The Damage Mitigation rolls a model with special rules ``rules`` (its own and granted ones) may make.

    ``stupefied``: the model's unit is Stupefied; ``unit_fearless``: its unit has Fearless (+1 to the
    Stupefied roll); ``stupefied_bonus``: a further modifier to that roll against this attack.
    """
    rules = tuple(rules)
    options: list[MitigationOption] = []
    reasons: list[Reason] = []
    model_fearless = bool(_rule(rules, "Fearless"))
    eternal = bool(_rule(rules, "Eternal Warrior"))
    blocked_by_death = context.instant_death and not (eternal and config.damage.eternal_warrior_mitigates_instant_death)
    if context.instant_death and eternal and not blocked_by_death:
        reasons.append(
            configured(
                config,
                "damage.eternal_warrior_mitigates_instant_death",
                "Eternal Warrior: the Instant Death Wound does not bar Damage Mitigation rolls",
            )
        )
    elif blocked_by_death and eternal:
        reasons.append(
            configured(
                config,
                "damage.eternal_warrior_mitigates_instant_death",
                "Eternal Warrior does not lift the Instant Death bar on Damage Mitigation rolls",
            )
        )

    fnp = [r for r in _rule(rules, "Feel No Pain") if r.value is not None]
    if len(fnp) < len(_rule(rules, "Feel No Pain")):
        reasons.append(Reason.of("Feel No Pain", "Feel No Pain without a target value gives no roll"))
    if fnp:
        best = min(r.value for r in fnp if r.value is not None)
        if context.damage is not DamageKind.WOUND:
            reasons.append(Reason.of("Feel No Pain", f"Feel No Pain ({best}+) not allowed against a {context.damage}"))
        elif blocked_by_death:
            reasons.append(
                Reason.of("Feel No Pain", f"Feel No Pain ({best}+) not allowed: the Wound inflicts Instant Death")
            )
        elif context.no_saves:
            reasons.append(
                Reason.of(
                    "Feel No Pain",
                    f"Feel No Pain ({best}+) not allowed: it is a special Saving Throw and no saves of any kind "
                    "are allowed against this Wound",
                )
            )
        else:
            options.append(MitigationOption(MitigationKind.FEEL_NO_PAIN, best))

    shrouded = _rule(rules, "Shrouded")
    if shrouded:
        default = config.damage.shrouded_default
        best = min(r.value if r.value is not None else default for r in shrouded)
        refusal = None
        if context.no_shrouded is not None:
            reasons.append(context.no_shrouded)
        elif context.melee:
            refusal = "the attack is a melee attack"
        elif context.ignores_cover:
            refusal = "the attack has Ignores Cover"
        elif context.night_vision:
            refusal = "the attacker has Night Vision"
        elif model_fearless:
            refusal = "the model is Fearless (Sept 2022 FAQ)"
        if refusal is not None:
            reasons.append(Reason.of("Shrouded", f"Shrouded roll ({best}+) not allowed: {refusal}"))
        elif context.no_shrouded is None:
            options.append(MitigationOption(MitigationKind.SHROUDED, best))
            if any(r.value is None for r in shrouded) and best == default:
                reasons.append(configured(config, "damage.shrouded_default", f"Shrouded without a value is {default}+"))

    if stupefied:
        modifier = stupefied_bonus + (1 if unit_fearless else 0)
        if context.damage is not DamageKind.WOUND:
            reasons.append(_stupefied_reason(f"Stupefied roll not allowed against a {context.damage}"))
        elif blocked_by_death:
            reasons.append(_stupefied_reason("Stupefied roll not allowed: the Wound inflicts Instant Death"))
        else:
            options.append(MitigationOption(MitigationKind.STUPEFIED, STUPEFIED_TARGET, modifier))
            if unit_fearless:
                reasons.append(_stupefied_reason("+1 to the Stupefied roll: the unit has Fearless"))
    return MitigationOffer(tuple(options), tuple(reasons))


def choose_mitigation(
    options: tuple[MitigationOption, ...], policy: MitigationPolicy
) -> tuple[MitigationOption | None, tuple[Reason, ...]]:
    """Pick at most one of ``options`` by ``policy``; the reason records the choice (rulebook p.174)."""
    if not options:
        return None, ()
    if policy.decline:
        return None, (
            core("Damage Mitigation rolls", "the controller makes no Damage Mitigation roll", DAMAGE_MITIGATION_PAGE),
        )
    chosen: MitigationOption | None = None
    why = ""
    for kind in policy.prefer:
        chosen = next((o for o in options if o.kind is kind), None)
        if chosen is not None:
            why = "the controller's choice"
            break
    if chosen is None:
        chosen = min(options, key=lambda o: (-o.chance, _TIE_ORDER[o.kind]))
        why = "the best chance" if len(options) > 1 else "the only one offered"
    others = [str(o) for o in options if o is not chosen]
    over = f" over {', '.join(others)}" if others else ""
    text = f"takes {chosen}{over}: {why}; one Damage Mitigation roll per Wound or Hit"
    return chosen, (core("Damage Mitigation rolls", text, DAMAGE_MITIGATION_PAGE),)


def roll_mitigation(
    dice: Dice,
    offer: MitigationOffer,
    policy: MitigationPolicy,
    *,
    label: str,
    who: str | None = None,
) -> MitigationOutcome:
    """Choose and make at most one Damage Mitigation roll from ``offer`` (the dice reason names ``label``,
    e.g. "Wound 2 on Sergeant"). Raises ``DiceError`` as :meth:`Dice.d6`.
    """
    chosen, reasons = choose_mitigation(offer.options, policy)
    if chosen is None:
        return MitigationOutcome(None, None, False, (*offer.reasons, *reasons))
    roll = dice.d6(f"{chosen}: {label}", who=who)
    success = roll.total + chosen.modifier >= chosen.target and roll.total > 1
    verdict = "is ignored" if success else "stands"
    result_text = f"{chosen} rolled {roll.total}: {label} {verdict}"
    result = (
        _stupefied_reason(result_text)
        if chosen.kind is MitigationKind.STUPEFIED
        else Reason.of(chosen.kind.value, result_text)
    )
    return MitigationOutcome(chosen, roll, success, (*offer.reasons, *reasons, result))
