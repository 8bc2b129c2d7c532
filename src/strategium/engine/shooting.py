"""The Shooting phase: a unit makes a Shooting Attack against one enemy unit (rulebook p.166, CORE_B §1.1).

``Shoot(player, unit_id, target_id)`` is one Shooting Attack. Its check asks :data:`Query.MAY_SHOOT` (blockers
below and in rule modules) and needs a visible enemy target in range of at least one weapon. Applying it:

1. emits :class:`ShootingAttackDeclared` (the window for shooting Reactions, before any To Hit roll; FAQ v1.0);
2. plans the volleys: each model that can see the target and has it in range fires (see "weapons" below); shots of
   the same weapon profile at the same Strength, BS and Snap Shot state are rolled together, weapon by weapon;
3. resolves each volley with :mod:`strategium.combat` against the target as it stands
   (:mod:`strategium.engine.damage` translates the state and applies the result), logging every roll and a
   :class:`WeaponFired` event with every ruling;
4. notes the facts (SHOT, FIRED_HEAVY, FIRED_RAPID_FIRE, FIRED_ORDNANCE) and emits
   :class:`ShootingAttackResolved` (rules hook it: STU-1 offers the Stupefied choice);
5. then the tests the attack causes (:mod:`strategium.engine.morale_checks`: Pinning, Blind, Concussive, the 25%
   Morale check), unless a choice about the attack is pending; they run once it is answered.

Weapons (CORE_B §1.2; pages where known):

- Melee weapons cannot shoot. A non-Vehicle model fires one weapon (its first that can fire, a Pistol only if it
  has nothing else); Vehicles, Dreadnoughts, Monstrous models and Fortifications fire every weapon (p.195, p.197;
  vehicle speeds are not modelled yet); Firing Protocols (X) lets a model fire X weapons (p.239).
- Assault, Pistol and Destroyer weapons fire their shots whether or not the unit moved.
- Rapid Fire: twice the shots when the target's closest model is within half the maximum range of the firer.
- Heavy: Snap Shots unless the unit counts as Stationary (:data:`Query.STATIONARY_FOR_HEAVY`: a unit that moved
  does not; Relentless, Dreadnoughts, Monstrous do).
- Ordnance (p.177): a non-Vehicle model that does not count as Stationary cannot fire it; it is never fired as
  Snap Shots; a non-Vehicle model that fires it fires nothing else.
- Template (p.248): no To Hit roll; every target model within 8 inches of the firer is hit (the template's width
  is not modelled); not as Snap Shots (Wall of Death is a Reaction matter). Hellstorm templates are not fired yet.
- Blast (X) (p.234): one To Hit roll per shot; a hit places the marker over the target model closest to the
  firer and hits every target model within X/2 inches of that point; a miss hits nothing (scatter is not
  modelled); not as Snap Shots.
- Snap Shots (:data:`Query.FULL_BALLISTIC_SKILL` blocked: Pinned, Stupefied, Light after Running) use
  ``shooting.snap_shot_bs``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache
from typing import TYPE_CHECKING

import numpy as np
import shapely

from strategium.army.army import Model, Unit
from strategium.combat import AttackSpec, resolve_attack, resolve_attack_on_vehicle
from strategium.combat.attack import roll_to_hit
from strategium.combat.sources import ORDNANCE_PAGE, core
from strategium.engine import damage, morale_checks
from strategium.engine.actions import Action, Verdict
from strategium.engine.board import Location
from strategium.engine.choices import BattleChoice
from strategium.engine.citations import Reason
from strategium.engine.decisions import DecisionKind
from strategium.engine.effects import EffectKind
from strategium.engine.events import DiceRolled, Event
from strategium.engine.handlers import handles
from strategium.engine.placement import footprint, placed_unit
from strategium.engine.profiles_now import current
from strategium.engine.queries import Block, Query, ask, blocker, exemption
from strategium.engine.timing import Phase, PlayerId
from strategium.engine.watchers import Fact
from strategium.geometry.measure import Footprint, distance
from strategium.geometry.pieces import PlacedModel, PlacedUnit
from strategium.model.characteristics import Characteristics
from strategium.model.unit_types import SubType, UnitType
from strategium.model.weapons import RangeKind, WeaponClass, WeaponProfile
from strategium.rules.registry import RuleRef

if TYPE_CHECKING:
    from strategium.engine.game import Game

SEQUENCE = "Shooting sequence"
TEMPLATE_LENGTH = 8.0
"""Inches a Template reaches from the firer (the teardrop's length)."""
_ALL_WEAPONS = (UnitType.VEHICLE, UnitType.DREADNOUGHT, UnitType.FORTIFICATION, UnitType.BUILDING)


def rule_of(name: str, text: str, page: int | None = None) -> Reason:
    """A reason citing a core shooting rule of the rulebook (page None: not read)."""
    return core(name, text, page)


@dataclass(frozen=True)
class Shoot(Action):
    """The unit ``unit_id`` makes a Shooting Attack against the enemy unit ``target_id``."""

    unit_id: str
    target_id: str

    def text(self) -> str:
        return f"P{self.player} {self.unit_id} shoots {self.target_id}"


# -- events ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ShootingAttackDeclared(Event):
    """A Shooting Attack has been declared against a unit, before any To Hit roll (the Reaction window)."""

    player: PlayerId
    unit_id: str
    unit_name: str
    target_id: str
    target_name: str

    def text(self) -> str:
        return f"P{self.player} {self.unit_name} declares a Shooting Attack at {self.target_name}"


@dataclass(frozen=True)
class WeaponFired(Event):
    """One volley (one weapon profile) was resolved: ``summary`` in words, ``why`` every ruling."""

    unit_name: str
    weapon: str
    target_name: str
    summary: str
    why: tuple[Reason, ...] = ()

    def text(self) -> str:
        return f"{self.unit_name} fires {self.weapon} at {self.target_name}: {self.summary}"

    @property
    def reasons(self) -> tuple[Reason, ...]:
        return self.why


@dataclass(frozen=True)
class ShootingAttackResolved(Event):
    """A Shooting Attack has been resolved. ``casualties``: models of the target (and its joined characters)
    removed; ``wounded``: the target suffered at least one Wound, saved or not (Concussive); ``pinning``: the Ld
    modifier of the Pinning test it caused (None: no unsaved Wound from a Pinning weapon); ``blind``: it was hit
    by a Blind weapon; ``concussive``: the largest Concussive (X) among weapons that wounded it; ``morale``:
    whether its casualties count toward Morale checks (Interceptor fire does not)."""

    player: PlayerId
    unit_id: str
    unit_name: str
    target_id: str
    target_name: str
    casualties: int = 0
    unsaved_wounds: int = 0
    hull_points_lost: int = 0
    wounded: bool = False
    pinning: int | None = None
    blind: bool = False
    concussive: int | None = None
    morale: bool = True

    def text(self) -> str:
        lost = f", {self.hull_points_lost} Hull Points lost" if self.hull_points_lost else ""
        return (
            f"P{self.player} {self.unit_name}'s Shooting Attack at {self.target_name} is resolved: "
            f"{self.unsaved_wounds} unsaved Wounds, {self.casualties} models removed{lost}"
        )


# -- blockers ----------------------------------------------------------------------------------------------


@blocker(Query.MAY_SHOOT)
def _ran(game: Game, unit_id: str) -> Block | None:
    if game.state.facts.has(unit_id, Fact.RAN):
        return Block("ran", rule_of("Run", "a unit that Ran this turn may not shoot"))
    return None


@exemption(Query.MAY_SHOOT)
def _light_may_shoot_after_running(game: Game, unit_id: str, block: Block) -> Reason | None:
    if block.id == "ran" and _all_models(game, unit_id, lambda m: m.profile.unit_type.has(SubType.LIGHT)):
        return Reason.of("Light Sub-type", "Light models may shoot after Running, but only Snap Shots")
    return None


@blocker(Query.FULL_BALLISTIC_SKILL)
def _ran_light_snap(game: Game, unit_id: str) -> Block | None:
    if game.state.facts.has(unit_id, Fact.RAN):
        return Block("ran", Reason.of("Light Sub-type", "after Running only Snap Shots may be fired"))
    return None


@blocker(Query.MAY_SHOOT)
def _already_shot(game: Game, unit_id: str) -> Block | None:
    if game.state.facts.has(unit_id, Fact.SHOT):
        return Block("shot", rule_of(SEQUENCE, "one Shooting Attack per unit in each Shooting phase", 166))
    return None


@blocker(Query.MAY_SHOOT)
def _falling_back(game: Game, unit_id: str) -> Block | None:
    if game.effects_on(unit_id, EffectKind.FALLING_BACK):
        return Block("falling-back", rule_of("Fall Back", "a Falling Back unit may not shoot (CORE_B §6.3)"))
    return None


@blocker(Query.MAY_SHOOT)
def _not_on_table(game: Game, unit_id: str) -> Block | None:
    status = game.state.units[unit_id]
    if status.location is Location.EMBARKED:
        return Block("embarked", rule_of("Transports", "embarked units shoot only through Fire Points (not yet)"))
    if status.location is not Location.TABLE:
        return Block("not-on-table", rule_of(SEQUENCE, f"the unit is {status.location.value}"))
    if status.joined_to is not None:
        return Block("joined", Reason.of("Independent Character", "a joined character shoots with its unit"))
    return None


@blocker(Query.STATIONARY_FOR_HEAVY)
def _moved(game: Game, unit_id: str) -> Block | None:
    if game.state.facts.has(unit_id, Fact.MOVED):
        return Block("moved", rule_of("Heavy", "the unit moved this turn: it does not count as Stationary"))
    return None


@exemption(Query.STATIONARY_FOR_HEAVY)
def _big_models_count_as_stationary(game: Game, unit_id: str, block: Block) -> Reason | None:
    def big(m: Model) -> bool:
        return m.profile.unit_type.counts_as(UnitType.DREADNOUGHT) or m.profile.unit_type.has(SubType.MONSTROUS)

    if block.id == "moved" and _all_models(game, unit_id, big):
        return rule_of("Dreadnought Unit Type", "Dreadnoughts and Monstrous models count as Stationary", 195)
    return None


_FIRED = {
    Fact.FIRED_HEAVY: "fired-heavy",
    Fact.FIRED_RAPID_FIRE: "fired-rapid-fire",
    Fact.FIRED_ORDNANCE: "fired-ordnance",
}


@blocker(Query.MAY_CHARGE)
def _fired_charge_blocker(game: Game, unit_id: str) -> Block | None:
    for fact, block_id in _FIRED.items():
        if game.state.facts.has(unit_id, fact):
            return Block(block_id, rule_of("Relentless", f"a unit that {fact.value} this turn may not Charge", 245))
    return None


def _all_models(game: Game, unit_id: str, test: Callable[[Model], bool]) -> bool:
    models = [m for _, m in damage.living(game, unit_id)] or list(game.state.unit(unit_id).models)
    return all(test(m) for m in models)


# -- planning the volleys --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Volley:
    """Shots of one weapon profile fired together: ``shots`` in all (``dice`` to roll instead, e.g. "D6"),
    at ``strength`` with BS ``skill``; ``snap`` Snap Shots; ``firers`` the model ids; ``template``/``blast``:
    hits found from the table (``blast`` the marker's radius in inches)."""

    weapon: WeaponProfile
    shots: int
    strength: int
    skill: int
    snap: bool
    firers: tuple[str, ...]
    dice: tuple[str, ...] = ()
    template: int = 0
    blast: float | None = None
    rules: tuple[RuleRef, ...] = ()
    primarch: bool = False

    @property
    def key(self) -> tuple[object, ...]:
        """What makes two models' shots one volley."""
        return (self.weapon, self.strength, self.skill, self.snap, self.blast, self.rules, self.primarch)


@dataclass(frozen=True)
class Plan:
    """The volleys a Shooting Attack would fire, and why each weapon that will not fire does not."""

    volleys: tuple[Volley, ...]
    reasons: tuple[Reason, ...]


def _target_placed(game: Game, target_id: str) -> PlacedUnit:
    models: list[PlacedModel] = []
    for uid in damage.members(game, target_id):
        unit = game.state.unit(uid)
        models.extend(placed_unit(unit, game.state.units[uid]).models)
    unit = game.state.unit(target_id)
    return PlacedUnit(target_id, game.state.owner(target_id), tuple(models), unit.models[0].profile.unit_type.unit_type)


@cache
def _shots_dice(text: str) -> tuple[int, int] | None:
    m = re.fullmatch(r"\s*(\d*)\s*[dD]\s*(3|6)\s*", text)
    return (int(m.group(1) or 1), int(m.group(2))) if m else None


def _weapon_limit(model: Model) -> int:
    spec = model.profile.unit_type
    if spec.unit_type in _ALL_WEAPONS or spec.counts_as(UnitType.VEHICLE) or spec.has(SubType.MONSTROUS):
        return 99
    protocols = model.rule("Firing Protocols")
    return protocols.value if protocols is not None and protocols.value else 1


WeaponFilter = Callable[[Model, WeaponProfile], Reason | None]
"""A limit on the weapons a Shooting Attack may use (a Reaction's): why ``weapon`` of ``model`` may not fire, or
None."""


def plan(
    game: Game,
    unit_id: str,
    target_id: str,
    *,
    snap_shots: bool = False,
    weapons: WeaponFilter | None = None,
) -> Plan:
    """The volleys ``unit_id`` would fire at ``target_id`` now (see the module docstring for the weapon rules).

    ``snap_shots`` makes every shot a Snap Shot (Overwatch); ``weapons`` refuses some weapons (a vehicle's
    Reaction fires only Defensive weapons). Without ``weapons`` the plan is kept while the state stays the same
    (``Game.cached``): a player's look at an attack and the check of it share one plan."""
    if weapons is None:
        return _kept_plan(game, unit_id, target_id, snap_shots)
    return _plan(game, unit_id, target_id, snap_shots, weapons)


def _kept_plan(
    game: Game, unit_id: str, target_id: str, snap_shots: bool, placed: tuple[PlacedUnit, PlacedUnit] | None = None
) -> Plan:
    """:func:`plan` without a weapon filter, kept while the state stays the same; ``placed`` (the unit and the
    target as :func:`placed_unit` and :func:`_target_placed` give them now) saves placing them again."""
    return game.cached(
        ("shooting.plan", unit_id, target_id, snap_shots),
        lambda: _plan(game, unit_id, target_id, snap_shots, None, placed),
    )


def _plan(
    game: Game,
    unit_id: str,
    target_id: str,
    snap_shots: bool,
    weapons: WeaponFilter | None,
    placed: tuple[PlacedUnit, PlacedUnit] | None = None,
) -> Plan:
    s = game.state
    full = ask(game, Query.FULL_BALLISTIC_SKILL, unit_id)
    snap_all = snap_shots or not full
    still = ask(game, Query.STATIONARY_FOR_HEAVY, unit_id)
    stationary = bool(still)
    status = s.units[unit_id]
    if placed is None:
        placed = (placed_unit(s.unit(unit_id), status), _target_placed(game, target_id))
    target = placed[1]
    mine = {pm.name: pm for pm in placed[0].models}  # each model with a pose (by id), as the geometry sees it
    sight = damage.sight_map(s.battlefield)
    volleys: dict[tuple[object, ...], Volley] = {}
    reasons: dict[str, Reason] = {}
    for why in full.reasons:  # why every shot is a Snap Shot (e.g. STU-3), or what lifted that
        reasons.setdefault(f"snap:{why.text}", why)
    cores = np.array([t.footprint.core for t in target.models], dtype=object)
    radii = np.array([t.footprint.radius for t in target.models])
    for model in s.unit(unit_id).models:
        if model.id not in status.poses:
            continue
        pm = mine[model.id]
        me = PlacedUnit(unit_id, status.player, (pm,), model.profile.unit_type.unit_type)
        if not sight.unit_sees(me, target):
            reasons.setdefault(f"sight:{model.id}", rule_of(SEQUENCE, f"{model.name} cannot see the target", 166))
            continue
        # the closest target model, as measure.distance would give it: max(0, core distance - both radii)
        reach = max(0.0, float(np.min(shapely.distance(pm.footprint.core, cores) - pm.footprint.radius - radii)))
        chosen = _model_volleys(
            game, unit_id, model, reach, snap_all, stationary, target, pm.footprint, reasons, weapons
        )
        for v in chosen:
            old = volleys.get(v.key)
            if old is None:
                volleys[v.key] = v
            else:
                volleys[v.key] = Volley(
                    v.weapon,
                    old.shots + v.shots,
                    v.strength,
                    v.skill,
                    v.snap,
                    old.firers + v.firers,
                    old.dice + v.dice,
                    old.template + v.template,
                    v.blast,
                    v.rules,
                    v.primarch,
                )
    if any(v.weapon.type.weapon_class in (WeaponClass.HEAVY, WeaponClass.ORDNANCE) for v in volleys.values()):
        for why in still.reasons:  # whether it counts as Stationary, and which rule says so (e.g. REL-1)
            reasons.setdefault(f"stationary:{why.text}", why)
    return Plan(tuple(volleys.values()), tuple(reasons.values()))


def _model_volleys(
    game: Game,
    unit_id: str,
    model: Model,
    reach: float,
    snap_all: bool,
    stationary: bool,
    target: PlacedUnit,
    here: Footprint,
    reasons: dict[str, Reason],
    allowed: WeaponFilter | None = None,
) -> list[Volley]:
    spec = model.profile.unit_type
    vehicle = spec.counts_as(UnitType.VEHICLE) or model.profile.has_armour_values
    now = current(game, unit_id, model)
    base = model.profile.characteristics
    bs = now.bs if isinstance(now, Characteristics) else getattr(base, "bs", None)
    user_s = getattr(now, "s", None) if now is not None else getattr(base, "s", None)
    if bs is None or bs < 1:
        return []
    primarch = spec.counts_as(UnitType.PRIMARCH)
    night = tuple(r for r in model.rules if isinstance(r, RuleRef) and r.name == "Night Vision")
    out: list[Volley] = []
    candidates = sorted(model.weapons, key=lambda w: w.type.weapon_class is WeaponClass.PISTOL)
    limit = _weapon_limit(model)
    for weapon in candidates:
        if len(out) >= limit:
            break
        kind = weapon.type.weapon_class
        why = _cannot_fire(weapon, reach, snap_all, stationary, vehicle)
        if why is None and allowed is not None:
            why = allowed(model, weapon)
        if why is not None:
            reasons.setdefault(f"{weapon.name}:{why.text}", why)
            continue
        strength = weapon.strength.resolve(user_s if user_s is not None else 0)
        if strength is None or strength < 1:
            reasons.setdefault(f"{weapon.name}:S", rule_of(SEQUENCE, f"{weapon.name}: Strength {weapon.strength.text}"))
            continue
        snap = snap_all or (kind is WeaponClass.HEAVY and not stationary and not vehicle)
        shots = weapon.type.shots or 1
        dice: tuple[str, ...] = ()
        if weapon.type.shots_dice and _shots_dice(weapon.type.shots_dice):
            dice, shots = (weapon.type.shots_dice,), 0
        maximum = weapon.range.maximum
        if kind is WeaponClass.RAPID_FIRE and maximum is not None and reach <= maximum / 2:
            shots *= 2
        rules = tuple(r for r in weapon.type.rules if isinstance(r, RuleRef)) + night
        template = 0
        if weapon.range.kind is RangeKind.TEMPLATE:
            template = sum(1 for t in target.models if distance(here, t.footprint) <= TEMPLATE_LENGTH)
        blast_rule = next((r for r in rules if r.name == "Blast"), None)
        blast = (blast_rule.value or 3) / 2 if blast_rule is not None else None
        out.append(Volley(weapon, shots, strength, bs, snap, (model.id,), dice, template, blast, rules, primarch))
        if kind is WeaponClass.ORDNANCE and not vehicle:
            break
    if not vehicle and any(v.weapon.type.weapon_class is WeaponClass.ORDNANCE for v in out):
        out = [v for v in out if v.weapon.type.weapon_class is WeaponClass.ORDNANCE][:1]
    return out


def _cannot_fire(weapon: WeaponProfile, reach: float, snap_all: bool, stationary: bool, vehicle: bool) -> Reason | None:
    kind = weapon.type.weapon_class
    name = weapon.name
    if kind is None or kind is WeaponClass.MELEE or weapon.range.kind is RangeKind.MELEE:
        return rule_of(SEQUENCE, f"{name} is a melee weapon: it cannot shoot", 166)
    if weapon.range.kind in (RangeKind.HELLSTORM, RangeKind.UNKNOWN):
        return rule_of(SEQUENCE, f"{name}: {weapon.range.kind.value} weapons are not fired by the engine yet")
    maximum = TEMPLATE_LENGTH if weapon.range.kind is RangeKind.TEMPLATE else weapon.range.maximum
    if maximum is None or reach > maximum:
        return rule_of(SEQUENCE, f'{name}: the target is out of range ({reach:.1f}" > {maximum}")', 166)
    if weapon.range.minimum is not None and reach < weapon.range.minimum:
        return rule_of(SEQUENCE, f"{name}: the target is within its minimum range", 166)
    blastlike = weapon.range.kind is RangeKind.TEMPLATE or any(
        isinstance(r, RuleRef) and r.name == "Blast" for r in weapon.type.rules
    )
    if kind is WeaponClass.ORDNANCE and not vehicle and not stationary:
        return rule_of("Ordnance", f"{name}: a model that moved cannot fire Ordnance", ORDNANCE_PAGE)
    snap = snap_all or (kind is WeaponClass.HEAVY and not stationary and not vehicle)
    if snap and (kind is WeaponClass.ORDNANCE or blastlike):
        return rule_of("Blast", f"{name} cannot be fired as Snap Shots", 234)
    return None


# -- check and apply ---------------------------------------------------------------------------------------


def check_shoot(game: Game, action: Shoot) -> Verdict:
    """Whether ``action`` is a legal Shooting Attack now (every refusal cites its rule)."""
    s = game.state
    pending = game.pending
    if s.clock.phase is not Phase.SHOOTING or pending is None or pending.kind is not DecisionKind.ACT:
        return Verdict(False, (rule_of(SEQUENCE, "Shooting Attacks are made in your Shooting phase", 166),))
    if isinstance(pending, BattleChoice):
        return Verdict(False, (rule_of(SEQUENCE, "a choice is pending"),))
    for uid in (action.unit_id, action.target_id):
        if uid not in s.units:
            return Verdict(False, (rule_of(SEQUENCE, f"there is no unit {uid!r}"),))
    if s.owner(action.unit_id) != action.player:
        return Verdict(False, (rule_of(SEQUENCE, "you may only shoot with your own units", 166),))
    answer = ask(game, Query.MAY_SHOOT, action.unit_id)
    if not answer:
        return Verdict(False, answer.reasons)
    target = s.units[action.target_id]
    if target.player == action.player:
        return Verdict(False, (rule_of(SEQUENCE, "the target must be an enemy unit", 166),))
    if target.joined_to is not None:
        return Verdict(False, (Reason.of("Independent Character", "target the unit the character has joined"),))
    if target.location is not Location.TABLE or not target.poses:
        return Verdict(False, (rule_of(SEQUENCE, f"the target is {target.location.value}", 166),))
    placed = (placed_unit(s.unit(action.unit_id), s.units[action.unit_id]), _target_placed(game, action.target_id))
    if not damage.sight_map(s.battlefield).unit_sees(*placed):
        return Verdict(False, (rule_of(SEQUENCE, "no model of the unit can see the target", 166),))
    planned = _kept_plan(game, action.unit_id, action.target_id, False, placed)
    if not planned.volleys:
        return Verdict(False, planned.reasons or (rule_of(SEQUENCE, "no weapon can fire at the target", 166),))
    return Verdict(True, answer.reasons + planned.reasons)


def apply_shoot(game: Game, action: Shoot) -> None:
    """Make the Shooting Attack (see the module docstring). If a hook on :class:`ShootingAttackDeclared` stops the
    engine for a choice (a Reaction), the attack waits: whoever answers it calls :func:`resolve_shooting_attack`."""
    s = game.state
    unit, target = s.unit(action.unit_id), s.unit(action.target_id)
    s.facts.note(action.unit_id, Fact.SHOT)
    before = s.pending
    game.emit(ShootingAttackDeclared(action.player, unit.id, unit.name, target.id, target.name))
    if s.pending is before:
        resolve_shooting_attack(game, action)


def resolve_shooting_attack(
    game: Game,
    action: Shoot,
    *,
    morale: bool = True,
    snap_shots: bool = False,
    weapons: WeaponFilter | None = None,
) -> ShootingAttackResolved:
    """Resolve a declared Shooting Attack as the units stand now (steps 2-5 of the module docstring): the volleys
    are planned at this moment, so models removed meanwhile (by Return Fire) do not fire. Also fires a Reaction's
    Shooting Attack, which is not checked with :func:`check_shoot`: ``morale`` False when its casualties cause no
    Morale check (Interceptor), ``snap_shots`` and ``weapons`` as for :func:`plan`. Returns the resolved event."""
    s = game.state
    unit, target = s.unit(action.unit_id), s.unit(action.target_id)
    planned = plan(game, action.unit_id, action.target_id, snap_shots=snap_shots, weapons=weapons)
    tally = _Tally()
    for volley in planned.volleys:
        if s.units[target.id].location is not Location.TABLE:
            break
        _note_weapon_facts(game, unit.id, volley)
        _fire(game, unit, target, volley, tally)
    event = ShootingAttackResolved(
        action.player,
        unit.id,
        unit.name,
        target.id,
        target.name,
        tally.removed,
        tally.unsaved,
        tally.hull_points,
        tally.wounded,
        tally.pinning,
        tally.blind,
        tally.concussive,
        morale,
    )
    before = s.pending
    game.emit(event)
    if s.pending is before:
        morale_checks.after_attack(game, event)
    return event


@dataclass
class _Tally:
    removed: int = 0
    unsaved: int = 0
    hull_points: int = 0
    wounded: bool = False
    pinning: int | None = None
    blind: bool = False
    concussive: int | None = None


def _note_weapon_facts(game: Game, unit_id: str, volley: Volley) -> None:
    kind = volley.weapon.type.weapon_class
    facts = {WeaponClass.HEAVY: Fact.FIRED_HEAVY, WeaponClass.RAPID_FIRE: Fact.FIRED_RAPID_FIRE}
    if kind in facts:
        game.state.facts.note(unit_id, facts[kind])
    if kind is WeaponClass.ORDNANCE:
        game.state.facts.note(unit_id, Fact.FIRED_ORDNANCE)


def _firers(game: Game, unit_id: str, volley: Volley) -> tuple[Footprint, ...]:
    status = game.state.units[unit_id]
    models = [m for m in game.state.unit(unit_id).models if m.id in volley.firers and m.id in status.poses]
    return tuple(footprint(m, status.poses[m.id]) for m in models)


def _fire(game: Game, unit: Unit, target: Unit, volley: Volley, tally: _Tally) -> None:
    s = game.state
    firers = _firers(game, unit.id, volley) or tuple(
        footprint(m, p) for m in unit.models if (p := s.units[unit.id].poses.get(m.id)) is not None
    )
    shots = volley.shots
    for text in volley.dice:
        count, sides = _shots_dice(text) or (1, 6)
        roll = game.logged(s.dice.roll(count, sides, reason=f"shots of {volley.weapon.name}", who=unit.id))
        shots += roll.total
    name = volley.weapon.name
    base = AttackSpec(
        name,
        max(shots, 1),
        volley.strength,
        volley.weapon.ap,
        skill=volley.skill,
        snap_shots=volley.snap,
        primarch=volley.primarch,
        weapon_class=volley.weapon.type.weapon_class,
        rules=volley.rules,
        attacker=unit.id,
    )
    pre: list[Reason] = []
    spec = base
    if volley.template:
        spec = replace(base, count=volley.template, skill=None)
        pre.append(Reason.of("Template", f'{volley.template} target models within {TEMPLATE_LENGTH:g}": hit'))
    elif volley.blast is not None:
        hit = roll_to_hit(s.dice, base, s.config)
        for roll in hit.rolls:
            game.log(DiceRolled(roll))
        under = damage.under_marker(game, target.id, firers, volley.blast)
        pre.extend((*hit.reasons, Reason.of("Blast", f"each hit strikes {under} models under the marker")))
        if hit.hits * under == 0:
            game.log(WeaponFired(unit.name, name, target.name, "no hits", tuple(pre)))
            return
        spec = replace(base, count=hit.hits * under, skill=None)
    if shots < 1 and not volley.template:
        game.log(WeaponFired(unit.name, name, target.name, "no shots", tuple(pre)))
        return
    if damage.is_vehicle_target(game, target.id):
        vehicle, slot, why = damage.target_vehicle(game, target.id, firers)
        vresult = resolve_attack_on_vehicle(s.dice, spec, vehicle, config=s.config)
        for roll in vresult.rolls:
            game.log(DiceRolled(roll))
        summary = (
            f"{vresult.hits} hits, {vresult.glancing} Glancing, {vresult.penetrating} Penetrating, "
            f"{vresult.hull_points_lost} Hull Points lost"
        )
        game.log(WeaponFired(unit.name, name, target.name, summary, (*pre, *why, *vresult.all_reasons)))
        tally.hull_points += vresult.hull_points_lost
        tally.removed += damage.apply_vehicle_damage(game, vresult, slot)
        return
    target_now, slots, why = damage.target_unit(game, target.id, firers)
    result = resolve_attack(s.dice, spec, target_now, config=s.config)
    for roll in result.rolls:
        game.log(DiceRolled(roll))
    summary = (
        f"{result.hits} hits, {result.wounds} wounds, {result.unsaved} unsaved, {result.mitigated} mitigated, "
        f"{len(result.models_removed)} removed"
    )
    game.log(WeaponFired(unit.name, name, target.name, summary, (*pre, *why, *result.all_reasons)))
    tally.removed += damage.apply_wounds(game, result, slots)
    unsaved = result.unsaved - result.mitigated
    tally.unsaved += unsaved
    tally.wounded = tally.wounded or result.wounds > 0
    _status_tests(spec, unsaved, result.wounds, result.hits, tally)


def _status_tests(spec: AttackSpec, unsaved: int, wounds: int, hits: int, tally: _Tally) -> None:
    rules = {r.name: r for r in spec.rules}
    if "Pinning" in rules and unsaved > 0:
        shock = rules.get("Shell Shock")
        modifier = -(shock.value or 1) if shock is not None else 0
        tally.pinning = modifier if tally.pinning is None else min(tally.pinning, modifier)
    if "Blind" in rules and hits > 0:
        tally.blind = True
    if "Concussive" in rules and wounds > 0:
        x = rules["Concussive"].value or 1
        tally.concussive = max(tally.concussive or 0, x)


handles(Shoot, check_shoot, apply_shoot)
