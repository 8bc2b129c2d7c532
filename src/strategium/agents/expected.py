"""Expected outcomes for the heuristic player, from the combat tables (exact chances per die; the volleys come
from the engine's own Shooting Attack plan, so range, sight, Snap Shots and weapon counts are the engine's).

Values are in points of the target destroyed (expected), so a player can compare targets of different kinds.
These are estimates for choosing, never rulings: cover is read from where the target's first model stands,
Instant Death, re-rolls and special Damage Mitigation are left out.
"""

from __future__ import annotations

from fractions import Fraction

from strategium.combat.saves import armour_save_allowed
from strategium.combat.tables import (
    effective_bs,
    melee_hit_target,
    shooting_hit_target,
    success_chance,
    wound_target,
)
from strategium.engine import damage, fight, shooting
from strategium.engine.fight import armour_map
from strategium.engine.game import Game
from strategium.engine.profiles_now import current
from strategium.model.characteristics import Characteristics

TWO_D6 = {total: Fraction(6 - abs(total - 7), 36) for total in range(2, 13)}
"""The chance of each total of 2D6."""


def charge_chance(needed: float, bonus: int = 0) -> float:
    """The chance that 2D6 + ``bonus`` reaches ``needed`` inches."""
    return float(sum(p for total, p in TWO_D6.items() if total + bonus >= needed - 1e-6))


def shooting_value(game: Game, unit_id: str, target_id: str) -> float:
    """Expected points of ``target_id`` destroyed by a Shooting Attack of ``unit_id`` now (0 if it cannot fire)."""
    planned = shooting.plan(game, unit_id, target_id)
    if not planned.volleys:
        return 0.0
    s = game.state
    target = s.unit(target_id)
    living = damage.living(game, target_id)
    if not living:
        return 0.0
    total_models = sum(len(s.unit(uid).models) for uid in damage.members(game, target_id))
    per_model = (target.points or 10 * total_models) / max(total_models, 1)
    if damage.is_vehicle_target(game, target_id):
        uid, model = living[0]
        armour = min(armour_map(model).values(), default=10)
        hp: int = getattr(model.profile.characteristics, "hp", None) or 1
        left = max(1, hp - s.units[uid].wounds_lost.get(model.id, 0))
        lost = sum(_hits(game, v) * float(success_chance(armour - v.strength)) for v in planned.volleys)
        return min(1.0, lost / left) * per_model * len(living)
    uid, model = living[0]
    now = current(game, uid, model)
    chars = now if isinstance(now, Characteristics) else model.profile.characteristics
    toughness = getattr(chars, "t", None) or 4
    wounds: int = getattr(chars, "w", None) or 1
    sv: int | None = getattr(chars, "sv", None)
    invulnerable = model.profile.invulnerable_save
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
    killed = min(unsaved / wounds, float(len(living)))
    return killed * per_model


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
        weapon = fight.melee_weapon(model)
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
