"""Where a Falling Back unit's models end (CORE_B §6; :func:`strategium.engine.morale.checks.fall_back` moves them).

Each model advances straight toward its own edge in steps of :data:`FALL_BACK_STEP` and stops before the first step
that would overlap another model, stand in Impassable terrain or a Building, or leave the table. The obstacles are
boxed once (:func:`obstacles_of`) and each model tests exactly only those near its path
(:mod:`strategium.engine.table.broad_phase`), so the result equals the step-by-step exact test.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np
from shapely.geometry.base import BaseGeometry

from strategium.army.army import Model
from strategium.engine.attacks import damage
from strategium.engine.core.board import Location, Pose
from strategium.engine.table import broad_phase, table_checks
from strategium.engine.table.placement import footprint
from strategium.geometry.measure import Footprint
from strategium.geometry.table import Table

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

FALL_BACK_STEP = 0.1
"""Inches: a Falling Back model advances in steps this long and stops before the first that would overlap a model
or stand in Impassable terrain or a Building (its move is blocked there) or leave the table."""


def shifted(pose: Pose, direction: tuple[float, float], inches: float) -> Pose:
    """``pose`` moved by ``inches`` times ``direction`` (a unit vector; the heading kept)."""
    return Pose(pose.x + direction[0] * inches, pose.y + direction[1] * inches, pose.heading)


@dataclass(frozen=True)
class Obstacles:
    """What stops a Falling Back model: the other units' models (boxed for a broad phase), the union of
    Impassable terrain and Buildings (``walls``, with the boxes of its parts) and the table's box."""

    others: broad_phase.Boxed
    walls: BaseGeometry | None
    wall_boxes: tuple[broad_phase.Box, ...]
    table: broad_phase.Box


def obstacles_of(game: Game, unit_id: str, near: broad_phase.Box | None = None) -> Obstacles:
    """The obstacles of a Fall Back of ``unit_id``; with ``near``, only the other models whose boxes meet that box
    (``Boxed.near``: a box holding every model's path, :func:`paths_box`, leaves out only models no path's box
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
    return Obstacles(boxed, walls, _wall_boxes(walls), (0.0, 0.0, t.width, t.depth))


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


def paths_box(
    game: Game, alive: list[tuple[str, Model]], direction: tuple[float, float], inches: float
) -> broad_phase.Box | None:
    """The box holding the box of every model's path (``inches`` along ``direction``, as :func:`fall_back_poses`
    and :func:`blocked_before_edge` box it: the same sums), or None with no model."""
    s = game.state
    boxes = []
    for uid, m in alive:
        start = s.units[uid].poses[m.id]
        first = footprint(m, start).outer_bounds
        end = shifted(start, direction, inches)
        boxes.append(broad_phase.hull(first, broad_phase.shifted(first, end.x - start.x, end.y - start.y)))
    if not boxes:
        return None
    return broad_phase.span(boxes)


def _hits_walls(fp: Footprint, box: broad_phase.Box, obstacles: Obstacles) -> bool:
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
    obstacles: Obstacles,
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


def fall_back_poses(
    game: Game,
    unit_id: str,
    alive: list[tuple[str, Model]],
    direction: tuple[float, float],
    inches: float,
    obstacles: Obstacles | None = None,
) -> dict[tuple[str, str], Pose]:
    """Where each model ends: as far as ``inches`` toward the edge as it can go without overlapping another
    model, standing in Impassable terrain or a Building, or leaving the table (models nearest the edge first).

    Each model advances in steps of ``FALL_BACK_STEP``; the obstacles are boxed once and each model tests only
    those near its path (:mod:`strategium.engine.table.broad_phase`), so the result equals the step-by-step exact test.
    ``obstacles``: :func:`obstacles_of` of the state now, if already made.
    """
    s = game.state
    obstacles = obstacles or obstacles_of(game, unit_id)
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
        end = shifted(start, direction, inches)
        path = broad_phase.hull(first, broad_phase.shifted(first, end.x - start.x, end.y - start.y))
        near = obstacles.others.near(path)
        # every step's box lies within the path's: a placed model whose box misses the path's meets none of them
        blockers = [*((o, b) for _, o, b in near.items), *((o, b) for o, b in placed if broad_phase.meet(b, path))]
        steps = int(inches / FALL_BACK_STEP)
        last = max(steps, 0)  # the last step the model may take: a clear step passes _free without an exact test
        if not blockers and _path_clear(path, obstacles):
            unclear: list[int] = []  # every step is clear (its box within the path's)
        else:
            meets, clear = step_meets(start, first, direction, inches, steps, [b for _, b in blockers], obstacles)
            unclear = (np.flatnonzero(~clear) + 1).tolist()
        for k in unclear:
            pose = shifted(start, direction, min(inches, k * FALL_BACK_STEP))
            box = broad_phase.shifted(first, pose.x - start.x, pose.y - start.y)
            if not _free(game, m, pose, box, [blockers[j] for j in np.flatnonzero(meets[k - 1])], obstacles):
                last = k - 1
                break
        best = shifted(start, direction, min(inches, last * FALL_BACK_STEP)) if last else start
        out[(uid, m.id)] = best
        fp = footprint(m, best)
        placed.append((fp, fp.outer_bounds))
    return out


def _path_clear(path: broad_phase.Box, obstacles: Obstacles) -> bool:
    """The box ``path`` lies within the table's and meets no wall's: then so does every box within it, each step
    of a Fall Back along it is clear of the table's edge and the walls (as :func:`step_meets` would find)."""
    if not broad_phase.inside(path, obstacles.table):
        return False
    return not any(broad_phase.meet(path, b) for b in obstacles.wall_boxes)


def step_meets(
    start: Pose,
    first: broad_phase.Box,
    direction: tuple[float, float],
    inches: float,
    steps: int,
    boxes: list[broad_phase.Box],
    obstacles: Obstacles,
) -> tuple[np.ndarray, np.ndarray]:
    """For the model's box after each step of a Fall Back (``first`` shifted as :func:`fall_back_poses` shifts
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


def leaves_table(
    game: Game, model: Model, start: Pose, direction: tuple[float, float], inches: float, obstacles: Obstacles
) -> bool:
    """The model's footprint, moved ``inches`` along ``direction`` from ``start``, does not stand wholly on the
    table. Its box (the box at ``start`` moved as far) lying within the table's less a margin answers False
    without the exact test (the footprint is then strictly inside, as :func:`blocked_before_edge` takes it)."""
    end = shifted(start, direction, inches)
    box = broad_phase.shifted(footprint(model, start).outer_bounds, end.x - start.x, end.y - start.y)
    if broad_phase.inside(box, _shrunk(obstacles.table)):
        return False
    return not game.state.battlefield.table.polygon().contains(footprint(model, end).polygon())


def blocked_before_edge(
    game: Game,
    unit_id: str,
    alive: list[tuple[str, Model]],
    direction: tuple[float, float],
    inches: float,
    obstacles: Obstacles | None = None,
) -> bool:
    """True if every model that would leave the table is stopped by a model or terrain first (``obstacles``: as
    for :func:`fall_back_poses`)."""
    s = game.state
    obstacles = obstacles or obstacles_of(game, unit_id)
    table = s.battlefield.table.polygon()
    inner = _shrunk(obstacles.table)
    for uid, m in alive:
        start = s.units[uid].poses[m.id]
        if table.contains(footprint(m, shifted(start, direction, inches)).polygon()):
            continue
        first = footprint(m, start).outer_bounds
        end = shifted(start, direction, inches)
        near = obstacles.others.near(
            broad_phase.hull(first, broad_phase.shifted(first, end.x - start.x, end.y - start.y))
        )
        k = 1
        while k * FALL_BACK_STEP <= inches:
            pose = shifted(start, direction, k * FALL_BACK_STEP)
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
