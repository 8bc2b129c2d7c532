"""The To Wound step of an attack (rulebook p.166; :mod:`strategium.combat.attack` step 2): the dice, the declared
clauses' re-rolls and special Wounds, and the Wounds in :class:`WoundGroup` s in the order they are allocated."""

from __future__ import annotations

from dataclasses import dataclass

from strategium.catalogue.citations import Reason
from strategium.combat.allocation import TargetUnit, majority
from strategium.combat.attack_spec import AttackSpec
from strategium.combat.declared import (
    Declared,
    WoundTag,
    at_toughness,
    auto_wounds,
    reroll,
    wound_tags,
)
from strategium.combat.sources import configured, core
from strategium.combat.tables import wound_target
from strategium.config import RulesConfig
from strategium.dice import Dice, Roll


@dataclass(frozen=True)
class WoundGroup:
    """``count`` Wounds of one attack resolved alike: at AP ``ap``, with Instant Death from a declared clause
    (``instant_death``: its ruling; ``None``: only as the attack's Strength or rules give it) and the clause rulings
    each of them cites (``reasons``)."""

    count: int
    ap: int | None
    instant_death: Reason | None = None
    reasons: tuple[Reason, ...] = ()
    haywire: int | None = None
    """The Haywire result these Wounds came from (2: a 2-5, 6: a 6; :mod:`strategium.combat.haywire`), or None."""


def roll_to_wound(
    dice: Dice,
    attack: AttackSpec,
    hits: int,
    toughness: int,
    config: RulesConfig | None = None,
    declared: Declared | None = None,
) -> tuple[tuple[WoundGroup, ...], tuple[Roll, ...], tuple[Reason, ...]]:
    """Roll To Wound for ``hits`` hits of ``attack`` against ``toughness``: (the Wounds in groups, in the order they
    are allocated; the rolls; the rulings). The ``declared`` clauses at the To Wound roll may re-roll dice and give a
    die its own AP or Instant Death, or make it wound whatever the Toughness (the dice are rolled then even if the
    Strength cannot wound); see :mod:`strategium.combat.declared`."""
    target = wound_target(attack.strength, toughness)
    bounds = at_toughness(declared.to_wound, attack.strength, toughness) if declared is not None else ()
    auto = auto_wounds(bounds) if bounds else ()
    if target is None and not auto:
        return (), (), (core("To Wound", f"S{attack.strength} cannot wound T{toughness}"),)
    if hits == 0:
        return (), (), (core("To Wound", "no hits: no To Wound roll"),)
    need = f"{target}+" if target is not None else "cannot wound but by " + ", ".join(b.clause.id for b in auto)
    label = f"To Wound: {hits} hits S{attack.strength} vs T{toughness} ({need})"
    roll = dice.roll(hits, 6, reason=f"{label} with {attack.name}", who=attack.attacker)
    if not bounds:
        assert target is not None
        wounds = sum(1 for face in roll.results if face >= target)
        plain: tuple[WoundGroup, ...] = (WoundGroup(wounds, attack.ap),) if wounds else ()
        return plain, (roll,), (core("To Wound", f"{label}: {wounds} wound"),)

    def succeeds(face: int) -> bool:
        return (target is not None and face >= target) or any(b.holds(face) for b in auto)

    faces, again, why = reroll(
        dice,
        bounds,
        roll.results,
        succeeds,
        reason=f"To Wound re-roll: S{attack.strength} vs T{toughness} ({need}) with {attack.name}",
        who=attack.attacker,
    )
    rolls = (roll,) if again is None else (roll, again)
    tags, rulings = wound_tags(bounds, faces, tuple(succeeds(face) for face in faces), attack.ap)
    groups, order = _grouped(tags, attack.ap, config if config is not None else RulesConfig())
    reasons = (*why, *rulings, core("To Wound", f"{label}: {len(tags)} wound"), *order)
    return groups, rolls, reasons


GRAVITON_PULSE = "Graviton Pulse"
GRAVITON_EXEMPT = frozenset({"Vehicle", "Dreadnought", "Automata"})
"""The Unit Types Graviton Pulse does not act on (FAQ v1.2 p.2): they are wounded as usual."""


def graviton_strength(attack: AttackSpec, target: TargetUnit) -> int | None:
    """GP-1: the Strength the target rolls against for a Graviton Pulse attack (the one most of its remaining models
    without the Vehicle, Dreadnought or Automata Unit Type have, as for Toughness); None when the attack has no
    Graviton Pulse or every remaining model is of those types (GP-2: To Wound is rolled as usual)."""
    if not attack.has(GRAVITON_PULSE):
        return None
    values = [m.strength for m in target.alive if m.strength is not None and not m.unit_types & GRAVITON_EXEMPT]
    return majority(values, target.name, "Strength") if values else None


def roll_graviton_pulse(
    dice: Dice, attack: AttackSpec, hits: int, strength: int, config: RulesConfig | None = None
) -> tuple[tuple[WoundGroup, ...], tuple[Roll, ...], tuple[Reason, ...]]:
    """GP-1 (Graviton Pulse, FAQ v1.2 p.2): instead of To Wound, a D6 per hit against the target's ``strength``;
    a roll it does not pass (``weapon_rules.graviton_pulse_roll``) is a Wound at the weapon's AP, and a 6 always
    is. Returns as :func:`roll_to_wound`."""
    config = config if config is not None else RulesConfig()
    if hits == 0:
        return (), (), (core("To Wound", "no hits: no To Wound roll"),)
    below = config.weapon_rules.graviton_pulse_roll == "below"
    need = f"under S{strength}" if below else f"S{strength} or less"
    label = f"Graviton Pulse: {hits} hits, a D6 each {need} to pass"
    roll = dice.roll(hits, 6, reason=f"{label} with {attack.name}", who=attack.attacker)
    wounds = sum(1 for face in roll.results if face == 6 or (face >= strength if below else face > strength))
    why = (
        Reason.of(GRAVITON_PULSE, f"GP-1: {label} (a 6 always fails): {wounds} wound"),
        configured(config, "weapon_rules.graviton_pulse_roll", f"GP-1: the roll passes {need}"),
    )
    return ((WoundGroup(wounds, attack.ap),) if wounds else ()), (roll,), why


def _grouped(
    tags: list[WoundTag], ap: int | None, config: RulesConfig
) -> tuple[tuple[WoundGroup, ...], tuple[Reason, ...]]:
    """The Wounds of ``tags`` in groups of like ones (first appearance order), the groups a clause made before the
    plain ones or after them (``damage.special_wounds_first``), and the ruling on that order if it mattered."""
    counts: dict[WoundTag, int] = {}
    for tag in tags:
        counts[tag] = counts.get(tag, 0) + 1
    plain: WoundTag = (ap, None, ())
    special = [WoundGroup(n, tag[0], tag[1], tag[2]) for tag, n in counts.items() if tag != plain]
    ordinary = [WoundGroup(counts[plain], ap)] if plain in counts else []
    first = config.damage.special_wounds_first
    groups = (*special, *ordinary) if first else (*ordinary, *special)
    if not special or not ordinary:
        return groups, ()
    text = (
        "the Wounds a special rule resolves otherwise are allocated before the others"
        if first
        else "the Wounds a special rule resolves otherwise are allocated after the others"
    )
    return groups, (configured(config, "damage.special_wounds_first", text),)
