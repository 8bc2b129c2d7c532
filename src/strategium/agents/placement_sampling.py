"""Turning legal regions into placements of a whole unit (used by the random and the heuristic player).

A region here is a shapely geometry of **centre positions** for one model (as :mod:`strategium.geometry.regions`
computes them). A unit is placed as a compact formation: the points of a square grid (spacing: the widest model's
base plus :data:`GAP`) that lie inside the region, grown outward from an anchor point one grid neighbour at a time,
so the models stand in one connected group, each within coherency of its neighbours. Every placement made here
is still checked by the engine before it is used; these functions only propose.

All lengths are inches; headings are degrees (anticlockwise from +x).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import numpy as np
import shapely
from shapely.geometry import LineString, Point, Polygon, box
from shapely.geometry.base import BaseGeometry

from strategium.army.army import Model
from strategium.engine.board import Location, Placement, Pose
from strategium.engine.placement import footprint
from strategium.engine.state import GameState
from strategium.engine.timing import PlayerId
from strategium.geometry.measure import Footprint
from strategium.geometry.table import Edge

GAP = 0.05
"""Inches left between neighbouring bases of a formation (touching is legal; the gap absorbs rounding)."""

CLEARANCE = 0.02
"""Inches kept clear of other models, terrain and region edges."""


def circumradius(model: Model, heading: float = 0.0) -> float:
    """The radius of the smallest circle about the model's centre that holds its base or hull (inches)."""
    fp = footprint(model, Pose(0.0, 0.0, heading))
    if fp.is_round:
        return fp.radius
    coords = np.asarray(fp.polygon().exterior.coords)
    return float(np.max(np.hypot(coords[:, 0], coords[:, 1])))


def probe(models: Sequence[Model], heading: float = 0.0) -> Footprint:
    """A round stand-in for every model of ``models``: a circle as wide as the widest of them (a centre where
    the probe fits is a centre where each of them fits)."""
    r = max((circumradius(m, heading) for m in models), default=0.5)
    return Footprint(Point(0.0, 0.0), r)


def occupied(state: GameState, exclude: set[str], grow_by: float) -> BaseGeometry:
    """The footprints of every model on the table outside the units ``exclude``, grown by ``grow_by`` inches
    (the centres a model of that radius may not take)."""
    parts = []
    for uid, status in state.units.items():
        if uid in exclude or status.location is not Location.TABLE:
            continue
        models = {m.id: m for m in state.unit(uid).models}
        for mid, pose in status.poses.items():
            fp = footprint(models[mid], pose)
            if fp.is_round:
                parts.append(fp.core.buffer(fp.radius + grow_by, quad_segs=4))
            else:
                parts.append(fp.core.buffer(grow_by, quad_segs=4))
    if not parts:
        return Polygon()
    out: BaseGeometry = shapely.union_all(np.array(parts, dtype=object))
    return out


def enemy_zone(state: GameState, player: PlayerId, inches: float) -> BaseGeometry:
    """Everything within ``inches`` of an enemy model on the table (a polygon approximation, a little larger)."""
    parts = []
    for uid, status in state.units.items():
        if status.player == player or status.location is not Location.TABLE:
            continue
        models = {m.id: m for m in state.unit(uid).models}
        for mid, pose in status.poses.items():
            fp = footprint(models[mid], pose)
            parts.append(fp.core.buffer(fp.radius + inches + CLEARANCE, quad_segs=4))
    if not parts:
        return Polygon()
    out: BaseGeometry = shapely.union_all(np.array(parts, dtype=object))
    return out


def edge_strip(state: GameState, edge: Edge, depth: float) -> BaseGeometry:
    """The table within ``depth`` inches of a battlefield edge (centres, already shrunk by nothing)."""
    t = state.battlefield.table
    if depth <= 0:
        return Polygon()
    strips = {
        Edge.SOUTH: box(0.0, 0.0, t.width, depth),
        Edge.NORTH: box(0.0, t.depth - depth, t.width, t.depth),
        Edge.WEST: box(0.0, 0.0, depth, t.depth),
        Edge.EAST: box(t.width - depth, 0.0, t.width, t.depth),
    }
    return strips[edge]


def formation(
    region: BaseGeometry, count: int, spacing: float, anchor: tuple[float, float], link: float | None = None
) -> list[tuple[float, float]] | None:
    """``count`` centres inside ``region`` on a grid of ``spacing`` inches through ``anchor``, grown outward from
    the grid point nearest the anchor, each new point within ``link`` (default: a diagonal step) of one already
    taken. None when the region cannot hold them (or holds no connected group of that size near the anchor)."""
    if region.is_empty or count < 1:
        return None
    minx, miny, maxx, maxy = region.bounds
    ax, ay = anchor
    side = spacing * (math.isqrt(count) + 3)
    lo_x, hi_x = max(minx, ax - side * 2), min(maxx, ax + side * 2)
    lo_y, hi_y = max(miny, ay - side * 2), min(maxy, ay + side * 2)
    if lo_x > hi_x or lo_y > hi_y:
        lo_x, lo_y, hi_x, hi_y = minx, miny, maxx, maxy
    xs = ax + spacing * np.arange(math.floor((lo_x - ax) / spacing), math.ceil((hi_x - ax) / spacing) + 1)
    ys = ay + spacing * np.arange(math.floor((lo_y - ay) / spacing), math.ceil((hi_y - ay) / spacing) + 1)
    gx, gy = np.meshgrid(xs, ys)
    px, py = gx.ravel(), gy.ravel()
    inside = shapely.contains_xy(region, px, py)
    pts = np.column_stack([px[inside], py[inside]])
    if len(pts) < count:
        return None
    order = np.lexsort((pts[:, 0], pts[:, 1], np.hypot(pts[:, 0] - ax, pts[:, 1] - ay)))
    pts = pts[order]
    reach = link if link is not None else spacing * 1.5
    taken = [0]
    free = np.ones(len(pts), dtype=bool)
    free[0] = False
    near = np.zeros(len(pts), dtype=bool)
    near |= np.hypot(pts[:, 0] - pts[0, 0], pts[:, 1] - pts[0, 1]) <= reach
    while len(taken) < count:
        candidates = np.nonzero(free & near)[0]
        if len(candidates) == 0:
            return None
        k = int(candidates[0])  # nearest to the anchor among the reachable ones
        taken.append(k)
        free[k] = False
        near |= np.hypot(pts[:, 0] - pts[k, 0], pts[:, 1] - pts[k, 1]) <= reach
    return [(float(pts[i, 0]), float(pts[i, 1])) for i in taken]


def spacing_for(models: Sequence[Model], heading: float = 0.0) -> float:
    """Grid spacing for a formation of ``models``: the widest model's width plus :data:`GAP`."""
    return 2 * probe(models, heading).radius + GAP


def assign(
    models: Sequence[Model], centres: Sequence[tuple[float, float]], heading: float, toward: tuple[float, float]
) -> Placement:
    """Model id → pose: the first model (usually the leader) at the centre nearest ``toward``... in order of
    distance to ``toward``; every model at ``heading``."""
    ranked = sorted(centres, key=lambda c: (math.hypot(c[0] - toward[0], c[1] - toward[1]), c[1], c[0]))
    return tuple((m.id, Pose(round(x, 4), round(y, 4), heading)) for m, (x, y) in zip(models, ranked, strict=False))


def translated(poses: Mapping[str, Pose], dx: float, dy: float) -> Placement:
    """Every model moved by (dx, dy) inches, headings kept (a straight move of the whole formation)."""
    return tuple((mid, Pose(round(p.x + dx, 4), round(p.y + dy, 4), p.heading)) for mid, p in poses.items())


def centroid(poses: Mapping[str, Pose]) -> tuple[float, float]:
    """The mean of the models' centres."""
    n = max(len(poses), 1)
    return (sum(p.x for p in poses.values()) / n, sum(p.y for p in poses.values()) / n)


def heading_to(src: tuple[float, float], dst: tuple[float, float]) -> float:
    """Degrees from ``src`` toward ``dst`` (0 = +x, anticlockwise), rounded to a whole degree."""
    return float(round(math.degrees(math.atan2(dst[1] - src[1], dst[0] - src[0]))) % 360)


def nearest_point(region: BaseGeometry, target: tuple[float, float]) -> tuple[float, float] | None:
    """The point of ``region`` nearest ``target`` (pulled a little inside), or None for an empty region."""
    if region.is_empty:
        return None
    p = Point(target)
    if region.contains(p):
        return target
    q = shapely.ops.nearest_points(region, p)[0]
    inner = LineString([(q.x, q.y), region.representative_point().coords[0]]).interpolate(CLEARANCE * 5)
    return (float(inner.x), float(inner.y))


def sample_point(region: BaseGeometry, rng: np.random.Generator, tries: int = 64) -> tuple[float, float] | None:
    """A point drawn uniformly from ``region`` (rejection sampling in its bounds), or None after ``tries``."""
    if region.is_empty or region.area <= 0:
        return None
    minx, miny, maxx, maxy = region.bounds
    xs = rng.uniform(minx, maxx, tries)
    ys = rng.uniform(miny, maxy, tries)
    inside = np.nonzero(shapely.contains_xy(region, xs, ys))[0]
    if len(inside) == 0:
        return None
    i = int(inside[0])
    return (float(xs[i]), float(ys[i]))


_STATIC: dict[tuple[int, float], tuple[BaseGeometry, BaseGeometry, BaseGeometry]] = {}


def _static(state: GameState, radius: float) -> tuple[BaseGeometry, BaseGeometry, BaseGeometry]:
    """(centres allowed by the table and terrain, walls, Difficult Terrain) for a round probe; cached per
    battlefield and radius (the battlefield never changes)."""
    from strategium.geometry.regions import on_table_region, standing_forbidden

    bf = state.battlefield
    key = (id(bf), round(radius, 3))
    found = _STATIC.get(key)
    if found is None:
        probe = Footprint(Point(0.0, 0.0), radius)
        allowed = on_table_region(bf, probe).difference(standing_forbidden(bf, probe))
        walls = [t.footprint for t in bf.terrain if t.is_impassable] + [b.footprint for b in bf.buildings]
        difficult = [t.footprint for t in bf.terrain if t.is_difficult]
        found = (
            allowed,
            shapely.union_all(np.array(walls or [Polygon()], dtype=object)),
            shapely.union_all(np.array(difficult or [Polygon()], dtype=object)),
        )
        for g in found:
            shapely.prepare(g)
        _STATIC[key] = found
    return found


class MoveFilter:
    """A quick screen for straight moves of a formation, so that few proposals reach the engine's full check:
    every new centre must be on the table, off Impassable terrain and Buildings, clear of other models and more
    than ``keep_away`` inches from enemy models; no model's straight path may cross Impassable terrain, a Building
    or another model; a path through Difficult Terrain may be ``penalty`` inches shorter. Other models count as
    circles as wide as they are (conservative for hulls and oval bases). Built once per decision for one party
    (``moving``) of ``player``; the engine still checks whatever passes."""

    def __init__(
        self,
        state: GameState,
        player: PlayerId,
        moving: set[str],
        radius: float,
        keep_away: float,
        penalty: float = 0.0,
    ) -> None:
        self.radius = radius
        self.penalty = penalty
        self.keep_away = keep_away
        self.allowed, self.walls, self.difficult = _static(state, radius)
        xs, ys, rs, foe = [], [], [], []
        for uid, status in state.units.items():
            if uid in moving or status.location is not Location.TABLE:
                continue
            models = {m.id: m for m in state.unit(uid).models}
            for mid, pose in status.poses.items():
                xs.append(pose.x)
                ys.append(pose.y)
                rs.append(circumradius(models[mid], pose.heading))
                foe.append(status.player != player)
        self.ox, self.oy, self.orad = np.array(xs), np.array(ys), np.array(rs)
        self.foe = np.array(foe, dtype=bool)

    def plausible(self, before: Mapping[str, Pose], after: Placement, reach: float) -> bool:
        """Whether moving the models from ``before`` to ``after`` passes the screen (``reach``: the allowance)."""
        ax = np.array([p.x for _, p in after])
        ay = np.array([p.y for _, p in after])
        if not bool(np.all(shapely.contains_xy(self.allowed, ax, ay))):
            return False
        bx = np.array([before[mid].x for mid, _ in after])
        by = np.array([before[mid].y for mid, _ in after])
        if len(self.ox):
            d_end = np.hypot(ax[:, None] - self.ox[None, :], ay[:, None] - self.oy[None, :])
            need = (
                self.orad[None, :] + self.radius + np.where(self.foe, self.keep_away + CLEARANCE, -CLEARANCE)[None, :]
            )
            if bool(np.any(d_end < need)):
                return False
            d_path = _segment_distance(bx, by, ax, ay, self.ox, self.oy)
            if bool(np.any(d_path < self.orad[None, :] + self.radius - CLEARANCE)):
                return False
        lines = shapely.linestrings(np.stack([np.column_stack([bx, by]), np.column_stack([ax, ay])], axis=1))
        paths = shapely.buffer(lines, self.radius * 0.98, quad_segs=2)
        if bool(np.any(shapely.intersects(paths, self.walls))):
            return False
        if self.penalty > 0 and not self.difficult.is_empty:
            lengths = np.hypot(ax - bx, ay - by)
            slowed = shapely.intersects(paths, self.difficult)
            if bool(np.any(slowed & (lengths > reach - self.penalty))):
                return False
        return True


def _segment_distance(
    bx: np.ndarray, by: np.ndarray, ax: np.ndarray, ay: np.ndarray, px: np.ndarray, py: np.ndarray
) -> np.ndarray:
    """Distances (moving models x points) from each segment (b -> a) to each point."""
    dx, dy = (ax - bx)[:, None], (ay - by)[:, None]
    length2 = dx * dx + dy * dy
    t = ((px[None, :] - bx[:, None]) * dx + (py[None, :] - by[:, None]) * dy) / np.where(length2 > 0, length2, 1.0)
    t = np.clip(t, 0.0, 1.0)
    cx, cy = bx[:, None] + t * dx, by[:, None] + t * dy
    out: np.ndarray = np.hypot(px[None, :] - cx, py[None, :] - cy)
    return out
