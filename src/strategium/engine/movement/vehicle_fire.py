"""Vehicle speeds and what a vehicle may fire (CORE_A §2.4, §5.9, §5.10; CORE_B §1.2, §2.5; issue 17 point 5).

- **Speed.** When a unit of Vehicles (not Knights or Titans, which always count as Stationary, p.216) moves, the
  longest distance one of its models moved decides its speed: up to the Combat Speed limit it moved at Combat
  Speed (fact ``COMBAT_SPEED``), beyond it at Cruising Speed (``CRUISING_SPEED``). The limit is half its
  Movement Characteristic or ``vehicles.combat_speed_distance`` inches, by ``vehicles.combat_speed_rule``
  (unconfirmed). A pivot in place (no distance) is no move at a speed. A Fast vehicle's move always counts as
  Combat Speed and a Slow vehicle's as Cruising Speed (p.214, confirmed; Flat-out is not modelled).
- **Firing after moving** (CORE_B §1.2, secondary source): Stationary, every weapon. At Combat Speed, one
  Ordnance or Destroyer weapon at most, and if it fires one every other weapon fires as Snap Shots. At Cruising
  Speed, no Ordnance or Destroyer weapon; one weapon at full BS, the others as Snap Shots or not at all
  (``vehicles.cruising_speed_other_weapons``). Bombard (Liber Astartes p.95): at Combat Speed no limit; at
  Cruising Speed one Defensive weapon only. Which weapon keeps full BS is the player's choice, not offered yet:
  the engine takes the most dangerous (highest Strength, then most shots).
- **Vehicle Damage effects** (:mod:`strategium.engine.attacks.vehicle_results`): a Crew Shaken vehicle fires only Snap
  Shots (or nothing: ``vehicle_damage.crew_shaken_effect``), a Crew Stunned one only Snap Shots (not if
  Reinforced), and weapons lost to Weapon Destroyed do not fire. Weapons that cannot be Snap Shots (Ordnance,
  Blast, Template, p.234) are then not fired.
- **Run**: Vehicles do not Run unless ``vehicles.may_run`` (an exemption of the ``vehicle`` block of
  ``Query.MAY_RUN``; a vehicle has no Initiative, so its Run reaches its Movement).
- **Disembarking** after the Transport moved at Cruising Speed only with
  ``transports.disembark_after_cruising_speed`` (7th edition: no).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from strategium.army.army import Model
from strategium.catalogue.citations import Reason
from strategium.combat.sources import configured, core
from strategium.engine.attacks import vehicle_results
from strategium.engine.core.effects import EffectKind
from strategium.engine.core.hooks import on_event
from strategium.engine.core.watchers import Fact
from strategium.engine.movement.move import UnitMoved
from strategium.engine.questions.queries import Block, Query, exemption
from strategium.geometry.measure import EPSILON
from strategium.model.unit_types import SubType, UnitType
from strategium.model.weapons import RangeKind, WeaponClass

if TYPE_CHECKING:
    from strategium.engine.core.game import Game
    from strategium.engine.shooting.plan import Volley

SPEEDS = "Vehicle speeds"
HEAVY_HITTERS = (WeaponClass.ORDNANCE, WeaponClass.DESTROYER)


def moves_at_speeds(model: Model) -> bool:
    """True for a Vehicle that moves at Combat or Cruising Speed (not a Knight, Titan or Building)."""
    kind = model.profile.unit_type
    return kind.unit_type is UnitType.VEHICLE and not kind.is_knight_or_titan


def combat_speed_limit(game: Game, model: Model) -> tuple[float, Reason]:
    """The longest move (inches) that is still Combat Speed for ``model``, and the reason citing the setting."""
    config = game.state.config
    if config.vehicles.combat_speed_rule == "fixed":
        limit = config.vehicles.combat_speed_distance
        return limit, configured(config, "vehicles.combat_speed_distance", f'Combat Speed is up to {limit:g}"')
    m = float(getattr(model.profile.characteristics, "m", 0) or 0)
    return m / 2, configured(config, "vehicles.combat_speed_rule", f'Combat Speed is up to half M ({m / 2:g}")')


def speed_of(game: Game, unit_id: str, moved: float) -> tuple[Fact, Reason] | None:
    """The speed a unit of Vehicles moved at for a move of ``moved`` inches (its longest), or None (not such a
    unit, or a pivot in place)."""
    status = game.state.units[unit_id]
    models = [m for m in game.state.unit(unit_id).models if m.id in status.poses and moves_at_speeds(m)]
    if not models or moved <= EPSILON:
        return None
    if any(m.profile.unit_type.has(SubType.SLOW) for m in models):
        return Fact.CRUISING_SPEED, core("Slow", "a Slow vehicle's move always counts as Cruising Speed", 214)
    if all(m.profile.unit_type.has(SubType.FAST) for m in models):
        return Fact.COMBAT_SPEED, core("Fast", "a Fast vehicle's move always counts as Combat Speed", 214)
    limit, why = min((combat_speed_limit(game, m) for m in models), key=lambda p: p[0])
    fact = Fact.COMBAT_SPEED if moved <= limit + EPSILON else Fact.CRUISING_SPEED
    return fact, Reason(why.rule, f'moved {moved:.2f}": {fact.value}; {why.text}', why.page, why.book)


@on_event(UnitMoved)
def _note_speed(game: Game, event: UnitMoved) -> None:
    """Note the speed a unit of Vehicles moved at (a fact of the turn)."""
    if event.unit_id not in game.state.units:
        return
    speed = speed_of(game, event.unit_id, event.longest)
    if speed is not None:
        game.state.facts.note(event.unit_id, speed[0])


def _snappable(volley: Volley) -> bool:
    weapon = volley.weapon
    return not (
        weapon.type.weapon_class is WeaponClass.ORDNANCE
        or weapon.range.kind is RangeKind.TEMPLATE
        or volley.blast is not None
    )


def _as_snap(volleys: list[Volley], why: Reason, model: Model, reasons: dict[str, Reason]) -> list[Volley]:
    """``volleys`` as Snap Shots; those that cannot be Snap Shots are dropped (p.234), with the reasons."""
    out: list[Volley] = []
    for v in volleys:
        if v.snap:
            out.append(v)
        elif _snappable(v):
            out.append(replace(v, snap=True))
        else:
            reasons.setdefault(
                f"{model.id}:{v.weapon.name}:no-snap",
                core("Snap Shots", f"{v.weapon.name} cannot be fired as Snap Shots ({why.text})", 234),
            )
    if volleys:
        reasons.setdefault(f"{model.id}:snap:{why.text}", why)
    return out


def _danger(volley: Volley) -> tuple[int, int]:
    return volley.strength, volley.shots


def restrict(game: Game, unit_id: str, model: Model, volleys: list[Volley], reasons: dict[str, Reason]) -> list[Volley]:
    """The volleys a vehicle ``model`` of ``unit_id`` may fire of ``volleys`` (one per weapon, as the plan made
    them), by its lost weapons, its speed this turn and its crew's state (see the module docstring); why each
    other one may not fire goes into ``reasons``."""
    out = list(volleys)
    lost = vehicle_results.destroyed_weapons(game, unit_id, model.id)
    if lost:
        kept: list[Volley] = []
        for v in out:
            if v.weapon.name in lost:
                lost.remove(v.weapon.name)
                reasons.setdefault(
                    f"{model.id}:{v.weapon.name}:destroyed",
                    vehicle_results.table_reason(f"{model.name}'s {v.weapon.name} was destroyed (Weapon Destroyed)"),
                )
                continue
            kept.append(v)
        out = kept
    if moves_at_speeds(model):
        out = _by_speed(game, unit_id, model, out, reasons)
    effects = game.effects_on(unit_id)
    if not effects or not out:
        return out
    config = game.state.config
    mine = [e for e in effects if e.model_id == model.id]
    if any(e.kind is EffectKind.CREW_SHAKEN for e in mine):
        if config.vehicle_damage.crew_shaken_effect == "no_shooting":
            reasons.setdefault(
                f"{model.id}:shaken",
                configured(
                    config, "vehicle_damage.crew_shaken_effect", f"{model.name} is Crew Shaken: it may not shoot"
                ),
            )
            return []
        why = configured(config, "vehicle_damage.crew_shaken_effect", f"{model.name} is Crew Shaken: only Snap Shots")
        out = _as_snap(out, why, model, reasons)
    if any(e.kind is EffectKind.CREW_STUNNED for e in mine) and not vehicle_results.reinforced(model):
        why = vehicle_results.table_reason(f"{model.name} is Crew Stunned: only Snap Shots")
        out = _as_snap(out, why, model, reasons)
    return out


def _by_speed(
    game: Game, unit_id: str, model: Model, volleys: list[Volley], reasons: dict[str, Reason]
) -> list[Volley]:
    facts = game.state.facts
    config = game.state.config
    bombard = model.profile.unit_type.has(SubType.BOMBARD)
    if facts.has(unit_id, Fact.COMBAT_SPEED):
        heavy = [v for v in volleys if v.weapon.type.weapon_class in HEAVY_HITTERS]
        if bombard or not heavy:
            return volleys
        first = max(heavy, key=_danger)
        why = core(
            SPEEDS,
            f"{model.name} moved at Combat Speed and fires {first.weapon.name}: one Ordnance or "
            "Destroyer weapon, the others as Snap Shots (secondary source)",
        )
        for v in heavy:
            if v is not first:
                reasons.setdefault(f"{model.id}:{v.weapon.name}:combat", why)
        rest = [v for v in volleys if v.weapon.type.weapon_class not in HEAVY_HITTERS]
        return [first, *_as_snap(rest, why, model, reasons)]
    if not facts.has(unit_id, Fact.CRUISING_SPEED):
        return volleys
    if bombard:
        limit = config.vehicles.defensive_max_strength
        defensive = [v for v in volleys if v.strength <= limit]
        why = vehicle_results.sub_type_reason(
            "Bombard", f"{model.name} moved at Cruising Speed: one Defensive weapon only"
        )
        keep = [max(defensive, key=_danger)] if defensive else []
        for v in volleys:
            if not keep or v is not keep[0]:
                reasons.setdefault(f"{model.id}:{v.weapon.name}:bombard", why)
        return keep
    allowed = []
    for v in volleys:
        if v.weapon.type.weapon_class in HEAVY_HITTERS:
            reasons.setdefault(
                f"{model.id}:{v.weapon.name}:cruising",
                core(
                    SPEEDS, f"{v.weapon.name}: no Ordnance or Destroyer weapon after Cruising Speed (secondary source)"
                ),
            )
        else:
            allowed.append(v)
    if not allowed:
        return []
    first = max(allowed, key=_danger)
    rest = [v for v in allowed if v is not first]
    setting = config.vehicles.cruising_speed_other_weapons
    if setting == "none":
        why = configured(
            config,
            "vehicles.cruising_speed_other_weapons",
            f"{model.name} moved at Cruising Speed: it fires {first.weapon.name} only",
        )
        for v in rest:
            reasons.setdefault(f"{model.id}:{v.weapon.name}:cruising", why)
        return [first]
    why = configured(
        config,
        "vehicles.cruising_speed_other_weapons",
        f"{model.name} moved at Cruising Speed: {first.weapon.name} at full BS, the others as Snap Shots",
    )
    return [first, *_as_snap(rest, why, model, reasons)]


def cruising_disembark_problem(game: Game, transport_id: str) -> Reason | None:
    """Why no unit may disembark from ``transport_id`` now (it moved at Cruising Speed this turn and
    ``transports.disembark_after_cruising_speed`` is off), or None."""
    if not game.state.facts.has(transport_id, Fact.CRUISING_SPEED):
        return None
    config = game.state.config
    if config.transports.disembark_after_cruising_speed:
        return None
    return configured(
        config,
        "transports.disembark_after_cruising_speed",
        f"{game.state.unit(transport_id).name} moved at Cruising Speed: no unit may disembark from it this turn",
    )


@exemption(Query.MAY_RUN)
def _vehicles_may_run(game: Game, unit_id: str, block: Block) -> Reason | None:
    """Lifts the ``vehicle`` block of ``Query.MAY_RUN`` when ``vehicles.may_run`` is set."""
    config = game.state.config
    if block.id != "vehicle" or not config.vehicles.may_run:
        return None
    return configured(config, "vehicles.may_run", "Vehicles may Run (a vehicle's Run reaches its Movement)")
