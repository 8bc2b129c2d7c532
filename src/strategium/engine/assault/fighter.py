"""A model's part in a fight (:mod:`strategium.engine.assault.fight`, items 4 and 5 of its docstring): the situation of
its unit's attacks (:func:`first_round`), its Initiative step (:func:`initiative_step`), its number of Attacks
(:func:`attacks_of`) and the group of identical attacks it makes at one Initiative step (:func:`blow`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from strategium.army.army import Model
from strategium.catalogue.citations import Reason
from strategium.catalogue.declared import Situation
from strategium.catalogue.definitions import Book
from strategium.catalogue.registry import RuleRef
from strategium.combat.declared import acting_rules, attack_rules
from strategium.combat.sources import configured, core
from strategium.engine.assault.charges import charge_of, feet, track
from strategium.engine.assault.melee_choice import (
    attack_cap,
    blow_strength,
    fighting_weapon,
    in_challenge,
    usable_melee,
)
from strategium.engine.attacks import damage
from strategium.engine.core.board import ChargeRecord
from strategium.engine.questions.profiles_now import current
from strategium.engine.table.placement import footprint
from strategium.geometry.measure import in_contact
from strategium.model.unit_types import SubType, UnitType
from strategium.model.weapons import WeaponProfile

if TYPE_CHECKING:
    from strategium.engine.core.game import Game


def host(game: Game, unit_id: str) -> str:
    """The unit ``unit_id`` fights with: its own id, or the unit a joined character is part of."""
    return game.state.units[unit_id].joined_to or unit_id


_FIRST_ROUND = frozenset({Situation.FIRST_ROUND_OF_COMBAT})


def first_round(game: Game, unit_id: str) -> frozenset[Situation]:
    """The situation of the close combat attacks of ``unit_id``: :func:`_first_round`, and with the setting
    ``weapon_rules.armourbane_melta_in_close_combat`` (default off), "within half range" for Armourbane (Melta)
    (p.231: its clauses ARB-7, ARB-8 then act in close combat)."""
    found = _first_round(game, unit_id)
    return found | _HALF_RANGE if game.state.config.weapon_rules.armourbane_melta_in_close_combat else found


_HALF_RANGE = frozenset({Situation.WITHIN_HALF_RANGE})


def _first_round(game: Game, unit_id: str) -> frozenset[Situation]:
    """The situation of the close combat attacks of ``unit_id`` (a joined character: its unit's): the first round of
    its combat when it made a successful Charge this Player Turn, or was charged by an enemy unit: a successful
    Charge of this Player Turn that locked the charger with it (the reading of the module docstring, item 6; Hatred,
    p.240: a unit not locked when the phase began that charges or is charged, or a locked unit an enemy charges);
    else none."""
    own = host(game, unit_id)
    if charged(game, own) is not None:
        return _FIRST_ROUND
    s = game.state
    mine = s.owner(own)
    for record in track(game).charges.values():
        by = record.unit_id
        if record.success and own in record.targets and s.owner(by) != mine and own in s.assault.engaged.get(by, ()):
            return _FIRST_ROUND
    return frozenset()


def charged(game: Game, unit_id: str) -> ChargeRecord | None:
    """The unit's successful Charge this turn, or None."""
    record = charge_of(game, unit_id)
    return record if record is not None and record.success else None


# -- a model's attacks --------------------------------------------------------------------------------------------


def _rules(weapon: WeaponProfile | None) -> tuple[RuleRef, ...]:
    return tuple(r for r in weapon.type.rules if isinstance(r, RuleRef)) if weapon is not None else ()


_ACTING = "fight.acting_rules"
"""The key in :attr:`Model.memo` of the model's own rules that act on its attacks (:func:`acting_rules`)."""


def _acting(game: Game, unit_id: str, model: Model) -> tuple[RuleRef, ...]:
    """The rules with declared clauses the model bears that act on its attacks: its own (kept in its memo: its rules
    are fixed) and those its unit ``unit_id`` gained from effects in force (``EffectKind.GRANTS_RULE``)."""
    granted = damage.granted_rules(game, unit_id)
    if granted:
        return acting_rules(model.rules + granted)
    memo = model.memo
    known: tuple[RuleRef, ...] | None = memo.get(_ACTING)
    if known is None:
        known = memo[_ACTING] = acting_rules(model.rules)
    return known


def _has(weapon: WeaponProfile | None, name: str) -> bool:
    return any(r.name == name for r in _rules(weapon))


def _value(weapon: WeaponProfile | None, name: str) -> int | None:
    """The (X) of the weapon's rule ``name`` (1 when it has none), or None if the weapon lacks the rule."""
    rule = next((r for r in _rules(weapon) if r.name == name), None)
    return None if rule is None else (rule.value or 1)


def _charge_rule(
    game: Game, unit_id: str, model: Model, name: str, weapon: WeaponProfile | None = None
) -> tuple[int, Reason | None]:
    """The X of a "on the charge, unless Disordered" rule (Furious Charge, Rage, Sudden Strike), with why. With
    ``weapon``, the weapon's rule counts too (Sudden Strike (X) on a Melee weapon: the model fighting with it has
    the rule); the model and its weapon both having it, the higher (X) counts (they are not added)."""
    rule = model.rule(name)
    own = (rule.value or 1) if rule is not None else None
    carried = _value(weapon, name)
    record = charged(game, unit_id)
    if (own is None and carried is None) or record is None:
        return 0, None
    if record.disordered:
        return 0, Reason.of(name, f"no {name} after a Disordered Charge (Disordered Charges, p.182)")
    x = max(own or 0, carried or 0)
    by = f" (its {weapon.name})" if weapon is not None and carried == x and (own or 0) < x else ""
    return x, Reason.of(name, f"{name} ({x}){by} on the turn it charged")


def _sudden_x(game: Game, record: ChargeRecord, model: Model, rule: RuleRef, source: str) -> int:
    """The (X) of one Sudden Strike (X): its number, or (an X that is a dice roll, such as D3) the roll made once
    for the model and that source on the turn it charged, kept on the Charge record and logged."""
    if rule.value is not None:
        return rule.value
    dice = (rule.x_text or "").upper()
    if dice not in ("D3", "D6"):
        return 1
    key = f"{model.id}/{source}"
    known = record.rolled_x.get(key)
    if known is None:
        s = game.state
        label = f"Sudden Strike ({dice}) of {model.name} (Liber p.124)"
        roll = game.logged(s.dice.d3(label, who=model.id) if dice == "D3" else s.dice.d6(label, who=model.id))
        known = record.rolled_x[key] = roll.total
    return known


def sudden_strike(
    game: Game, unit_id: str, model: Model, weapon: WeaponProfile | None = None
) -> tuple[int, Reason | None]:
    """Sudden Strike (X) (Liber Astartes/Hereticus p.124): on the turn the model Charges into combat (unless the
    Charge was Disordered, p.182) its Initiative is X higher until the end of the Assault phase. The model's rule
    or that of the weapon it fights with (the higher X; they are not added); an X that is a dice roll is rolled
    once that turn (:func:`_sudden_x`)."""
    own = model.rule("Sudden Strike")
    carried = next((r for r in _rules(weapon) if r.name == "Sudden Strike"), None)
    record = charged(game, unit_id)
    if (own is None and carried is None) or record is None:
        return 0, None
    if record.disordered:
        return 0, Reason.of("Sudden Strike", "no Sudden Strike after a Disordered Charge (Disordered Charges, p.182)")
    mine = _sudden_x(game, record, model, own, "model") if own is not None else 0
    theirs = _sudden_x(game, record, model, carried, weapon.name) if carried is not None and weapon else 0
    x = max(mine, theirs)
    by = f" (its {weapon.name})" if weapon is not None and theirs == x and mine < x else ""
    return x, Reason.of("Sudden Strike", f"Sudden Strike ({x}){by} on the turn it charged")


def initiative_now(game: Game, unit_id: str, model: Model) -> tuple[int | None, Reason | None]:
    """The model's Initiative for uses other than its Initiative step in this Assault phase (a Sweeping Advance,
    its Consolidation): its current Initiative (:func:`current`) with Sudden Strike's bonus on the turn it charged
    (at most 10); None for a model without an Initiative."""
    now = current(game, unit_id, model)
    base = getattr(now, "i", None) if now is not None else getattr(model.profile.characteristics, "i", None)
    if base is None:
        return None, None
    bonus, why = sudden_strike(game, unit_id, model, fighting_weapon(game, unit_id, model)[0])
    return min(10, base + bonus), why if bonus else None


def initiative_step(game: Game, unit_id: str, model: Model) -> tuple[int, tuple[Reason, ...]]:
    """The Initiative step the model fights at, and why (see the module docstring, item 5)."""
    s = game.state
    now = current(game, unit_id, model)
    step = getattr(now, "i", None) or 1
    why: list[Reason] = []
    weapon = fighting_weapon(game, unit_id, model)[0]
    bonus, reason = sudden_strike(game, unit_id, model, weapon)
    step += bonus
    if reason is not None:
        why.append(reason)
    reach = _value(weapon, "Reach")
    if reach is not None and weapon is not None:
        step += reach
        why.append(Reason.of("Reach", f"Reach ({reach}): +{reach} Initiative attacking with {weapon.name}"))
    edge = _value(weapon, "Duellist's Edge")
    if edge is not None and weapon is not None and in_challenge(game, unit_id, model):
        step += edge
        why.append(Reason.of("Duellist's Edge", f"Duellist's Edge ({edge}): +{edge} Initiative in a Challenge"))
    spec = model.profile.unit_type
    big = spec.counts_as(UnitType.DREADNOUGHT) or spec.has(SubType.MONSTROUS)
    if _has(weapon, "Unwieldy") and not big:
        step = 1
        why.append(Reason.of("Unwieldy", "an Unwieldy weapon fights at Initiative step 1"))
    record = charge_of(game, unit_id)
    if record is not None and record.terrain_penalty is not None:
        step = min(step, s.config.charge.difficult_terrain_initiative)
        why.append(record.terrain_penalty)
    legion = model.rule("Legiones Astartes")
    if charged(game, unit_id) is not None and legion is not None and "Emperor" in (legion.x_text or ""):
        step += 1
        why.append(Reason("Flawless Execution", "one Initiative step higher after a Charge", 150, Book.LIBER_HERETICUS))
    lowest = s.config.fight.lowest_initiative_step
    return max(lowest, min(10, step)), tuple(why)


def second_weapon_bonus(melee: list[WeaponProfile]) -> bool:
    """Whether a model with the usable melee weapons ``melee`` (the first the one it fights with) has +1 Attack for
    a second melee weapon (p.177): never when the weapon it attacks with is Two-handed (p.249); when that weapon is
    a Specialist Weapon, only if it has another Specialist Weapon (p.247)."""
    first = melee[0] if melee else None
    if len(melee) < 2 or first is None or _has(first, "Two-handed"):
        return False
    return not _has(first, "Specialist Weapon") or sum(_has(w, "Specialist Weapon") for w in melee) >= 2


def _reaping_blow(game: Game, unit_id: str, model: Model, weapon: WeaponProfile | None) -> tuple[int, Reason] | None:
    """Reaping Blow (X) (Liber p.124), the model's or the weapon it fights with (the higher X): + X Attacks while two
    or more enemy models (of the units its unit is locked with) touch its base."""
    own = model.rule("Reaping Blow")
    x = max((own.value or 1) if own is not None else 0, _value(weapon, "Reaping Blow") or 0)
    if not x:
        return None
    s = game.state
    pose = s.units[unit_id].poses.get(model.id)
    if pose is None:
        return None
    mine = footprint(model, pose)
    touching = sum(
        1
        for enemy in sorted(s.assault.engaged.get(host(game, unit_id), ()))
        for _, _, f in feet(game, enemy)
        if in_contact(mine, f)
    )
    if touching < 2:
        return None
    return x, Reason.of(
        "Reaping Blow", f"Reaping Blow ({x}): +{x} Attacks in base contact with {touching} enemy models"
    )


def attacks_of(game: Game, unit_id: str, model: Model) -> tuple[int, tuple[Reason, ...]]:
    """How many attacks the model makes, and why (see the module docstring, item 4)."""
    config = game.state.config
    now = current(game, unit_id, model)
    count = getattr(now, "a", None) or 0
    why: list[Reason] = []
    record = charged(game, unit_id)
    if record is not None:
        rage, rage_why = _charge_rule(game, unit_id, model, "Rage")
        if record.disordered and config.charge.disordered_loses_charge_attack:
            text = "no +1 Attack for charging after a Disordered Charge"
            why.append(configured(config, "charge.disordered_loses_charge_attack", text))
        elif rage:
            count += rage
        else:
            count += 1
            why.append(core("Charging", "+1 Attack on the turn it charged"))
        if rage_why is not None:
            why.append(rage_why)
    melee, refused = usable_melee(game, unit_id, model)  # (a refused weapon is not a second one: DET-1)
    first = melee[0] if melee else None
    if second_weapon_bonus(melee):
        count += 1
        why.append(core("Two melee weapons", "+1 Attack for a second melee weapon", 177))
    reaping = _reaping_blow(game, unit_id, model, first)
    if reaping is not None:
        count += reaping[0]
        why.append(reaping[1])
    cap = attack_cap(game, unit_id, model, first)
    if cap is not None and count > cap[0]:
        count = cap[0]
        why.append(cap[1])
    return count, (*refused, *why)


@dataclass(frozen=True)
class Blow:
    unit_id: str
    model_id: str
    weapon: str
    strength: int
    ap: int | None
    ws: int
    rules: tuple[RuleRef, ...]
    target: str
    target_model: str
    count: int
    why: tuple[Reason, ...]


def blow(game: Game, unit_id: str, model: Model, target: str, target_model: str) -> Blow | None:
    now = current(game, unit_id, model)
    ws, user_s = getattr(now, "ws", None), getattr(now, "s", None)
    if not ws or user_s is None:
        return None
    count, why = attacks_of(game, unit_id, model)
    weapon = fighting_weapon(game, unit_id, model)[0]
    strength = weapon.strength.resolve(user_s) if weapon is not None else user_s
    if strength is None or count < 1:
        return None
    fury, fury_why = _charge_rule(game, unit_id, model, "Furious Charge")
    reasons = list(why)
    if fury_why is not None:
        reasons.append(fury_why)
    name = weapon.name if weapon is not None else "close combat weapon"
    ap = weapon.ap if weapon is not None else None
    strength, changed = blow_strength(game, unit_id, model, weapon, max(1, strength + fury))
    if model.id not in game.state.units[unit_id].poses:  # removed meanwhile (Perils of the Warp on a failed check)
        return None
    reasons.extend(changed)
    return Blow(
        unit_id,
        model.id,
        name,
        strength,
        ap,
        ws,
        attack_rules(_rules(weapon), _acting(game, unit_id, model)),
        target,
        target_model,
        count,
        tuple(reasons),
    )
