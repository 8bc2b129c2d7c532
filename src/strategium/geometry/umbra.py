"""Shadow casting for line of sight (:mod:`strategium.geometry.sight`): the umbra of a convex blocker from a
convex source polygon, and convex blockers as half-planes for testing many sight lines at once.

Umbras are computed exactly for these polygons: the shadow of a convex ``C`` from a point ``v`` is the convex
hull of ``C`` and ``C`` projected away from ``v``; the umbra from a convex source is the intersection of the
shadows from the source's vertices (exact, because for a fixed ``q`` the set of source points whose segment to
``q`` meets ``C`` is convex). :func:`umbras` finds the same region faster from the two outer common tangents
(read off the convex hull of source and blocker together). :func:`surely_in_umbras` tells, without casting,
where a disc surely lies inside the umbra that :func:`umbras` would cast.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import shapely
from shapely.geometry import Polygon

from strategium.geometry.measure import object_array

FAR = 1000.0
"""How far (inches) a shadow is cast before it is clipped to the table."""

MEET_SLACK = 1e-6
"""How far (inches) before a contact vertex the outer tangents may cross and still end the umbra there: with a
blocker vertex within rounding of the other tangent's line, the crossing falls a hair before the contact point
(found by a property test: a vertex 1e-9" off the line put it 2.4e-8" before, and the umbra was cast to FAR)."""


def ring(poly: Polygon) -> np.ndarray:
    return np.asarray(poly.exterior.coords)[:-1]


def segment_blocked(p: tuple[float, float], q: tuple[float, float], blockers: Sequence[Polygon]) -> bool:
    """True if the segment p-q passes through the interior of any blocker (touching the boundary does not
    block: a line grazing a corner is clear)."""
    seg = shapely.linestrings([p, q])
    arr = np.array(blockers, dtype=object)
    if arr.size == 0:
        return False
    return bool(np.any(shapely.intersects(seg, arr) & ~shapely.touches(seg, arr)))


def pad(rings: Sequence[np.ndarray]) -> np.ndarray:
    m = max(len(r) for r in rings)
    if all(len(r) == m for r in rings):
        return np.stack(rings)
    return np.stack([np.vstack([r, np.repeat(r[-1:], m - len(r), axis=0)]) for r in rings])


def umbras_by_shadows(sources: Sequence[Polygon], blockers: Sequence[Polygon]) -> np.ndarray:
    """Reference construction of :func:`umbras`: the intersection of the shadows cast from every source
    vertex (slower; used where a source overlaps a blocker, and in tests)."""
    if not sources or not blockers:
        return np.empty((len(sources), len(blockers)), dtype=object)
    bc = pad([ring(b) for b in blockers])  # (B, m, 2)
    sc = pad([ring(s) for s in sources])  # (S, n, 2)
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


def _outer_tangents(
    sc: np.ndarray, bc: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The two outer common tangents of every (source, blocker) pair, from the convex hull of the two rings
    together: for convex polygons apart, exactly two hull edges join a source vertex to a blocker vertex, and
    their lines are the outer common tangents (the hull lies on one side of each).

    ``sc``: (S, n, 2) source rings, ``bc``: (B, m, 2) blocker rings (padded by repetition). Returns ``s1, c1``
    (the tangent with both polygons on its left, from its source vertex to its blocker vertex), ``s2, c2`` (both
    on its right), each (S, B, 2), and ``found`` (S, B): False where the hull does not show exactly one tangent of
    each kind (the polygons touch or overlap, or are degenerate), for the caller's fallback."""
    n_s, n = sc.shape[0], sc.shape[1]
    n_b, m = bc.shape[0], bc.shape[1]
    pairs = n_s * n_b
    pts = np.concatenate(
        [np.broadcast_to(sc[:, None], (n_s, n_b, n, 2)), np.broadcast_to(bc[None], (n_s, n_b, m, 2))], axis=2
    )
    hulls = shapely.convex_hull(shapely.multipoints(pts.reshape(-1, 2), indices=np.repeat(np.arange(pairs), n + m)))
    rings = shapely.get_exterior_ring(hulls)  # None where the hull is not a polygon: no tangent found there
    coords, pair = shapely.get_coordinates(rings, return_index=True)
    on_blocker = np.any(np.all(bc[pair % n_b] == coords[:, None, :], axis=-1), axis=-1)  # hulls keep input vertices
    edge = pair[:-1] == pair[1:]  # consecutive vertices of one closed ring
    a_on, b_on = on_blocker[:-1], on_blocker[1:]
    bridge = edge & (a_on != b_on)
    forward = np.where(shapely.is_ccw(rings)[pair[:-1]], ~a_on, a_on)  # the bridge runs source -> blocker anticlockwise
    out = []
    for mask in (bridge & forward, bridge & ~forward):  # anticlockwise, the hull is on the left: the left tangent
        at = pair[:-1][mask]
        a, b, a_is_c = coords[:-1][mask], coords[1:][mask], a_on[mask][:, None]
        src, dst = np.zeros((pairs, 2)), np.zeros((pairs, 2))
        src[at] = np.where(a_is_c, b, a)
        dst[at] = np.where(a_is_c, a, b)
        src_, dst_ = src.reshape(n_s, n_b, 2), dst.reshape(n_s, n_b, 2)
        out.append((src_, _nearest_contact(src_, dst_, bc), np.bincount(at, minlength=pairs) == 1))
    (s1, c1, one_left), (s2, c2, one_right) = out
    return s1, c1, s2, c2, (one_left & one_right).reshape(n_s, n_b)


def _nearest_contact(s: np.ndarray, c: np.ndarray, bc: np.ndarray) -> np.ndarray:
    """For tangent lines from ``s`` through blocker vertex ``c`` (each (S, B, 2)), the blocker vertex on the line
    nearest the source (a hull drops collinear vertices, so ``c`` may be the far one of several: the umbra's apex
    must be measured from the near one). ``bc``: (B, m, 2)."""
    d = c - s
    rel = bc[None] - s[:, :, None, :]  # (S, B, m, 2)
    side = np.abs(_cross(d[:, :, None, :], rel))
    along = np.einsum("sbk,sbmk->sbm", d, rel)
    length = np.linalg.norm(d, axis=-1)[..., None]
    on_line = side <= 1e-9 * np.maximum(length, 1.0) * np.maximum(np.abs(along) / np.maximum(length, 1e-12), 1.0)
    pick = np.where(on_line, along, np.inf).argmin(axis=-1)  # c itself is always on its line
    out: np.ndarray = np.take_along_axis(np.broadcast_to(bc[None], rel.shape), pick[..., None, None], axis=2)[:, :, 0]
    return out


def umbras(sources: Sequence[Polygon], blockers: Sequence[Polygon], padded: np.ndarray | None = None) -> np.ndarray:
    """Umbra of each blocker from each source polygon: an array of shape (len(sources), len(blockers)).

    Each umbra is the (closed) set of points every segment to which from the source meets the blocker,
    cast to :data:`FAR` inches. Sources and blockers must be convex. For a source clear of the blocker the
    umbra is bounded by the blocker's near side and the two *outer* common tangent lines of source and blocker
    (:func:`_outer_tangents`, vectorised); where they cross behind the blocker the umbra ends there. A source that
    touches or overlaps its blocker falls back to :func:`umbras_by_shadows`. ``padded``, if given, is ``pad`` of
    the blockers' rings (a cache of the caller's).
    """
    if not sources or not blockers:
        return np.empty((len(sources), len(blockers)), dtype=object)
    bc = pad([ring(b) for b in blockers]) if padded is None else padded  # (B, m, 2)
    sc = pad([ring(s) for s in sources])  # (S, n, 2)
    n_s, n_b, m = sc.shape[0], bc.shape[0], bc.shape[1]
    s1, c1, s2, c2, found = _outer_tangents(sc, bc)
    apart = ~shapely.intersects(object_array(sources)[:, None], object_array(blockers)[None, :])
    found &= apart
    d1 = (c1 - s1) / np.maximum(np.linalg.norm(c1 - s1, axis=-1, keepdims=True), 1e-12)
    d2 = (c2 - s2) / np.maximum(np.linalg.norm(c2 - s2, axis=-1, keepdims=True), 1e-12)
    det = _cross(d1, -d2)
    safe = np.where(np.abs(det) > 1e-12, det, 1.0)
    t1 = _cross(c2 - c1, -d2) / safe
    t2 = _cross(d1, c2 - c1) / safe
    # the tangents cross behind the blocker (at a contact point itself when they meet on the blocker's boundary:
    # a contact vertex a hair off the other tangent puts the crossing up to MEET_SLACK before it, still the apex);
    # the apex ends the umbra whenever a far point would pass it on either line (else both stop before it)
    meet = (np.abs(det) > 1e-12) & (t1 > -MEET_SLACK) & (t2 > -MEET_SLACK) & ((t1 < FAR) | (t2 < FAR))
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


@dataclass(frozen=True, eq=False)
class HalfPlanes:
    """Convex blockers as half-planes ``normals . x <= offsets`` (edges padded by repetition)."""

    normals: np.ndarray  # (B, m, 2)
    offsets: np.ndarray  # (B, m)
    bounds: np.ndarray  # (B, 4): minx, miny, maxx, maxy

    @classmethod
    def of(cls, blockers: Sequence[Polygon]) -> HalfPlanes:
        """The half-planes of convex ``blockers`` (each exterior taken anticlockwise; a blocker with fewer edges than
        the most padded by repeating its last vertex, whose zero-length edges take the closing edge's normal). The
        rings are read in one call for all the blockers, and only the padded rows are mended."""
        if not blockers:
            return cls(np.zeros((0, 1, 2)), np.zeros((0, 1)), np.zeros((0, 4)))
        shapes = np.array(blockers, dtype=object)
        exteriors = shapely.get_exterior_ring(shapely.orient_polygons(shapes))  # anticlockwise
        coords, owner = shapely.get_coordinates(exteriors, return_index=True)
        ends = np.flatnonzero(np.r_[owner[1:] != owner[:-1], True]) + 1  # one past each ring's closing vertex
        starts = np.r_[0, ends[:-1]]
        rings = [coords[a : b - 1] for a, b in zip(starts.tolist(), ends.tolist(), strict=True)]  # as ring() reads
        pts = pad(rings)
        nxt = np.roll(pts, -1, axis=1)
        edge = nxt - pts
        normals = np.stack([edge[..., 1], -edge[..., 0]], axis=-1)
        length = np.linalg.norm(normals, axis=-1, keepdims=True)
        normals = np.where(length > 1e-12, normals / np.maximum(length, 1e-12), np.nan)
        bad = np.isnan(normals[:, :, 0])  # padded (zero-length) edges: each row's last good edge (the closing one)
        if bad.any():
            last_good = bad.shape[1] - 1 - np.argmax(~bad[:, ::-1], axis=1)
            rows, cols = np.nonzero(bad)
            normals[rows, cols] = normals[rows, last_good[rows]]
            pts[rows, cols] = pts[rows, last_good[rows]]
        offsets = np.einsum("bmk,bmk->bm", normals, pts)
        return cls(normals, offsets, shapely.bounds(shapes))

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

    def crossed_one(self, px: float, py: float, qx: float, qy: float) -> bool:
        """:meth:`crossed` for the one segment (px, py)-(qx, qy), in plain Python with the very same operations
        (elementwise products, ``sqrt(dx*dx + dy*dy)``): the same answer, bit for bit. A blocker whose box is more
        than 1e-6" from the segment's box is passed over: no point of the segment is then within rounding of the
        blocker, so no part of it (let alone 1e-9") passes the blocker's half-planes."""
        dx, dy = qx - px, qy - py
        length = math.sqrt(dx * dx + dy * dy)
        sx0, sx1 = (px, qx) if px <= qx else (qx, px)
        sy0, sy1 = (py, qy) if py <= qy else (qy, py)
        for (bx0, by0, bx1, by1), edges in self._scalar:
            if sx1 < bx0 - 1e-6 or sx0 > bx1 + 1e-6 or sy1 < by0 - 1e-6 or sy0 > by1 + 1e-6:
                continue
            lo, hi, never = 0.0, 1.0, False
            for nx, ny, off in edges:
                num = off - (nx * px + ny * py)
                den = nx * dx + ny * dy
                if den < -1e-15:
                    lo = max(lo, num / den)
                elif den > 1e-15:
                    hi = min(hi, num / den)
                elif num <= 0:
                    never = True
            if (hi - lo) * length > 1e-9 and not never:
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
        nx, ny = self.normals.reshape(-1, 2).T  # (B*m,) each
        # elementwise products, as segment_crossed computes them: a matrix product goes through BLAS, whose
        # rounding depends on the CPU's kernels and on the batch size (the same seed could give another battle)
        num = self.offsets.reshape(1, -1) - (nx * p0[:, :1] + ny * p0[:, 1:])  # (K, B*m)
        den = nx * d[:, :1] + ny * d[:, 1:]
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


SCALAR_SEGMENTS = 24
"""Most segments :func:`centre_lines_clear` tests one at a time in plain Python (more go in one batch)."""


def centre_lines_clear(
    planes: HalfPlanes, oc: np.ndarray | Sequence[Sequence[float]], tc: np.ndarray | Sequence[Sequence[float]]
) -> list[bool]:
    """For each observer centre (``oc`` (O, 2), an array or (x, y) pairs), whether some segment from it to a target
    centre (``tc`` (T, 2), T >= 1) passes through no blocker's interior: the answers of ``planes.crossed`` on all
    O * T segments (observer-major), found with fewer segments. The segments to the first target are tried first,
    and only the observers they leave are tried against the others: one segment at a time up to the first clear one
    (:meth:`HalfPlanes.crossed_one`, the same answer as in any batch of ``crossed``:
    tests/geometry/test_sight_centres.py), or in one batch beyond :data:`SCALAR_SEGMENTS` segments."""
    os_ = oc.tolist() if isinstance(oc, np.ndarray) else oc
    ts = tc.tolist() if isinstance(tc, np.ndarray) else tc
    crossed = planes.crossed_one
    tx, ty = ts[0]
    out = [not crossed(ox, oy, tx, ty) for ox, oy in os_]
    rest = [i for i, clear in enumerate(out) if not clear]
    if len(rest) * (len(ts) - 1) > SCALAR_SEGMENTS:  # many segments, most of them blocked: one batch is cheaper
        p0 = np.repeat(np.array([os_[i] for i in rest]), len(ts) - 1, axis=0)
        p1 = np.tile(np.array(ts[1:]), (len(rest), 1))
        blocked = planes.crossed(p0, p1).reshape(len(rest), len(ts) - 1)
        for i, row in zip(rest, blocked, strict=True):
            out[i] = not row.all()
        return out
    for i in rest:
        ox, oy = os_[i]
        out[i] = any(not crossed(ox, oy, tx, ty) for tx, ty in ts[1:])
    return out


COVER_MARGIN = 1.0
"""Inches by which the shadows must reach past the table's corners for :func:`covers_table` (rounding of the
shadow polygons is many orders of magnitude smaller)."""


def covers_table(source: np.ndarray, blocker: np.ndarray, width: float, depth: float) -> bool:
    """Whether the umbra that :func:`umbras` casts from a source polygon (vertices ``source`` (n, 2)) behind a
    convex blocker (vertices ``blocker`` (m, 2)) contains the whole table (``width`` x ``depth`` inches), found
    without casting it: True when every source vertex lies strictly inside the blocker, so far inside that the
    points the shadow construction casts :data:`FAR` inches away from it toward the blocker's vertices surround
    it: their polygon holds the disc of radius ``FAR cos(g / 2)`` about the vertex (``g`` the widest angle
    between neighbouring directions), which must reach :data:`COVER_MARGIN` past every corner of the table.
    Each shadow holds that polygon, and the umbra is the shadows' intersection. False says nothing."""
    d = blocker[None, :, :] - source[:, None, :]  # (n, m, 2)
    if float(np.min(np.hypot(d[..., 0], d[..., 1]))) <= 1e-6:
        return False
    angles = np.sort(np.arctan2(d[..., 1], d[..., 0]), axis=1)
    widest = np.maximum((angles[:, 1:] - angles[:, :-1]).max(axis=1), angles[:, 0] + 2 * math.pi - angles[:, -1])
    if float(widest.max()) >= math.pi:
        return False
    corners = np.array([(0.0, 0.0), (width, 0.0), (0.0, depth), (width, depth)])
    reach = np.hypot(*(corners[None, :, :] - source[:, None, :]).transpose(2, 0, 1)).max(axis=1)  # (n,)
    return bool(np.all(FAR * np.cos(widest / 2) > reach + COVER_MARGIN))


SURE_MARGIN = 1e-6
"""Inches by which :func:`surely_in_umbras` wants a disc inside the exact umbra (far more than the rounding of the
cast polygons, whose coordinates are within 1e-10" of the exact ones, and more than :data:`MEET_SLACK`)."""

CAP_SHARE = 0.99
"""Share of a shadow's far cap (:data:`FAR` inches times the cosine of half the widest angle between its far points)
that :func:`surely_in_umbras` trusts (rounding of the cosine aside, a safe side)."""


def blocker_planes(blockers: Sequence[Polygon]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Convex blockers' rings for :func:`surely_in_umbras`: vertices anticlockwise (B, m, 2), padded by repetition
    to the most vertices m, the outward unit normals (B, m, 2) and offsets (B, m) of the edges from each vertex to
    the next (``normals . x <= offsets`` inside), and which edges are not the padding's (B, m)."""
    if not blockers:
        return np.zeros((0, 1, 2)), np.zeros((0, 1, 2)), np.zeros((0, 1)), np.zeros((0, 1), dtype=bool)
    rings = pad([ring(shapely.orient_polygons(b)) for b in blockers])
    edge = np.roll(rings, -1, axis=1) - rings
    length = np.hypot(edge[..., 0], edge[..., 1])
    real = length > 1e-12
    safe = np.where(real, length, 1.0)
    normals = np.stack([edge[..., 1] / safe, -edge[..., 0] / safe], axis=-1)
    offsets = normals[..., 0] * rings[..., 0] + normals[..., 1] * rings[..., 1]
    return rings, normals, offsets, real


def _widest_gap(rel: np.ndarray, outside: np.ndarray) -> np.ndarray:
    """For directions ``rel`` (..., m, 2) from points to a polygon's vertices, the widest angle between
    neighbouring directions (radians, (...)): of the angles the directions leave around the point, the widest
    for a point inside the polygon (``outside`` False), the second widest (the widest is the empty side) else."""
    srt = np.sort(np.arctan2(rel[..., 1], rel[..., 0]), axis=-1)
    gaps = np.sort(np.diff(srt, axis=-1, append=srt[..., :1] + 2 * math.pi), axis=-1)
    out: np.ndarray = np.where(outside, gaps[..., -2], gaps[..., -1])
    return out


def surely_in_umbras(
    centres: np.ndarray,
    boxes: np.ndarray,
    sources: np.ndarray | Callable[[np.ndarray], np.ndarray],
    rings: np.ndarray,
    normals: np.ndarray,
    offsets: np.ndarray,
    edges: np.ndarray,
    points: np.ndarray,
    reach: np.ndarray,
) -> np.ndarray:
    """For P (source, blocker) pairs and K points, whether the disc of radius ``reach[k]`` about ``points[k]`` lies,
    by more than :data:`SURE_MARGIN`, inside the umbra that :func:`umbras` casts for the pair (P, K) bool; False
    says nothing. Found without casting it, from the exact umbra and the two ways :func:`umbras` builds it.

    ``centres`` (P, 2): a point inside each source polygon; ``boxes`` (P, 4): a box (min x, min y, max x, max y)
    holding it; ``sources`` (P, n, 2): its vertices (padded by repetition), or a function giving them for some pairs
    (indices (A,) to (A, n, 2); called at most once, only for the rare pairs that need them); ``rings`` (P, m, 2):
    the blocker's vertices anticlockwise (padded), with the outward unit ``normals`` (P, m, 2) and ``offsets`` (P, m)
    of the edges from each vertex to the next (``normals . x <= offsets`` inside) and ``edges`` (P, m) False for the
    zero-length edges of the padding.

    Why it is sound. A point ``x`` is in the exact umbra of a source iff every segment from the source to it meets
    the blocker ``C``; as the source points for which this holds are a convex set, iff it holds from every vertex
    ``v`` of the source (``x`` in the shadow ``T_v`` of each), and a larger source (the box) has a smaller umbra.
    From a corner inside ``C`` (by 1e-9) every ``x`` is shadowed; from one outside (by :data:`SURE_MARGIN`),
    ``T_v`` is the cone from ``v`` over ``C`` (between the rays to two vertices of ``C``: any two, a smaller cone
    is the safe side) cut by the edges of ``C`` that face ``v``; the disc is tested against those lines with its
    radius + :data:`SURE_MARGIN`. Then the cast polygon holds the disc:

    * a source apart from ``C`` (the box is, by :data:`SURE_MARGIN`: two convex polygons apart have exactly two
      outer tangents, found from their hull) takes the tangents: the umbra is the hull of ``C`` and of two points
      on them, at their crossing or :data:`FAR` past ``C``, which holds every point of the exact umbra nearer the
      centre than the chord between those points; within the cone from the centre over ``C`` (angle ``a``) the
      chord is at least ``(FAR - D) cos(a / 2)`` from it (``D`` the farthest vertex of ``C``): tested;
    * a source about a centre inside ``C`` takes the shadows: the hull of ``C`` and of points cast :data:`FAR` from
      each source vertex ``v``, which holds every point of ``T_v`` nearer ``v`` than the far cap, ``FAR cos(g /
      2)`` (``g`` the widest angle between neighbouring far points): tested for every vertex;
    * any other pair: False.

    tests/geometry/test_umbra_sure.py checks it against the cast umbras.
    """
    big = np.where(edges, 0.0, -np.inf)  # (P, m): padded edges never count
    corners = boxes[:, [0, 1, 0, 3, 2, 1, 2, 3]].reshape(-1, 4, 2)  # (P, 4, 2): (x0, y0), (x0, y1), (x1, y0), (x1, y1)
    across = normals.transpose(0, 2, 1)  # (P, 2, m); products in any order: margins, not bits, make it sound
    side = corners @ across - offsets[:, None, :]  # (P, 4, m): > 0 beyond the edge
    worst = (side + big[:, None, :]).max(axis=2)  # (P, 4): > 0 outside C
    apart = ((side.min(axis=1) > SURE_MARGIN) & edges).any(axis=1)  # one edge has the whole box beyond it
    centre_in = ((centres[:, None, :] @ across)[:, 0] - offsets + big).max(axis=1) < -1e-9
    # the shadow of each corner
    outside, inside = worst > SURE_MARGIN, worst < -1e-9
    rel = rings[:, None, :, :] - corners[:, :, None, :]  # (P, 4, m, 2)
    mid = rings.mean(axis=1)[:, None, None, :] - corners[:, :, None, :]  # (P, 4, 1, 2): towards a point of C
    turn = np.arctan2(mid[..., 0] * rel[..., 1] - mid[..., 1] * rel[..., 0], (mid * rel).sum(axis=-1))  # (P, 4, m)
    pi, ci = np.arange(len(rel))[:, None], np.arange(4)[None, :]
    first, last = rel[pi, ci, turn.argmin(axis=2)], rel[pi, ci, turn.argmax(axis=2)]  # (P, 4, 2)
    with np.errstate(divide="ignore", invalid="ignore"):  # a corner on C: no cone, nor used
        first = first / np.hypot(first[..., 0], first[..., 1])[..., None]
        last = last / np.hypot(last[..., 0], last[..., 1])[..., None]
    cone = outside & (first[..., 0] * last[..., 1] - first[..., 1] * last[..., 0] > 1e-9)  # under a half-turn
    need = reach + SURE_MARGIN  # (K,)
    pts = points.T  # (2, K)
    lefts = np.stack([-first[..., 1], first[..., 0]], axis=-1)  # (P, 4, 2): left of the first ray
    rights = np.stack([last[..., 1], -last[..., 0]], axis=-1)  # right of the last
    left = lefts @ pts - (lefts * corners).sum(axis=-1)[..., None] > need  # (P, 4, K)
    right = rights @ pts - (rights * corners).sum(axis=-1)[..., None] > need
    deep = offsets[:, :, None] - normals @ pts > need  # (P, m, K)
    faces = (side > -1e-9) & edges[:, None, :]  # (P, 4, m): the edges facing the corner (or nearly through it)
    behind = (deep[:, None, :, :] | ~faces[..., None]).all(axis=2)  # (P, 4, K)
    shadowed = ((cone[..., None] & left & right & behind) | inside[..., None]).all(axis=1)  # (P, K)
    out = np.zeros(shadowed.shape, dtype=bool)
    tan = np.flatnonzero(apart & shadowed.any(axis=1))
    if len(tan):  # the tangents' far chord, seen from the centre
        c = centres[tan]
        d = rings[tan] - c[:, None, :]
        dist = np.hypot(d[..., 0], d[..., 1])  # (A, m)
        unit = d / dist[..., None]
        wide = (unit @ unit.transpose(0, 2, 1)).min(axis=(1, 2))
        far = dist.max(axis=1)
        chord = (FAR - far) * np.sqrt(np.maximum(0.0, (1.0 + wide) / 2.0)) * CAP_SHARE  # (A,)
        reach_c = np.hypot(points[None, :, 0] - c[:, :1], points[None, :, 1] - c[:, 1:]) + reach  # (A, K)
        out[tan] = shadowed[tan] & (np.maximum(far[:, None], reach_c) < chord[:, None])
    sha = np.flatnonzero(centre_in & ~apart & shadowed.any(axis=1))
    if len(sha):  # the far caps of the shadows from every source vertex
        src, r = (sources[sha] if isinstance(sources, np.ndarray) else sources(sha)), rings[sha]
        score = (src @ across[sha] - offsets[sha, None, :] + big[sha, None, :]).max(axis=2)  # (B, n)
        v_out, v_in = score > SURE_MARGIN, score < -1e-9
        cap = FAR * np.cos(_widest_gap(r[:, None, :, :] - src[:, :, None, :], v_out) / 2) * CAP_SHARE  # (B, n)
        span = np.hypot(points[None, None, :, 0] - src[..., None, 0], points[None, None, :, 1] - src[..., None, 1])
        near = ((span + reach < cap[..., None]) & (v_out | v_in)[..., None]).all(axis=1)  # (B, K)
        out[sha] = shadowed[sha] & near
    return out
