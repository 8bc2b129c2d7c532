"""Candidate centres tested point by point: a cheap stand-in for a region of legal centres, for the heuristic player.

A :class:`Spots` answers, for many points at once, whether a round probe (as wide as the widest model of a unit)
centred there stands inside an allowed area (on the table, off terrain, in a zone: a prepared polygon), more than
a reach from each of some footprints (other models, the enemy) and, optionally, hidden from every enemy model
(inside each observer's hidden area, away from its boundary by a margin). It does not build the region's polygon
(no union of grown footprints, no intersection of hidden areas), so it costs a few point-in-polygon and distance
tests per candidate. It is sound up to :data:`~strategium.agents.placement_sampling.CLEARANCE` (every reach and
margin carries it, so a formation rounded to 1e-4" still passes the engine's point checks) and does not claim to
be complete. The player proposes from it; the engine checks every proposal exactly.

All lengths are inches.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from strategium.geometry.measure import Footprint, object_array

ANCHOR_STEP = 2.0
"""Inches between the grid points :meth:`Spots.anchors` tests."""

FINE_STEP = 0.5
"""Inches between the grid points :meth:`Spots.anchors` tests near its first anchor."""

ANCHOR_APART = 6.0
"""Inches at least between two anchors of :meth:`Spots.anchors` (each starts a formation elsewhere)."""

FEW = 200
"""Below this many centres left (once the smallest hidden area has been tested alone), :meth:`Spots.contains_xy`
tests them against the remaining hidden areas in one call (cheaper than one call per area)."""

ANCHOR_CHUNK = 96
"""Grid points :meth:`Spots.anchors` tests at once."""

EDGE_CHUNK = 64
"""Centres measured at once against every boundary segment (memory: this many rows of the segments)."""

ANCHORS = 5
"""At most this many anchors from :meth:`Spots.anchors`."""


@dataclass(frozen=True, eq=False)
class Spots:
    """Centres for a round probe: inside ``allowed`` (prepared), farther than ``reach[i]`` from each round
    obstacle's centre (``cx[i]``, ``cy[i]``), farther than its reach from each hull core in ``hulls``, and, for
    each (area, boundary) in ``hidden`` (both prepared), inside the area and farther than ``margin`` from its
    boundary. ``hull_circles`` (x, y, radius) rows, one per hull: a circle about each hull that holds every point
    within its reach of it (a centre outside it is clear of that hull without measuring)."""

    allowed: BaseGeometry
    cx: np.ndarray
    cy: np.ndarray
    reach: np.ndarray
    hulls: tuple[tuple[BaseGeometry, float], ...] = ()
    hidden: tuple[tuple[BaseGeometry, BaseGeometry], ...] = ()
    margin: float = 0.0
    hull_circles: np.ndarray = field(default_factory=lambda: np.zeros((0, 3)))
    reach2: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "reach2", self.reach * self.reach)

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        """The bounds of ``allowed`` (min x, min y, max x, max y): every accepted centre lies inside them."""
        minx, miny, maxx, maxy = self.allowed.bounds
        return (float(minx), float(miny), float(maxx), float(maxy))

    @property
    def is_empty(self) -> bool:
        """True when ``allowed`` is empty (nothing can pass); False does not promise that something does."""
        return bool(self.allowed.is_empty)

    def contains_xy(self, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        """Whether each centre (xs[i], ys[i]) passes every test: a bool array shaped like ``xs``. The cheap tests
        go first; each later one sees only the centres still standing."""
        xs = np.asarray(xs, dtype=float)
        ys = np.asarray(ys, dtype=float)
        ok = np.zeros(xs.shape, dtype=bool)
        fx, fy = xs.ravel(), ys.ravel()
        idx = self._inside(fx, fy)
        idx = idx[self._clear_of_edges(fx[idx], fy[idx])]
        ok.ravel()[idx] = True
        return ok

    def _inside(self, fx: np.ndarray, fy: np.ndarray) -> np.ndarray:
        """The indices of the centres that pass every test but the margin from the hidden areas' boundaries."""
        if fx.size == 0 or self.is_empty:
            return np.zeros(0, dtype=np.intp)
        idx = np.flatnonzero(shapely.contains_xy(self.allowed, fx, fy))
        if len(self.cx) and len(idx):
            dx = fx[idx, None] - self.cx[None, :]
            dy = fy[idx, None] - self.cy[None, :]
            idx = idx[(dx * dx + dy * dy > self.reach2[None, :]).all(axis=1)]
        if self.hulls and len(idx):
            # a centre farther from a hull's centre than its circumradius + reach is clear of it: only the others
            # are measured exactly
            hx, hy, hr = self.hull_circles.T
            dx = fx[idx, None] - hx[None, :]
            dy = fy[idx, None] - hy[None, :]
            p, h = np.nonzero(dx * dx + dy * dy <= (hr * hr)[None, :])
            if len(p):
                cores = object_array([c for c, _ in self.hulls])
                reach = np.array([r for _, r in self.hulls], dtype=float)
                hit = shapely.dwithin(cores[h], shapely.points(fx[idx[p]], fy[idx[p]]), reach[h])
                keep = np.ones(len(idx), dtype=bool)
                keep[p[hit]] = False
                idx = idx[keep]
        for k, (area, _) in enumerate(self.hidden):  # smallest first: most centres fail early
            if not len(idx):
                break
            if k and len(idx) <= FEW:  # the rest at once: one call for every (area, centre) pair (the smallest
                # area alone first: it rules out most centres, far more cheaply than testing them against all)
                areas = object_array([a for a, _ in self.hidden[k:]])[:, None]
                inside = shapely.contains_xy(areas, fx[idx][None, :], fy[idx][None, :]).all(axis=0)
                idx = idx[inside]
                break
            idx = idx[shapely.contains_xy(area, fx[idx], fy[idx])]
        return idx

    def _clear_of_edges(self, fx: np.ndarray, fy: np.ndarray) -> np.ndarray:
        """Whether each centre is farther than ``margin`` from every hidden area's boundary (bool array): its
        distance to each segment of the boundaries (:attr:`_segments`), ``EDGE_CHUNK`` centres at a time."""
        ok = np.ones(len(fx), dtype=bool)
        if not self.hidden or not len(fx):
            return ok
        sx, sy, sdx, sdy, slength2, lo_x, lo_y, hi_x, hi_y = self._segments
        m = self.margin
        m2 = m * m
        for lo in range(0, len(fx), EDGE_CHUNK):
            px, py = fx[lo : lo + EDGE_CHUNK, None], fy[lo : lo + EDGE_CHUNK, None]
            # only the segments whose boxes come within the margin of the centres' box
            near = (lo_x <= px.max() + m) & (hi_x >= px.min() - m) & (lo_y <= py.max() + m) & (hi_y >= py.min() - m)
            ax, ay, dx, dy, length2 = sx[near], sy[near], sdx[near], sdy[near], slength2[near]
            t = np.clip(((px - ax) * dx + (py - ay) * dy) / length2, 0.0, 1.0)
            ex, ey = px - (ax + t * dx), py - (ay + t * dy)
            ok[lo : lo + EDGE_CHUNK] = (ex * ex + ey * ey > m2).all(axis=1)
        return ok

    @cached_property
    def _segments(self) -> tuple[np.ndarray, ...]:
        """The segments of every hidden area's boundary, each once, zero-length ones left out: arrays (S,) of
        start x, start y, dx, dy, squared length, and of the boxes' min x, min y, max x, max y."""
        coords, ring = shapely.get_coordinates(
            shapely.get_parts(object_array([b for _, b in self.hidden])), return_index=True
        )
        same = ring[1:] == ring[:-1]  # consecutive vertices of one ring (or line) make a segment
        starts, ends = coords[:-1][same], coords[1:][same]
        flip = (starts[:, 0] > ends[:, 0]) | ((starts[:, 0] == ends[:, 0]) & (starts[:, 1] > ends[:, 1]))
        a = np.where(flip[:, None], ends, starts)
        b = np.where(flip[:, None], starts, ends)
        both = np.ascontiguousarray(np.hstack([a, b]))
        rows = both.view(np.dtype((np.void, both.dtype.itemsize * 4))).ravel()
        seg = both[np.sort(np.unique(rows, return_index=True)[1])]  # areas share edges (blockers', the table's)
        d = seg[:, 2:] - seg[:, :2]
        length2 = (d * d).sum(axis=1)
        seg, d, length2 = seg[length2 > 0], d[length2 > 0], length2[length2 > 0]
        lo_x, hi_x = np.minimum(seg[:, 0], seg[:, 2]), np.maximum(seg[:, 0], seg[:, 2])
        lo_y, hi_y = np.minimum(seg[:, 1], seg[:, 3]), np.maximum(seg[:, 1], seg[:, 3])
        return seg[:, 0], seg[:, 1], d[:, 0], d[:, 1], length2, lo_x, lo_y, hi_x, hi_y

    def anchors(self, toward: tuple[float, float]) -> Iterator[tuple[float, float]]:
        """Up to :data:`ANCHORS` accepted centres, found as they are asked for: on a grid of :data:`ANCHOR_STEP`
        over the bounds, the one nearest ``toward``, then each next nearest one at least :data:`ANCHOR_APART`
        from those already given (ties by y, then x); the first is moved to the accepted point nearest
        ``toward`` on a grid of :data:`FINE_STEP` around it. The grid is tested :data:`ANCHOR_CHUNK` points at a
        time, nearest first, so a player content with the first anchor pays for the points up to it only."""
        if self.is_empty:
            return
        minx, miny, maxx, maxy = self.bounds
        gx, gy = _grid(minx, miny, maxx, maxy, ANCHOR_STEP)
        order = np.lexsort((gx, gy, np.hypot(gx - toward[0], gy - toward[1])))
        out: list[tuple[float, float]] = []
        for lo in range(0, len(order), ANCHOR_CHUNK):
            part = order[lo : lo + ANCHOR_CHUNK]
            for i in part[self.contains_xy(gx[part], gy[part])]:
                x, y = float(gx[i]), float(gy[i])
                if any((x - ax) ** 2 + (y - ay) ** 2 < ANCHOR_APART**2 for ax, ay in out):
                    continue
                out.append((x, y))
                yield self._refined(x, y, toward) if len(out) == 1 else (x, y)
                if len(out) >= ANCHORS:
                    return

    def _refined(self, x: float, y: float, toward: tuple[float, float]) -> tuple[float, float]:
        """The accepted point nearest ``toward`` on a grid of :data:`FINE_STEP` within :data:`ANCHOR_STEP` of
        (x, y) (that point itself if none is nearer)."""
        h = ANCHOR_STEP
        fx, fy = _grid(x - h, y - h, x + h, y + h, FINE_STEP)
        gap = np.hypot(x - toward[0], y - toward[1])
        nearer = np.hypot(fx - toward[0], fy - toward[1]) < gap  # only these could replace it
        fx, fy = fx[nearer], fy[nearer]
        ok = self.contains_xy(fx, fy)
        if not ok.any():
            return (x, y)
        fx, fy = fx[ok], fy[ok]
        i = int(np.lexsort((fx, fy, np.hypot(fx - toward[0], fy - toward[1])))[0])
        return (float(fx[i]), float(fy[i]))

    def area_inside(self, piece: BaseGeometry, step: float = 0.5) -> tuple[float, tuple[float, float] | None]:
        """(about how many square inches of ``piece`` pass, the accepted point nearest their mean): the points of
        a grid of ``step`` over the piece's bounds that lie inside it and pass, counted as ``step``² each; None
        when none does."""
        minx, miny, maxx, maxy = (float(v) for v in piece.bounds)
        gx, gy = _grid(minx, miny, maxx, maxy, step)
        inside = shapely.contains_xy(piece, gx, gy)
        gx, gy = gx[inside], gy[inside]
        ok = self.contains_xy(gx, gy)
        px, py = gx[ok], gy[ok]
        if not len(px):
            return 0.0, None
        mx, my = float(px.mean()), float(py.mean())
        i = int(np.lexsort((px, py, np.hypot(px - mx, py - my)))[0])
        return len(px) * step * step, (float(px[i]), float(py[i]))


def spots(
    allowed: BaseGeometry,
    obstacles: Sequence[tuple[Sequence[Footprint], float]],
    hidden: Sequence[tuple[BaseGeometry, BaseGeometry]] = (),
    margin: float = 0.0,
) -> Spots:
    """A :class:`Spots` inside ``allowed`` (prepared here) whose centres stay more than ``gap`` inches from the edge
    of every footprint of each (footprints, gap) in ``obstacles`` (the probe's radius and any margin go in
    ``gap``: a round base of radius r is then passed when its centre is farther than r + ``gap``; a hull when
    its core is farther than ``gap``), and inside each hidden (area, boundary), farther than ``margin`` from the
    boundary (the hidden areas tested smallest first: most centres fail early)."""
    shapely.prepare(allowed)
    cx: list[float] = []
    cy: list[float] = []
    reach: list[float] = []
    hulls: list[tuple[BaseGeometry, float]] = []
    circles: list[tuple[float, float, float]] = []
    for feet, gap in obstacles:
        for f in feet:
            if f.is_round:
                x, y = f.centre
                cx.append(x)
                cy.append(y)
                reach.append(f.radius + gap)
            else:
                hulls.append((f.core, f.radius + gap))
                x0, y0, x1, y1 = f.outer_bounds
                half = 0.5 * float(np.hypot(x1 - x0, y1 - y0))
                circles.append((0.5 * (x0 + x1), 0.5 * (y0 + y1), half + gap + 1e-9))
    ordered = sorted(hidden, key=lambda ab: float(ab[0].area))
    return Spots(
        allowed,
        np.array(cx, dtype=float),
        np.array(cy, dtype=float),
        np.array(reach, dtype=float),
        tuple(hulls),
        tuple(ordered),
        margin,
        np.array(circles, dtype=float).reshape(-1, 3),
    )


def _grid(minx: float, miny: float, maxx: float, maxy: float, step: float) -> tuple[np.ndarray, np.ndarray]:
    """The points of a grid of ``step`` inches over the box, half a step in from its low sides (x, y arrays)."""
    xs = np.arange(minx + step / 2, maxx, step)
    ys = np.arange(miny + step / 2, maxy, step)
    gx, gy = np.meshgrid(xs, ys)
    return gx.ravel(), gy.ravel()
