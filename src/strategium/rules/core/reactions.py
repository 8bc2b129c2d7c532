"""The six Core Reactions and Interceptor, plugged into :mod:`strategium.engine.reactions` (CORE_B §4.3, §4.4).

Paraphrase, with where each choice comes from (the rulebook's Reactions pages were not read in full; secondary
sources and the FAQ give the outline, CORE_B §0.2):

- **Advance / Withdraw** (Movement phase): when an enemy unit ends a move within 12" of the unit and in its line
  of sight, the unit moves straight toward it (Advance) or straight away from it (Withdraw), every model by the
  same displacement, from centre of unit to centre of unit. Distance: the unit's Initiative
  (``reactions.move_initiative``: lowest or highest), +1 if every model is Light, -1 if any is Heavy, + the
  lowest Fleet (X) if every model has it, +6 if every model has a Jet Pack (Jump Packs are not used). A Vehicle
  pivots up to 90 degrees to face the enemy unit and moves up to ``reactions.vehicle_move`` inches forward
  (Advance) or backward (Withdraw). The engine moves the whole distance, or the farthest point short of it that is
  legal as a move (Difficult Terrain slows it as a move, ``terrain.difficult_move_penalty``; Impassable terrain,
  Buildings, other models, the table edge, coherency and ``movement.enemy_distance`` stop it; Dangerous Terrain
  tests it). Arriving from Reserves is not a move for these Reactions (Interceptor answers arrivals).
- **Return Fire** (Shooting phase): declared before any To Hit roll (FAQ v1.0); the targeted unit makes a
  Shooting Attack at the attacker first, counting as Stationary; a Vehicle fires only Defensive weapons (Strength
  up to ``vehicles.defensive_max_strength``). Its casualties are removed and its Pinning tests taken before the
  original attack, which is then planned as the attacker stands: a model killed does not fire.
- **Evade** (Shooting phase): the targeted unit (and its joined characters) gains Shrouded (5+), a Damage
  Mitigation roll, against that attack only (``shooting.evade_scope``: or for the rest of the phase). A Fearless
  unit cannot Evade: Fearless models may not use Shrouded (RULINGS MIL-03, FAQ of September 2022).
- **Overwatch** (Assault phase): the charged unit shoots the charging unit before the Charge Distance roll,
  as Snap Shots (``shooting.overwatch_snap_shots``); Vehicles Defensive weapons only. Templates (Wall of Death)
  are not fired yet.
- **Hold the Line** (Assault phase): the charged unit's controller makes the Charge Disordered (p.182).
- **Interceptor** (Advanced Reaction, rulebook p.309): when enemy units arrive from Reserves, a unit that sees one
  of them and has it in range of a weapon shoots it (Vehicles Defensive weapons only); casualties from it cause
  no Morale check.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from shapely.geometry.base import BaseGeometry

from strategium.army.army import Model, Unit
from strategium.catalogue.citations import Reason
from strategium.catalogue.definitions import Book
from strategium.catalogue.registry import RuleRef, find_rule
from strategium.combat.sources import configured, core
from strategium.engine.assault import charges
from strategium.engine.attacks import damage
from strategium.engine.core.board import Location, Placement, Pose
from strategium.engine.core.effects import Duration, EffectKind
from strategium.engine.core.events import EffectEnded, Ruling
from strategium.engine.core.hooks import on_event
from strategium.engine.core.timing import Phase
from strategium.engine.morale.leadership import is_fearless
from strategium.engine.movement.common import (
    Leg,
    dangerous_tests,
    difficult_under,
    ignores_difficult,
    is_cavalry,
    living,
    party,
)
from strategium.engine.movement.move import UnitMoved, enemy_problems, legs, placement_problems
from strategium.engine.questions.profiles_now import current
from strategium.engine.questions.queries import Query, ask
from strategium.engine.reactions.registry import ReactionDef, ReactionWindow, Trigger, register
from strategium.engine.shooting.attack import WeaponFilter, plan, resolve_shooting_attack
from strategium.engine.shooting.declare import Shoot, ShootingAttackResolved
from strategium.engine.shooting.plan import FilterValue, has_volleys
from strategium.engine.table import broad_phase, table_checks
from strategium.engine.table.placement import footprint, placed_unit
from strategium.geometry.measure import EPSILON, Footprint, min_distance, within
from strategium.model.unit_types import SubType
from strategium.model.weapons import WeaponProfile
from strategium.rules.core import reaction_screens
from strategium.rules.core.reaction_move_stationary import note_reaction_move

if TYPE_CHECKING:
    from strategium.config.rules_config import RulesConfig
    from strategium.engine.core.game import Game

ADVANCE, WITHDRAW = "Advance", "Withdraw"
RETURN_FIRE, EVADE = "Return Fire", "Evade"
OVERWATCH, HOLD_THE_LINE = "Overwatch", "Hold the Line"
INTERCEPTOR = "Interceptor"
REACTION_RANGE = 12.0
"""Inches within which an enemy unit's move opens the Movement-phase Reactions (CORE_B §4.3)."""
JET_PACK_BONUS = 6.0
STEP = 0.25
"""Inches by which a Reaction move is shortened while looking for a legal end point."""


def cite(name: str, text: str) -> Reason:
    """A ruling under a Core Reaction (rulebook, page not read)."""
    return core(name, text)


def cite_faq(name: str, text: str) -> Reason:
    """A ruling under the post-FAQ Return Fire and Evade (Age of Darkness rulebook Errata and FAQ)."""
    return Reason(name, text, None, Book.RULEBOOK_FAQ)


# -- shared conditions --------------------------------------------------------------------------------------------


def _feet(game: Game, unit_id: str) -> tuple[Footprint, ...]:
    """The footprints of the unit and its joined characters (each kept in its model's memo while it stands still,
    :func:`~strategium.engine.table.placement.footprint`: cheaper than keeping the tuple with the state's values)."""
    s = game.state
    out: list[Footprint] = []
    for u in party(s, unit_id):
        poses = s.units[u.id].poses
        out.extend(footprint(m, poses[m.id]) for m in u.models if m.id in poses)
    return tuple(out)


def sees(game: Game, unit_id: str, enemy_id: str) -> bool:
    """Some model of ``unit_id`` sees some model of ``enemy_id``."""
    s = game.state
    mine = placed_unit(s.unit(unit_id), s.units[unit_id])
    theirs = placed_unit(s.unit(enemy_id), s.units[enemy_id])
    return damage.sight_map(s.battlefield).unit_sees(mine, theirs)


def defensive_only(game: Game) -> WeaponFilter:
    """The weapons a Reaction's Shooting Attack may use: Vehicles fire only Defensive weapons (Strength up to
    ``vehicles.defensive_max_strength``, CORE_B §2.8); other models fire as usual."""
    return DefensiveOnly(game.state.config)


@dataclass(frozen=True)
class DefensiveOnly(FilterValue):
    """:func:`defensive_only` as a value: what it refuses depends on ``config`` alone, which a plan's key holds, so
    any two compare equal (plans with it are kept: :func:`strategium.engine.shooting.plan.kept_plan`)."""

    config: RulesConfig = field(compare=False, hash=False)

    def __call__(self, model: Model, weapon: WeaponProfile) -> Reason | None:
        if not model.profile.has_armour_values:
            return None
        strength = weapon.strength.resolve(0)
        if strength is not None and strength <= self.config.vehicles.defensive_max_strength:
            return None
        text = f"{weapon.name}: in a Reaction a Vehicle fires only Defensive weapons"
        return configured(self.config, "vehicles.defensive_max_strength", text)


def reaction_weapons(game: Game, unit_id: str) -> WeaponFilter | None:
    """The weapon filter of the unit's Reaction Shooting Attack: :func:`defensive_only`, or None when no model of the
    unit has Armour Values (the filter would refuse nothing, and the unfiltered plan is kept per state)."""
    if any(m.profile.has_armour_values for m in game.state.unit(unit_id).models):
        return defensive_only(game)
    return None


def _can_shoot(game: Game, unit_id: str, enemy_id: str, name: str) -> Reason | None:
    answer = ask(game, Query.MAY_SHOOT, unit_id)
    if not answer:
        return answer.reasons[0]
    targetable = ask(game, Query.MAY_BE_TARGETED, enemy_id)
    if not targetable:
        return targetable.reasons[0]
    weapons = reaction_weapons(game, unit_id)
    if has_volleys(game, unit_id, enemy_id, weapons=weapons):
        return None
    planned = plan(game, unit_id, enemy_id, weapons=weapons)
    if not planned.volleys:
        return planned.reasons[0] if planned.reasons else cite(name, "no weapon of the unit can fire at the enemy")
    return None


def _shoot(game: Game, unit_id: str, enemy_id: str, why: Reason, *, morale: bool = True, snap: bool = False) -> None:
    s = game.state
    game.log(Ruling(f"{s.unit(unit_id).name} shoots {s.unit(enemy_id).name} as a Reaction", (why,)))
    action = Shoot(s.owner(unit_id), unit_id, enemy_id)
    resolve_shooting_attack(game, action, morale=morale, snap_shots=snap, weapons=reaction_weapons(game, unit_id))


# -- Advance and Withdraw -----------------------------------------------------------------------------------------


def _near_and_seen(game: Game, unit_id: str, enemy_id: str, trigger: Trigger) -> Reason | None:
    mine, theirs = _feet(game, unit_id), _feet(game, enemy_id)
    if not mine or not theirs:
        return cite(ADVANCE, "the units are not both on the table")
    gap = min_distance(mine, theirs)
    if not within(gap, REACTION_RANGE):
        return cite(ADVANCE, f'the enemy unit ended its move {gap:.1f}" away, more than {REACTION_RANGE:g}"')
    if not sees(game, unit_id, enemy_id):
        return cite(ADVANCE, "the unit cannot see the enemy unit")
    moving = ask(game, Query.MAY_MOVE, unit_id)
    if not moving:
        return moving.reasons[0]
    return None


def _may_be_near(game: Game, unit_id: str, enemy_id: str, trigger: Trigger) -> bool:
    """The screen of Advance and Withdraw: the enemy may have ended its move within :data:`REACTION_RANGE`."""
    return not reaction_screens.beyond(game, unit_id, enemy_id, REACTION_RANGE)


def _is_vehicle(models: Sequence[Model]) -> bool:
    return any(m.profile.has_armour_values for m in models)


def reaction_distance(game: Game, unit_id: str) -> tuple[float, tuple[Reason, ...]]:
    """How far the unit may move in an Advance or Withdraw (inches), and why (see the module docstring)."""
    s = game.state
    config = s.config
    alive = [(u.id, m) for u in party(s, unit_id) for m in u.models if m.id in s.units[u.id].poses]
    models = [m for _, m in alive]
    if _is_vehicle(models):
        inches = config.reactions.vehicle_move
        return inches, (configured(config, "reactions.vehicle_move", f'a Vehicle pivots and moves up to {inches:g}"'),)
    values = [getattr(current(game, uid, m), "i", None) for uid, m in alive]
    known = [v for v in values if v is not None] or [0]
    which = config.reactions.move_initiative
    base = float(min(known) if which == "lowest" else max(known))
    why: list[Reason] = [configured(config, "reactions.move_initiative", f"Initiative {base:g}")]
    if all(m.profile.unit_type.has(SubType.LIGHT) for m in models):
        base += 1
        why.append(Reason.of("Light Sub-type", "+1 to the distance of a Reaction move"))
    if any(m.profile.unit_type.has(SubType.HEAVY) for m in models):
        base -= 1
        why.append(Reason.of("Heavy Sub-type", "-1 to the distance of a Reaction move"))
    fleet = [m.rule("Fleet") for m in models]
    if models and all(f is not None and f.value for f in fleet):
        x = min(f.value or 0 for f in fleet if f is not None)
        base += x
        why.append(Reason.of("Fleet", f"Fleet ({x}): +{x} to the distance of a Reaction move"))
    if models and all(m.has_rule("Jet Pack") for m in models):
        base += JET_PACK_BONUS
        why.append(Reason.of("Jet Pack", f'+{JET_PACK_BONUS:g}" to the distance of a Reaction move'))
    return max(base, 0.0), tuple(why)


def _centre(points: Sequence[Footprint]) -> tuple[float, float]:
    xs = [f.centre[0] for f in points]
    ys = [f.centre[1] for f in points]
    return sum(xs) / len(xs), sum(ys) / len(ys)


def _poses(game: Game, units: Sequence[Unit], away: bool, enemy_id: str, inches: float) -> Placement:
    """Every model displaced ``inches`` along the Reaction's line (a Vehicle pivots first, up to 90 degrees)."""
    s = game.state
    (x0, y0), (x1, y1) = _centre(_feet(game, units[0].id)), _centre(_feet(game, enemy_id))
    toward = math.atan2(y1 - y0, x1 - x0)
    out: list[tuple[str, Pose]] = []
    for u in units:
        for m in u.models:
            pose = s.units[u.id].poses.get(m.id)
            if pose is None:
                continue
            if m.profile.has_armour_values:
                turn = (math.degrees(toward) - pose.heading + 180) % 360 - 180
                heading = pose.heading + max(-90.0, min(90.0, turn))
                angle = math.radians(heading) + (math.pi if away else 0.0)
                out.append((m.id, Pose(pose.x + inches * math.cos(angle), pose.y + inches * math.sin(angle), heading)))
                continue
            angle = toward + (math.pi if away else 0.0)
            out.append((m.id, Pose(pose.x + inches * math.cos(angle), pose.y + inches * math.sin(angle), pose.heading)))
    return tuple(out)


def move_problems(game: Game, units: Sequence[Unit], positions: Placement, allowance: float) -> list[Reason]:
    """Why the models of ``units`` may not make this Reaction move (empty: they may): its length against
    ``allowance`` (less the Difficult Terrain penalty), Impassable terrain, Buildings, other models in the way,
    standing room, coherency and the distance to enemy models (as for a move,
    :mod:`strategium.engine.movement.move`)."""
    return _move_problems(game, units, positions, allowance, _Obstacles.of(game, units), first_only=False)


@dataclass(frozen=True)
class _Obstacles:
    """What a Reaction move may not cross: Impassable pieces and Buildings, and the models of other units (each
    with its box, :mod:`strategium.engine.table.broad_phase`). The same for every end point tried."""

    walls: tuple[tuple[BaseGeometry, broad_phase.Box], ...]
    others: broad_phase.Boxed

    @classmethod
    def of(cls, game: Game, units: Sequence[Unit]) -> _Obstacles:
        s = game.state
        walls = [t.footprint for t in s.battlefield.terrain if t.is_impassable] + [
            b.footprint for b in s.battlefield.buildings
        ]
        moving = {u.id for u in units}
        others = [
            (m.id, footprint(m, st.poses[m.id]))
            for uid, st in s.units.items()
            if uid not in moving and st.location is Location.TABLE
            for m in s.unit(uid).models
            if m.id in st.poses
        ]
        return cls(tuple((w, broad_phase.geometry_box(w)) for w in walls), broad_phase.Boxed.of(others))


def _move_problems(
    game: Game,
    units: Sequence[Unit],
    positions: Placement,
    allowance: float,
    obstacles: _Obstacles,
    *,
    first_only: bool,
) -> list[Reason]:
    """:func:`move_problems` against ``obstacles``; with ``first_only``, stop at the first problem found (whether
    the move is legal is all a caller then learns)."""
    s = game.state
    moves: list[Leg] = []
    reasons: list[Reason] = []
    penalty = s.config.terrain.difficult_move_penalty if s.config.terrain.difficult_move_rule == "flat_penalty" else 0
    for g in each_leg(game, units, positions):  # made one by one: a refused end point stops at its first problem
        moves.append(g)
        slowed = bool(difficult_under(game, g)) and not is_cavalry(g.model) and not ignores_difficult(game, units)
        limit = allowance - (penalty if slowed else 0.0)
        if g.length > limit + EPSILON:
            reasons.append(cite(ADVANCE, f'{g.model.id} may move at most {limit:g}"'))
        box = g.bounds  # contains the path: the broad phase finds a superset; the path is made only if needed
        if any(broad_phase.meet(b, box) and float(g.path.intersection(w).area) > EPSILON for w, b in obstacles.walls):
            reasons.append(core("Impassable Terrain", f"{g.model.id}'s path is blocked", 222))
        near = obstacles.others.footprints_meeting(box)
        path = Footprint(g.path) if near else None
        if path is not None and any(
            table_checks.overlaps(path, fp) and not table_checks.overlaps(g.before, fp) for _, fp in near
        ):
            reasons.append(cite(ADVANCE, f"{g.model.id} may not move through other models"))
        if first_only and reasons:
            return reasons
    reasons += placement_problems(game, units, positions)
    if first_only and reasons:
        return reasons
    reasons += enemy_problems(game, s.owner(units[0].id), moves)
    return reasons


def each_leg(game: Game, units: Sequence[Unit], positions: Placement) -> Iterator[Leg]:
    """The legs of :func:`strategium.engine.movement.move.legs`, the same ones in the same order, made one at a time."""
    s = game.state
    where = dict(positions)
    for unit, model in living(s, units):
        before = footprint(model, s.units[unit.id].poses[model.id])
        after = footprint(model, where[model.id])
        yield Leg(unit.id, model, before, after)  # the swept path is made when a test needs it


def reaction_move(game: Game, unit_id: str, enemy_id: str, away: bool) -> float:
    """Make an Advance (``away`` False) or Withdraw: the farthest legal displacement up to the Reaction's distance,
    in steps of ``STEP`` inches. Returns the distance moved (0.0 if no legal move exists)."""
    s = game.state
    units = party(s, unit_id)
    name = WITHDRAW if away else ADVANCE
    allowance, why = reaction_distance(game, unit_id)
    obstacles = _Obstacles.of(game, units)  # nothing moves while the end points are tried
    inches = allowance
    while inches > EPSILON:
        positions = _poses(game, units, away, enemy_id, inches)
        if not _move_problems(game, units, positions, allowance, obstacles, first_only=True):
            where = dict(positions)
            moves = legs(game, units, positions)
            for u in units:
                s.units[u.id].poses = {m.id: where[m.id] for m in u.models if m.id in s.units[u.id].poses}
            how = f"{name} (Reaction) {'away from' if away else 'toward'} {s.unit(enemy_id).name}"
            text = cite(name, f'moved {inches:g}" of {allowance:g}" straight {"away from" if away else "toward"} it')
            game.log(UnitMoved(s.owner(unit_id), unit_id, units[0].name, how, inches, (*why, text)))
            note_reaction_move(game, units, name)
            dangerous_tests(game, units, moves)
            return inches
        inches = round(inches - STEP, 6)
    game.log(Ruling(f"{units[0].name} finds no legal {name} move", (cite(name, "every end point is blocked"), *why)))
    return 0.0


def _advance(game: Game, unit_id: str, enemy_id: str, trigger: Trigger) -> None:
    reaction_move(game, unit_id, enemy_id, away=False)


def _withdraw(game: Game, unit_id: str, enemy_id: str, trigger: Trigger) -> None:
    reaction_move(game, unit_id, enemy_id, away=True)


# -- Return Fire and Evade ------------------------------------------------------------------------------------------


def _return_fire_eligible(game: Game, unit_id: str, enemy_id: str, trigger: Trigger) -> Reason | None:
    return _can_shoot(game, unit_id, enemy_id, RETURN_FIRE)


def _return_fire(game: Game, unit_id: str, enemy_id: str, trigger: Trigger) -> None:
    why = cite_faq(RETURN_FIRE, "shoots the attacker first, counting as Stationary; casualties and Pinning first")
    _shoot(game, unit_id, enemy_id, why)


def _evade_eligible(game: Game, unit_id: str, enemy_id: str, trigger: Trigger) -> Reason | None:
    if is_fearless(game, unit_id):
        return Reason.of("Shrouded", "Fearless models cannot use Shrouded, so a Fearless unit cannot Evade (MIL-03)")
    return None


def shrouded_5() -> RuleRef:
    """Shrouded (5+), the rule Evade grants."""
    ref = find_rule("Shrouded (5+)")
    assert isinstance(ref, RuleRef)
    return ref


def _evade(game: Game, unit_id: str, enemy_id: str, trigger: Trigger) -> None:
    config = game.state.config
    scope = config.shooting.evade_scope
    span = "against this attack" if scope == "attack" else "until the end of the phase"
    why = cite_faq(EVADE, f"Shrouded (5+) {span}")
    game.log(Ruling(f"{game.state.unit(unit_id).name} Evades", (configured(config, "shooting.evade_scope", span),)))
    for uid in damage.members(game, unit_id):
        game.add_effect(EffectKind.GRANTS_RULE, uid, Duration.UNTIL_END_OF_PHASE, why, rule=shrouded_5())


@on_event(ShootingAttackResolved)
def _evade_ends(game: Game, event: ShootingAttackResolved) -> None:
    """With ``shooting.evade_scope`` = attack, Evade's Shrouded ends once the attack it answered is resolved."""
    s = game.state
    if event.player != s.clock.active_player or s.config.shooting.evade_scope != "attack":
        return
    members = set(damage.members(game, event.target_id)) if event.target_id in s.units else set()
    gone = tuple(
        e for e in s.effects if e.unit_id in members and e.kind is EffectKind.GRANTS_RULE and e.reason.rule == EVADE
    )
    if gone:
        s.effects = tuple(e for e in s.effects if e not in gone)
        s.events.extend(EffectEnded(e, s.unit(e.unit_id).name, "the attack it answered is resolved") for e in gone)


# -- Overwatch and Hold the Line -----------------------------------------------------------------------------------


def _overwatch_eligible(game: Game, unit_id: str, enemy_id: str, trigger: Trigger) -> Reason | None:
    return _can_shoot(game, unit_id, enemy_id, OVERWATCH)


def _overwatch(game: Game, unit_id: str, enemy_id: str, trigger: Trigger) -> None:
    config = game.state.config
    snap = config.shooting.overwatch_snap_shots
    text = "Snap Shots" if snap else "full Ballistic Skill"
    why = configured(config, "shooting.overwatch_snap_shots", f"the charged unit shoots the charger: {text}")
    _shoot(game, unit_id, enemy_id, why, snap=snap)


def _hold_the_line_eligible(game: Game, unit_id: str, enemy_id: str, trigger: Trigger) -> Reason | None:
    if charges.charge_of(game, enemy_id) is None:
        return cite(HOLD_THE_LINE, "there is no declared Charge to meet")
    return None


def _hold_the_line(game: Game, unit_id: str, enemy_id: str, trigger: Trigger) -> None:
    record = charges.charge_of(game, enemy_id)
    assert record is not None
    name = game.state.unit(unit_id).name
    charges.mark_disordered(game, record, cite(HOLD_THE_LINE, f"{name} holds the line: the Charge is Disordered"))


# -- Interceptor -------------------------------------------------------------------------------------------------


def _interceptor_eligible(game: Game, unit_id: str, enemy_id: str, trigger: Trigger) -> Reason | None:
    return _can_shoot(game, unit_id, enemy_id, INTERCEPTOR)


def _interceptor(game: Game, unit_id: str, enemy_id: str, trigger: Trigger) -> None:
    why = Reason.of(INTERCEPTOR, "shoots a unit that arrived from Reserves; its casualties cause no Morale check")
    _shoot(game, unit_id, enemy_id, why, morale=False)


# -- registration ------------------------------------------------------------------------------------------------

_MOVED, _ARRIVED = ReactionWindow.ENEMY_MOVED, ReactionWindow.UNITS_ARRIVED
_SHOT, _CHARGED = ReactionWindow.SHOOTING_ATTACK_DECLARED, ReactionWindow.CHARGE_DECLARED

_NEAR, _REACH = _may_be_near, reaction_screens.may_reach
register(
    ReactionDef(
        ADVANCE, _MOVED, Phase.MOVEMENT, cite(ADVANCE, "move toward the enemy"), _near_and_seen, _advance, _NEAR
    )
)
register(
    ReactionDef(
        WITHDRAW, _MOVED, Phase.MOVEMENT, cite(WITHDRAW, "move away from the enemy"), _near_and_seen, _withdraw, _NEAR
    )
)
register(
    ReactionDef(
        INTERCEPTOR,
        _ARRIVED,
        Phase.MOVEMENT,
        Reason.of(INTERCEPTOR, "an Advanced Reaction against arrivals"),
        _interceptor_eligible,
        _interceptor,
        _REACH,
    )
)
register(
    ReactionDef(
        RETURN_FIRE,
        _SHOT,
        Phase.SHOOTING,
        cite_faq(RETURN_FIRE, "declared before any To Hit roll"),
        _return_fire_eligible,
        _return_fire,
        _REACH,
    )
)
register(
    ReactionDef(
        EVADE, _SHOT, Phase.SHOOTING, cite_faq(EVADE, "declared before any To Hit roll"), _evade_eligible, _evade
    )
)
register(
    ReactionDef(
        OVERWATCH,
        _CHARGED,
        Phase.ASSAULT,
        cite(OVERWATCH, "before the Charge Distance roll"),
        _overwatch_eligible,
        _overwatch,
        _REACH,
    )
)
register(
    ReactionDef(
        HOLD_THE_LINE,
        _CHARGED,
        Phase.ASSAULT,
        cite(HOLD_THE_LINE, "the Charge becomes Disordered"),
        _hold_the_line_eligible,
        _hold_the_line,
    )
)
