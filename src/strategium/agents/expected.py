"""Expected outcomes for the heuristic player, from the combat tables (exact chances per die; the volleys come
from the engine's own Shooting Attack plan, so range, sight, Snap Shots and weapon counts are the engine's).

Values are in points of the target destroyed (expected), so a player can compare targets of different kinds.
These are estimates for choosing, never rulings: cover is read from where the target's first model stands,
Instant Death, re-rolls and special Damage Mitigation are left out.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from strategium.army.army import Model
from strategium.combat.saves import armour_save_allowed
from strategium.combat.tables import (
    effective_bs,
    melee_hit_target,
    shooting_hit_target,
    success_chance,
    wound_target,
)
from strategium.combat.templates import is_blast
from strategium.engine.assault.melee_choice import fighting_weapon
from strategium.engine.assault.melee_vehicles import armour_map
from strategium.engine.attacks import damage
from strategium.engine.core.game import Game
from strategium.engine.questions.profiles_now import current
from strategium.engine.questions.queries import Query, ask
from strategium.engine.shooting import attack as shooting
from strategium.engine.shooting.plan import TEMPLATE_LENGTH, _weapon_limit, shots_dice
from strategium.model.characteristics import Characteristics, KnightCharacteristics
from strategium.model.unit_types import UnitType
from strategium.model.weapons import RangeKind, WeaponClass

TWO_D6 = {total: Fraction(6 - abs(total - 7), 36) for total in range(2, 13)}
"""The chance of each total of 2D6."""


def charge_chance(needed: float, bonus: int = 0) -> float:
    """The chance that 2D6 + ``bonus`` reaches ``needed`` inches."""
    return float(sum(p for total, p in TWO_D6.items() if total + bonus >= needed - 1e-6))


def shooting_value(game: Game, unit_id: str, target_id: str, view: TargetView | None = None) -> float:
    """Expected points of ``target_id`` destroyed by a Shooting Attack of ``unit_id`` now (0 if it cannot fire).
    ``view``: the target's :func:`target_view` now, if known (else it is looked up)."""
    planned = shooting.plan(game, unit_id, target_id)
    if not planned.volleys:
        return 0.0
    if view is None:
        view = target_view(game, target_id)
    if view is None:
        return 0.0
    if view.vehicle:
        lost = sum(_hits(game, v) * float(success_chance(view.armour - v.strength)) for v in planned.volleys)
        return min(1.0, lost / view.left) * view.per_model * view.models
    uid, model = view.first
    toughness, wounds, sv, invulnerable = view.toughness, view.wounds, view.sv, view.invulnerable
    cover, _ = damage.cover_save(game, uid, model)
    unsaved = 0.0
    for v in planned.volleys:
        target_wound = wound_target(v.strength, toughness)
        p_wound = float(success_chance(target_wound))
        saves = [x for x in (invulnerable, cover) if x is not None]
        if sv is not None and armour_save_allowed(sv, v.weapon.ap):
            saves.append(sv)
        p_save = float(success_chance(min(saves))) if saves else 0.0
        unsaved += _hits(game, v) * p_wound * (1 - p_save)
    killed = min(unsaved / wounds, float(view.models))
    return killed * view.per_model


@dataclass(frozen=True)
class TargetView:
    """What the estimates read of a target unit now: its living models (``models``, the first as (unit id,
    model)), the points per model, and either a vehicle's lowest Armour Value and Hull Points left or a model's
    Toughness, Wounds, save and invulnerable save (defaults T4, W1 when the profile lacks them)."""

    first: tuple[str, Model]
    models: int
    per_model: float
    vehicle: bool
    armour: int = 10
    left: int = 1
    toughness: int = 4
    wounds: int = 1
    sv: int | None = None
    invulnerable: int | None = None


def target_view(game: Game, target_id: str) -> TargetView | None:
    """The :class:`TargetView` of ``target_id`` now, or None when none of its models is left.

    Kept across decisions in the first living model's :attr:`Model.memo`, under a value key of everything it
    reads: the members (the unit and its joined characters), the living models' ids, the points per model and the
    first model's wounds lost and Characteristics now (:func:`strategium.engine.questions.profiles_now.current`)."""
    s = game.state
    members = damage.members(game, target_id)
    living = damage.living(game, target_id)
    if not living:
        return None
    total_models = sum(len(s.unit(uid).models) for uid in members)
    per_model = (s.unit(target_id).points or 10 * total_models) / max(total_models, 1)
    uid, model = living[0]
    now = current(game, uid, model)
    key = (members, tuple(m.id for _, m in living), per_model, s.units[uid].wounds_lost.get(model.id, 0), now)
    memo = model.memo
    kept: tuple[tuple[object, ...], TargetView] | None = memo.get(_VIEW)
    if kept is not None and kept[0] == key:
        return kept[1]
    view = _target_view(game, living, per_model, now)
    memo[_VIEW] = (key, view)
    return view


_VIEW = "agents.expected.target_view"
"""The key in a model's :attr:`Model.memo` of the last :class:`TargetView` worked out with it first (with its key)."""


def _target_view(
    game: Game, living: list[tuple[str, Model]], per_model: float, now: Characteristics | KnightCharacteristics | None
) -> TargetView:
    """The view of the target whose living models are ``living`` (not empty), the first's Characteristics now
    being ``now``."""
    s = game.state
    uid, model = living[0]
    if any(m.profile.has_armour_values for _, m in living):  # damage.is_vehicle_target
        hp: int = getattr(model.profile.characteristics, "hp", None) or 1
        return TargetView(
            living[0],
            len(living),
            per_model,
            True,
            armour=min(armour_map(model).values(), default=10),
            left=max(1, hp - s.units[uid].wounds_lost.get(model.id, 0)),
        )
    chars = now if isinstance(now, Characteristics) else model.profile.characteristics
    return TargetView(
        living[0],
        len(living),
        per_model,
        False,
        toughness=getattr(chars, "t", None) or 4,
        wounds=getattr(chars, "w", None) or 1,
        sv=getattr(chars, "sv", None),
        invulnerable=model.profile.invulnerable_save,
    )


def _hits(game: Game, v: shooting.Volley) -> float:
    if v.template:
        return float(v.template)
    shots = v.shots + sum(3.5 * int(d.lower().split("d")[0] or 1) for d in v.dice)
    bs, _ = effective_bs(v.skill, snap_shots=v.snap, primarch=v.primarch, config=game.state.config)
    hits = shots * float(shooting_hit_target(bs).chance)
    if v.blast is not None:
        hits *= 1.5  # a Blast marker usually strikes more than one model
    return hits


def melee_strength(game: Game, unit_id: str) -> float:
    """A rough measure of a unit's close combat power: the sum over its living models of Attacks times Strength
    (Hammer of Wrath (X) adds X at Strength), divided by 4."""
    total = 0.0
    for uid, model in damage.living(game, unit_id):
        now = current(game, uid, model)
        chars = now if isinstance(now, Characteristics) else model.profile.characteristics
        attacks = getattr(chars, "a", None) or 0
        strength = getattr(chars, "s", None) or 3
        hammer = model.rule("Hammer of Wrath")
        extra = hammer.value if hammer is not None and hammer.value else 0
        total += (attacks + extra) * strength / 4
    return total


def melee_fraction(game: Game, attacker: str, defender: str, charging: bool) -> float:
    """The expected fraction of ``defender``'s Wounds (Hull Points for vehicles: counted as Wounds) removed by one
    round of ``attacker``'s close combat attacks: Attacks (+1 when ``charging``, + X Hammer of Wrath hits that
    always hit), To Hit from the Weapon Skills, To Wound, the best save against the weapon's AP."""
    theirs = damage.living(game, defender)
    mine = damage.living(game, attacker)
    if not theirs or not mine:
        return 0.0
    s = game.state
    uid, target = theirs[0]
    t_now = current(game, uid, target)
    t_chars = t_now if isinstance(t_now, Characteristics) else target.profile.characteristics
    ws_d = getattr(t_chars, "ws", None) or 1
    toughness = getattr(t_chars, "t", None) or 10
    sv: int | None = getattr(t_chars, "sv", None)
    invulnerable = target.profile.invulnerable_save
    total = sum(
        (getattr(m.profile.characteristics, "w", None) or getattr(m.profile.characteristics, "hp", None) or 1)
        - s.units[u].wounds_lost.get(m.id, 0)
        for u, m in theirs
    )
    caused = 0.0
    for auid, model in mine:
        now = current(game, auid, model)
        chars = now if isinstance(now, Characteristics) else model.profile.characteristics
        attacks = (getattr(chars, "a", None) or 0) + (1 if charging else 0)
        ws_a = getattr(chars, "ws", None) or 1
        user_s = getattr(chars, "s", None) or 1
        weapon = fighting_weapon(game, auid, model)[0]
        strength = (weapon.strength.resolve(user_s) if weapon is not None else user_s) or user_s
        ap = weapon.ap if weapon is not None else None
        hammer = model.rule("Hammer of Wrath")
        extra = hammer.value if charging and hammer is not None and hammer.value else 0
        p_hit = float(success_chance(melee_hit_target(min(ws_a, 10), min(ws_d, 10))))
        saves = [x for x in (invulnerable,) if x is not None]
        if sv is not None and armour_save_allowed(sv, ap):
            saves.append(sv)
        p_unsaved = 1 - (float(success_chance(min(saves))) if saves else 0.0)
        p_wound = float(success_chance(wound_target(max(strength, 1), toughness)))
        p_hammer = float(success_chance(wound_target(max(user_s, 1), toughness)))
        caused += (attacks * p_hit * p_wound + extra * p_hammer) * p_unsaved
    return min(1.0, caused / max(total, 1))


# -- an upper bound of shooting_value, without a plan ---------------------------------------------------------

BOUND_SLACK = 1e-9
"""Relative slack added to :func:`shooting_bound` so that rounding never puts it below the exact value."""

_NEVER_FIRED = (RangeKind.MELEE, RangeKind.HELLSTORM, RangeKind.UNKNOWN)

RANGE_SLACK = 1e-3
"""Inches by which a weapon's range is stretched in :func:`shooting_bound` (distances measured two ways)."""


@dataclass(frozen=True)
class Gun:
    """One weapon of one model as :func:`shooting_bound` counts it: its reach in inches,
    its shots (doubled within ``half`` inches for Rapid Fire; ``dice``: expected shots of rolled dice instead, as
    :func:`_hits` counts them), Template or Blast, its Strength and AP and the best chance to hit it can have."""

    model: str
    reach: float
    shots: int
    half: float | None
    dice: float | None
    template: bool
    blast: bool
    strength: int
    ap: int | None
    hit: float


def guns(game: Game, unit_id: str) -> tuple[tuple[int, tuple[Gun, ...]], ...]:
    """For each model of ``unit_id`` on the table: (how many weapons it may fire at once, every weapon it could
    fire at some target). A superset of what :func:`strategium.engine.shooting.attack.plan` lets it fire: the plan's
    rules that do not depend on the target are applied (Snap Shots, moved Ordnance, Snap-fired Blasts, as
    :func:`strategium.engine.shooting.plan._cannot_fire`); sight, minimum ranges and Ordnance
    firing alone are not (each can only remove shots)."""
    s = game.state
    status = s.units[unit_id]
    snap_all = not ask(game, Query.FULL_BALLISTIC_SKILL, unit_id)
    stationary = bool(ask(game, Query.STATIONARY_FOR_HEAVY, unit_id))
    out: list[tuple[int, tuple[Gun, ...]]] = []
    for model in s.unit(unit_id).models:
        if model.id not in status.poses:
            continue
        now = current(game, unit_id, model)
        base = model.profile.characteristics
        bs = now.bs if isinstance(now, Characteristics) else getattr(base, "bs", None)
        user_s = getattr(now, "s", None) if now is not None else getattr(base, "s", None)
        if bs is None or bs < 1:
            continue
        kept: dict[tuple[object, ...], tuple[int, tuple[Gun, ...]]] | None = model.memo.get(_GUNS)
        if kept is None:
            kept = model.memo[_GUNS] = {}
        key = (bs, user_s, snap_all, stationary, s.config.shooting.snap_shot_bs)
        found = kept.get(key)
        if found is None:
            made = _model_guns(game, model, bs, user_s, snap_all, stationary)
            found = kept[key] = (_weapon_limit(model) if made else 0, made)
        if found[1]:
            out.append(found)
    return tuple(out)


_GUNS = "agents.expected.guns"
"""The key of a model's (weapon limit, :class:`Gun` tuple) pairs in its :attr:`Model.memo` (by Ballistic Skill,
Strength, Snap Shots, Stationary and the configured Snap Shot BS: all they depend on; the limit, of the model
alone)."""


def _model_guns(
    game: Game, model: Model, bs: int, user_s: int | None, snap_all: bool, stationary: bool
) -> tuple[Gun, ...]:
    """The guns of one model with Ballistic Skill ``bs`` and Strength ``user_s`` (see :func:`guns`)."""
    s = game.state
    spec = model.profile.unit_type
    primarch = spec.counts_as(UnitType.PRIMARCH)
    vehicle = spec.counts_as(UnitType.VEHICLE) or model.profile.has_armour_values
    snap_bs = s.config.shooting.snap_shot_bs
    hits = {snap: _hit_chance(min(bs, 10), snap, primarch, snap_bs) for snap in (False, True)}
    found: list[Gun] = []
    for w in model.weapons:
        kind = w.type.weapon_class
        if kind is None or kind is WeaponClass.MELEE or w.range.kind in _NEVER_FIRED:
            continue
        reach = TEMPLATE_LENGTH if w.range.kind is RangeKind.TEMPLATE else w.range.maximum
        strength = w.strength.resolve(user_s if user_s is not None else 0)
        if reach is None or strength is None or strength < 1:
            continue
        rolled = shots_dice(w.type.shots_dice) if w.type.shots_dice else None
        dice = 3.5 * int(w.type.shots_dice.lower().split("d")[0] or 1) if rolled and w.type.shots_dice else None
        blast = is_blast(w.type.rules)
        template = w.range.kind is RangeKind.TEMPLATE
        snap = snap_all or (kind is WeaponClass.HEAVY and not stationary and not vehicle)
        if kind is WeaponClass.ORDNANCE and not vehicle and not stationary:
            continue
        if snap and (kind is WeaponClass.ORDNANCE or blast):  # a Template's Snap Shots: Wall of Death (p.248)
            continue
        hit = hits[snap]
        half = w.range.maximum / 2 if kind is WeaponClass.RAPID_FIRE and w.range.maximum is not None else None
        found.append(Gun(model.id, float(reach), w.type.shots or 1, half, dice, template, blast, strength, w.ap, hit))
    return tuple(found)


def shooting_bound(
    game: Game,
    armoury: tuple[tuple[int, tuple[Gun, ...]], ...],
    target_id: str,
    gap: float,
    reaches: Mapping[str, float] | None = None,
    view: TargetView | None = None,
) -> float:
    """An upper bound of :func:`shooting_value` for a unit with the weapons ``armoury`` (:func:`guns`) whose
    closest model is ``gap`` inches from ``target_id``'s closest model: every model fires its best weapons in
    range at its best Ballistic Skill, the target takes no cover save. ``reaches`` (model id -> inches from that
    model to the target's closest model, as the plan measures it) narrows each model's weapons in range (and its
    Rapid Fire doubling) to those its own distance allows; models not in it are taken at ``gap``. Never below
    the exact value. ``view``: the target's :func:`target_view` now, if known (else it is looked up)."""
    if view is None:
        view = target_view(game, target_id)
    if view is None or not armoury:
        return 0.0
    vehicle, armour, toughness, sv, invulnerable = view.vehicle, view.armour, view.toughness, view.sv, view.invulnerable
    total = 0.0
    for limit, found in armoury:
        values: list[float] = []
        for g in found:
            at = gap if reaches is None else reaches.get(g.model, gap)
            if g.reach + RANGE_SLACK < at:
                continue
            doubled = g.half is not None and at <= g.half + RANGE_SLACK
            shots = g.dice if g.dice is not None else g.shots * (2 if doubled else 1)
            hits = shots * g.hit * (1.5 if g.blast else 1.0)
            if g.template:
                hits = max(hits, float(view.models))
            if vehicle:
                values.append(hits * _chance(armour - g.strength))
                continue
            p_wound, p_unsaved = _wound_and_unsaved(g.strength, toughness, g.ap, sv, invulnerable)
            values.append(hits * p_wound * p_unsaved)
        total += sum(sorted(values, reverse=True)[:limit])
    if vehicle:
        bound = min(1.0, total / view.left) * view.per_model * view.models
    else:
        bound = min(total / view.wounds, float(view.models)) * view.per_model
    return bound * (1 + BOUND_SLACK)


@lru_cache(maxsize=256)
def _hit_chance(bs: int, snap: bool, primarch: bool, snap_bs: int) -> float:
    """The chance to hit of a shot at Ballistic Skill ``bs`` (1-10), a Snap Shot if ``snap``, with Snap Shots at
    ``snap_bs`` (``shooting.snap_shot_bs``, all the configuration it depends on): ``float(shooting_hit_target(
    effective_bs(bs, snap_shots=snap, primarch=primarch, config=config)[0]).chance)`` without the reasons (a
    Primarch snap-fires at its own BS, others at the lower of theirs and ``snap_bs``); kept, as a few values are
    asked for each model's weapons."""
    used = bs if not snap or primarch else min(bs, snap_bs)
    return float(shooting_hit_target(used).chance)


@lru_cache(maxsize=1024)
def _wound_and_unsaved(
    strength: int, toughness: int, ap: int | None, sv: int | None, invulnerable: int | None
) -> tuple[float, float]:
    """(the chance to wound at ``strength`` against ``toughness``, the chance a wound is not saved by the better of
    the armour save ``sv`` against ``ap`` and the ``invulnerable`` save), as :func:`shooting_bound` counts them
    (``1 - p_save``, the same floats); kept, as a unit's guns meet the same few targets again and again. Raises
    ``InputError`` (from ``wound_target``) for a Strength or Toughness below 1."""
    p_wound = _chance(wound_target(strength, toughness))
    saves = [x for x in (invulnerable,) if x is not None]
    if sv is not None and armour_save_allowed(sv, ap):
        saves.append(sv)
    p_save = _chance(min(saves)) if saves else 0.0
    return p_wound, 1 - p_save


@lru_cache(maxsize=64)
def _chance(target: int | None) -> float:
    """``float(success_chance(target))``, kept (the bound asks for the same few targets again and again)."""
    return float(success_chance(target))
