"""What the Vehicle Damage table's results do to the game (CORE_B §2.5, §2.7; issue 17 point 5).

:func:`apply` is what :func:`strategium.engine.attacks.damage.apply_vehicle_damage` calls once the Hull Points an attack
cost are written into the state: each result rolled against a vehicle still standing becomes an effect on that
vehicle (the effect names the model: in a squadron only the vehicle hit suffers it), and a vehicle left with no
Hull Points is Wrecked or, with an Explodes result, explodes. Sources and confidence:

- **Crew Shaken** (name confirmed; effect and duration 7th edition): until the end of the vehicle's next turn
  (``Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN``) it fires only Snap Shots, or, with
  ``vehicle_damage.crew_shaken_effect`` ``no_shooting``, nothing (:mod:`strategium.engine.movement.vehicle_fire`).
  A Reinforced vehicle ignores it (Liber Astartes p.95).
- **Crew Stunned** (confirmed by Reinforced, Liber Astartes p.95, and Flat-out, p.214): until the end of its next
  turn it may not move or pivot (``Query.MAY_MOVE``) and fires only Snap Shots (not a Reinforced vehicle).
- **Weapon Destroyed**: one of its weapons is lost for the rest of the game (smoke launchers and searchlights
  are not weapons). Who picks is ``vehicles.weapon_destroyed_chooser``; with no player's choice inside an attack
  yet, the attacker takes the most dangerous weapon (highest Strength, then most shots) and the controller the
  least. With no weapon left, ``vehicle_damage.no_weapon_left`` says whether it counts as Immobilised.
- **Immobilised** (confirmed: for the rest of the game, repairable by Battlesmith): it may not move or pivot. A
  second Immobilised costs one more Hull Point when ``vehicle_damage.repeat_immobilised_hull_point`` is set.
- **Explodes**: the D3 further Hull Points are the pipeline's (:mod:`strategium.combat.vehicles`). A vehicle so
  destroyed explodes: every model within D6 inches of its hull (the D6 inferred from HH2 variants that say
  "D6+3 instead of D6") takes one hit at ``vehicle_damage.explosion_strength``, AP - (7th edition), friend or
  foe, resolved unit by unit in the order the units were set up; then its passengers disembark as from a wreck
  (:func:`strategium.engine.attacks.damage.passengers_out`) and, with ``vehicle_damage.passengers_hit_on_explodes``,
  each
  of their models takes one such hit. The vehicle is removed; so is a Wrecked one (no wreck terrain is left:
  the battlefield's terrain is fixed for the battle).
- Knights, Titans and Super-heavy vehicles ignore Crew Shaken, Crew Stunned, Weapon Destroyed and Immobilised
  (p.216, secondary source; Super-heavy: secondary source); they still lose the Hull Points.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from strategium.army.army import Model
from strategium.catalogue.citations import Reason
from strategium.catalogue.definitions import Book
from strategium.combat import AttackSpec, VehicleAttackResult, VehicleDamageResult, resolve_attack
from strategium.combat import resolve_attack_on_vehicle as on_vehicle
from strategium.combat.sources import configured, core
from strategium.combat.vehicles import TargetVehicle, roll_damage_table
from strategium.engine.attacks import damage
from strategium.engine.core.board import Location
from strategium.engine.core.effects import Duration, EffectKind
from strategium.engine.core.events import DiceRolled, Ruling
from strategium.engine.questions.queries import Block, Query, blocker
from strategium.geometry.measure import Footprint, distance
from strategium.model.characteristics import (
    BuildingCharacteristics,
    Facing,
    KnightCharacteristics,
    VehicleCharacteristics,
)
from strategium.model.unit_types import SubType
from strategium.model.weapons import WeaponProfile

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

TABLE = "Vehicle Damage table"
NOT_WEAPONS = ("smoke launcher", "searchlight")
"""Wargear named like a weapon that a Weapon Destroyed result may not pick (the data's descriptions say so)."""


def table_reason(text: str) -> Reason:
    """A reason citing the Vehicle Damage table (its page not read)."""
    return core(TABLE, text)


def model_of(game: Game, unit_id: str, model_id: str) -> Model:
    """The model ``model_id`` of ``unit_id``."""
    return next(m for m in game.state.unit(unit_id).models if m.id == model_id)


def ignores_results(model: Model) -> Reason | None:
    """Why ``model`` ignores Crew Shaken, Crew Stunned, Weapon Destroyed and Immobilised, or None."""
    kind = model.profile.unit_type
    if kind.is_knight_or_titan:
        return core("Knights and Titans", "they ignore the Vehicle Damage table's results but lose Hull Points", 216)
    if kind.has(SubType.SUPER_HEAVY):
        return core(
            "Super-heavy", "a Super-heavy vehicle ignores the Vehicle Damage table's results (secondary source)"
        )
    return None


def sub_type_reason(name: str, text: str) -> Reason:
    """A reason citing a vehicle Sub-type of Liber Astartes p.95 (Reinforced, Bombard)."""
    return Reason(name, text, 95, Book.LIBER_ASTARTES)


def reinforced(model: Model) -> bool:
    """True for a Reinforced vehicle (Liber Astartes p.95: ignores Crew Shaken; Crew Stunned forces no Snap Shots)."""
    return model.profile.unit_type.has(SubType.REINFORCED)


def on_model(game: Game, unit_id: str, model_id: str, kind: EffectKind) -> int:
    """How many effects of ``kind`` are in force on that model."""
    return sum(1 for e in game.effects_on(unit_id, kind) if e.model_id == model_id)


def destroyed_weapons(game: Game, unit_id: str, model_id: str) -> list[str]:
    """The names of the weapons of that model lost to Weapon Destroyed results (one entry per weapon lost)."""
    return [
        e.weapon for e in game.effects_on(unit_id, EffectKind.WEAPON_DESTROYED) if e.model_id == model_id and e.weapon
    ]


def weapons_left(game: Game, unit_id: str, model: Model) -> list[WeaponProfile]:
    """The model's weapons not lost to Weapon Destroyed results (a result removes one of several of a name)."""
    lost = destroyed_weapons(game, unit_id, model.id)
    out: list[WeaponProfile] = []
    for weapon in model.weapons:
        if weapon.name in lost:
            lost.remove(weapon.name)
            continue
        out.append(weapon)
    return out


def _threat(weapon: WeaponProfile) -> tuple[int, int]:
    strength = weapon.strength.resolve(0) or 0
    return strength, weapon.type.shots or 1


def _pick_weapon(game: Game, unit_id: str, model: Model) -> tuple[WeaponProfile | None, Reason]:
    """The weapon a Weapon Destroyed result takes (``vehicles.weapon_destroyed_chooser``), with the reason."""
    config = game.state.config
    chooser = config.vehicles.weapon_destroyed_chooser
    eligible = [w for w in weapons_left(game, unit_id, model) if not any(n in w.name.lower() for n in NOT_WEAPONS)]
    if not eligible:
        return None, configured(config, "vehicles.weapon_destroyed_chooser", f"{model.name} has no weapon left")
    if chooser == "attacker":
        pick = max(eligible, key=_threat)
        text = f"the attacker picks {pick.name} (its most dangerous weapon)"
    else:
        pick = min(eligible, key=_threat)
        text = f"its controller picks {pick.name} (its least dangerous weapon)"
    return pick, configured(config, "vehicles.weapon_destroyed_chooser", text)


def apply(game: Game, result: VehicleAttackResult, slot: damage.Slot) -> int:
    """The results of ``result`` (Hull Points already written) on the vehicle of ``slot``: effects on a vehicle
    still standing, a further Hull Point for a repeated Immobilised, and a destroyed vehicle Wrecked or exploding
    (see the module docstring). Returns 1 if the vehicle was destroyed, else 0."""
    results = [d.result for d in result.damage_results if isinstance(d.result, VehicleDamageResult)]
    return _results(game, slot, result.target, results, explodes=result.explodes)


def glancing_hit(game: Game, slot: damage.Slot, ap: int | None, source: str) -> int:
    """One Glancing Hit on the vehicle of ``slot`` outside an attack (Gets Hot, p.239): it costs one Hull Point
    and rolls on the Vehicle Damage table only with ``vehicle_damage.glancing_hits_roll``; a vehicle left with no
    Hull Points is Wrecked (or explodes on an Explodes result) as after an attack. Returns 1 if destroyed, else 0.
    Raises ``DiceError`` as :meth:`Dice.roll`."""
    s = game.state
    status = s.units[slot.unit_id]
    model = model_of(game, slot.unit_id, slot.model_id)
    profile = model.profile.characteristics
    assert isinstance(profile, VehicleCharacteristics | KnightCharacteristics | BuildingCharacteristics)
    vehicle = TargetVehicle.from_profile(
        model.name,
        profile,
        Facing.FRONT,
        lost=status.wounds_lost.get(slot.model_id, 0),
        slow=model.profile.unit_type.has(SubType.SLOW),
    ).lose(1)
    rolls = s.config.vehicle_damage.glancing_hits_roll and not vehicle.building
    why = configured(
        s.config,
        "vehicle_damage.glancing_hits_roll",
        "a Glancing Hit rolls on the Vehicle Damage table" if rolls else "no damage roll for a Glancing Hit",
    )
    cost = core("Hull Points", "a Glancing Hit costs 1")
    game.log(Ruling(f"{model.name} loses a Hull Point ({source})", (cost, why)))
    results: list[VehicleDamageResult] = []
    explodes = False
    if rolls:
        rolled = roll_damage_table(
            s.dice, vehicle, ap=ap, config=s.config, label=f"Damage roll: {source} on {model.name}", who=slot.model_id
        )
        for roll in (rolled.roll, rolled.extra_roll):
            if roll is not None:
                game.log(DiceRolled(roll))
        game.log(Ruling(f"{model.name}: {rolled.result}", rolled.reasons))
        vehicle = vehicle.lose(rolled.extra_hull_points)
        if isinstance(rolled.result, VehicleDamageResult):
            results.append(rolled.result)
        explodes = vehicle.destroyed and rolled.result is VehicleDamageResult.EXPLODES
    status.wounds_lost[slot.model_id] = vehicle.lost
    return _results(game, slot, vehicle, results, explodes=explodes)


def _results(
    game: Game, slot: damage.Slot, target: TargetVehicle, results: list[VehicleDamageResult], *, explodes: bool
) -> int:
    """The damage results rolled against the vehicle of ``slot`` (its Hull Points lost already written, ``target``
    as it is now): effects while it stands, then Wrecked or (``explodes``) exploding at 0 Hull Points."""
    s = game.state
    status = s.units[slot.unit_id]
    model = model_of(game, slot.unit_id, slot.model_id)
    hull_points = target.hull_points
    destroyed = target.destroyed
    if results and not destroyed and not target.building:
        ignored = ignores_results(model)
        for rolled in results:
            if ignored is not None:
                if rolled is not VehicleDamageResult.EXPLODES:
                    game.log(Ruling(f"{model.name} ignores {rolled}", (ignored,)))
                continue
            _effect(game, slot, model, rolled)
        destroyed = status.wounds_lost.get(slot.model_id, 0) >= hull_points
    if not destroyed:
        return 0
    pose = status.poses.get(slot.model_id)
    hull = damage.model_footprint(game, slot.unit_id, model) if pose is not None else None
    how = "explodes" if explodes else "is Wrecked"
    game.log(Ruling(f"{model.name} {how}", (core("Hull Points", "no Hull Points left: destroyed"),)))
    passengers = [
        uid for uid, st in s.units.items() if st.location is Location.EMBARKED and st.embarked_in == slot.unit_id
    ]
    damage.remove_model(game, slot.unit_id, slot.model_id)
    if explodes and hull is not None:
        _explosion(game, slot.unit_id, model, hull)
    if pose is not None:
        damage.passengers_out(game, slot.unit_id, pose)
    if explodes and hull is not None:
        _passenger_hits(game, model, hull, passengers)
    return 1


def _effect(game: Game, slot: damage.Slot, model: Model, rolled: VehicleDamageResult) -> None:
    """One result on a vehicle still standing."""
    config = game.state.config
    uid, mid = slot.unit_id, slot.model_id
    next_turn = Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN
    if rolled is VehicleDamageResult.CREW_SHAKEN:
        if reinforced(model):
            why = sub_type_reason("Reinforced", f"{model.name} ignores Crew Shaken")
            game.log(Ruling(f"{model.name} ignores Crew Shaken", (why,)))
            return
        what = "only Snap Shots" if config.vehicle_damage.crew_shaken_effect == "snap_shots" else "no shooting"
        why = configured(config, "vehicle_damage.crew_shaken_effect", f"Crew Shaken: {model.name} has {what}")
        game.add_effect(EffectKind.CREW_SHAKEN, uid, next_turn, why, model_id=mid)
    elif rolled is VehicleDamageResult.CREW_STUNNED:
        text = f"Crew Stunned: {model.name} may not move or pivot" + (
            " (Reinforced: no Snap Shots forced)" if reinforced(model) else " and fires only Snap Shots"
        )
        game.add_effect(EffectKind.CREW_STUNNED, uid, next_turn, table_reason(text), model_id=mid)
    elif rolled is VehicleDamageResult.WEAPON_DESTROYED:
        weapon, why = _pick_weapon(game, uid, model)
        if weapon is not None:
            game.add_effect(
                EffectKind.WEAPON_DESTROYED,
                uid,
                Duration.PERMANENT,
                table_reason(f"Weapon Destroyed: {model.name}'s {weapon.name}; {why.text}"),
                model_id=mid,
                weapon=weapon.name,
            )
            return
        if config.vehicle_damage.no_weapon_left == "immobilised":
            reason = configured(config, "vehicle_damage.no_weapon_left", "no weapon left: it counts as Immobilised")
            game.log(Ruling(f"{model.name}: Weapon Destroyed with no weapon left", (why, reason)))
            _effect(game, slot, model, VehicleDamageResult.IMMOBILISED)
        else:
            reason = configured(config, "vehicle_damage.no_weapon_left", "no weapon left: no further effect")
            game.log(Ruling(f"{model.name}: Weapon Destroyed with no weapon left", (why, reason)))
    elif rolled is VehicleDamageResult.IMMOBILISED:
        if on_model(game, uid, mid, EffectKind.IMMOBILISED):
            status = game.state.units[uid]
            if config.vehicle_damage.repeat_immobilised_hull_point:
                status.wounds_lost[mid] = status.wounds_lost.get(mid, 0) + 1
                text = "already Immobilised: it loses one more Hull Point"
            else:
                text = "already Immobilised: no further effect"
            why = configured(config, "vehicle_damage.repeat_immobilised_hull_point", text)
            game.log(Ruling(f"{model.name} is Immobilised again", (why,)))
            return
        why = table_reason(f"Immobilised: {model.name} may not move or pivot for the rest of the game")
        game.add_effect(EffectKind.IMMOBILISED, uid, Duration.PERMANENT, why, model_id=mid)


def _blast_hits(game: Game, target_id: str, count: int, centre: Footprint, name: str, why: Reason) -> None:
    """``count`` automatic hits of ``name`` at ``vehicle_damage.explosion_strength``, AP -, on ``target_id``,
    its models closest to ``centre`` first, written into the state."""
    s = game.state
    strength = s.config.vehicle_damage.explosion_strength
    spec = AttackSpec(name, count, strength, None, attacker=target_id)
    if damage.is_vehicle_target(game, target_id):
        vehicle, slot, facing = damage.target_vehicle(game, target_id, (centre,))
        vresult = on_vehicle(s.dice, spec, vehicle, config=s.config)
        for roll in vresult.rolls:
            game.log(DiceRolled(roll))
        game.log(
            Ruling(
                f"{s.unit(target_id).name}: {count} hits of {name}, {vresult.hull_points_lost} Hull Points lost",
                (why, *facing, *vresult.all_reasons),
            )
        )
        damage.apply_vehicle_damage(game, vresult, slot)
        return
    target, slots, order = damage.target_unit(game, target_id, (centre,))
    if not target.models:
        return
    result = resolve_attack(s.dice, spec, target, config=s.config)
    for roll in result.rolls:
        game.log(DiceRolled(roll))
    game.log(
        Ruling(
            f"{s.unit(target_id).name}: {count} hits of {name}, {len(result.models_removed)} removed",
            (why, *order, *result.all_reasons),
        )
    )
    damage.apply_wounds(game, result, slots)


def _explosion(game: Game, unit_id: str, model: Model, hull: Footprint) -> None:
    """The exploding vehicle's blast: one hit on every model within D6 inches of its hull."""
    s = game.state
    radius = game.logged(s.dice.d6(f"Explodes: the blast radius of {model.name}", who=unit_id)).total
    strength = s.config.vehicle_damage.explosion_strength
    why = configured(
        s.config,
        "vehicle_damage.explosion_strength",
        f'{model.name} explodes: every model within {radius}" takes a S{strength} AP - hit (radius D6, inferred)',
    )
    for uid, status in list(s.units.items()):
        if status.location is not Location.TABLE or not status.poses:
            continue
        near = sum(
            1
            for m in s.unit(uid).models
            if m.id in status.poses and distance(damage.model_footprint(game, uid, m), hull) <= radius
        )
        if near:
            _blast_hits(game, uid, near, hull, f"{model.name}'s explosion", why)


def _passenger_hits(game: Game, model: Model, hull: Footprint, passengers: list[str]) -> None:
    """One hit on every model of the units that were embarked in the exploded vehicle, if configured."""
    s = game.state
    config = s.config
    if not passengers:
        return
    if not config.vehicle_damage.passengers_hit_on_explodes:
        why = configured(config, "vehicle_damage.passengers_hit_on_explodes", "the passengers take no hits")
        game.log(Ruling(f"the passengers of {model.name} take no hits from the explosion", (why,)))
        return
    strength = config.vehicle_damage.explosion_strength
    why = configured(
        config, "vehicle_damage.passengers_hit_on_explodes", f"each passenger takes a S{strength} AP - hit"
    )
    for uid in passengers:
        status = s.units[uid]
        if status.location is not Location.TABLE or not status.poses:
            continue
        _blast_hits(game, uid, len(status.poses), hull, f"the explosion of {model.name} (embarked)", why)


@blocker(Query.MAY_MOVE)
def _stunned_or_immobilised(game: Game, unit_id: str) -> Block | None:
    """A unit with a living vehicle that is Crew Stunned or Immobilised may not move (a squadron moves together,
    so one such vehicle holds it: a documented simplification)."""
    effects = game.effects_on(unit_id)
    if not effects:
        return None
    status = game.state.units[unit_id]
    for e in effects:
        if e.kind in (EffectKind.CREW_STUNNED, EffectKind.IMMOBILISED) and e.model_id in status.poses:
            name = model_of(game, unit_id, e.model_id).name if e.model_id else unit_id
            return Block(
                e.kind.name.lower(),
                table_reason(f"{name} is {e.kind.value}: it may not move or pivot ({e.reason.text})"),
            )
    return None
