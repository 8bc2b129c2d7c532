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
from strategium.engine.assault.charges import charge_of, track
from strategium.engine.assault.melee_choice import attack_cap, blow_strength, fighting_weapon, usable_melee
from strategium.engine.attacks import damage
from strategium.engine.core.board import ChargeRecord
from strategium.engine.questions.profiles_now import current
from strategium.model.unit_types import SubType, UnitType
from strategium.model.weapons import WeaponProfile

if TYPE_CHECKING:
    from strategium.engine.core.game import Game


def host(game: Game, unit_id: str) -> str:
    """The unit ``unit_id`` fights with: its own id, or the unit a joined character is part of."""
    return game.state.units[unit_id].joined_to or unit_id


_FIRST_ROUND = frozenset({Situation.FIRST_ROUND_OF_COMBAT})


def first_round(game: Game, unit_id: str) -> frozenset[Situation]:
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


def _charge_rule(game: Game, unit_id: str, model: Model, name: str) -> tuple[int, Reason | None]:
    """The X of a "on the charge, unless Disordered" rule (Furious Charge, Rage, Sudden Strike), with why."""
    rule = model.rule(name)
    record = charged(game, unit_id)
    if rule is None or record is None:
        return 0, None
    if record.disordered:
        return 0, Reason.of(name, f"no {name} after a Disordered Charge (Disordered Charges, p.182)")
    x = rule.value or 1
    return x, Reason.of(name, f"{name} ({x}) on the turn it charged")


def initiative_step(game: Game, unit_id: str, model: Model) -> tuple[int, tuple[Reason, ...]]:
    """The Initiative step the model fights at, and why (see the module docstring, item 5)."""
    s = game.state
    now = current(game, unit_id, model)
    step = getattr(now, "i", None) or 1
    why: list[Reason] = []
    bonus, reason = _charge_rule(game, unit_id, model, "Sudden Strike")
    step += bonus
    if reason is not None:
        why.append(reason)
    spec = model.profile.unit_type
    big = spec.counts_as(UnitType.DREADNOUGHT) or spec.has(SubType.MONSTROUS)
    if _has(fighting_weapon(game, unit_id, model)[0], "Unwieldy") and not big:
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
    if len(melee) >= 2 and first is not None and not _has(first, "Two-handed"):
        specialist = _has(first, "Specialist Weapon")
        if not specialist or sum(_has(w, "Specialist Weapon") for w in melee) >= 2:
            count += 1
            why.append(core("Two melee weapons", "+1 Attack for a second melee weapon", 177))
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
