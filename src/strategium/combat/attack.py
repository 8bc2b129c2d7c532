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

from strategium.catalogue.citations import Reason
from strategium.combat.allocation import (
    TargetUnit,
    allocation_reason,
    apply_unsaved_wound,
    inflicts_instant_death,
    next_model_index,
)
from strategium.combat.attack_spec import AttackMode as AttackMode
from strategium.combat.attack_spec import AttackSpec as AttackSpec
from strategium.combat.declared import (
    wounds_per_allocation,
)
from strategium.combat.haywire import haywire_acts, haywire_saves, roll_haywire
from strategium.combat.mitigation import (
    MitigationContext,
    MitigationOffer,
    MitigationOutcome,
    MitigationPolicy,
    mitigation_options,
    roll_mitigation,
)
from strategium.combat.saves import SaveChoice, SaveKind, SaveOption, best_save
from strategium.combat.sources import SHOOTING_SEQUENCE_PAGE, core
from strategium.combat.to_hit import HitRolls as HitRolls
from strategium.combat.to_hit import roll_to_hit as roll_to_hit
from strategium.combat.to_wound import WoundGroup as WoundGroup
from strategium.combat.to_wound import graviton_strength, roll_graviton_pulse
from strategium.combat.to_wound import roll_to_wound as roll_to_wound
from strategium.config import RulesConfig
from strategium.dice import Dice, Roll
from strategium.errors import InputError


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
    graviton = graviton_strength(attack, target)
    if haywire_acts(attack, target):
        groups, wound_rolls, wound_reasons = roll_haywire(dice, attack, hit.hits, config)
    elif graviton is not None:
        groups, wound_rolls, wound_reasons = roll_graviton_pulse(dice, attack, hit.hits, graviton, config)
    else:
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
    saves, haywire = haywire_saves(group, model, config)
    if haywire is not None:
        reasons.append(haywire)
    seen = known.saves.get(index)
    if seen is None:
        death = inflicts_instant_death(attack.strength, model, attack.rules) or group.instant_death
        choice = best_save(
            armour=model.save if saves == "all" else None,
            invulnerable=model.invulnerable_save if saves != "none" else None,
            cover=model.cover_save if saves == "all" else None,
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
    if saves == "none":  # Haywire's 6 on a Dreadnought or Automata (HW-3): no Damage Mitigation roll either
        offer = MitigationOffer((), ())
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
