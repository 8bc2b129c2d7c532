"""Proposals the engine would surely refuse, found cheaply so that a player need not ask (the random player draws
again, as it would after a refusal: the same draws, the same battle).

Each test is *sound*: it says True only where every path of the engine's check ends in a refusal (a test may miss
refusals; then the engine is asked). All lengths are inches.

- a Shooting Attack with every weapon out of range (:func:`strategium.agents.options.out_of_range`);
- a Move or Run that puts a model's centre off the table or strictly inside Impassable terrain or a Building
  (:func:`surely_off_ground`): a footprint holds its centre, so the standing-room test
  (:func:`strategium.engine.table.table_checks.standing_room`) fails;
- a Move or Run in which a round-based model's straight path crosses the round base of a model of another unit
  that it did not overlap at the start (:func:`surely_through`): the path the engine sweeps (the convex hull of
  the two footprints' polygons, vertices on the circle: :func:`strategium.engine.movement.common.swept`) holds
  every point within ``r cos(pi / 64)`` of the centre's segment, so the engine's test of models in the way fails.

Every check of a Move or Run either refuses early or makes both tests for every model it moves, and a placement
that names other models than those moving is refused (``movement_common.positions_problem``).
"""

from __future__ import annotations

import math

import numpy as np
import shapely

from strategium.agents import options as opt
from strategium.agents.move_screen import segment_distance
from strategium.engine.core.actions import Action
from strategium.engine.core.board import Location, Placement
from strategium.engine.core.game import Game
from strategium.engine.core.state import GameState
from strategium.engine.movement.common import party
from strategium.engine.movement.move import Move, Run
from strategium.engine.shooting.declare import Shoot
from strategium.engine.table.placement import footprint
from strategium.geometry.measure import DRAW_QUAD_SEGS, EPSILON

MARGIN = 1e-3
"""Inches by which every test here stays clear of the engine's boundary (rounding never decides a refusal)."""

INSCRIBED = math.cos(math.pi / (4 * DRAW_QUAD_SEGS))
"""The share of a round base's radius that its drawn polygon holds all round (cos(pi / 64))."""


def surely_refused(game: Game, action: Action) -> bool:
    """Whether the engine would surely refuse ``action`` (see the module docstring); False when it may not."""
    if isinstance(action, Shoot):
        return opt.out_of_range(game, action.unit_id, action.target_id)
    if isinstance(action, Move | Run):
        return surely_off_ground(game.state, action.positions) or surely_through(game.state, action)
    return False


def surely_off_ground(state: GameState, where: Placement) -> bool:
    """Whether some model of ``where`` surely may not stand where it is put: its centre more than :data:`MARGIN`
    off the table, or strictly inside Impassable terrain or a Building. False does not mean it may."""
    if not where:
        return False
    t = state.battlefield.table
    xs = np.array([p.x for _, p in where], dtype=float)
    ys = np.array([p.y for _, p in where], dtype=float)
    if bool(np.any((xs < -MARGIN) | (ys < -MARGIN) | (xs > t.width + MARGIN) | (ys > t.depth + MARGIN))):
        return True
    lo_x, lo_y, hi_x, hi_y = float(xs.min()), float(ys.min()), float(xs.max()), float(ys.max())
    for piece, (minx, miny, maxx, maxy) in state.battlefield.standing_blockers:
        if lo_x > maxx or hi_x < minx or lo_y > maxy or hi_y < miny:
            continue
        if bool(np.any(shapely.contains_xy(piece, xs, ys))):
            return True
    return False


def surely_through(state: GameState, action: Move | Run) -> bool:
    """Whether some round-based model of the moving units surely moves through the round base of a model of
    another unit: its centre's path passes within (its radius x :data:`INSCRIBED` + the other's radius -
    ``EPSILON`` - :data:`MARGIN`) of the other's centre, and it does not start overlapping it (centres at least
    the two radii - ``EPSILON`` + :data:`MARGIN` apart). False does not mean the path is clear."""
    status = state.units.get(action.unit_id)
    if status is None:
        return False
    units = [state.unit(action.unit_id)] if status.joined_to is not None else party(state, action.unit_id)
    moving = {u.id for u in units}
    where = dict(action.positions)
    bx: list[float] = []
    by: list[float] = []
    ax: list[float] = []
    ay: list[float] = []
    radii: list[float] = []
    for u in units:
        poses = state.units[u.id].poses
        for m in u.models:
            before, after = poses.get(m.id), where.get(m.id)
            if before is None or after is None:
                continue
            fp = footprint(m, before)
            if not fp.is_round or fp.radius <= 0:
                continue
            bx.append(before.x)
            by.append(before.y)
            ax.append(after.x)
            ay.append(after.y)
            radii.append(fp.radius)
    if not radii:
        return False
    ox, oy, orad, owner = state.cached(("agents.refusals.round_models",), lambda: _round_models(state))
    keep = np.array([u not in moving for u in owner], dtype=bool)
    if not bool(keep.any()):
        return False
    ox, oy, orad = ox[keep], oy[keep], orad[keep]
    b_x, b_y, r = np.array(bx), np.array(by), np.array(radii)
    apart = np.hypot(b_x[:, None] - ox[None, :], b_y[:, None] - oy[None, :]) >= (
        r[:, None] + orad[None, :] - EPSILON + MARGIN
    )
    path = segment_distance(b_x, b_y, np.array(ax), np.array(ay), ox, oy)
    crosses = path < r[:, None] * INSCRIBED + orad[None, :] - EPSILON - MARGIN
    return bool(np.any(apart & crosses))


def _round_models(state: GameState) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[str]]:
    """(x, y, radius, unit id) of every round-based model on the table."""
    xs, ys, rs, units = [], [], [], []
    for uid, status in state.units.items():
        if status.location is not Location.TABLE:
            continue
        models = {m.id: m for m in state.unit(uid).models}
        for mid, pose in status.poses.items():
            fp = footprint(models[mid], pose)
            if fp.is_round and fp.radius > 0:
                xs.append(pose.x)
                ys.append(pose.y)
                rs.append(fp.radius)
                units.append(uid)
    return np.array(xs, dtype=float), np.array(ys, dtype=float), np.array(rs, dtype=float), units


__all__ = ["INSCRIBED", "MARGIN", "surely_off_ground", "surely_refused", "surely_through"]
