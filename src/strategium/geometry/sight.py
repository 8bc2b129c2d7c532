"""Line of sight in 2.5D: terrain footprints with heights against model heights.

The model (``docs/geometry.md`` gives the full statement and why):

* A **sight line** is a straight segment from a point of the observer's footprint to a point of the
  target's footprint, on the table plane.
* A **blocker** for a pair of models is a Building (always), a terrain piece whose sight rule is ``blocks``,
  or one whose rule is ``height`` and which is at least as tall as both models (:meth:`TerrainPiece.blocks_sight`).
  Blockers are convex (terrain validation enforces it; Buildings are rectangles).
* A segment is **blocked** by a blocker when it passes through the blocker's *interior*. A segment that only
  touches the boundary (grazes a corner, runs along an edge) is **not** blocked: grazing sees.
* A point ``q`` is **hidden** from an observer behind blocker ``C`` when every segment from the observer's
  footprint to ``q`` is blocked by ``C`` (``q`` is in ``C``'s umbra). A target model is hidden when every point
  of its footprint is hidden behind some blocker, away from the umbra boundary by more than EPSILON. Sight
  lines that are partly blocked by one piece and partly by another, separate piece, count as a view through
  the gap between them.
* A round observer base is replaced by its circumscribed regular polygon (:data:`SOURCE_SEGMENTS` sides;
  at most 2% wider): the safe side for hiding.
* Units embarked in a Transport or Building cannot be seen and do not see (CORE_A §5.12).
* A unit sees another if any of its models sees any model of the other (rulebook p.165 usage in Infiltrate
  p.242, "can draw line of sight").

Umbras are computed exactly for these polygons by shadow casting: the shadow of a convex ``C`` from a point
``v`` is the convex hull of ``C`` and ``C`` projected away from ``v``; the umbra from a convex source is the
intersection of the shadows from the source's vertices (exact, because for a fixed ``q`` the set of source
points whose segment to ``q`` meets ``C`` is convex).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import shapely
from shapely.geometry import Polygon, box
from shapely.geometry.base import BaseGeometry

from strategium.geometry.measure import EPSILON, Footprint
from strategium.geometry.pieces import PlacedModel, PlacedUnit
from strategium.geometry.terrain import Battlefield

SOURCE_SEGMENTS = 16
"""Sides of the polygon that stands for a round observer base."""

FAST_PROBES = 4
"""How many centre-to-centre lines a unit-to-unit query tries before the exact hidden-area test."""

FAR = 1000.0
"""How far (inches) a shadow is cast before it is clipped to the table."""


def _ring(poly: Polygon) -> np.ndarray:
    return np.asarray(poly.exterior.coords)[:-1]


def segment_blocked(p: tuple[float, float], q: tuple[float, float], blockers: Sequence[Polygon]) -> bool:
    """True if the segment p-q passes through the interior of any blocker (touching the boundary does not
    block: a line grazing a corner is clear)."""
    seg = shapely.linestrings([p, q])
    arr = np.array(blockers, dtype=object)
    if arr.size == 0:
        return False
    return bool(np.any(shapely.intersects(seg, arr) & ~shapely.touches(seg, arr)))


def _pad(rings: Sequence[np.ndarray]) -> np.ndarray:
    m = max(len(r) for r in rings)
    if all(len(r) == m for r in rings):
        return np.stack(rings)
    return np.stack([np.vstack([r, np.repeat(r[-1:], m - len(r), axis=0)]) for r in rings])


def umbras_by_shadows(sources: Sequence[Polygon], blockers: Sequence[Polygon]) -> np.ndarray:
    """Reference construction of :func:`umbras`: the intersection of the shadows cast from every source
    vertex (slower; used where a source overlaps a blocker, and in tests)."""
    if not sources or not blockers:
        return np.empty((len(sources), len(blockers)), dtype=object)
    bc = _pad([_ring(b) for b in blockers])  # (B, m, 2)
    sc = _pad([_ring(s) for s in sources])  # (S, n, 2)
    v = sc[:, None, :, None, :]  # (S, 1, n, 1, 2)
    w = bc[None, :, None, :, :]  # (1, B, 1, m, 2)
    d = w - v
    norm = np.linalg.norm(d, axis=-1, keepdims=True)
    far = np.where(norm > 1e-12, v + d / np.maximum(norm, 1e-12) * FAR, w)
    near = np.broadcast_to(w, far.shape)
    pts = np.concatenate([near, far], axis=3)  # (S, B, n, 2m, 2)
    count = pts.shape[0] * pts.shape[1] * pts.shape[2]
    per = pts.shape[3]
    mp = shapely.multipoints(pts.reshape(-1, 2), indices=np.repeat(np.arange(count), per))
    hulls = shapely.convex_hull(mp).reshape(pts.shape[0], pts.shape[1], pts.shape[2])
    result: np.ndarray = shapely.intersection_all(hulls, axis=2)
    return result


def _cross(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    out: np.ndarray = a[..., 0] * b[..., 1] - a[..., 1] * b[..., 0]
    return out


def umbras(sources: Sequence[Polygon], blockers: Sequence[Polygon], padded: np.ndarray | None = None) -> np.ndarray:
    """Umbra of each blocker from each source polygon: an array of shape (len(sources), len(blockers)).

    Each umbra is the (closed) set of points every segment to which from the source meets the blocker,
    cast to :data:`FAR` inches. Sources and blockers must be convex. For a source clear of the blocker the
    umbra is bounded by the blocker's near side and the two *outer* common tangent lines of source and blocker
    (found among vertex pairs, vectorised); where they cross behind the blocker the umbra ends there. A
    source that touches or overlaps its blocker falls back to :func:`umbras_by_shadows`. ``padded``, if
    given, is ``_pad`` of the blockers' rings (a cache of the caller's).
    """
    if not sources or not blockers:
        return np.empty((len(sources), len(blockers)), dtype=object)
    bc = _pad([_ring(b) for b in blockers]) if padded is None else padded  # (B, m, 2)
    sc = _pad([_ring(s) for s in sources])  # (S, n, 2)
    n_s, n = sc.shape[0], sc.shape[1]
    n_b, m = bc.shape[0], bc.shape[1]
    s_i = sc[:, None, :, None, :]  # (S, 1, n, 1, 2)
    c_j = bc[None, :, None, :, :]  # (1, B, 1, m, 2)
    d = c_j - s_i  # (S, B, n, m, 2)
    length = np.linalg.norm(d, axis=-1)
    tol = 1e-9 * np.maximum(length, 1.0)
    # side of every source vertex k and blocker vertex l relative to the line s_i -> c_j
    rel_s = sc[:, None, None, None, :, :] - s_i[..., None, :]  # (S, 1, n, 1, n, 2)
    rel_c = bc[None, :, None, None, :, :] - s_i[..., None, :]  # (S, B, n, 1, m, 2)
    side_s = _cross(d[..., None, :], rel_s)  # (S, B, n, m, n)
    side_c = _cross(d[..., None, :], rel_c)  # (S, B, n, m, m)
    t = tol[..., None]
    ok = length > 1e-9
    left = ok & np.all(side_s >= -t, axis=-1) & np.all(side_c >= -t, axis=-1)  # both on the left
    right = ok & np.all(side_s <= t, axis=-1) & np.all(side_c <= t, axis=-1)  # both on the right
    left_f, right_f = left.reshape(n_s, n_b, n * m), right.reshape(n_s, n_b, n * m)
    apart = ~shapely.intersects(np.array(sources, dtype=object)[:, None], np.array(blockers, dtype=object)[None, :])
    found = left_f.any(axis=-1) & right_f.any(axis=-1) & apart
    li, ri = left_f.argmax(axis=-1), right_f.argmax(axis=-1)
    src = np.broadcast_to(sc[:, None, :, None, :], d.shape).reshape(n_s, n_b, n * m, 2)
    dst = np.broadcast_to(c_j, d.shape).reshape(n_s, n_b, n * m, 2)
    ii, jj = np.meshgrid(np.arange(n_s), np.arange(n_b), indexing="ij")
    s1, c1 = src[ii, jj, li], dst[ii, jj, li]
    s2, c2 = src[ii, jj, ri], dst[ii, jj, ri]
    d1 = (c1 - s1) / np.maximum(np.linalg.norm(c1 - s1, axis=-1, keepdims=True), 1e-12)
    d2 = (c2 - s2) / np.maximum(np.linalg.norm(c2 - s2, axis=-1, keepdims=True), 1e-12)
    det = _cross(d1, -d2)
    safe = np.where(np.abs(det) > 1e-12, det, 1.0)
    t1 = _cross(c2 - c1, -d2) / safe
    t2 = _cross(d1, c2 - c1) / safe
    meet = (np.abs(det) > 1e-12) & (t1 > 0) & (t2 > 0) & (t1 < FAR)
    apex = c1 + t1[..., None] * d1
    far1 = np.where(meet[..., None], apex, c1 + FAR * d1)
    far2 = np.where(meet[..., None], apex, c2 + FAR * d2)
    pts = np.concatenate([np.broadcast_to(bc[None], (n_s, n_b, m, 2)), far1[..., None, :], far2[..., None, :]], axis=2)
    mp = shapely.multipoints(pts.reshape(-1, 2), indices=np.repeat(np.arange(n_s * n_b), m + 2))
    result: np.ndarray = shapely.convex_hull(mp).reshape(n_s, n_b)
    if not found.all():
        bad_s, bad_b = np.nonzero(~found)
        for si, bi in zip(bad_s, bad_b, strict=True):
            result[si, bi] = umbras_by_shadows([sources[int(si)]], [blockers[int(bi)]])[0, 0]
    return result


def _source(fp: Footprint) -> Polygon:
    return fp.outer_polygon(SOURCE_SEGMENTS)


@dataclass(frozen=True, eq=False)
class _HalfPlanes:
    """Convex blockers as half-planes ``normals . x <= offsets`` (edges padded by repetition)."""

    normals: np.ndarray  # (B, m, 2)
    offsets: np.ndarray  # (B, m)
    bounds: np.ndarray  # (B, 4): minx, miny, maxx, maxy

    @classmethod
    def of(cls, blockers: Sequence[Polygon]) -> _HalfPlanes:
        rings = []
        for b in blockers:
            r = _ring(shapely.orient_polygons(b))  # exterior anticlockwise
            rings.append(r)
        if not rings:
            return cls(np.zeros((0, 1, 2)), np.zeros((0, 1)), np.zeros((0, 4)))
        pts = _pad(rings)
        nxt = np.roll(pts, -1, axis=1)
        # padding repeats the last vertex: its zero-length edges get the closing edge's normal
        edge = nxt - pts
        normals = np.stack([edge[..., 1], -edge[..., 0]], axis=-1)
        length = np.linalg.norm(normals, axis=-1, keepdims=True)
        normals = np.where(length > 1e-12, normals / np.maximum(length, 1e-12), np.nan)
        for b in range(normals.shape[0]):  # replace padded (nan) normals with the closing edge's
            bad = np.isnan(normals[b, :, 0])
            if bad.any():
                good = np.nonzero(~bad)[0]
                normals[b, bad] = normals[b, good[-1]]
                pts[b, bad] = pts[b, good[-1]]
        offsets = np.einsum("bmk,bmk->bm", normals, pts)
        return cls(normals, offsets, shapely.bounds(np.array(blockers, dtype=object)))

    def segment_crossed(self, p: tuple[float, float], q: tuple[float, float]) -> bool:
        """One segment p-q: does it pass through the interior of some blocker? (scalar code, early exit)"""
        px, py = p
        dx, dy = q[0] - px, q[1] - py
        length = math.hypot(dx, dy)
        sx0, sx1 = (px, q[0]) if px <= q[0] else (q[0], px)
        sy0, sy1 = (py, q[1]) if py <= q[1] else (q[1], py)
        for (bx0, by0, bx1, by1), edges in self._scalar:
            if sx1 <= bx0 or sx0 >= bx1 or sy1 <= by0 or sy0 >= by1:
                continue
            lo, hi = 0.0, 1.0
            for nx, ny, off in edges:
                num = off - (nx * px + ny * py)
                den = nx * dx + ny * dy
                if -1e-15 <= den <= 1e-15:
                    if num <= 0:
                        hi = -1.0
                        break
                elif den < 0:
                    lo = max(lo, num / den)
                else:
                    hi = min(hi, num / den)
            if (hi - lo) * length > 1e-9:
                return True
        return False

    @cached_property
    def _scalar(self) -> list[tuple[tuple[float, float, float, float], list[tuple[float, float, float]]]]:
        out = []
        for b in range(self.normals.shape[0]):
            edges = [
                (float(n[0]), float(n[1]), float(o)) for n, o in zip(self.normals[b], self.offsets[b], strict=True)
            ]
            bx = self.bounds[b]
            out.append(((float(bx[0]), float(bx[1]), float(bx[2]), float(bx[3])), edges))
        return out

    def crossed(self, p0: np.ndarray, p1: np.ndarray) -> np.ndarray:
        """For segments p0[k]-p1[k] (K, 2): which pass through the interior of some blocker (K,) bool."""
        n_b, m = self.offsets.shape
        if n_b == 0:
            return np.zeros(len(p0), dtype=bool)
        d = p1 - p0
        flat = self.normals.reshape(-1, 2).T  # (2, B*m)
        num = self.offsets.reshape(1, -1) - p0 @ flat  # (K, B*m)
        den = d @ flat
        with np.errstate(divide="ignore", invalid="ignore"):
            ratio = num / den
        lo = np.where(den < -1e-15, ratio, 0.0).reshape(-1, n_b, m).max(axis=2)
        hi = np.where(den > 1e-15, ratio, 1.0).reshape(-1, n_b, m).min(axis=2)
        never = ((np.abs(den) <= 1e-15) & (num <= 0)).reshape(-1, n_b, m).any(axis=2)
        lo = np.maximum(lo, 0.0)
        hi = np.minimum(hi, 1.0)
        length = np.sqrt((d * d).sum(axis=1))[:, None]
        out: np.ndarray = (((hi - lo) * length > 1e-9) & ~never).any(axis=1)
        return out


HIDDEN_CACHE = 4096
"""Most hidden areas a :class:`SightMap` keeps (the oldest go first)."""

SEEN_CACHE = 65536
"""Most sight answers (observer models, target models) a :class:`SightMap` keeps (least recently used go first)."""

ModelKey = tuple[tuple[float, float, float, bytes], float]
"""A model as a value for the sight caches: its footprint's :attr:`Footprint.key` and its height."""


def _model_key(model: PlacedModel) -> ModelKey:
    return (model.footprint.key, model.height)


def _models_key(models: Sequence[PlacedModel]) -> tuple[ModelKey, ...]:
    return tuple([(m.footprint.key, m.height) for m in models])


HiddenKey = tuple[tuple[float, float, float, bytes], float, float]
Source = PlacedModel


def _key(observer: PlacedModel, target_height: float) -> HiddenKey:
    """Cache key of an observer's hidden area, by value: its footprint, its height and the target height."""
    return (observer.footprint.key, observer.height, target_height)


class SightMap:
    """Line-of-sight queries on one :class:`Battlefield`, with the hidden areas of observers cached.

    ``hidden_area(observer, target_height)`` is the part of the table hidden from one model; the other
    queries are built on it, after a fast test of the straight lines between base centres. Sight answers
    depend only on the battlefield and the models' footprints and heights: they are kept by value
    (:data:`SEEN_CACHE`), so models that have not moved are not tested again. Not thread-safe.
    """

    def __init__(self, battlefield: Battlefield) -> None:
        self.battlefield = battlefield
        t = battlefield.table
        self._table = box(0.0, 0.0, t.width, t.depth)
        self._cache: dict[tuple[HiddenKey, tuple[int, ...] | None], tuple[BaseGeometry, BaseGeometry]] = {}
        self._seen: dict[tuple[tuple[ModelKey, ...], tuple[ModelKey, ...]], bool] = {}
        self._blockers: dict[tuple[float, float], tuple[tuple[Polygon, ...], _HalfPlanes, np.ndarray | None]] = {}

    def blockers(self, observer_height: float, target_height: float) -> tuple[Polygon, ...]:
        """Blocking footprints for models of these heights (cached)."""
        return self._planes(observer_height, target_height)[0]

    def _planes(self, observer_height: float, target_height: float) -> tuple[tuple[Polygon, ...], _HalfPlanes]:
        polys, planes, _ = self._blocking(observer_height, target_height)
        return polys, planes

    def _blocking(
        self, observer_height: float, target_height: float
    ) -> tuple[tuple[Polygon, ...], _HalfPlanes, np.ndarray | None]:
        key = (observer_height, target_height)
        if key not in self._blockers:
            polys = self.battlefield.sight_blockers(observer_height, target_height)
            padded = _pad([_ring(b) for b in polys]) if polys else None
            self._blockers[key] = (polys, _HalfPlanes.of(polys), padded)
        return self._blockers[key]

    def _hidden(
        self,
        observers: Sequence[PlacedModel],
        target_height: float,
        subsets: Sequence[tuple[int, ...] | None] | None = None,
    ) -> list[tuple[BaseGeometry, BaseGeometry]]:
        """Each observer's hidden area (and its boundary, both prepared): the union of the umbras of the blockers
        for ``target_height``, clipped to the table; with ``subsets``, of those blockers only (indices into
        :meth:`blockers`; None for all)."""
        subs: Sequence[tuple[int, ...] | None] = [None] * len(observers) if subsets is None else subsets
        cache = self._cache
        keys = []
        for o, sub in zip(observers, subs, strict=True):
            hk = _key(o, target_height)
            if sub is not None and (
                (hk, None) in cache or 2 * len(sub) >= len(self._blocking(o.height, target_height)[0])
            ):
                sub = None  # the whole hidden area is known, or would cost about as much: it answers as well
            keys.append((hk, sub))
        found = {k: cache[k] for k in keys if k in cache}
        groups: dict[tuple[float, tuple[int, ...] | None], dict[tuple[HiddenKey, tuple[int, ...] | None], Source]] = {}
        for k, o in zip(keys, observers, strict=True):
            if k not in found:
                groups.setdefault((o.height, k[1]), {}).setdefault(k, o)
        for (h, sub), group in groups.items():
            blockers, _, padded = self._blocking(h, target_height)
            if sub is not None:
                blockers = tuple(blockers[i] for i in sub)
                padded = padded[list(sub)] if padded is not None and sub else None
            if not blockers:
                areas = [Polygon() for _ in group]
            else:
                u = umbras([_source(o.footprint) for o in group.values()], list(blockers), padded)
                areas = list(shapely.intersection(shapely.union_all(u, axis=1), self._table))
            for k, area in zip(group, areas, strict=True):
                shapely.prepare(area)
                boundary = area.boundary
                shapely.prepare(boundary)
                found[k] = (area, boundary)
                while len(cache) >= HIDDEN_CACHE:
                    del cache[next(iter(cache))]
                cache[k] = (area, boundary)
        return [found[k] for k in keys]

    def _near(self, o_sub: Sequence[PlacedModel], t_sub: Sequence[PlacedModel], ht: float) -> list[tuple[int, ...]]:
        """For each observer, the blockers (indices) whose umbra could reach a target: those that meet the box
        around the observer's source polygon and every target footprint grown by EPSILON (a point ``q`` is in
        the umbra of ``C`` only if ``C`` meets the segment from the source to ``q``)."""
        minx = min(t.footprint.outer_bounds[0] for t in t_sub) - 2 * EPSILON
        miny = min(t.footprint.outer_bounds[1] for t in t_sub) - 2 * EPSILON
        maxx = max(t.footprint.outer_bounds[2] for t in t_sub) + 2 * EPSILON
        maxy = max(t.footprint.outer_bounds[3] for t in t_sub) + 2 * EPSILON
        out: list[tuple[int, ...]] = []
        for o in o_sub:
            bounds = self._planes(o.height, ht)[1].bounds
            ox0, oy0, ox1, oy1 = o.footprint.outer_bounds
            grow = 0.05 * o.footprint.radius + EPSILON  # the source polygon circumscribes a round base
            box_ = (min(minx, ox0 - grow), min(miny, oy0 - grow), max(maxx, ox1 + grow), max(maxy, oy1 + grow))
            near = (
                (bounds[:, 0] <= box_[2])
                & (bounds[:, 2] >= box_[0])
                & (bounds[:, 1] <= box_[3])
                & (bounds[:, 3] >= box_[1])
            )
            out.append(tuple(int(i) for i in np.nonzero(near)[0]))
        return out

    def hidden_areas(self, observers: Sequence[PlacedModel], target_height: float) -> list[BaseGeometry]:
        """For each observer model, the part of the table hidden from it for targets of this height."""
        return [a for a, _ in self._hidden(observers, target_height)]

    def hidden_area(self, observer: PlacedModel, target_height: float) -> BaseGeometry:
        """The part of the table hidden from one observer model, for targets of this height."""
        return self.hidden_areas([observer], target_height)[0]

    def model_sees(self, observer: PlacedModel, target: PlacedModel) -> bool:
        """Whether ``observer`` can draw line of sight to any part of ``target``'s footprint."""
        return self._models_see([observer], [target])

    def _undecided(
        self, obs: Sequence[PlacedModel], tgt: Sequence[PlacedModel]
    ) -> list[tuple[list[PlacedModel], list[PlacedModel], float]] | None:
        """The fast tests: None when a straight line between base centres is clear (or nothing blocks) for some
        pair of heights; else, per pair of heights, the observers and targets left to the hidden-area test."""
        rest: list[tuple[list[PlacedModel], list[PlacedModel], float]] = []
        heights = {(o.height, t.height) for o in obs for t in tgt}
        for ho, ht in heights:
            o_sub = [o for o in obs if o.height == ho]
            t_sub = [t for t in tgt if t.height == ht]
            polys, planes = self._planes(ho, ht)
            if not polys:
                return None
            crossed = planes.segment_crossed
            # fast path: a few centre-to-centre lines; the hidden-area test is the definitive one
            step_o, step_t = max(1, len(o_sub) // 2), max(1, len(t_sub) // 2)
            probes = [(o, t) for o in o_sub[::step_o] for t in t_sub[::step_t]][:FAST_PROBES]
            if any(not crossed(o.footprint.centre, t.footprint.centre) for o, t in probes):
                return None
            # every centre-to-centre line, vectorised: one that no blocker crosses shows a target centre outside
            # every umbra of that observer, which the hidden-area test would also find visible
            if len(probes) < len(o_sub) * len(t_sub):
                oc = np.array([o.footprint.centre for o in o_sub])
                tc = np.array([t.footprint.centre for t in t_sub])
                p0 = np.repeat(oc, len(tc), axis=0)
                p1 = np.tile(tc, (len(oc), 1))
                if not bool(planes.crossed(p0, p1).all()):
                    return None
            rest.append((o_sub, t_sub, ht))
        return rest

    def _hidden_see_each(self, o_sub: Sequence[PlacedModel], t_sub: Sequence[PlacedModel], ht: float) -> np.ndarray:
        """The hidden-area test: for each observer (all of them facing targets of height ``ht``), whether some
        target is not inside its hidden area by more than EPSILON (len(o_sub),) bool."""
        hidden = self._hidden(o_sub, ht, self._near(o_sub, t_sub, ht))
        areas = np.array([a for a, _ in hidden], dtype=object)[:, None]
        cores = np.array([t.footprint.core for t in t_sub], dtype=object)[None, :]
        inside = shapely.contains(areas, cores)
        if inside.any():
            bounds = np.array([b for _, b in hidden], dtype=object)[:, None]
            radii = np.array([t.footprint.radius for t in t_sub])[None, :]
            rows, cols = np.nonzero(inside)
            far = shapely.distance(bounds[rows, 0], cores[0, cols]) > radii[0, cols] + EPSILON
            inside[rows, cols] = far
        seen: np.ndarray = ~inside.all(axis=1)
        return seen

    def _models_see(self, obs: Sequence[PlacedModel], tgt: Sequence[PlacedModel]) -> bool:
        rest = self._undecided(obs, tgt)
        return rest is None or any(bool(self._hidden_see_each(o, t, ht).any()) for o, t, ht in rest)

    def _recall(self, key: tuple[tuple[ModelKey, ...], tuple[ModelKey, ...]]) -> bool | None:
        seen = self._seen
        answer = seen.pop(key, None)
        if answer is not None:
            seen[key] = answer  # most recently used last
        return answer

    def _remember(self, key: tuple[tuple[ModelKey, ...], tuple[ModelKey, ...]], answer: bool) -> None:
        seen = self._seen
        while len(seen) >= SEEN_CACHE:
            del seen[next(iter(seen))]
        seen[key] = answer

    def sees_each(self, observers: Sequence[PlacedModel], target: PlacedUnit) -> list[bool]:
        """For each observer model (on the table), whether it sees some model of ``target``: the answers of
        ``unit_sees`` for one-model observer units, found together (shared hidden-area tests). An embarked target
        is seen by none."""
        if not target.on_table:
            return [False] * len(observers)
        tgt = target.models
        tkey = _models_key(tgt)
        keys = [((_model_key(o),), tkey) for o in observers]
        out = [self._recall(k) for k in keys]
        groups: dict[float, list[int]] = {}  # target height -> observers left to the hidden-area test
        for i, answer in enumerate(out):
            if answer is not None:
                continue
            rest = self._undecided([observers[i]], tgt)
            if rest is None:
                out[i] = True
                continue
            out[i] = False
            for _, _, ht in rest:
                groups.setdefault(ht, []).append(i)
        for ht, idxs in groups.items():
            t_sub = [t for t in tgt if t.height == ht]
            seen = self._hidden_see_each([observers[i] for i in idxs], t_sub, ht)
            for i, s in zip(idxs, seen, strict=True):
                if s:
                    out[i] = True
        result = [bool(a) for a in out]
        for k, answer in zip(keys, result, strict=True):
            if k not in self._seen:
                self._remember(k, answer)
        return result

    def unit_sees(self, observer: PlacedUnit, target: PlacedUnit) -> bool:
        """Whether any model of ``observer`` sees any model of ``target``; embarked units neither see nor
        are seen."""
        if not observer.on_table or not target.on_table:
            return False
        key = (_models_key(observer.models), _models_key(target.models))
        answer = self._recall(key)
        if answer is None:
            answer = self._models_see(observer.models, target.models)
            self._remember(key, answer)
        return answer

    def any_unit_sees(self, observers: Sequence[PlacedUnit], target: PlacedUnit) -> bool:
        """ "Can any (deployed) unit of ``observers`` see ``target``?" (the Infiltrate question, INF-3)."""
        return any(self.unit_sees(o, target) for o in observers)

    def visible_units(self, observer: PlacedUnit, candidates: Sequence[PlacedUnit]) -> tuple[PlacedUnit, ...]:
        """ "Which of ``candidates`` can ``observer`` see?" in the order given."""
        return tuple(c for c in candidates if self.unit_sees(observer, c))

    def hidden_from_all(self, observers: Sequence[PlacedUnit], target_height: float) -> BaseGeometry:
        """The part of the table hidden from every model of every deployed unit in ``observers`` (points;
        a footprint is hidden when it lies inside this area). With no observers, the whole table."""
        models = [m for u in observers if u.on_table for m in u.models]
        if not models:
            return self._table
        areas = self.hidden_areas(models, target_height)
        result: BaseGeometry = shapely.intersection_all(np.array(areas, dtype=object))
        return result
