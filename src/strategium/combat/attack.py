"""Resolving one group of identical shots or close combat attacks against a unit of non-vehicle models.

The steps follow the shooting sequence (rulebook p.166, CORE_B §1.1): To Hit, To Wound, then Wound by
Wound: allocation, the one saving throw, the one Damage Mitigation roll (p.174), and the loss of Wounds
(Instant Death, Eternal Warrior). Every die goes through :class:`strategium.dice.Dice` with a reason that
names the step; every ruling is a cited :class:`Reason` in the result. The functions are pure apart from
the dice: the target is a value (:class:`TargetUnit`) and the result holds the target after the attack.

What comes from where: see :mod:`strategium.combat.tables` (To Hit, To Wound), :mod:`~strategium.combat.saves`,
:mod:`~strategium.combat.mitigation` and :mod:`~strategium.combat.allocation`. To Wound rolls use the
Toughness most of the target's models have (7th-edition convention); melee To Hit rolls the WS most of them
have. Weapon rules read here: Instant Death, Ignores Cover, Template (which Ignores Cover, p.248), Night
Vision (the engine adds the attacker's own rules to ``AttackSpec.rules``). Declared rules (Rending, Breaching,
Twin-linked, Shred, Murderous Strike, Fleshbane, Poisoned, Hatred: see :mod:`strategium.combat.declared` and
``strategium rules list``) act at the To Hit and To Wound rolls; a To Wound die they change may carry its own AP or
Instant Death, so the Wounds of one attack come in :class:`WoundGroup` s, allocated group by group (the groups a
clause made first, or last: ``damage.special_wounds_first``). Gets Hot is played by the engine after the To Hit
roll (``rules/weapon/gets_hot.py``); the weapon rules neither declared nor played there are not applied yet.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum

from strategium.catalogue.citations import Reason
from strategium.catalogue.declared import Situation
from strategium.catalogue.registry import RuleRef
from strategium.combat.allocation import (
    TargetUnit,
    allocation_reason,
    apply_unsaved_wound,
    inflicts_instant_death,
    next_model_index,
)
from strategium.combat.declared import (
    Declared,
    WoundTag,
    at_toughness,
    auto_wounds,
    declared_for,
    reroll,
    wound_tags,
    wounds_per_allocation,
)
from strategium.combat.mitigation import (
    MitigationContext,
    MitigationOffer,
    MitigationOutcome,
    MitigationPolicy,
    mitigation_options,
    roll_mitigation,
)
from strategium.combat.saves import SaveChoice, SaveKind, SaveOption, best_save, check_ap
from strategium.combat.sources import SHOOTING_SEQUENCE_PAGE, configured, core
from strategium.combat.tables import effective_bs, melee_hit_target, shooting_hit_target, wound_target
from strategium.config import RulesConfig
from strategium.dice import Dice, Roll
from strategium.errors import InputError
from strategium.model.weapons import WeaponClass


class AttackMode(StrEnum):
    """Shooting Attack or close combat."""

    SHOOTING = "shooting"
    MELEE = "melee"


@dataclass(frozen=True)
class AttackSpec:
    """One group of identical shots or attacks.

    ``count``: shots or attacks (or hits, when ``skill`` is ``None``: they hit automatically, as Hammer of
    Wrath or Wall of Death hits). ``skill``: the firer's BS (shooting) or WS (melee). ``snap_shots``: fired
    as Snap Shots; ``primarch``: the firer is a Primarch (keeps its BS for Snap Shots, p.196).
    ``strength`` is the final Strength (the engine has added Stupefied +1 and the like); ``ap`` 1-6 or
    ``None`` for "-". ``weapon_class`` matters against vehicles (Ordnance, Destroyer). ``rules``: the weapon's
    special rules plus the attacker's rules that act on the attack (Night Vision; those with declared clauses,
    :func:`strategium.combat.declared.acting_rules`). ``attacker`` names who rolls, for the dice log.
    ``situation``: what the engine knows of the attack that declared clauses ask (the first round of a combat);
    close combat or shooting and the target's kind the pipeline adds itself. Raises ``InputError`` for a count
    below 1, a Strength below 1 or a bad AP.
    """

    name: str
    count: int
    strength: int
    ap: int | None = None
    mode: AttackMode = AttackMode.SHOOTING
    skill: int | None = None
    snap_shots: bool = False
    primarch: bool = False
    weapon_class: WeaponClass | None = None
    rules: tuple[RuleRef, ...] = ()
    attacker: str | None = None
    situation: frozenset[Situation] = frozenset()

    def __post_init__(self) -> None:
        for value, what in ((self.count, "count"), (self.strength, "Strength")):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise InputError(f"{what} must be a whole number of at least 1, not {value!r}", field=what)
        check_ap(self.ap)

    def has(self, name: str) -> bool:
        """True if the attack has the rule of that canonical name."""
        return any(r.name == name for r in self.rules)

    def declared(self, *, vehicle: bool) -> Declared | None:
        """The declared clauses acting on this attack against a target with an Armour Value (``vehicle``) or not
        (:func:`strategium.combat.declared.declared_for`); ``None`` when none does."""
        return declared_for(self.rules, melee=self.melee, situation=self.situation, vehicle=vehicle)

    @property
    def melee(self) -> bool:
        """True for close combat attacks."""
        return self.mode is AttackMode.MELEE

    @property
    def ignores_cover(self) -> bool:
        """True if the attack has Ignores Cover (Template weapons have it, p.248)."""
        return self.has("Ignores Cover") or self.has("Template")

    @property
    def noun(self) -> str:
        """ "shots", "attacks" or "hits" for the dice log."""
        if self.skill is None:
            return "hits"
        return "attacks" if self.melee else "shots"


@dataclass(frozen=True)
class HitRolls:
    """The To Hit step: number of hits, the rolls made and the reasons."""

    hits: int
    rolls: tuple[Roll, ...]
    reasons: tuple[Reason, ...]


def roll_to_hit(
    dice: Dice,
    attack: AttackSpec,
    config: RulesConfig,
    *,
    defender_ws: int | None = None,
    declared: Declared | None = None,
) -> HitRolls:
    """Roll To Hit for ``attack``: every shot or attack at once, then (BS 6+) the misses again, or the dice the
    ``declared`` clauses re-roll (:func:`strategium.combat.declared.reroll`; never a die the BS re-roll took).

    Melee attacks need ``defender_ws``. Automatic hits roll nothing. Raises ``InputError`` for a bad BS or
    WS, or a melee attack with a skill but no ``defender_ws``; ``DiceError`` as :meth:`Dice.roll`.
    """
    who = attack.attacker
    if attack.skill is None:
        return HitRolls(attack.count, (), (core("To Hit", f"{attack.count} automatic hits: no To Hit roll"),))
    reasons: list[Reason] = []
    if attack.melee:
        if defender_ws is None:
            raise InputError("a close combat To Hit roll needs the defender's WS", field="WS")
        target = melee_hit_target(attack.skill, defender_ws)
        label = f"To Hit: {attack.count} attacks WS{attack.skill} vs WS{defender_ws} ({target}+)"
        roll = dice.roll(attack.count, 6, reason=f"{label} with {attack.name}", who=who)
        faces: tuple[int, ...] = roll.results
        rolled: tuple[Roll, ...] = (roll,)
        if declared is not None and declared.to_hit:
            faces, again, why = reroll(
                dice,
                declared.to_hit,
                faces,
                lambda face: face >= target,
                reason=f"To Hit re-roll: WS{attack.skill} vs WS{defender_ws} ({target}+) with {attack.name}",
                who=who,
            )
            rolled = (roll, again) if again is not None else rolled
            reasons.extend(why)
        hits = sum(1 for face in faces if face >= target)
        reasons.append(core("To Hit", f"{label}: {hits} hit"))
        return HitRolls(hits, rolled, tuple(reasons))
    bs, bs_reasons = effective_bs(attack.skill, snap_shots=attack.snap_shots, primarch=attack.primarch, config=config)
    reasons.extend(bs_reasons)
    hit = shooting_hit_target(bs)
    label = f"To Hit: {attack.count} shots BS{bs} ({hit})"
    roll = dice.roll(attack.count, 6, reason=f"{label} with {attack.name}", who=who)
    rolls = [roll]
    hits = sum(1 for face in roll.results if face >= hit.target)
    misses = attack.count - hits
    if hit.reroll_target is not None and misses:
        again = dice.roll(misses, 6, reason=f"To Hit re-roll: {misses} misses BS{bs} ({hit.reroll_target}+)", who=who)
        rolls.append(again)
        hits += sum(1 for face in again.results if face >= hit.reroll_target)
        reasons.append(core("To Hit", f"BS{bs} re-rolls the {misses} misses"))
        if declared is not None and declared.to_hit:
            reasons.append(core("To Hit", "a die is re-rolled only once: the BS re-roll came first"))
    elif declared is not None and declared.to_hit:
        target = hit.target
        faces, again2, why = reroll(
            dice,
            declared.to_hit,
            roll.results,
            lambda face: face >= target,
            reason=f"To Hit re-roll: BS{bs} ({target}+) with {attack.name}",
            who=who,
        )
        if again2 is not None:
            rolls.append(again2)
            hits = sum(1 for face in faces if face >= target)
        reasons.extend(why)
    reasons.append(core("To Hit", f"{label}: {hits} hit"))
    return HitRolls(hits, tuple(rolls), tuple(reasons))


@dataclass(frozen=True)
class WoundRecord:
    """What became of one successful To Wound roll.

    ``model``: who it was allocated to (``index`` in ``TargetUnit.models``); ``instant_death``: it inflicts
    Instant Death; ``save``/``save_roll``/``saved``: the one save taken; ``mitigation``: the Damage
    Mitigation step (``None`` if the Wound was saved); ``wounds_lost``: Wounds the model lost; ``removed``:
    the model was removed by it. ``part``: which of the Wounds one allocated Wound became on the model (Brutal (X),
    p.117: 1 to X; 0 when it stayed one Wound).
    """

    number: int
    index: int
    model: str
    instant_death: bool
    save: SaveOption | None
    save_roll: Roll | None
    saved: bool
    mitigation: MitigationOutcome | None
    wounds_lost: int
    removed: bool
    reasons: tuple[Reason, ...] = field(default=(), repr=False)
    ap: int | None = None
    part: int = 0

    @property
    def mitigated(self) -> bool:
        """True if a Damage Mitigation roll cancelled the Wound."""
        return self.mitigation is not None and self.mitigation.success


@dataclass(frozen=True)
class AttackResult:
    """The whole of one attack group against a unit.

    ``hits``; ``wounds`` (successful To Wound rolls); ``records`` one per Wound allocated (Brutal (X): one per Wound
    it became on the model); ``unallocated``
    Wounds left over once the unit was destroyed or no model left may be allocated them; ``target`` the unit
    afterwards; ``rolls`` every roll in order; ``reasons`` the attack-level rulings (each record carries its own).
    """

    attack: AttackSpec
    hits: int
    wounds: int
    records: tuple[WoundRecord, ...]
    unallocated: int
    target: TargetUnit
    rolls: tuple[Roll, ...]
    reasons: tuple[Reason, ...]

    @property
    def saved(self) -> int:
        """Wounds saved."""
        return sum(1 for r in self.records if r.saved)

    @property
    def unsaved(self) -> int:
        """Wounds not saved (before Damage Mitigation)."""
        return sum(1 for r in self.records if not r.saved)

    @property
    def mitigated(self) -> int:
        """Unsaved Wounds cancelled by Damage Mitigation rolls."""
        return sum(1 for r in self.records if r.mitigated)

    @property
    def wounds_lost(self) -> int:
        """Wounds the target's models lost in all."""
        return sum(r.wounds_lost for r in self.records)

    @property
    def models_removed(self) -> tuple[str, ...]:
        """Names of the models removed, in order."""
        return tuple(r.model for r in self.records if r.removed)

    @property
    def all_reasons(self) -> tuple[Reason, ...]:
        """Attack-level reasons, then every record's, in order."""
        return self.reasons + tuple(reason for r in self.records for reason in r.reasons)


@dataclass(frozen=True)
class WoundGroup:
    """``count`` Wounds of one attack resolved alike: at AP ``ap``, with Instant Death from a declared clause
    (``instant_death``: its ruling; ``None``: only as the attack's Strength or rules give it) and the clause rulings
    each of them cites (``reasons``)."""

    count: int
    ap: int | None
    instant_death: Reason | None = None
    reasons: tuple[Reason, ...] = ()


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


def resolve_attack(
    dice: Dice,
    attack: AttackSpec,
    target: TargetUnit,
    *,
    config: RulesConfig | None = None,
    mitigation: MitigationPolicy = MitigationPolicy(),  # noqa: B008 - frozen value
    save_preference: SaveKind | None = None,
) -> AttackResult:
    """Resolve ``attack`` against ``target`` (non-vehicle models) and return every roll and ruling.

    ``mitigation`` is the target controller's policy for Damage Mitigation rolls (default: best chance);
    ``save_preference`` the save kind it prefers when several are allowed (default: the best). Raises
    ``InputError`` for bad characteristics, or if the target unit is already destroyed; ``DiceError`` from
    forced dice.
    """
    config = config if config is not None else RulesConfig()
    if target.destroyed:
        raise InputError(f"target unit {target.name!r} has no models left", field="target")
    rolls: list[Roll] = []
    reasons: list[Reason] = [
        core(
            "Shooting sequence" if not attack.melee else "Fight",
            f"{attack.count} {attack.noun} with {attack.name} at {target.name}",
            SHOOTING_SEQUENCE_PAGE if not attack.melee else None,
        )
    ]
    defender_ws = target.majority_weapon_skill() if attack.melee and attack.skill is not None else None
    declared = attack.declared(vehicle=False)
    if declared is not None:
        reasons.extend(declared.notes)
    hit = roll_to_hit(dice, attack, config, defender_ws=defender_ws, declared=declared)
    rolls.extend(hit.rolls)
    reasons.extend(hit.reasons)
    groups, wound_rolls, wound_reasons = roll_to_wound(
        dice, attack, hit.hits, target.majority_toughness(), config, declared
    )
    rolls.extend(wound_rolls)
    reasons.extend(wound_reasons)
    wounds = sum(group.count for group in groups)
    if wounds:
        reasons.append(allocation_reason(config))
    records: list[WoundRecord] = []
    unit = target
    ignores_cover = attack.ignores_cover
    night_vision = attack.has("Night Vision")
    times, brutal = wounds_per_allocation(declared.allocation) if declared is not None else (1, None)
    if wounds and brutal is not None:
        reasons.append(brutal)
    number = 0
    for group in groups:
        known = _Known()  # a group's Wounds share their AP and Instant Death: what is known of a model holds for them
        for _ in range(group.count):
            index = next_model_index(unit, config)
            if index is None:
                break
            number += 1
            for part in range(1, times + 1) if times > 1 else (0,):
                if unit.models[index].removed and brutal is not None:  # Brutal (X), p.117: no spill over
                    left = f"{times - part + 1} of Wound {number}'s {times} Wounds are lost"
                    reasons.append(replace(brutal, text=f"{brutal.text}: {left}"))
                    break
                record, model_rolls, unit = _resolve_wound(
                    dice,
                    attack,
                    group,
                    unit,
                    index,
                    number,
                    config,
                    mitigation,
                    save_preference,
                    ignores_cover,
                    night_vision,
                    known,
                    part,
                    times,
                )
                rolls.extend(model_rolls)
                records.append(record)
        else:
            continue
        break
    unallocated = wounds - number
    if unallocated:
        if unit.destroyed:
            reasons.append(core("Wound allocation", f"the unit is destroyed: {unallocated} Wounds are lost"))
        else:
            reasons.append(
                core(
                    "Wound allocation",
                    f"no model of {unit.name} left that may be allocated Wounds (in range and line of sight of a "
                    f"firing model): {unallocated} Wounds are lost (Blast p.234 and Precision Shots p.244 by contrast)",
                )
            )
    return AttackResult(attack, hit.hits, wounds, tuple(records), unallocated, unit, tuple(rolls), tuple(reasons))


class _Known:
    """What one attack worked out for the models of its target, by index in ``TargetUnit.models``, for its later
    Wounds on them: a model's Toughness, saves and rules do not change during an attack (only its lost Wounds), so
    neither do the Instant Death reason and the save taken; nor the Damage Mitigation rolls offered, given whether the
    unit is Stupefied and Fearless (it may stop being Fearless as models are removed: part of the key)."""

    def __init__(self) -> None:
        self.saves: dict[int, tuple[Reason | None, SaveChoice]] = {}
        self.offers: dict[tuple[int, bool], MitigationOffer] = {}


def _resolve_wound(
    dice: Dice,
    attack: AttackSpec,
    group: WoundGroup,
    unit: TargetUnit,
    index: int,
    number: int,
    config: RulesConfig,
    policy: MitigationPolicy,
    save_preference: SaveKind | None,
    ignores_cover: bool,
    night_vision: bool,
    known: _Known,
    part: int = 0,
    times: int = 1,
) -> tuple[WoundRecord, tuple[Roll, ...], TargetUnit]:
    model = unit.models[index]
    label = f"Wound {number} on {model.name}" if not part else f"Wound {number} ({part} of {times}) on {model.name}"
    reasons: list[Reason] = list(group.reasons)
    rolls: list[Roll] = []
    seen = known.saves.get(index)
    if seen is None:
        death = inflicts_instant_death(attack.strength, model, attack.rules) or group.instant_death
        choice = best_save(
            armour=model.save,
            invulnerable=model.invulnerable_save,
            cover=model.cover_save,
            ap=group.ap,
            ignores_cover=ignores_cover,
            prefer=save_preference,
        )
        seen = known.saves[index] = (death, choice)
    death, choice = seen
    if death is not None:
        reasons.append(death)
    reasons.extend(choice.reasons)
    save_roll: Roll | None = None
    if choice.option is not None:
        save_roll = dice.d6(f"{choice.option}: {label}")
        rolls.append(save_roll)
        if save_roll.total >= choice.option.target:
            reasons.append(core("Saving Throws", f"{choice.option} rolled {save_roll.total}: {label} saved"))
            record = WoundRecord(
                number,
                index,
                model.name,
                death is not None,
                choice.option,
                save_roll,
                True,
                None,
                0,
                False,
                tuple(reasons),
                group.ap,
                part,
            )
            return record, tuple(rolls), unit
        reasons.append(core("Saving Throws", f"{choice.option} rolled {save_roll.total}: {label} not saved"))
    unit_fearless = unit.stupefied and unit.fearless
    offer = known.offers.get((index, unit_fearless))
    if offer is None:
        context = MitigationContext(
            melee=attack.melee, ignores_cover=ignores_cover, night_vision=night_vision, instant_death=death is not None
        )
        offer = known.offers[index, unit_fearless] = mitigation_options(
            model.rules,
            context,
            config,
            stupefied=unit.stupefied,
            unit_fearless=unit_fearless,
            stupefied_bonus=unit.stupefied_bonus,
        )
    outcome = roll_mitigation(dice, offer, policy, label=label)
    reasons.extend(outcome.reasons)
    if outcome.roll is not None:
        rolls.append(outcome.roll)
    if outcome.success:
        record = WoundRecord(
            number,
            index,
            model.name,
            death is not None,
            choice.option,
            save_roll,
            False,
            outcome,
            0,
            False,
            tuple(reasons),
            group.ap,
            part,
        )
        return record, tuple(rolls), unit
    after, loss_reason = apply_unsaved_wound(model, instant_death=death is not None)
    if loss_reason is not None:
        reasons.append(loss_reason)
    lost = after.lost - model.lost
    if after.removed:
        reasons.append(core("Casualties", f"{model.name} is removed as a casualty"))
    record = WoundRecord(
        number,
        index,
        model.name,
        death is not None,
        choice.option,
        save_roll,
        False,
        outcome,
        lost,
        after.removed,
        tuple(reasons),
        group.ap,
        part,
    )
    return record, tuple(rolls), unit.with_model(index, after)
