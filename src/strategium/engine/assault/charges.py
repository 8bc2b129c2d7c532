"""The Charge sub-phase: units declare Charges one at a time and each is resolved before the next (Age of Darkness
rulebook pp.181-182; CORE_B §5.1-5.4).

``DeclareCharge(player, unit_id, targets)`` nominates one unit and the enemy unit(s) it charges:

1. **Who may not declare a Charge** is asked with ``Query.MAY_CHARGE``. Blockers here: a unit that Ran; Artillery
   and Fortifications (p.197); Vehicles other than Knights and Titans (they Ram instead: not modelled); a unit not
   on the table or embarked, or a character joined to another unit (it charges with that unit); a unit locked in
   combat; a Falling Back unit (``charge.falling_back_may_charge``); a unit that disembarked this turn
   (``transports.disembarked_may_charge``; Assault Vehicle, p.231, in :mod:`strategium.rules.unit.assault_vehicle`);
   a unit that arrived from Reserves this turn (``reserves.`` /
   ``flanking_assault.arrivals_may_charge``); a unit that has already charged this turn; and every
   ``EffectKind.CANNOT_CHARGE`` effect the pre-game made (INF-7, SCT-4: the block cites the effect's reason).
   Pinned (p.244) is blocked in :mod:`strategium.engine.morale.leadership`; firing Heavy, Rapid Fire or Ordnance in
   :mod:`strategium.engine.shooting.blockers` (Relentless lifts it, REL-2).
2. Each target is an enemy unit on the table within ``charge.max_distance`` (closest points) and, with
   ``charge.requires_line_of_sight``, seen by at least one model of the charger.
3. A frozen :class:`ChargeDeclared` is emitted before any roll: the window for the charged unit's Reactions
   (Overwatch, Hold the Line). A hook that stops the engine for a choice must call :func:`continue_charge` once
   it is answered.
4. **Charge Distance** (p.181): 2D6 + the ``charge.movement_bonus`` band of the unit's lowest Movement + what rules
   add (:func:`charge_distance_bonus`: Fleet (X), :mod:`strategium.rules.unit.fleet`) - the Difficult Terrain penalty.
   The penalty applies when the straight line from a charging model to its closest target model crosses Difficult or
   Dangerous Terrain, or that model stands in it (``charge.difficult_terrain_rule``: a flat
   ``charge.difficult_terrain_penalty``, or 3D6 dropping the highest); a unit wholly of Cavalry (p.195) models is not
   slowed, nor one a rule exempts (:func:`strategium.engine.movement.common.difficult_terrain_exemption`: Move Through
   Cover, :mod:`strategium.rules.unit.move_through_cover`). The charge reaches when the roll is at least the closest
   distance between the units along a clear straight path (:mod:`strategium.engine.assault.charge_reach`: Impassable
   Terrain and Buildings in the way do not count as reached).
   A unit that became Pinned during its Charge fails it (p.244); one that Fell Back (Overwatch casualties, any
   cause) or was destroyed makes no roll and no move (:func:`charge_broken`).
5. The charging player then gives a :class:`ChargeMove` (positions for every model): on success the **Charge
   Move** (each model at most the Charge Distance, straight; at least one model in base or hull contact with a
   target; every model whose start was within the Charge Distance of a target model ends in contact with an
   enemy model, or, when no room is left, within ``fight.engaged_range`` of a friend that is; the unit in
   coherency; no model within ``movement.enemy_distance`` of an enemy that is not a target). On failure the
   **Surge Move** (``charge.surge_move``): each model at most half the roll rounded up, none farther from the
   target than it was, none ending within ``movement.enemy_distance`` of an enemy. If the step ends before the
   move is made, the Charge fails where the unit stands.
6. After a Charge Move the unit is locked in combat with every target it touched; :class:`ChargeMoveEnded` is
   emitted (Hammer of Wrath hooks it, HOW-1). A Militia unit that is Falling Back and is charged is destroyed; a
   Militia unit already locked in combat and charged by another unit takes a Morale check at once (Legacies:
   Imperialis Militia p.5).

**Disordered Charges** (p.182): :func:`disorder_cause` registers the reasons a Charge is Disordered (evaluated at
the declaration, before the roll and at the end of the move, so a status gained mid-charge counts: STU-11);
:func:`mark_disordered` adds one from outside (Hold the Line); :func:`disordered` lists them. Here: a Charge at
more than one unit (``charge.multiple_targets_disordered``). A Disordered Charge loses Furious Charge, Rage,
Rampage and Sudden Strike, and (``charge.disordered_loses_charge_attack``) the +1 Attack for charging
(:mod:`strategium.engine.assault.fight`).

**Difficult Terrain and Initiative** (p.222): chargers whose Charge Move crossed Difficult or Dangerous Terrain,
or who charged a unit standing in it, fight at ``charge.difficult_terrain_initiative`` unless a model of the
unit carries frag grenades (wargear or a weapon named "Frag Grenades", Liber p.143; krak grenades do not
count). :func:`terrain_exemption` registers targets that
give no penalty: Pinned units here (p.244), Stupefied units in :mod:`strategium.rules.seed.stupefied_assault` (STU-10).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from strategium.army.army import Model, Unit
from strategium.catalogue.citations import Reason
from strategium.combat.sources import configured, core
from strategium.engine.assault.charge_reach import reach_needed
from strategium.engine.core import registries
from strategium.engine.core.actions import Action, Verdict
from strategium.engine.core.board import AssaultTrack, ChargeRecord, ChargeStage, Location, Placement, Pose, UnitStatus
from strategium.engine.core.decisions import Decision, DecisionKind
from strategium.engine.core.effects import EffectKind
from strategium.engine.core.events import Event, Ruling
from strategium.engine.core.handlers import handles
from strategium.engine.core.hooks import on_step
from strategium.engine.core.timing import Phase, PlayerId, SubPhase
from strategium.engine.core.watchers import Fact
from strategium.engine.morale.leadership import status_in_force
from strategium.engine.movement.common import not_slowed, overlaps_area, swept
from strategium.engine.questions.choices import BattleChoice
from strategium.engine.questions.combat_lock import disengage as disengage
from strategium.engine.questions.combat_lock import engage as engage
from strategium.engine.questions.combat_lock import engaged_with as engaged_with
from strategium.engine.questions.combat_lock import is_locked as is_locked
from strategium.engine.questions.queries import Query, ask
from strategium.engine.table.placement import footprint, placed_unit
from strategium.geometry.measure import Footprint, distance, min_distance, more_than, within
from strategium.geometry.pieces import PlacedUnit
from strategium.model.unit_types import UnitType

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

CHARGES = "Charges"
CHARGE_PAGE = 181
DISORDERED = "Disordered Charges"
DISORDERED_PAGE = 182
TERRAIN_PAGE = 222


# -- actions and events ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DeclareCharge(Action):
    """Declare a Charge with ``unit_id`` against the enemy unit(s) ``targets``."""

    unit_id: str
    targets: tuple[str, ...]

    def text(self) -> str:
        return f"P{self.player} {self.unit_id} charges {', '.join(self.targets)}"


@dataclass(frozen=True)
class ChargeMove(Action):
    """The Charge Move (or, after a failed Charge Distance roll, the Surge Move): every living model of the unit
    and of its joined characters to its pose in ``positions`` (inches)."""

    unit_id: str
    positions: Placement

    def text(self) -> str:
        where = ", ".join(f"{m}@{p}" for m, p in self.positions)
        return f"P{self.player} {self.unit_id} charge move: {where}"


@dataclass(frozen=True)
class ChargeDeclared(Event):
    """A Charge was declared, before any roll (the window for the charged units' Reactions)."""

    player: PlayerId
    unit_id: str
    unit_name: str
    targets: tuple[str, ...]
    target_names: tuple[str, ...]
    why: tuple[Reason, ...] = ()

    def text(self) -> str:
        return f"P{self.player} {self.unit_name} declares a Charge at {', '.join(self.target_names)}"

    @property
    def reasons(self) -> tuple[Reason, ...]:
        return self.why


@dataclass(frozen=True)
class ChargeRolled(Event):
    """The Charge Distance was rolled: ``distance`` inches against ``needed`` (the closest distance)."""

    unit_name: str
    distance: int
    needed: float
    success: bool
    why: tuple[Reason, ...] = ()

    def text(self) -> str:
        verdict = "the Charge reaches" if self.success else "the Charge fails"
        needed = f'{self.needed:.2f}"' if math.isfinite(self.needed) else "no clear path"
        return f'{self.unit_name}: Charge Distance {self.distance}" against {needed} needed: {verdict}'

    @property
    def reasons(self) -> tuple[Reason, ...]:
        return self.why


@dataclass(frozen=True)
class ChargeMoveEnded(Event):
    """A Charge Move (``surge`` False) or Surge Move ended; ``contacted`` are the target units now locked with it."""

    player: PlayerId
    unit_id: str
    unit_name: str
    surge: bool
    contacted: tuple[str, ...]
    why: tuple[Reason, ...] = ()

    def text(self) -> str:
        if self.surge:
            return f"{self.unit_name} makes its Surge Move"
        locked = ", ".join(self.contacted) or "nothing"
        return f"{self.unit_name} makes its Charge Move: locked in combat with {locked}"

    @property
    def reasons(self) -> tuple[Reason, ...]:
        return self.why


# -- the Assault phase's records ---------------------------------------------------------------------------


def track(game: Game) -> AssaultTrack:
    """The Assault records, this Player Turn's (Charges, combats fought and scores are forgotten each turn;
    who is locked in combat with whom is kept)."""
    t = game.state.assault
    turn = game.state.clock.turn_index
    if t.turn_index != turn:
        t.turn_index, t.charges, t.current, t.fought, t.scores = turn, {}, None, [], {}
    return t


def charge_of(game: Game, unit_id: str) -> ChargeRecord | None:
    """The unit's Charge this turn (a joined character's: its unit's), or None."""
    host = game.state.units[unit_id].joined_to or unit_id
    return track(game).charges.get(host)


def party(game: Game, unit_id: str) -> list[Unit]:
    """The unit and the Independent Characters joined to it."""
    return [game.state.unit(unit_id), *game.state.characters_joined_to(unit_id)]


def living(game: Game, unit_id: str) -> list[tuple[str, Model]]:
    """(unit id, model) of every model of the unit and its joined characters on the table."""
    out: list[tuple[str, Model]] = []
    for u in party(game, unit_id):
        poses = game.state.units[u.id].poses
        out.extend((u.id, m) for m in u.models if m.id in poses)
    return out


def feet(game: Game, unit_id: str) -> list[tuple[str, Model, Footprint]]:
    """(unit id, model, footprint) of every model of the unit and its joined characters on the table (a new list).

    Kept by unit: the answer is given again while the party is the same units and each one's poses are the same
    dict at the same version (:class:`~strategium.engine.core.tracked.TrackedDict`: any change to it stamps a new one),
    so an unmoved unit is not measured again after other units have moved; the units and dicts are held and
    compared by identity (a dict of another state or battle is another object)."""
    members = party(game, unit_id)
    statuses = game.state.units
    marks: list[tuple[Unit, dict[str, Pose], int]] = []
    for u in members:
        poses = statuses[u.id].poses
        version: int | None = getattr(poses, "version", None)
        if version is None:  # not tracked: measured afresh
            return _feet(members, statuses)
        marks.append((u, poses, version))
    kept = _FEET.get(unit_id)
    if (
        kept is not None
        and len(kept[0]) == len(marks)
        and all(a[0] is b[0] and a[1] is b[1] and a[2] == b[2] for a, b in zip(kept[0], marks, strict=True))
    ):
        return list(kept[1])
    found = _feet(members, statuses)
    _FEET[unit_id] = (tuple(marks), tuple(found))
    return found


_FEET: dict[str, tuple[tuple[tuple[Unit, dict[str, Pose], int], ...], tuple[tuple[str, Model, Footprint], ...]]] = {}
"""By unit id: the (unit, poses dict, its version) of each member of the party and the answer of :func:`feet`."""


def _feet(members: list[Unit], statuses: Mapping[str, UnitStatus]) -> list[tuple[str, Model, Footprint]]:
    """:func:`feet` of the party ``members`` measured afresh."""
    out: list[tuple[str, Model, Footprint]] = []
    for u in members:
        poses = statuses[u.id].poses
        out += [(u.id, m, footprint(m, poses[m.id])) for m in u.models if m.id in poses]
    return out


# -- Charge Distance bonuses, Disordered Charges and the Difficult Terrain exemptions ----------------------------------

DisorderCause = Callable[["Game", ChargeRecord, bool], Reason | None]
"""(game, the Charge, whether it is being declared right now) -> why the Charge is Disordered, or None."""
_CAUSES: list[DisorderCause] = []

TerrainExemption = Callable[["Game", str], Reason | None]
"""(game, a charged unit) -> why chargers take no Initiative penalty for Difficult Terrain against it, or None."""
_TERRAIN_EXEMPTIONS: list[TerrainExemption] = []


ChargeBonus = Callable[["Game", str, list[Model]], tuple[int, Reason] | None]
"""(game, the charging unit, its models on the table) -> what a rule adds to the Charge Distance and why, or None."""
_CHARGE_BONUSES: list[ChargeBonus] = []


def charge_distance_bonus(fn: ChargeBonus) -> ChargeBonus:
    """Decorator: register a rule that adds to the Charge Distance (after the Movement band; Fleet (X))."""
    _CHARGE_BONUSES.append(fn)
    registries.changed()
    return fn


def disorder_cause(fn: DisorderCause) -> DisorderCause:
    """Decorator: register a reason a Charge is Disordered (p.182)."""
    _CAUSES.append(fn)
    registries.changed()
    return fn


def terrain_exemption(fn: TerrainExemption) -> TerrainExemption:
    """Decorator: register a reason chargers get no Difficult Terrain Initiative penalty against a unit."""
    _TERRAIN_EXEMPTIONS.append(fn)
    registries.changed()
    return fn


def mark_disordered(game: Game, record: ChargeRecord, why: Reason) -> None:
    """The Charge is Disordered for ``why`` (logged once per reason)."""
    if any(r.text == why.text for r in record.disordered):
        return
    record.disordered.append(why)
    game.log(Ruling(f"{game.state.unit(record.unit_id).name}'s Charge is Disordered", (why,)))


def refresh_disordered(game: Game, record: ChargeRecord, declaring: bool = False) -> None:
    """Ask every registered cause whether the Charge is (now) Disordered."""
    for cause in _CAUSES:
        why = cause(game, record, declaring)
        if why is not None:
            mark_disordered(game, record, why)


def disordered(game: Game, unit_id: str) -> tuple[Reason, ...]:
    """Why the unit's Charge this turn is Disordered (empty: it is not, or it did not charge)."""
    record = charge_of(game, unit_id)
    return tuple(record.disordered) if record is not None else ()


def no_terrain_penalty(game: Game, target_id: str) -> Reason | None:
    """Why chargers of ``target_id`` take no Difficult Terrain Initiative penalty, or None."""
    return next((r for fn in _TERRAIN_EXEMPTIONS if (r := fn(game, target_id)) is not None), None)


@disorder_cause
def _several_targets(game: Game, record: ChargeRecord, declaring: bool) -> Reason | None:
    config = game.state.config
    if len(record.targets) > 1 and config.charge.multiple_targets_disordered:
        return configured(config, "charge.multiple_targets_disordered", "a Charge at more than one unit")
    return None


@terrain_exemption
def _pinned_target(game: Game, target_id: str) -> Reason | None:
    if status_in_force(game, target_id, EffectKind.PINNED):
        return Reason.of("Pinning", "chargers of a Pinned unit take no Difficult Terrain Initiative penalty")
    return None


# -- declaring ------------------------------------------------------------------------------------------------


def no(*reasons: Reason) -> Verdict:
    """An illegal verdict."""
    return Verdict(False, tuple(reasons))


def _step_problem(game: Game, player: PlayerId) -> Reason | None:
    s = game.state
    c = s.clock
    if c.phase is not Phase.ASSAULT or c.sub_phase is not SubPhase.CHARGE:
        return core(CHARGES, f"Charges are declared in the Charge sub-phase (now: {c})", CHARGE_PAGE)
    if c.active_player != player:
        return core(CHARGES, "only the active player declares Charges", CHARGE_PAGE)
    pending = s.pending
    if pending is None or pending.kind is not DecisionKind.ACT or isinstance(pending, BattleChoice):
        return core(CHARGES, "a choice is pending")
    return None


def _charge_in_progress(game: Game) -> ChargeRecord | None:
    t = track(game)
    record = t.charges.get(t.current) if t.current is not None else None
    return record if record is not None and record.stage is not ChargeStage.DONE else None


def _target_problem(game: Game, player: PlayerId, unit_id: str, target_id: str) -> Reason | None:
    s = game.state
    status = s.units.get(target_id)
    if status is None:
        return core(CHARGES, f"there is no unit {target_id!r}")
    if status.player == player:
        return core(CHARGES, "a Charge targets enemy units", CHARGE_PAGE)
    if status.joined_to is not None:
        return Reason.of("Independent Character", "charge the unit the character has joined")
    if status.location is not Location.TABLE or not status.poses:
        return core(CHARGES, f"{target_id} is {status.location.value}")
    config = s.config
    gap = min_distance([f for _, _, f in feet(game, unit_id)], [f for _, _, f in feet(game, target_id)])
    if more_than(gap, config.charge.max_distance):
        text = f'{target_id} is {gap:.2f}" away, more than {config.charge.max_distance:g}"'
        return configured(config, "charge.max_distance", text)
    if config.charge.requires_line_of_sight:
        from strategium.engine.attacks.damage import sight_map

        mine = placed_unit(s.unit(unit_id), s.units[unit_id])
        theirs = [placed_unit(u, s.units[u.id]) for u in party(game, target_id)]
        target = PlacedUnit(target_id, status.player, tuple(pm for p in theirs for pm in p.models))
        if not sight_map(s.battlefield).unit_sees(mine, target):
            return configured(config, "charge.requires_line_of_sight", f"no model of {unit_id} can see {target_id}")
    return None


def check_declare(game: Game, action: DeclareCharge) -> Verdict:
    """Whether ``action`` is a legal Charge declaration now (every refusal cites its rule)."""
    s = game.state
    problem = _step_problem(game, action.player)
    if problem is not None:
        return no(problem)
    if _charge_in_progress(game) is not None:
        return no(core(CHARGES, "finish the Charge in progress first (one unit at a time)", CHARGE_PAGE))
    if action.unit_id not in s.units or s.owner(action.unit_id) != action.player:
        return no(core(CHARGES, "charge with one of your own units"))
    answer = ask(game, Query.MAY_CHARGE, action.unit_id)
    if not answer:
        return no(*answer.reasons)
    if not action.targets or len(set(action.targets)) != len(action.targets):
        return no(core(CHARGES, "name each target unit once", CHARGE_PAGE))
    problems = [p for t in action.targets if (p := _target_problem(game, action.player, action.unit_id, t))]
    if problems:
        return no(*problems)
    return Verdict(True, answer.reasons)


def act_again(game: Game) -> None:
    """The active player acts in the current step again (after a Charge has been dealt with)."""
    c = game.state.clock
    game.state.pending = Decision(c.active_player, DecisionKind.ACT, str(c))


def apply_declare(game: Game, action: DeclareCharge) -> None:
    """Declare the Charge, emit :class:`ChargeDeclared`, then roll unless a Reaction is pending."""
    s = game.state
    verdict = game.handler_verdict(action)  # kept from the check apply has just made
    t = track(game)
    record = ChargeRecord(action.unit_id, action.targets, s.clock.turn_index)
    t.charges[action.unit_id] = record
    t.current = action.unit_id
    for u in party(game, action.unit_id):
        s.facts.note(u.id, Fact.CHARGED)
    names = tuple(s.unit(x).name for x in action.targets)
    why = (*verdict.reasons, core(CHARGES, "one unit at a time; Reactions come before the roll", CHARGE_PAGE))
    before = s.pending
    game.emit(ChargeDeclared(action.player, action.unit_id, s.unit(action.unit_id).name, action.targets, names, why))
    refresh_disordered(game, record, declaring=True)
    if s.pending is before:
        continue_charge(game)


def continue_charge(game: Game) -> None:
    """Go on with the declared Charge after its Reactions: the Charge Distance roll."""
    record = _charge_in_progress(game)
    if record is None or record.stage is not ChargeStage.DECLARED:
        return
    roll_charge(game, record)


# -- the Charge Distance ----------------------------------------------------------------------------------------


def _closest_target_model(game: Game, fp: Footprint, targets: tuple[str, ...]) -> Footprint:
    return min((f for t in targets for _, _, f in feet(game, t)), key=lambda f: distance(fp, f))


def _terrain_crossed(game: Game, paths: list[tuple[Footprint, Footprint]]) -> list[str]:
    pieces = [t for t in game.state.battlefield.terrain if t.is_difficult or t.is_dangerous]
    names: list[str] = []
    for before, after in paths:
        path = swept(before, after)
        names.extend(
            t.name for t in pieces if overlaps_area(path, t.footprint) or overlaps_area(after.polygon(), t.footprint)
        )
    return sorted(set(names))


def _not_slowed(game: Game, models: list[Model]) -> Reason | None:
    if models and all(m.profile.unit_type.unit_type is UnitType.CAVALRY for m in models):
        return core("Cavalry Unit Type", "Cavalry are not slowed by Difficult Terrain, even when charging", 195)
    return not_slowed(game, models, True)  # the rules' (Move Through Cover)


def movement_bonus(game: Game, unit_id: str) -> tuple[int, Reason | None]:
    """The Charge Distance bonus of the ``charge.movement_bonus`` band for the unit's lowest Movement."""
    config = game.state.config
    values = [getattr(m.profile.characteristics, "m", None) for _, m in living(game, unit_id)]
    movement = min((v for v in values if isinstance(v, int)), default=0)
    bands = [b for b in config.charge.movement_bonus if b.min_movement <= movement]
    if not bands:
        return 0, None
    bonus = bands[-1].bonus
    return bonus, configured(config, "charge.movement_bonus", f"Movement {movement}: {bonus:+d} to the Charge Distance")


def roll_charge(game: Game, record: ChargeRecord) -> None:
    """Roll the Charge Distance, then wait for the Charge Move or Surge Move (see the module docstring)."""
    s = game.state
    config = s.config
    uid = record.unit_id
    refresh_disordered(game, record)
    name = s.unit(uid).name
    if status_in_force(game, uid, EffectKind.PINNED):
        game.log(Ruling(f"{name} became Pinned during its Charge", (Reason.of("Pinning", "the Charge fails"),)))
        finish(game, record)
        return
    broken = charge_broken(game, uid)
    if broken is not None:
        game.log(Ruling(f"{name} makes no Charge Move", (broken,)))
        finish(game, record)
        return
    mine = feet(game, uid)
    models = [m for _, m, _ in mine]
    why: list[Reason] = [core(CHARGES, "2D6 plus modifiers", CHARGE_PAGE)]
    paths = [(f, _closest_target_model(game, f, record.targets)) for _, _, f in mine]
    crossed = _terrain_crossed(game, paths)
    slowed = bool(crossed) and config.charge.difficult_terrain_rule != "no_effect"
    if crossed and (exempt := _not_slowed(game, models)) is not None:
        why.append(exempt)
        slowed = False
    if slowed and config.charge.difficult_terrain_rule == "3d6_drop_highest":
        roll = game.logged(
            s.dice.roll(3, 6, reason="Charge Distance (Difficult Terrain)", who=uid, keep="lowest", keep_count=2)
        )
        text = f"through {', '.join(crossed)}: 3D6, the highest dropped"
        why.append(configured(config, "charge.difficult_terrain_rule", text))
    else:
        roll = game.logged(s.dice.two_d6("Charge Distance", who=uid))
    total = roll.total
    bonus, bonus_why = movement_bonus(game, uid)
    if bonus_why is not None:
        total += bonus
        why.append(bonus_why)
    for fn in _CHARGE_BONUSES:
        if (added := fn(game, uid, models)) is not None:
            total += added[0]
            why.append(added[1])
    if slowed and config.charge.difficult_terrain_rule == "flat_penalty":
        penalty = config.charge.difficult_terrain_penalty
        total -= penalty
        text = f'through {", ".join(crossed)}: -{penalty}" to the Charge Distance'
        why.append(configured(config, "charge.difficult_terrain_penalty", text))
    total = max(0, total)
    needed, path_why = reach_needed(game, mine, [f for t in record.targets for _, _, f in feet(game, t)])
    if path_why is not None:
        why.append(path_why)
    success = within(needed, total)
    record.distance = total
    game.log(ChargeRolled(name, total, needed, success, tuple(why)))
    if success:
        record.stage = ChargeStage.CHARGE_MOVE
        prompt = f'make the Charge Move of {name} (each model up to {total}")'
    elif config.charge.surge_move == "half_roll_rounded_up":
        record.stage = ChargeStage.SURGE_MOVE
        prompt = f'make the Surge Move of {name} (each model up to {surge_distance(record)}")'
    else:
        game.log(Ruling(f"{name} makes no Surge Move", (configured(config, "charge.surge_move", "no move"),)))
        finish(game, record)
        return
    s.pending = Decision(s.owner(uid), DecisionKind.ACT, prompt, reason=core(CHARGES, prompt, CHARGE_PAGE))


def charge_broken(game: Game, unit_id: str) -> Reason | None:
    """Why the unit's declared Charge can go no further (no roll, no Charge Move, no Surge Move), or None: it Fell
    Back meanwhile (Overwatch casualties and a failed Morale check, any cause): a Falling Back unit makes no Charge
    Move that turn (CORE_B §6.3, ``charge.falling_back_may_charge``); or it is no longer on the table."""
    s = game.state
    if s.units[unit_id].location is not Location.TABLE or not living(game, unit_id):
        return core(CHARGES, "the charging unit is no longer on the table: the Charge ends")
    if game.effects_on(unit_id, EffectKind.FALLING_BACK) and not s.config.charge.falling_back_may_charge:
        text = "the charging unit Fell Back during its Charge: it makes no Charge Move, the Charge fails"
        return configured(s.config, "charge.falling_back_may_charge", text)
    return None


def surge_distance(record: ChargeRecord) -> int:
    """Half the rolled Charge Distance, rounded up (``charge.surge_move``)."""
    return math.ceil((record.distance or 0) / 2)


def finish(game: Game, record: ChargeRecord) -> None:
    """The Charge is over; the active player acts again."""
    record.stage = ChargeStage.DONE
    track(game).current = None
    act_again(game)


@on_step(Phase.ASSAULT, SubPhase.FIGHT)
def _unfinished(game: Game) -> None:
    """A Charge whose move was never made fails where the unit stands."""
    t = track(game)
    record = t.charges.get(t.current) if t.current is not None else None
    if record is not None and record.stage is not ChargeStage.DONE:
        record.stage, t.current = ChargeStage.DONE, None
        name = game.state.unit(record.unit_id).name
        game.log(Ruling(f"{name} made no Charge Move: its Charge fails", (core(CHARGES, "the move was not made"),)))


handles(DeclareCharge, check_declare, apply_declare)
