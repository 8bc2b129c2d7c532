"""The Shooting phase: a unit makes a Shooting Attack against one enemy unit (rulebook p.166, CORE_B §1.1).

``Shoot(player, unit_id, target_id)`` (:mod:`strategium.engine.shooting.declare`, with the attack's events) is one
Shooting Attack. Its check asks :data:`Query.MAY_SHOOT` (blockers in :mod:`strategium.engine.shooting.blockers` and
in rule modules) and needs a visible enemy target in range of at least one weapon. Applying it:

1. emits :class:`ShootingAttackDeclared` (the window for shooting Reactions, before any To Hit roll; FAQ v1.0);
2. plans the volleys: each model that can see the target and has it in range fires (see "weapons" below), the
   models of Independent Characters joined to the unit included (p.241: ``engine/shooting/members.py``); shots of
   the same weapon profile at the same Strength, BS and Snap Shot state are rolled together, weapon by weapon;
3. resolves each volley with :mod:`strategium.combat` against the target as it stands
   (:mod:`strategium.engine.attacks.damage` translates the state and applies the result), logging every roll and a
   :class:`WeaponFired` event with every ruling;
4. notes the facts (SHOT, FIRED_HEAVY, FIRED_RAPID_FIRE, FIRED_ORDNANCE) and emits
   :class:`ShootingAttackResolved` (rules hook it: STU-1 offers the Stupefied choice);
5. then the tests the attack causes (:mod:`strategium.engine.morale.checks`: Pinning, Blind, Concussive, the 25%
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
- Template (p.248): no To Hit roll; a teardrop template per shot from the firing model's base, covering as many
  target models as possible without touching a friendly model; every model under it is hit
  (:mod:`strategium.engine.shooting.area_fire`). Fired as Snap Shots (Overwatch, Pinned, ...) it lays no template:
  Wall of Death, D3 hits per shot on a non-Flyer target with a model within 8" (:func:`_wall_of_death`). Hellstorm
  templates are not fired yet.
- Blast (X") (p.234): no To Hit roll; a marker per shot over a target model, scattered 2D6 minus BS unless the
  Scatter die shows Hit; every model under the final marker is hit, whatever its unit
  (:mod:`strategium.engine.shooting.area_fire`); Blast Wounds go to any model of the unit hit
  (:func:`strategium.combat.templates.blast_allocation`); not as Snap Shots.
- The firer's player may name the placements (``Shoot.blast_at``, ``Shoot.template_at``); otherwise the engine
  places them as :mod:`strategium.engine.shooting.area_fire` says.
- Snap Shots (:data:`Query.FULL_BALLISTIC_SKILL` blocked: Pinned, Stupefied, Light after Running) use
  ``shooting.snap_shot_bs``.

Hooks for weapon rules that act on the firers (Gets Hot, p.239: :mod:`strategium.rules.weapon.gets_hot`):
:func:`before_volley` (a volley about to fire: Achean Force), :func:`before_area_fire` (a Template or Blast volley's
shots, before it fires) and :func:`after_to_hit` (a volley's To Hit rolls, once it is resolved against its target).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from shapely.geometry import Point

from strategium.army.army import Unit
from strategium.catalogue.citations import Reason
from strategium.catalogue.registry import RuleRef
from strategium.combat import AttackSpec, resolve_attack, resolve_attack_on_vehicle
from strategium.combat.mitigation import MitigationPolicy
from strategium.combat.sources import core
from strategium.combat.templates import TEMPLATE_PAGE, blast_allocation, template_allocation
from strategium.dice import Roll
from strategium.engine.attacks import damage
from strategium.engine.attacks.follow_up import follow_ups, wounds_applied
from strategium.engine.core import registries
from strategium.engine.core.actions import Verdict
from strategium.engine.core.board import Location
from strategium.engine.core.decisions import DecisionKind
from strategium.engine.core.events import DiceRolled
from strategium.engine.core.handlers import handles
from strategium.engine.core.timing import Phase
from strategium.engine.core.watchers import Fact
from strategium.engine.morale import checks as morale_checks
from strategium.engine.questions.choices import BattleChoice
from strategium.engine.questions.queries import Query, ask
from strategium.engine.shooting import area_fire, barrage, line_of_fire
from strategium.engine.shooting.choices import mitigation_policy
from strategium.engine.shooting.declare import Shoot, ShootingAttackDeclared, ShootingAttackResolved, WeaponFired
from strategium.engine.shooting.plan import SEQUENCE, TEMPLATE_LENGTH, kept_plan, rule_of, shots_dice, target_placed
from strategium.engine.shooting.plan import Plan as Plan  # re-exported: the plan of a Shooting Attack
from strategium.engine.shooting.plan import Volley as Volley
from strategium.engine.shooting.plan import WeaponFilter as WeaponFilter
from strategium.engine.shooting.plan import plan as plan
from strategium.engine.shooting.reach import NEAR
from strategium.engine.table.placement import footprint, placed_model, placed_unit
from strategium.geometry.measure import Footprint, distance, within
from strategium.geometry.pieces import PlacedModel
from strategium.model.unit_types import SubType
from strategium.model.weapons import RangeKind, WeaponClass, WeaponProfile

if TYPE_CHECKING:
    from strategium.engine.core.game import Game


# -- hooks for weapon rules acting on the firers (Gets Hot, p.239) ----------------------------------------

AreaFireHook = Callable[["Game", str, Volley, int], tuple[Volley, int]]
"""(game, the firing unit's id, a Template or Blast volley, its shots) -> the volley and shots still fired."""
ToHitHook = Callable[["Game", str, Volley, tuple[Roll, ...]], None]
"""(game, the firing unit's id, the volley, its To Hit rolls in order: the roll, then its re-roll if any)."""
VolleyHook = Callable[["Game", str, Volley], Volley]
"""(game, the firing unit's id, a volley about to fire) -> the volley fired (its Strength changed, or no firers: not
fired)."""
FiredHook = Callable[["Game", str, Volley], None]
"""(game, the firing unit's id, a volley it has fired and fully resolved)."""
_AREA_FIRE: list[AreaFireHook] = []
_AFTER_TO_HIT: list[ToHitHook] = []
_BEFORE_VOLLEY: list[VolleyHook] = []
_AFTER_VOLLEY: list[FiredHook] = []


def before_volley(fn: VolleyHook) -> VolleyHook:
    """Decorator: register a rule asked, in registration order, as each volley is about to fire (before its shots
    are rolled); each gets what the previous one left (Achean Force, Liber Hereticus p.259)."""
    _BEFORE_VOLLEY.append(fn)
    registries.changed()
    return fn


def before_area_fire(fn: AreaFireHook) -> AreaFireHook:
    """Decorator: register a rule asked, in registration order, before a Template or Blast volley fires (after its
    shots are rolled); each gets what the previous one left."""
    _AREA_FIRE.append(fn)
    registries.changed()
    return fn


def after_to_hit(fn: ToHitHook) -> ToHitHook:
    """Decorator: register a rule called with the To Hit rolls of each volley that rolled To Hit, once the volley
    is resolved against its target (its hits, Wounds and saves applied)."""
    _AFTER_TO_HIT.append(fn)
    registries.changed()
    return fn


def after_volley(fn: FiredHook) -> FiredHook:
    """Decorator: register a rule called once each volley of a Shooting Attack is fully resolved (Limited
    Ammunition, One Use: the shots a weapon has left)."""
    _AFTER_VOLLEY.append(fn)
    registries.changed()
    return fn


def _to_hit_rolls(rolls: tuple[Roll, ...]) -> tuple[Roll, ...]:
    """The To Hit rolls among an attack's rolls (``combat.attack.roll_to_hit`` names them "To Hit..." and makes them
    first)."""
    out: list[Roll] = []
    for roll in rolls:
        if not roll.reason.startswith("To Hit"):
            break
        out.append(roll)
    return tuple(out)


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
    targetable = ask(game, Query.MAY_BE_TARGETED, action.target_id)
    if not targetable:
        return Verdict(False, targetable.reasons)
    placed = (placed_unit(s.unit(action.unit_id), s.units[action.unit_id]), target_placed(game, action.target_id))
    planned = kept_plan(game, action.unit_id, action.target_id, False, placed, weapons=action.chosen_weapons())
    # a volley is fired only by models that see the target, so a plan with volleys shows the unit sees it
    if not planned.volleys and not damage.sight_map(s.battlefield).unit_sees(*placed):
        return Verdict(False, (rule_of(SEQUENCE, "no model of the unit can see the target", 166),))
    if not planned.volleys:
        return Verdict(False, planned.reasons or (rule_of(SEQUENCE, "no weapon can fire at the target", 166),))
    aimed = _aim_problem(game, action, planned)
    if aimed is not None:
        return Verdict(False, (aimed,))
    allowed = answer.reasons
    return Verdict(True, later=lambda: allowed + planned.reasons)  # the plan's reasons only when asked for


def apply_shoot(game: Game, action: Shoot) -> None:
    """Make the Shooting Attack (see the module docstring). If a hook on :class:`ShootingAttackDeclared` stops the
    engine for a choice (a Reaction), the attack waits: whoever answers it calls :func:`resolve_shooting_attack`."""
    s = game.state
    unit, target = s.unit(action.unit_id), s.unit(action.target_id)
    s.facts.note(action.unit_id, Fact.SHOT)
    before = s.pending
    game.emit(ShootingAttackDeclared(action.player, unit.id, unit.name, target.id, target.name, action))
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
    weapons = weapons if weapons is not None else action.chosen_weapons()
    planned = plan(game, action.unit_id, action.target_id, snap_shots=snap_shots, weapons=weapons)
    tally = _Tally(mitigation=mitigation_policy(action.mitigation))
    aims = area_fire.Aims(action.blast_at, dict(action.template_at))
    for volley in planned.volleys:
        if s.units[target.id].location is not Location.TABLE:
            break
        _note_weapon_facts(game, unit.id, volley)
        _fire(game, unit, target, volley, tally, aims)
        for after in _AFTER_VOLLEY:
            after(game, unit.id, volley)
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
        tuple((uid, b, c) for uid, (b, c) in tally.others.items()),
    )
    before = s.pending
    game.emit(event)
    if s.pending is before:
        morale_checks.after_attack(game, event)
    return event


@dataclass
class _Tally:
    mitigation: MitigationPolicy = field(default_factory=MitigationPolicy)  # the target controller's choice
    removed: int = 0
    unsaved: int = 0
    hull_points: int = 0
    wounded: bool = False
    pinning: int | None = None
    blind: bool = False
    concussive: int | None = None
    others: dict[str, tuple[bool, int | None]] = field(default_factory=dict)  # Blast: other units' Blind, Concussive


_WEAPON_FACTS = {
    WeaponClass.HEAVY: Fact.FIRED_HEAVY,
    WeaponClass.RAPID_FIRE: Fact.FIRED_RAPID_FIRE,
    WeaponClass.ORDNANCE: Fact.FIRED_ORDNANCE,
}


def _note_weapon_facts(game: Game, unit_id: str, volley: Volley) -> None:
    """Note that the members of the unit whose models fire ``volley`` fired a Heavy, Rapid Fire or Ordnance weapon
    (each on its own id: the unit's, or a joined character's), so a Charge judges who fired it
    (``charge.fired_weapon_exemption``)."""
    kind = volley.weapon.type.weapon_class
    fact = _WEAPON_FACTS.get(kind) if kind is not None else None
    if fact is None:
        return
    s = game.state
    for uid in damage.members(game, unit_id):
        if any(m.id in volley.firers for m in s.unit(uid).models):
            s.facts.note(uid, fact)


def _firers(game: Game, unit_id: str, volley: Volley) -> tuple[Footprint, ...]:
    """Where the models firing ``volley`` stand (the unit's and its joined characters')."""
    out: list[Footprint] = []
    for uid in damage.members(game, unit_id):
        status = game.state.units[uid]
        out += [
            footprint(m, status.poses[m.id])
            for m in game.state.unit(uid).models
            if m.id in volley.firers and m.id in status.poses
        ]
    return tuple(out)


def _fire(game: Game, unit: Unit, target: Unit, volley: Volley, tally: _Tally, aims: area_fire.Aims) -> None:
    s = game.state
    planned_firers = volley.firers
    for before in _BEFORE_VOLLEY:
        volley = before(game, unit.id, volley)
    if planned_firers and not volley.firers:
        game.log(WeaponFired(unit.name, volley.weapon.name, target.name, "no shots"))
        return
    firers = _firers(game, unit.id, volley) or tuple(
        footprint(m, s.units[uid].poses[m.id]) for uid, m in damage.living(game, unit.id)
    )
    shots = volley.shots
    for text in volley.dice:
        count, sides = shots_dice(text) or (1, 6)
        roll = game.logged(s.dice.roll(count, sides, reason=f"shots of {volley.weapon.name}", who=unit.id))
        shots += roll.total
    name = volley.weapon.name
    rules = volley.rules
    if volley.weapon.range.kind is RangeKind.TEMPLATE and not any(r.name == "Template" for r in rules):
        rules = (*rules, RuleRef("Template"))  # a Template weapon has Ignores Cover (p.248), also against Shrouded
    base = AttackSpec(
        name,
        max(shots, 1),
        volley.strength,
        volley.weapon.ap,
        skill=volley.skill,
        snap_shots=volley.snap,
        primarch=volley.primarch,
        weapon_class=volley.weapon.type.weapon_class,
        rules=rules,
        attacker=unit.id,
        situation=NEAR if volley.half_range else frozenset(),
    )
    if volley.weapon.range.kind is RangeKind.TEMPLATE or volley.blast is not None:
        planned_shots = shots
        for hook in _AREA_FIRE:
            volley, shots = hook(game, unit.id, volley, shots)
        if not volley.firers or (volley.blast is not None and shots < 1 <= planned_shots):
            game.log(WeaponFired(unit.name, name, target.name, "no shots"))
            return
        if volley.snap and volley.blast is None:  # a Template fired as Snap Shots: Wall of Death (p.248)
            _wall_of_death(game, unit, target, volley, shots, base, firers, tally)
            return
        _fire_area(game, unit, target, volley, shots, base, firers, tally, aims)
        return
    if shots < 1:
        game.log(WeaponFired(unit.name, name, target.name, "no shots"))
        return
    view = _view(game, unit, target, volley)
    rolled = _resolve_on(game, unit, target, base, firers, firers, view, (), tally, weapon=volley.weapon)
    hit_rolls = _to_hit_rolls(rolled)
    if hit_rolls:
        for after in _AFTER_TO_HIT:
            after(game, unit.id, volley, hit_rolls)


def _fire_area(
    game: Game,
    unit: Unit,
    target: Unit,
    volley: Volley,
    shots: int,
    base: AttackSpec,
    firers: tuple[Footprint, ...],
    tally: _Tally,
    aims: area_fire.Aims,
) -> None:
    """A Template or Blast volley: its hits on every unit under the templates or markers, each resolved (the target's
    counted in ``tally``; other units' Wounds and casualties applied, their tests not taken yet)."""
    s = game.state
    name = volley.weapon.name
    if volley.weapon.range.kind is RangeKind.TEMPLATE:
        area = area_fire.template_hits(game, unit.id, target.id, volley, aims)
        allocation = template_allocation()
    else:
        area = area_fire.blast_hits(game, unit.id, target.id, volley, max(shots, 0), aims)
        allocation = blast_allocation(s.config)
    if not area.hits:
        game.log(WeaponFired(unit.name, name, target.name, "no hits", tuple(area.reasons)))
        return
    pre = (*area.reasons, allocation.why)
    for uid in area.hits:
        if s.units[uid].location is not Location.TABLE:
            continue
        origin = area_fire.allocation_origin(game, uid, area, firers) if allocation.any_model else firers
        hit = s.unit(uid)
        view = _view(game, unit, hit, volley, cover_from=area.barrage_from)
        facing_from = area_fire.facing_origin(game, uid, area, firers)
        on_target = uid == target.id
        weapon = volley.weapon if on_target else None  # Deflagrate (p.237): more hits on the target unit only
        other = _Tally()
        mine = tally if on_target else other
        for count, near in area_fire.hit_parts(area, uid):  # within half range first (Armourbane (Melta), p.231)
            spec = replace(base, count=count, skill=None, situation=NEAR if near else base.situation)
            _resolve_on(game, unit, hit, spec, firers, origin, view, pre, mine, weapon=weapon, facing=facing_from)
        if not on_target and (other.blind or other.concussive is not None):
            was_blind, was_x = tally.others.get(uid, (False, None))
            x = max(was_x or 0, other.concussive or 0) or None
            tally.others[uid] = (was_blind or other.blind, x)


def _wall_of_death(
    game: Game,
    unit: Unit,
    target: Unit,
    volley: Volley,
    shots: int,
    base: AttackSpec,
    firers: tuple[Footprint, ...],
    tally: _Tally,
) -> None:
    """A Template volley fired as Snap Shots (Wall of Death, p.248): no template is laid; each shot inflicts D3 hits
    on the target (a non-Flyer the plan found within 8"), at the weapon's Strength and AP, allocated normally."""
    s = game.state
    name = volley.weapon.name
    if any(m.profile.unit_type.has(SubType.FLYER) for _, m in damage.living(game, target.id)):
        flyer = core("Wall of Death", f"{name}: Snap Shots of a Template weapon cannot hit a Flyer", TEMPLATE_PAGE)
        game.log(WeaponFired(unit.name, name, target.name, "no hits", (flyer,)))
        return
    roll = game.logged(s.dice.roll(max(shots, 1), 3, reason=f"Wall of Death hits of {name}", who=unit.id))
    text = f"{name} fired as Snap Shots: D3 hits per shot, {roll.total} in all, at its Strength and AP"
    spec = replace(base, count=roll.total, skill=None)
    view = _view(game, unit, target, replace(volley, template=0))
    why = (core("Wall of Death", text, TEMPLATE_PAGE),)
    _resolve_on(game, unit, target, spec, firers, firers, view, why, tally, weapon=volley.weapon)


def _resolve_on(
    game: Game,
    unit: Unit,
    target: Unit,
    spec: AttackSpec,
    firers: tuple[Footprint, ...],
    origin: tuple[Footprint, ...],
    view: dict[str, line_of_fire.ModelView],
    pre: tuple[Reason, ...],
    tally: _Tally,
    *,
    weapon: WeaponProfile | None = None,
    facing: tuple[Footprint, ...] | None = None,
) -> tuple[Roll, ...]:
    """Resolve ``spec`` against ``target`` and apply the result: a vehicle unit's Facing judged from ``facing``
    (else ``firers``); Wounds allocated closest to ``origin`` first, among the models ``view`` lets be allocated
    them, with its Cover Saves. With ``weapon`` (the weapon fired), the rules' further hits
    (:mod:`strategium.engine.attacks.follow_up`) are then resolved on the models still within its range of
    ``firers``. Returns the attack's rolls (none when the hits are lost unrolled)."""
    s = game.state
    name = spec.name
    if damage.is_vehicle_target(game, target.id):
        if not damage.vehicle_allocatable(game, target.id, view):
            lost = (
                rule_of("Wound allocation", "no vehicle of the target in range and line of sight: the hits are lost"),
            )
            game.log(WeaponFired(unit.name, name, target.name, "no target in range and sight", (*pre, *lost)))
            return ()
        side = barrage.SIDE if barrage.side_armour(spec.rules) else None
        vehicle, slot, why = damage.target_vehicle(game, target.id, facing or firers, view, side=side)
        vresult = resolve_attack_on_vehicle(s.dice, spec, vehicle, config=s.config, mitigation=tally.mitigation)
        for roll in vresult.rolls:
            game.log(DiceRolled(roll))
        summary = (
            f"{vresult.hits} hits, {vresult.glancing} Glancing, {vresult.penetrating} Penetrating, "
            f"{vresult.hull_points_lost} Hull Points lost"
        )
        game.log(WeaponFired(unit.name, name, target.name, summary, (*pre, *why, *vresult.all_reasons)))
        tally.hull_points += vresult.hull_points_lost
        tally.removed += damage.apply_vehicle_damage(game, vresult, slot)
        return vresult.rolls
    target_now, slots, why = damage.target_unit(game, target.id, origin, view)
    facts = damage.target_situation(game, target.id, spec.situation)
    if facts is not spec.situation:
        spec = replace(spec, situation=facts)
    result = resolve_attack(s.dice, spec, target_now, config=s.config, mitigation=tally.mitigation)
    for roll in result.rolls:
        game.log(DiceRolled(roll))
    summary = (
        f"{result.hits} hits, {result.wounds} wounds, {result.unsaved} unsaved, {result.mitigated} mitigated, "
        f"{len(result.models_removed)} removed"
    )
    game.log(WeaponFired(unit.name, name, target.name, summary, (*pre, *why, *result.all_reasons)))
    tally.removed += damage.apply_wounds(game, result, slots)
    wounds_applied(game, unit.id, spec, result, tuple((x.unit_id, x.model_id) for x in slots))
    unsaved = result.unsaved - result.mitigated
    tally.unsaved += unsaved
    tally.wounded = tally.wounded or result.wounds > 0
    _status_tests(spec, unsaved, result.wounds, result.hits, tally)
    if weapon is not None:
        own = tuple(r for r in weapon.type.rules if isinstance(r, RuleRef))
        for more in follow_ups(game, unit.id, spec, result, own):
            if s.units[target.id].location is not Location.TABLE:
                break
            near = _in_reach(game, target.id, firers, weapon)
            view = {k: replace_view(v, k in near) for k, v in view.items()}
            _resolve_on(game, unit, target, more.spec, firers, origin, view, (*pre, *more.why), tally)
    return result.rolls


def replace_view(view: line_of_fire.ModelView, allocatable: bool) -> line_of_fire.ModelView:
    """``view`` with its allocatable flag set (its Cover Save kept)."""
    return line_of_fire.ModelView(allocatable, view.cover, view.reason)


def _in_reach(game: Game, target_id: str, firers: tuple[Footprint, ...], weapon: WeaponProfile) -> set[str]:
    """The ids of the target's models on the table within ``weapon``'s range (a Template's: its length) of a
    firer (Deflagrate, p.237: only models still in range take its hits)."""
    s = game.state
    reach = TEMPLATE_LENGTH if weapon.range.kind is RangeKind.TEMPLATE else weapon.range.maximum
    out: set[str] = set()
    for uid, model in damage.living(game, target_id):
        pose = s.units[uid].poses.get(model.id)
        if pose is None:
            continue
        here = footprint(model, pose)
        if reach is None or any(within(distance(f, here), reach) for f in firers):
            out.add(model.id)
    return out


def _view(
    game: Game, unit: Unit, target: Unit, volley: Volley, cover_from: tuple[float, float] | None = None
) -> dict[str, line_of_fire.ModelView]:
    """How the volley's firers see the target (:func:`line_of_fire.fire_view`): the models they may allocate Wounds
    to (those in the weapon's range and their line of sight; a Template's or Blast's: every model, as those
    weapons' own allocation decides) and each model's Cover Save (judged from ``cover_from`` if given: a Multiple
    Barrage's first marker, p.232)."""
    s = game.state
    status = s.units[unit.id]
    firing = [
        placed_model(m, status.poses[m.id]) for m in unit.models if m.id in volley.firers and m.id in status.poses
    ]
    if cover_from is not None:
        firing = [PlacedModel(Footprint(Point(cover_from), 0.0), name="the first Barrage marker")]
    if not firing:
        firing = [placed_model(m, p) for m in unit.models if (p := status.poses.get(m.id)) is not None]
    weapon = volley.weapon
    reach = TEMPLATE_LENGTH if weapon.range.kind is RangeKind.TEMPLATE else weapon.range.maximum
    everyone = None
    if volley.template or volley.blast is not None:  # Blast (p.234): to any model, even out of sight
        everyone = [m.id for _, m in damage.living(game, target.id)]
    ignores = (
        any(r.name in ("Ignores Cover", "Template") for r in volley.rules) or weapon.range.kind is RangeKind.TEMPLATE
    )
    return line_of_fire.fire_view(
        game, target.id, firing, reach, firing_unit=unit.id, allocatable=everyone, ap=weapon.ap, ignores_cover=ignores
    )


def _aim_problem(game: Game, action: Shoot, planned: Plan) -> Reason | None:
    """Why the player's placements of the Shoot's templates and Blast markers are not legal, or None."""
    if not action.blast_at and not action.template_at:
        return None
    blasts = [v for v in planned.volleys if v.blast is not None]
    for model_id in dict.fromkeys(action.blast_at):
        if not blasts:
            return rule_of("Blast", "the attack fires no Blast weapon at the target", 234)
        problems = [area_fire.blast_problem(game, action.unit_id, action.target_id, v, model_id) for v in blasts]
        if all(p is not None for p in problems):
            return problems[0]
    templates = {m for v in planned.volleys if v.weapon.range.kind is RangeKind.TEMPLATE for m in v.firers}
    for model_id, direction in action.template_at:
        if model_id not in templates:
            return rule_of("Template", f"{model_id} fires no Template weapon at the target", 248)
        why = area_fire.template_problem(game, action.unit_id, action.target_id, model_id, direction)
        if why is not None:
            return why
    return None


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


# -- who may shoot: the blockers and exemptions, registered here, before the handler (as before the split) -------

from strategium.engine.shooting import blockers as shooting_blockers  # noqa: E402, F401

handles(Shoot, check_shoot, apply_shoot)
