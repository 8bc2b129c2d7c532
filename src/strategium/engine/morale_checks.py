"""The tests a Shooting Attack causes, Morale checks, Fall Back and Regroup (CORE_B §1.10, §6).

After each Shooting Attack is resolved (and any choice about it answered, e.g. STU-1), the target unit takes:

- a **Pinning test** if it suffered an unsaved Wound from a Pinning weapon (p.244; Shell Shock (X) takes X off its
  Leadership, p.246), through :func:`strategium.engine.morale.pinning_test`;
- a **Blind** test if a Blind weapon hit it (p.236): an Initiative test, a D6 at most the unit's highest
  Initiative (7th-edition mechanic, CORE_B §6.1); failing makes it Blind (WS1, BS1) until the end of its
  controller's next turn. Models without Initiative (vehicles) are immune;
- a **Concussive (X)** Leadership test if it suffered a Wound, saved or not (p.236): failing costs X Weapon Skill
  until the end of the turn (the following Assault phase is the last phase of this Player Turn);
- a **Morale check** once its losses to shooting this phase reach ``shooting.morale_casualty_fraction`` of the
  models it had at the start of the phase (``shooting.morale_casualty_base``). HH2's timing was not read: 7th
  edition took the check at the end of the phase; here it is taken as soon as the attack that reaches the share
  is resolved, at most once per unit per phase (the same checks, in a different order of rolls).

Blind and Concussive tests are taken right after the attack instead of at the end of the phase (the same test;
the status applies a little earlier, to the rest of the phase's attacks).

A failed Morale check makes the unit **Fall Back** (:func:`fall_back`): 2D6 inches (3D6 if every model is
Cavalry) straight toward its own battlefield edge (the edge of its deployment zone; terrain and other models are
not avoided yet). A unit whose model would leave the table is destroyed (``morale.fall_back_off_table_destroyed``).
Falling Back is a forced move: ``game.trigger(unit, EndTrigger.FORCED_TO_MOVE)`` ends Pinned and Stupefied
(STU-9). At the start of its controller's Movement phase a Falling Back unit tests to **Regroup** (p.193): a
Leadership test; passing ends Falling Back, failing makes it Fall Back again; a Militia unit below half its
starting models cannot Regroup (Legacies: Imperialis Militia p.5).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np
from shapely.geometry import Point
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points, unary_union

from strategium.army.army import Model
from strategium.combat.sources import configured, core
from strategium.engine import broad_phase, damage, table_checks
from strategium.engine.board import Location, Pose
from strategium.engine.citations import Reason
from strategium.engine.effects import Duration, EffectKind, EndTrigger
from strategium.engine.events import EffectEnded, Event, Ruling, StepStarted
from strategium.engine.hooks import on_step
from strategium.engine.morale import is_fearless, leadership_test, pinning_test, status_in_force
from strategium.engine.placement import footprint
from strategium.engine.profiles_now import Modifier, current, effect_modifier_source
from strategium.engine.queries import Block, Query, ask, blocker
from strategium.engine.timing import Phase, SubPhase
from strategium.geometry.measure import Footprint
from strategium.geometry.table import Edge, Table
from strategium.model.unit_types import SubType, UnitType
from strategium.rules.definitions import Book
from strategium.rules.registry import RuleRef, find_rule

if TYPE_CHECKING:
    from strategium.engine.game import Game
    from strategium.engine.shooting import ShootingAttackResolved

MORALE = "Morale checks"
FALL_BACK = "Fall Back"
REGROUP_PAGE = 193


@dataclass(frozen=True)
class MoraleCheckTaken(Event):
    """A unit took a Morale check (``why`` says what caused it) and passed or failed it."""

    unit_id: str
    unit_name: str
    cause: str
    passed: bool
    why: tuple[Reason, ...] = ()

    def text(self) -> str:
        return f"{self.unit_name}: Morale check ({self.cause}) {'passed' if self.passed else 'failed'}"

    @property
    def reasons(self) -> tuple[Reason, ...]:
        return self.why


@dataclass(frozen=True)
class FellBack(Event):
    """A unit Fell Back ``inches`` toward its own edge (``destroyed``: it left the table)."""

    unit_id: str
    unit_name: str
    inches: int
    destroyed: bool
    why: tuple[Reason, ...] = ()

    def text(self) -> str:
        end = ": it leaves the battlefield and is destroyed" if self.destroyed else ""
        return f'{self.unit_name} Falls Back {self.inches}" toward its own edge{end}'

    @property
    def reasons(self) -> tuple[Reason, ...]:
        return self.why


# -- who takes Morale checks ----------------------------------------------------------------------------------


@blocker(Query.TAKES_MORALE_CHECKS)
def _vehicles_and_fortifications(game: Game, unit_id: str) -> Block | None:
    models = [m for _, m in damage.living(game, unit_id)] or list(game.state.unit(unit_id).models)
    if all(m.profile.has_armour_values or m.profile.unit_type.unit_type is UnitType.FORTIFICATION for m in models):
        return Block("no-leadership", core(MORALE, "Vehicles and Fortifications take no Morale checks"))
    return None


def morale_check(game: Game, unit_id: str, cause: str) -> bool:
    """A Morale check (a Leadership test, CORE_B §6.1); Fearless passes (p.238); a failure makes the unit Fall
    Back. Returns True if it passed or was not taken."""
    unit = game.state.unit(unit_id)
    answer = ask(game, Query.TAKES_MORALE_CHECKS, unit_id)
    if not answer:
        game.log(Ruling(f"{unit.name} takes no Morale check ({cause})", answer.reasons))
        return True
    if is_fearless(game, unit_id):
        why = (Reason.of("Fearless", "passes Morale checks automatically"),)
        game.log(MoraleCheckTaken(unit_id, unit.name, cause, True, why))
        return True
    passed = leadership_test(game, unit_id, f"Morale check ({cause})")
    game.log(MoraleCheckTaken(unit_id, unit.name, cause, passed, (core(MORALE, f"2D6 against Leadership: {cause}"),)))
    if not passed:
        fall_back(game, unit_id, core(MORALE, "a unit that fails a Morale check Falls Back"))
    return passed


# -- after a Shooting Attack ------------------------------------------------------------------------------------


def _phase_events(game: Game) -> list[Event]:
    """The events of the current phase (since its StepStarted)."""
    events = game.state.events
    c = game.state.clock
    for i in range(len(events) - 1, -1, -1):
        e = events[i]
        if isinstance(e, StepStarted) and e.clock.turn_index == c.turn_index and e.clock.phase is c.phase:
            return events[i + 1 :]
    return []


def shooting_losses(game: Game, unit_id: str) -> tuple[int, int]:
    """(models lost to shooting this phase, models the share is taken of) for ``unit_id``."""
    from strategium.engine.shooting import ShootingAttackResolved

    lost = sum(
        e.casualties
        for e in _phase_events(game)
        if isinstance(e, ShootingAttackResolved) and e.target_id == unit_id and e.morale
    )
    if game.state.config.shooting.morale_casualty_base == "game_start":
        base = sum(len(game.state.unit(uid).models) for uid in damage.members(game, unit_id))
    else:
        base = len(damage.living(game, unit_id)) + lost
    return lost, base


def after_attack(game: Game, event: ShootingAttackResolved) -> None:
    """The tests a resolved Shooting Attack causes its target (see the module docstring)."""
    uid = event.target_id
    if game.state.units[uid].location is not Location.TABLE:
        return
    if event.pinning is not None and not damage.is_vehicle_target(game, uid):
        pinning_test(game, uid, f"Pinning weapon of {event.unit_name}", event.pinning)
    if event.blind:
        blind_test(game, uid)
    if event.concussive is not None:
        concussive_test(game, uid, event.concussive)
    if not event.morale or game.state.units[uid].location is not Location.TABLE:
        return
    lost, base = shooting_losses(game, uid)
    config = game.state.config
    share = config.shooting.morale_casualty_fraction
    if lost == 0 or lost < share * base:
        return
    if any(isinstance(e, MoraleCheckTaken) and e.unit_id == uid and e.cause == SHOOTING for e in _phase_events(game)):
        return
    game.log(
        Ruling(
            f"{game.state.unit(uid).name} lost {lost} of {base} models to shooting this phase",
            (configured(config, "shooting.morale_casualty_fraction", f"a Morale check at {share:.0%} losses"),),
        )
    )
    morale_check(game, uid, SHOOTING)


SHOOTING = "casualties from shooting"


def blind_test(game: Game, unit_id: str) -> bool:
    """The Blind test (p.236): D6 at most the highest Initiative passes; failing makes the unit Blind until the
    end of its controller's next turn. Returns True if it is not Blinded."""
    unit = game.state.unit(unit_id)
    initiative = [getattr(current(game, unit_id, m), "i", None) for _, m in damage.living(game, unit_id)]
    values = [i for i in initiative if i is not None]
    if not values:
        game.log(Ruling(f"{unit.name} has no Initiative: not Blinded", (Reason.of("Blind", "immune"),)))
        return True
    roll = game.logged(game.state.dice.d6("Initiative test (Blind)", who=unit_id))
    passed = bool(roll.total <= max(values))
    why = Reason.of("Blind", f"Initiative test {roll.total} against I{max(values)}: {'passed' if passed else 'failed'}")
    game.log(Ruling(f"{unit.name}: Blind test", (why,)))
    if not passed:
        game.add_effect(EffectKind.BLIND, unit_id, Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN, why)
    return passed


def concussive_test(game: Game, unit_id: str, x: int) -> bool:
    """The Concussive (X) test (p.236): a Leadership test; failing costs X Weapon Skill until the end of the turn.
    Only one Concussed effect applies (the largest X). Returns True if it passed."""
    if leadership_test(game, unit_id, f"Concussive ({x}) test"):
        return True
    rule = find_rule(f"Concussive ({x})")
    game.add_effect(
        EffectKind.CONCUSSED,
        unit_id,
        Duration.UNTIL_END_OF_TURN,
        Reason.of("Concussive", f"failed the test: -{x} WS until the end of the following Assault phase"),
        rule=rule if isinstance(rule, RuleRef) else None,
    )
    return False


@effect_modifier_source(EffectKind.CONCUSSED, on_unit=True)
def _concussed(game: Game, unit_id: str, model: Model) -> list[Modifier]:
    if not status_in_force(game, unit_id, EffectKind.CONCUSSED):
        return []
    x = max((e.rule.value or 1) if e.rule is not None else 1 for e in game.effects_on(unit_id, EffectKind.CONCUSSED))
    return [Modifier("ws", Reason.of("Concussive", f"Concussed: -{x} WS"), add=-x)]


# -- Fall Back and Regroup -----------------------------------------------------------------------------------


def _own_edge(game: Game, player: int) -> BaseGeometry:
    table, deployment = game.state.battlefield.table, game.state.battlefield.deployment
    edges = deployment.zone(player).edges if deployment is not None else table.long_edges()[player - 1 : player]
    return _edges_union(table, tuple(edges))


@lru_cache(maxsize=8)
def _edges_union(table: Table, edges: tuple[Edge, ...]) -> BaseGeometry:
    """The union of the table's ``edges`` (made once per table size and edges: immutable values and geometry)."""
    return unary_union([table.edge_line(e) for e in edges])


def fall_back(game: Game, unit_id: str, why: Reason) -> None:
    """The unit (with its joined characters) Falls Back: 2D6 inches, 3D6 if every model is Cavalry, straight
    toward its own battlefield edge; it is forced to move (ends Pinned and Stupefied) and is Falling Back until
    it Regroups. Leaving the table destroys it (``morale.fall_back_off_table_destroyed``)."""
    s = game.state
    unit = s.unit(unit_id)
    alive = damage.living(game, unit_id)
    cavalry = bool(alive) and all(m.profile.unit_type.counts_as(UnitType.CAVALRY) for _, m in alive)
    roll = game.logged(s.dice.roll(3 if cavalry else 2, 6, reason="Fall Back distance", who=unit_id))
    reasons = [why, core(FALL_BACK, f'{"3D6 (Cavalry)" if cavalry else "2D6"}: {roll.total}" toward its own edge')]
    xs = [s.units[uid].poses[m.id].x for uid, m in alive]
    ys = [s.units[uid].poses[m.id].y for uid, m in alive]
    centre = Point(sum(xs) / len(xs), sum(ys) / len(ys)) if alive else Point(0, 0)
    edge = nearest_points(centre, _own_edge(game, s.owner(unit_id)))[1]
    dx, dy = edge.x - centre.x, edge.y - centre.y
    norm = math.hypot(dx, dy) or 1.0
    direction = (dx / norm, dy / norm)
    # nothing moves until the poses are found: one set for both, of the models near some model's path
    obstacles = _obstacles(game, unit_id, _paths_box(game, alive, direction, roll.total))
    reaches_edge = any(
        _leaves_table(game, m, s.units[uid].poses[m.id], direction, roll.total, obstacles) for uid, m in alive
    )
    off = reaches_edge and not _blocked_before_edge(game, unit_id, alive, direction, roll.total, obstacles)
    destroyed = off and s.config.morale.fall_back_off_table_destroyed
    if off:
        reasons.append(
            configured(s.config, "morale.fall_back_off_table_destroyed", "a unit Falling Back off the table")
        )
    moved = _fall_back_poses(game, unit_id, alive, direction, roll.total, obstacles)
    for uid in damage.members(game, unit_id):
        game.trigger(uid, EndTrigger.FORCED_TO_MOVE)
    if destroyed:
        for uid in damage.members(game, unit_id):
            damage.destroy_unit(game, uid)
    else:
        for (uid, mid), pose in moved.items():
            s.units[uid].poses[mid] = pose
        if not game.effects_on(unit_id, EffectKind.FALLING_BACK):
            game.add_effect(EffectKind.FALLING_BACK, unit_id, Duration.PERMANENT, core(FALL_BACK, "until it Regroups"))
    game.log(FellBack(unit_id, unit.name, roll.total, destroyed, tuple(reasons)))


FALL_BACK_STEP = 0.1
"""Inches: a Falling Back model advances in steps this long and stops before the first that would overlap a model
or stand in Impassable terrain or a Building (its move is blocked there) or leave the table."""


def _shifted(pose: Pose, direction: tuple[float, float], inches: float) -> Pose:
    return Pose(pose.x + direction[0] * inches, pose.y + direction[1] * inches, pose.heading)


@dataclass(frozen=True)
class _Obstacles:
    """What stops a Falling Back model: the other units' models (boxed for a broad phase), the union of
    Impassable terrain and Buildings (``walls``, with the boxes of its parts) and the table's box."""

    others: broad_phase.Boxed
    walls: BaseGeometry | None
    wall_boxes: tuple[broad_phase.Box, ...]
    table: broad_phase.Box


def _obstacles(game: Game, unit_id: str, near: broad_phase.Box | None = None) -> _Obstacles:
    """The obstacles of a Fall Back of ``unit_id``; with ``near``, only the other models whose boxes meet that box
    (``Boxed.near``: a box holding every model's path, :func:`_paths_box`, leaves out only models no path's box
    meets, which each model's own broad phase would leave out)."""
    s = game.state
    moving = set(damage.members(game, unit_id))
    others = [
        (m.id, footprint(m, status.poses[m.id]))
        for status in s.units.values()
        if status.location is Location.TABLE and status.unit_id not in moving
        for m in s.unit(status.unit_id).models
        if m.id in status.poses
    ]
    walls = s.battlefield.impassable()
    t = s.battlefield.table
    # each footprint's outer bounds are its box (``broad_phase.box_of``: the same sums), kept on the footprint
    boxed = broad_phase.Boxed(tuple((mid, fp, fp.outer_bounds) for mid, fp in others))
    if near is not None:
        boxed = boxed.near(near)
    return _Obstacles(boxed, walls, _wall_boxes(walls), (0.0, 0.0, t.width, t.depth))


_WALLS_KEPT: list[tuple[BaseGeometry, tuple[broad_phase.Box, ...]]] = []
"""The last walls :func:`_wall_boxes` boxed and their boxes (one entry, replaced; the geometry held)."""


def _wall_boxes(walls: BaseGeometry | None) -> tuple[broad_phase.Box, ...]:
    """``broad_phase.parts_of(walls)``, kept for the last walls asked about (a battlefield's union of Impassable
    pieces and Buildings is made once: the same immutable geometry is asked about again, found by identity)."""
    if walls is None:
        return ()
    kept = _WALLS_KEPT[0] if _WALLS_KEPT else None
    if kept is not None and kept[0] is walls:
        return kept[1]
    boxes = broad_phase.parts_of(walls)
    _WALLS_KEPT[:] = [(walls, boxes)]
    return boxes


def _paths_box(
    game: Game, alive: list[tuple[str, Model]], direction: tuple[float, float], inches: float
) -> broad_phase.Box | None:
    """The box holding the box of every model's path (``inches`` along ``direction``, as :func:`_fall_back_poses`
    and :func:`_blocked_before_edge` box it: the same sums), or None with no model."""
    s = game.state
    boxes = []
    for uid, m in alive:
        start = s.units[uid].poses[m.id]
        first = footprint(m, start).outer_bounds
        end = _shifted(start, direction, inches)
        boxes.append(broad_phase.hull(first, broad_phase.shifted(first, end.x - start.x, end.y - start.y)))
    if not boxes:
        return None
    return broad_phase.span(boxes)


def _hits_walls(fp: Footprint, box: broad_phase.Box, obstacles: _Obstacles) -> bool:
    """The footprint stands in Impassable terrain or a Building (exact test only where a wall's box is near)."""
    if obstacles.walls is None or not any(broad_phase.meet(box, b) for b in obstacles.wall_boxes):
        return False
    return float(fp.polygon().intersection(obstacles.walls).area) > 1e-9


def _free(
    game: Game,
    model: Model,
    pose: Pose,
    box: broad_phase.Box,
    blockers: list[tuple[Footprint, broad_phase.Box]],
    obstacles: _Obstacles,
) -> bool:
    """The model at ``pose`` (its footprint's box is ``box``) stands on the table, off the walls, overlapping
    none of ``blockers`` (the other models, and those already placed, that may meet it there). The footprint is made
    only if an exact test is needed."""
    fp: Footprint | None = None
    if not broad_phase.inside(box, obstacles.table):
        fp = footprint(model, pose)
        if not _on_table(game, fp):
            return False
    if obstacles.walls is not None and any(broad_phase.meet(box, b) for b in obstacles.wall_boxes):
        fp = fp or footprint(model, pose)
        if float(fp.polygon().intersection(obstacles.walls).area) > 1e-9:
            return False
    for o, b in blockers:
        if broad_phase.meet(b, box):
            fp = fp or footprint(model, pose)
            if table_checks.overlaps(fp, o):
                return False
    return True


def _on_table(game: Game, fp: Footprint) -> bool:
    """The footprint stands wholly on the table."""
    return bool(_table_grown(game.state.battlefield.table).contains(fp.polygon()))


@lru_cache(maxsize=8)
def _table_grown(table: Table) -> BaseGeometry:
    """The table's rectangle grown by 1e-9 inch (made once per table size: the table is an immutable value)."""
    grown: BaseGeometry = table.polygon().buffer(1e-9)
    return grown


def _fall_back_poses(
    game: Game,
    unit_id: str,
    alive: list[tuple[str, Model]],
    direction: tuple[float, float],
    inches: float,
    obstacles: _Obstacles | None = None,
) -> dict[tuple[str, str], Pose]:
    """Where each model ends: as far as ``inches`` toward the edge as it can go without overlapping another
    model, standing in Impassable terrain or a Building, or leaving the table (models nearest the edge first).

    Each model advances in steps of ``FALL_BACK_STEP``; the obstacles are boxed once and each model tests only
    those near its path (:mod:`strategium.engine.broad_phase`), so the result equals the step-by-step exact test.
    ``obstacles``: :func:`_obstacles` of the state now, if already made.
    """
    s = game.state
    obstacles = obstacles or _obstacles(game, unit_id)
    order = sorted(
        alive,
        key=lambda um: (
            -(s.units[um[0]].poses[um[1].id].x * direction[0] + s.units[um[0]].poses[um[1].id].y * direction[1])
        ),
    )
    placed: list[tuple[Footprint, broad_phase.Box]] = []
    out: dict[tuple[str, str], Pose] = {}
    for uid, m in order:
        start = s.units[uid].poses[m.id]
        first = footprint(m, start).outer_bounds
        end = _shifted(start, direction, inches)
        path = broad_phase.hull(first, broad_phase.shifted(first, end.x - start.x, end.y - start.y))
        near = obstacles.others.near(path)
        # every step's box lies within the path's: a placed model whose box misses the path's meets none of them
        blockers = [*((o, b) for _, o, b in near.items), *((o, b) for o, b in placed if broad_phase.meet(b, path))]
        steps = int(inches / FALL_BACK_STEP)
        last = max(steps, 0)  # the last step the model may take: a clear step passes _free without an exact test
        if not blockers and _path_clear(path, obstacles):
            unclear: list[int] = []  # every step is clear (its box within the path's)
        else:
            meets, clear = _step_meets(start, first, direction, inches, steps, [b for _, b in blockers], obstacles)
            unclear = (np.flatnonzero(~clear) + 1).tolist()
        for k in unclear:
            pose = _shifted(start, direction, min(inches, k * FALL_BACK_STEP))
            box = broad_phase.shifted(first, pose.x - start.x, pose.y - start.y)
            if not _free(game, m, pose, box, [blockers[j] for j in np.flatnonzero(meets[k - 1])], obstacles):
                last = k - 1
                break
        best = _shifted(start, direction, min(inches, last * FALL_BACK_STEP)) if last else start
        out[(uid, m.id)] = best
        fp = footprint(m, best)
        placed.append((fp, fp.outer_bounds))
    return out


def _path_clear(path: broad_phase.Box, obstacles: _Obstacles) -> bool:
    """The box ``path`` lies within the table's and meets no wall's: then so does every box within it, each step
    of a Fall Back along it is clear of the table's edge and the walls (as :func:`_step_meets` would find)."""
    if not broad_phase.inside(path, obstacles.table):
        return False
    return not any(broad_phase.meet(path, b) for b in obstacles.wall_boxes)


def _step_meets(
    start: Pose,
    first: broad_phase.Box,
    direction: tuple[float, float],
    inches: float,
    steps: int,
    boxes: list[broad_phase.Box],
    obstacles: _Obstacles,
) -> tuple[np.ndarray, np.ndarray]:
    """For the model's box after each step of a Fall Back (``first`` shifted as :func:`_fall_back_poses` shifts
    it): (steps, len(boxes)) booleans, whether it meets each box as ``broad_phase.meet(box, step box)`` answers;
    and (steps,) booleans, whether :func:`_free` passes the step without an exact test (the box inside the table's,
    meeting no wall's and none of ``boxes``). The same float operations as the scalar tests, for every step at once."""
    done = np.minimum(inches, np.arange(1, max(steps, 0) + 1) * FALL_BACK_STEP)
    dx = (start.x + direction[0] * done) - start.x
    dy = (start.y + direction[1] * done) - start.y
    x0, y0, x1, y1 = first[0] + dx, first[1] + dy, first[2] + dx, first[3] + dy
    m = broad_phase.MARGIN
    t = obstacles.table
    clear = (x0 >= t[0]) & (y0 >= t[1]) & (x1 <= t[2]) & (y1 <= t[3])
    if obstacles.walls is not None and obstacles.wall_boxes:  # broad_phase.meet(step box, w) for every wall box w
        w = np.array(obstacles.wall_boxes, dtype=float)
        walled = (
            (x0[:, None] <= w[:, 2] + m)
            & (w[:, 0] <= x1[:, None] + m)
            & (y0[:, None] <= w[:, 3] + m)
            & (w[:, 1] <= y1[:, None] + m)
        )
        clear &= ~walled.any(axis=1)
    if not boxes:
        return np.zeros((len(done), 0), dtype=bool), clear
    b = np.array(boxes, dtype=float)
    x0, y0, x1, y1 = x0[:, None], y0[:, None], x1[:, None], y1[:, None]
    met: np.ndarray = (b[:, 0] <= x1 + m) & (x0 <= b[:, 2] + m) & (b[:, 1] <= y1 + m) & (y0 <= b[:, 3] + m)
    return met, clear & ~met.any(axis=1)


def _leaves_table(
    game: Game, model: Model, start: Pose, direction: tuple[float, float], inches: float, obstacles: _Obstacles
) -> bool:
    """The model's footprint, moved ``inches`` along ``direction`` from ``start``, does not stand wholly on the
    table. Its box (the box at ``start`` moved as far) lying within the table's less a margin answers False
    without the exact test (the footprint is then strictly inside, as :func:`_blocked_before_edge` takes it)."""
    end = _shifted(start, direction, inches)
    box = broad_phase.shifted(footprint(model, start).outer_bounds, end.x - start.x, end.y - start.y)
    if broad_phase.inside(box, _shrunk(obstacles.table)):
        return False
    return not game.state.battlefield.table.polygon().contains(footprint(model, end).polygon())


def _blocked_before_edge(
    game: Game,
    unit_id: str,
    alive: list[tuple[str, Model]],
    direction: tuple[float, float],
    inches: float,
    obstacles: _Obstacles | None = None,
) -> bool:
    """True if every model that would leave the table is stopped by a model or terrain first (``obstacles``: as
    for :func:`_fall_back_poses`)."""
    s = game.state
    obstacles = obstacles or _obstacles(game, unit_id)
    table = s.battlefield.table.polygon()
    inner = _shrunk(obstacles.table)
    for uid, m in alive:
        start = s.units[uid].poses[m.id]
        if table.contains(footprint(m, _shifted(start, direction, inches)).polygon()):
            continue
        first = footprint(m, start).outer_bounds
        end = _shifted(start, direction, inches)
        near = obstacles.others.near(
            broad_phase.hull(first, broad_phase.shifted(first, end.x - start.x, end.y - start.y))
        )
        k = 1
        while k * FALL_BACK_STEP <= inches:
            pose = _shifted(start, direction, k * FALL_BACK_STEP)
            box = broad_phase.shifted(first, pose.x - start.x, pose.y - start.y)
            met = [o for _, o, b in near.items if broad_phase.meet(b, box)]
            inside = broad_phase.inside(box, inner)
            walls = obstacles.walls is not None and any(broad_phase.meet(box, b) for b in obstacles.wall_boxes)
            if inside and not walls and not met:
                k += 1  # on the table, no wall and no model near: nothing to test exactly
                continue
            fp = footprint(m, pose)
            if not inside and not table.contains(fp.polygon()):
                return False  # this model reaches the edge unobstructed
            if _hits_walls(fp, box, obstacles) or any(table_checks.overlaps(fp, o) for o in met):
                break
            k += 1
    return True


def _shrunk(box: broad_phase.Box) -> broad_phase.Box:
    """The box less a margin on every side: a footprint whose box lies within it is strictly inside."""
    m = broad_phase.MARGIN
    return (box[0] + m, box[1] + m, box[2] - m, box[3] - m)


@on_step(Phase.MOVEMENT, SubPhase.RESERVES)
def regroup(game: Game) -> None:
    """At the start of its controller's Movement phase each Falling Back unit tests to Regroup (p.193)."""
    s = game.state
    for unit in s.units_of(s.clock.active_player, Location.TABLE):
        effects = game.effects_on(unit.id, EffectKind.FALLING_BACK)
        if not effects:
            continue
        alive = len(damage.living(game, unit.id))
        militia = any(m.profile.unit_type.has(SubType.MILITIA) for m in unit.models)
        if militia and alive * 2 < len(unit.models):
            why = Reason("Militia Sub-type", "below half strength: cannot Regroup", 5, Book.LEGACIES_MILITIA)
            game.log(Ruling(f"{unit.name} cannot Regroup", (why,)))
            fall_back(game, unit.id, why)
            continue
        if is_fearless(game, unit.id) or leadership_test(game, unit.id, "Regroup test"):
            s.effects = tuple(e for e in s.effects if e not in effects)
            s.events.extend(EffectEnded(e, unit.name, "Regrouped") for e in effects)
            game.log(Ruling(f"{unit.name} Regroups", (core("Regroup", "passed the Regroup test", REGROUP_PAGE),)))
        else:
            fall_back(game, unit.id, core("Regroup", "failed the Regroup test: Falls Back again", REGROUP_PAGE))
