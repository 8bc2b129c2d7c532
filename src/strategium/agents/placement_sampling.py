"""Turning legal regions into placements of a whole unit (used by the random and the heuristic player).

A region here is a shapely geometry of **centre positions** for one model (as :mod:`strategium.geometry.regions`
computes them). A unit is placed as a compact formation: the points of a rectangular grid that lie inside the
region, grown outward from an anchor point one grid neighbour at a time, so the models stand in one connected
group. The grid's steps come from the models' real extents as they will be placed (:func:`grid_steps`: bases and
hulls turned to the formation's heading, so that neighbours along x or y stand :data:`GAP` apart), and diagonal
grid neighbours count as linked only when their bases or hulls are within coherency (:func:`diagonal_gaps`).
Every placement made here is still checked by the engine before it is used; these functions only propose.

All lengths are inches; headings are degrees (anticlockwise from +x).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache

import numpy as np
import shapely
from shapely.affinity import translate
from shapely.geometry import LineString, Point, Polygon, box
from shapely.geometry.base import BaseGeometry

from strategium.agents.spots import Spots
from strategium.army.army import Model
from strategium.engine.core.board import Location, Placement, Pose, UnitStatus
from strategium.engine.core.state import GameState
from strategium.engine.core.timing import PlayerId
from strategium.engine.table.placement import footprint
from strategium.geometry.measure import EPSILON, Footprint, distance, object_array
from strategium.geometry.table import Edge

GAP = 0.05
"""Inches left between neighbouring bases of a formation (touching is legal; the gap absorbs rounding)."""

CLEARANCE = 0.02
"""Inches kept clear of other models, terrain and region edges."""


_RADII = "agents.circumradius"
"""The key of a model's circumradius by heading in its :attr:`Model.memo`."""


def circumradius(model: Model, heading: float = 0.0) -> float:
    """The radius of the smallest circle about the model's centre that holds its base or hull (inches); kept in
    the model's memo by heading (a model's base or hull never changes)."""
    radii: dict[float, float] | None = model.memo.get(_RADII)
    if radii is None:
        radii = model.memo[_RADII] = {}
    found = radii.get(heading)
    if found is None:
        found = radii[heading] = _circumradius(footprint(model, Pose(0.0, 0.0, heading)))
    return found


@lru_cache(maxsize=4096)
def _circumradius(fp: Footprint) -> float:
    """:func:`circumradius` of a footprint centred on the origin. Footprints are immutable and compare by
    identity (the cache holds them, so an identity is never reused while it is a key); the engine's footprint
    cache hands out one object per shape and pose."""
    if fp.is_round:
        return fp.radius
    coords = np.asarray(fp.polygon().exterior.coords)
    return float(np.max(np.hypot(coords[:, 0], coords[:, 1])))


def probe(models: Sequence[Model], heading: float = 0.0) -> Footprint:
    """A round stand-in for every model of ``models``: a circle as wide as the widest of them (a centre where
    the probe fits is a centre where each of them fits)."""
    r = max((circumradius(m, heading) for m in models), default=0.5)
    return Footprint(Point(0.0, 0.0), r)


def _footprints(state: GameState, keep: Callable[[str, UnitStatus], bool]) -> tuple[Footprint, ...]:
    """The footprints of the models on the table of the units ``keep`` accepts, in the state's order."""
    out: list[Footprint] = []
    for uid, status in state.units.items():
        if status.location is not Location.TABLE or not keep(uid, status):
            continue
        models = {m.id: m for m in state.unit(uid).models}
        out.extend(footprint(models[mid], pose) for mid, pose in status.poses.items())
    return tuple(out)


@lru_cache(maxsize=16)
def _grown_union(footprints: tuple[Footprint, ...], grow_by: float, extra: float | None) -> BaseGeometry:
    """The union of ``footprints`` grown by ``grow_by`` inches, as polygons of 4 segments a quarter circle: with
    ``extra`` None each footprint is grown from its edge (round bases: their radius + ``grow_by`` from the
    centre); else every core is grown by (radius + ``grow_by``) + ``extra``. Cached: the same footprint objects
    (immutable; held by the key, so never reused) give the same union."""
    if not footprints:
        return Polygon()
    cores = object_array([fp.core for fp in footprints])
    if extra is None:
        grow = [fp.radius + grow_by if fp.is_round else grow_by for fp in footprints]
    else:
        grow = [fp.radius + grow_by + extra for fp in footprints]
    out: BaseGeometry = shapely.union_all(shapely.buffer(cores, np.array(grow), quad_segs=4))
    return out


def occupied(
    state: GameState, exclude: set[str], grow_by: float, near: tuple[float, float, float, float] | None = None
) -> BaseGeometry:
    """The footprints of every model on the table outside the units ``exclude``, grown by ``grow_by`` inches
    (the centres a model of that radius may not take). ``near`` (minx, miny, maxx, maxy): only the models whose
    grown footprint reaches that box count (the area is then the same inside the box)."""
    found = _footprints(state, lambda uid, _: uid not in exclude)
    if near is not None:
        found = tuple(fp for fp in found if _reaches(fp, grow_by, near))
    return _grown_union(found, grow_by, None)


def _reaches(fp: Footprint, grow_by: float, box: tuple[float, float, float, float]) -> bool:
    """Whether the bounds of ``fp`` grown by ``grow_by`` inches (round bases: from their edge) meet ``box``
    (with a margin of :data:`~strategium.geometry.measure.EPSILON`)."""
    if fp.is_round:
        (minx, miny), (maxx, maxy) = fp.centre, fp.centre
    else:
        minx, miny, maxx, maxy = (float(v) for v in fp.core.bounds)
    grow = fp.radius + grow_by + EPSILON
    return minx - grow <= box[2] and maxx + grow >= box[0] and miny - grow <= box[3] and maxy + grow >= box[1]


def enemy_zone(
    state: GameState, player: PlayerId, inches: float, near: tuple[float, float, float, float] | None = None
) -> BaseGeometry:
    """Everything within ``inches`` of an enemy model on the table (a polygon approximation, a little larger).
    ``near`` (minx, miny, maxx, maxy): only the models whose grown footprint reaches that box count (the area is
    then the same inside the box)."""
    found = _footprints(state, lambda _, status: status.player != player)
    if near is not None:
        found = tuple(fp for fp in found if _reaches(fp, inches + CLEARANCE, near))
    return _grown_union(found, inches, CLEARANCE)


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
    region: BaseGeometry | Spots,
    count: int,
    spacing: float | tuple[float, float],
    anchor: tuple[float, float],
    diagonal: bool = True,
) -> list[tuple[float, float]] | None:
    """``count`` centres inside ``region`` on a grid through ``anchor`` (``spacing``: one step in inches, or the
    steps along x and y), grown outward from the grid point nearest the anchor, each new point a grid neighbour
    of one already taken (``diagonal``: whether diagonal neighbours count, else only those along x or y). None
    when the region cannot hold them (or holds no connected group of that size near the anchor). ``region`` may be
    a :class:`~strategium.agents.spots.Spots` (its test stands for the region's)."""
    if region.is_empty or count < 1:
        return None
    sx, sy = (float(spacing), float(spacing)) if isinstance(spacing, (int, float)) else spacing
    minx, miny, maxx, maxy = region.bounds
    ax, ay = anchor
    side = max(sx, sy) * (math.isqrt(count) + 3)
    lo_x, hi_x = max(minx, ax - side * 2), min(maxx, ax + side * 2)
    lo_y, hi_y = max(miny, ay - side * 2), min(maxy, ay + side * 2)
    if lo_x > hi_x or lo_y > hi_y:
        lo_x, lo_y, hi_x, hi_y = minx, miny, maxx, maxy
    ix = np.arange(math.floor((lo_x - ax) / sx), math.ceil((hi_x - ax) / sx) + 1)
    iy = np.arange(math.floor((lo_y - ay) / sy), math.ceil((hi_y - ay) / sy) + 1)
    gi, gj = (g.ravel() for g in np.meshgrid(ix, iy))
    px, py = ax + sx * gi, ay + sy * gj
    dist = np.hypot(px - ax, py - ay)
    # First the grid points within NEAR_STEPS steps of the anchor only: the growth takes the nearest reachable
    # point each time, so when it completes among them it takes what it would take among all (the others are
    # farther than every one of them); else all the points.
    close = dist <= max(sx, sy) * (math.isqrt(count) + NEAR_STEPS)
    if not close.all():
        k = np.flatnonzero(close)
        found = _grow(region, gi[k], gj[k], px[k], py[k], dist[k], count, diagonal)
        if found is not None:
            return found
    return _grow(region, gi, gj, px, py, dist, count, diagonal)


NEAR_STEPS = 1
""":func:`formation` first tries the grid points within (the square root of the count + this many) steps of the
anchor."""


def _grow(
    region: BaseGeometry | Spots,
    gi: np.ndarray,
    gj: np.ndarray,
    px: np.ndarray,
    py: np.ndarray,
    dist: np.ndarray,
    count: int,
    diagonal: bool,
) -> list[tuple[float, float]] | None:
    """:func:`formation` among the grid points (gi, gj) at (px, py), ``dist`` from the anchor."""
    inside = region.contains_xy(px, py) if isinstance(region, Spots) else shapely.contains_xy(region, px, py)
    if int(np.count_nonzero(inside)) < count:
        return None
    gi, gj, px, py, dist = gi[inside], gj[inside], px[inside], py[inside], dist[inside]
    order = np.lexsort((px, py, dist))
    gi, gj, px, py = gi[order], gj[order], px[order], py[order]

    def neighbours(k: int) -> np.ndarray:
        di, dj = np.abs(gi - gi[k]), np.abs(gj - gj[k])
        out: np.ndarray = np.maximum(di, dj) <= 1 if diagonal else di + dj <= 1
        return out

    taken = [0]
    free = np.ones(len(px), dtype=bool)
    free[0] = False
    near = neighbours(0)
    while len(taken) < count:
        candidates = np.nonzero(free & near)[0]
        if len(candidates) == 0:
            return None
        k = int(candidates[0])  # nearest to the anchor among the reachable ones
        taken.append(k)
        free[k] = False
        near |= neighbours(k)
    return [(float(px[i]), float(py[i])) for i in taken]


def _outlines(models: Sequence[Model], heading: float) -> tuple[Footprint, ...]:
    """The distinct bases and hulls of ``models`` centred on the origin at ``heading``."""
    return _distinct(tuple(footprint(m, Pose(0.0, 0.0, heading)) for m in models))


@lru_cache(maxsize=1024)
def _distinct(footprints: tuple[Footprint, ...]) -> tuple[Footprint, ...]:
    """The distinct shapes among ``footprints`` (by radius and core), in the order of that key. Cached by the
    footprint objects (immutable, held by the key)."""
    seen: dict[tuple[float, bytes], Footprint] = {}
    for fp in footprints:
        seen.setdefault((round(fp.radius, 9), shapely.to_wkb(fp.core)), fp)
    return tuple(seen[k] for k in sorted(seen))


_STEPS: dict[tuple[tuple[tuple[float, bytes], ...], float], tuple[float, float]] = {}


def _vertices(fp: Footprint) -> np.ndarray:
    """The outline's vertices (round bases: a polygon with its vertices on the circle)."""
    out: np.ndarray = np.asarray(fp.polygon().exterior.coords)[:-1]
    return out


def _ray(vertices: np.ndarray, ux: float, uy: float) -> float:
    """How far the convex polygon of ``vertices`` (about the origin, which it contains) reaches along the unit
    direction (ux, uy)."""
    best = math.inf
    n = len(vertices)
    for k in range(n):
        (x0, y0), (x1, y1) = vertices[k], vertices[(k + 1) % n]
        # the ray t*(ux, uy) meets the edge p0 + s*(p1 - p0) where t*u - s*e = p0
        ex, ey = x1 - x0, y1 - y0
        det = -ux * ey + uy * ex
        if abs(det) < 1e-12:
            continue
        t = (-x0 * ey + y0 * ex) / det
        s = (ux * y0 - uy * x0) / det
        if t > 0 and -1e-9 <= s <= 1 + 1e-9:
            best = min(best, t)
    return 0.0 if best is math.inf else float(best)


def grid_steps(models: Sequence[Model], heading: float = 0.0) -> tuple[float, float]:
    """The steps (x, y) of a formation grid for ``models`` facing ``heading`` degrees, in inches: for every pair
    of their bases or hulls (turned to ``heading``), the least offset along x (and along y) at which the two no
    longer overlap, plus :data:`GAP`; the largest over the pairs. Two models of one shape a step apart along x or y
    are then at most :data:`GAP` apart (exactly that for a hull square to the axes). A hull 5" long and 3.5" wide
    facing 90 degrees gives (3.55, 5.05)."""
    return _grid_steps(_outlines(models, heading), heading)


@lru_cache(maxsize=1024)
def _grid_steps(outlines: tuple[Footprint, ...], heading: float) -> tuple[float, float]:
    shapes = outlines or (Footprint(Point(0.0, 0.0), 0.5),)
    key = (tuple((round(fp.radius, 9), shapely.to_wkb(fp.core)) for fp in shapes), heading)
    found = _STEPS.get(key)
    if found is None:
        found = _steps([_vertices(fp) for fp in shapes])
        _STEPS[key] = found
    return found


def _steps(outlines: list[np.ndarray]) -> tuple[float, float]:
    sums = []
    for i, a in enumerate(outlines):
        for b in outlines[i:]:
            # a and b (both symmetric about their centres) overlap when b's offset lies inside a + b
            total = shapely.convex_hull(shapely.multipoints((a[:, None, :] + b[None, :, :]).reshape(-1, 2)))
            sums.append(np.asarray(total.exterior.coords)[:-1])
    steps = []
    for ux, uy in ((1.0, 0.0), (0.0, 1.0)):
        reach = 0.0
        for hull in sums:
            reach = max(reach, _ray(hull, ux, uy))
        steps.append(round(float(reach) + GAP, 6))
    return steps[0], steps[1]


def diagonal_gaps(models: Sequence[Model], heading: float, steps: tuple[float, float]) -> float:
    """The largest distance (inches) between the bases or hulls of two of ``models`` standing diagonal grid
    neighbours apart (offsets (±x, y) of ``steps``), at ``heading``."""
    return _diagonal_gaps(_outlines(models, heading), steps)


@lru_cache(maxsize=1024)
def _diagonal_gaps(outlines: tuple[Footprint, ...], steps: tuple[float, float]) -> float:
    sx, sy = steps
    worst = 0.0
    for a in outlines:
        for b in outlines:
            for dx in (sx, -sx):
                moved = Footprint(translate(b.core, dx, sy), b.radius)
                worst = max(worst, distance(a, moved))
    return worst


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
